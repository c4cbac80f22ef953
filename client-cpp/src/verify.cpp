#include "producthub/verify.hpp"

#include <sodium.h>

#include <initializer_list>

#include <stdexcept>

namespace producthub {
namespace {

using json = nlohmann::json;
using Kind = Field::Kind;

constexpr std::uint64_t kLargestSafeInteger = 9007199254740991ULL;  // 2^53 - 1, what a JSON number holds exactly everywhere
constexpr int kFormatVersion = 1;

void ensureSodium() {
    if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
}

std::string trimmed(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

/** Standard base64 with padding of exactly `length` bytes, or nothing. */
std::optional<std::vector<unsigned char>> decodeBase64(const std::string& text, std::size_t length) {
    ensureSodium();
    std::vector<unsigned char> bytes(length);
    std::size_t decoded = 0;
    const char* end = nullptr;
    if (sodium_base642bin(bytes.data(), bytes.size(), text.data(), text.size(), nullptr, &decoded, &end, sodium_base64_VARIANT_ORIGINAL) != 0) return std::nullopt;
    if (decoded != length || end != text.data() + text.size()) return std::nullopt;
    return bytes;
}

std::optional<std::uint64_t> wholeNumber(const json& value) {
    if (value.is_number_unsigned()) {
        const auto number = value.get<std::uint64_t>();
        return number <= kLargestSafeInteger ? std::optional(number) : std::nullopt;
    }
    if (value.is_number_float()) {  // 12.0 is the whole number 12, as a JavaScript verifier reads it
        const double number = value.get<double>();
        if (number >= 0 && number <= static_cast<double>(kLargestSafeInteger) && number == static_cast<double>(static_cast<std::uint64_t>(number)))
            return static_cast<std::uint64_t>(number);
    }
    return std::nullopt;
}

bool hasControlCharacter(const std::string& text) {
    for (const unsigned char byte : text)
        if (byte < 0x20 || byte == 0x7f) return true;
    return false;
}

/** Why a member cannot be signed, or an empty string. */
std::string fieldProblem(const std::string& name, const Field& field, const json* value) {
    switch (field.kind) {
        case Kind::Integer:
            return value && wholeNumber(*value) ? "" : name + " must be a whole number";
        case Kind::Boolean:
            return value && value->is_boolean() ? "" : name + " must be true or false";
        case Kind::Text:
            if (!value || !value->is_string()) return name + " must be a text";
            return hasControlCharacter(value->get_ref<const std::string&>()) ? name + " contains a control character" : "";
        case Kind::NullableText:
            if (value && value->is_null()) return "";
            if (!value || !value->is_string() || value->get_ref<const std::string&>().empty()) return name + " must be a text that is not empty, or null";
            return hasControlCharacter(value->get_ref<const std::string&>()) ? name + " contains a control character" : "";
        case Kind::Items:
            if (!value || !value->is_array()) return name + " must be a list";
            for (std::size_t index = 0; index < value->size(); ++index) {
                const json& item = (*value)[index];
                const std::string itemName = name + "." + std::to_string(index);
                if (!item.is_object()) return itemName + " must be an object";
                for (const Field& member : field.items) {
                    const auto found = item.find(member.name);
                    auto problem = fieldProblem(itemName + "." + member.name, member, found == item.end() ? nullptr : &*found);
                    if (!problem.empty()) return problem;
                }
            }
            return "";
    }
    return name + " has an unknown kind";
}

const json* member(const json& object, const std::string& name) {
    const auto found = object.find(name);
    return found == object.end() ? nullptr : &*found;
}

void appendLines(std::string& bytes, const std::string& name, const Field& field, const json& value) {
    bytes += name + "=";
    switch (field.kind) {
        case Kind::Text: bytes += value.get_ref<const std::string&>(); break;
        case Kind::NullableText:
            if (!value.is_null()) bytes += value.get_ref<const std::string&>();
            break;
        case Kind::Integer: bytes += std::to_string(*wholeNumber(value)); break;
        case Kind::Boolean: bytes += value.get<bool>() ? "true" : "false"; break;
        case Kind::Items:
            bytes += std::to_string(value.size()) + "\n";
            for (std::size_t index = 0; index < value.size(); ++index)
                for (const Field& item : field.items) appendLines(bytes, name + "." + std::to_string(index) + "." + item.name, item, value[index].at(item.name));
            return;
    }
    bytes += "\n";
}

json signedPart(const std::vector<Field>& fields, const json& document) {
    json part = json::object();
    for (const Field& field : fields) {
        const json& value = document.at(field.name);
        if (field.kind == Kind::Items) {
            json items = json::array();
            for (const json& item : value) items.push_back(signedPart(field.items, item));
            part[field.name] = items;
        } else if (field.kind == Kind::Integer) {
            part[field.name] = *wholeNumber(value);
        } else {
            part[field.name] = value;
        }
    }
    return part;
}

Verification reject(Rejection reason, std::string message) {
    Verification result;
    result.reason = reason;
    result.message = std::move(message);
    return result;
}

Rejection bindingRejection(const std::string& name) {
    if (name == "product_id" || name == "product_identifier") return Rejection::WrongProduct;
    if (name == "hardware_fingerprint") return Rejection::WrongFingerprint;
    if (name == "nonce") return Rejection::WrongNonce;
    return Rejection::WrongRequest;
}

Field text(std::string name) { return {std::move(name), Kind::Text, {}}; }
Field nullableText(std::string name) { return {std::move(name), Kind::NullableText, {}}; }
Field integer(std::string name) { return {std::move(name), Kind::Integer, {}}; }
Field boolean(std::string name) { return {std::move(name), Kind::Boolean, {}}; }
Field items(std::string name, std::vector<Field> members) { return {std::move(name), Kind::Items, std::move(members)}; }

}  // namespace

const char* rejectionName(Rejection reason) {
    switch (reason) {
        case Rejection::None: return "none";
        case Rejection::Malformed: return "malformed";
        case Rejection::WrongFormat: return "wrong-format";
        case Rejection::UnsupportedVersion: return "unsupported-version";
        case Rejection::BadSignature: return "bad-signature";
        case Rejection::WrongFingerprint: return "wrong-fingerprint";
        case Rejection::WrongProduct: return "wrong-product";
        case Rejection::WrongNonce: return "wrong-nonce";
        case Rejection::WrongRequest: return "wrong-request";
        case Rejection::Expired: return "expired";
        case Rejection::Stale: return "stale";
    }
    return "unknown";
}

const Format& licenseFileFormat() {
    static const Format format{"license file", "", "producthub-license-v1",
                               {integer("format_version"), text("serial"), text("license_type"), text("product_identifier"), integer("user_id"), text("user_email"),
                                text("hardware_fingerprint"), integer("hardware_fingerprint_version"), integer("signature_seed_version"), text("issued_at")}};
    return format;
}

const Format& licenseFileV2Format() {
    static const Format format = [] {
        Format v2 = licenseFileFormat();
        v2.context = "producthub-license-v2";
        v2.version = 2;
        for (Field field : {nullableText("expires_at"), integer("grace_days"), nullableText("maintenance_ends_at"), nullableText("edition"), items("features", {text("key")})})
            v2.fields.push_back(std::move(field));
        return v2;
    }();
    return format;
}

const Format& trialFileFormat() {
    static const Format format{"trial file", "producthub-trial", "producthub-trial-v1",
                               {integer("product_id"), text("hardware_fingerprint"), text("started_at"), text("expires_at"), text("issued_at")}};
    return format;
}

const Format& stateDocumentFormat() {
    static const Format format{"state document", "producthub-state", "producthub-state-v1",
                               {integer("product_id"), text("serial"), text("hardware_fingerprint"), text("nonce"), boolean("license_enabled"), text("disabled_reason"),
                                boolean("machine_activated"), text("issued_at")}};
    return format;
}

/** The licence's terms as version 2 answers sign them, after their version 1 members. */
static std::vector<Field> licenseTermsFields() {
    return {nullableText("expires_at"), integer("grace_days"), nullableText("maintenance_ends_at"), nullableText("edition"), items("features", {text("key")})};
}

const Format& stateDocumentV2Format() {
    static const Format format = [] {
        Format v2 = stateDocumentFormat();
        v2.context = "producthub-state-v2";
        v2.version = 2;
        for (Field field : licenseTermsFields()) v2.fields.push_back(std::move(field));
        return v2;
    }();
    return format;
}

const Format& revocationListFormat() {
    static const Format format{"revocation list", "producthub-revocations", "producthub-revocations-v1",
                               {integer("product_id"), text("hardware_fingerprint"), text("since"), text("issued_at"), boolean("complete"),
                                items("licenses", {text("serial_sha256"), text("disabled_reason"), text("changed_at")}),
                                items("machines", {text("machine_sha256"), text("deactivated_at")})}};
    return format;
}

const Format& updateAnswerFormat() {
    static const Format format{"update answer", "producthub-update", "producthub-update-v1",
                               {integer("product_id"), text("hardware_fingerprint"), text("current_version"), text("os"), text("issued_at"), boolean("update_available"),
                                integer("release_id"), text("version"), boolean("unlocks_without_license"),
                                items("files", {text("name"), integer("size"), text("sha256"), text("url"), text("url_expires_at")})}};
    return format;
}

const Format& updateAnswerV2Format() {
    static const Format format = [] {
        Format v2 = updateAnswerFormat();
        v2.context = "producthub-update-v2";
        v2.version = 2;
        for (Field field : {nullableText("maintenance_ends_at"), nullableText("newer_beyond_maintenance_version"), nullableText("newer_beyond_maintenance_published_at")})
            v2.fields.push_back(std::move(field));
        return v2;
    }();
    return format;
}

const Format& leaseFormat() {
    static const Format format{"seat lease", "producthub-lease", "producthub-lease-v1",
                               {integer("product_id"), text("serial"), text("hardware_fingerprint"), text("lease_id"), boolean("borrowed"), text("expires_at"),
                                text("edition"), items("features", {text("key")}), text("issued_at")}};
    return format;
}

const Format& offlineRequestFormat() {
    static const Format format{"offline activation request", "producthub-offline-request", "producthub-offline-request-v1",
                               {integer("product_id"), text("product_identifier"), text("serial"), text("hardware_fingerprint"),
                                integer("hardware_fingerprint_version"), integer("signature_seed_version"), text("plugin_version"), text("created_at")}};
    return format;
}

Format offlineRequestFormatFor(const json& members) {
    Format format = offlineRequestFormat();
    if (members.is_object() && members.contains("machine_name")) format.fields.push_back(text("machine_name"));
    return format;
}

std::optional<std::string> machineNameOf(const std::string& input) {
    static const std::string kSpace = " \t\r\n\v\f";
    const auto trimmed = [](const std::string& text) {
        const auto first = text.find_first_not_of(kSpace);
        return first == std::string::npos ? std::string() : text.substr(first, text.find_last_not_of(kSpace) - first + 1);
    };
    const std::string text = trimmed(input);
    std::string name;
    std::size_t characters = 0;
    for (std::size_t at = 0; at < text.size();) {
        const auto lead = static_cast<unsigned char>(text[at]);
        const std::size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
        if (length == 0 || at + length > text.size()) return std::nullopt;
        std::uint32_t point = length == 1 ? lead : lead & (0x7F >> length);
        for (std::size_t i = 1; i < length; ++i) {
            const auto next = static_cast<unsigned char>(text[at + i]);
            if ((next >> 6) != 0x2) return std::nullopt;
            point = (point << 6) | (next & 0x3F);
        }
        const std::uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
        if (point < least[length] || point > 0x10FFFF || (point >= 0xD800 && point <= 0xDFFF)) return std::nullopt;
        if (point < 0x20 || (point >= 0x7F && point <= 0x9F)) return std::nullopt;
        if (characters < kMachineNameMaxLength) name.append(text, at, length);
        ++characters;
        at += length;
    }
    name = trimmed(name);
    return name.empty() ? std::nullopt : std::optional(name);
}

std::string canonicalBytes(const Format& format, const json& document) {
    std::string bytes = format.context + "\n";
    for (const Field& field : format.fields) {
        const json* value = document.is_object() ? member(document, field.name) : nullptr;
        const auto problem = fieldProblem(field.name, field, value);
        if (!problem.empty()) throw std::invalid_argument(problem);
        appendLines(bytes, field.name, field, *value);
    }
    return bytes;
}

Verification verifyDocument(const std::string& text, const std::string& publicKeyBase64, const Format& format, const Bindings& expected) {
    const auto publicKey = decodeBase64(trimmed(publicKeyBase64), crypto_sign_PUBLICKEYBYTES);
    if (!publicKey) throw std::invalid_argument("The public key must be the product's Ed25519 public key: 32 bytes in base64, as the console shows it.");

    const std::string notThis = "The file is not a " + format.label;
    const json document = json::parse(text, nullptr, false);
    if (document.is_discarded() || !document.is_object()) return reject(Rejection::Malformed, notThis + ": it is not a JSON object.");
    if (!format.format.empty()) {
        const json* kind = member(document, "format");
        if (!kind || !kind->is_string() || kind->get<std::string>() != format.format)
            return reject(Rejection::WrongFormat, notThis + ": its format is " + (kind ? kind->dump() : "null") + ", not \"" + format.format + "\".");
    }
    const json* version = member(document, "format_version");
    if (!version || !version->is_number() || version->get<double>() != format.version)
        return reject(Rejection::UnsupportedVersion, "Unsupported " + format.label + " format version " + (version ? version->dump() : "null") +
                                                         ": this verifier reads version " + std::to_string(format.version) + ".");
    for (const Field& field : format.fields) {
        const auto problem = fieldProblem(field.name, field, member(document, field.name));
        if (!problem.empty()) return reject(Rejection::Malformed, notThis + ": " + problem + ".");
    }
    const json* signatureText = member(document, "signature");
    const auto signature = signatureText && signatureText->is_string() ? decodeBase64(trimmed(signatureText->get<std::string>()), crypto_sign_BYTES) : std::nullopt;
    if (!signature) return reject(Rejection::Malformed, notThis + ": signature must be 64 bytes in base64.");

    const json signedMembers = signedPart(format.fields, document);
    const std::string bytes = canonicalBytes(format, signedMembers);
    if (crypto_sign_verify_detached(signature->data(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), publicKey->data()) != 0)
        return reject(Rejection::BadSignature, "The signature does not match: the document was changed after it was signed, or it was signed for another product (another key).");
    for (const auto& [name, value] : expected) {
        if (signedMembers.at(name) != value)
            return reject(bindingRejection(name), "The document is for " + name + " " + signedMembers.at(name).dump() + ", not " + value.dump() + ".");
    }
    Verification result;
    result.valid = true;
    result.document = signedMembers;
    return result;
}

namespace {
/** A version 2 document's nullable times must be signed times or null, as signed-formats' verifier requires. */
Verification timesOrNull(Verification result, const std::string& label, std::initializer_list<const char*> times) {
    if (!result) return result;
    for (const char* time : times) {
        const json& value = result.document.at(time);
        if (!value.is_null() && !signedTimeToUnix(value.get<std::string>()))
            return reject(Rejection::Malformed, "The file is not a " + label + ": " + time + " must be a time YYYY-MM-DDTHH:MM:SSZ or null.");
    }
    return result;
}
}  // namespace

Verification verifyLicenseFile(const std::string& text, const std::string& publicKeyBase64, const std::optional<std::string>& hardwareFingerprint,
                               const std::optional<std::string>& productIdentifier) {
    Bindings expected;
    if (hardwareFingerprint) expected.emplace_back("hardware_fingerprint", *hardwareFingerprint);
    if (productIdentifier) expected.emplace_back("product_identifier", *productIdentifier);
    const json document = json::parse(text, nullptr, false);
    const json* version = document.is_object() ? member(document, "format_version") : nullptr;
    if (version && !(version->is_number() && (version->get<double>() == 1 || version->get<double>() == 2)))
        return reject(Rejection::UnsupportedVersion, "Unsupported license file format version " + version->dump() + ": this verifier reads versions 1 and 2.");
    const bool v2 = version && version->get<double>() == 2;
    auto result = verifyDocument(text, publicKeyBase64, v2 ? licenseFileV2Format() : licenseFileFormat(), expected);
    if (!result || !v2) return result;
    return timesOrNull(std::move(result), "license file", {"expires_at", "maintenance_ends_at"});
}

namespace {
/** The format version a document carries (0: none), which picks the format of a state or update answer. */
int versionOf(const std::string& text) {
    const json document = json::parse(text, nullptr, false);
    const json* version = document.is_object() ? member(document, "format_version") : nullptr;
    return version && version->is_number_integer() ? version->get<int>() : 0;
}
}  // namespace

Verification verifyTrialFile(const std::string& text, const std::string& publicKeyBase64, std::int64_t productId, const std::string& hardwareFingerprint,
                             std::optional<std::int64_t> nowUnixSeconds) {
    auto result = verifyDocument(text, publicKeyBase64, trialFileFormat(), {{"product_id", productId}, {"hardware_fingerprint", hardwareFingerprint}});
    if (!result) return result;
    const auto expiresAt = signedTimeToUnix(result.document.at("expires_at").get<std::string>());
    if (!expiresAt) return reject(Rejection::Malformed, "The file is not a trial file: expires_at must be a time YYYY-MM-DDTHH:MM:SSZ.");
    if (nowUnixSeconds && *nowUnixSeconds >= *expiresAt) return reject(Rejection::Expired, "The trial ended at " + result.document.at("expires_at").get<std::string>() + ".");
    return result;
}

Verification verifyStateDocument(const std::string& text, const std::string& publicKeyBase64, std::int64_t productId, const std::string& serial,
                                 const std::string& hardwareFingerprint, const std::string& nonce) {
    const Bindings expected = {{"product_id", productId}, {"serial", serial}, {"hardware_fingerprint", hardwareFingerprint}, {"nonce", nonce}};
    if (versionOf(text) != 2) return verifyDocument(text, publicKeyBase64, stateDocumentFormat(), expected);
    return timesOrNull(verifyDocument(text, publicKeyBase64, stateDocumentV2Format(), expected), "state document", {"expires_at", "maintenance_ends_at"});
}

Verification verifyRevocationList(const std::string& text, const std::string& publicKeyBase64, std::int64_t productId, const std::string& hardwareFingerprint,
                                  const std::string& since) {
    return verifyDocument(text, publicKeyBase64, revocationListFormat(), {{"product_id", productId}, {"hardware_fingerprint", hardwareFingerprint}, {"since", since}});
}

Verification verifyUpdateAnswer(const std::string& text, const std::string& publicKeyBase64, std::int64_t productId, const std::string& hardwareFingerprint,
                                const std::string& currentVersion, const std::string& os) {
    const Bindings expected = {{"product_id", productId}, {"hardware_fingerprint", hardwareFingerprint}, {"current_version", currentVersion}, {"os", os}};
    if (versionOf(text) != 2) return verifyDocument(text, publicKeyBase64, updateAnswerFormat(), expected);
    return timesOrNull(verifyDocument(text, publicKeyBase64, updateAnswerV2Format(), expected), "update answer",
                       {"maintenance_ends_at", "newer_beyond_maintenance_published_at"});
}

std::optional<std::string> findWithdrawal(const json& revocationList, const std::string& serial, const std::string& hardwareFingerprint) {
    const std::string serialHash = sha256Hex(serial);
    const std::string machineHash = sha256Hex(serial + "\n" + hardwareFingerprint);
    for (const json& entry : revocationList.at("licenses"))
        if (entry.at("serial_sha256") == serialHash) return "license-disabled";
    for (const json& entry : revocationList.at("machines"))
        if (entry.at("machine_sha256") == machineHash) return "machine-deactivated";
    return std::nullopt;
}

Verification checkFreshness(Verification verified, std::int64_t nowUnixSeconds, std::int64_t maxAgeSeconds) {
    if (!verified) return verified;
    const auto issuedAt = signedTimeToUnix(verified.document.at("issued_at").get<std::string>());
    if (!issuedAt) return reject(Rejection::Malformed, "The document is malformed: issued_at must be a time YYYY-MM-DDTHH:MM:SSZ.");
    const std::int64_t distance = nowUnixSeconds > *issuedAt ? nowUnixSeconds - *issuedAt : *issuedAt - nowUnixSeconds;
    if (distance > maxAgeSeconds)
        return reject(Rejection::Stale, "The answer was signed at " + verified.document.at("issued_at").get<std::string>() + ", more than " + std::to_string(maxAgeSeconds) +
                                            " seconds from this machine's clock: it is a replay, or the clock is wrong.");
    return verified;
}

std::optional<std::int64_t> signedTimeToUnix(const std::string& text) {
    // YYYY-MM-DDTHH:MM:SSZ
    static const std::string shape = "dddd-dd-ddTdd:dd:ddZ";
    if (text.size() != shape.size()) return std::nullopt;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] == 'd' ? (text[i] < '0' || text[i] > '9') : text[i] != shape[i]) return std::nullopt;
    }
    const auto number = [&](std::size_t at, std::size_t length) { return std::stoi(text.substr(at, length)); };
    const int year = number(0, 4), month = number(5, 2), day = number(8, 2), hour = number(11, 2), minute = number(14, 2), second = number(17, 2);
    static const int daysIn[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (month < 1 || month > 12 || day < 1 || day > daysIn[month - 1] + (month == 2 && leap ? 1 : 0) || hour > 23 || minute > 59 || second > 59) return std::nullopt;
    // Days from 1970-01-01 to the civil date (H. Hinnant's days_from_civil).
    const int y = year - (month <= 2 ? 1 : 0);
    const int era = y / 400;
    const int yearOfEra = y - era * 400;
    const int dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    const int dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    const std::int64_t days = static_cast<std::int64_t>(era) * 146097 + dayOfEra - 719468;
    return days * 86400 + hour * 3600 + minute * 60 + second;
}

std::string writeOfflineRequest(const json& members) {
    const Format format = offlineRequestFormatFor(members);
    const std::string checksum = sha256Hex(canonicalBytes(format, members));
    nlohmann::ordered_json file;
    file["format"] = format.format;
    file["format_version"] = kFormatVersion;
    for (const Field& field : format.fields) {
        const json& value = members.at(field.name);
        if (field.kind == Kind::Integer) file[field.name] = *wholeNumber(value);
        else file[field.name] = value;
    }
    file["checksum"] = checksum;
    return file.dump(2) + "\n";
}

std::string sha256Hex(const std::string& bytes) {
    ensureSodium();
    unsigned char digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
    char hex[crypto_hash_sha256_BYTES * 2 + 1];
    sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
    return hex;
}

std::string randomNonce() {
    ensureSodium();
    unsigned char random[24];
    randombytes_buf(random, sizeof random);
    char text[sodium_base64_ENCODED_LEN(sizeof random, sodium_base64_VARIANT_URLSAFE_NO_PADDING)];
    sodium_bin2base64(text, sizeof text, random, sizeof random, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    return text;
}

}  // namespace producthub
