// A small test runner: each test throws on a failed check; the last line is "N passed, N failed", which
// scripts/test-clients.mjs parses into npm test's count.
#pragma once

#include <functional>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace testing {

struct Failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

inline std::vector<std::pair<std::string, std::function<void()>>>& registry() {
    static std::vector<std::pair<std::string, std::function<void()>>> tests;
    return tests;
}

struct Register {
    Register(const char* name, std::function<void()> test) { registry().emplace_back(name, std::move(test)); }
};

inline int runAll() {
    int passed = 0, failed = 0;
    for (const auto& [name, test] : registry()) {
        try {
            test();
            ++passed;
            std::cout << "ok   " << name << "\n";
        } catch (const std::exception& error) {
            ++failed;
            std::cout << "FAIL " << name << ": " << error.what() << "\n";
        }
    }
    std::cout << passed << " passed, " << failed << " failed" << std::endl;
    return failed == 0 ? 0 : 1;
}

}  // namespace testing

#define TEST_CONCAT_(a, b) a##b
#define TEST_CONCAT(a, b) TEST_CONCAT_(a, b)
#define TEST(name)                                                                   \
    static void TEST_CONCAT(test_, __LINE__)();                                      \
    static testing::Register TEST_CONCAT(register_, __LINE__)(name, TEST_CONCAT(test_, __LINE__)); \
    static void TEST_CONCAT(test_, __LINE__)()
#define CHECK(condition)                                                                                             \
    do {                                                                                                             \
        if (!(condition)) throw testing::Failure(std::string(__FILE__) + ":" + std::to_string(__LINE__) + ": " #condition); \
    } while (false)
