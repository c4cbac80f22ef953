// The example plugin's screen: its own controls, and the activation screen over them while the licence does not let
// it play (or when the customer opens it with "Licence...").
#pragma once

#include "ExampleProcessor.h"

namespace example {

class ExampleEditor : public juce::AudioProcessorEditor, private juce::ChangeListener {
public:
    explicit ExampleEditor(ExampleProcessor& processor);
    ~ExampleEditor() override;

    void paint(juce::Graphics& g) override;
    void resized() override;

private:
    void changeListenerCallback(juce::ChangeBroadcaster*) override;
    void showLicence(bool requested);

    ExampleProcessor& processor_;
    juce::Label title_, features_, configProblem_;
    juce::TextButton licenceButton_{"Licence..."}, closeButton_{"Back to the plugin"};
    std::unique_ptr<producthub::ActivationComponent> activation_;
    bool requested_ = false;

    JUCE_DECLARE_NON_COPYABLE_WITH_LEAK_DETECTOR(ExampleEditor)
};

}  // namespace example
