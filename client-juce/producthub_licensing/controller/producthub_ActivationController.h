// The activation controller an AudioProcessor owns. It verifies the stored files offline when it is made, does every
// network call on one background thread, and tells its listeners on the message thread when the state changed.
// Every controller of one product (a DAW loads the plugin many times) shares one state, one gate and one thread.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

namespace producthub {

struct LicensingConfig {
    /** The ProductHub server's origin, e.g. "https://licences.aurora-audio.com". */
    juce::String serverUrl;
    /** The product's id and identifier (the product's page) and its Ed25519 public key in base64 (the product form). */
    std::int64_t productId = 0;
    juce::String productIdentifier;
    juce::String publicKey;
    /** This machine's fingerprint: stable hardware, the same after a reinstall (docs/client-integration.md). */
    juce::String hardwareFingerprint;
    /** Where the files live; empty: the user's application data folder, ProductHub/<productIdentifier>. */
    juce::File stateDirectory;
    /** The name the customer sees for this machine; empty: the computer's name (none when it is not usable). */
    juce::String machineName;
    /** Days a licence keeps working while no check reaches the server; 0: no limit (the files alone suffice). */
    int offlineGraceDays = 0;
    /** Which features the gate turns on in a state (bit n: feature n); every one by default. */
    std::function<std::uint64_t(const LicenseState&)> featuresFor;
    /** Opens the browser activation's address; URL::launchInDefaultBrowser by default. */
    std::function<void(const juce::String& url)> openBrowser;
};

class ActivationController {
public:
    explicit ActivationController(LicensingConfig config);
    ~ActivationController();
    ActivationController(const ActivationController&) = delete;
    ActivationController& operator=(const ActivationController&) = delete;

    /** What processBlock asks: lives as long as this controller. */
    const LicenseGate& gate() const noexcept;

    /** A copy of the current state (any thread but the audio thread). */
    LicenseState state() const;

    /** Called on the message thread after the state changed. */
    void addListener(juce::ChangeListener* listener);
    void removeListener(juce::ChangeListener* listener);

    // On the background thread; the state says `busy` until they end. One runs at a time, in the order asked.
    void startTrial();
    /** The serial as typed or pasted: spaces trimmed, upper-cased (see normaliseSerial). */
    void activate(const juce::String& serial);
    /** Starts a request, opens the browser and waits for the approval (the state holds the code meanwhile). */
    void activateInBrowser();
    void cancelBrowserActivation();
    /** Asks the server whether the licence still holds; withdraws it when it does not. */
    void validate();
    /** Frees this machine's slot on the licence and removes the licence file. */
    void deactivate();

    // Offline, on the caller's thread: false with the state's problem set when they fail.
    /** Writes the request file the customer uploads in the portal (no network). */
    bool writeOfflineRequest(const juce::String& serial, const juce::File& target);
    /** Verifies the licence file the portal answered and keeps it. */
    bool installOfflineAnswer(const juce::File& answer);

    /** Reads and verifies the stored files again (another process may have changed them). */
    void reload();

    /** A serial as the server takes it (trimmed, upper case), or empty when it cannot be one. */
    static juce::String normaliseSerial(const juce::String& typed);

    class Shared;

private:
    std::shared_ptr<Shared> shared_;
};

}  // namespace producthub
