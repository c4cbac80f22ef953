// Where the example finds its server, product and public key: producthub-licensing.json next to the app (or the
// plugin's binary), or the file PRODUCTHUB_LICENSING_CONFIG names. What a plugin maker ships with the plugin.
#pragma once

#include <producthub_licensing/producthub_licensing.h>

namespace example {

struct ConfigFileResult {
    /** Set when the file was read and holds every required member. */
    std::optional<producthub::LicensingConfig> config;
    /** Which file was read (or looked for). */
    juce::File file;
    /** Why there is no configuration, in plain words with the next step. */
    juce::String problem;
};

/** The file the example reads: $PRODUCTHUB_LICENSING_CONFIG, else producthub-licensing.json beside the binary. */
juce::File licensingConfigFile();

/** Reads `file`: server_url, product_id, product_identifier, public_key; offline_grace_days optional. */
ConfigFileResult readLicensingConfig(const juce::File& file);

/** This machine's fingerprint: JUCE's device id, the same after a reinstall. */
juce::String machineFingerprint();

}  // namespace example
