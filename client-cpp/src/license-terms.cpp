#include "producthub/license-terms.hpp"

#include "producthub/verify.hpp"

namespace producthub {

namespace {
constexpr std::int64_t kSecondsPerDay = 86400;

const nlohmann::json* termsMember(const nlohmann::json& document, const char* name) {
    const auto found = document.find(name);
    return found == document.end() ? nullptr : &*found;
}
}  // namespace

bool LicenseTerms::hasFeature(const std::string& key) const {
    for (const std::string& feature : features)
        if (feature == key) return true;
    return false;
}

std::optional<std::int64_t> LicenseTerms::graceEndsAt() const {
    if (!expiresAt) return std::nullopt;
    return *expiresAt + graceDays * kSecondsPerDay;
}

bool LicenseTerms::isExpired(std::int64_t nowUnixSeconds) const { return expiresAt && nowUnixSeconds > *graceEndsAt(); }

bool LicenseTerms::isInGrace(std::int64_t nowUnixSeconds) const { return expiresAt && nowUnixSeconds > *expiresAt && !isExpired(nowUnixSeconds); }

bool LicenseTerms::coversRelease(std::int64_t releasedAtUnixSeconds) const { return !maintenanceEndsAt || releasedAtUnixSeconds < *maintenanceEndsAt; }

LicenseTerms licenseTermsOf(const nlohmann::json& document) {
    LicenseTerms terms;
    // Both version 2 documents sign `grace_days`; neither version 1 document nor a lease has it.
    if (!document.is_object() || !termsMember(document, "grace_days")) return terms;
    const auto timeOf = [&](const char* name) -> std::optional<std::int64_t> {
        const nlohmann::json* value = termsMember(document, name);
        return value && value->is_string() ? signedTimeToUnix(value->get<std::string>()) : std::nullopt;
    };
    terms.expiresAt = timeOf("expires_at");
    terms.maintenanceEndsAt = timeOf("maintenance_ends_at");
    if (const nlohmann::json* grace = termsMember(document, "grace_days"); grace->is_number()) terms.graceDays = grace->get<std::int64_t>();
    if (const nlohmann::json* edition = termsMember(document, "edition"); edition && edition->is_string()) terms.edition = edition->get<std::string>();
    if (const nlohmann::json* features = termsMember(document, "features"); features && features->is_array())
        for (const nlohmann::json& feature : *features) terms.features.push_back(feature.value("key", ""));
    return terms;
}

bool hasFeature(const nlohmann::json& document, const std::string& key) {
    const nlohmann::json* features = document.is_object() ? termsMember(document, "features") : nullptr;
    if (!features || !features->is_array()) return false;
    for (const nlohmann::json& feature : *features)
        if (feature.is_object() && feature.value("key", "") == key) return true;
    return false;
}

bool stateIsV2(const nlohmann::json& state) { return state.is_object() && termsMember(state, "features"); }

bool stateAllowsUse(const nlohmann::json& state) {
    return state.is_object() && state.value("license_enabled", false) && state.value("machine_activated", false);
}

bool updateIsV2(const nlohmann::json& answer) { return answer.is_object() && termsMember(answer, "maintenance_ends_at"); }

std::optional<ReleaseBeyondMaintenance> updatesBeyondMaintenance(const nlohmann::json& answer) {
    if (!updateIsV2(answer)) return std::nullopt;
    const nlohmann::json* version = termsMember(answer, "newer_beyond_maintenance_version");
    const nlohmann::json* publishedAt = termsMember(answer, "newer_beyond_maintenance_published_at");
    if (!version || !publishedAt || !version->is_string() || !publishedAt->is_string()) return std::nullopt;
    return ReleaseBeyondMaintenance{version->get<std::string>(), publishedAt->get<std::string>()};
}

}  // namespace producthub
