// The LicenseGate's answers and its real-time safety: the audio thread's calls run under a guard that counts heap
// allocations and locks, while another thread publishes; the negative tests prove the guard does catch them.
#include "producthub_licensing/gate/producthub_LicenseGate.h"
#include "realtime_guard.h"
#include "test_runner.h"

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

using producthub::LicenseGate;

namespace {
// Where the negative tests put what they allocate, so the optimiser cannot drop the allocation.
void* volatile sink = nullptr;

/** What a processBlock does with the gate, `rounds` times; answers how many times it was allowed. */
std::size_t audioCallbacks(const LicenseGate& gate, int rounds) {
    std::size_t allowed = 0;
    for (int i = 0; i < rounds; ++i) {
        if (gate.mayProcess()) ++allowed;
        if (gate.isFeatureOn(i % 70)) ++allowed;  // out-of-range indexes included
        allowed += gate.generation() & 1U;
    }
    return allowed;
}
}  // namespace

TEST("a new gate is closed and every feature off") {
    LicenseGate gate;
    CHECK(!gate.mayProcess());
    CHECK(!gate.isFeatureOn(0));
    CHECK(gate.generation() == 0);
}

TEST("the gate opens with the published features and closes again") {
    LicenseGate gate;
    gate.publish(true, (1ULL << 0) | (1ULL << 63));
    CHECK(gate.mayProcess());
    CHECK(gate.isFeatureOn(0));
    CHECK(gate.isFeatureOn(63));
    CHECK(!gate.isFeatureOn(5));
    CHECK(!gate.isFeatureOn(-1));
    CHECK(!gate.isFeatureOn(64));
    CHECK(gate.generation() == 1);
    gate.publish(false, ~0ULL);
    CHECK(!gate.mayProcess());
    CHECK(!gate.isFeatureOn(0));  // a closed gate turns every feature off
    CHECK(gate.generation() == 2);
}

TEST("the audio thread's calls neither allocate nor lock while the controller publishes") {
    LicenseGate gate;
    gate.publish(true, 1);
    std::atomic<bool> done{false}, publishing{false};
    std::thread controller([&] {
        std::vector<std::string> churn;  // the publisher may allocate: only the audio thread is guarded
        for (std::uint64_t n = 1; !done.load(); ++n) {
            gate.publish(n % 3 != 0, n);
            publishing = true;
            churn.emplace_back(64, 'x');
            if (churn.size() > 100) churn.clear();
        }
    });
    while (!publishing.load()) std::this_thread::yield();  // the calls below must meet the publisher at work
    realtime::Guard guard;
    const auto allowed = audioCallbacks(gate, 2'000'000);
    const auto violations = guard.stop();
    done = true;
    controller.join();
    CHECK(violations.allocations == 0);
    CHECK(violations.blockingCalls == 0);
    sink = reinterpret_cast<void*>(allowed);  // used, so the calls are not optimised away
    CHECK(gate.generation() >= 2);            // the publisher was at work during the calls
}

TEST("the guard catches an allocation with new") {
    LicenseGate gate;
    realtime::Guard guard;
    audioCallbacks(gate, 10);
    sink = new std::vector<float>(512);  // what a careless processBlock might do
    const auto violations = guard.stop();
    delete static_cast<std::vector<float>*>(sink);
    CHECK(violations.allocations >= 1);
}

TEST("the guard catches malloc") {
    realtime::Guard guard;
    sink = std::malloc(256);
    const auto violations = guard.stop();
    std::free(sink);
    CHECK(violations.allocations == 1);
}

TEST("the guard catches a mutex lock") {
    static std::mutex mutex;
    realtime::Guard guard;
    { std::lock_guard<std::mutex> lock(mutex); }
    const auto violations = guard.stop();
    CHECK(violations.blockingCalls == 1);
    CHECK(violations.allocations == 0);
}

TEST("the guard catches a sleep") {
    realtime::Guard guard;
    std::this_thread::sleep_for(std::chrono::microseconds(1));
    const auto violations = guard.stop();
    CHECK(violations.blockingCalls >= 1);
}

int main() { return testing::runAll(); }
