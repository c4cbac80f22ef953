// Checks every signed-document vector with the C++ verifier: each valid case verifies and encodes to its
// canonical bytes, each invalid case fails for its reason, and every signed member of a valid case, changed,
// breaks the signature; then the licence-terms helpers (terms_test.cpp). Usage: vectors_test DIR... (each DIR holds a
// vectors.json). Ends with "N passed, N failed".
#include "check.hpp"
#include "producthub/verify.hpp"

#include <fstream>
#include <stdexcept>
#include <iostream>
#include <sstream>

using json = nlohmann::json;
using namespace producthub;

namespace {
int passed = 0, failed = 0;
}  // namespace

void producthub::test::check(bool ok, const std::string& name, const std::string& detail) {
    (ok ? passed : failed)++;
    std::cout << (ok ? "  ok   " : "  FAIL ") << name << (ok || detail.empty() ? "" : ": " + detail) << "\n";
}

namespace {

using producthub::test::check;

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

/** The format the case names (the verifier a plugin would call), else the licence file's of the document's version. */
const Format& formatOf(const json& vector, const json& document) {
    const std::string format = vector.value("format", "");
    const bool v2 = document.is_object() && document.value("format_version", 0) == 2;
    for (const Format* known : {&trialFileFormat(), v2 ? &stateDocumentV2Format() : &stateDocumentFormat(), &revocationListFormat(),
                                v2 ? &updateAnswerV2Format() : &updateAnswerFormat(), &leaseFormat()})
        if (known->format == format) return *known;
    if (!format.empty()) throw std::runtime_error("unknown format " + format);
    return document.is_object() && document.value("format_version", 0) == 2 ? licenseFileV2Format() : licenseFileFormat();
}

/** The members a verifying machine compares, taken from the case: every binding the vectors name. */
Bindings bindingsOf(const json& vector) {
    Bindings bindings;
    const json& expected = vector.contains("expected") ? vector["expected"] : vector;
    for (const char* name : {"product_id", "product_identifier", "hardware_fingerprint", "serial", "nonce", "since", "current_version", "os"})
        if (expected.contains(name)) bindings.emplace_back(name, expected[name]);
    return bindings;
}

/** Each signed member changed in turn (a list item's member too, and a list shortened) must break the signature. */
void checkTampering(const std::string& caseName, const std::string& text, const std::string& key, const Format& format) {
    const json original = json::parse(text);
    const auto expectBadSignature = [&](const json& changed, const std::string& what) {
        const auto result = verifyDocument(changed.dump(), key, format);
        check(!result && result.reason == Rejection::BadSignature, caseName + " / " + what + " changed", rejectionName(result.reason));
    };
    for (const Field& field : format.fields) {
        if (field.name == "format_version") continue;
        json changed = original;
        json& value = changed[field.name];
        if (field.kind == Field::Kind::Items) {
            if (value.empty()) {
                json added = original;
                json item = json::object();
                for (const Field& member : field.items) item[member.name] = member.kind == Field::Kind::Integer ? json(1) : json("x");
                added[field.name].push_back(item);
                expectBadSignature(added, field.name + " (an item added)");
                continue;
            }
            for (const Field& item : field.items) {
                json itemChanged = original;
                json& member = itemChanged[field.name][0][item.name];
                member = item.kind == Field::Kind::Integer ? json(member.get<std::uint64_t>() + 1) : json(member.get<std::string>() + "0");
                expectBadSignature(itemChanged, field.name + ".0." + item.name);
            }
            value.erase(value.begin());
            expectBadSignature(changed, field.name + " (an item removed)");
            continue;
        }
        if (field.kind == Field::Kind::Integer) value = value.get<std::uint64_t>() + 1;
        else if (field.kind == Field::Kind::Boolean) value = !value.get<bool>();
        else if (field.kind == Field::Kind::NullableText && value.is_null()) value = "2030-01-01T00:00:00Z";
        else value = value.get<std::string>() + "x";
        expectBadSignature(changed, field.name);
    }
}

/** The name a plugin reports for its machine (the host name): what machineNameOf makes of a text. */
void runMachineNameChecks() {
    const std::string piano = "\xF0\x9F\x8E\xB9";  // U+1F3B9, four bytes
    std::string sixtyFive;
    for (int i = 0; i < 65; ++i) sixtyFive += piano;
    std::string sixtyFour;
    for (int i = 0; i < 64; ++i) sixtyFour += piano;
    const std::pair<std::string, std::optional<std::string>> cases[] = {
        {"  studio-mac.local \n", std::string("studio-mac.local")},
        {std::string(70, 'x'), std::string(64, 'x')},
        {sixtyFive, sixtyFour},
        {std::string(63, 'x') + " y", std::string(63, 'x')},
        {"M\xC3\xBCllers Mac", std::string("M\xC3\xBCllers Mac")},
        {"   ", std::nullopt},
        {"", std::nullopt},
        {"studio\tmac", std::nullopt},
        {"studio\xC2\x85mac", std::nullopt},
        {"studio\xFFmac", std::nullopt},
        {"studio\xED\xA0\x80mac", std::nullopt},
        {"studio\xC3", std::nullopt},
    };
    int index = 0;
    for (const auto& [text, expected] : cases)
        check(machineNameOf(text) == expected, "machine name " + std::to_string(index++), machineNameOf(text).value_or("(none)"));
}

/** Offline activation requests: the C++ writer writes each file byte for byte, and its canonical bytes; an edit breaks the checksum. */
void runOfflineRequestVectors(const std::string& dir, const json& vectors) {
    for (const json& vector : vectors.at("cases")) {
        const std::string name = vector.at("name").get<std::string>();
        const json& members = vector.at("members");
        check(writeOfflineRequest(members) == readFile(dir + "/" + vector.at("file").get<std::string>()), name + " / file written byte for byte");
        check(canonicalBytes(offlineRequestFormatFor(members), members) == readFile(dir + "/" + vector.at("canonical").get<std::string>()), name + " / canonical bytes");
        const json file = json::parse(readFile(dir + "/" + vector.at("file").get<std::string>()));
        json edited = members;
        edited["hardware_fingerprint"] = members["hardware_fingerprint"].get<std::string>() + "x";
        check(sha256Hex(canonicalBytes(offlineRequestFormatFor(edited), edited)) != file.at("checksum").get<std::string>(), name + " / an edit changes the checksum");
        json unsafe = members;
        unsafe["serial"] = "A\nB";
        bool refused = false;
        try {
            writeOfflineRequest(unsafe);
        } catch (const std::invalid_argument&) {
            refused = true;
        }
        check(refused, name + " / a control character is never written");
    }
    runMachineNameChecks();
}

void runVectors(const std::string& dir) {
    const json vectors = json::parse(readFile(dir + "/vectors.json"));
    std::cout << dir << "\n";
    if (vectors.value("kind", "") == "offline-request") return runOfflineRequestVectors(dir, vectors);
    for (const json& vector : vectors.at("cases")) {
        const std::string name = vector.at("name").get<std::string>();
        const std::string text = readFile(dir + "/" + vector.at("file").get<std::string>());
        const std::string key = vector.at("public_key").get<std::string>();
        const json parsed = json::parse(text, nullptr, false);
        const Format& format = formatOf(vector, parsed);
        Verification result;
        if (format.format == trialFileFormat().format) {
            const auto at = vector.contains("now") ? signedTimeToUnix(vector["now"].get<std::string>()) : std::nullopt;
            const auto bindings = bindingsOf(vector);
            json expected = json::object();
            for (const auto& [member, value] : bindings) expected[member] = value;
            result = verifyTrialFile(text, key, expected.value("product_id", parsed.value("product_id", 0)),
                                     expected.value("hardware_fingerprint", parsed.value("hardware_fingerprint", "")), at);
        } else if (format.format.empty()) {
            result = verifyLicenseFile(text, key, vector.value("hardware_fingerprint", ""), vector.value("product_identifier", ""));
        } else {
            result = verifyDocument(text, key, format, bindingsOf(vector));
        }
        if (vector.at("expect") == "valid") {
            check(result.valid, name, result.message);
            if (result.valid && vector.contains("canonical"))
                check(canonicalBytes(format, result.document) == readFile(dir + "/" + vector["canonical"].get<std::string>()), name + " / canonical bytes");
            if (result.valid) checkTampering(name, text, key, format);
        } else {
            const std::string reason = vector.at("reason").get<std::string>();
            check(!result.valid && reason == rejectionName(result.reason), name, std::string("got ") + rejectionName(result.reason));
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: vectors_test VECTOR_DIR...\n";
        return 2;
    }
    try {
        for (int i = 1; i < argc; ++i) runVectors(argv[i]);
        producthub::test::runTermsChecks();
    } catch (const std::exception& error) {
        std::cout << "  FAIL " << error.what() << "\n";
        ++failed;
    }
    std::cout << passed << " passed, " << failed << " failed\n";
    return failed == 0 ? 0 : 1;
}
