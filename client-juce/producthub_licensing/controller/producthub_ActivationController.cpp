namespace producthub {

namespace {

constexpr std::int64_t kDay = 86400;
/** Answers signed further than this from the local clock are replays, or the clock is wrong. */
constexpr std::int64_t kMaxAnswerAge = kDay;

std::int64_t now() { return static_cast<std::int64_t>(juce::Time::currentTimeMillis() / 1000); }

/** Whole days from `nowSeconds` until `endSeconds`, counting a started day: 13.2 days left shows 14. */
int daysUntil(std::int64_t endSeconds, std::int64_t nowSeconds) {
    const auto left = endSeconds - nowSeconds;
    return left <= 0 ? 0 : static_cast<int>((left + kDay - 1) / kDay);
}

std::string text(const juce::String& value) { return value.toStdString(); }

/** No HTTP status at all: the server could not be reached. */
struct Unreachable : std::runtime_error {
    using std::runtime_error::runtime_error;
};

HttpReply exchange(const juce::String& url, const std::optional<std::string>& jsonBody) {
    juce::URL address(url);
    if (jsonBody) address = address.withPOSTData(juce::MemoryBlock(jsonBody->data(), jsonBody->size()));
    int status = 0;
    juce::StringPairArray headers;
    const auto options = juce::URL::InputStreamOptions(jsonBody ? juce::URL::ParameterHandling::inPostData : juce::URL::ParameterHandling::inAddress)
                             .withExtraHeaders(jsonBody ? "Content-Type: application/json" : "")
                             .withConnectionTimeoutMs(15000)
                             .withStatusCode(&status)
                             .withResponseHeaders(&headers);
    const auto stream = address.createInputStream(options);
    if (stream == nullptr || status <= 0) throw Unreachable("The licence server could not be reached.");
    juce::MemoryBlock body;
    stream->readIntoMemoryBlock(body);
    HttpReply reply;
    reply.status = status;
    reply.body.assign(static_cast<const char*>(body.getData()), body.getSize());
    for (const auto& key : headers.getAllKeys())
        if (key.equalsIgnoreCase("retry-after")) reply.retryAfter = text(headers[key].trim());
    return reply;
}

/** The first of the server's messages (`{ "message": ["…"] }`), or a sentence with the status. */
std::string firstMessage(const HttpReply& reply) {
    const auto body = nlohmann::json::parse(reply.body, nullptr, false);
    if (body.is_object() && body.contains("message")) {
        const auto& message = body["message"];
        if (message.is_array() && !message.empty() && message[0].is_string()) return message[0].get<std::string>();
        if (message.is_string()) return message.get<std::string>();
    }
    return "The licence server answered " + std::to_string(reply.status) + ".";
}

}  // namespace

const char* statusName(LicenseStatus status) {
    switch (status) {
        case LicenseStatus::Unlicensed: return "unlicensed";
        case LicenseStatus::Trial: return "trial";
        case LicenseStatus::TrialExpired: return "trial-expired";
        case LicenseStatus::Licensed: return "licensed";
        case LicenseStatus::OfflineGrace: return "offline-grace";
        case LicenseStatus::GraceEnded: return "grace-ended";
        case LicenseStatus::Revoked: return "revoked";
    }
    return "unlicensed";
}

const char* problemName(ProblemKind kind) {
    switch (kind) {
        case ProblemKind::None: return "none";
        case ProblemKind::Refused: return "refused";
        case ProblemKind::RateLimited: return "rate-limited";
        case ProblemKind::Unreachable: return "unreachable";
        case ProblemKind::Untrusted: return "untrusted";
        case ProblemKind::InvalidInput: return "invalid-input";
        case ProblemKind::BrowserEnded: return "browser-ended";
    }
    return "none";
}

/** One product's state, gate, files and background thread, shared by every controller of the product in this process. */
class ActivationController::Shared : public juce::ChangeBroadcaster {
public:
    explicit Shared(LicensingConfig config)
        : config_(withDefaults(std::move(config))),
          store_(config_.stateDirectory, "producthub-licensing-" + juce::String(config_.productId)) {
        std::lock_guard<std::mutex> lock(mutex_);
        loadLocked();
        publishLocked();
    }

    ~Shared() override {
        cancelBrowser_ = true;
        pool_.removeAllJobs(true, 20000);
    }

    /** The shared state of this product and folder: made by the first controller, gone with the last. */
    static std::shared_ptr<Shared> of(LicensingConfig config) {
        static std::mutex registryMutex;
        static std::map<juce::String, std::weak_ptr<Shared>> registry;
        config = withDefaults(std::move(config));
        const auto key = juce::String(config.productId) + "|" + config.stateDirectory.getFullPathName();
        std::lock_guard<std::mutex> lock(registryMutex);
        if (auto existing = registry[key].lock()) return existing;
        auto made = std::make_shared<Shared>(std::move(config));
        registry[key] = made;
        return made;
    }

    const LicenseGate& gate() const noexcept { return gate_; }

    LicenseState state() const {
        std::lock_guard<std::mutex> lock(mutex_);
        return state_;
    }

    void reload() {
        std::lock_guard<std::mutex> lock(mutex_);
        loadLocked();
        changedLocked();
    }

    void startTrial() {
        background([this] {
            const auto reply = post("/trials", {{"product_id", config_.productId}, {"hardware_fingerprint", text(config_.hardwareFingerprint)}});
            const auto trial = verifyTrialFile(reply.body, text(config_.publicKey), config_.productId, text(config_.hardwareFingerprint), std::nullopt);
            if (!trial) return untrusted(trial);
            store_.write(LicenseStore::kTrialFile, reply.body);
            std::lock_guard<std::mutex> lock(mutex_);
            loadLocked();
            clearProblemLocked();
            changedLocked();
        });
    }

    void activate(const juce::String& typed) {
        const auto serial = normaliseSerial(typed);
        if (serial.isEmpty()) {
            problem(ProblemKind::InvalidInput, "This is not a serial: copy it from your order email (five-character groups joined by dashes) and try again.");
            return;
        }
        background([this, serial] {
            nlohmann::json body = {{"product_id", config_.productId},
                                   {"serial", text(serial)},
                                   {"hardware_fingerprint", text(config_.hardwareFingerprint)},
                                   {"hardware_fingerprint_version", 2},
                                   {"signature_seed_version", 5}};
            if (const auto name = machineName()) body["machine_name"] = *name;
            const auto reply = post("/activations", body);
            installLicense(reply.body);
        });
    }

    void activateInBrowser() {
        cancelBrowser_ = false;
        background([this] {
            BrowserActivationStart start;
            start.productId = config_.productId;
            start.hardwareFingerprint = text(config_.hardwareFingerprint);
            start.machineName = machineName();
            BrowserActivationRequest request;
            try {
                request = startBrowserActivation(transport(), start, text(config_.serverUrl), now());
            } catch (const BrowserActivationRefused& refusal) {
                return refused(static_cast<int>(refusal.status), refusal.what(), refusal.retryAfter);
            } catch (const std::invalid_argument& error) {
                return problem(ProblemKind::Untrusted, juce::String("The licence server's answer could not be read (") + error.what() +
                                                           "). Try again later, or type the serial instead.");
            }
            {
                std::lock_guard<std::mutex> lock(mutex_);
                state_.browserCode = request.userCode;
                state_.browserUrl = request.verificationUriComplete;
                clearProblemLocked();
                changedLocked();
            }
            const juce::String url = request.verificationUriComplete;
            juce::MessageManager::callAsync([open = config_.openBrowser, url] { open(url); });
            BrowserActivationWaiting waiting;
            waiting.cancelled = [this] { return cancelBrowser_.load() || shuttingDown(); };
            const auto result = waitForBrowserActivation(transport(), request, text(config_.publicKey), text(config_.productIdentifier), waiting);
            {
                std::lock_guard<std::mutex> lock(mutex_);
                state_.browserCode = {};
                state_.browserUrl = {};
            }
            switch (result.outcome) {
                case BrowserActivationOutcome::Activated: installLicense(result.licenseText); return;
                case BrowserActivationOutcome::Untrusted: return untrusted(result.license);
                case BrowserActivationOutcome::Expired:
                    return problem(ProblemKind::BrowserEnded, "The activation request expired before it was approved (it lasts 10 minutes). Start again.");
                case BrowserActivationOutcome::Denied:
                    return problem(ProblemKind::BrowserEnded, "The request was refused in the browser. If that was a mistake, start again.");
                case BrowserActivationOutcome::Unknown:
                    return problem(ProblemKind::BrowserEnded, "The licence server no longer knows this request (it was used or is for another machine). Start again.");
                case BrowserActivationOutcome::Refused: return refused(static_cast<int>(result.status), result.message, "");
                case BrowserActivationOutcome::Cancelled: {
                    std::lock_guard<std::mutex> lock(mutex_);
                    changedLocked();
                    return;
                }
            }
        });
    }

    void cancelBrowserActivation() { cancelBrowser_ = true; }

    void validate() {
        background([this] {
            std::string serial;
            {
                std::lock_guard<std::mutex> lock(mutex_);
                serial = text(state_.serial);
                if (license_.is_null()) serial.clear();
            }
            if (serial.empty()) return problem(ProblemKind::InvalidInput, "There is no licence on this machine to check. Activate first.");
            const auto nonce = randomNonce();
            HttpReply reply;
            try {
                reply = post("/validations", {{"product_id", config_.productId}, {"serial", serial}, {"hardware_fingerprint", text(config_.hardwareFingerprint)}, {"nonce", nonce}},
                             /*keepOfflineStatus*/ true);
            } catch (const Unreachable&) {
                return offline(ProblemKind::Unreachable, "The licence server could not be reached. The plugin keeps working offline; it checks again later.");
            }
            if (reply.status >= 500)
                return offline(ProblemKind::Unreachable, "The licence server is not answering properly. The plugin keeps working offline; it checks again later.");
            if (reply.status < 200 || reply.status >= 300) return refused(static_cast<int>(reply.status), firstMessage(reply), reply.retryAfter);
            const auto verified = checkFreshness(verifyStateDocument(reply.body, text(config_.publicKey), config_.productId, serial, text(config_.hardwareFingerprint), nonce),
                                                 now(), kMaxAnswerAge);
            if (!verified) return offline(ProblemKind::Untrusted, untrustedWords(verified));
            const auto& document = verified.document;
            if (document["license_enabled"].get<bool>() && document["machine_activated"].get<bool>()) {
                store_.write(LicenseStore::kLastValidationFile, nlohmann::json{{"nonce", nonce}, {"state", reply.body}}.dump());
                std::lock_guard<std::mutex> lock(mutex_);
                loadLocked();
                clearProblemLocked();
                return changedLocked();
            }
            withdraw(document["license_enabled"].get<bool>() ? "machine-deactivated" : "license-disabled", document["disabled_reason"].get<std::string>());
        });
    }

    void deactivate() {
        background([this] {
            std::string serial;
            {
                std::lock_guard<std::mutex> lock(mutex_);
                if (!license_.is_null()) serial = license_["serial"].get<std::string>();
            }
            if (serial.empty()) return problem(ProblemKind::InvalidInput, "There is no licence on this machine to free.");
            post("/deactivations", {{"product_id", config_.productId}, {"serial", serial}, {"hardware_fingerprint", text(config_.hardwareFingerprint)}});
            {
                LicenseStore::Transaction transaction(store_);
                store_.remove(LicenseStore::kLicenseFile);
                store_.remove(LicenseStore::kLastValidationFile);
            }
            std::lock_guard<std::mutex> lock(mutex_);
            loadLocked();
            clearProblemLocked();
            changedLocked();
        });
    }

    bool writeOfflineRequest(const juce::String& typed, const juce::File& target) {
        const auto serial = normaliseSerial(typed);
        if (serial.isEmpty()) return problem(ProblemKind::InvalidInput, "This is not a serial: copy it from your order email and try again."), false;
        char createdAt[sizeof "2026-01-01T00:00:00Z"];
        const std::time_t seconds = static_cast<std::time_t>(now());
        std::strftime(createdAt, sizeof createdAt, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&seconds));
        nlohmann::json members = {{"product_id", static_cast<std::uint64_t>(config_.productId)},
                                  {"product_identifier", text(config_.productIdentifier)},
                                  {"serial", text(serial)},
                                  {"hardware_fingerprint", text(config_.hardwareFingerprint)},
                                  {"hardware_fingerprint_version", 2U},
                                  {"signature_seed_version", 5U},
                                  {"plugin_version", text(pluginVersion())},
                                  {"created_at", createdAt}};
        if (const auto name = machineName()) members["machine_name"] = *name;
        std::string request;
        try {
            request = producthub::writeOfflineRequest(members);
        } catch (const std::invalid_argument& error) {
            return problem(ProblemKind::InvalidInput, juce::String("The request cannot be written: ") + error.what() + "."), false;
        }
        if (!target.replaceWithData(request.data(), request.size()))
            return problem(ProblemKind::InvalidInput, "The request could not be saved to " + target.getFullPathName() + ". Choose another folder."), false;
        std::lock_guard<std::mutex> lock(mutex_);
        clearProblemLocked();
        changedLocked();
        return true;
    }

    bool installOfflineAnswer(const juce::File& answer) {
        juce::MemoryBlock bytes;
        if (!answer.existsAsFile() || !answer.loadFileAsData(bytes))
            return problem(ProblemKind::InvalidInput, "The file " + answer.getFullPathName() + " cannot be read. Choose the .ops file the portal gave you."), false;
        return installLicense(std::string(static_cast<const char*>(bytes.getData()), bytes.getSize()));
    }

private:
    static LicensingConfig withDefaults(LicensingConfig config) {
        while (config.serverUrl.endsWithChar('/')) config.serverUrl = config.serverUrl.dropLastCharacters(1);
        config.hardwareFingerprint = config.hardwareFingerprint.trim();
        if (config.stateDirectory == juce::File())
            config.stateDirectory = juce::File::getSpecialLocation(juce::File::userApplicationDataDirectory)
                                        .getChildFile("ProductHub")
                                        .getChildFile(juce::File::createLegalFileName(config.productIdentifier));
        if (!config.featuresFor) config.featuresFor = [](const LicenseState&) { return ~std::uint64_t{0}; };
        if (!config.openBrowser) config.openBrowser = [](const juce::String& url) { juce::URL(url).launchInDefaultBrowser(); };
        return config;
    }

    static juce::String pluginVersion() {
       #ifdef JucePlugin_VersionString
        return JucePlugin_VersionString;
       #else
        return "1.0.0";
       #endif
    }

    std::optional<std::string> machineName() const {
        const auto given = config_.machineName.trim();
        return machineNameOf(text(given.isNotEmpty() ? given : juce::SystemStats::getComputerName()));
    }

    bool shuttingDown() const {
        auto* job = juce::ThreadPoolJob::getCurrentThreadPoolJob();
        return job != nullptr && job->shouldExit();
    }

    PostJson transport() const {
        const auto base = config_.serverUrl + "/api/v1/clients/app";
        return [base](const std::string& path, const std::string& body) {
            try {
                return exchange(base + juce::String(path), body);
            } catch (const Unreachable& error) {
                throw std::runtime_error(error.what());
            }
        };
    }

    /** A 2xx answer; anything else ends the job with the matching problem (see background). */
    HttpReply post(const std::string& path, const nlohmann::json& body, bool returnEveryAnswer = false) {
        const auto reply = exchange(config_.serverUrl + "/api/v1/clients/app" + juce::String(path), body.dump());
        if (returnEveryAnswer || (reply.status >= 200 && reply.status < 300)) return reply;
        throw reply;
    }

    /** Runs `job` on the background thread, `busy` meanwhile; a failed call becomes the state's problem. */
    void background(std::function<void()> job) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            ++pending_;
            state_.busy = true;
            changedLocked();
        }
        pool_.addJob([this, job = std::move(job)] {
            try {
                job();
            } catch (const HttpReply& reply) {
                if (reply.status >= 500) problem(ProblemKind::Unreachable, "The licence server is not answering properly. Try again in a few minutes.");
                else refused(static_cast<int>(reply.status), firstMessage(reply), reply.retryAfter);
            } catch (const Unreachable&) {
                problem(ProblemKind::Unreachable, "The licence server could not be reached. Check the internet connection and try again.");
            } catch (const std::exception& error) {
                problem(ProblemKind::Untrusted, juce::String("The licence server's answer could not be used (") + error.what() + "). Try again later.");
            }
            std::lock_guard<std::mutex> lock(mutex_);
            state_.busy = --pending_ > 0;
            changedLocked();
        });
    }

    bool installLicense(const std::string& fileText) {
        const auto license = verifyLicenseFile(fileText, text(config_.publicKey), text(config_.hardwareFingerprint), text(config_.productIdentifier));
        if (!license) return untrusted(license), false;
        {
            LicenseStore::Transaction transaction(store_);
            if (!store_.write(LicenseStore::kLicenseFile, fileText))
                return problem(ProblemKind::InvalidInput, "The licence could not be saved in " + store_.directory().getFullPathName() + ". Check that the folder is writable."),
                       false;
            store_.remove(LicenseStore::kLastValidationFile);
        }
        std::lock_guard<std::mutex> lock(mutex_);
        loadLocked();
        clearProblemLocked();
        changedLocked();
        return true;
    }

    void withdraw(const std::string& why, const std::string& disabledReason) {
        {
            LicenseStore::Transaction transaction(store_);
            store_.remove(LicenseStore::kLicenseFile);
            store_.remove(LicenseStore::kLastValidationFile);
        }
        std::lock_guard<std::mutex> lock(mutex_);
        const auto serial = state_.serial;
        loadLocked();
        if (state_.status == LicenseStatus::Unlicensed || state_.status == LicenseStatus::TrialExpired) {
            state_.status = LicenseStatus::Revoked;
            state_.serial = serial;
        }
        state_.revocation = why;
        state_.disabledReason = disabledReason;
        state_.problem = ProblemKind::Refused;
        state_.problemMessage = why == "license-disabled"
                                    ? "The licence " + serial + " was disabled by the seller. Contact their support, or activate another licence."
                                    : "This machine was removed from the licence " + serial + ". Activate it again if a slot is free.";
        changedLocked();
    }

    /** A check that could not reach or trust the server: the licence keeps working within the offline grace. */
    void offline(ProblemKind kind, const juce::String& message) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!license_.is_null()) {
            const auto left = graceDaysLeftLocked();
            state_.status = left == 0 ? LicenseStatus::GraceEnded : LicenseStatus::OfflineGrace;
            state_.daysLeft = left;
        }
        state_.problem = kind;
        state_.problemMessage = state_.status == LicenseStatus::GraceEnded
                                    ? message + " The offline period has ended: connect to the internet once to keep using the plugin."
                                    : message;
        state_.problemStatus = 0;
        state_.retryAfterSeconds = 0;
        changedLocked();
    }

    static juce::String untrustedWords(const Verification& verification) {
        if (verification.reason == Rejection::Stale)
            return "The licence server's answer is dated too far from this computer's clock. Check the date and time, then try again.";
        return "The licence server's answer could not be verified (" + juce::String(rejectionName(verification.reason)) +
               "). It was ignored and your files were kept; a proxy or a network filter may be in the way. Try again later.";
    }

    void untrusted(const Verification& verification) { problem(ProblemKind::Untrusted, untrustedWords(verification)); }

    void refused(int status, const std::string& message, const std::string& retryAfter) {
        std::lock_guard<std::mutex> lock(mutex_);
        state_.problem = status == 429 ? ProblemKind::RateLimited : ProblemKind::Refused;
        state_.problemStatus = status;
        state_.retryAfterSeconds = retryAfter.empty() ? 0 : juce::String(retryAfter).getIntValue();
        state_.problemMessage = status == 429 ? "Too many attempts: wait " + juce::String(juce::jmax(1, state_.retryAfterSeconds)) + " seconds, then try again."
                                              : juce::String(message);
        changedLocked();
    }

    void problem(ProblemKind kind, const juce::String& message) {
        std::lock_guard<std::mutex> lock(mutex_);
        state_.problem = kind;
        state_.problemMessage = message;
        state_.problemStatus = 0;
        state_.retryAfterSeconds = 0;
        changedLocked();
    }

    void clearProblemLocked() {
        state_.problem = ProblemKind::None;
        state_.problemMessage = {};
        state_.problemStatus = 0;
        state_.retryAfterSeconds = 0;
        state_.revocation = {};
        state_.disabledReason = {};
    }

    /** Days of offline grace left since the last check that succeeded (or the activation); -1 without a limit. */
    int graceDaysLeftLocked() const {
        if (config_.offlineGraceDays <= 0) return -1;
        return daysUntil(lastConfirmed_ + config_.offlineGraceDays * kDay, now());
    }

    /** Verifies the stored files, the licence first, then the trial: a file on disk is as untrusted as the network. */
    void loadLocked() {
        LicenseStore::Transaction transaction(store_);
        const auto busy = state_.busy;
        const auto browserCode = state_.browserCode, browserUrl = state_.browserUrl;
        const auto problemKind = state_.problem;
        const auto problemMessage = state_.problemMessage;
        state_ = {};
        state_.busy = busy;
        state_.browserCode = browserCode;
        state_.browserUrl = browserUrl;
        state_.problem = problemKind;
        state_.problemMessage = problemMessage;
        license_ = nullptr;
        const auto key = text(config_.publicKey);
        const auto fingerprint = text(config_.hardwareFingerprint);
        if (const auto fileText = store_.read(LicenseStore::kLicenseFile)) {
            const auto license = verifyLicenseFile(*fileText, key, fingerprint, text(config_.productIdentifier));
            if (license) {
                license_ = license.document;
                state_.serial = license_["serial"].get<std::string>();
                state_.licenseType = license_["license_type"].get<std::string>();
                state_.userEmail = license_["user_email"].get<std::string>();
                lastConfirmed_ = signedTimeToUnix(license_["issued_at"].get<std::string>()).value_or(0);
                if (const auto last = store_.read(LicenseStore::kLastValidationFile)) {
                    const auto saved = nlohmann::json::parse(*last, nullptr, false);
                    if (saved.is_object() && saved["nonce"].is_string() && saved["state"].is_string()) {
                        const auto confirmed = verifyStateDocument(saved["state"].get<std::string>(), key, config_.productId, text(state_.serial), fingerprint,
                                                                   saved["nonce"].get<std::string>());
                        if (confirmed)
                            lastConfirmed_ = std::max(lastConfirmed_, signedTimeToUnix(confirmed.document["issued_at"].get<std::string>()).value_or(0));
                    }
                }
                const auto left = graceDaysLeftLocked();
                state_.status = left == 0 ? LicenseStatus::GraceEnded : LicenseStatus::Licensed;
                state_.daysLeft = left == 0 ? 0 : (left < 0 ? 0 : left);
                return;
            }
            state_.problem = ProblemKind::Untrusted;
            state_.problemMessage = "The saved licence file is not valid on this machine (" + juce::String(rejectionName(license.reason)) + "). Activate again.";
        }
        if (const auto fileText = store_.read(LicenseStore::kTrialFile)) {
            const auto trial = verifyTrialFile(*fileText, key, config_.productId, fingerprint, std::nullopt);
            if (trial) {
                const auto expiresAt = signedTimeToUnix(trial.document["expires_at"].get<std::string>()).value_or(0);
                state_.daysLeft = daysUntil(expiresAt, now());
                state_.status = state_.daysLeft > 0 ? LicenseStatus::Trial : LicenseStatus::TrialExpired;
            }
        }
    }

    void publishLocked() { gate_.publish(state_.mayProcess(), state_.mayProcess() ? config_.featuresFor(state_) : 0); }

    void changedLocked() {
        publishLocked();
        sendChangeMessage();
    }

    const LicensingConfig config_;
    LicenseStore store_;
    LicenseGate gate_;
    mutable std::mutex mutex_;
    LicenseState state_;
    nlohmann::json license_;
    std::int64_t lastConfirmed_ = 0;
    int pending_ = 0;
    std::atomic<bool> cancelBrowser_{false};
    juce::ThreadPool pool_{1};
};

ActivationController::ActivationController(LicensingConfig config) : shared_(Shared::of(std::move(config))) {}
ActivationController::~ActivationController() = default;
const LicenseGate& ActivationController::gate() const noexcept { return shared_->gate(); }
LicenseState ActivationController::state() const { return shared_->state(); }
void ActivationController::addListener(juce::ChangeListener* listener) { shared_->addChangeListener(listener); }
void ActivationController::removeListener(juce::ChangeListener* listener) { shared_->removeChangeListener(listener); }
void ActivationController::startTrial() { shared_->startTrial(); }
void ActivationController::activate(const juce::String& serial) { shared_->activate(serial); }
void ActivationController::activateInBrowser() { shared_->activateInBrowser(); }
void ActivationController::cancelBrowserActivation() { shared_->cancelBrowserActivation(); }
void ActivationController::validate() { shared_->validate(); }
void ActivationController::deactivate() { shared_->deactivate(); }
bool ActivationController::writeOfflineRequest(const juce::String& serial, const juce::File& target) { return shared_->writeOfflineRequest(serial, target); }
bool ActivationController::installOfflineAnswer(const juce::File& answer) { return shared_->installOfflineAnswer(answer); }
void ActivationController::reload() { shared_->reload(); }

juce::String ActivationController::normaliseSerial(const juce::String& typed) {
    const auto serial = typed.trim().toUpperCase();
    if (serial.isEmpty() || serial.length() > 64 || !serial.containsOnly("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-")) return {};
    return serial;
}

}  // namespace producthub
