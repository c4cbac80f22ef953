// The example plugin's processor: a drive effect that owns the licence. The controller verifies the stored files when
// the processor is made; processBlock asks the gate (silence when it is closed, the width stage only with a licence).
#pragma once

#include <juce_audio_utils/juce_audio_utils.h>
#include <producthub_licensing/producthub_licensing.h>

#include "LicensingConfigFile.h"

namespace example {

/** The gate's features: the drive in the trial and with a licence, the stereo width only with a licence. */
enum Feature { kDrive = 0, kWidth = 1 };

class ExampleProcessor : public juce::AudioProcessor, private juce::ChangeListener {
public:
    ExampleProcessor();
    ~ExampleProcessor() override;

    /** The controller, or null when the configuration file is missing or incomplete (configProblem() says why). */
    producthub::ActivationController* licence() noexcept { return licence_.get(); }
    const juce::String& configProblem() const noexcept { return configProblem_; }

    void prepareToPlay(double sampleRate, int samplesPerBlock) override;
    void releaseResources() override {}
    bool isBusesLayoutSupported(const BusesLayout& layouts) const override;
    void processBlock(juce::AudioBuffer<float>& buffer, juce::MidiBuffer& midi) override;

    juce::AudioProcessorEditor* createEditor() override;
    bool hasEditor() const override { return true; }
    const juce::String getName() const override { return "ProductHub Example"; }
    bool acceptsMidi() const override { return false; }
    bool producesMidi() const override { return false; }
    double getTailLengthSeconds() const override { return 0.0; }
    int getNumPrograms() override { return 1; }
    int getCurrentProgram() override { return 0; }
    void setCurrentProgram(int) override {}
    const juce::String getProgramName(int) override { return {}; }
    void changeProgramName(int, const juce::String&) override {}
    void getStateInformation(juce::MemoryBlock&) override {}
    void setStateInformation(const void*, int) override {}

private:
    /** Writes each state change to the log (stderr in the Standalone app): what support asks a customer for. */
    void changeListenerCallback(juce::ChangeBroadcaster*) override;
    void logState();

    std::unique_ptr<producthub::ActivationController> licence_;
    juce::String configProblem_;
    float drive_ = 2.5f;

    JUCE_DECLARE_NON_COPYABLE_WITH_LEAK_DETECTOR(ExampleProcessor)
};

}  // namespace example
