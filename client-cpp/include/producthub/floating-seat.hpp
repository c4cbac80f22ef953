// A floating licence's seats (docs/client-integration.md "Floating seats"): check a seat out, keep it with
// heart-beats, check it in, or borrow it for days offline. Every lease the server answers is verified with the
// product's key before it is used. Transport-free, as browser activation: the caller hands in how to POST JSON.
#pragma once

#include "producthub/browser-activation.hpp"
#include "producthub/verify.hpp"

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace producthub {

/** The machine asking for a seat of one floating licence. */
struct SeatMachine {
    std::int64_t productId = 0;
    /** The licence's serial; trimmed and upper-cased as the server reads it (the lease names it so). */
    std::string serial;
    std::string hardwareFingerprint;
    /** The name staff see for this machine (not signed; see machineNameOf); sent on check-out and borrow. */
    std::optional<std::string> machineName;
};

/** A verified lease: the plugin may run until `expiresAtUnix` by its own clock. */
struct Lease {
    /** The answer as the server sent it (keep it to verify again, e.g. a borrowed lease saved to disk). */
    std::string text;
    /** Its signed members only. */
    nlohmann::json document;
    std::string leaseId;
    bool borrowed = false;
    std::int64_t issuedAtUnix = 0;
    std::int64_t expiresAtUnix = 0;
};

/** The server refused the seat call: its status, its messages, and for "every seat is in use" when the first frees. */
struct SeatRefused : std::runtime_error {
    SeatRefused(long status, std::vector<std::string> messages, std::string freesAt, std::string retryAfter);
    long status;
    std::vector<std::string> messages;
    /** The 409 of a full licence: the earliest lease's expiry (a signed time); "" otherwise. */
    std::string freesAt;
    /** A 429's Retry-After in seconds, as sent; "" otherwise. */
    std::string retryAfter;
};

/** The server's answer did not verify as a lease for this machine: never run on it. */
struct SeatUntrusted : std::runtime_error {
    SeatUntrusted(Rejection reason, const std::string& message) : std::runtime_error(message), reason(reason) {}
    Rejection reason;
};

/**
 * A lease verified offline: the product's key, the format, the signature, then that it names this product, serial
 * and fingerprint (and `leaseId`, when given), and — when `nowUnixSeconds` is given — that it has not expired.
 */
Verification verifyLease(const std::string& text, const std::string& publicKeyBase64, const SeatMachine& machine,
                         const std::optional<std::string>& leaseId = std::nullopt, std::optional<std::int64_t> nowUnixSeconds = std::nullopt);

/**
 * The seat calls. Each throws SeatRefused for the server's refusal, SeatUntrusted for an answer that does not verify
 * (or has already expired by this machine's clock), and whatever `post` throws when the server cannot be reached.
 */
Lease checkoutSeat(const PostJson& post, const SeatMachine& machine, const std::string& publicKeyBase64);
/** Borrows a seat for `days` (the policy's max_borrow_days at most: more is a SeatRefused 400 naming the limit). */
Lease borrowSeat(const PostJson& post, const SeatMachine& machine, int days, const std::string& publicKeyBase64);
/** Renews this machine's own lease for another lease time; the answer must name the same lease. */
Lease heartbeat(const PostJson& post, const SeatMachine& machine, const std::string& leaseId, const std::string& publicKeyBase64);
/** Frees the seat at once (the answer is not signed: `{ lease_id, serial, hardware_fingerprint, checked_in_at }`). */
nlohmann::json checkinSeat(const PostJson& post, const SeatMachine& machine, const std::string& leaseId);

/** What a FloatingSeat tells its owner, and the clock it judges the lease by. */
struct FloatingSeatOptions {
    /** Told after each renewal, on the background thread. */
    std::function<void(const Lease&)> onRenewed = [](const Lease&) {};
    /** Told once when the seat is lost, with the reason, on the background thread. */
    std::function<void(const std::string&)> onLost = [](const std::string&) {};
    /** The clock (Unix seconds) the lease's expiry is judged by. */
    std::function<std::int64_t()> now;
};

/**
 * Holds one seat for as long as it lives: checks a seat out when made (throwing as checkoutSeat does), renews it on a
 * background thread at half the lease time, and checks it in when destroyed. The thread ends promptly on
 * destruction (a heart-beat already sent finishes first); it is always joined. A renewal the server refuses (the
 * seat was released by staff, the licence deactivated ...) or a lease that ends unrenewed (the server unreachable
 * past its expiry) loses the seat: `held()` turns false and `onLost` says why, on the background thread. A server
 * that cannot be reached, or a 429 or 5xx, is tried again while the lease still runs.
 */
class FloatingSeat {
public:
    using Options = FloatingSeatOptions;

    FloatingSeat(PostJson post, SeatMachine machine, std::string publicKeyBase64, Options options = {});
    ~FloatingSeat();
    FloatingSeat(const FloatingSeat&) = delete;
    FloatingSeat& operator=(const FloatingSeat&) = delete;

    /** The latest verified lease. */
    Lease lease() const;
    /** The seat is this machine's: not lost, not checked in, and its lease not past its expiry. */
    bool held() const;
    /** Why the seat was lost; std::nullopt while it is held. */
    std::optional<std::string> lostReason() const;
    /** Stops renewing and checks the seat in now (the destructor then does nothing more); true when the server freed it. */
    bool checkin();

private:
    void renewLoop();
    void stopRenewing();
    void lose(const std::string& reason);

    PostJson post_;
    SeatMachine machine_;
    std::string publicKey_;
    Options options_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    Lease lease_;
    bool stopping_ = false;
    bool checkedIn_ = false;
    std::optional<std::string> lost_;
    std::thread renewer_;
};

}  // namespace producthub
