#include "terms-report.hpp"

#include "producthub/license-terms.hpp"

#include <ctime>

using json = nlohmann::json;

namespace example {

std::string signedTime(std::int64_t unixSeconds) {
    char text[sizeof "2026-01-01T00:00:00Z"];
    const std::time_t time = static_cast<std::time_t>(unixSeconds);
    std::tm parts{};
    gmtime_r(&time, &parts);
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
    return text;
}

json termsReport(const json& document, std::int64_t nowUnixSeconds) {
    const producthub::LicenseTerms terms = producthub::licenseTermsOf(document);
    const auto signedMember = [&](const char* name) { return document.value(name, json(nullptr)); };
    const auto graceEnd = terms.graceEndsAt();
    return {{"edition", terms.edition ? json(*terms.edition) : json(nullptr)},
            {"features", terms.features},
            {"expires_at", signedMember("expires_at")},
            {"grace_days", terms.graceDays},
            {"grace_ends_at", graceEnd ? json(signedTime(*graceEnd)) : json(nullptr)},
            {"in_grace", terms.isInGrace(nowUnixSeconds)},
            {"expired", terms.isExpired(nowUnixSeconds)},
            {"maintenance_ends_at", signedMember("maintenance_ends_at")}};
}

std::string termsNotice(const json& report) {
    if (report.value("expired", false)) return "The license expired on " + report["expires_at"].get<std::string>() + ": renew it to use it again.";
    if (report.value("in_grace", false))
        return "The license expired on " + report["expires_at"].get<std::string>() + "; it keeps working until " + report["grace_ends_at"].get<std::string>() +
               ": renew it before then.";
    return "";
}

bool sameTerms(const json& licenseFile, const json& state) {
    for (const char* name : {"expires_at", "grace_days", "maintenance_ends_at", "edition", "features"})
        if (licenseFile.value(name, json(nullptr)) != state.value(name, json(nullptr))) return false;
    return true;
}

json maintenanceReport(const json& update) {
    const auto beyond = producthub::updatesBeyondMaintenance(update);
    json report = {{"maintenance_ends_at", update.value("maintenance_ends_at", json(nullptr))}, {"renew_updates_to_get", nullptr}, {"notice", ""}};
    if (!beyond) return report;
    report["renew_updates_to_get"] = {{"version", beyond->version}, {"published_at", beyond->publishedAt}};
    const json& end = report["maintenance_ends_at"];
    report["notice"] = "Version " + beyond->version + " is out" +
                       (end.is_string() ? ": the license includes updates released until " + end.get<std::string>() : std::string()) + ". Renew updates to get " +
                       beyond->version + ".";
    return report;
}

}  // namespace example
