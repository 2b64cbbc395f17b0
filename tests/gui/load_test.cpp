// The web board's server under load (loopback only, bounded): 1,000 API requests from 20
// concurrent clients, then 1,000 malformed requests; no crash, every reply right, no engine
// process left behind.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "gui/client.h"

namespace chuhe::gui {
namespace {

constexpr int CLIENTS = 20;
constexpr int PER_CLIENT = 50;

TEST(GuiLoad, ThousandRequestsFromTwentyClientsThenThousandMalformed) {
    int before = test::child_processes();
    {
        test::GuiServer s;
        const int port = s.port();
        std::atomic<int> ok{0}, wrong{0}, busy{0};
        std::vector<std::thread> clients;
        for (int c = 0; c < CLIENTS; ++c)
            clients.emplace_back([&, c] {
                for (int i = 0; i < PER_CLIENT; ++i) {
                    test::HttpReply r;
                    switch ((c + i) % 6) {
                    case 0: r = test::request(port, "POST", "/api/position", R"({"moves": ["h2e2", "h9g7"]})"); break;
                    case 1: r = test::request(port, "POST", "/api/move", R"({"moves": "b0c2", "move": "b9c7"})"); break;
                    case 2:
                        r = test::request(port, "POST", "/api/judge",
                                          R"({"fen": "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w", "moves": "c2a2 a7b7 a2b2 b7a7 b2a2"})");
                        break;
                    case 3:
                        r = i % 2 ? test::request(port, "GET", "/api/info") : test::request(port, "POST", "/api/engines", "{}");
                        break;
                    case 4: r = test::request(port, "GET", "/app.js"); break;
                    default:
                        // A short engine search now and then: in process (analysis) or the child.
                        if (i % 2)
                            r = test::request(port, "POST", "/api/analyse", R"({"depth": 2, "multipv": 2})");
                        else
                            r = test::request(port, "POST", "/api/engine/move", R"({"depth": 2})");
                        if (r.status == 503 || r.status == 409) {  // all engines busy: a right answer
                            ++busy;
                            continue;
                        }
                    }
                    (r.status == 200 ? ok : wrong)++;
                }
            });
        for (auto& t : clients) t.join();
        EXPECT_EQ(ok + wrong + busy, CLIENTS * PER_CLIENT);
        EXPECT_EQ(wrong, 0);
        EXPECT_GT(ok, CLIENTS * PER_CLIENT * 3 / 4);

        const std::string host = "Host: 127.0.0.1:" + std::to_string(port) + "\r\n";
        const std::vector<std::pair<std::string, int>> malformed = {
            {"\r\n\r\n", 400},
            {"GET\r\n\r\n", 400},
            {"GET / HTTP/9.9\r\n" + host + "\r\n", 505},
            {"GET / HTTP/1.1\r\n\r\n", 400},
            {"GET /" + std::string(9000, 'x') + " HTTP/1.1\r\n" + host + "\r\n", 414},
            {"GET / HTTP/1.1\r\n" + host + "X: " + std::string(20000, 'y') + "\r\n\r\n", 431},
            {"POST /api/position HTTP/1.1\r\n" + host + "Content-Length: 999999999\r\n\r\n", 413},
            {"POST /api/position HTTP/1.1\r\n" + host + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 501},
            {"POST /api/position HTTP/1.1\r\n" + host + "Content-Length: 5\r\n\r\n{\"a\":", 400},
            {"POST /api/position HTTP/1.1\r\n" + host + "Content-Length: 9\r\n\r\n[[[[[[[[[", 400},
            {"POST /api/position HTTP/1.1\r\n" + host + "Content-Length: 22\r\n\r\n{\"fen\": \"xyz w - - 0\"}", 422},
            {"POST /api/analyse HTTP/1.1\r\n" + host + "Content-Length: 17\r\n\r\n{\"nodes\": -12345}", 422},
            {"POST /api/position HTTP/1.1\r\nHost: evil:1\r\nContent-Length: 2\r\n\r\n{}", 403},
            {"PUT /api/position HTTP/1.1\r\n" + host + "Content-Length: 2\r\n\r\n{}", 405},
            {"POST /api/position HTTP/1.1\r\n" + host + "Content-Length: 40\r\n\r\n{}", 400},  // body cut short
            {std::string("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 11) + "\r\n\r\n", 400},  // TLS hello
            {"GET /%ff%fe%00 HTTP/1.1\r\n" + host + "\r\n", 400},
        };
        std::atomic<int> right{0};
        std::atomic<int> firstWrong{-1};
        clients.clear();
        for (int c = 0; c < CLIENTS; ++c)
            clients.emplace_back([&, c] {
                for (int i = 0; i < PER_CLIENT; ++i) {
                    size_t k = size_t(c * PER_CLIENT + i) % malformed.size();
                    test::HttpReply r = test::raw_request(port, malformed[k].first);
                    if (r.status == malformed[k].second) {
                        ++right;
                    } else {
                        int expected = -1;
                        firstWrong.compare_exchange_strong(expected, int(k) * 1000 + r.status);
                    }
                }
            });
        for (auto& t : clients) t.join();
        EXPECT_EQ(right, CLIENTS * PER_CLIENT) << "first wrong: case " << firstWrong / 1000 << " got " << firstWrong % 1000;
        // Still serving.
        EXPECT_EQ(test::request(port, "GET", "/api/info").status, 200);
        s.stop();
        EXPECT_EQ(s.app().engine_processes(), 0);
        EXPECT_EQ(s.app().searches_running(), 0);
    }
    EXPECT_EQ(test::child_processes(), before);
}

}  // namespace
}  // namespace chuhe::gui
