// The activation screen in each state, rendered off-screen (Component::createComponentSnapshot) and compared with
// the checked-in PNGs in test/snapshots/ with a tolerance, so the screen is reviewed as a picture.
//   producthub_component_snapshot_test SNAPSHOT_DIR [--update]   (--update writes the PNGs anew)
#include "producthub_licensing/producthub_licensing.h"
#include "test_runner.h"

using namespace producthub;

namespace {

juce::File snapshotDir;
bool updating = false;

/** Pixels whose channels differ by more than 48 of 255; more than 0.5 % of them fails (font hinting may differ). */
void matchesSnapshot(const juce::String& name, const juce::Image& rendered) {
    const auto file = snapshotDir.getChildFile(name + ".png");
    if (updating) {
        file.deleteFile();
        juce::FileOutputStream out(file);
        juce::PNGImageFormat().writeImageToStream(rendered, out);
        return;
    }
    const auto expected = juce::ImageFileFormat::loadFrom(file);
    CHECK(expected.isValid());
    CHECK(expected.getWidth() == rendered.getWidth() && expected.getHeight() == rendered.getHeight());
    int different = 0;
    for (int y = 0; y < rendered.getHeight(); ++y)
        for (int x = 0; x < rendered.getWidth(); ++x) {
            const auto a = rendered.getPixelAt(x, y), b = expected.getPixelAt(x, y);
            const auto delta = juce::jmax(std::abs(a.getRed() - b.getRed()), std::abs(a.getGreen() - b.getGreen()), std::abs(a.getBlue() - b.getBlue()));
            if (delta > 48) ++different;
        }
    const auto allowed = rendered.getWidth() * rendered.getHeight() / 200;
    if (different > allowed)
        throw testing::Failure(name.toStdString() + ": " + std::to_string(different) + " pixels differ (at most " + std::to_string(allowed) + ")");
}

LicenseState stateOf(LicenseStatus status, int daysLeft = 0) {
    LicenseState state;
    state.status = status;
    state.daysLeft = daysLeft;
    if (status == LicenseStatus::Licensed || status == LicenseStatus::OfflineGrace || status == LicenseStatus::GraceEnded) {
        state.serial = "7QK2M-C9XWA-4H1PZ-T8NVE";
        state.licenseType = "Standard";
        state.userEmail = "user12@aurora.listener.example";
    }
    return state;
}

struct Screen {
    juce::TemporaryFile folder;
    std::unique_ptr<ActivationController> controller;
    std::unique_ptr<ActivationComponent> component;

    Screen() {
        LicensingConfig config;
        config.serverUrl = "http://127.0.0.1:9";
        config.productId = 7;
        config.productIdentifier = "com.aurora.reverb";
        config.publicKey = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
        config.hardwareFingerprint = "HWFP2-SNAPSHOT";
        config.stateDirectory = folder.getFile();
        controller = std::make_unique<ActivationController>(config);
        // A font named, not the system's default sans-serif, so another machine's fonts cannot change the pictures
        // (scripts/ensure-juce.mjs installs it).
        ActivationTheme theme;
        theme.typefaceName = "DejaVu Sans";
        component = std::make_unique<ActivationComponent>(*controller, theme);
        component->setSize(520, 300);
    }

    void check(const juce::String& name, const LicenseState& state) {
        component->showState(state);
        matchesSnapshot(name, component->createComponentSnapshot(component->getLocalBounds(), true, 1.0f));
    }
};

Screen& screen() {
    static Screen made;
    return made;
}

}  // namespace

TEST("unlicensed: trial, serial, browser and offline activation offered") { screen().check("unlicensed", stateOf(LicenseStatus::Unlicensed)); }

TEST("trial with days left") { screen().check("trial", stateOf(LicenseStatus::Trial, 12)); }

TEST("trial ended") { screen().check("trial-expired", stateOf(LicenseStatus::TrialExpired)); }

TEST("licensed, with free this machine") { screen().check("licensed", stateOf(LicenseStatus::Licensed)); }

TEST("working offline within the grace") { screen().check("offline-grace", stateOf(LicenseStatus::OfflineGrace, 20)); }

TEST("grace ended") { screen().check("grace-ended", stateOf(LicenseStatus::GraceEnded)); }

TEST("revoked, with the reason in plain words") {
    auto state = stateOf(LicenseStatus::Revoked);
    state.problem = ProblemKind::Refused;
    state.problemMessage = "The licence 7QK2M-C9XWA-4H1PZ-T8NVE was disabled by the seller. Contact their support, or activate another licence.";
    screen().check("revoked", state);
}

TEST("waiting for the browser, with the code to compare") {
    auto state = stateOf(LicenseStatus::Trial, 3);
    state.busy = true;
    state.browserCode = "BCDF-GHJK";
    screen().check("browser-waiting", state);
}

TEST("a refusal in the server's words") {
    auto state = stateOf(LicenseStatus::Unlicensed);
    state.problem = ProblemKind::Refused;
    state.problemMessage = "This licence is already activated on 3 machines. Free one in My licenses, then try again.";
    screen().check("refused", state);
}

TEST("the comparison catches a screen that changed") {
    if (updating) return;
    screen().component->showState(stateOf(LicenseStatus::Licensed));
    const auto licensed = screen().component->createComponentSnapshot(screen().component->getLocalBounds(), true, 1.0f);
    bool caught = false;
    try {
        matchesSnapshot("unlicensed", licensed);
    } catch (const testing::Failure&) {
        caught = true;
    }
    CHECK(caught);
}

TEST("the activate button waits for something that can be a serial") {
    screen().component->showState(stateOf(LicenseStatus::Unlicensed));
    juce::TextEditor* serial = nullptr;
    juce::TextButton* activate = nullptr;
    for (auto* child : screen().component->getChildren()) {
        if (auto* field = dynamic_cast<juce::TextEditor*>(child)) serial = field;
        if (auto* button = dynamic_cast<juce::TextButton*>(child); button && button->getButtonText() == "Activate") activate = button;
    }
    CHECK(serial != nullptr && activate != nullptr);
    // The editor tells its text changes through the message loop: type, let the loop run, look; then the next.
    bool afterNonsense = true, afterSerial = false;
    serial->setText("not a serial!", true);
    juce::MessageManager::callAsync([&] {
        afterNonsense = activate->isEnabled();
        serial->setText(" 7qk2m-c9xwa-4h1pz-t8nve ", true);
        juce::MessageManager::callAsync([&] {
            afterSerial = activate->isEnabled();
            juce::MessageManager::getInstance()->stopDispatchLoop();
        });
    });
    juce::MessageManager::getInstance()->runDispatchLoop();
    CHECK(!afterNonsense);
    CHECK(afterSerial);
}

int main(int argc, char** argv) {
    juce::ScopedJuceInitialiser_GUI gui;
    // One typeface on every machine: which fonts a Linux has (and so which JUCE picks by default) depends on what apt
    // installed with what, and the pictures would differ by the machine rather than by the screen.
    juce::LookAndFeel::getDefaultLookAndFeel().setDefaultSansSerifTypefaceName("DejaVu Sans");
    snapshotDir = juce::File(argc > 1 ? juce::String(juce::CharPointer_UTF8(argv[1])) : juce::File::getCurrentWorkingDirectory().getFullPathName());
    updating = argc > 2 && juce::String(argv[2]) == "--update";
    snapshotDir.createDirectory();
    const auto code = testing::runAll();
    screen().component.reset();
    screen().controller.reset();
    return code;
}
