// ProductHub's signed documents, verified offline with the product's Ed25519 public key (libsodium).
// The formats and their canonical encoding: docs/licence-file.md and docs/client-api.md.
#pragma once

#include "producthub/license-terms.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace producthub {

enum class Rejection {
    None,
    Malformed,
    WrongFormat,
    UnsupportedVersion,
    BadSignature,
    WrongFingerprint,
    WrongProduct,
    WrongNonce,
    WrongRequest,
    Expired,
    Stale,
};

/** The name the vectors and the TypeScript library use: "bad-signature", "wrong-fingerprint" ... */
const char* rejectionName(Rejection reason);

struct Verification {
    bool valid = false;
    Rejection reason = Rejection::None;
    std::string message;
    /** Only the signed members (never trust any other), when valid. */
    nlohmann::json document;

    explicit operator bool() const { return valid; }
};

struct Field {
    /** NullableText: a text that is not empty, or null (written as an empty value). */
    enum class Kind { Text, NullableText, Integer, Boolean, Items };
    std::string name;
    Kind kind;
    /** The members of each item, for Kind::Items (a list of objects). */
    std::vector<Field> items;
};

struct Format {
    std::string label;
    /** The `format` member a document must carry; empty for the licence file, which has none. */
    std::string format;
    /** The first line of the signed bytes. */
    std::string context;
    std::vector<Field> fields;
    /** The `format_version` its documents carry. */
    int version = 1;
};

/** The licence file, format version 1: what every caller that does not ask for version 2 receives. */
const Format& licenseFileFormat();
/** The licence file, format version 2: version 1's members and the licence's terms (docs/licence-file.md). */
const Format& licenseFileV2Format();
const Format& trialFileFormat();
const Format& stateDocumentFormat();
/** Version 2 of the state document (`answer_version: 2`): version 1's members, then the licence's terms. */
const Format& stateDocumentV2Format();
const Format& revocationListFormat();
const Format& updateAnswerFormat();
/** Version 2 of the update answer: the maintenance end and the newest release beyond it (null: none). */
const Format& updateAnswerV2Format();
/** The seat lease of a floating licence (checkout, borrow, heart-beat). */
const Format& leaseFormat();
/** The offline activation request: not signed (a plugin holds no private key), checked by a SHA-256 checksum. */
const Format& offlineRequestFormat();
/**
 * The request's format for these members: the optional ones (`machine_name`) follow the others, in the file and in
 * the checksum, only when the members hold them; a request without them is written as before.
 */
Format offlineRequestFormatFor(const nlohmann::json& members);

/** The longest machine name the server takes, in characters (docs/client-integration.md). */
constexpr std::size_t kMachineNameMaxLength = 64;

/**
 * A machine name the server takes, made from a text such as the host name: surrounding white space trimmed, cut to
 * kMachineNameMaxLength characters (whole UTF-8 characters) and trimmed again. std::nullopt when nothing is left, or
 * when the text is not UTF-8 or holds a control character (the server would refuse it): then report no name.
 */
std::optional<std::string> machineNameOf(const std::string& text);

/** The signed bytes of a document's members; throws std::invalid_argument for a value the encoding cannot carry. */
std::string canonicalBytes(const Format& format, const nlohmann::json& document);

/** Signed members that must equal what this machine expects (its fingerprint, the product, the request's nonce ...). */
using Bindings = std::vector<std::pair<std::string, nlohmann::json>>;

/**
 * Every step in the documented order: a JSON object, the expected format and version 1, each signed member with
 * its type, a 64-byte signature, Ed25519 over the canonical bytes, then the bindings.
 */
Verification verifyDocument(const std::string& text, const std::string& publicKeyBase64, const Format& format, const Bindings& expected = {});

/** A licence file of version 1 or 2 (any other version: Rejection::UnsupportedVersion); its terms: licenseTermsOf. */
Verification verifyLicenseFile(const std::string& text, const std::string& publicKeyBase64, const std::optional<std::string>& hardwareFingerprint = std::nullopt,
                               const std::optional<std::string>& productIdentifier = std::nullopt);

/** `nowUnixSeconds`: when to judge the expiry; std::nullopt leaves it to the caller. */
Verification verifyTrialFile(const std::string& text, const std::string& publicKeyBase64, std::int64_t productId, const std::string& hardwareFingerprint,
                             std::optional<std::int64_t> nowUnixSeconds);

Verification verifyStateDocument(const std::string& text, const std::string& publicKeyBase64, std::int64_t productId, const std::string& serial,
                                 const std::string& hardwareFingerprint, const std::string& nonce);

Verification verifyRevocationList(const std::string& text, const std::string& publicKeyBase64, std::int64_t productId, const std::string& hardwareFingerprint,
                                  const std::string& since);

Verification verifyUpdateAnswer(const std::string& text, const std::string& publicKeyBase64, std::int64_t productId, const std::string& hardwareFingerprint,
                                const std::string& currentVersion, const std::string& os);

/** "license-disabled" or "machine-deactivated" when a verified revocation list withdraws this licence on this machine. */
std::optional<std::string> findWithdrawal(const nlohmann::json& revocationList, const std::string& serial, const std::string& hardwareFingerprint);

/**
 * Refuses a verified answer whose `issued_at` lies more than `maxAgeSeconds` from `nowUnixSeconds` either way: an
 * old revocation list or update answer replayed by a proxy must not hide what changed since.
 */
Verification checkFreshness(Verification verified, std::int64_t nowUnixSeconds, std::int64_t maxAgeSeconds);

/** A signed time `YYYY-MM-DDTHH:MM:SSZ` in Unix seconds, or std::nullopt when it is written any other way. */
std::optional<std::int64_t> signedTimeToUnix(const std::string& text);

/**
 * The offline activation request file a plugin writes on a machine that is never online (docs/client-integration.md),
 * byte for byte what signed-formats' writeOfflineRequest writes: `format`, `format_version`, the members in their
 * documented order (an optional `machine_name` last, when the members hold one), then `checksum` (SHA-256 hex of the canonical bytes), as JSON indented by two spaces with a final
 * line break. Throws std::invalid_argument for a member the encoding cannot carry.
 */
std::string writeOfflineRequest(const nlohmann::json& members);

/** Lowercase hex SHA-256. */
std::string sha256Hex(const std::string& bytes);

/** A fresh random nonce for a validate request (32 characters of [A-Za-z0-9_-]). */
std::string randomNonce();

}  // namespace producthub
