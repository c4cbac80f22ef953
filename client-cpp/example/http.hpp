// The example plugin's HTTP: libcurl, one call at a time.
#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

namespace example {

struct HttpAnswer {
    long status = 0;
    std::string body;
    std::string etag;
    std::string retryAfter;
};

/** Thrown when the server could not be reached at all (no HTTP status). */
struct NetworkError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/** GET (no body) or POST of JSON; `ifNoneMatch` sends If-None-Match. */
HttpAnswer request(const std::string& url, const std::optional<std::string>& jsonBody, const std::string& ifNoneMatch = "");

/** GET whose body goes to `sink` chunk by chunk; `sink` returns false to stop the transfer. */
HttpAnswer stream(const std::string& url, const std::function<bool(const char*, std::size_t)>& sink);

/** `text` escaped for a URL query. */
std::string escape(const std::string& text);

}  // namespace example
