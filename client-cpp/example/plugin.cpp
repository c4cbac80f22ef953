// An example command-line "plugin": what a plugin's licensing code does, with the library and libcurl.
// Every run prints one JSON object on stdout (for scripts and tests) and exits with a code that says what happened.
#include "http.hpp"
#include "terms-report.hpp"
#include "producthub/browser-activation.hpp"
#include "producthub/floating-seat.hpp"
#include "producthub/verify.hpp"

#include <signal.h>
#include <sodium.h>
#include <spawn.h>   // posix_spawnp: the browser opener, with no shell between the server's URL and it
#include <unistd.h>  // gethostname (POSIX; a Windows plugin would ask GetComputerNameExW)

#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

using json = nlohmann::json;
namespace fs = std::filesystem;
using namespace producthub;

namespace {

enum Exit { Ok = 0, Refused = 1, Usage = 2, Untrusted = 3, Unreachable = 4, Corrupt = 5 };

const char* kUsage =
    "usage: producthub-plugin COMMAND [--server URL] --product-id ID --public-key KEY --fingerprint FP [--state-dir DIR] [options]\n"
    "  trial                                   start (or get back) this machine's trial; saves trial.json\n"
    "  activate --serial S [--seed-version 5] [--machine-name N]  activate the licence here; saves license.ops\n"
    "  activate-in-browser [--seed-version 5] [--machine-name N] [--open-browser yes|no] [--license-file-version 2]\n"
    "                                          the customer approves in the portal (no serial typed); prints the\n"
    "                                          address and code on stderr, opens the browser, polls; saves license.ops\n"
    "  verify                                  check the saved license.ops (else trial.json) offline\n"
    "  validate [--serial S]                   the licence's signed state; withdraws license.ops if it no longer holds\n"
    "  deactivate [--serial S]                 free this machine; deletes license.ops\n"
    "  revocations [--since T]                 the signed revocation list; withdraws license.ops when it is listed\n"
    "  check-updates --current-version V --os macOS|Windows [--serial S]\n"
    "  download --current-version V --os macOS|Windows [--serial S] [--out DIR]\n"
    "  request-offline --serial S --product-identifier ID --out FILE [--seed-version 5] [--plugin-version V] [--machine-name N]\n"
    "                                          write an offline activation request for this machine (no network)\n"
    "  install-offline --file FILE             verify the license file the portal answered and save it as license.ops\n"
    "  checkout --serial S [--machine-name N] [--hold-seconds N]\n"
    "                                          check out a seat of a floating licence; saves lease.json. --hold-seconds\n"
    "                                          keeps it (renewed at half the lease) for N s or until SIGTERM/SIGINT,\n"
    "                                          then checks it in\n"
    "  heartbeat                               renew the lease in lease.json\n"
    "  checkin                                 free the seat of lease.json; deletes it\n"
    "  borrow --serial S --days N [--machine-name N]  borrow a seat for N days offline; saves lease.json\n"
    "Options: --product-identifier ID (checked in licence files). --serial defaults to the one in license.ops.\n"
    "  --machine-name NAME (activate, request-offline): the name the customer sees for this machine; default the host\n"
    "  name (cut to 64 characters); --machine-name \"\" reports none.\n"
    "  --license-file-version 2 (activate): ask for the licence file with the licence's terms (expiry, grace, maintenance\n"
    "  end, edition, features); a version 1 answer is then refused. Default 1.\n"
    "  features                                the saved license.ops's edition, features, expiry and maintenance end (offline)\n"
    "  --answer-version 1|2 (validate, check-updates, download): the version of the signed answer to ask for. Default 2:\n"
    "  the state answer carries the licence's terms, the update answer the maintenance end and the release beyond it;\n"
    "  an answer of another version is refused.\n"
    "Exit: 0 done, 1 refused by the server, 2 wrong call, 3 untrusted answer or invalid file, 4 server unreachable, 5 corrupt download.\n";

struct Failure {
    Exit exit;
    json detail;
};

[[noreturn]] void fail(Exit exit, const std::string& message, json detail = json::object()) {
    detail["message"] = message;
    throw Failure{exit, detail};
}

struct Options {
    std::string command;
    std::map<std::string, std::string> values;

    std::string get(const std::string& name, const std::string& fallback = "") const {
        const auto found = values.find(name);
        return found == values.end() ? fallback : found->second;
    }
    std::string require(const std::string& name) const {
        const auto value = get(name);
        if (value.empty()) fail(Usage, "--" + name + " is required for " + command + ".");
        return value;
    }
};

Options parse(int argc, char** argv) {
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg.rfind("--", 0) == 0) {
            if (i + 1 >= argc) fail(Usage, arg + " needs a value.");
            options.values[arg.substr(2)] = argv[++i];
        } else if (options.command.empty()) {
            options.command = arg;
        } else {
            fail(Usage, "unexpected argument " + arg);
        }
    }
    if (options.command.empty()) fail(Usage, "a command is required.");
    return options;
}

std::string trim(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    return first == std::string::npos ? "" : text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

std::string upper(std::string text) {
    for (auto& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return text;
}

std::optional<std::string> readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void writeFile(const fs::path& path, const std::string& text) {
    if (!path.parent_path().empty()) fs::create_directories(path.parent_path());  // a bare file name goes to the working folder
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) fail(Usage, "cannot write " + path.string() + ".");
}

class Plugin {
public:
    explicit Plugin(Options options)
        : options_(std::move(options)),
          server_(trim(options_.get("server"))),
          publicKey_(options_.require("public-key")),
          fingerprint_(trim(options_.require("fingerprint"))),
          stateDir_(options_.get("state-dir", "producthub-state")) {
        while (!server_.empty() && server_.back() == '/') server_.pop_back();
        try {
            productId_ = std::stoll(options_.require("product-id"));
        } catch (const std::logic_error&) {
            fail(Usage, "--product-id must be the product's id (a number).");
        }
    }

    json run() {
        const auto& command = options_.command;
        if (command == "trial") return trial();
        if (command == "activate") return activate();
        if (command == "activate-in-browser") return activateInBrowser();
        if (command == "verify") return verifyOffline();
        if (command == "validate") return validate();
        if (command == "deactivate") return deactivate();
        if (command == "revocations") return revocations();
        if (command == "check-updates") return updateReport(checkUpdates().document);
        if (command == "download") return download();
        if (command == "request-offline") return requestOffline();
        if (command == "install-offline") return installOffline();
        if (command == "checkout") return options_.get("hold-seconds").empty() ? checkout() : holdSeat();
        if (command == "heartbeat") return renewLease();
        if (command == "checkin") return checkin();
        if (command == "borrow") return borrow();
        if (command == "features") return features();
        fail(Usage, "unknown command " + command);
    }

private:
    fs::path licensePath() const { return fs::path(stateDir_) / "license.ops"; }
    fs::path trialPath() const { return fs::path(stateDir_) / "trial.json"; }
    fs::path leasePath() const { return fs::path(stateDir_) / "lease.json"; }
    /** The offline commands need no server; every other command calls one. */
    std::string api(const std::string& path) const {
        if (server_.empty()) fail(Usage, "--server is required for " + options_.command + ".");
        return server_ + "/api/v1/clients/app" + path;
    }

    /** A 2xx or 304 answer, else the server's refusal with its messages. */
    example::HttpAnswer call(const std::string& path, const std::optional<json>& body, const std::string& etag = "") {
        example::HttpAnswer answer;
        try {
            answer = example::request(api(path), body ? std::optional(body->dump()) : std::nullopt, etag);
        } catch (const example::NetworkError& error) {
            fail(Unreachable, error.what());
        }
        if ((answer.status >= 200 && answer.status < 300) || answer.status == 304) return answer;
        refused(answer);
    }

    [[noreturn]] void refused(const example::HttpAnswer& answer) {
        const json body = json::parse(answer.body, nullptr, false);
        json messages = body.is_object() && body.contains("message") ? body["message"] : json::array();
        if (!messages.is_array()) messages = json::array({messages});
        json detail = {{"status", answer.status}, {"messages", messages}};
        if (!answer.retryAfter.empty()) detail["retry_after_seconds"] = std::stol(answer.retryAfter);
        const std::string first = messages.empty() ? "" : messages[0].is_string() ? messages[0].get<std::string>() : messages[0].dump();
        fail(Refused, first.empty() ? "the server answered " + std::to_string(answer.status) : first, detail);
    }

    /** Answers signed more than a day from this machine's clock are replays (or the clock is wrong). */
    static Verification fresh(Verification result) { return checkFreshness(std::move(result), std::time(nullptr), 86400); }

    static json trusted(const Verification& result) {
        if (!result) fail(Untrusted, result.message, {{"reason", rejectionName(result.reason)}});
        return result.document;
    }

    /** The saved licence file, verified again (a file on disk is as untrusted as the network). */
    std::optional<json> savedLicense() {
        const auto text = readFile(licensePath());
        if (!text) return std::nullopt;
        return trusted(verifyLicenseFile(*text, publicKey_, fingerprint_, productIdentifier()));
    }

    std::optional<std::string> productIdentifier() const {
        const auto identifier = options_.get("product-identifier");
        return identifier.empty() ? std::nullopt : std::optional(identifier);
    }

    std::string serial() {
        if (!options_.get("serial").empty()) return upper(trim(options_.get("serial")));
        if (const auto license = savedLicense()) return (*license)["serial"].get<std::string>();
        fail(Usage, "--serial is required (no license.ops in " + stateDir_ + ").");
    }

    json trial() {
        const auto answer = call("/trials", json{{"product_id", productId_}, {"hardware_fingerprint", fingerprint_}});
        const json trial = trusted(verifyTrialFile(answer.body, publicKey_, productId_, fingerprint_, std::nullopt));
        writeFile(trialPath(), answer.body);
        const auto expiresAt = signedTimeToUnix(trial["expires_at"].get<std::string>());
        return {{"created", answer.status == 201}, {"expired", *expiresAt <= std::time(nullptr)}, {"started_at", trial["started_at"]},
                {"expires_at", trial["expires_at"]}, {"file", trialPath().string()}};
    }

    /**
     * The name reported for this machine, never signed: --machine-name as given (trimmed; the server's rules apply,
     * an empty one reports none), else the host name made into one the server takes (or none).
     */
    std::optional<std::string> machineName() const {
        const auto given = options_.values.find("machine-name");
        if (given != options_.values.end()) {
            const std::string name = trim(given->second);
            return name.empty() ? std::nullopt : std::optional(name);
        }
        char host[256] = {};
        if (gethostname(host, sizeof host - 1) != 0) return std::nullopt;
        return machineNameOf(host);
    }

    json activate() {
        json body = {{"product_id", productId_}, {"serial", upper(trim(options_.require("serial")))}, {"hardware_fingerprint", fingerprint_},
                     {"hardware_fingerprint_version", 2}, {"signature_seed_version", std::stoi(options_.get("seed-version", "5"))}};
        if (const auto name = machineName()) body["machine_name"] = *name;
        const std::string version = options_.get("license-file-version", "1");
        if (version != "1" && version != "2") fail(Usage, "--license-file-version must be 1 or 2.");
        if (version == "2") body["license_file_version"] = 2;
        const auto answer = call("/activations", body);
        const json license = trusted(verifyLicenseFile(answer.body, publicKey_, fingerprint_, productIdentifier()));
        // An older answer than asked for would lack the terms: never save it as if it had them.
        if (license["format_version"] != std::stoi(version))
            fail(Untrusted, "the license file is version " + license["format_version"].dump() + ", not the version " + version + " asked for.",
                 {{"reason", "unsupported-version"}});
        writeFile(licensePath(), answer.body);
        json result = {{"serial", license["serial"]}, {"license_type", license["license_type"]}, {"user_email", license["user_email"]},
                       {"issued_at", license["issued_at"]}, {"file", licensePath().string()}};
        if (version == "2") result.update(termsOf(license));
        return result;
    }

    /** The terms of a verified licence file, as the plugin acts on them (a version 1 file: none). */
    static json termsOf(const json& license) {
        json terms = example::termsReport(license, std::time(nullptr));
        terms["format_version"] = license["format_version"];
        return terms;
    }

    /** What the saved licence unlocks, checked offline: its edition, features, expiry (with grace) and maintenance end. */
    json features() {
        const auto text = readFile(licensePath());
        if (!text) fail(Untrusted, "no license.ops in " + stateDir_ + ".", {{"reason", "missing"}});
        const json license = trusted(verifyLicenseFile(*text, publicKey_, fingerprint_, productIdentifier()));
        json result = termsOf(license);
        result["serial"] = license["serial"];
        return withNotice(std::move(result));
    }

    /** A licence past its expiry and grace is refused (exit 1); within the grace it works, and the user is told to renew. */
    static json withNotice(json report) {
        const std::string notice = example::termsNotice(report);
        if (report["expired"].get<bool>()) fail(Refused, notice, report);
        if (!notice.empty()) {
            report["notice"] = notice;
            std::cerr << notice << "\n";
        }
        return report;
    }

    int answerVersion() const {
        const std::string version = options_.get("answer-version", "2");
        if (version != "1" && version != "2") fail(Usage, "--answer-version must be 1 or 2.");
        return version == "2" ? 2 : 1;
    }

    /** A proxy must not answer another version than asked: the terms would be missing, or not the ones asked for. */
    static void requireVersion(bool isV2, int asked, const std::string& label) {
        if (isV2 == (asked == 2)) return;
        fail(Untrusted, "the " + label + " is version " + (isV2 ? "2" : "1") + ", not the version " + std::to_string(asked) + " asked for.",
             {{"reason", "unsupported-version"}});
    }

    /** The library's transport for browser activation: libcurl, one call at a time. */
    PostJson post() {
        return [this](const std::string& path, const std::string& body) {
            const auto answer = example::request(api(path), body);
            return HttpReply{answer.status, answer.body, answer.retryAfter};
        };
    }

    /** Opens `url` with the desktop's opener if there is one (xdg-open, else open); the code on stderr is the fallback. */
    static void openBrowser(const std::string& url) {
        for (const char* opener : {"xdg-open", "open"}) {
            std::string program = opener;
            std::string address = url;
            char* argv[] = {program.data(), address.data(), nullptr};
            pid_t pid = 0;
            if (posix_spawnp(&pid, opener, nullptr, nullptr, argv, environ) == 0) return;
        }
    }

    /** Activation through the browser: start, show the code and address, open the browser, poll, save the file. */
    json activateInBrowser() {
        signal(SIGCHLD, SIG_IGN);  // the browser opener is not waited for
        BrowserActivationStart start;
        start.productId = productId_;
        start.hardwareFingerprint = fingerprint_;
        start.signatureSeedVersion = std::stoi(options_.get("seed-version", "5"));
        start.machineName = machineName();
        const std::string version = options_.get("license-file-version", "1");
        if (version != "1" && version != "2") fail(Usage, "--license-file-version must be 1 or 2.");
        start.licenseFileVersion = std::stoi(version);
        BrowserActivationRequest request;
        try {
            request = startBrowserActivation(post(), start, server_, std::time(nullptr));
        } catch (const example::NetworkError& error) {
            fail(Unreachable, error.what());
        } catch (const BrowserActivationRefused& refusal) {
            json detail = {{"status", refusal.status}, {"messages", json::array({refusal.what()})}};
            if (!refusal.retryAfter.empty()) detail["retry_after_seconds"] = std::stol(refusal.retryAfter);
            fail(Refused, refusal.what(), detail);
        }
        std::cerr << "To activate, open " << request.verificationUriComplete << "\n"
                  << "and check that it shows the code " << request.userCode << " (or enter it at " << request.verificationUri << ").\n"
                  << std::flush;
        if (options_.get("open-browser", "yes") != "no") openBrowser(request.verificationUriComplete);
        BrowserActivationWaiting waiting;
        waiting.onPending = [](int interval) { std::cerr << "Waiting for the approval (next check in " << interval << " s)...\n" << std::flush; };
        const auto result = waitForBrowserActivation(post(), request, publicKey_, productIdentifier(), waiting);
        const json about = {{"outcome", outcomeName(result.outcome)}, {"user_code", request.userCode}};
        if (result.outcome == BrowserActivationOutcome::Untrusted)
            fail(Untrusted, result.message, {{"reason", rejectionName(result.license.reason)}, {"outcome", "untrusted"}});
        if (result.outcome != BrowserActivationOutcome::Activated) {
            json detail = about;
            if (result.status) detail["status"] = result.status;
            fail(Refused, result.message, detail);
        }
        writeFile(licensePath(), result.licenseText);
        const json& license = result.license.document;
        return {{"outcome", "activated"}, {"user_code", request.userCode}, {"serial", license["serial"]}, {"license_type", license["license_type"]},
                {"user_email", license["user_email"]}, {"issued_at", license["issued_at"]}, {"file", licensePath().string()}};
    }

    json verifyOffline() {
        if (const auto text = readFile(licensePath())) {
            const json license = trusted(verifyLicenseFile(*text, publicKey_, fingerprint_, productIdentifier()));
            json result = {{"kind", "license"}, {"serial", license["serial"]}, {"license_type", license["license_type"]}, {"format_version", license["format_version"]}};
            // A version 2 file's own expiry (with its grace) holds offline too.
            if (license["format_version"] == 2) result.update(withNotice(termsOf(license)));
            return result;
        }
        if (const auto text = readFile(trialPath())) {
            const json trial = trusted(verifyTrialFile(*text, publicKey_, productId_, fingerprint_, std::time(nullptr)));
            return {{"kind", "trial"}, {"expires_at", trial["expires_at"]}};
        }
        fail(Untrusted, "no license.ops or trial.json in " + stateDir_ + ".", {{"reason", "missing"}});
    }

    json withdraw(const std::string& why) {
        fs::remove(licensePath());
        return {{"withdrawn", true}, {"withdrawal", why}};
    }

    /**
     * The licence's signed state for this request (a fresh nonce). Version 2 also reports the licence's terms now and
     * whether the saved version 2 file still signs the same ones (a renewal or an edition change: activate again).
     */
    json validate() {
        const std::string serialNumber = serial();
        const std::string nonce = randomNonce();
        const int version = answerVersion();
        json body = {{"product_id", productId_}, {"serial", serialNumber}, {"hardware_fingerprint", fingerprint_}, {"nonce", nonce}};
        if (version == 2) body["answer_version"] = 2;
        const auto answer = call("/validations", body);
        json state = trusted(fresh(verifyStateDocument(answer.body, publicKey_, productId_, serialNumber, fingerprint_, nonce)));
        requireVersion(stateIsV2(state), version, "state document");
        json result = {{"answer_version", version},           {"license_enabled", state["license_enabled"]}, {"disabled_reason", state["disabled_reason"]},
                       {"machine_activated", state["machine_activated"]}, {"withdrawn", false}};
        if (!stateAllowsUse(state) && fs::exists(licensePath())) {
            result.update(withdraw(state["license_enabled"].get<bool>() ? "machine-deactivated" : "license-disabled"));
            return result;
        }
        if (version == 2) {
            result.update(example::termsReport(state, std::time(nullptr)));
            // A saved file that no longer verifies is not this answer's concern: `verify` reports it.
            const auto text = readFile(licensePath());
            const auto license = text ? verifyLicenseFile(*text, publicKey_, fingerprint_, productIdentifier()) : Verification{};
            if (license && license.document["format_version"] == 2) result["license_file_current"] = example::sameTerms(license.document, state);
            std::string notice = example::termsNotice(result);
            if (result.value("license_file_current", true) == false)
                notice += std::string(notice.empty() ? "" : " ") + "The license's terms changed: activate again for a license file that carries them.";
            if (!notice.empty()) {
                result["notice"] = notice;
                std::cerr << notice << "\n";
            }
        }
        return result;
    }

    json deactivate() {
        const auto answer = call("/deactivations", json{{"product_id", productId_}, {"serial", serial()}, {"hardware_fingerprint", fingerprint_}});
        fs::remove(licensePath());
        return json::parse(answer.body);
    }

    json revocations() {
        const auto license = savedLicense();
        std::string since = options_.get("since");
        std::size_t licenses = 0, machines = 0;
        std::optional<std::string> withdrawal;
        for (int page = 0; page < 100; ++page) {  // bounded: 5000 entries a page
            std::string query = "?hardware_fingerprint=" + example::escape(fingerprint_) + (since.empty() ? "" : "&since=" + example::escape(since));
            const auto answer = call("/products/" + std::to_string(productId_) + "/revocations" + query, std::nullopt);
            const json list = trusted(fresh(verifyRevocationList(answer.body, publicKey_, productId_, fingerprint_, since)));
            licenses += list["licenses"].size();
            machines += list["machines"].size();
            if (license && !withdrawal) withdrawal = findWithdrawal(list, (*license)["serial"].get<std::string>(), fingerprint_);
            if (list["complete"].get<bool>()) break;
            std::string last;
            if (!list["licenses"].empty()) last = list["licenses"].back()["changed_at"].get<std::string>();
            if (!list["machines"].empty()) last = std::max(last, list["machines"].back()["deactivated_at"].get<std::string>());
            if (last.empty() || last == since) break;
            since = last;
        }
        json result = {{"licenses", licenses}, {"machines", machines}, {"withdrawn", false}};
        if (withdrawal) result.update(withdraw(*withdrawal));
        return result;
    }

    struct Update {
        json document;
    };

    Update checkUpdates() {
        json body = {{"product_id", productId_}, {"hardware_fingerprint", fingerprint_}, {"current_version", options_.require("current-version")}, {"os", options_.require("os")}};
        if (!options_.get("serial").empty() || fs::exists(licensePath())) body["serial"] = serial();
        const int version = answerVersion();
        if (version == 2) body["answer_version"] = 2;
        const auto answer = call("/update-checks", body);
        Update update{trusted(fresh(verifyUpdateAnswer(answer.body, publicKey_, productId_, fingerprint_, body["current_version"], body["os"])))};
        requireVersion(updateIsV2(update.document), version, "update answer");
        return update;
    }

    /** The verified answer, and for version 2 the release a renewal of updates would bring (told on stderr too). */
    static json updateReport(json update) {
        if (!updateIsV2(update)) return update;
        const json window = example::maintenanceReport(update);
        if (!window["notice"].get<std::string>().empty()) std::cerr << window["notice"].get<std::string>() << "\n";
        update.update(window);
        return update;
    }

    json download() {
        const json update = checkUpdates().document;
        const json window = updateIsV2(update) ? example::maintenanceReport(update) : json::object();
        if (!update["update_available"].get<bool>()) {
            json result = {{"update_available", false}, {"files", json::array()}};
            result.update(window);
            return result;
        }
        const fs::path out = options_.get("out", ".");
        fs::create_directories(out);
        json files = json::array();
        for (const json& file : update["files"]) files.push_back(downloadFile(file, out));
        json result = {{"update_available", true}, {"version", update["version"]}, {"files", files}};
        result.update(window);
        return result;
    }

    /** Streams one signed file to OUT/name.part, hashing on the way; only the signed size and SHA-256 is kept. */
    json downloadFile(const json& file, const fs::path& out) {
        const std::string name = file["name"].get<std::string>();
        if (name.empty() || name.find('/') != std::string::npos || name.find('\\') != std::string::npos || name == "." || name == "..")
            fail(Untrusted, "the update names a file that is not a plain file name: " + name, {{"reason", "malformed"}});
        const std::uint64_t expectedSize = file["size"].get<std::uint64_t>();
        const fs::path target = out / name, partial = out / (name + ".part");
        std::ofstream sink(partial, std::ios::binary | std::ios::trunc);
        crypto_hash_sha256_state hash;
        crypto_hash_sha256_init(&hash);
        std::uint64_t size = 0;
        example::HttpAnswer answer;
        try {
            answer = example::stream(server_ + file["url"].get<std::string>(), [&](const char* data, std::size_t length) {
                size += length;
                if (size > expectedSize) return false;
                crypto_hash_sha256_update(&hash, reinterpret_cast<const unsigned char*>(data), length);
                sink.write(data, static_cast<std::streamsize>(length));
                return static_cast<bool>(sink);
            });
        } catch (const example::NetworkError& error) {
            fs::remove(partial);
            fail(Unreachable, error.what());
        }
        sink.close();
        if (answer.status != 200) {
            fs::remove(partial);
            refused(answer);
        }
        unsigned char digest[crypto_hash_sha256_BYTES];
        crypto_hash_sha256_final(&hash, digest);
        char hex[crypto_hash_sha256_BYTES * 2 + 1];
        sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
        if (size != expectedSize || hex != file["sha256"].get<std::string>()) {
            fs::remove(partial);
            fail(Corrupt, name + " did not arrive as signed: " + std::to_string(size) + " bytes, SHA-256 " + hex, {{"expected_size", expectedSize}, {"expected_sha256", file["sha256"]}});
        }
        fs::rename(partial, target);
        return {{"name", name}, {"path", target.string()}, {"size", size}, {"sha256", hex}};
    }

    /** The offline activation request for this machine: the customer uploads it in the portal from an online computer. */
    json requestOffline() {
        char createdAt[sizeof "2026-01-01T00:00:00Z"];
        const std::time_t now = std::time(nullptr);
        std::strftime(createdAt, sizeof createdAt, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
        const int seedVersion = std::stoi(options_.get("seed-version", "5"));
        if (productId_ <= 0 || seedVersion < 0) fail(Usage, "--product-id and --seed-version must be whole numbers.");
        // Unsigned: the encoding's whole numbers are never negative.
        json members = {{"product_id", static_cast<std::uint64_t>(productId_)},
                        {"product_identifier", options_.require("product-identifier")},
                        {"serial", upper(trim(options_.require("serial")))},
                        {"hardware_fingerprint", fingerprint_},
                        {"hardware_fingerprint_version", 2U},
                        {"signature_seed_version", static_cast<unsigned>(seedVersion)},
                        {"plugin_version", options_.get("plugin-version", "1.0.0")},
                        {"created_at", createdAt}};
        if (const auto name = machineName()) members["machine_name"] = *name;
        std::string text;
        try {
            text = writeOfflineRequest(members);
        } catch (const std::invalid_argument& error) {
            fail(Usage, std::string("the request cannot be written: ") + error.what() + ".");
        }
        const fs::path out = options_.require("out");
        writeFile(out, text);
        return {{"file", out.string()}, {"serial", members["serial"]}, {"hardware_fingerprint", fingerprint_},
                {"machine_name", members.value("machine_name", json())}, {"checksum", json::parse(text)["checksum"]}};
    }

    /** The portal's answer carried back: verified like an online activation's (this key, machine, product), then kept. */
    json installOffline() {
        const fs::path file = options_.require("file");
        const auto text = readFile(file);
        if (!text) fail(Usage, "cannot read " + file.string() + ".");
        const json license = trusted(verifyLicenseFile(*text, publicKey_, fingerprint_, std::optional(options_.require("product-identifier"))));
        writeFile(licensePath(), *text);
        return {{"serial", license["serial"]}, {"license_type", license["license_type"]}, {"user_email", license["user_email"]},
                {"issued_at", license["issued_at"]}, {"file", licensePath().string()}};
    }

    // Floating seats: every lease the server answers is verified by the library before it is saved or used.

    SeatMachine seatMachine(const std::string& serialNumber) const {
        SeatMachine machine;
        machine.productId = productId_;
        machine.serial = upper(trim(serialNumber));
        machine.hardwareFingerprint = fingerprint_;
        machine.machineName = machineName();
        return machine;
    }

    /** The lease saved by checkout or borrow, verified again (expired or not: the server says what it is now). */
    Lease savedLease() {
        const auto text = readFile(leasePath());
        if (!text) fail(Usage, "no lease.json in " + stateDir_ + ": check out a seat first.");
        const json parsed = json::parse(*text, nullptr, false);
        const std::string serialNumber = parsed.is_object() && parsed.contains("serial") && parsed["serial"].is_string() ? parsed["serial"].get<std::string>() : "";
        const Verification verified = verifyLease(*text, publicKey_, seatMachine(serialNumber));
        const json document = trusted(verified);
        Lease lease;
        lease.text = *text;
        lease.document = document;
        lease.leaseId = document["lease_id"].get<std::string>();
        lease.borrowed = document["borrowed"].get<bool>();
        return lease;
    }

    static json leaseSummary(const Lease& lease) {
        const json& d = lease.document;
        return {{"lease_id", d["lease_id"]}, {"serial", d["serial"]}, {"borrowed", d["borrowed"]}, {"expires_at", d["expires_at"]},
                {"edition", d["edition"]}, {"features", d["features"]}, {"issued_at", d["issued_at"]}};
    }

    /** A seat call's failure as the plugin's exit: the server's refusal (with frees_at), an untrusted lease, no server. */
    template <typename Call>
    auto seatCall(Call call) -> decltype(call()) {
        try {
            return call();
        } catch (const SeatRefused& refusal) {
            json detail = {{"status", refusal.status}, {"messages", refusal.messages}};
            if (!refusal.freesAt.empty()) detail["frees_at"] = refusal.freesAt;
            if (!refusal.retryAfter.empty()) detail["retry_after_seconds"] = std::stol(refusal.retryAfter);
            fail(Refused, refusal.what(), detail);
        } catch (const SeatUntrusted& untrusted) {
            fail(Untrusted, untrusted.what(), {{"reason", rejectionName(untrusted.reason)}});
        } catch (const example::NetworkError& error) {
            fail(Unreachable, error.what());
        }
    }

    json saved(const Lease& lease) {
        writeFile(leasePath(), lease.text);
        json result = leaseSummary(lease);
        result["file"] = leasePath().string();
        return result;
    }

    json checkout() {
        const SeatMachine machine = seatMachine(options_.require("serial"));
        return saved(seatCall([&] { return checkoutSeat(post(), machine, publicKey_); }));
    }

    json borrow() {
        const SeatMachine machine = seatMachine(options_.require("serial"));
        int days = 0;
        try {
            days = std::stoi(options_.require("days"));
        } catch (const std::logic_error&) {
            fail(Usage, "--days must be a whole number of days.");
        }
        return saved(seatCall([&] { return borrowSeat(post(), machine, days, publicKey_); }));
    }

    json renewLease() {
        const Lease lease = savedLease();
        const SeatMachine machine = seatMachine(lease.document["serial"].get<std::string>());
        return saved(seatCall([&] { return heartbeat(post(), machine, lease.leaseId, publicKey_); }));
    }

    json checkin() {
        const Lease lease = savedLease();
        const SeatMachine machine = seatMachine(lease.document["serial"].get<std::string>());
        const json answer = seatCall([&] { return checkinSeat(post(), machine, lease.leaseId); });
        fs::remove(leasePath());
        return answer;
    }

    static std::atomic<bool>& stopRequested() {
        static std::atomic<bool> requested{false};
        return requested;
    }

    /**
     * What a plugin does while it runs: FloatingSeat holds the seat (renewing it on its own thread) until the plugin
     * closes — here after --hold-seconds or at SIGTERM/SIGINT — and checks it in as it goes out of scope.
     */
    json holdSeat() {
        long seconds = 0;
        try {
            seconds = std::stol(options_.require("hold-seconds"));
        } catch (const std::logic_error&) {
            fail(Usage, "--hold-seconds must be a whole number of seconds.");
        }
        const SeatMachine machine = seatMachine(options_.require("serial"));
        signal(SIGTERM, [](int) { stopRequested() = true; });
        signal(SIGINT, [](int) { stopRequested() = true; });
        std::atomic<int> renewals{0};
        FloatingSeatOptions seatOptions;
        seatOptions.onRenewed = [&renewals](const Lease& lease) {
            ++renewals;
            std::cerr << "Renewed the seat until " << lease.document["expires_at"].get<std::string>() << "\n" << std::flush;
        };
        seatOptions.onLost = [](const std::string& reason) { std::cerr << "Lost the seat: " << reason << "\n" << std::flush; };
        json result;
        {
            std::optional<FloatingSeat> seat;
            seatCall([&] {
                seat.emplace(post(), machine, publicKey_, seatOptions);
                return 0;
            });
            const Lease first = seat->lease();
            std::cerr << "Holding the seat (lease " << first.leaseId << ") until " << first.document["expires_at"].get<std::string>() << "\n" << std::flush;
            const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
            while (!stopRequested() && std::chrono::steady_clock::now() < until && seat->held())
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
            result = leaseSummary(seat->lease());
            result["renewals"] = renewals.load();
            if (const auto lost = seat->lostReason()) fail(Refused, *lost, {{"lease_id", first.leaseId}, {"renewals", renewals.load()}});
            seat.reset();  // the destructor stops the renewals and checks the seat in
        }
        return result;
    }

    Options options_;
    std::string server_;
    std::string publicKey_;
    std::string fingerprint_;
    std::string stateDir_;
    std::int64_t productId_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
    std::string command;
    try {
        Options options = parse(argc, argv);
        command = options.command;
        json result = Plugin(std::move(options)).run();
        result["ok"] = true;
        result["command"] = command;
        std::cout << result.dump() << std::endl;
        return Ok;
    } catch (const Failure& failure) {
        json result = failure.detail;
        result["ok"] = false;
        result["command"] = command;
        result["exit"] = failure.exit;
        std::cout << result.dump() << std::endl;
        std::cerr << "producthub-plugin: " << result["message"].get<std::string>() << "\n";
        if (failure.exit == Usage) std::cerr << kUsage;
        return failure.exit;
    } catch (const std::exception& error) {
        std::cout << json{{"ok", false}, {"command", command}, {"exit", Untrusted}, {"message", error.what()}}.dump() << std::endl;
        std::cerr << "producthub-plugin: " << error.what() << "\n";
        return Untrusted;
    }
}
