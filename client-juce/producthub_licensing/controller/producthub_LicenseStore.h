// The product's files in one folder (license.ops, trial.json, last-validation.json): every write goes to a temporary
// file renamed over the target, under a lock shared by every process of this product (two DAWs, a scanner).
#pragma once

namespace producthub {

class LicenseStore {
public:
    static constexpr const char* kLicenseFile = "license.ops";
    static constexpr const char* kTrialFile = "trial.json";
    static constexpr const char* kLastValidationFile = "last-validation.json";

    /** `lockName` identifies the product across processes (the controller uses the product id). */
    LicenseStore(juce::File directory, const juce::String& lockName);

    const juce::File& directory() const noexcept { return directory_; }

    /** The file's text, or nothing when it is missing or unreadable. */
    std::optional<std::string> read(const char* name) const;
    /** Writes atomically: a reader sees the old text or the new, never a part. False when it could not. */
    bool write(const char* name, const std::string& text);
    void remove(const char* name);

    /** Held while several files are read or changed together: the threads of this process, then the other processes. */
    class Transaction {
    public:
        explicit Transaction(LicenseStore& store);
        ~Transaction();
        Transaction(const Transaction&) = delete;
        Transaction& operator=(const Transaction&) = delete;

    private:
        LicenseStore& store_;
    };

private:
    juce::File directory_;
    // InterProcessLock lets every thread of the holding process in: the critical section keeps them in turn.
    juce::CriticalSection threads_;
    juce::InterProcessLock processes_;
};

}  // namespace producthub
