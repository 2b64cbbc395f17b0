// The web board's JSON API over real loopback connections.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "gui/client.h"
#include "util/json.h"
#include "util/text.h"
#include "records/encoding.h"
#include "records/record_file.h"
#include "support/command.h"
#include "support/data.h"

namespace chuhe::gui {
namespace {

using test::GuiServer;
using test::request;

Json body_json(const test::HttpReply& r) {
    Json j;
    std::string error;
    EXPECT_TRUE(Json::parse(r.body, j, &error)) << error << ": " << r.body;
    return j;
}

Json post(GuiServer& s, const std::string& path, const std::string& body, int expect = 200) {
    auto r = request(s.port(), "POST", path, body);
    EXPECT_EQ(r.status, expect) << path << " " << body << " -> " << r.body;
    return body_json(r);
}

// A cannon chasing a rook back and forth (AXF: the chaser loses); moves to its third occurrence.
const char* CHASE_FEN = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1";
const char* CHASE_MOVES = "\"c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2\"";

TEST(GuiApi, ServesThePageAndItsFiles) {
    GuiServer s;
    auto page = request(s.port(), "GET", "/");
    EXPECT_EQ(page.status, 200);
    EXPECT_NE(page.head.find("text/html"), std::string::npos);
    EXPECT_NE(page.body.find("app.js"), std::string::npos);
    EXPECT_NE(page.head.find("Content-Security-Policy"), std::string::npos);
    auto js = request(s.port(), "GET", "/app.js");
    EXPECT_EQ(js.status, 200);
    EXPECT_NE(js.head.find("text/javascript"), std::string::npos);
    EXPECT_EQ(request(s.port(), "GET", "/style.css").status, 200);
    EXPECT_EQ(request(s.port(), "GET", "/../../etc/passwd").status, 404);
    EXPECT_EQ(request(s.port(), "GET", "/nothing").status, 404);
    EXPECT_EQ(request(s.port(), "DELETE", "/").status, 405);
    auto head = request(s.port(), "HEAD", "/");
    EXPECT_EQ(head.status, 200);
    EXPECT_TRUE(head.body.empty());
}

TEST(GuiApi, RefusesForeignHostsOriginsAndMissingTokens) {
    GuiServer s;
    std::string port = std::to_string(s.port());
    auto rebinding = test::raw_request(s.port(), "GET /api/info HTTP/1.1\r\nHost: attacker.example:" + port + "\r\n\r\n");
    EXPECT_EQ(rebinding.status, 403);
    auto cross = request(s.port(), "POST", "/api/position", "{}", "Origin: http://attacker.example\r\n");
    EXPECT_EQ(cross.status, 403);
    EXPECT_EQ(request(s.port(), "POST", "/api/position", "{}", "Origin: null\r\n").status, 403);
    EXPECT_EQ(request(s.port(), "POST", "/api/position", "{}", "Sec-Fetch-Site: cross-site\r\n").status, 403);
    EXPECT_EQ(request(s.port(), "POST", "/api/position", "{}", "Origin: http://127.0.0.1:" + port + "\r\n").status, 200);
    // Another name of this machine is another origin.
    EXPECT_EQ(request(s.port(), "POST", "/api/position", "{}", "Origin: http://localhost:" + port + "\r\n").status, 403);
    auto localhost = test::raw_request(s.port(), "GET /api/info HTTP/1.1\r\nHost: localhost:" + port + "\r\n\r\n");
    EXPECT_EQ(localhost.status, 200);

    GuiOptions o = GuiServer::default_options();
    o.token = "0123456789abcdef";
    GuiServer guarded(o);
    EXPECT_EQ(request(guarded.port(), "GET", "/api/info").status, 403);
    EXPECT_EQ(request(guarded.port(), "GET", "/api/info?token=wrong").status, 403);
    EXPECT_EQ(request(guarded.port(), "GET", "/api/info?token=0123456789abcdef").status, 200);
    EXPECT_EQ(request(guarded.port(), "GET", "/api/info", "", "X-Chuhe-Token: 0123456789abcdef\r\n").status, 200);
    EXPECT_EQ(request(guarded.port(), "GET", "/").status, 200);  // the page itself holds no data
    // Listening on every address: any name reaches it, the token keeps other sites out.
    GuiOptions everywhere = GuiServer::default_options();
    everywhere.host = "0.0.0.0";
    everywhere.token = "fedcba9876543210";
    GuiServer open(everywhere);
    std::string lan = "GET /api/info?token=fedcba9876543210 HTTP/1.1\r\nHost: 192.168.7.7:" + std::to_string(open.port());
    EXPECT_EQ(test::raw_request(open.port(), lan + "\r\n\r\n").status, 200);
    EXPECT_EQ(test::raw_request(open.port(), lan + "\r\nOrigin: http://attacker.example\r\n\r\n").status, 403);
    EXPECT_EQ(test::raw_request(open.port(), lan + "\r\nOrigin: http://192.168.7.7:" + std::to_string(open.port()) +
                                                 "\r\n\r\n")
                  .status,
              200);
    EXPECT_TRUE(is_loopback("127.0.0.1") && is_loopback("::1") && is_loopback("localhost"));
    EXPECT_FALSE(is_loopback("0.0.0.0") || is_loopback("192.168.1.2"));
    EXPECT_EQ(random_token().size(), 32u);
    EXPECT_NE(random_token(), random_token());
}

// A page on another port of this machine is the same site: Chromium sends its <img> GETs with
// "Sec-Fetch-Site: same-site" and no Origin. Nothing it sends may start a search or a handshake.
TEST(GuiApi, OnlyThisPageAndNonBrowsersStartWork) {
    GuiServer s;
    auto sameSite = request(s.port(), "GET", "/api/analyse?depth=8", "", "Sec-Fetch-Site: same-site\r\n");
    EXPECT_EQ(sameSite.status, 403) << sameSite.body;
    EXPECT_NE(sameSite.body.find("another site or port"), std::string::npos) << sameSite.body;
    EXPECT_EQ(request(s.port(), "POST", "/api/analyse", R"({"depth": 1})", "Sec-Fetch-Site: same-site\r\n").status, 403);
    EXPECT_EQ(request(s.port(), "POST", "/api/engines", "{}", "Sec-Fetch-Site: same-site\r\n").status, 403);
    // GET starts nothing: searches and the engines' handshakes take POST.
    auto get = request(s.port(), "GET", "/api/analyse?depth=8");
    EXPECT_EQ(get.status, 405);
    EXPECT_EQ(body_json(get)["error"].as_string(), "/api/analyse takes POST");
    EXPECT_EQ(request(s.port(), "GET", "/api/engines").status, 405);
    EXPECT_EQ(s.app().searches_running(), 0);
    EXPECT_EQ(s.app().engine_processes(), 0);
    // This server's page, an address typed in the browser, and curl.
    EXPECT_EQ(request(s.port(), "POST", "/api/analyse", R"({"depth": 1})", "Sec-Fetch-Site: same-origin\r\n").status, 200);
    EXPECT_EQ(request(s.port(), "GET", "/api/info", "", "Sec-Fetch-Site: none\r\n").status, 200);
    EXPECT_EQ(request(s.port(), "POST", "/api/engines", "{}").status, 200);
}

TEST(GuiApi, PositionGivesLegalMovesNotationAndStatus) {
    GuiServer s;
    Json start = post(s, "/api/position", "{}");
    EXPECT_EQ(start["legal"].items().size(), 44u);
    EXPECT_EQ(start["side"].as_string(), "red");
    EXPECT_FALSE(start["status"]["over"].as_bool());
    Json j = post(s, "/api/position", R"({"moves": ["h2e2", "馬8進7", "H2+3"], "notation": "chinese", "traditional": false})");
    ASSERT_EQ(j["moves"].items().size(), 3u);
    EXPECT_EQ(j["moves"].items()[0]["text"].as_string(), "炮二平五");
    EXPECT_EQ(j["moves"].items()[1]["iccs"].as_string(), "h9g7");
    EXPECT_EQ(j["moves"].items()[2]["text"].as_string(), "马二进三");
    EXPECT_EQ(j["lastMove"].as_string(), "h0g2");
    EXPECT_EQ(j["side"].as_string(), "black");
    Json wxf = post(s, "/api/position", R"({"moves": "h2e2", "notation": "wxf"})");
    EXPECT_EQ(wxf["moves"].items()[0]["text"].as_string(), "C2.5");

    Json bad = post(s, "/api/position", R"({"fen": "rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR w"})", 422);
    EXPECT_NE(bad["error"].as_string().find("bad FEN"), std::string::npos);
    Json kings = post(s, "/api/position", R"({"fen": "4k4/9/9/9/9/9/9/9/9/4K4 w"})", 422);  // kings face each other
    EXPECT_FALSE(kings["error"].as_string().empty());
    Json illegal = post(s, "/api/position", R"({"moves": ["h2h8"]})", 422);
    EXPECT_NE(illegal["error"].as_string().find("move 1"), std::string::npos);
    post(s, "/api/position", R"({"moves": 5})", 422);
    post(s, "/api/position", R"({"notation": "klingon"})", 422);
    post(s, "/api/position", R"({"rules": "western"})", 422);
    post(s, "/api/position", "not json", 400);
    post(s, "/api/position", "[1, 2]", 400);

    Json moved = post(s, "/api/move", R"({"moves": ["h2e2"], "move": "h9g7"})");
    EXPECT_EQ(moved["moves"].items().size(), 2u);
    post(s, "/api/move", R"({"move": "e3e5"})", 422);
    post(s, "/api/move", R"({})", 400);
    EXPECT_EQ(request(s.port(), "GET", "/api/position").status, 405);
    EXPECT_EQ(request(s.port(), "POST", "/api/nothing", "{}").status, 404);
}

// What a reply quotes of a request is short and valid UTF-8 JSON, whatever the request held.
TEST(GuiApi, ErrorsQuoteTheRequestShortAndAsValidJson) {
    GuiServer s;
    auto valid = [](const test::HttpReply& r) {
        Json j;
        return is_valid_utf8(r.body) && Json::parse(r.body, j, nullptr) && j["error"].is_string();
    };
    // A 4 MB move: 80 characters of it come back.
    std::string huge(4 << 20, 'x');
    auto big = request(s.port(), "POST", "/api/move", R"({"move": ")" + huge + R"("})");
    EXPECT_EQ(big.status, 422);
    EXPECT_LT(big.body.size(), 300u);
    EXPECT_EQ(body_json(big)["error"].as_string(), "'" + std::string(80, 'x') + "...' is too long for a move");
    auto bigMoves = request(s.port(), "POST", "/api/position", R"({"moves": ["h2e2", ")" + huge + R"("]})");
    EXPECT_EQ(bigMoves.status, 422);
    EXPECT_EQ(body_json(bigMoves)["error"].as_string(), "move 2 '" + std::string(80, 'x') + "...' is too long for a move");
    // A million NULs (as JSON escapes) in one move, and in a notation's name.
    std::string nuls;
    for (int i = 0; i < 1000000; ++i) nuls += "\\u0000";
    auto zero = request(s.port(), "POST", "/api/position", R"({"moves": ")" + nuls + R"("})");
    EXPECT_EQ(zero.status, 422);
    EXPECT_LT(zero.body.size(), 700u);
    EXPECT_TRUE(valid(zero)) << zero.body.substr(0, 200);
    auto zeroName = request(s.port(), "POST", "/api/position", R"({"notation": ")" + nuls + R"("})");
    EXPECT_EQ(zeroName.status, 422);
    EXPECT_LT(zeroName.body.size(), 700u);
    // Bytes that are not UTF-8 come back as U+FFFD.
    auto bad = request(s.port(), "POST", "/api/move", "{\"move\": \"\xff\xfe\xc3\"}");
    EXPECT_EQ(bad.status, 422);
    EXPECT_TRUE(valid(bad)) << bad.body;
    EXPECT_NE(body_json(bad)["error"].as_string().find("\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"), std::string::npos);
    auto badRules = request(s.port(), "POST", "/api/position", "{\"rules\": \"\x80western\"}");
    EXPECT_EQ(badRules.status, 422);
    EXPECT_EQ(body_json(badRules)["error"].as_string(), "unknown rule set '\xEF\xBF\xBDwestern' (asian or chinese)");
    // A long Host header and path.
    auto host = test::raw_request(s.port(), "GET /api/info HTTP/1.1\r\nHost: " + std::string(10000, 'h') + "\r\n\r\n");
    EXPECT_EQ(host.status, 403);
    EXPECT_LT(host.body.size(), 300u);
    auto path = request(s.port(), "GET", "/" + std::string(7000, 'p'));
    EXPECT_EQ(path.status, 404);
    EXPECT_LT(path.body.size(), 200u);
    // Records: 4 MB of NULs and of bytes that are neither UTF-8 nor GBK.
    for (char c : {'\0', '\xff'}) {
        auto record = request(s.port(), "POST", "/api/record/load", std::string(4 << 20, c));
        EXPECT_EQ(record.status, 422);
        EXPECT_LT(record.body.size(), 2000u);
        EXPECT_TRUE(valid(record)) << record.body.substr(0, 200);
    }
    // Quoted text is cut by characters, never inside one.
    EXPECT_EQ(excerpt(std::string(81, 'a')), std::string(80, 'a') + "...");
    EXPECT_EQ(excerpt("\xe7\x82\xae\xe4\xba\x8c", 1), "\xe7\x82\xae...");
    EXPECT_EQ(excerpt("ok"), "ok");
}

TEST(GuiApi, GameEndsAsTheMatchRunnerAdjudicates) {
    GuiServer s;
    // Red rook mates on the back rank (the black king cannot leave its file).
    Json mate = post(s, "/api/position", R"({"fen": "3k5/RR7/9/9/9/9/9/9/9/4K4 w", "moves": ["a8a9"]})");
    EXPECT_TRUE(mate["status"]["over"].as_bool());
    EXPECT_EQ(mate["status"]["result"].as_string(), "1-0");
    EXPECT_EQ(mate["status"]["reason"].as_string(), "black is checkmated");
    EXPECT_TRUE(mate["legal"].items().empty());
    // Bare kings: CXA 4.2.2.
    Json bare = post(s, "/api/position", R"({"fen": "3k5/9/9/9/9/9/9/9/9/4K4 w"})");
    EXPECT_EQ(bare["status"]["reason"].as_string(), "draw: neither side can win (CXA 4.2.2)");
    Json rep = post(s, "/api/position", std::string("{\"fen\": \"") + CHASE_FEN + "\", \"moves\": " + CHASE_MOVES + "}");
    EXPECT_EQ(rep["status"]["reason"].as_string(), "red loses by the repetition rules");
    EXPECT_EQ(rep["status"]["result"].as_string(), "0-1");
    EXPECT_EQ(rep["repetition"]["occurrence"].as_number(), 3);
    EXPECT_EQ(rep["repetition"]["ruling"].as_string(), "red loses");
}

TEST(GuiApi, JudgeGivesTheRulingWithItsArticles) {
    GuiServer s;
    Json j = post(s, "/api/judge", std::string("{\"rules\": \"chinese\", \"fen\": \"") + CHASE_FEN +
                                       "\", \"moves\": \"c2a2 a7b7 a2b2 b7a7 b2a2\"}");
    EXPECT_EQ(j["ruling"].as_string(), "red loses");
    EXPECT_EQ(j["occurrence"].as_number(), 2);
    EXPECT_EQ(j["first"].as_number(), 1);
    EXPECT_EQ(j["last"].as_number(), 5);
    std::string all;
    for (const Json& line : j["lines"].items()) all += line.as_string() + "\n";
    EXPECT_NE(all.find("CXA 25.3"), std::string::npos) << all;
    EXPECT_NE(all.find("捉, 24.3"), std::string::npos) << all;
    // The same lines as `chuhe judge`.
    auto cli = test::run_command(std::string(CHUHE_BINARY) + " judge --rules chinese --fen '" + CHASE_FEN +
                                 "' --moves 'c2a2 a7b7 a2b2 b7a7 b2a2'");
    EXPECT_EQ(cli.status, 0);
    EXPECT_EQ(cli.out, all);
    Json none = post(s, "/api/judge", R"({"moves": "h2e2"})");
    EXPECT_EQ(none["ruling"].as_string(), "no repetition");
}

// Reads a whole event stream and returns its events as (name, JSON data).
std::vector<std::pair<std::string, Json>> events_of(const std::string& body) {
    std::vector<std::pair<std::string, Json>> out;
    size_t pos = 0;
    while (pos < body.size()) {
        size_t end = body.find("\n\n", pos);
        if (end == std::string::npos) break;
        std::string block = body.substr(pos, end - pos);
        pos = end + 2;
        std::string event, data;
        size_t lpos = 0;
        while (lpos <= block.size()) {
            size_t nl = block.find('\n', lpos);
            std::string line = block.substr(lpos, nl == std::string::npos ? std::string::npos : nl - lpos);
            if (line.rfind("event: ", 0) == 0) event = line.substr(7);
            if (line.rfind("data: ", 0) == 0) data += line.substr(6);
            if (nl == std::string::npos) break;
            lpos = nl + 1;
        }
        if (event.empty()) continue;
        Json j;
        Json::parse(data, j, nullptr);
        out.emplace_back(event, j);
    }
    return out;
}

TEST(GuiApi, AnalysisStreamsMultiPvLinesAsServerSentEvents) {
    GuiServer s;
    auto r = request(s.port(), "POST", "/api/analyse", R"({"multipv": 3, "nodes": 30000, "moves": ["h2e2"]})");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_NE(r.head.find("text/event-stream"), std::string::npos);
    auto events = events_of(r.body);
    ASSERT_GE(events.size(), 3u);
    EXPECT_EQ(events.front().first, "start");
    EXPECT_EQ(events.back().first, "bestmove");
    std::set<int> lines;
    for (const auto& e : events)
        if (e.first == "info") {
            lines.insert(int(e.second["multipv"].as_number()));
            EXPECT_FALSE(e.second["pv"].items().empty());
            EXPECT_EQ(e.second["pv"].items().size(), e.second["pvText"].items().size());
        }
    EXPECT_EQ(lines, (std::set<int>{1, 2, 3}));
    std::string best = events.back().second["move"].as_string();
    Json pos = post(s, "/api/position", R"({"moves": ["h2e2"]})");
    bool legal = false;
    for (const Json& m : pos["legal"].items()) legal |= m.as_string() == best;
    EXPECT_TRUE(legal) << best;
    EXPECT_EQ(request(s.port(), "POST", "/api/analyse", R"({"multipv": 99})").status, 422);
    EXPECT_EQ(request(s.port(), "HEAD", "/api/analyse").status, 405);
    EXPECT_EQ(request(s.port(), "POST", "/api/analyse", R"({"depth": "deep"})").status, 422);
    EXPECT_EQ(request(s.port(), "POST", "/api/analyse", R"({"id": "bad id!"})").status, 400);
    EXPECT_EQ(request(s.port(), "POST", "/api/analyse", R"({"fen": "3k5/RR7/9/9/9/9/9/9/9/4K4 w", "moves": "a8a9", "depth": 2})").status,
              422);
}

TEST(GuiApi, InfiniteAnalysisStopsOnRequest) {
    GuiServer s;
    test::HttpReply r;
    std::thread client([&] { r = request(s.port(), "POST", "/api/analyse", R"({"id": "inf1"})"); });
    // Wait (bounded) until the search is registered, then stop it.
    Json stopped;
    for (int i = 0; i < 2000 && s.app().searches_running() == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ASSERT_EQ(s.app().searches_running(), 1);
    int n = 0;
    for (int i = 0; i < 200 && n == 0; ++i) {
        n = int(post(s, "/api/stop", R"({"id": "inf1"})")["stopped"].as_number());
        if (!n) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    client.join();
    EXPECT_EQ(n, 1);
    auto events = events_of(r.body);
    ASSERT_FALSE(events.empty());
    EXPECT_EQ(events.back().first, "bestmove");
    EXPECT_TRUE(events.back().second["stopped"].as_bool());
}

TEST(GuiApi, EngineMovesThroughTheMatchRunnersEngineClient) {
    int before = test::child_processes();
    {
        GuiServer s;
        Json r = post(s, "/api/engine/move", R"({"moves": ["h2e2"], "depth": 3, "newgame": true})");
        EXPECT_EQ(r["status"].as_string(), "move");
        Json pos = post(s, "/api/position", R"({"moves": ["h2e2"]})");
        bool legal = false;
        for (const Json& m : pos["legal"].items()) legal |= m.as_string() == r["move"].as_string();
        EXPECT_TRUE(legal) << r.dump();
        EXPECT_FALSE(r["text"].as_string().empty());
        // Clocks: a quick move with a second on each clock.
        Json timed = post(s, "/api/engine/move", R"({"redtime": 1000, "blacktime": 1000, "increment": 10})");
        EXPECT_EQ(timed["status"].as_string(), "move");
        post(s, "/api/engine/move", R"({"depth": 2, "engine": 7})", 422);
        post(s, "/api/engine/move", R"({})", 422);
        post(s, "/api/engine/move", R"({"redtime": 1000})", 422);
        EXPECT_EQ(s.app().engine_processes(), 1);
        s.stop();
        EXPECT_EQ(s.app().engine_processes(), 0);
    }
    EXPECT_EQ(test::child_processes(), before);
}

TEST(GuiApi, OtherEnginesPlayThroughTheirProtocol) {
    int before = test::child_processes();
    {
        // A second engine as --engine adds it: here Chuhe again, speaking UCI (detected).
        GuiOptions o = GuiServer::default_options();
        match::EngineConfig uci;
        uci.name = "chuhe-uci";
        uci.command = CHUHE_BINARY;
        uci.args = {"uci"};
        o.engines.push_back(uci);
        GuiServer s(o);
        Json info = post(s, "/api/info", "{}");
        ASSERT_EQ(info["engines"].items().size(), 2u);
        EXPECT_EQ(info["engines"].items()[1]["name"].as_string(), "chuhe-uci");
        Json r = post(s, "/api/engine/move", R"({"engine": 1, "moves": "h2e2 h9g7", "movetime": 50})");
        EXPECT_EQ(r["status"].as_string(), "move") << r.dump();
        EXPECT_EQ(r["engine"].as_string(), "chuhe-uci");
        // An engine that cannot start is a 502 with the reason, and the server carries on.
        GuiOptions bad = GuiServer::default_options();
        match::EngineConfig missing;
        missing.name = "missing";
        missing.command = "/nonexistent/engine";
        bad.engines = {missing};
        GuiServer t(bad);
        Json fail = post(t, "/api/engine/move", R"({"depth": 1})", 502);
        EXPECT_NE(fail["error"].as_string().find("did not start"), std::string::npos);
        auto listed = request(t.port(), "POST", "/api/engines");
        EXPECT_EQ(listed.status, 200);
        Json list = body_json(listed);
        const Json& gone = list["engines"].items().at(0);
        EXPECT_NE(gone["error"].as_string().find("engine missing did not start"), std::string::npos) << gone.dump();
        EXPECT_TRUE(gone["options"].items().empty());
        EXPECT_EQ(request(t.port(), "GET", "/api/info").status, 200);
    }
    EXPECT_EQ(test::child_processes(), before);
}

// Chuhe (the child, UCCI) and a test engine (UCI) as engine 1, whose log shows what it was sent.
GuiOptions with_fake_engine(const std::string& log) {
    GuiOptions o = GuiServer::default_options();
    match::EngineConfig fake;
    fake.name = "fake";
    fake.command = CHUHE_FAKE_ENGINE;
    fake.args = {"good", "0", log};
    fake.protocol = match::Protocol::UCI;
    o.engines.push_back(fake);
    return o;
}

const Json* option_named(const Json& engine, const std::string& name) {
    for (const Json& o : engine["options"].items())
        if (o["name"].as_string() == name) return &o;
    return nullptr;
}

std::string file_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

TEST(GuiApi, EnginesListTheOptionsTheyAnnounce) {
    int before = test::child_processes();
    std::string log = testing::TempDir() + "/gui_fake_engine.log";
    std::remove(log.c_str());
    {
        GuiServer s(with_fake_engine(log));
        auto r = request(s.port(), "POST", "/api/engines");
        ASSERT_EQ(r.status, 200) << r.body;
        Json list = body_json(r);
        ASSERT_EQ(list["engines"].items().size(), 2u);
        const Json& chuhe = list["engines"].items()[0];
        const Json& fake = list["engines"].items()[1];
        EXPECT_EQ(chuhe["protocol"].as_string(), "ucci");
        // Chuhe's strength and book, from its real UCCI handshake.
        const Json* level = option_named(chuhe, "level");
        ASSERT_TRUE(level) << chuhe.dump();
        EXPECT_EQ((*level)["type"].as_string(), "spin");
        EXPECT_EQ((*level)["min"].as_number(), 0);
        EXPECT_EQ((*level)["max"].as_number(), 20);
        EXPECT_TRUE((*level)["settable"].as_bool());
        ASSERT_TRUE(option_named(chuhe, "usebook"));
        EXPECT_EQ((*option_named(chuhe, "usebook"))["type"].as_string(), "check");
        ASSERT_TRUE(option_named(chuhe, "bookfiles"));
        EXPECT_FALSE((*option_named(chuhe, "bookfiles"))["settable"].as_bool());  // names a file
        // The test engine's, exactly as announced.
        EXPECT_EQ(fake["protocol"].as_string(), "uci");
        ASSERT_EQ(fake["options"].items().size(), 6u) << fake.dump();
        const Json* style = option_named(fake, "Play Style");
        ASSERT_TRUE(style);
        EXPECT_EQ((*style)["vars"].dump(), R"(["Solid","Normal","Risky"])");
        EXPECT_EQ((*style)["default"].as_string(), "Normal");
        EXPECT_FALSE((*option_named(fake, "MultiPV"))["settable"].as_bool());
        EXPECT_FALSE((*option_named(fake, "Clear Hash"))["settable"].as_bool());
        // The handshakes ran and ended: no process is left for the list.
        EXPECT_EQ(s.app().engine_processes(), 0);

        // Chosen options go out with setoption before the search.
        Json m = post(s, "/api/engine/move",
                      R"({"engine": 1, "depth": 1, "options": {"skill level": 5, "OwnBook": false, "Play Style": "risky"}})");
        EXPECT_EQ(m["status"].as_string(), "move") << m.dump();
        std::string sent = file_text(log);
        EXPECT_NE(sent.find("setoption name Skill Level value 5\n"), std::string::npos) << sent;
        EXPECT_NE(sent.find("setoption name OwnBook value false\n"), std::string::npos) << sent;
        EXPECT_NE(sent.find("setoption name Play Style value Risky\n"), std::string::npos) << sent;
        // Chuhe's level too.
        EXPECT_EQ(post(s, "/api/engine/move", R"({"depth": 1, "options": {"level": 3, "usebook": false}})")["status"].as_string(), "move");

        // Bad options are refused with the reason, and nothing is sent.
        auto refused = [&](const std::string& body, const std::string& reason) {
            Json e = post(s, "/api/engine/move", body, 422);
            EXPECT_NE(e["error"].as_string().find(reason), std::string::npos) << body << " -> " << e.dump();
        };
        refused(R"({"engine": 1, "depth": 1, "options": {"Skill Level": 21}})", "takes an integer from 0 to 20");
        refused(R"({"engine": 1, "depth": 1, "options": {"Hash": 16}})", "has no option 'Hash'");
        refused(R"({"engine": 1, "depth": 1, "options": {"Play Style": "Wild"}})", "takes one of Solid, Normal, Risky");
        refused(R"({"engine": 1, "depth": 1, "options": {"BookFile": "/etc/passwd"}})", "is not set here");
        refused(R"({"engine": 1, "depth": 1, "options": {"MultiPV": 2}})", "set by the board");
        refused(R"({"engine": 1, "depth": 1, "options": {"Play Style": "Solid\nquit"}})", "control characters");
        refused(R"({"engine": 1, "depth": 1, "options": [1, 2]})", "options must be an object");
        refused(R"({"engine": 1, "depth": 1, "options": {"Skill Level": 2.5}})", "give a string, an integer");
        EXPECT_EQ(file_text(log).find("/etc/passwd"), std::string::npos);
    }
    EXPECT_EQ(test::child_processes(), before);
}

// An analysis by an engine process (body with "id": id), stopped 300 ms after it started.
test::HttpReply analyse_until_stopped(GuiServer& s, const std::string& body, const std::string& id) {
    test::HttpReply r;
    std::thread client([&] { r = request(s.port(), "POST", "/api/analyse", body); });
    for (int i = 0; i < 2000 && s.app().searches_running() == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_EQ(s.app().searches_running(), 1);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    EXPECT_EQ(post(s, "/api/stop", R"({"id": ")" + id + R"("})")["stopped"].as_number(), 1);
    client.join();
    return r;
}

TEST(GuiApi, AnEngineProcessAnalysesWithMultiPv) {
    int before = test::child_processes();
    std::string log = testing::TempDir() + "/gui_fake_analysis.log";
    std::remove(log.c_str());
    {
        GuiServer s(with_fake_engine(log));
        // The fake sends its three lines at once and waits for stop.
        test::HttpReply r = analyse_until_stopped(
            s, R"({"engine": 1, "multipv": 3, "id": "ext1", "moves": ["h2e2"], "options": {"Skill Level": 7}})", "ext1");
        ASSERT_EQ(r.status, 200) << r.body;
        auto events = events_of(r.body);
        ASSERT_EQ(events.size(), 5u) << r.body;
        EXPECT_EQ(events[0].first, "start");
        EXPECT_EQ(events[0].second["multipv"].as_number(), 3);
        EXPECT_EQ(events[0].second["engine"].as_string(), "fake");
        for (int k = 1; k <= 3; ++k) {
            const Json& info = events[size_t(k)].second;
            EXPECT_EQ(events[size_t(k)].first, "info");
            EXPECT_EQ(info["multipv"].as_number(), k);
            EXPECT_EQ(info["depth"].as_number(), 5);
            EXPECT_EQ(info["score"]["cp"].as_number(), 10 - k);
            ASSERT_EQ(info["pv"].items().size(), 1u);
            EXPECT_FALSE(info["pvText"].items()[0].as_string().empty());
        }
        EXPECT_EQ(events[4].first, "bestmove");
        EXPECT_TRUE(events[4].second["stopped"].as_bool());
        EXPECT_EQ(events[4].second["move"].as_string(), events[1].second["pv"].items()[0].as_string());
        std::string sent = file_text(log);
        EXPECT_NE(sent.find("setoption name Skill Level value 7\n"), std::string::npos) << sent;
        EXPECT_NE(sent.find("setoption name MultiPV value 3\n"), std::string::npos) << sent;
        EXPECT_NE(sent.find("go infinite\n"), std::string::npos) << sent;
        EXPECT_NE(sent.find("stop\n"), std::string::npos) << sent;
        // Bad choices are refused before anything starts.
        EXPECT_EQ(request(s.port(), "POST", "/api/analyse", R"({"engine": 9})").status, 422);
        EXPECT_EQ(request(s.port(), "POST", "/api/analyse", R"({"engine": 1, "options": {"Skill Level": -1}})").status, 422);
        s.stop();
        EXPECT_EQ(s.app().engine_processes(), 0);
    }
    EXPECT_EQ(test::child_processes(), before);
}

// An engine process that dies under an analysis: the stream ends with an error event (no
// ordinary bestmove the page would take for a result), and the process is reaped.
TEST(GuiApi, AnEngineThatDiesUnderAnalysisEndsTheStreamWithAnError) {
    int before = test::child_processes();
    {
        GuiOptions o = GuiServer::default_options();
        match::EngineConfig fake;
        fake.name = "fake";
        fake.command = CHUHE_FAKE_ENGINE;
        fake.args = {"crash", "0"};  // exits when told to search
        fake.protocol = match::Protocol::UCI;
        o.engines.push_back(fake);
        GuiServer s(o);
        auto r = request(s.port(), "POST", "/api/analyse", R"({"engine": 1, "id": "c1"})");
        ASSERT_EQ(r.status, 200) << r.body;
        auto events = events_of(r.body);
        ASSERT_EQ(events.size(), 2u) << r.body;
        EXPECT_EQ(events[0].first, "start");
        EXPECT_EQ(events[1].first, "error");
        EXPECT_EQ(events[1].second["error"].as_string(), "engine fake crashed: the engine exited (exit code 3)");
        EXPECT_EQ(test::child_processes(), before);  // none left <defunct>
        EXPECT_EQ(s.app().engine_processes(), 0);
    }
    EXPECT_EQ(test::child_processes(), before);
}

// Ctrl-C: every search ends at once, an engine process's move too (with or without an id).
TEST(GuiApi, StoppingTheServerEndsEverySearchAtOnce) {
    int before = test::child_processes();
    {
        GuiServer s;
        test::HttpReply move, analysis;
        std::thread mover([&] { move = request(s.port(), "POST", "/api/engine/move", R"({"movetime": 30000})"); });
        std::thread analyser([&] { analysis = request(s.port(), "POST", "/api/analyse", "{}"); });
        for (int i = 0; i < 2000 && s.app().searches_running() < 2; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        ASSERT_EQ(s.app().searches_running(), 2);
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        auto started = std::chrono::steady_clock::now();
        s.stop();
        auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
        EXPECT_LT(ms, 2000);
        mover.join();
        analyser.join();
        EXPECT_EQ(s.app().searches_running(), 0);
        EXPECT_EQ(s.app().engine_processes(), 0);
    }
    EXPECT_EQ(test::child_processes(), before);
}

// Chuhe's UCCI child takes multipv (its extension of UCCI) and gives that many lines.
TEST(GuiApi, ChuhesUcciChildAnalysesWithMultiPv) {
    int before = test::child_processes();
    {
        GuiServer s;
        // Two rooks, two mates in one: Re1-d1 and Ra1-d1.
        test::HttpReply r = analyse_until_stopped(
            s, R"({"engine": 0, "multipv": 2, "id": "u1", "fen": "3k5/9/9/9/9/9/9/9/R3R4/4K4 w - - 0 1"})", "u1");
        ASSERT_EQ(r.status, 200) << r.body;
        auto events = events_of(r.body);
        ASSERT_GE(events.size(), 4u) << r.body;
        EXPECT_EQ(events.front().second["multipv"].as_number(), 2);
        std::set<int> lines;
        std::set<std::string> firstMoves;
        for (const auto& e : events)
            if (e.first == "info") {
                lines.insert(int(e.second["multipv"].as_number()));
                firstMoves.insert(e.second["pv"].items().at(0).as_string());
            }
        EXPECT_EQ(lines, (std::set<int>{1, 2}));
        EXPECT_EQ(firstMoves, (std::set<std::string>{"a1d1", "e1d1"}));
        EXPECT_EQ(events.back().first, "bestmove");
        s.stop();
    }
    EXPECT_EQ(test::child_processes(), before);
}

// The "options" of Chuhe's in-process analysis, as its start event reports them.
std::string analysis_options(GuiServer& s, const std::string& options) {
    auto r = request(s.port(), "POST", "/api/analyse", R"({"depth": 2, "options": )" + options + "}");
    EXPECT_EQ(r.status, 200) << options << " -> " << r.body;
    auto events = events_of(r.body);
    return events.empty() ? "" : events.front().second["options"].dump();
}

TEST(GuiApi, InProcessAnalysisTakesChuhesOwnOptions) {
    GuiServer s;  // hash 1 MB
    auto r = request(s.port(), "POST", "/api/engines");
    ASSERT_EQ(r.status, 200);
    Json list = body_json(r);
    const Json& analysis = list["analysis"];
    EXPECT_EQ(analysis["name"].as_string(), "Chuhe (in process)");
    std::string names;
    for (const Json& o : analysis["options"].items())
        names += o["name"].as_string() + (o["settable"].as_bool() ? "" : "(no)") + " ";
    EXPECT_EQ(names, "Hash Threads MultiPV(no) Rules(no) EvalFile(no) Use NNUE ");
    const Json* hash = option_named(analysis, "Hash");
    ASSERT_TRUE(hash);
    EXPECT_EQ((*hash)["default"].as_string(), "1");  // the server's hash for analysis
    EXPECT_EQ((*hash)["max"].as_number(), 65536);
    EXPECT_EQ((*option_named(analysis, "Threads"))["max"].as_number(), 2);  // the test's limit

    const std::string defaults =
        R"({"Hash":"1","Threads":"1","MultiPV":"1","Rules":"Asian","EvalFile":"<built-in>","Use NNUE":"true"})";
    EXPECT_EQ(analysis_options(s, "{}"), defaults);
    EXPECT_EQ(analysis_options(s, R"({"hash": 4, "Threads": "2", "Use NNUE": false})"),
              R"({"Hash":"4","Threads":"2","MultiPV":"1","Rules":"Asian","EvalFile":"<built-in>","Use NNUE":"false"})");
    // The next analysis (the same engine) is back to the defaults.
    EXPECT_EQ(analysis_options(s, "{}"), defaults);

    auto refused = [&](const std::string& options, const std::string& reason) {
        Json e = post(s, "/api/analyse", R"({"depth": 2, "options": )" + options + "}", 422);
        EXPECT_EQ(e["error"].as_string(), reason) << options;
    };
    refused(R"({"Threads": 0})", "option Threads: takes an integer from 1 to 2");
    refused(R"({"Hash": "lots"})", "option Hash: takes an integer");
    refused(R"({"Use NNUE": "maybe"})", "option Use NNUE: takes true or false");
    refused(R"({"Skill Level": 3})", "engine Chuhe (in process) has no option 'Skill Level'");
    refused(R"({"MultiPV": 2})", "option MultiPV is not set here: set by the board");
    refused(R"({"Rules": "Chinese"})", "option Rules is not set here: set by the board");
    refused(R"({"EvalFile": "/etc/passwd"})",
            "option EvalFile is not set here: a file name or text: give it with chuhe gui --option");
    refused("[1]", "options must be an object of names and values");
}

// Threads cost memory (each has its own tables): in-process analyses get at most the machine's
// hardware threads, all together, and give the extra threads back when they end.
TEST(GuiApi, InProcessAnalysisThreadsAreCappedAndGivenBack) {
    {
        GuiOptions o = GuiServer::default_options();
        o.maxAnalysisThreads = 0;  // the machine's
        GuiServer machine(o);
        Json list = body_json(request(machine.port(), "POST", "/api/engines", "{}"));
        EXPECT_EQ((*option_named(list["analysis"], "Threads"))["max"].as_number(),
                  std::max(1u, std::thread::hardware_concurrency()));
        Json e = post(machine, "/api/analyse", R"({"depth": 1, "options": {"Threads": 256}})", 422);
        EXPECT_EQ(e["error"].as_string(), "option Threads: takes an integer from 1 to " +
                                              std::to_string(std::max(1u, std::thread::hardware_concurrency())));
    }
    GuiServer s;  // at most 2 threads
    EXPECT_EQ(post(s, "/api/analyse", R"({"depth": 1, "options": {"Threads": 3}})", 422)["error"].as_string(),
              "option Threads: takes an integer from 1 to 2");
    test::HttpReply first;
    std::thread client([&] { first = request(s.port(), "POST", "/api/analyse", R"({"id": "t1", "options": {"Threads": 2}})"); });
    for (int i = 0; i < 2000 && s.app().searches_running() == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ASSERT_EQ(s.app().searches_running(), 1);
    // The first analysis holds both: the second gets one.
    EXPECT_EQ(analysis_options(s, R"({"Threads": 2})"),
              R"({"Hash":"1","Threads":"1","MultiPV":"1","Rules":"Asian","EvalFile":"<built-in>","Use NNUE":"true"})");
    post(s, "/api/stop", R"({"id": "t1"})");
    client.join();
    auto events = events_of(first.body);
    ASSERT_FALSE(events.empty()) << first.body;
    EXPECT_EQ(events.front().second["options"]["Threads"].as_string(), "2");
    // Ended, each engine is back to one thread, and the next analysis may take both again.
    EXPECT_EQ(s.app().analysis_threads(), 2);  // two engines, one thread each
    EXPECT_EQ(analysis_options(s, R"({"Threads": 2})"),
              R"({"Hash":"1","Threads":"2","MultiPV":"1","Rules":"Asian","EvalFile":"<built-in>","Use NNUE":"true"})");
    EXPECT_EQ(s.app().analysis_threads(), 2);
}

TEST(GuiApi, CommandLineOptionsAreCheckedAndApplied) {
    int before = test::child_processes();
    std::string log = testing::TempDir() + "/gui_fake_cli.log";
    std::remove(log.c_str());
    {
        GuiOptions o = with_fake_engine(log);
        o.engines[1].options = {{"skill level", "5"}, {"play style", "RISKY"}};
        o.analysisOptions = {{"threads", "2"}, {"hash", "2"}};  // names in any case
        GuiServer s(o);
        std::string error;
        ASSERT_TRUE(s.app().check_options(error)) << error;
        // Shown as the defaults, with the names as announced.
        Json list = body_json(request(s.port(), "POST", "/api/engines"));
        const Json& fake = list["engines"].items()[1];
        EXPECT_EQ((*option_named(fake, "Skill Level"))["default"].as_string(), "5");
        EXPECT_EQ((*option_named(fake, "Play Style"))["default"].as_string(), "Risky");
        EXPECT_EQ((*option_named(list["analysis"], "Threads"))["default"].as_string(), "2");
        EXPECT_EQ((*option_named(list["analysis"], "Hash"))["default"].as_string(), "2");  // not the server's 1
        EXPECT_EQ(analysis_options(s, "{}"),
                  R"({"Hash":"2","Threads":"2","MultiPV":"1","Rules":"Asian","EvalFile":"<built-in>","Use NNUE":"true"})");
        // A request's options still win.
        EXPECT_NE(analysis_options(s, R"({"Threads": 1})").find(R"("Threads":"1")"), std::string::npos);
        EXPECT_EQ(post(s, "/api/engine/move", R"({"engine": 1, "depth": 1})")["status"].as_string(), "move");
        std::string sent = file_text(log);
        EXPECT_NE(sent.find("setoption name Skill Level value 5\n"), std::string::npos) << sent;
        EXPECT_NE(sent.find("setoption name Play Style value Risky\n"), std::string::npos) << sent;
    }
    auto refusedBy = [&](GuiOptions o, const std::string& reason) {
        GuiApp app(o);
        std::string error;
        EXPECT_FALSE(app.check_options(error));
        EXPECT_EQ(error, reason);
        app.shutdown();
    };
    GuiOptions bad = GuiServer::default_options();
    bad.analysisOptions = {{"Threads", "0"}};
    refusedBy(bad, "engine Chuhe (in process): option Threads: takes an integer from 1 to 2");
    bad.analysisOptions = {{"EvalFile", "/nonexistent/x.nnue"}};
    {
        GuiApp app(bad);
        std::string error;
        EXPECT_FALSE(app.check_options(error));
        EXPECT_EQ(error.rfind("engine Chuhe (in process): option EvalFile: ", 0), 0u) << error;
        EXPECT_NE(error.find("/nonexistent/x.nnue"), std::string::npos) << error;
    }
    bad.analysisOptions = {{"Clear Hash", ""}};
    refusedBy(bad, "engine Chuhe (in process) has no option 'Clear Hash'");
    bad.analysisOptions = {};
    bad.engines[0].options = {{"bogus", "1"}};
    refusedBy(bad, "engine Chuhe has no option 'bogus'");
    bad.engines[0].options = {{"multipv", "3"}};
    refusedBy(bad, "engine Chuhe: option multipv is not set here: set by the board");
    bad.engines[0].options = {{"level", "21"}};
    refusedBy(bad, "engine Chuhe: option level: takes an integer from 0 to 20");
    bad.engines[0].options = {{"bookfiles", "/tmp/a.book"}};  // files: on the command line only
    {
        GuiApp app(bad);
        std::string error;
        EXPECT_TRUE(app.check_options(error)) << error;
    }
    EXPECT_EQ(test::child_processes(), before);
}

TEST(GuiApi, CommandLineIsChecked) {
    for (const char* args : {"--port abc", "--port 70000", "--bogus", "--host", "--host not-an-address"}) {
        auto r = test::run_command(std::string(CHUHE_BINARY) + " gui " + args + " 2>&1");
        EXPECT_NE(r.status, 0) << args;
        EXPECT_NE(r.out.find("chuhe gui"), std::string::npos) << args << ": " << r.out;
    }
    // --option [ENGINE:]NAME=VALUE: each mistake said before the server starts.
    auto says = [](const std::string& args, const std::string& text) {
        auto r = test::run_command(std::string(CHUHE_BINARY) + " gui " + args + " 2>&1");
        EXPECT_EQ(r.status, 2) << args << ": " << r.out;
        EXPECT_NE(r.out.find(text), std::string::npos) << args << ": " << r.out;
        EXPECT_EQ(r.out.find("open http"), std::string::npos) << args << ": " << r.out;
    };
    says("--option Hash", "chuhe gui: --option takes [ENGINE:]NAME=VALUE, not 'Hash'");
    says("--option =3", "--option takes [ENGINE:]NAME=VALUE");
    says("--option Hash=8", "applies to the engines given by --engine, and there is none");
    says("--option 3:Hash=8", "chuhe gui: --option 3:Hash: there is no engine 3 (0 to 0)");
    says("--option analysis:Bogus=1", "chuhe gui: --option: engine Chuhe (in process) has no option 'Bogus'");
    says("--option 0:level=high", "chuhe gui: --option: engine Chuhe: option level: takes an integer");
    says("--engine " + std::string(CHUHE_BINARY) + " uci --option Hahs=8", "engine chuhe has no option 'Hahs'");
    // Good options let it go on (here to a host it cannot listen on).
    auto r = test::run_command(std::string(CHUHE_BINARY) +
                               " gui --option analysis:Threads=2 --option 0:level=5 --host not-an-address 2>&1");
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_EQ(r.out.find("--option"), std::string::npos) << r.out;
}

// Fairy-Stockfish (here the test engine's imitation): detected as uci-variant, and its
// Protocol and UCI_ switches are the board's (another Protocol hangs the board).
TEST(GuiApi, AnEngineOfManyVariantsIsDrivenAsUciVariant) {
    int before = test::child_processes();
    {
        GuiOptions o = GuiServer::default_options();
        match::EngineConfig fairy;
        fairy.name = "fairy";
        fairy.command = CHUHE_FAKE_ENGINE;
        fairy.args = {"variant"};
        o.engines.push_back(fairy);  // proto=auto
        GuiServer s(o);
        Json list = body_json(request(s.port(), "POST", "/api/engines", "{}"));
        const Json& engine = list["engines"].items().at(1);
        EXPECT_EQ(engine["protocol"].as_string(), "uci-variant") << engine.dump();
        for (const char* name : {"Protocol", "UCI_Chess960", "UCI_Variant", "MultiPV"}) {
            const Json* option = option_named(engine, name);
            ASSERT_TRUE(option) << name;
            EXPECT_FALSE((*option)["settable"].as_bool()) << name;
            EXPECT_EQ((*option)["why"].as_string(), "set by the board") << name;
        }
        EXPECT_TRUE((*option_named(engine, "Skill Level"))["settable"].as_bool());
        Json refused = post(s, "/api/engine/move", R"({"engine": 1, "depth": 1, "options": {"protocol": "ucci"}})", 422);
        EXPECT_EQ(refused["error"].as_string(), "option Protocol is not set here: set by the board");
    }
    EXPECT_EQ(test::child_processes(), before);
}

// --engine CMD [ARGS...] takes the match runner's keys: name=, proto=, option.NAME=VALUE.
TEST(GuiApi, EngineTakesTheMatchRunnersKeys) {
    std::string fake = std::string(" gui --engine ") + CHUHE_FAKE_ENGINE + " good";
    auto run = [&](const std::string& args) {
        return test::run_command(std::string(CHUHE_BINARY) + fake + " " + args + " 2>&1");
    };
    auto bad = run("proto=klingon");
    EXPECT_EQ(bad.status, 2) << bad.out;
    EXPECT_NE(bad.out.find("proto=klingon: expected ucci, uci, uci-variant or auto"), std::string::npos) << bad.out;
    // The options are checked against what the engine announces in the protocol named:
    // over UCCI the test engine has "level", over UCI "Skill Level".
    auto uci = run("proto=uci option.level=3");
    EXPECT_EQ(uci.status, 2) << uci.out;
    EXPECT_NE(uci.out.find("engine fake_engine has no option 'level'"), std::string::npos) << uci.out;
    auto named = run("name=Fake proto=uci option.Hash=3");
    EXPECT_NE(named.out.find("engine Fake has no option 'Hash'"), std::string::npos) << named.out;
    // Right keys let it go on (here to a host it cannot listen on).
    auto ucci = run("proto=ucci option.level=3 --host not-an-address");
    EXPECT_EQ(ucci.status, 1) << ucci.out;
    EXPECT_EQ(ucci.out.find("option"), std::string::npos) << ucci.out;
}

TEST(GuiApi, RecordsLoadAndSave) {
    GuiServer s;
    std::string bytes;
    std::string error;
    ASSERT_TRUE(read_file_bytes(test::data_path("games/mrxq_testgames/game01.pgn"), bytes, &error)) << error;
    auto r = request(s.port(), "POST", "/api/record/load", bytes, "Content-Type: application/octet-stream\r\n");
    ASSERT_EQ(r.status, 200) << r.body;
    Json loaded = body_json(r);
    ASSERT_GE(loaded["games"].items().size(), 1u);
    const Json& g = loaded["games"].items()[0];
    ASSERT_GT(g["moves"].items().size(), 10u);
    EXPECT_EQ(g["moves"].items().size(), g["comments"].items().size());

    Json save = Json::object();
    save.set("fen", g["fen"]);
    save.set("moves", g["moves"]);
    save.set("result", g["result"]);
    Json tags = Json::object();
    tags.set("Event", "API test");
    save.set("tags", tags);
    auto pgn = request(s.port(), "POST", "/api/record/save", save.dump());
    ASSERT_EQ(pgn.status, 200) << pgn.body;
    EXPECT_NE(pgn.body.find("[Event \"API test\"]"), std::string::npos);
    auto again = request(s.port(), "POST", "/api/record/load", pgn.body);
    ASSERT_EQ(again.status, 200) << again.body;
    EXPECT_EQ(body_json(again)["games"].items()[0]["moves"].dump(), g["moves"].dump());
    // XQF out and back in.
    save.set("format", "xqf");
    auto xqf = request(s.port(), "POST", "/api/record/save", save.dump());
    ASSERT_EQ(xqf.status, 200);
    auto xqfBack = request(s.port(), "POST", "/api/record/load", xqf.body);
    ASSERT_EQ(xqfBack.status, 200) << xqfBack.body;
    EXPECT_EQ(body_json(xqfBack)["games"].items()[0]["moves"].dump(), g["moves"].dump());

    EXPECT_EQ(request(s.port(), "POST", "/api/record/load", "").status, 400);
    EXPECT_EQ(request(s.port(), "POST", "/api/record/load", "this is no game record at all").status, 422);
    EXPECT_EQ(request(s.port(), "POST", "/api/record/load", "XQ\x0a garbage").status, 422);
    post(s, "/api/record/save", R"({"result": "2-0"})", 422);
}

}  // namespace
}  // namespace chuhe::gui
