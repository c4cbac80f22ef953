namespace producthub {

ActivationComponent::ActivationComponent(ActivationController& controller, ActivationTheme theme) : controller_(controller), theme_(std::move(theme)) {
    style(headline_, theme_.text, 1.45f, true);
    style(detail_, theme_.muted);
    style(problem_, theme_.problem);
    style(browser_, theme_.text);
    style(serialLabel_, theme_.muted, 0.9f);
    serialLabel_.setText("Serial", juce::dontSendNotification);
    serialLabel_.attachToComponent(&serial_, false);

    serial_.setFont(font());
    serial_.setTextToShowWhenEmpty("XXXXX-XXXXX-XXXXX-XXXXX", theme_.muted);
    serial_.setColour(juce::TextEditor::backgroundColourId, theme_.field);
    serial_.setColour(juce::TextEditor::textColourId, theme_.text);
    serial_.setColour(juce::TextEditor::outlineColourId, theme_.muted.withAlpha(0.4f));
    serial_.setColour(juce::TextEditor::focusedOutlineColourId, theme_.accent);
    serial_.setInputRestrictions(64);
    serial_.setTitle("Serial");
    serial_.setDescription("The serial from your order email");
    serial_.onTextChange = [this] { updateActivateButton(); };
    serial_.onReturnKey = [this] { activateTyped(); };
    addAndMakeVisible(serial_);

    for (auto* button : {&paste_, &browserButton_, &cancel_, &trial_, &offlineRequest_, &offlineAnswer_, &deactivate_}) style(*button);
    style(activate_, true);
    paste_.onClick = [this] { paste(); };
    activate_.onClick = [this] { activateTyped(); };
    browserButton_.onClick = [this] { controller_.activateInBrowser(); };
    cancel_.onClick = [this] { controller_.cancelBrowserActivation(); };
    trial_.onClick = [this] { controller_.startTrial(); };
    offlineRequest_.onClick = [this] { writeOfflineRequest(); };
    offlineAnswer_.onClick = [this] { installOfflineAnswer(); };
    deactivate_.onClick = [this] { controller_.deactivate(); };

    // Tab follows the reading order.
    int order = 1;
    for (juce::Component* child : std::initializer_list<juce::Component*>{&serial_, &paste_, &activate_, &browserButton_, &cancel_, &trial_, &offlineRequest_, &offlineAnswer_, &deactivate_})
        child->setExplicitFocusOrder(order++);
    setWantsKeyboardFocus(false);
    setFocusContainerType(FocusContainerType::keyboardFocusContainer);
    setOpaque(true);
    setSize(520, 360);

    controller_.addListener(this);
    showState(controller_.state());
}

ActivationComponent::~ActivationComponent() { controller_.removeListener(this); }

juce::Font ActivationComponent::font(float scale, bool bold) const {
    auto made = theme_.typefaceName.isEmpty() ? juce::Font(theme_.fontHeight * scale) : juce::Font(theme_.typefaceName, theme_.fontHeight * scale, juce::Font::plain);
    return bold ? made.boldened() : made;
}

void ActivationComponent::style(juce::Label& label, juce::Colour colour, float scale, bool bold) {
    label.setFont(font(scale, bold));
    label.setColour(juce::Label::textColourId, colour);
    label.setJustificationType(juce::Justification::topLeft);
    label.setMinimumHorizontalScale(1.0f);
    addAndMakeVisible(label);
}

void ActivationComponent::style(juce::TextButton& button, bool primary) {
    button.setColour(juce::TextButton::buttonColourId, primary ? theme_.accent : theme_.field);
    button.setColour(juce::TextButton::textColourOffId, theme_.text);
    button.setWantsKeyboardFocus(true);
    addAndMakeVisible(button);
}

void ActivationComponent::changeListenerCallback(juce::ChangeBroadcaster*) { showState(controller_.state()); }

juce::String ActivationComponent::headlineFor(const LicenseState& state) {
    const auto days = [](int n) { return juce::String(n) + (n == 1 ? " day" : " days"); };
    switch (state.status) {
        case LicenseStatus::Unlicensed: return "Not activated";
        case LicenseStatus::Trial: return "Trial: " + days(state.daysLeft) + " left";
        case LicenseStatus::TrialExpired: return "The trial has ended";
        case LicenseStatus::Licensed: return "Licensed";
        case LicenseStatus::OfflineGrace: return state.daysLeft < 0 ? "Licensed, working offline" : "Working offline: " + days(state.daysLeft) + " left";
        case LicenseStatus::GraceEnded: return "Connect to the internet";
        case LicenseStatus::Revoked: return "The licence was withdrawn";
    }
    return {};
}

void ActivationComponent::showState(const LicenseState& state) {
    shown_ = state;
    headline_.setText(headlineFor(state), juce::dontSendNotification);
    juce::String detail;
    switch (state.status) {
        case LicenseStatus::Unlicensed: detail = "Start the trial, or activate with your serial or in the browser."; break;
        case LicenseStatus::Trial: detail = "Every feature of the trial works. Activate with your serial or in the browser to keep it."; break;
        case LicenseStatus::TrialExpired: detail = "Activate with your serial or in the browser to keep using the plugin."; break;
        case LicenseStatus::Licensed:
        case LicenseStatus::OfflineGrace: detail = state.licenseType + " licence " + state.serial + (state.userEmail.isNotEmpty() ? ", " + state.userEmail : juce::String()); break;
        case LicenseStatus::GraceEnded: detail = "The licence has not been confirmed for too long. Connect once, it checks again by itself."; break;
        case LicenseStatus::Revoked: detail = "Activate another licence, or contact the seller's support."; break;
    }
    detail_.setText(detail, juce::dontSendNotification);
    problem_.setText(state.problemMessage, juce::dontSendNotification);
    problem_.setVisible(state.problemMessage.isNotEmpty());

    const bool waiting = state.browserCode.isNotEmpty();
    browser_.setText(waiting ? "Approve in the browser. It shows the code " + state.browserCode + "." : juce::String(), juce::dontSendNotification);
    browser_.setVisible(waiting);
    cancel_.setVisible(waiting);

    const bool licensed = state.status == LicenseStatus::Licensed || state.status == LicenseStatus::OfflineGrace || state.status == LicenseStatus::GraceEnded;
    for (juce::Component* child : std::initializer_list<juce::Component*>{&serial_, &paste_, &activate_, &browserButton_, &offlineRequest_, &offlineAnswer_})
        child->setVisible(!licensed && !waiting);
    trial_.setVisible(state.status == LicenseStatus::Unlicensed && !waiting);
    deactivate_.setVisible(licensed);
    for (auto* button : {&browserButton_, &trial_, &deactivate_, &offlineAnswer_}) button->setEnabled(!state.busy);
    updateActivateButton();
    resized();
    repaint();
}

void ActivationComponent::updateActivateButton() {
    activate_.setEnabled(!shown_.busy && ActivationController::normaliseSerial(serial_.getText()).isNotEmpty());
}

void ActivationComponent::activateTyped() {
    if (activate_.isEnabled()) controller_.activate(serial_.getText());
}

void ActivationComponent::paste() {
    serial_.setText(juce::SystemClipboard::getTextFromClipboard().trim(), true);
    serial_.grabKeyboardFocus();
}

void ActivationComponent::writeOfflineRequest() {
    chooser_ = std::make_unique<juce::FileChooser>("Save the offline activation request", juce::File::getSpecialLocation(juce::File::userDesktopDirectory).getChildFile("activation.ophreq"),
                                                   "*.ophreq");
    chooser_->launchAsync(juce::FileBrowserComponent::saveMode | juce::FileBrowserComponent::canSelectFiles | juce::FileBrowserComponent::warnAboutOverwriting,
                          [this](const juce::FileChooser& chooser) {
                              const auto file = chooser.getResult();
                              if (file != juce::File()) controller_.writeOfflineRequest(serial_.getText(), file);
                          });
}

void ActivationComponent::installOfflineAnswer() {
    chooser_ = std::make_unique<juce::FileChooser>("Install the licence file the portal gave you", juce::File::getSpecialLocation(juce::File::userDesktopDirectory), "*.ops");
    chooser_->launchAsync(juce::FileBrowserComponent::openMode | juce::FileBrowserComponent::canSelectFiles, [this](const juce::FileChooser& chooser) {
        const auto file = chooser.getResult();
        if (file != juce::File()) controller_.installOfflineAnswer(file);
    });
}

void ActivationComponent::paint(juce::Graphics& g) { g.fillAll(theme_.background); }

void ActivationComponent::resized() {
    const auto line = juce::roundToInt(theme_.fontHeight * 1.5f);
    const auto gap = juce::roundToInt(theme_.fontHeight * 0.6f);
    auto area = getLocalBounds().reduced(juce::roundToInt(theme_.fontHeight * 1.2f));
    const auto lines = [&](juce::Label& label, int count) {
        if (!label.isVisible()) return;
        label.setBounds(area.removeFromTop(line * count));
        area.removeFromTop(gap / 2);
    };
    lines(headline_, 1);
    const auto width = juce::jmax(1, area.getWidth());
    const auto rows = [&](const juce::Label& label) {
        return juce::jlimit(1, 4, 1 + juce::roundToInt(label.getFont().getStringWidthFloat(label.getText()) / static_cast<float>(width)));
    };
    lines(detail_, rows(detail_));
    lines(problem_, rows(problem_));
    if (browser_.isVisible()) {
        lines(browser_, rows(browser_));
        cancel_.setBounds(area.removeFromTop(line + gap / 2).removeFromLeft(juce::jmin(width, line * 5)));
        return;
    }
    const auto buttonRow = [&](std::initializer_list<juce::Button*> buttons) {
        std::vector<juce::Button*> shown;
        for (auto* button : buttons)
            if (button->isVisible()) shown.push_back(button);
        if (shown.empty()) return;
        auto row = area.removeFromTop(line + gap / 2);
        area.removeFromTop(gap);
        const auto each = (row.getWidth() - gap * static_cast<int>(shown.size() - 1)) / static_cast<int>(shown.size());
        for (auto* button : shown) {
            button->setBounds(row.removeFromLeft(each));
            row.removeFromLeft(gap);
        }
    };
    if (serial_.isVisible()) {
        area.removeFromTop(line);  // the "Serial" label sits above its field
        auto row = area.removeFromTop(line + gap / 2);
        area.removeFromTop(gap);
        activate_.setBounds(row.removeFromRight(line * 4));
        row.removeFromRight(gap);
        paste_.setBounds(row.removeFromRight(line * 3));
        row.removeFromRight(gap);
        serial_.setBounds(row);
    }
    buttonRow({&browserButton_, &trial_});
    buttonRow({&offlineRequest_, &offlineAnswer_});
    buttonRow({&deactivate_});
}

}  // namespace producthub
