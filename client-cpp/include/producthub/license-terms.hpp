// What a plugin acts on offline once a document verified: the licence's terms (expiry and grace, maintenance end,
// edition, features) from a version 2 licence file or state answer, the state's verdict, and what an update answer
// of version 2 says lies beyond the maintenance end. Pure functions of the verified documents (Verification::document);
// the same rules as client-js's licenseTermsOf, licenseHasFeature, licenseIsExpired, licenseIsInGrace, licenseGraceEndsAt,
// stateAllowsUse, updatesBeyondMaintenance …
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace producthub {

/** The terms a verified licence file or state answer carries; version 1 carries none (no expiry, no window, no features). */
struct LicenseTerms {
    /** Unix seconds; std::nullopt: it never expires (or the document does not say). */
    std::optional<std::int64_t> expiresAt;
    std::int64_t graceDays = 0;
    /** Unix seconds; std::nullopt: no maintenance window (or the document does not say). */
    std::optional<std::int64_t> maintenanceEndsAt;
    std::optional<std::string> edition;
    std::vector<std::string> features;

    bool hasFeature(const std::string& key) const;
    /** Past its expiry and its grace days at `nowUnixSeconds`: the server refuses it too. */
    bool isExpired(std::int64_t nowUnixSeconds) const;
    /** Past its expiry but within its grace days: it still works; remind the user to renew. */
    bool isInGrace(std::int64_t nowUnixSeconds) const;
    /** The end of the grace (expiry plus grace days) in Unix seconds; std::nullopt: it never expires. */
    std::optional<std::int64_t> graceEndsAt() const;
    /** A release published at `releasedAtUnixSeconds` may be installed: no window, or published before its end. */
    bool coversRelease(std::int64_t releasedAtUnixSeconds) const;
};

/**
 * The terms of a verified version 2 licence file or version 2 state answer (either's `document`); a version 1 one,
 * or any other document (a lease's `expires_at` is the lease's, not the licence's): no terms.
 */
LicenseTerms licenseTermsOf(const nlohmann::json& document);

/**
 * The feature is on: listed in the `features` of a verified version 2 licence file, version 2 state answer or seat
 * lease. A version 1 document has no features: false.
 */
bool hasFeature(const nlohmann::json& document, const std::string& key);

/** A verified state answer carries the licence's terms (it is version 2). */
bool stateIsV2(const nlohmann::json& state);

/** The licence may be used on this machine: enabled, and this machine still activated (either version). */
bool stateAllowsUse(const nlohmann::json& state);

/** A verified update answer says what the maintenance window leaves out (it is version 2). */
bool updateIsV2(const nlohmann::json& answer);

/** The newest release the maintenance window leaves out: what a renewal of updates would bring. */
struct ReleaseBeyondMaintenance {
    std::string version;
    /** As signed, `YYYY-MM-DDTHH:MM:SSZ`. */
    std::string publishedAt;
};

/** "Renew updates to get 2.0": the release beyond the maintenance end of a verified version 2 update answer, or none. */
std::optional<ReleaseBeyondMaintenance> updatesBeyondMaintenance(const nlohmann::json& answer);

}  // namespace producthub
