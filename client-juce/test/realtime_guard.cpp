#include "realtime_guard.h"

#include <pthread.h>
#include <time.h>

#include <cstdlib>
#include <new>

namespace {
thread_local bool guarding = false;
thread_local std::size_t allocations = 0;
thread_local std::size_t blockingCalls = 0;

inline void countAllocation() {
    if (guarding) ++allocations;
}
inline void countBlockingCall() {
    if (guarding) ++blockingCalls;
}
}  // namespace

namespace realtime {

Guard::Guard() {
    allocations = 0;
    blockingCalls = 0;
    guarding = true;
}

Guard::~Guard() {
    if (open_) stop();
}

Violations Guard::stop() {
    guarding = false;
    open_ = false;
    return {allocations, blockingCalls};
}

}  // namespace realtime

// Global operator new: libstdc++'s own containers allocate through it, wherever they were compiled.
void* operator new(std::size_t size) {
    countAllocation();
    if (void* memory = std::malloc(size ? size : 1)) return memory;
    throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    countAllocation();
    return std::malloc(size ? size : 1);
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept { return operator new(size, tag); }
void operator delete(void* memory) noexcept { std::free(memory); }
void operator delete[](void* memory) noexcept { std::free(memory); }
void operator delete(void* memory, std::size_t) noexcept { std::free(memory); }
void operator delete[](void* memory, std::size_t) noexcept { std::free(memory); }

// The C functions, through the linker's --wrap: calls from the code linked into the test binary land here.
extern "C" {
void* __real_malloc(std::size_t);
void* __real_calloc(std::size_t, std::size_t);
void* __real_realloc(void*, std::size_t);
int __real_pthread_mutex_lock(pthread_mutex_t*);
int __real_pthread_mutex_trylock(pthread_mutex_t*);
int __real_pthread_rwlock_rdlock(pthread_rwlock_t*);
int __real_pthread_rwlock_wrlock(pthread_rwlock_t*);
int __real_pthread_cond_wait(pthread_cond_t*, pthread_mutex_t*);
int __real_nanosleep(const struct timespec*, struct timespec*);

void* __wrap_malloc(std::size_t size) {
    countAllocation();
    return __real_malloc(size);
}
void* __wrap_calloc(std::size_t count, std::size_t size) {
    countAllocation();
    return __real_calloc(count, size);
}
void* __wrap_realloc(void* memory, std::size_t size) {
    countAllocation();
    return __real_realloc(memory, size);
}
int __wrap_pthread_mutex_lock(pthread_mutex_t* mutex) {
    countBlockingCall();
    return __real_pthread_mutex_lock(mutex);
}
int __wrap_pthread_mutex_trylock(pthread_mutex_t* mutex) {
    countBlockingCall();
    return __real_pthread_mutex_trylock(mutex);
}
int __wrap_pthread_rwlock_rdlock(pthread_rwlock_t* lock) {
    countBlockingCall();
    return __real_pthread_rwlock_rdlock(lock);
}
int __wrap_pthread_rwlock_wrlock(pthread_rwlock_t* lock) {
    countBlockingCall();
    return __real_pthread_rwlock_wrlock(lock);
}
int __wrap_pthread_cond_wait(pthread_cond_t* condition, pthread_mutex_t* mutex) {
    countBlockingCall();
    return __real_pthread_cond_wait(condition, mutex);
}
int __wrap_nanosleep(const struct timespec* duration, struct timespec* left) {
    countBlockingCall();
    return __real_nanosleep(duration, left);
}
}
