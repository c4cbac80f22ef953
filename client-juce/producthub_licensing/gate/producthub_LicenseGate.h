// What the audio callback asks about the licence. The controller publishes on its own threads; processBlock reads.
// Two atomics and nothing else: no lock, no allocation, no system call, so it can never block the audio thread.
#pragma once

#include <atomic>
#include <cstdint>

namespace producthub {

class LicenseGate {
public:
    /** How many features a gate carries: one bit each. */
    static constexpr int kMaxFeatures = 64;

    LicenseGate() noexcept = default;
    LicenseGate(const LicenseGate&) = delete;
    LicenseGate& operator=(const LicenseGate&) = delete;

    /** On the audio thread: true while a trial, a licence or its offline grace allows processing. */
    bool mayProcess() const noexcept { return (state_.load(std::memory_order_acquire) & kOpen) != 0; }

    /** On the audio thread: true when processing is allowed and feature `featureIndex` (0 … 63) is on; false outside. */
    bool isFeatureOn(int featureIndex) const noexcept {
        if (featureIndex < 0 || featureIndex >= kMaxFeatures) return false;
        // The acquire on the state word makes the features published before it visible.
        if ((state_.load(std::memory_order_acquire) & kOpen) == 0) return false;
        return (features_.load(std::memory_order_relaxed) >> featureIndex) & 1U;
    }

    /** How many times the controller has published: a changed value means the audio thread may re-read. */
    std::uint32_t generation() const noexcept { return state_.load(std::memory_order_acquire) >> 1; }

    /** The controller's side (one publisher at a time, never the audio thread): the features first, then the state word. */
    void publish(bool open, std::uint64_t features) noexcept {
        features_.store(features, std::memory_order_relaxed);
        const std::uint32_t next = ((generation() + 1U) << 1) | (open ? kOpen : 0U);
        state_.store(next, std::memory_order_release);
    }

private:
    static constexpr std::uint32_t kOpen = 1U;
    static_assert(std::atomic<std::uint32_t>::is_always_lock_free, "the gate's state word must be lock-free");
    static_assert(std::atomic<std::uint64_t>::is_always_lock_free, "the gate's feature bits must be lock-free");

    std::atomic<std::uint32_t> state_{0};
    std::atomic<std::uint64_t> features_{0};
};

}  // namespace producthub
