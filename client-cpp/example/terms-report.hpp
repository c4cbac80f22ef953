// How the example plugin reports the licence's terms and the maintenance window (docs/client-integration.md, "The
// licence's terms"): the JSON it prints and the sentence it shows the user, from verified documents only.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace example {

/** A time in the documents' form `YYYY-MM-DDTHH:MM:SSZ`. */
std::string signedTime(std::int64_t unixSeconds);

/**
 * The terms of a verified version 2 licence file or state answer at `nowUnixSeconds`: `edition`, `features` (keys),
 * `expires_at`, `grace_days`, `grace_ends_at`, `in_grace`, `expired`, `maintenance_ends_at`.
 */
nlohmann::json termsReport(const nlohmann::json& document, std::int64_t nowUnixSeconds);

/** What to tell the user about a terms report: renew within the grace, renew after it, or "" (nothing to say). */
std::string termsNotice(const nlohmann::json& report);

/** The saved licence file signs the same terms as the server's state answer now (else: activate again for them). */
bool sameTerms(const nlohmann::json& licenseFile, const nlohmann::json& state);

/**
 * A verified version 2 update answer's window: `maintenance_ends_at` and `renew_updates_to_get` (`version`,
 * `published_at`, or null when nothing lies beyond it), and the `notice` to show ("" when none).
 */
nlohmann::json maintenanceReport(const nlohmann::json& update);

}  // namespace example
