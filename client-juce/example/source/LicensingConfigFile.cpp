#include "LicensingConfigFile.h"

namespace example {

juce::File licensingConfigFile() {
    const auto named = juce::SystemStats::getEnvironmentVariable("PRODUCTHUB_LICENSING_CONFIG", {});
    if (named.isNotEmpty()) return juce::File::getCurrentWorkingDirectory().getChildFile(named);
    // For a plugin this is its own shared library, not the host's executable.
    return juce::File::getSpecialLocation(juce::File::currentExecutableFile).getSiblingFile("producthub-licensing.json");
}

ConfigFileResult readLicensingConfig(const juce::File& file) {
    ConfigFileResult result;
    result.file = file;
    if (!file.existsAsFile()) {
        result.problem = "No licensing configuration: put producthub-licensing.json next to the app (" + file.getFullPathName() + ").";
        return result;
    }
    juce::var json;
    const auto parsed = juce::JSON::parse(file.loadFileAsString(), json);
    if (parsed.failed() || !json.isObject()) {
        result.problem = "The licensing configuration " + file.getFullPathName() + " is not JSON: " + parsed.getErrorMessage();
        return result;
    }
    juce::StringArray missing;
    const auto text = [&](const char* name) {
        const auto value = json.getProperty(name, {}).toString().trim();
        if (value.isEmpty()) missing.add(name);
        return value;
    };
    producthub::LicensingConfig config;
    config.serverUrl = text("server_url");
    config.productIdentifier = text("product_identifier");
    config.publicKey = text("public_key");
    const auto productId = json.getProperty("product_id", {});
    if (!productId.isInt() && !productId.isInt64()) missing.add("product_id");
    else config.productId = static_cast<juce::int64>(productId);
    config.offlineGraceDays = static_cast<int>(json.getProperty("offline_grace_days", 0));
    if (!missing.isEmpty()) {
        result.problem = "The licensing configuration " + file.getFullPathName() + " lacks " + missing.joinIntoString(", ") + ".";
        return result;
    }
    config.hardwareFingerprint = machineFingerprint();
    result.config = std::move(config);
    return result;
}

juce::String machineFingerprint() {
    const auto device = juce::SystemStats::getUniqueDeviceID();
    return "HWFP2-JUCE-" + (device.isNotEmpty() ? device : juce::SystemStats::getComputerName());
}

}  // namespace example
