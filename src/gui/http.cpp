#include "gui/http.h"

#include "util/json.h"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <algorithm>
#include <thread>
#include <unistd.h>

namespace chuhe::gui {

namespace {

char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

bool is_token_char(char c) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
    return std::strchr("!#$%&'*+-.^_`|~", c) != nullptr && c != '\0';
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool send_all(int fd, std::string_view data) {
    while (!data.empty()) {
        ssize_t n = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        data.remove_prefix(size_t(n));
    }
    return true;
}

}  // namespace

std::string HttpRequest::header(std::string_view name) const {
    for (const auto& h : headers)
        if (h.first == name) return h.second;
    return "";
}

bool HttpRequest::has_header(std::string_view name) const {
    for (const auto& h : headers)
        if (h.first == name) return true;
    return false;
}

std::string HttpRequest::param(std::string_view name) const {
    for (const auto& q : query)
        if (q.first == name) return q.second;
    return "";
}

bool HttpRequest::has_param(std::string_view name) const {
    for (const auto& q : query)
        if (q.first == name) return true;
    return false;
}

bool percent_decode(std::string_view in, std::string& out, bool plusIsSpace) {
    out.clear();
    for (size_t i = 0; i < in.size(); ++i) {
        char c = in[i];
        if (c == '%') {
            if (i + 2 >= in.size()) return false;
            int hi = hex_value(in[i + 1]), lo = hex_value(in[i + 2]);
            if (hi < 0 || lo < 0) return false;
            c = char(hi * 16 + lo);
            i += 2;
            if (c == '\0') return false;
        } else if (c == '+' && plusIsSpace) {
            c = ' ';
        }
        out += c;
    }
    return true;
}

bool parse_query(std::string_view query, std::vector<std::pair<std::string, std::string>>& out) {
    while (!query.empty()) {
        size_t amp = query.find('&');
        std::string_view part = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        if (part.empty()) continue;
        size_t eq = part.find('=');
        std::string key, value;
        if (!percent_decode(part.substr(0, eq), key, true)) return false;
        if (eq != std::string_view::npos && !percent_decode(part.substr(eq + 1), value, true)) return false;
        out.emplace_back(std::move(key), std::move(value));
    }
    return true;
}

RequestParser::State RequestParser::fail(int status, std::string reason) {
    errorStatus_ = status;
    errorReason_ = std::move(reason);
    return state_ = FAILED;
}

RequestParser::State RequestParser::parse_head(std::string_view head) {
    // Lines end with CRLF (a bare LF is accepted too).
    std::vector<std::string_view> lines;
    while (!head.empty()) {
        size_t nl = head.find('\n');
        std::string_view line = head.substr(0, nl);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        lines.push_back(line);
        if (nl == std::string_view::npos) break;
        head.remove_prefix(nl + 1);
    }
    if (lines.empty() || lines[0].empty()) return fail(400, "empty request line");
    std::string_view line = lines[0];
    size_t sp1 = line.find(' ');
    size_t sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
    if (sp2 == std::string_view::npos || line.find(' ', sp2 + 1) != std::string_view::npos)
        return fail(400, "malformed request line (expected METHOD TARGET HTTP/1.1)");
    std::string_view method = line.substr(0, sp1), target = line.substr(sp1 + 1, sp2 - sp1 - 1),
                     version = line.substr(sp2 + 1);
    if (method.empty() || method.size() > 16) return fail(400, "bad method");
    for (char c : method)
        if (c < 'A' || c > 'Z') return fail(400, "bad method");
    if (version.substr(0, 5) != "HTTP/" || version.size() != 8 || version[6] != '.')
        return fail(400, "bad HTTP version");
    if (version != "HTTP/1.1" && version != "HTTP/1.0") return fail(505, "only HTTP/1.0 and HTTP/1.1 are served");
    if (target.size() > limits_.maxTargetBytes) return fail(414, "request target too long");
    if (target.empty() || target[0] != '/') return fail(400, "the request target must be a path starting with '/'");
    for (unsigned char c : target)
        if (c <= 0x20 || c >= 0x7f) return fail(400, "bad character in the request target");
    request_.method = method;
    request_.target = target;
    request_.version = version;
    size_t q = target.find('?');
    std::string_view rawPath = target.substr(0, q);
    size_t hash = rawPath.find('#');
    if (hash != std::string_view::npos) rawPath = rawPath.substr(0, hash);
    if (!percent_decode(rawPath, request_.path, false)) return fail(400, "bad percent escape in the path");
    if (q != std::string_view::npos) {
        std::string_view query = target.substr(q + 1);
        query = query.substr(0, query.find('#'));
        if (!parse_query(query, request_.query)) return fail(400, "bad percent escape in the query");
    }

    for (size_t i = 1; i < lines.size(); ++i) {
        std::string_view h = lines[i];
        if (h.empty()) continue;
        if (h[0] == ' ' || h[0] == '\t') return fail(400, "folded header lines are not accepted");
        size_t colon = h.find(':');
        if (colon == std::string_view::npos || colon == 0) return fail(400, "malformed header line");
        std::string name;
        for (char c : h.substr(0, colon)) {
            if (!is_token_char(c)) return fail(400, "bad character in a header name");
            name += lower(c);
        }
        std::string_view value = trim(h.substr(colon + 1));
        for (unsigned char c : value)
            if ((c < 0x20 && c != '\t') || c == 0x7f) return fail(400, "control character in a header value");
        if (int(request_.headers.size()) >= limits_.maxHeaders) return fail(431, "too many header lines");
        request_.headers.emplace_back(std::move(name), std::string(value));
    }
    if (request_.version == "HTTP/1.1" && !request_.has_header("host")) return fail(400, "missing Host header");
    int hosts = 0;
    for (const auto& hd : request_.headers) hosts += hd.first == "host";
    if (hosts > 1) return fail(400, "more than one Host header");
    if (request_.has_header("transfer-encoding")) return fail(501, "transfer encodings are not supported; send Content-Length");
    bodyLength_ = 0;
    bool seen = false;
    for (const auto& hd : request_.headers) {
        if (hd.first != "content-length") continue;
        const std::string& v = hd.second;
        if (v.empty() || v.size() > 12 || v.find_first_not_of("0123456789") != std::string::npos)
            return fail(400, "bad Content-Length");
        size_t n = std::stoull(v);
        if (seen && n != bodyLength_) return fail(400, "conflicting Content-Length headers");
        seen = true;
        bodyLength_ = n;
    }
    if (bodyLength_ > limits_.maxBodyBytes)
        return fail(413, "request body too large (limit " + std::to_string(limits_.maxBodyBytes) + " bytes)");
    return NEED_MORE;
}

RequestParser::State RequestParser::feed(std::string_view data) {
    if (state_ != NEED_MORE) return state_;
    buffer_.append(data);
    if (!haveHead_) {
        size_t end = buffer_.find("\r\n\r\n");
        size_t skip = 4;
        size_t lf = buffer_.find("\n\n");
        if (lf != std::string::npos && (end == std::string::npos || lf < end)) end = lf, skip = 2;
        if (end == std::string::npos) {
            if (buffer_.size() > limits_.maxHeaderBytes) return fail(431, "request headers too large");
            return NEED_MORE;
        }
        if (end > limits_.maxHeaderBytes) return fail(431, "request headers too large");
        // Leading empty lines before the request line are allowed (RFC 9112 2.2).
        size_t start = 0;
        while (start < end && (buffer_[start] == '\r' || buffer_[start] == '\n')) ++start;
        if (parse_head(std::string_view(buffer_).substr(start, end - start)) == FAILED) return FAILED;
        haveHead_ = true;
        buffer_.erase(0, end + skip);
    }
    if (buffer_.size() >= bodyLength_) {
        request_.body = buffer_.substr(0, bodyLength_);
        buffer_.clear();
        return state_ = COMPLETE;
    }
    return NEED_MORE;
}

const char* status_text(int status) {
    switch (status) {
    case 200: return "OK";
    case 204: return "No Content";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 411: return "Length Required";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 415: return "Unsupported Media Type";
    case 422: return "Unprocessable Content";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Unknown";
    }
}

namespace {

std::string head_text(int status, const std::string& contentType,
                      const std::vector<std::pair<std::string, std::string>>& headers) {
    std::string out = "HTTP/1.1 " + std::to_string(status) + " " + status_text(status) + "\r\n";
    if (!contentType.empty()) out += "Content-Type: " + contentType + "\r\n";
    out += "Connection: close\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n";
    for (const auto& h : headers) out += h.first + ": " + h.second + "\r\n";
    return out;
}

}  // namespace

std::string HttpResponse::serialize(bool headOnly) const {
    std::string out = head_text(status, contentType, headers);
    out += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
    if (!headOnly) out += body;
    return out;
}

bool HttpStream::begin(int status, const std::string& contentType,
                       const std::vector<std::pair<std::string, std::string>>& headers) {
    if (started_) return !failed_;
    started_ = true;
    return write(head_text(status, contentType, headers) + "\r\n");
}

bool HttpStream::write(std::string_view data) {
    if (failed_ || stopping()) return false;
    if (!send_all(fd_, data)) failed_ = true;
    return !failed_;
}

HttpServer::~HttpServer() {
    stop();
    if (listenFd_ >= 0) ::close(listenFd_);
    for (int fd : wakePipe_)
        if (fd >= 0) ::close(fd);
}

bool HttpServer::listen(const std::string& host, int port, std::string* error) {
    auto fail = [&](const std::string& why) {
        if (error) *error = why;
        if (listenFd_ >= 0) ::close(listenFd_);
        listenFd_ = -1;
        return false;
    };
    if (port < 0 || port > 65535) return fail("bad port " + std::to_string(port));
    sockaddr_storage addr{};
    socklen_t len = 0;
    int family = AF_INET;
    std::string h = host;
    if (h.size() > 2 && h.front() == '[' && h.back() == ']') h = h.substr(1, h.size() - 2);
    sockaddr_in v4{};
    sockaddr_in6 v6{};
    if (inet_pton(AF_INET, h.c_str(), &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(uint16_t(port));
        std::memcpy(&addr, &v4, sizeof v4);
        len = sizeof v4;
    } else if (inet_pton(AF_INET6, h.c_str(), &v6.sin6_addr) == 1) {
        family = AF_INET6;
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(uint16_t(port));
        std::memcpy(&addr, &v6, sizeof v6);
        len = sizeof v6;
    } else {
        return fail("'" + host + "' is not an IPv4 or IPv6 address");
    }
    listenFd_ = ::socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (listenFd_ < 0) return fail(std::string("socket: ") + std::strerror(errno));
    int one = 1;
    setsockopt(listenFd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (::bind(listenFd_, reinterpret_cast<sockaddr*>(&addr), len) < 0)
        return fail("cannot listen on " + host + ":" + std::to_string(port) + ": " + std::strerror(errno));
    if (::listen(listenFd_, 128) < 0) return fail(std::string("listen: ") + std::strerror(errno));
    sockaddr_storage bound{};
    socklen_t blen = sizeof bound;
    getsockname(listenFd_, reinterpret_cast<sockaddr*>(&bound), &blen);
    port_ = family == AF_INET ? ntohs(reinterpret_cast<sockaddr_in*>(&bound)->sin_port)
                              : ntohs(reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port);
    if (wakePipe_[0] < 0 && ::pipe2(wakePipe_, O_CLOEXEC | O_NONBLOCK) < 0)
        return fail(std::string("pipe: ") + std::strerror(errno));
    return true;
}

void HttpServer::request_stop() {
    stopping_.store(true);
    if (wakePipe_[1] >= 0) {
        char c = 1;
        ssize_t ignored = ::write(wakePipe_[1], &c, 1);
        (void)ignored;
    }
}

void HttpServer::stop() { request_stop(); }

int HttpServer::active_connections() {
    std::lock_guard<std::mutex> lock(mutex_);
    return active_;
}

void HttpServer::serve(const std::function<void()>& draining) {
    while (!stopping_.load() && listenFd_ >= 0) {
        pollfd fds[2] = {{listenFd_, POLLIN, 0}, {wakePipe_[0], POLLIN, 0}};
        int n = ::poll(fds, 2, 500);
        if (n < 0 && errno != EINTR) break;
        if (n <= 0 || !(fds[0].revents & POLLIN)) continue;
        int fd = ::accept4(listenFd_, nullptr, nullptr, SOCK_CLOEXEC);
        if (fd < 0) continue;
        timeval tv{0, 200 * 1000};  // recv wakes up often enough to honour the deadline
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        timeval stv{10, 0};  // a client that stops reading does not hold a thread for ever
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &stv, sizeof stv);
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        {
            std::lock_guard<std::mutex> lock(mutex_);
            bool room = active_ < limits_.maxConnections;
            if (!room && !reading_.empty()) {
                // Make room: the oldest connection still waiting for its request is closed
                // (its thread sees the end at once and leaves), so idle clients cannot hold
                // every place. Those leaving may briefly take the count past the limit, never
                // past twice it.
                ::shutdown(reading_.front(), SHUT_RDWR);
                reading_.pop_front();
                room = active_ < 2 * limits_.maxConnections;
            }
            if (!room) {
                HttpResponse busy;
                busy.status = 503;
                busy.body = "{\"error\":\"too many connections\"}";
                send_all(fd, busy.serialize());
                ::close(fd);
                continue;
            }
            ++active_;
            reading_.push_back(fd);
        }
        try {
            std::thread([this, fd] {
                serve_connection(fd);
                // Closed with mutex_ held, so that the number is not reused while it is listed.
                std::lock_guard<std::mutex> lock(mutex_);
                done_reading(fd);
                ::close(fd);
                --active_;
                idle_.notify_all();
            }).detach();
        } catch (...) {
            std::lock_guard<std::mutex> lock(mutex_);
            done_reading(fd);
            ::close(fd);
            --active_;
        }
    }
    stopping_.store(true);
    if (draining) draining();
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [&] { return active_ == 0; });
}

void HttpServer::done_reading(int fd) {
    auto it = std::find(reading_.begin(), reading_.end(), fd);
    if (it != reading_.end()) reading_.erase(it);
}

void HttpServer::serve_connection(int fd) {
    RequestParser parser(limits_);
    auto start = std::chrono::steady_clock::now();
    auto deadline = start + std::chrono::milliseconds(limits_.readTimeoutMs);
    // A client that sends nothing, or half a header, holds a place only briefly.
    auto headerDeadline = start + std::chrono::milliseconds(std::min(limits_.headerTimeoutMs, limits_.readTimeoutMs));
    char buf[16384];
    auto error_reply = [&](int status, const std::string& reason) {
        HttpResponse r;
        r.status = status;
        r.body = "{\"error\":";
        json_quote(r.body, reason);
        r.body += "}";
        send_all(fd, r.serialize());
    };
    while (parser.state() == RequestParser::NEED_MORE) {
        if (stopping_.load()) return;
        auto now = std::chrono::steady_clock::now();
        if (now > deadline || (!parser.has_head() && now > headerDeadline)) {
            error_reply(408, parser.has_head() ? "the request did not arrive in time"
                                               : "the request's headers did not arrive in time");
            return;
        }
        ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) continue;
        if (n <= 0) {
            if (n == 0 && !parser.request().method.empty()) error_reply(400, "the body is shorter than Content-Length");
            return;
        }
        parser.feed(std::string_view(buf, size_t(n)));
    }
    if (parser.state() == RequestParser::FAILED) {
        error_reply(parser.error_status(), parser.error_reason());
        // Let the client read the reply before the connection closes: unread bytes would
        // make close() reset the connection.
        ::shutdown(fd, SHUT_WR);
        auto drainUntil = std::chrono::steady_clock::now() + std::chrono::milliseconds(1000);
        size_t drained = 0;
        while (std::chrono::steady_clock::now() < drainUntil && drained < limits_.maxBodyBytes) {
            ssize_t n = ::recv(fd, buf, sizeof buf, 0);
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) continue;
            if (n <= 0) break;
            drained += size_t(n);
        }
        return;
    }
    {
        std::lock_guard<std::mutex> lock(mutex_);
        done_reading(fd);  // served now: a long reply (a search) keeps its place
    }
    HttpStream stream(fd, &stopping_);
    HttpResponse response;
    try {
        response = handler_(parser.request(), stream);
    } catch (const std::exception& e) {
        if (stream.started()) return;
        response = HttpResponse{};
        response.status = 500;
        response.body = "{\"error\":\"internal error\"}";
    }
    if (!stream.started()) send_all(fd, response.serialize(parser.request().method == "HEAD"));
    ::shutdown(fd, SHUT_WR);
}

}  // namespace chuhe::gui
