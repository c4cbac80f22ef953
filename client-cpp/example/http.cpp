#include "http.hpp"

#include <curl/curl.h>

#include <cctype>
#include <memory>
#include <stdexcept>

namespace example {
namespace {

struct Transfer {
    CURL* curl = nullptr;
    HttpAnswer answer;
    const std::function<bool(const char*, std::size_t)>* sink = nullptr;
};

std::size_t onBody(char* data, std::size_t size, std::size_t count, void* user) {
    auto* transfer = static_cast<Transfer*>(user);
    const std::size_t length = size * count;
    long status = 0;
    curl_easy_getinfo(transfer->curl, CURLINFO_RESPONSE_CODE, &status);
    // Only a 200's body is the file; an error's body is kept to read its message.
    if (transfer->sink && status == 200) return (*transfer->sink)(data, length) ? length : 0;
    transfer->answer.body.append(data, length);
    return length;
}

std::size_t onHeader(char* data, std::size_t size, std::size_t count, void* user) {
    auto* answer = static_cast<HttpAnswer*>(user);
    std::string line(data, size * count);
    const auto colon = line.find(':');
    if (colon != std::string::npos) {
        std::string name = line.substr(0, colon);
        for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        std::string value = line.substr(colon + 1);
        value.erase(0, value.find_first_not_of(" \t"));
        value.erase(value.find_last_not_of(" \t\r\n") + 1);
        if (name == "etag") answer->etag = value;
        if (name == "retry-after") answer->retryAfter = value;
    }
    return size * count;
}

using Curl = std::unique_ptr<CURL, decltype(&curl_easy_cleanup)>;
using Headers = std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)>;

HttpAnswer perform(const std::string& url, const std::optional<std::string>& jsonBody, const std::string& ifNoneMatch, const std::function<bool(const char*, std::size_t)>* sink) {
    static const bool initialised = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
    if (!initialised) throw NetworkError("libcurl could not be initialised");
    Curl curl(curl_easy_init(), curl_easy_cleanup);
    if (!curl) throw NetworkError("libcurl could not be initialised");
    Headers headers(nullptr, curl_slist_free_all);
    const auto addHeader = [&](const std::string& header) { headers.reset(curl_slist_append(headers.release(), header.c_str())); };
    addHeader("Accept: application/json");
    if (!ifNoneMatch.empty()) addHeader("If-None-Match: " + ifNoneMatch);
    if (jsonBody) {
        addHeader("Content-Type: application/json");
        curl_easy_setopt(curl.get(), CURLOPT_POSTFIELDS, jsonBody->c_str());
        curl_easy_setopt(curl.get(), CURLOPT_POSTFIELDSIZE, static_cast<long>(jsonBody->size()));
    }
    Transfer transfer;
    curl_easy_setopt(curl.get(), CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl.get(), CURLOPT_HTTPHEADER, headers.get());
    curl_easy_setopt(curl.get(), CURLOPT_WRITEFUNCTION, onBody);
    curl_easy_setopt(curl.get(), CURLOPT_WRITEDATA, &transfer);
    curl_easy_setopt(curl.get(), CURLOPT_HEADERFUNCTION, onHeader);
    curl_easy_setopt(curl.get(), CURLOPT_HEADERDATA, &transfer.answer);
    curl_easy_setopt(curl.get(), CURLOPT_CONNECTTIMEOUT, 10L);
    curl_easy_setopt(curl.get(), CURLOPT_TIMEOUT, sink ? 600L : 30L);
    curl_easy_setopt(curl.get(), CURLOPT_NOSIGNAL, 1L);
    transfer.curl = curl.get();
    transfer.sink = sink;
    const CURLcode code = curl_easy_perform(curl.get());
    curl_easy_getinfo(curl.get(), CURLINFO_RESPONSE_CODE, &transfer.answer.status);
    if (code != CURLE_OK && !(sink && code == CURLE_WRITE_ERROR)) throw NetworkError(std::string("cannot reach the server: ") + curl_easy_strerror(code));
    return transfer.answer;
}

}  // namespace

HttpAnswer request(const std::string& url, const std::optional<std::string>& jsonBody, const std::string& ifNoneMatch) {
    return perform(url, jsonBody, ifNoneMatch, nullptr);
}

HttpAnswer stream(const std::string& url, const std::function<bool(const char*, std::size_t)>& sink) {
    return perform(url, std::nullopt, "", &sink);
}

std::string escape(const std::string& text) {
    static const char* hex = "0123456789ABCDEF";
    std::string escaped;
    for (const unsigned char c : text) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') escaped += static_cast<char>(c);
        else escaped += std::string("%") + hex[c >> 4] + hex[c & 15];
    }
    return escaped;
}

}  // namespace example
