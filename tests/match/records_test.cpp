// What the match runner records and tells the engines (issue 16): CXA 6.2 time controls whose
// periods differ, with the movestogo the engines get and the PGN TimeControl tag, and the
// per-move data (score, depth, time, nodes, PV) in the PGN comments.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "match/game.h"
#include "records/pgn.h"
#include "support/files.h"

using namespace chuhe;
using namespace chuhe::match;

namespace {

std::string temp_path(const std::string& name) { return test::temp_path("records", name); }

std::vector<std::string> lines_of(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

}  // namespace

TEST(MatchTimeControl, PeriodsThatDifferAsInArticle62) {
    TimeControl tc;
    std::string error;
    ASSERT_TRUE(parse_clock("30/3600:10/600", tc, &error)) << error;
    EXPECT_EQ(tc.movesPerPeriod, 30);
    EXPECT_EQ(tc.baseMs, 3600000);
    EXPECT_EQ(tc.laterPeriods, (std::vector<Period>{{10, 600000}}));
    EXPECT_EQ(tc.describe(), "30/3600:10/600");
    ASSERT_TRUE(parse_clock("30/60:00:10/10:00:5/5:00+2", tc, &error)) << error;
    EXPECT_EQ(tc.baseMs, 3600000);
    EXPECT_EQ(tc.laterPeriods, (std::vector<Period>{{10, 600000}, {5, 300000}}));
    EXPECT_EQ(tc.incrementMs, 2000);
    EXPECT_EQ(tc.describe(), "30/3600:10/600:5/300+2");
    ASSERT_TRUE(parse_clock("40/5:00+1", tc, &error)) << error;
    EXPECT_TRUE(tc.laterPeriods.empty()) << "a colon without a move count after it is minutes:seconds";
    EXPECT_EQ(tc.describe(), "40/300+1");
    const std::pair<const char*, const char*> bad[] = {
        {"30/3600:", "expected seconds"},
        {"30/3600:10/", "expected seconds"},
        {"30/3600:0/600", "expected a move count before '/'"},
        {"30/3600:x/600", "expected a move count before '/'"},
        {"30/3600:600", "expected seconds"},  // 3600 minutes and 600 seconds
        {"3600:10/600", "every period of 30/3600:10/600 needs its move count"},
    };
    for (const auto& [text, why] : bad) {
        EXPECT_FALSE(parse_clock(text, tc, &error)) << text;
        EXPECT_EQ(error.rfind(std::string("bad time control '") + text + "': " + why, 0), 0u) << error;
    }

    // The clock: 30 moves in the first hour, then 10 minutes more for every 10 moves.
    ASSERT_TRUE(parse_clock("30/3600:10/600", tc, &error));
    Clock clock(tc, 0);
    EXPECT_EQ(clock.moves_to_go(), 30);
    for (int move = 1; move <= 29; ++move) ASSERT_TRUE(clock.charge(1000));
    EXPECT_EQ(clock.moves_to_go(), 1);
    EXPECT_EQ(clock.remaining_ms(), 3600000 - 29000);
    ASSERT_TRUE(clock.charge(1000));
    EXPECT_EQ(clock.moves_to_go(), 10) << "after move 30 the second period starts";
    EXPECT_EQ(clock.remaining_ms(), 3600000 - 30000 + 600000) << "what is left of the first hour is kept";
    for (int move = 31; move <= 40; ++move) ASSERT_TRUE(clock.charge(1000));
    EXPECT_EQ(clock.moves_to_go(), 10) << "the last period repeats";
    EXPECT_EQ(clock.remaining_ms(), 3600000 - 40000 + 2 * 600000);
    // Overstepping a period loses: 10 minutes and a millisecond for the next 10 moves.
    Clock late(tc, 0);
    for (int move = 1; move <= 30; ++move) ASSERT_TRUE(late.charge(119000));
    EXPECT_EQ(late.remaining_ms(), 30000 + 600000);
    EXPECT_FALSE(late.charge(630001));
}

// The engines get the movestogo of the period they are in (UCI and UCCI), and the PGN's
// TimeControl tag names the periods. Short periods (2 moves, then every move) because the fake
// engine's first-legal-move games soon repeat.
TEST(MatchTimeControl, EnginesGetTheMovesToGoOfEachPeriod) {
    for (Protocol protocol : {Protocol::UCI, Protocol::UCCI}) {
        std::string redLog = temp_path("red.log"), blackLog = temp_path("black.log");
        std::remove(redLog.c_str());
        std::remove(blackLog.c_str());
        EngineConfig red, black;
        red.name = "red", red.command = CHUHE_FAKE_ENGINE, red.args = {"good", "0", redLog};
        black.name = "black", black.command = CHUHE_FAKE_ENGINE, black.args = {"good", "0", blackLog};
        std::string error;
        for (EngineConfig* e : {&red, &black}) {
            e->protocol = protocol;
            ASSERT_TRUE(parse_clock("2/600:1/300", e->tc, &error)) << error;
        }
        EngineClient r(red), b(black);
        EngineClient* engines[COLOR_NB] = {&r, &b};
        Adjudication adj;
        adj.maxMoves = 4;
        std::atomic<bool> stop{false};
        GameResult result = play_game(engines, GameSetup{}, adj, stop);
        r.quit();
        b.quit();
        EXPECT_EQ(result.termination, "draw: maximum game length");
        EXPECT_EQ(result.record.tag("TimeControl"), "2/600:1/300");
        std::vector<int> movesToGo;
        for (const std::string& line : lines_of(redLog)) {
            std::smatch m;
            if (line.rfind("go ", 0) == 0 && std::regex_search(line, m, std::regex(" movestogo ([0-9]+)")))
                movesToGo.push_back(std::stoi(m[1]));
        }
        EXPECT_EQ(movesToGo, (std::vector<int>{2, 1, 1, 1})) << protocol_name(protocol);
        std::remove(redLog.c_str());
        std::remove(blackLog.c_str());
    }
}

TEST(MatchRecords, InfoLinesGiveNodesAndPv) {
    SearchResult r;
    parse_engine_info("info depth 5 seldepth 9 score cp 12 nodes 12345 nps 1000 time 12 pv h2e2 h9g7", Protocol::UCI, r);
    EXPECT_EQ(r.depth, 5);
    EXPECT_EQ(r.score, 12);
    EXPECT_EQ(r.nodes, 12345);
    EXPECT_EQ(r.pv, "h2e2 h9g7");
    parse_engine_info("info depth 6 nodes 2000 pv h3e3 h10g8", Protocol::UCI_VARIANT, r);
    EXPECT_EQ(r.nodes, 2000);
    EXPECT_EQ(r.pv, "h2e2 h9g7") << "Fairy-Stockfish's ranks 1-10 become ICCS";
    parse_engine_info("info depth 7 nodes -5 pv h2e2 something", Protocol::UCI, r);
    EXPECT_EQ(r.nodes, 2000) << "a negative count is no count";
    EXPECT_EQ(r.pv, "h2e2 h9g7") << "a PV with a word that is no move is ignored";
}

// Chuhe at depth 1 from the start position: the comment of its first move, whose time is the
// only thing that varies.
TEST(MatchRecords, MoveCommentsCarryScoreDepthTimeNodesAndPv) {
    for (bool pv : {false, true}) {
        EngineConfig chuhe;
        chuhe.name = "chuhe", chuhe.command = CHUHE_BINARY, chuhe.protocol = Protocol::UCI, chuhe.tc.depth = 1;
        chuhe.options = {{"Threads", "1"}};
        EngineClient red(chuhe), black(chuhe);
        EngineClient* engines[COLOR_NB] = {&red, &black};
        GameSetup setup;
        setup.pvInComments = pv;
        Adjudication adj;
        adj.maxMoves = 1;
        std::atomic<bool> stop{false};
        GameResult result = play_game(engines, setup, adj, stop);
        red.quit();
        black.quit();
        ASSERT_EQ(result.record.moves.size(), 2u);
        std::string comment = result.record.moves[0].comment;
        std::string move = Position::move_to_string(result.record.moves[0].move);
        std::smatch m;
        ASSERT_TRUE(std::regex_match(comment, m, std::regex(R"(([+-][0-9]+\.[0-9]{2})/1 [0-9]+\.[0-9]{3}s, n=([0-9]+)(.*))")))
            << comment;
        EXPECT_GT(std::stoll(m[2]), 0);
        EXPECT_EQ(m[3].str(), pv ? ", pv=\"" + move + "\"" : "") << comment;
        // The records stay readable: the PGN reads back with the comments, and datagen's
        // reader of scores still takes the leading "+0.12/1".
        PgnReadResult back = read_pgn(write_pgn(result.record, Notation::ICCS));
        ASSERT_EQ(back.games.size(), 1u);
        EXPECT_EQ(back.games[0].moves[0].comment, comment);
    }
}
