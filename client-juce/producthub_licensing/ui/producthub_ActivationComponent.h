// The activation screen a plugin shows: the state in plain words, the trial's days left, serial entry with paste,
// activation in the browser, offline activation, freeing this machine, and every problem with its next step.
#pragma once

namespace producthub {

/** Colours and font of the screen; the defaults suit a dark plugin window. */
struct ActivationTheme {
    juce::Colour background{0xff1f2329};
    juce::Colour text{0xffeceff3};
    juce::Colour muted{0xffa2a9b4};
    juce::Colour accent{0xff4f8cff};
    juce::Colour field{0xff2c313a};
    juce::Colour problem{0xffff7a6b};
    /** Empty: the look and feel's typeface. */
    juce::String typefaceName;
    float fontHeight = 15.0f;
};

class ActivationComponent : public juce::Component, private juce::ChangeListener {
public:
    explicit ActivationComponent(ActivationController& controller, ActivationTheme theme = {});
    ~ActivationComponent() override;

    /** Shows `state` (called on every change of the controller's state). */
    void showState(const LicenseState& state);

    /** The headline for a state, e.g. "Trial: 12 days left". */
    static juce::String headlineFor(const LicenseState& state);

    void paint(juce::Graphics& g) override;
    void resized() override;

private:
    void changeListenerCallback(juce::ChangeBroadcaster*) override;
    juce::Font font(float scale = 1.0f, bool bold = false) const;
    void style(juce::Label& label, juce::Colour colour, float scale = 1.0f, bool bold = false);
    void style(juce::TextButton& button, bool primary = false);
    void updateActivateButton();
    void activateTyped();
    void paste();
    void writeOfflineRequest();
    void installOfflineAnswer();

    ActivationController& controller_;
    ActivationTheme theme_;
    LicenseState shown_;
    juce::Label headline_, detail_, problem_, browser_, serialLabel_;
    juce::TextEditor serial_;
    juce::TextButton paste_{"Paste"}, activate_{"Activate"}, browserButton_{"Activate in the browser"}, cancel_{"Cancel"},
        trial_{"Start the trial"}, offlineRequest_{"Offline: save a request..."}, offlineAnswer_{"Offline: install the answer..."},
        deactivate_{"Free this machine"};
    std::unique_ptr<juce::FileChooser> chooser_;

    JUCE_DECLARE_NON_COPYABLE_WITH_LEAK_DETECTOR(ActivationComponent)
};

}  // namespace producthub
