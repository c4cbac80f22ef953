#include "producthub/floating-seat.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <ctime>

using json = nlohmann::json;

namespace producthub {

namespace {

using Clock = std::chrono::steady_clock;

/** The serial as the server reads it (and the lease names it): trimmed, upper-cased. */
std::string normalSerial(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return "";
    std::string serial = text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
    for (auto& c : serial) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return serial;
}

json machineBody(const SeatMachine& machine) {
    return {{"product_id", machine.productId}, {"serial", normalSerial(machine.serial)}, {"hardware_fingerprint", machine.hardwareFingerprint}};
}

[[noreturn]] void throwRefusal(const HttpReply& reply) {
    const json body = json::parse(reply.body, nullptr, false);
    std::vector<std::string> messages;
    if (body.is_object() && body.contains("message")) {
        const json& message = body["message"];
        if (message.is_array()) {
            for (const auto& each : message)
                if (each.is_string()) messages.push_back(each.get<std::string>());
        } else if (message.is_string()) {
            messages.push_back(message.get<std::string>());
        }
    }
    if (messages.empty()) messages.push_back("the server answered " + std::to_string(reply.status));
    const std::string freesAt = body.is_object() && body.contains("frees_at") && body["frees_at"].is_string() ? body["frees_at"].get<std::string>() : "";
    throw SeatRefused(reply.status, messages, freesAt, reply.retryAfter);
}

/** A 200's lease, verified for this machine (and this lease id) and unexpired by this machine's clock; else throws. */
Lease leaseOf(const HttpReply& reply, const SeatMachine& machine, const std::string& publicKeyBase64, const std::optional<std::string>& leaseId) {
    if (reply.status != 200) throwRefusal(reply);
    const Verification verified = verifyLease(reply.body, publicKeyBase64, machine, leaseId, static_cast<std::int64_t>(std::time(nullptr)));
    if (!verified) throw SeatUntrusted(verified.reason, verified.message);
    Lease lease;
    lease.text = reply.body;
    lease.document = verified.document;
    lease.leaseId = verified.document["lease_id"].get<std::string>();
    lease.borrowed = verified.document["borrowed"].get<bool>();
    lease.issuedAtUnix = signedTimeToUnix(verified.document["issued_at"].get<std::string>()).value_or(0);
    lease.expiresAtUnix = signedTimeToUnix(verified.document["expires_at"].get<std::string>()).value_or(0);
    return lease;
}

std::int64_t secondsOf(const std::string& retryAfter) {
    try {
        return retryAfter.empty() ? 0 : std::max<std::int64_t>(0, std::stoll(retryAfter));
    } catch (const std::exception&) {
        return 0;
    }
}

}  // namespace

SeatRefused::SeatRefused(long status, std::vector<std::string> messages, std::string freesAt, std::string retryAfter)
    : std::runtime_error(messages.empty() ? "the server refused" : messages.front()),
      status(status),
      messages(std::move(messages)),
      freesAt(std::move(freesAt)),
      retryAfter(std::move(retryAfter)) {}

Verification verifyLease(const std::string& text, const std::string& publicKeyBase64, const SeatMachine& machine, const std::optional<std::string>& leaseId,
                         std::optional<std::int64_t> nowUnixSeconds) {
    Bindings expected = {{"product_id", machine.productId}, {"serial", normalSerial(machine.serial)}, {"hardware_fingerprint", machine.hardwareFingerprint}};
    if (leaseId) expected.emplace_back("lease_id", *leaseId);
    Verification verified = verifyDocument(text, publicKeyBase64, leaseFormat(), expected);
    if (!verified) return verified;
    const auto expiresAt = signedTimeToUnix(verified.document["expires_at"].get<std::string>());
    const auto issuedAt = signedTimeToUnix(verified.document["issued_at"].get<std::string>());
    if (!expiresAt || !issuedAt) return Verification{false, Rejection::Malformed, "the lease's times are not signed times", {}};
    if (nowUnixSeconds && *expiresAt <= *nowUnixSeconds)
        return Verification{false, Rejection::Expired, "the lease expired at " + verified.document["expires_at"].get<std::string>(), {}};
    return verified;
}

Lease checkoutSeat(const PostJson& post, const SeatMachine& machine, const std::string& publicKeyBase64) {
    json body = machineBody(machine);
    if (machine.machineName && !machine.machineName->empty()) body["machine_name"] = *machine.machineName;
    return leaseOf(post("/seats/checkouts", body.dump()), machine, publicKeyBase64, std::nullopt);
}

Lease borrowSeat(const PostJson& post, const SeatMachine& machine, int days, const std::string& publicKeyBase64) {
    json body = machineBody(machine);
    if (machine.machineName && !machine.machineName->empty()) body["machine_name"] = *machine.machineName;
    body["days"] = days;
    return leaseOf(post("/seats/borrows", body.dump()), machine, publicKeyBase64, std::nullopt);
}

Lease heartbeat(const PostJson& post, const SeatMachine& machine, const std::string& leaseId, const std::string& publicKeyBase64) {
    json body = machineBody(machine);
    body["lease_id"] = leaseId;
    return leaseOf(post("/seats/heartbeats", body.dump()), machine, publicKeyBase64, leaseId);
}

json checkinSeat(const PostJson& post, const SeatMachine& machine, const std::string& leaseId) {
    json body = machineBody(machine);
    body["lease_id"] = leaseId;
    const HttpReply reply = post("/seats/checkins", body.dump());
    if (reply.status != 200) throwRefusal(reply);
    const json answer = json::parse(reply.body, nullptr, false);
    if (!answer.is_object() || !answer.contains("lease_id") || answer["lease_id"] != leaseId)
        throw std::invalid_argument("the server's answer is not a check-in of this lease");
    return answer;
}

FloatingSeat::FloatingSeat(PostJson post, SeatMachine machine, std::string publicKeyBase64, Options options)
    : post_(std::move(post)), machine_(std::move(machine)), publicKey_(std::move(publicKeyBase64)), options_(std::move(options)) {
    if (!options_.now) options_.now = [] { return static_cast<std::int64_t>(std::time(nullptr)); };
    lease_ = checkoutSeat(post_, machine_, publicKey_);
    renewer_ = std::thread([this] { renewLoop(); });
}

FloatingSeat::~FloatingSeat() {
    stopRenewing();
    bool checkIn = false;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        checkIn = !checkedIn_ && !lost_;
    }
    if (!checkIn) return;
    try {
        checkinSeat(post_, machine_, lease_.leaseId);
    } catch (const std::exception&) {
        // Unreachable or already freed: the lease ends by itself at its expiry.
    }
}

Lease FloatingSeat::lease() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return lease_;
}

bool FloatingSeat::held() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return !lost_ && !checkedIn_ && options_.now() < lease_.expiresAtUnix;
}

std::optional<std::string> FloatingSeat::lostReason() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return lost_;
}

bool FloatingSeat::checkin() {
    stopRenewing();
    std::string leaseId;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (checkedIn_) return true;
        if (lost_) return false;
        leaseId = lease_.leaseId;
    }
    try {
        checkinSeat(post_, machine_, leaseId);
    } catch (const std::exception&) {
        return false;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    checkedIn_ = true;
    return true;
}

void FloatingSeat::stopRenewing() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (renewer_.joinable() && renewer_.get_id() != std::this_thread::get_id()) renewer_.join();
}

void FloatingSeat::lose(const std::string& reason) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (lost_) return;
        lost_ = reason;
    }
    options_.onLost(reason);
}

void FloatingSeat::renewLoop() {
    // Timed by this machine's steady clock from when each lease arrived, so a wrong wall clock cannot stretch a lease.
    std::unique_lock<std::mutex> lock(mutex_);
    auto leaseLength = std::chrono::seconds(std::max<std::int64_t>(1, lease_.expiresAtUnix - lease_.issuedAtUnix));
    auto receivedAt = Clock::now();
    auto nextTry = receivedAt + leaseLength / 2;
    for (;;) {
        if (wake_.wait_until(lock, nextTry, [this] { return stopping_; })) return;
        const auto deadline = receivedAt + leaseLength;
        if (Clock::now() >= deadline) {
            lock.unlock();
            lose("The lease " + lease_.leaseId + " expired without being renewed: check out a seat again.");
            return;
        }
        const SeatMachine machine = machine_;
        const std::string leaseId = lease_.leaseId;
        lock.unlock();
        // While the lease still runs, a failed renewal is tried again after a quarter of what is left (1 to 5 s).
        const auto left = std::chrono::duration_cast<std::chrono::seconds>(deadline - Clock::now());
        auto retryIn = std::chrono::seconds(std::clamp<std::int64_t>(left.count() / 4, 1, 5));
        try {
            const Lease renewed = heartbeat(post_, machine, leaseId, publicKey_);
            lock.lock();
            lease_ = renewed;
            leaseLength = std::chrono::seconds(std::max<std::int64_t>(1, renewed.expiresAtUnix - renewed.issuedAtUnix));
            receivedAt = Clock::now();
            nextTry = receivedAt + leaseLength / 2;
            lock.unlock();
            options_.onRenewed(renewed);
            lock.lock();
            continue;
        } catch (const SeatRefused& refusal) {
            if (refusal.status != 429 && refusal.status < 500) {
                lose(refusal.what());
                return;
            }
            retryIn = std::max(retryIn, std::chrono::seconds(secondsOf(refusal.retryAfter)));
        } catch (const std::exception&) {
            // Unreachable, or an answer that did not verify: the lease held still runs; ask again.
        }
        lock.lock();
        nextTry = std::min(Clock::now() + retryIn, deadline);
    }
}

}  // namespace producthub
