namespace producthub {

LicenseStore::LicenseStore(juce::File directory, const juce::String& lockName)
    : directory_(std::move(directory)), processes_(lockName) {}

LicenseStore::Transaction::Transaction(LicenseStore& store) : store_(store) {
    store_.threads_.enter();
    store_.processes_.enter();
}

LicenseStore::Transaction::~Transaction() {
    store_.processes_.exit();
    store_.threads_.exit();
}

std::optional<std::string> LicenseStore::read(const char* name) const {
    const auto file = directory_.getChildFile(name);
    juce::MemoryBlock bytes;
    if (!file.existsAsFile() || !file.loadFileAsData(bytes)) return std::nullopt;
    return std::string(static_cast<const char*>(bytes.getData()), bytes.getSize());
}

bool LicenseStore::write(const char* name, const std::string& text) {
    Transaction transaction(*this);
    if (!directory_.createDirectory()) return false;
    const auto target = directory_.getChildFile(name);
    // Beside the target, so the rename stays on one file system and is atomic.
    juce::TemporaryFile temporary(target, juce::TemporaryFile::useHiddenFile);
    {
        juce::FileOutputStream out(temporary.getFile());
        if (!out.openedOk() || !out.write(text.data(), text.size())) return false;
        out.flush();
        if (out.getStatus().failed()) return false;
    }
    return temporary.overwriteTargetFileWithTemporary();
}

void LicenseStore::remove(const char* name) {
    Transaction transaction(*this);
    directory_.getChildFile(name).deleteFile();
}

}  // namespace producthub
