// A guard that counts, on the thread that opened it, every heap allocation (global operator new and malloc, calloc,
// realloc) and every lock or sleep (pthread mutexes, read-write locks, condition waits, nanosleep): what the audio
// thread must never do. The hooks live in realtime_guard.cpp; the link wraps the C functions (-Wl,--wrap=...).
#pragma once

#include <cstddef>

namespace realtime {

struct Violations {
    std::size_t allocations = 0;
    std::size_t blockingCalls = 0;
    bool any() const { return allocations != 0 || blockingCalls != 0; }
};

/** Counts on this thread from construction to `stop()`; nested guards are not supported. */
class Guard {
public:
    Guard();
    ~Guard();
    Violations stop();

private:
    bool open_ = true;
};

}  // namespace realtime
