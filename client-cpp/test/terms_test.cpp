// The helpers a plugin acts on offline (include/producthub/license-terms.hpp), on documents signed here with the
// vectors' test key (its seed is public: docs/client-api-vectors/vectors.json) and verified as a plugin verifies them.
#include "check.hpp"
#include "producthub/license-terms.hpp"
#include "producthub/verify.hpp"

#include <sodium.h>

#include <iostream>
#include <stdexcept>

using json = nlohmann::json;

namespace producthub::test {
namespace {

constexpr const char* kSeedHex = "b118ac07db571915cf2149e3b411f0f6ef4924c5a20ba1cb248d3d66810bd650";
constexpr const char* kPublicKey = "SjWE3+AKYotoQr1SxJWNjdp0QOmlF9H8Ff3SpdK/iYw=";
constexpr const char* kFingerprint = "HWFP2-3F9A-77C1-0B5E-D24C";
constexpr const char* kSerial = "7QK2M-C9XWA-4H1PZ-T8NVE";
constexpr const char* kNonce = "q8VxN3b0-KfT2_pLmZr6";
constexpr std::int64_t kDay = 86400;

/** The document as the server writes it (whole numbers unsigned: the encoding has no negative ones): its members, `format` and `format_version`, and the signature of its bytes. */
std::string signedText(const Format& format, json members) {
    unsigned char seed[crypto_sign_SEEDBYTES], publicKey[crypto_sign_PUBLICKEYBYTES], secretKey[crypto_sign_SECRETKEYBYTES];
    if (sodium_init() < 0 || sodium_hex2bin(seed, sizeof seed, kSeedHex, 64, nullptr, nullptr, nullptr) != 0) throw std::runtime_error("bad test seed");
    crypto_sign_seed_keypair(publicKey, secretKey, seed);
    const std::string bytes = canonicalBytes(format, members);
    unsigned char signature[crypto_sign_BYTES];
    crypto_sign_detached(signature, nullptr, reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), secretKey);
    char base64[sodium_base64_ENCODED_LEN(crypto_sign_BYTES, sodium_base64_VARIANT_ORIGINAL)];
    sodium_bin2base64(base64, sizeof base64, signature, sizeof signature, sodium_base64_VARIANT_ORIGINAL);
    if (!format.format.empty()) members["format"] = format.format;
    members["format_version"] = format.version;
    members["signature"] = base64;
    return members.dump();
}

std::int64_t at(const std::string& time) { return *signedTimeToUnix(time); }

json stateMembers(json terms) {
    json state = {{"product_id", 7U}, {"serial", kSerial}, {"hardware_fingerprint", kFingerprint}, {"nonce", kNonce}, {"license_enabled", true},
                  {"disabled_reason", ""}, {"machine_activated", true}, {"issued_at", "2026-03-05T14:07:00Z"}};
    state.update(terms);
    return state;
}

Verification stateOf(const Format& format, const json& members) {
    return verifyStateDocument(signedText(format, members), kPublicKey, 7, kSerial, kFingerprint, kNonce);
}

json updateMembers(json facts) {
    json update = {{"product_id", 7U},        {"hardware_fingerprint", kFingerprint}, {"current_version", "1.0.2"}, {"os", "macOS"},
                   {"issued_at", "2026-03-05T14:07:00Z"}, {"update_available", true}, {"release_id", 12U},      {"version", "1.1.0.45"},
                   {"unlocks_without_license", false},     {"files", json::array()}};
    update.update(facts);
    return update;
}

Verification updateOf(const Format& format, const json& members) {
    return verifyUpdateAnswer(signedText(format, members), kPublicKey, 7, kFingerprint, "1.0.2", "macOS");
}

const json kSubscription = {{"expires_at", "2027-03-05T00:00:00Z"}, {"grace_days", 7U}, {"maintenance_ends_at", "2027-01-31T23:59:59Z"},
                            {"edition", "Pro – Studio"}, {"features", {{{"key", "stems"}}, {{"key", "surround"}}}}};
const json kPerpetual = {{"expires_at", nullptr}, {"grace_days", 0U}, {"maintenance_ends_at", nullptr}, {"edition", nullptr}, {"features", json::array()}};

void subscriptionState() {
    const auto state = stateOf(stateDocumentV2Format(), stateMembers(kSubscription));
    check(state.valid, "terms / a version 2 state answer verifies", state.message);
    const LicenseTerms terms = licenseTermsOf(state.document);
    const std::int64_t expiry = at("2027-03-05T00:00:00Z"), graceEnd = expiry + 7 * kDay, windowEnd = at("2027-01-31T23:59:59Z");
    check(stateIsV2(state.document) && stateAllowsUse(state.document), "terms / state v2: version 2, usable");
    check(terms.expiresAt == expiry && terms.graceDays == 7 && terms.maintenanceEndsAt == windowEnd, "terms / state v2: expiry, grace, maintenance end");
    check(terms.edition == std::optional<std::string>("Pro – Studio") && terms.features == std::vector<std::string>{"stems", "surround"}, "terms / state v2: edition, features");
    check(terms.hasFeature("surround") && hasFeature(state.document, "surround") && !hasFeature(state.document, "dolby"), "terms / hasFeature on a state answer");
    check(!terms.isExpired(expiry) && !terms.isInGrace(expiry), "terms / at the expiry: neither expired nor in grace");
    check(terms.isInGrace(expiry + 1) && !terms.isExpired(expiry + 1), "terms / a second past the expiry: in grace, not expired");
    check(terms.graceEndsAt() == graceEnd && terms.isInGrace(graceEnd) && !terms.isExpired(graceEnd), "terms / the grace's last second still works");
    check(terms.isExpired(graceEnd + 1) && !terms.isInGrace(graceEnd + 1), "terms / past expiry plus grace: expired");
    check(terms.coversRelease(windowEnd - 1) && !terms.coversRelease(windowEnd), "terms / a release published at the maintenance end is beyond it");
}

void perpetualAndVersion1() {
    const auto perpetual = stateOf(stateDocumentV2Format(), stateMembers(kPerpetual));
    const LicenseTerms terms = licenseTermsOf(perpetual.document);
    check(perpetual.valid && stateIsV2(perpetual.document), "terms / a perpetual state answer is version 2", perpetual.message);
    check(!terms.expiresAt && !terms.graceEndsAt() && !terms.isExpired(at("2099-01-01T00:00:00Z")) && !terms.isInGrace(at("2099-01-01T00:00:00Z")),
          "terms / perpetual: never expires");
    check(!terms.maintenanceEndsAt && terms.coversRelease(at("2099-01-01T00:00:00Z")) && !terms.edition && terms.features.empty(),
          "terms / perpetual: every release, no edition, no features");

    json disabled = stateMembers(json::object());
    disabled["license_enabled"] = false;
    disabled["disabled_reason"] = "CancelledOrder";
    const auto v1 = stateOf(stateDocumentFormat(), disabled);
    check(v1.valid && !stateIsV2(v1.document) && !stateAllowsUse(v1.document), "terms / state v1: version 1, a disabled licence is not usable", v1.message);
    check(!licenseTermsOf(v1.document).expiresAt && licenseTermsOf(v1.document).features.empty() && !hasFeature(v1.document, "stems"), "terms / state v1 carries no terms");
    json deactivated = stateMembers(kPerpetual);
    deactivated["machine_activated"] = false;
    check(!stateAllowsUse(stateOf(stateDocumentV2Format(), deactivated).document), "terms / a deactivated machine may not use it");
}

void licenseFilesAndLeases() {
    const json file = {{"format_version", 2U}, {"serial", kSerial}, {"license_type", "Standard"}, {"product_identifier", "com.aurora.reverb"}, {"user_id", 12U},
                       {"user_email", "user12@aurora.listener.example"}, {"hardware_fingerprint", kFingerprint}, {"hardware_fingerprint_version", 2U},
                       {"signature_seed_version", 5U}, {"issued_at", "2026-03-05T14:07:00Z"}};
    json v2 = file;
    v2.update(kSubscription);
    const auto license = verifyLicenseFile(signedText(licenseFileV2Format(), v2), kPublicKey, std::string(kFingerprint), std::string("com.aurora.reverb"));
    check(license.valid && hasFeature(license.document, "stems") && licenseTermsOf(license.document).graceDays == 7, "terms / a version 2 licence file's terms", license.message);
    json v1 = file;
    v1["format_version"] = 1U;
    const auto old = verifyLicenseFile(signedText(licenseFileFormat(), v1), kPublicKey, std::string(kFingerprint), std::nullopt);
    check(old.valid && !hasFeature(old.document, "stems") && !licenseTermsOf(old.document).isExpired(at("2099-01-01T00:00:00Z")), "terms / a version 1 licence file has none", old.message);

    const json lease = {{"product_id", 7U}, {"serial", kSerial}, {"hardware_fingerprint", kFingerprint}, {"lease_id", "b3c1"}, {"borrowed", false},
                        {"expires_at", "2026-03-05T14:22:00Z"}, {"edition", "Pro"}, {"features", {{{"key", "surround"}}}}, {"issued_at", "2026-03-05T14:07:00Z"}};
    check(hasFeature(lease, "surround") && !hasFeature(lease, "stems"), "terms / hasFeature on a seat lease");
    check(!licenseTermsOf(lease).expiresAt, "terms / a lease's expiry is not the licence's");
}

void updateAnswers() {
    const json beyond = {{"maintenance_ends_at", "2026-02-01T00:00:00Z"}, {"newer_beyond_maintenance_version", "2.0.0.3"},
                         {"newer_beyond_maintenance_published_at", "2026-02-17T10:00:00Z"}};
    const auto answer = updateOf(updateAnswerV2Format(), updateMembers(beyond));
    const auto release = updatesBeyondMaintenance(answer.document);
    check(answer.valid && updateIsV2(answer.document), "terms / a version 2 update answer verifies", answer.message);
    check(release && release->version == "2.0.0.3" && release->publishedAt == "2026-02-17T10:00:00Z", "terms / the release beyond the maintenance end");
    const json none = {{"maintenance_ends_at", "2026-02-01T00:00:00Z"}, {"newer_beyond_maintenance_version", nullptr}, {"newer_beyond_maintenance_published_at", nullptr}};
    check(!updatesBeyondMaintenance(updateOf(updateAnswerV2Format(), updateMembers(none)).document), "terms / nothing beyond the maintenance end");
    const auto v1 = updateOf(updateAnswerFormat(), updateMembers(json::object()));
    check(v1.valid && !updateIsV2(v1.document) && !updatesBeyondMaintenance(v1.document), "terms / a version 1 update answer says nothing of maintenance", v1.message);
}

void malformedTimes() {
    json state = stateMembers(kSubscription);
    state["expires_at"] = "2027-03-05";
    const auto badState = stateOf(stateDocumentV2Format(), state);
    check(!badState && badState.reason == Rejection::Malformed, "terms / a state answer's expiry written another way is malformed", rejectionName(badState.reason));
    const json beyond = {{"maintenance_ends_at", nullptr}, {"newer_beyond_maintenance_version", "2.0.0.3"}, {"newer_beyond_maintenance_published_at", "17 Feb 2026"}};
    const auto badUpdate = updateOf(updateAnswerV2Format(), updateMembers(beyond));
    check(!badUpdate && badUpdate.reason == Rejection::Malformed, "terms / an update answer's publication time written another way is malformed", rejectionName(badUpdate.reason));
}

}  // namespace

void runTermsChecks() {
    std::cout << "licence terms and version 2 answers\n";
    subscriptionState();
    perpetualAndVersion1();
    licenseFilesAndLeases();
    updateAnswers();
    malformedTimes();
}

}  // namespace producthub::test
