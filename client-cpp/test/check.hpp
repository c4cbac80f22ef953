// The one counter of client-cpp's test program: each check prints "ok" or "FAIL", and main ends with "N passed, N failed".
#pragma once

#include <string>

namespace producthub::test {

void check(bool ok, const std::string& name, const std::string& detail = "");

/** The licence's terms and the version 2 answers' facts, read from documents signed with the vectors' public test key. */
void runTermsChecks();

}  // namespace producthub::test
