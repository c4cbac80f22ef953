#include "ExampleEditor.h"

namespace example {

namespace {
const juce::Colour kBackground{0xff1f2329};
const juce::Colour kText{0xffeceff3};
}  // namespace

ExampleEditor::ExampleEditor(ExampleProcessor& processor) : AudioProcessorEditor(processor), processor_(processor) {
    title_.setText("ProductHub Example: drive", juce::dontSendNotification);
    title_.setFont(juce::Font(22.0f).boldened());
    for (auto* label : {&title_, &features_, &configProblem_}) {
        label->setColour(juce::Label::textColourId, kText);
        label->setJustificationType(juce::Justification::topLeft);
        addAndMakeVisible(*label);
    }
    addAndMakeVisible(licenceButton_);
    licenceButton_.onClick = [this] { showLicence(true); };
    addChildComponent(closeButton_);
    closeButton_.onClick = [this] { showLicence(false); };

    if (auto* licence = processor_.licence()) {
        activation_ = std::make_unique<producthub::ActivationComponent>(*licence);
        addChildComponent(*activation_);
        licence->addListener(this);
    } else {
        configProblem_.setText(processor_.configProblem(), juce::dontSendNotification);
        licenceButton_.setVisible(false);
    }
    setResizable(true, true);
    setResizeLimits(420, 320, 1200, 900);
    setSize(520, 360);
    showLicence(false);
}

ExampleEditor::~ExampleEditor() {
    if (auto* licence = processor_.licence()) licence->removeListener(this);
}

void ExampleEditor::changeListenerCallback(juce::ChangeBroadcaster*) { showLicence(requested_); }

void ExampleEditor::showLicence(bool requested) {
    requested_ = requested;
    auto* licence = processor_.licence();
    if (licence == nullptr) return;
    const auto state = licence->state();
    const bool playing = state.mayProcess();
    // Over the plugin while it cannot play, or on request; "Back" only where the plugin plays.
    activation_->setVisible(!playing || requested_);
    closeButton_.setVisible(activation_->isVisible() && playing);
    features_.setText(playing ? (licence->gate().isFeatureOn(kWidth) ? "Drive and stereo width are on." : "Drive is on. Stereo width comes with a licence.")
                              : juce::String("Silent until activated."),
                      juce::dontSendNotification);
    resized();
}

void ExampleEditor::paint(juce::Graphics& g) { g.fillAll(kBackground); }

void ExampleEditor::resized() {
    auto area = getLocalBounds().reduced(18);
    title_.setBounds(area.removeFromTop(32));
    features_.setBounds(area.removeFromTop(26));
    configProblem_.setBounds(area.removeFromTop(80));
    licenceButton_.setBounds(getLocalBounds().reduced(18).removeFromBottom(30).removeFromRight(140));
    if (activation_ == nullptr || !activation_->isVisible()) return;
    auto cover = getLocalBounds();
    if (closeButton_.isVisible()) closeButton_.setBounds(cover.removeFromTop(34).reduced(6, 4).removeFromRight(170));
    activation_->setBounds(cover);
}

}  // namespace example
