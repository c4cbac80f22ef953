#include "producthub/browser-activation.hpp"

#include <algorithm>
#include <ctime>
#include <thread>

using json = nlohmann::json;

namespace producthub {

namespace {

std::string firstMessage(const json& body, long status) {
    if (body.is_object() && body.contains("message")) {
        const auto& message = body["message"];
        if (message.is_array() && !message.empty() && message[0].is_string()) return message[0].get<std::string>();
        if (message.is_string()) return message.get<std::string>();
    }
    return "the server answered " + std::to_string(status);
}

std::string absolute(const std::string& address, const std::string& serverUrl) {
    if (address.rfind("http://", 0) == 0 || address.rfind("https://", 0) == 0) return address;
    std::string base = serverUrl;
    while (!base.empty() && base.back() == '/') base.pop_back();
    return base + address;
}

std::int64_t secondsOf(const std::string& retryAfter) {
    try {
        return retryAfter.empty() ? 0 : std::max<std::int64_t>(0, std::stoll(retryAfter));
    } catch (const std::exception&) {
        return 0;
    }
}

BrowserActivationResult ending(BrowserActivationOutcome outcome, std::string message, long status = 0) {
    BrowserActivationResult result;
    result.outcome = outcome;
    result.message = std::move(message);
    result.status = status;
    return result;
}

}  // namespace

const char* outcomeName(BrowserActivationOutcome outcome) {
    switch (outcome) {
        case BrowserActivationOutcome::Activated: return "activated";
        case BrowserActivationOutcome::Expired: return "expired";
        case BrowserActivationOutcome::Denied: return "denied";
        case BrowserActivationOutcome::Unknown: return "unknown";
        case BrowserActivationOutcome::Untrusted: return "untrusted";
        case BrowserActivationOutcome::Refused: return "refused";
        case BrowserActivationOutcome::Cancelled: return "cancelled";
    }
    return "unknown";
}

BrowserActivationRequest startBrowserActivation(const PostJson& post, const BrowserActivationStart& start, const std::string& serverUrl,
                                                std::int64_t nowUnixSeconds) {
    json body = {{"product_id", start.productId},
                 {"hardware_fingerprint", start.hardwareFingerprint},
                 {"hardware_fingerprint_version", 2},
                 {"signature_seed_version", start.signatureSeedVersion}};
    if (start.machineName && !start.machineName->empty()) body["machine_name"] = *start.machineName;
    if (start.licenseFileVersion == 2) body["license_file_version"] = 2;
    const HttpReply reply = post("/browser-activations", body.dump());
    const json answer = json::parse(reply.body, nullptr, false);
    if (reply.status != 201) throw BrowserActivationRefused(reply.status, firstMessage(answer, reply.status), reply.retryAfter);
    try {
        BrowserActivationRequest request;
        request.productId = start.productId;
        request.hardwareFingerprint = start.hardwareFingerprint;
        request.licenseFileVersion = start.licenseFileVersion == 2 ? 2 : 1;
        request.userCode = answer.at("user_code").get<std::string>();
        request.verificationUri = absolute(answer.at("verification_uri").get<std::string>(), serverUrl);
        request.verificationUriComplete = absolute(answer.at("verification_uri_complete").get<std::string>(), serverUrl);
        request.deviceCode = answer.at("device_code").get<std::string>();
        request.expiresAtUnix = nowUnixSeconds + answer.at("expires_in").get<std::int64_t>();
        request.intervalSeconds = std::max(1, answer.at("interval").get<int>());
        return request;
    } catch (const json::exception&) {
        throw std::invalid_argument("the server's answer is not an activation request");
    }
}

BrowserActivationPoll readBrowserActivationPoll(const HttpReply& reply, const BrowserActivationRequest& request, const std::string& publicKeyBase64,
                                                const std::optional<std::string>& productIdentifier) {
    BrowserActivationPoll poll;
    if (reply.status == 200) {
        poll.result.license = verifyLicenseFile(reply.body, publicKeyBase64, request.hardwareFingerprint, productIdentifier);
        if (!poll.result.license) {
            poll.result.outcome = BrowserActivationOutcome::Untrusted;
            poll.result.message = poll.result.license.message;
            return poll;
        }
        // A proxy must not answer an older version than the plugin asked for: the terms would be missing.
        if (poll.result.license.document.value("format_version", 0) != request.licenseFileVersion) {
            const std::string message = "the license file is version " + poll.result.license.document["format_version"].dump() +
                                        ", not the version " + std::to_string(request.licenseFileVersion) + " asked for.";
            poll.result.license = Verification{false, Rejection::UnsupportedVersion, message, nullptr};
            poll.result.outcome = BrowserActivationOutcome::Untrusted;
            poll.result.message = message;
            return poll;
        }
        poll.result.outcome = BrowserActivationOutcome::Activated;
        poll.result.licenseText = reply.body;
        return poll;
    }
    const json body = json::parse(reply.body, nullptr, false);
    const std::string message = firstMessage(body, reply.status);
    if (reply.status == 404) return {false, 0, ending(BrowserActivationOutcome::Unknown, message, 404)};
    const std::string error = body.is_object() && body.contains("error") && body["error"].is_string() ? body["error"].get<std::string>() : "";
    if (reply.status == 400 && (error == "authorization_pending" || error == "slow_down")) {
        poll.pending = true;
        poll.intervalSeconds = body.contains("interval") && body["interval"].is_number_integer() ? std::max(1, body["interval"].get<int>()) : request.intervalSeconds;
        return poll;
    }
    if (reply.status == 400 && error == "expired_token") return {false, 0, ending(BrowserActivationOutcome::Expired, message, 400)};
    if (reply.status == 400 && error == "access_denied") return {false, 0, ending(BrowserActivationOutcome::Denied, message, 400)};
    return {false, 0, ending(BrowserActivationOutcome::Refused, message, reply.status)};
}

BrowserActivationResult waitForBrowserActivation(const PostJson& post, const BrowserActivationRequest& request, const std::string& publicKeyBase64,
                                                 const std::optional<std::string>& productIdentifier, BrowserActivationWaiting waiting) {
    if (!waiting.now) waiting.now = [] { return static_cast<std::int64_t>(std::time(nullptr)); };
    if (!waiting.pause) {
        const auto cancelled = waiting.cancelled;
        waiting.pause = [cancelled](std::chrono::milliseconds duration) {
            const auto until = std::chrono::steady_clock::now() + duration;
            while (std::chrono::steady_clock::now() < until && !cancelled())
                std::this_thread::sleep_for(std::min<std::chrono::milliseconds>(std::chrono::milliseconds(100),
                    std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now()) + std::chrono::milliseconds(1)));
        };
    }
    const json body = {{"product_id", request.productId}, {"device_code", request.deviceCode}, {"hardware_fingerprint", request.hardwareFingerprint}};
    int interval = request.intervalSeconds;
    for (;;) {
        if (waiting.cancelled()) return ending(BrowserActivationOutcome::Cancelled, "cancelled");
        waiting.pause(std::chrono::seconds(interval));
        if (waiting.cancelled()) return ending(BrowserActivationOutcome::Cancelled, "cancelled");
        // Past the expiry by a whole interval and still no answer (the server unreachable): the request is over.
        if (waiting.now() >= request.expiresAtUnix + interval)
            return ending(BrowserActivationOutcome::Expired, "The activation request has expired: start a new one.");
        HttpReply reply;
        try {
            reply = post("/browser-activations/poll", body.dump());
        } catch (const std::exception&) {
            continue;  // unreachable for now: ask again after the interval
        }
        if (reply.status == 429 || reply.status >= 500) {
            interval = static_cast<int>(std::max<std::int64_t>(interval, secondsOf(reply.retryAfter)));
            continue;
        }
        const BrowserActivationPoll poll = readBrowserActivationPoll(reply, request, publicKeyBase64, productIdentifier);
        if (!poll.pending) return poll.result;
        interval = poll.intervalSeconds;
        waiting.onPending(interval);
    }
}

}  // namespace producthub
