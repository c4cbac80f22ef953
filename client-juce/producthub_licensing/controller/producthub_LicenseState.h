// What the controller knows about this machine's licence, as the screen and the processor read it.
#pragma once

namespace producthub {

/** Where the product stands on this machine. */
enum class LicenseStatus {
    Unlicensed,     // no valid licence or trial file: start a trial or activate
    Trial,          // a verified trial file, `daysLeft` days left
    TrialExpired,   // the trial ended: activate
    Licensed,       // a verified licence file for this machine and product
    OfflineGrace,   // licensed, but the last check could not reach or trust the server: works for `daysLeft` more days (-1: no limit)
    GraceEnded,     // licensed, but no check succeeded within the offline grace: connect to the internet once
    Revoked,        // the server withdrew the licence (disabled, or this machine deactivated): the file was removed
};

/** The last thing that went wrong, told in plain words with the next step (docs/client-integration.md). */
enum class ProblemKind {
    None,
    Refused,        // the server said no (its message is shown): a wrong serial, the machine limit, no trial ...
    RateLimited,    // 429: wait `retryAfterSeconds`
    Unreachable,    // no answer or a 5xx: works offline with the files it has
    Untrusted,      // an answer or file that did not verify: ignored, the current files kept
    InvalidInput,   // the user's input (a serial, a file) is not usable
    BrowserEnded,   // the browser activation was refused, expired or is unknown: start again
};

const char* statusName(LicenseStatus status);
const char* problemName(ProblemKind kind);

struct LicenseState {
    LicenseStatus status = LicenseStatus::Unlicensed;
    /** Days left in the trial or the offline grace (-1 when there is no limit); 0 otherwise. */
    int daysLeft = 0;
    juce::String serial;
    juce::String licenseType;
    juce::String userEmail;
    /** `license-disabled` or `machine-deactivated` (Revoked), with the server's reason when it gave one. */
    juce::String revocation;
    juce::String disabledReason;

    /** True while a network call runs on the background thread. */
    bool busy = false;
    /** While a browser activation waits: the code to show and the address that was opened. */
    juce::String browserCode;
    juce::String browserUrl;

    ProblemKind problem = ProblemKind::None;
    /** The problem in plain words, ending with what to do next. */
    juce::String problemMessage;
    /** The server's status (0 when there was none) and its Retry-After in seconds (0 when none). */
    int problemStatus = 0;
    int retryAfterSeconds = 0;

    /** The gate is open in these states. */
    bool mayProcess() const noexcept {
        return status == LicenseStatus::Trial || status == LicenseStatus::Licensed || status == LicenseStatus::OfflineGrace;
    }
};

}  // namespace producthub
