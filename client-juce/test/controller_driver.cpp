// Drives one ActivationController through the steps named on the command line, on a real JUCE message loop, and
// prints the state after each step as one JSON line: what test/controller.test.ts checks against a loopback server.
//   producthub_controller_driver --server URL --product-id N --public-key K --fingerprint FP --state-dir DIR
//       [--product-identifier ID] [--grace-days N] [--machine-name NAME] STEP...
//   STEP: load | trial | activate=SERIAL | browser | validate | deactivate | reload | second-instance
//         | request-offline=SERIAL=FILE | install-offline=FILE
#include "producthub_licensing/producthub_licensing.h"

#include <iostream>
#include <map>

using namespace producthub;

namespace {

struct Arguments {
    std::map<juce::String, juce::String> options;
    juce::StringArray steps;
};

Arguments parse(int argc, char** argv) {
    Arguments arguments;
    for (int i = 1; i < argc; ++i) {
        const juce::String arg = juce::CharPointer_UTF8(argv[i]);
        if (arg.startsWith("--") && i + 1 < argc) arguments.options[arg.substring(2)] = juce::CharPointer_UTF8(argv[++i]);
        else arguments.steps.add(arg);
    }
    return arguments;
}

class Driver : public juce::ChangeListener, private juce::Timer {
public:
    Driver(LicensingConfig config, juce::StringArray steps) : config_(std::move(config)), steps_(std::move(steps)) {
        config_.openBrowser = [this](const juce::String& url) { openedUrl_ = url; };
        // Feature 0 in the trial and with a licence, feature 1 only with a licence: the gate carries what the state allows.
        config_.featuresFor = [](const LicenseState& state) -> std::uint64_t { return state.status == LicenseStatus::Trial ? 0b01 : 0b11; };
        controller_ = std::make_unique<ActivationController>(config_);
        controller_->addListener(this);
        juce::MessageManager::callAsync([this] { next(); });
    }

    ~Driver() override {
        if (second_) second_->removeListener(&secondListener_);
        controller_->removeListener(this);
    }

    int failures = 0;

private:
    struct Counter : juce::ChangeListener {
        int count = 0;
        void changeListenerCallback(juce::ChangeBroadcaster*) override { ++count; }
    };

    void changeListenerCallback(juce::ChangeBroadcaster*) override {
        ++notified_;
        if (!juce::MessageManager::existsAndIsCurrentThread()) offMessageThread_ = true;
        const auto state = controller_->state();
        if (state.browserCode.isNotEmpty()) browserCode_ = state.browserCode;
    }

    void next() {
        if (index_ >= steps_.size()) return juce::MessageManager::getInstance()->stopDispatchLoop();
        step_ = steps_[index_++];
        notified_ = 0;
        waitForNetwork_ = true;
        expectChange_ = true;
        const auto name = step_.upToFirstOccurrenceOf("=", false, false);
        const auto values = juce::StringArray::fromTokens(step_.fromFirstOccurrenceOf("=", false, false), "=", "");
        if (name == "load") waitForNetwork_ = expectChange_ = false;  // the state as verified at start: nothing changes
        else if (name == "trial") controller_->startTrial();
        else if (name == "activate") controller_->activate(values[0]);
        else if (name == "browser") controller_->activateInBrowser();
        else if (name == "validate") controller_->validate();
        else if (name == "deactivate") controller_->deactivate();
        else if (name == "reload") {
            controller_->reload();
            waitForNetwork_ = false;
        } else if (name == "request-offline") {
            syncResult_ = controller_->writeOfflineRequest(values[0], juce::File(values[1]));
            waitForNetwork_ = false;
        } else if (name == "install-offline") {
            syncResult_ = controller_->installOfflineAnswer(juce::File(values[0]));
            waitForNetwork_ = false;
        } else if (name == "second-instance") {
            second_ = std::make_unique<ActivationController>(config_);
            second_->addListener(&secondListener_);
            controller_->reload();  // a change the second controller's listener must hear too
            waitForNetwork_ = false;
        } else {
            std::cerr << "unknown step " << step_ << "\n";
            ++failures;
            return juce::MessageManager::getInstance()->stopDispatchLoop();
        }
        startTimer(20);
    }

    void timerCallback() override {
        // Done when nothing runs on the background thread and the change has been told on this thread.
        if (controller_->state().busy || (expectChange_ && notified_ == 0)) return;
        if (!waitForNetwork_ && second_ && secondListener_.count == 0) return;
        stopTimer();
        report();
        juce::MessageManager::callAsync([this] { next(); });
    }

    void report() {
        const auto state = controller_->state();
        const auto& gate = controller_->gate();
        nlohmann::json line = {{"step", step_.toStdString()},
                               {"status", statusName(state.status)},
                               {"days_left", state.daysLeft},
                               {"serial", state.serial.toStdString()},
                               {"license_type", state.licenseType.toStdString()},
                               {"problem", problemName(state.problem)},
                               {"problem_message", state.problemMessage.toStdString()},
                               {"problem_status", state.problemStatus},
                               {"retry_after", state.retryAfterSeconds},
                               {"revocation", state.revocation.toStdString()},
                               {"disabled_reason", state.disabledReason.toStdString()},
                               {"gate_open", gate.mayProcess()},
                               {"feature_0", gate.isFeatureOn(0)},
                               {"feature_1", gate.isFeatureOn(1)},
                               {"notified_on_message_thread", !offMessageThread_},
                               {"browser_code_shown", browserCode_.toStdString()},
                               {"opened_url", openedUrl_.toStdString()},
                               {"result", syncResult_}};
        if (second_) {
            line["second_shares_gate"] = &second_->gate() == &gate;
            line["second_notified"] = secondListener_.count > 0;
            line["second_status"] = statusName(second_->state().status);
        }
        std::cout << line.dump() << std::endl;
    }

    LicensingConfig config_;
    juce::StringArray steps_;
    std::unique_ptr<ActivationController> controller_, second_;
    Counter secondListener_;
    int index_ = 0;
    juce::String step_;
    int notified_ = 0;
    bool waitForNetwork_ = true;
    bool expectChange_ = true;
    bool offMessageThread_ = false;
    bool syncResult_ = false;
    juce::String browserCode_, openedUrl_;
};

}  // namespace

int main(int argc, char** argv) {
    const auto arguments = parse(argc, argv);
    const auto option = [&](const char* name) {
        const auto found = arguments.options.find(name);
        return found == arguments.options.end() ? juce::String() : found->second;
    };
    // juce_events alone: the message loop needs no display.
    auto* messageManager = juce::MessageManager::getInstance();
    int failures = 0;
    {
        LicensingConfig config;
        config.serverUrl = option("server");
        config.productId = option("product-id").getLargeIntValue();
        config.productIdentifier = option("product-identifier").isNotEmpty() ? option("product-identifier") : "com.aurora.reverb";
        config.publicKey = option("public-key");
        config.hardwareFingerprint = option("fingerprint");
        config.stateDirectory = juce::File(option("state-dir"));
        config.offlineGraceDays = option("grace-days").getIntValue();
        config.machineName = option("machine-name");
        Driver driver(std::move(config), arguments.steps);
        messageManager->runDispatchLoop();
        failures = driver.failures;
    }
    juce::MessageManager::deleteInstance();
    juce::DeletedAtShutdown::deleteAll();
    return failures == 0 ? 0 : 2;
}
