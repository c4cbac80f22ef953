// Activation through the browser (RFC 8628's device flow, docs/client-integration.md): the plugin starts a request,
// shows the code and opens the portal page, the customer approves it there, the plugin polls until its licence file
// arrives. Transport-free: the caller hands in how to POST JSON (libcurl, JUCE's URL, ...) and, if it likes, how to
// wait, so the same code serves a command-line tool and a plugin's background thread.
#pragma once

#include "producthub/verify.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

namespace producthub {

/** An HTTP answer as the transport got it; `retryAfter` is the Retry-After header ("" when none). */
struct HttpReply {
    long status = 0;
    std::string body;
    std::string retryAfter;
};

/**
 * POSTs `jsonBody` to the client API path (`/browser-activations`, relative to `<server>/api/v1/clients/app`) and
 * answers whatever status came back. Throws (any std::exception) when the server cannot be reached at all.
 */
using PostJson = std::function<HttpReply(const std::string& path, const std::string& jsonBody)>;

/** What the plugin sends to start: its product and machine, as for an activation, without a serial. */
struct BrowserActivationStart {
    std::int64_t productId = 0;
    std::string hardwareFingerprint;
    int signatureSeedVersion = 5;
    /** The name the customer sees for this machine (not signed); see machineNameOf. */
    std::optional<std::string> machineName;
    /** 2: the approved licence file carries the licence's terms (docs/licence-file.md "Format version 2"); else 1. */
    int licenseFileVersion = 1;
};

/** A started request: show `userCode`, open `verificationUriComplete`; keep the rest for polling. */
struct BrowserActivationRequest {
    std::int64_t productId = 0;
    std::string hardwareFingerprint;
    std::string userCode;
    std::string verificationUri;
    std::string verificationUriComplete;
    /** The secret the plugin polls with: never show or log it. */
    std::string deviceCode;
    std::int64_t expiresAtUnix = 0;
    int intervalSeconds = 5;
    /** The licence file version asked for: a file of another version is Untrusted (UnsupportedVersion). */
    int licenseFileVersion = 1;
};

/** The server refused to start (`status` and its first message), e.g. 404 an unknown product, 429 too many calls. */
struct BrowserActivationRefused : std::runtime_error {
    BrowserActivationRefused(long status, const std::string& message, std::string retryAfter)
        : std::runtime_error(message), status(status), retryAfter(std::move(retryAfter)) {}
    long status;
    std::string retryAfter;
};

/**
 * Starts a request. `serverUrl` makes the portal addresses absolute when the server gives them relative. Throws
 * BrowserActivationRefused for a refusal, std::invalid_argument for an answer that is not one, and whatever `post`
 * throws when the server cannot be reached.
 */
BrowserActivationRequest startBrowserActivation(const PostJson& post, const BrowserActivationStart& start, const std::string& serverUrl,
                                                std::int64_t nowUnixSeconds);

/** How a wait ended. */
enum class BrowserActivationOutcome {
    Activated,  // `licenseText` holds the verified licence file: save it as an activation's
    Expired,    // the request ran out (10 minutes): start again
    Denied,     // the customer refused it
    Unknown,    // the server does not know the code (used already, or for another machine)
    Untrusted,  // the answer did not verify: never save it (`license.reason` says why)
    Refused,    // another refusal of the server (`status`, `message`)
    Cancelled,  // `cancelled()` said so
};

const char* outcomeName(BrowserActivationOutcome outcome);

struct BrowserActivationResult {
    BrowserActivationOutcome outcome = BrowserActivationOutcome::Cancelled;
    std::string message;
    long status = 0;
    std::string licenseText;
    Verification license;
};

/** One poll's outcome: wait `intervalSeconds` (pending, slow_down: the interval given back), or an ending. */
struct BrowserActivationPoll {
    bool pending = false;
    int intervalSeconds = 0;
    BrowserActivationResult result;
};

/** Reads one poll answer: pending with the interval, or an ending (a licence file verified with the product's key). */
BrowserActivationPoll readBrowserActivationPoll(const HttpReply& reply, const BrowserActivationRequest& request, const std::string& publicKeyBase64,
                                                const std::optional<std::string>& productIdentifier);

struct BrowserActivationWaiting {
    /** Asked before every pause and poll; true ends the wait with Cancelled. */
    std::function<bool()> cancelled = [] { return false; };
    /** Told after each pending poll, with the interval to wait next. */
    std::function<void(int intervalSeconds)> onPending = [](int) {};
    /** Waits; the default sleeps in 100 ms slices, asking `cancelled` between them. */
    std::function<void(std::chrono::milliseconds)> pause;
    /** The clock (Unix seconds), for the request's expiry. */
    std::function<std::int64_t()> now;
};

/**
 * Polls at the server's interval (growing it as `slow_down` says) until the customer decides or the request expires.
 * A server that cannot be reached, a 429 (its Retry-After) or a 5xx is waited out and polled again until the expiry.
 * Call it on a background thread: it blocks for up to the request's ten minutes.
 */
BrowserActivationResult waitForBrowserActivation(const PostJson& post, const BrowserActivationRequest& request, const std::string& publicKeyBase64,
                                                 const std::optional<std::string>& productIdentifier, BrowserActivationWaiting waiting = {});

}  // namespace producthub
