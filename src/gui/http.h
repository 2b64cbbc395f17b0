// A small HTTP/1.1 server on POSIX sockets for the web board: one request per connection
// (replies close the connection), a thread per connection up to a limit, limits on the size
// of the request line, headers and body, and read deadlines. Malformed requests get a 4xx
// with the reason; nothing a client sends can stop the server, and idle clients cannot lock
// others out: at the limit, the connection that has waited longest for its request is closed
// to make room.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace chuhe::gui {

struct HttpLimits {
    size_t maxHeaderBytes = 16 * 1024;      // request line and headers together
    size_t maxTargetBytes = 8 * 1024;       // the request target (path and query)
    size_t maxBodyBytes = 8 * 1024 * 1024;  // an uploaded game file fits
    int maxHeaders = 64;
    int headerTimeoutMs = 2000;  // the request line and headers must arrive within this
    int readTimeoutMs = 10000;   // the whole request (an uploaded file) within this
    // Connections served at once. At the limit a new one takes the place of the oldest that
    // is still reading its request; only when every one is past that does it get 503.
    int maxConnections = 64;
};

struct HttpRequest {
    std::string method;   // "GET", "POST", ...
    std::string target;   // as sent: "/api/search?fen=..."
    std::string path;     // percent-decoded path: "/api/search"
    std::string version;  // "HTTP/1.1"
    std::vector<std::pair<std::string, std::string>> headers;  // names in lower case
    std::vector<std::pair<std::string, std::string>> query;    // decoded query parameters
    std::string body;

    // The first header of that name (lower case), or "".
    std::string header(std::string_view name) const;
    bool has_header(std::string_view name) const;
    // The first query parameter of that name, or "".
    std::string param(std::string_view name) const;
    bool has_param(std::string_view name) const;
};

// Reads a request from bytes as they arrive.
class RequestParser {
public:
    enum State { NEED_MORE, COMPLETE, FAILED };

    explicit RequestParser(HttpLimits limits = {}) : limits_(limits) {}
    // Adds bytes; returns COMPLETE once the headers and the whole body are in (bytes after
    // the body are ignored) and FAILED on a malformed or oversized request.
    State feed(std::string_view data);
    State state() const { return state_; }
    bool has_head() const { return haveHead_; }  // the request line and headers are in
    const HttpRequest& request() const { return request_; }
    HttpRequest& request() { return request_; }
    int error_status() const { return errorStatus_; }  // 400, 413, 414, 431, 501, 505
    const std::string& error_reason() const { return errorReason_; }

private:
    State fail(int status, std::string reason);
    State parse_head(std::string_view head);

    HttpLimits limits_;
    State state_ = NEED_MORE;
    std::string buffer_;
    bool haveHead_ = false;
    size_t bodyLength_ = 0;
    HttpRequest request_;
    int errorStatus_ = 0;
    std::string errorReason_;
};

// Percent-decoding; false for a bad escape or a NUL byte. plusIsSpace for query strings.
bool percent_decode(std::string_view in, std::string& out, bool plusIsSpace);
// Splits "a=1&b=x%20y" into decoded pairs; false on a bad escape.
bool parse_query(std::string_view query, std::vector<std::pair<std::string, std::string>>& out);

const char* status_text(int status);

struct HttpResponse {
    int status = 200;
    std::string contentType = "application/json; charset=utf-8";
    std::vector<std::pair<std::string, std::string>> headers;
    std::string body;

    std::string serialize(bool headOnly = false) const;
};

// The connection a handler may stream a reply on (server-sent events). A handler that calls
// begin() owns the reply: the server sends nothing more after it returns.
class HttpStream {
public:
    HttpStream(int fd, const std::atomic<bool>* stopping) : fd_(fd), stopping_(stopping) {}
    // Sends the status line and headers of a reply without a length (the body ends when the
    // connection closes).
    bool begin(int status, const std::string& contentType,
               const std::vector<std::pair<std::string, std::string>>& headers = {});
    // Sends bytes; false once the client is gone or the server is stopping.
    bool write(std::string_view data);
    bool started() const { return started_; }
    bool stopping() const { return stopping_ && stopping_->load(); }

private:
    int fd_;
    const std::atomic<bool>* stopping_;
    bool started_ = false;
    bool failed_ = false;
};

using HttpHandler = std::function<HttpResponse(const HttpRequest&, HttpStream&)>;

class HttpServer {
public:
    HttpServer(HttpLimits limits, HttpHandler handler) : limits_(limits), handler_(std::move(handler)) {}
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    // Binds host (an IPv4 or IPv6 address) and port (0: a free one). False with the reason.
    bool listen(const std::string& host, int port, std::string* error);
    int port() const { return port_; }
    // Accepts connections until stop(); then calls draining (which should end long replies
    // such as searches) and returns once every connection has ended.
    void serve(const std::function<void()>& draining = {});
    // Safe from any thread (not from a signal handler: use request_stop there).
    void stop();
    // Async-signal-safe: makes serve() return soon.
    void request_stop();
    bool stopping() const { return stopping_.load(); }
    // Connections being served right now (for tests).
    int active_connections();

private:
    void serve_connection(int fd);
    // With mutex_ held: fd no longer waits for its request (it cannot be closed for room).
    void done_reading(int fd);

    HttpLimits limits_;
    HttpHandler handler_;
    int listenFd_ = -1;
    int wakePipe_[2] = {-1, -1};
    int port_ = 0;
    std::atomic<bool> stopping_{false};
    std::mutex mutex_;
    std::condition_variable idle_;
    int active_ = 0;
    std::deque<int> reading_;  // connections still reading their request, oldest first
};

}  // namespace chuhe::gui
