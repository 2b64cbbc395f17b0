// The web board's HTTP layer: request parsing, limits, bad requests; the JSON parser.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <chrono>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include "gui/client.h"
#include "gui/http.h"
#include "util/json.h"

namespace chuhe::gui {
namespace {

RequestParser::State parse(const std::string& text, RequestParser& p) { return p.feed(text); }

TEST(HttpParser, ReadsRequestLineHeadersQueryAndBody) {
    RequestParser p;
    ASSERT_EQ(parse("POST /api/x%20y?a=1&b=x+y%E6%A5%9A&flag HTTP/1.1\r\nHost: 127.0.0.1:8\r\n"
                    "Content-Type: application/json\r\nContent-Length: 4\r\n\r\nabcdEXTRA",
                    p),
              RequestParser::COMPLETE);
    const HttpRequest& r = p.request();
    EXPECT_EQ(r.method, "POST");
    EXPECT_EQ(r.path, "/api/x y");
    EXPECT_EQ(r.param("a"), "1");
    EXPECT_EQ(r.param("b"), "x y楚");
    EXPECT_TRUE(r.has_param("flag"));
    EXPECT_EQ(r.header("content-type"), "application/json");  // names are case-insensitive
    EXPECT_EQ(r.body, "abcd");
}

TEST(HttpParser, AcceptsBytesOneAtATime) {
    std::string text = "GET /index.html HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nxyz";
    RequestParser p;
    for (size_t i = 0; i + 1 < text.size(); ++i) ASSERT_EQ(p.feed(text.substr(i, 1)), RequestParser::NEED_MORE) << i;
    EXPECT_EQ(p.feed(text.substr(text.size() - 1)), RequestParser::COMPLETE);
    EXPECT_EQ(p.request().body, "xyz");
}

TEST(HttpParser, RejectsMalformedRequestsWithReasons) {
    struct Case {
        std::string text;
        int status;
    } cases[] = {
        {"GARBAGE\r\n\r\n", 400},
        {"GET / HTTP/1.1 extra\r\nHost: h\r\n\r\n", 400},
        {"get / HTTP/1.1\r\nHost: h\r\n\r\n", 400},
        {"GET / HTTP/2.0\r\nHost: h\r\n\r\n", 505},
        {"GET / HTTX/1.1\r\nHost: h\r\n\r\n", 400},
        {"GET http://evil/ HTTP/1.1\r\nHost: h\r\n\r\n", 400},
        {"GET / HTTP/1.1\r\n\r\n", 400},  // HTTP/1.1 needs Host
        {"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400},
        {"GET /%zz HTTP/1.1\r\nHost: h\r\n\r\n", 400},
        {"GET /a%00 HTTP/1.1\r\nHost: h\r\n\r\n", 400},
        {"GET /?q=%4 HTTP/1.1\r\nHost: h\r\n\r\n", 400},
        {"GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n", 400},
        {"GET / HTTP/1.1\r\nHost: h\r\nBad Name: x\r\n\r\n", 400},
        {"GET / HTTP/1.1\r\nHost: h\r\nNoColon\r\n\r\n", 400},
        {"POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n", 400},
        {"POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 12abc\r\n\r\n", 400},
        {"POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400},
        {"POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n", 501},
        {"POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999\r\n\r\n", 413},
    };
    for (const Case& c : cases) {
        RequestParser p;
        EXPECT_EQ(p.feed(c.text), RequestParser::FAILED) << c.text;
        EXPECT_EQ(p.error_status(), c.status) << c.text;
        EXPECT_FALSE(p.error_reason().empty()) << c.text;
    }
}

TEST(HttpParser, EnforcesSizeLimits) {
    HttpLimits limits;
    limits.maxHeaderBytes = 1024;
    limits.maxTargetBytes = 100;
    limits.maxBodyBytes = 10;
    limits.maxHeaders = 5;
    {
        RequestParser p(limits);
        EXPECT_EQ(p.feed("GET /" + std::string(2000, 'a')), RequestParser::FAILED);
        EXPECT_EQ(p.error_status(), 431);
    }
    {
        RequestParser p(limits);
        EXPECT_EQ(p.feed("GET /" + std::string(200, 'a') + " HTTP/1.1\r\nHost: h\r\n\r\n"), RequestParser::FAILED);
        EXPECT_EQ(p.error_status(), 414);
    }
    {
        RequestParser p(limits);
        std::string h = "GET / HTTP/1.1\r\nHost: h\r\n";
        for (int i = 0; i < 6; ++i) h += "X" + std::to_string(i) + ": y\r\n";
        EXPECT_EQ(p.feed(h + "\r\n"), RequestParser::FAILED);
        EXPECT_EQ(p.error_status(), 431);
    }
    {
        RequestParser p(limits);
        EXPECT_EQ(p.feed("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n"), RequestParser::FAILED);
        EXPECT_EQ(p.error_status(), 413);
    }
}

TEST(Json, ParsesAndWritesValues) {
    Json j;
    std::string error;
    ASSERT_TRUE(Json::parse(R"( {"a": [1, -2.5, true, false, null], "s": "x\"\\\n\u00e9\u695a\ud83d\ude00", "o": {}} )", j, &error))
        << error;
    EXPECT_EQ(j["a"].items().size(), 5u);
    EXPECT_EQ(j["a"].items()[1].as_number(), -2.5);
    EXPECT_EQ(j["s"].as_string(), "x\"\\\n\xc3\xa9楚\xf0\x9f\x98\x80");
    EXPECT_TRUE(j["o"].is_object());
    EXPECT_TRUE(j["missing"].is_null());
    Json back;
    ASSERT_TRUE(Json::parse(j.dump(), back, &error)) << error;
    EXPECT_EQ(back.dump(), j.dump());
    EXPECT_EQ(Json(int64_t(1) << 40).dump(), "1099511627776");
    Json ctl("\x01");
    EXPECT_EQ(ctl.dump(), "\"\\u0001\"");
}

TEST(Json, RejectsMalformedText) {
    for (const char* bad : {"", "{", "[1,]", "{\"a\"}", "{\"a\":1,}", "tru", "\"abc", "\"\\x\"", "01x", "1 2", "{'a':1}",
                            "\"\\ud800\"", "\"a\nb\"", "-", "1.", "[1e]"}) {
        Json j;
        std::string error;
        EXPECT_FALSE(Json::parse(bad, j, &error)) << bad;
        EXPECT_FALSE(error.empty()) << bad;
    }
    std::string deep(100, '[');
    Json j;
    std::string error;
    EXPECT_FALSE(Json::parse(deep + std::string(100, ']'), j, &error));
    EXPECT_NE(error.find("nested too deeply"), std::string::npos);
}

TEST(HttpServer, AnswersBadRequestsAndKeepsServing) {
    HttpLimits limits;
    limits.readTimeoutMs = 300;
    chuhe::test::GuiServer s(chuhe::test::GuiServer::default_options(), limits);
    EXPECT_EQ(chuhe::test::raw_request(s.port(), "NONSENSE\r\n\r\n").status, 400);
    // A request that never completes gets 408 after the read deadline.
    auto slow = chuhe::test::raw_request(s.port(), "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", 20000, false);
    EXPECT_EQ(slow.status, 408);
    // A body shorter than announced.
    EXPECT_EQ(chuhe::test::raw_request(s.port(), "POST /api/position HTTP/1.1\r\nHost: 127.0.0.1:" +
                                                    std::to_string(s.port()) + "\r\nContent-Length: 50\r\n\r\n{}")
                  .status,
              400);
    auto ok = chuhe::test::request(s.port(), "GET", "/api/info");
    EXPECT_EQ(ok.status, 200) << ok.body;
}

namespace {

// A connection to 127.0.0.1:port that has sent `bytes` and stays open (-1 if refused).
int open_connection(int port, const std::string& bytes) {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(uint16_t(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) < 0 ||
        ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL) != ssize_t(bytes.size())) {
        if (fd >= 0) ::close(fd);
        return -1;
    }
    return fd;
}

}  // namespace

TEST(HttpServer, IdleConnectionsLeaveRoomForNewClients) {
    HttpServer server({}, [](const HttpRequest&, HttpStream&) {
        HttpResponse r;
        r.body = "{\"ok\":true}";
        return r;
    });
    ASSERT_TRUE(server.listen("127.0.0.1", 0, nullptr));
    std::thread serving([&] { server.serve(); });
    // 120 clients send half a header and wait (the limit is 64 connections).
    std::vector<int> idle;
    for (int i = 0; i < 120; ++i) {
        int fd = open_connection(server.port(), "GET / HTTP/1.1\r\nHost: 127.0");
        EXPECT_GE(fd, 0);
        if (fd >= 0) idle.push_back(fd);
    }
    // A normal client is served at once, long before any idle one times out.
    auto started = std::chrono::steady_clock::now();
    auto r = chuhe::test::request(server.port(), "GET", "/");
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    EXPECT_EQ(r.status, 200) << r.head << r.body;
    EXPECT_EQ(r.body, "{\"ok\":true}");
    EXPECT_LT(ms, 1000);
    EXPECT_LE(server.active_connections(), 2 * HttpLimits().maxConnections);
    for (int fd : idle) ::close(fd);
    server.stop();
    serving.join();
}

TEST(HttpServer, HalfAHeaderTimesOutInTwoSeconds) {
    HttpServer server({}, [](const HttpRequest&, HttpStream&) { return HttpResponse{}; });
    ASSERT_TRUE(server.listen("127.0.0.1", 0, nullptr));
    std::thread serving([&] { server.serve(); });
    auto started = std::chrono::steady_clock::now();
    auto r = chuhe::test::raw_request(server.port(), "GET / HTTP/1.1\r\nHost: 127.0", 20000, false);
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    EXPECT_EQ(r.status, 408);
    EXPECT_NE(r.body.find("headers did not arrive in time"), std::string::npos) << r.body;
    EXPECT_GE(ms, HttpLimits().headerTimeoutMs - 100);
    EXPECT_LT(ms, HttpLimits().headerTimeoutMs + 1000);
    server.stop();
    serving.join();
}

}  // namespace
}  // namespace chuhe::gui
