#include "ExampleProcessor.h"

#include "ExampleEditor.h"

namespace example {

ExampleProcessor::ExampleProcessor()
    : AudioProcessor(BusesProperties().withInput("Input", juce::AudioChannelSet::stereo(), true).withOutput("Output", juce::AudioChannelSet::stereo(), true)) {
    auto read = readLicensingConfig(licensingConfigFile());
    if (!read.config) {
        configProblem_ = read.problem;
        juce::Logger::writeToLog("Licence: " + configProblem_);
        return;
    }
    auto config = std::move(*read.config);
    config.featuresFor = [](const producthub::LicenseState& state) -> std::uint64_t {
        return state.status == producthub::LicenseStatus::Trial ? (1U << kDrive) : (1U << kDrive) | (1U << kWidth);
    };
    juce::Logger::writeToLog("Licence: server " + config.serverUrl + ", product " + juce::String(config.productId) + ", this machine " + config.hardwareFingerprint);
    licence_ = std::make_unique<producthub::ActivationController>(std::move(config));
    licence_->addListener(this);
    logState();
}

ExampleProcessor::~ExampleProcessor() {
    if (licence_) licence_->removeListener(this);
}

void ExampleProcessor::changeListenerCallback(juce::ChangeBroadcaster*) { logState(); }

void ExampleProcessor::logState() {
    const auto state = licence_->state();
    juce::String line = "Licence: " + juce::String(producthub::statusName(state.status));
    if (state.serial.isNotEmpty()) line << " " << state.serial;
    if (state.browserCode.isNotEmpty()) line << ", approve code " << state.browserCode << " in the browser";
    if (state.problemMessage.isNotEmpty()) line << " (" << state.problemMessage << ")";
    juce::Logger::writeToLog(line);
}

void ExampleProcessor::prepareToPlay(double, int) {}

bool ExampleProcessor::isBusesLayoutSupported(const BusesLayout& layouts) const {
    const auto out = layouts.getMainOutputChannelSet();
    return (out == juce::AudioChannelSet::mono() || out == juce::AudioChannelSet::stereo()) && layouts.getMainInputChannelSet() == out;
}

void ExampleProcessor::processBlock(juce::AudioBuffer<float>& buffer, juce::MidiBuffer&) {
    juce::ScopedNoDenormals noDenormals;
    // Two atomic loads: no lock, no allocation, never blocks.
    if (licence_ == nullptr || !licence_->gate().mayProcess()) {
        buffer.clear();
        return;
    }
    const auto& gate = licence_->gate();
    const int channels = buffer.getNumChannels();
    const int samples = buffer.getNumSamples();
    if (gate.isFeatureOn(kDrive)) {
        const float makeUp = 1.0f / std::tanh(drive_);
        for (int channel = 0; channel < channels; ++channel) {
            auto* data = buffer.getWritePointer(channel);
            for (int i = 0; i < samples; ++i) data[i] = std::tanh(drive_ * data[i]) * makeUp;
        }
    }
    if (gate.isFeatureOn(kWidth) && channels == 2) {
        auto* left = buffer.getWritePointer(0);
        auto* right = buffer.getWritePointer(1);
        for (int i = 0; i < samples; ++i) {
            const float mid = 0.5f * (left[i] + right[i]);
            const float side = 0.5f * (left[i] - right[i]) * 1.6f;
            left[i] = mid + side;
            right[i] = mid - side;
        }
    }
}

juce::AudioProcessorEditor* ExampleProcessor::createEditor() { return new ExampleEditor(*this); }

}  // namespace example

juce::AudioProcessor* JUCE_CALLTYPE createPluginFilter() { return new example::ExampleProcessor(); }
