// The match runner against the misbehaving fake engine (tests/match/fake_engine), plus its
// schedule, time controls, openings and command line.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "match/results_file.h"
#include "match/tournament.h"
#include "records/pgn.h"
#include "support/data.h"
#include "tools/match.h"

using namespace chuhe;
using namespace chuhe::match;

namespace {

EngineConfig fake(const std::string& name, const std::string& mode, int after = 0) {
    EngineConfig e;
    e.name = name;
    e.command = CHUHE_FAKE_ENGINE;
    e.args = {mode, std::to_string(after)};
    e.tc.baseMs = 2000;
    e.tc.incrementMs = 100;
    e.responseTimeoutMs = 1000;
    return e;
}

// Runs a two-game match (colours swapped) and returns the runner's output.
std::string run(const EngineConfig& a, const EngineConfig& b, TournamentSettings s = {}) {
    s.engines = {a, b};
    s.gamesPerEncounter = 2;
    s.repeat = true;
    std::ostringstream out;
    std::atomic<bool> interrupt{false};
    EXPECT_EQ(run_tournament(s, out, interrupt), 0);
    return out.str();
}

std::vector<std::string> finished_lines(const std::string& output) {
    std::vector<std::string> lines;
    std::istringstream in(output);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("Finished game", 0) == 0) lines.push_back(line);
    return lines;
}

}  // namespace

TEST(MatchTimeControl, ParsesAndDescribes) {
    TimeControl tc;
    std::string error;
    ASSERT_TRUE(parse_clock("60+0.5", tc, &error));
    EXPECT_EQ(tc.baseMs, 60000);
    EXPECT_EQ(tc.incrementMs, 500);
    EXPECT_EQ(tc.describe(), "60+0.5");
    ASSERT_TRUE(parse_clock("40/5:00+1", tc, &error));
    EXPECT_EQ(tc.movesPerPeriod, 40);
    EXPECT_EQ(tc.baseMs, 300000);
    EXPECT_EQ(tc.describe(), "40/300+1");
    for (const char* bad : {"", "abc", "40/", "/60", "0", "60+", "60+x", "1.2.3"})
        EXPECT_FALSE(parse_clock(bad, tc, &error)) << bad;
    EXPECT_NE(error.find("bad time control"), std::string::npos);
}

TEST(MatchTimeControl, ClockChargesIncrementsAndPeriods) {
    TimeControl tc;
    tc.baseMs = 1000, tc.incrementMs = 100;
    Clock c(tc, 10);
    EXPECT_EQ(c.allowance_ms(), 1010);
    EXPECT_TRUE(c.charge(400));
    EXPECT_EQ(c.remaining_ms(), 700);
    EXPECT_TRUE(c.charge(705));  // within the margin: charged down to zero
    EXPECT_EQ(c.remaining_ms(), 100);
    EXPECT_FALSE(c.charge(111));

    TimeControl periods;
    periods.baseMs = 1000, periods.movesPerPeriod = 2;
    Clock p(periods, 0);
    EXPECT_EQ(p.moves_to_go(), 2);
    EXPECT_TRUE(p.charge(300));
    EXPECT_EQ(p.moves_to_go(), 1);
    EXPECT_TRUE(p.charge(300));
    EXPECT_EQ(p.remaining_ms(), 1400) << "a new period adds the base time";
    EXPECT_EQ(p.moves_to_go(), 2);

    TimeControl perMove;
    perMove.moveTimeMs = 500;
    Clock m(perMove, 20);
    EXPECT_TRUE(m.charge(520));
    EXPECT_FALSE(m.charge(521));
}

TEST(MatchSchedule, RoundRobinFollowsTheCxaTables) {
    // Appendix 1: "3或4人: 第1輪 1-(4)、2-3；第2輪 (4)-3、1-2；第3輪 2-(4)、3-1" (0-based here).
    using Rounds = std::vector<std::vector<std::pair<int, int>>>;
    EXPECT_EQ(round_robin_rounds(4), (Rounds{{{0, 3}, {1, 2}}, {{3, 2}, {0, 1}}, {{1, 3}, {2, 0}}}));
    EXPECT_EQ(round_robin_rounds(3), (Rounds{{{1, 2}}, {{0, 1}}, {{2, 0}}})) << "the pair with 4 is a bye";
    // Six players: the Berger table the CXA rules describe.
    EXPECT_EQ(round_robin_rounds(6), (Rounds{{{0, 5}, {1, 4}, {2, 3}},
                                             {{5, 3}, {4, 2}, {0, 1}},
                                             {{1, 5}, {2, 0}, {3, 4}},
                                             {{5, 4}, {0, 3}, {1, 2}},
                                             {{2, 5}, {3, 1}, {4, 0}}}));
    // Every pair meets exactly once, for any size.
    for (int n = 2; n <= 12; ++n) {
        std::set<std::pair<int, int>> met;
        for (const auto& round : round_robin_rounds(n))
            for (auto [a, b] : round) EXPECT_TRUE(met.insert({std::min(a, b), std::max(a, b)}).second);
        EXPECT_EQ(int(met.size()), n * (n - 1) / 2) << n;
    }
}

TEST(MatchSchedule, RepeatPlaysEachOpeningTwiceWithColoursSwapped) {
    TournamentSettings s;
    s.engines.resize(2);
    s.rounds = 3;
    s.gamesPerEncounter = 2;
    s.repeat = true;
    std::vector<ScheduledGame> games = make_schedule(s, 10);
    ASSERT_EQ(games.size(), 6u);
    for (size_t i = 0; i < games.size(); i += 2) {
        EXPECT_EQ(games[i].opening, games[i + 1].opening);
        EXPECT_EQ(games[i].pairId, games[i + 1].pairId);
        EXPECT_EQ(games[i].red, games[i + 1].black);
        EXPECT_NE(games[i].opening, i ? games[i - 1].opening : -1);
    }
    s.type = TournamentType::GAUNTLET;
    s.engines.resize(4);
    s.rounds = 1;
    games = make_schedule(s, 0);
    ASSERT_EQ(games.size(), 6u);
    for (const ScheduledGame& g : games) EXPECT_TRUE(g.red == 0 || g.black == 0);
}

TEST(MatchRunner, MisbehavingEnginesLoseWithTheReason) {
    const std::pair<const char*, const char*> cases[] = {
        {"illegal", "played an illegal move: bestmove a0a9"},
        {"garbage", "played an illegal move: bestmove xyz (malformed move 'xyz'"},
        {"crash", "crashed: the engine exited (exit code 3)"},
        {"hang", "loses on time"},
        {"slow", "loses on time"},
        {"nomove", "gave no move: bestmove (none)"},
        {"resign", "resigns"},
    };
    for (const auto& [mode, reason] : cases) {
        std::string output = run(fake("good", "good"), fake("bad", mode, 2));
        std::vector<std::string> lines = finished_lines(output);
        ASSERT_EQ(lines.size(), 2u) << mode << "\n" << output;
        EXPECT_EQ(lines[0].substr(0, 36), "Finished game 1 (good vs bad): 1-0 {") << mode;
        EXPECT_EQ(lines[1].substr(0, 36), "Finished game 2 (bad vs good): 0-1 {") << mode;
        for (const std::string& l : lines) EXPECT_NE(l.find(reason), std::string::npos) << mode << ": " << l;
        EXPECT_NE(output.find("Score of good vs bad: 2 - 0 - 0  [1.000] 2"), std::string::npos) << output;
    }
}

TEST(MatchRunner, AnEngineThatNeverStartsStopsTheMatch) {
    // A mistyped path used to lose every game by forfeit, and an SPRT then "accepted" H1.
    EngineConfig missing = fake("bad", "good");
    missing.command = "/nonexistent/chuhee";
    const std::pair<EngineConfig, const char*> cases[] = {
        {missing, "error: the match stopped: engine bad: cannot start '/nonexistent/chuhee': No such file or "
                  "directory (before its first game)\n"},
        {fake("bad", "noready"), "error: the match stopped: engine bad: no 'readyok' within 1.0 s (before its "
                                 "first game)\n"},
    };
    for (const auto& [bad, reason] : cases) {
        TournamentSettings s;
        s.engines = {fake("good", "good"), bad};
        s.gamesPerEncounter = 2;
        s.rounds = 50;
        s.repeat = true;
        s.sprt = Sprt{};
        s.sprt->elo0 = 0, s.sprt->elo1 = 10;
        std::ostringstream out;
        std::atomic<bool> interrupt{false};
        EXPECT_EQ(run_tournament(s, out, interrupt), 2) << out.str();
        EXPECT_NE(out.str().find(reason), std::string::npos) << out.str();
        EXPECT_TRUE(finished_lines(out.str()).empty()) << out.str();
        EXPECT_EQ(out.str().find("SPRT"), std::string::npos) << "no result to test" << out.str();
    }
}

TEST(MatchRunner, AnEngineThatHangsWithoutAClockIsSaidToHang) {
    // depth= only: no clock was overstepped, the engine hung past searchtimeout (60 s unless set).
    EngineConfig bad = fake("bad", "hang", 1);
    bad.tc = {};
    bad.tc.depth = 1;
    TournamentSettings s;
    std::string error;
    ASSERT_TRUE(parse_match_args({"-engine", "cmd=a", "searchtimeout=1", "-engine", "cmd=b", "-each", "depth=1"}, s,
                                 &error))
        << error;
    EXPECT_EQ(s.engines[0].searchTimeoutMs, 1000);
    EXPECT_EQ(s.engines[1].searchTimeoutMs, 60000);
    bad.searchTimeoutMs = s.engines[0].searchTimeoutMs;
    std::vector<std::string> lines = finished_lines(run(fake("good", "good"), bad));
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_NE(lines[0].find("1-0 {black engine (bad) hung: no move within 1.0 s of a search without a clock "
                            "(searchtimeout)}"),
              std::string::npos)
        << lines[0];
}

TEST(MatchRunner, RandomOpeningsWithoutSrandDrawASeedAndKeepIt) {
    // order=random without -srand used seed 0: every run played the same openings.
    std::string results = testing::TempDir() + "chuhe_match_seed.jsonl";
    OpeningBook book;
    book.file = test::data_path("openings/fairy_xiangqi.epd");
    book.random = true;
    auto play = [&](bool resume) {
        TournamentSettings s;
        s.openings = book;
        s.adjudication.maxMoves = 1;
        s.resultsOut = results;
        s.resume = resume;
        EngineConfig a = fake("a", "good"), b = fake("b", "good");
        a.tc = b.tc = {};
        a.tc.depth = b.tc.depth = 1;
        s.engines = {a, b};
        std::ostringstream out;
        std::atomic<bool> interrupt{false};
        EXPECT_EQ(run_tournament(s, out, interrupt), 0) << out.str();
        return out.str();
    };
    auto seed_of = [](const std::string& output) {
        size_t at = output.find("Seed: ");
        return at == std::string::npos ? std::string() : output.substr(at + 6, output.find(' ', at + 6) - at - 6);
    };
    std::remove(results.c_str());
    std::string first = play(false);
    ResultsFile file;
    std::string error;
    ASSERT_TRUE(read_results_file(results, file, &error)) << error;
    EXPECT_NE(first.find(" (random: -srand " + seed_of(first) + " plays the same openings again)"), std::string::npos)
        << first;
    EXPECT_EQ(file.config["srand"].as_string(), seed_of(first)) << "the header keeps it";
    std::string resumed = play(true);
    EXPECT_NE(resumed.find("Seed: " + seed_of(first) + " (the resumed match's)"), std::string::npos) << resumed;
    EXPECT_NE(resumed.find("Resuming: 1 games finished before"), std::string::npos) << resumed;
    std::remove(results.c_str());
    EXPECT_NE(seed_of(play(false)), seed_of(first));
    std::remove(results.c_str());
}

TEST(MatchRunner, InterruptIsNoFinishedMatchAndResumePlaysTheDroppedGame) {
    // Ctrl-C printed "Finished match" and exited 0, though the game under way was dropped.
    std::string results = testing::TempDir() + "chuhe_match_interrupt.jsonl";
    std::remove(results.c_str());
    TournamentSettings s;
    EngineConfig a = fake("a", "good"), b = fake("b", "slow");  // b takes 3 s a move
    a.tc = b.tc = {};
    a.tc.depth = b.tc.depth = 1;
    s.engines = {a, b};
    s.adjudication.maxMoves = 1;
    s.resultsOut = results;
    std::ostringstream out;
    std::atomic<bool> interrupt{false};
    std::thread ctrlC([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(800));
        interrupt = true;
    });
    int status = run_tournament(s, out, interrupt);
    ctrlC.join();
    EXPECT_EQ(status, 130) << out.str();
    EXPECT_EQ(out.str().find("Finished match"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("Match interrupted: the games under way were dropped; -resume plays them\n"),
              std::string::npos)
        << out.str();
    EXPECT_TRUE(finished_lines(out.str()).empty()) << out.str();
    s.resume = true;
    std::ostringstream again;
    interrupt = false;
    EXPECT_EQ(run_tournament(s, again, interrupt), 0) << again.str();
    EXPECT_NE(again.str().find("Resuming: 0 games finished before"), std::string::npos) << again.str();
    EXPECT_EQ(finished_lines(again.str()).size(), 1u) << again.str();
    std::remove(results.c_str());
}

TEST(MatchRunner, DrawOffersAreAcceptedWhenBothSidesOffer) {
    std::string output = run(fake("a", "draw", 1), fake("b", "draw", 1));
    for (const std::string& l : finished_lines(output))
        EXPECT_NE(l.find("1/2-1/2 {draw by agreement}"), std::string::npos) << l;
}

TEST(MatchRunner, WritesEveryFinishedGameToPgn) {
    std::string path = testing::TempDir() + "chuhe_match_test.pgn";
    std::remove(path.c_str());
    TournamentSettings s;
    s.pgnOut = path;
    run(fake("good", "good"), fake("bad", "illegal", 3), s);
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::string pgn = text.str();
    EXPECT_NE(pgn.find("[Game \"Chinese Chess\"]"), std::string::npos);
    EXPECT_NE(pgn.find("[Red \"good\"]\n[Black \"bad\"]"), std::string::npos);
    EXPECT_NE(pgn.find("[Result \"1-0\"]"), std::string::npos);
    EXPECT_NE(pgn.find("[Result \"0-1\"]"), std::string::npos);
    EXPECT_NE(pgn.find("[Format \"ICCS\"]"), std::string::npos);
    EXPECT_NE(pgn.find("[Termination \"black engine (bad) played an illegal move"), std::string::npos);
    EXPECT_NE(pgn.find("1. A0-A1"), std::string::npos) << pgn;
    // The file reads back: two games whose moves replay legally up to the illegal one. The
    // bad engine keeps its process, so in game 2 its first move is already illegal.
    PgnReadResult back = read_pgn(pgn);
    ASSERT_EQ(back.games.size(), 2u);
    EXPECT_TRUE(back.errors.empty());
    EXPECT_EQ(back.games[0].moves.size(), 7u);
    EXPECT_EQ(back.games[1].moves.size(), 0u);
    for (const Game& g : back.games) {
        Position pos;
        EXPECT_TRUE(g.replay(pos));
    }
}

TEST(MatchRunner, ReadsEpdOpenings) {
    OpeningBook book;
    book.file = test::data_path("openings/fairy_xiangqi.epd");
    std::vector<Opening> openings;
    std::string error;
    ASSERT_TRUE(read_openings(book, openings, &error)) << error;
    EXPECT_EQ(openings.size(), 33921u);
    EXPECT_EQ(openings[0].fen, "1Cbakabnr/9/rc5c1/p1p1p1p1p/9/2P6/P3P1P1P/7C1/9/RNBAKABNR b - - 2 2");
    book.file = "/nonexistent/openings.epd";
    EXPECT_FALSE(read_openings(book, openings, &error));
    EXPECT_NE(error.find("cannot read openings file"), std::string::npos);
}

TEST(MatchCommandLine, RejectsBadArguments) {
    const std::pair<std::vector<std::string>, const char*> cases[] = {
        {{"-engine", "cmd=a", "depth=1"}, "at least two -engine"},
        {{"-engine", "cmd=a", "-engine", "cmd=b"}, "has no time control"},
        {{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "tc=abc"}, "bad time control 'abc'"},
        {{"-engine", "name=x", "-engine", "cmd=b", "-each", "depth=3"}, "an -engine has no cmd="},
        {{"-engine", "cmd=a", "proto=xyz", "-engine", "cmd=b", "-each", "depth=3"}, "expected ucci, uci"},
        {{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=3", "-rounds", "0"}, "-rounds takes"},
        {{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=3", "-sprt", "elo0=5", "elo1=0"}, "elo1 > elo0"},
        {{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=3", "-frobnicate"}, "unknown option '-frobnicate'"},
        {{"-engine", "cmd=a", "-engine", "cmd=b", "-each", "depth=3", "-rules", "western"}, "asian or chinese"},
    };
    for (const auto& [args, reason] : cases) {
        TournamentSettings s;
        std::string error;
        EXPECT_FALSE(parse_match_args(args, s, &error));
        EXPECT_NE(error.find(reason), std::string::npos) << error;
    }
    TournamentSettings s;
    std::string error;
    ASSERT_TRUE(parse_match_args({"-engine", "cmd=./x", "option.Hash=16", "-engine", "cmd=/bin/x", "proto=ucci",
                                  "-each", "tc=10+0.1", "-games", "2", "-rounds", "50", "-repeat", "-sprt",
                                  "elo0=0", "elo1=10"},
                                 s, &error))
        << error;
    ASSERT_EQ(s.engines.size(), 2u);
    EXPECT_EQ(s.engines[0].name, "x");
    EXPECT_EQ(s.engines[1].name, "x-2");
    EXPECT_EQ(s.engines[0].options, (std::vector<std::pair<std::string, std::string>>{{"Hash", "16"}}));
    EXPECT_EQ(s.engines[1].protocol, Protocol::UCCI);
    EXPECT_EQ(s.engines[1].tc.baseMs, 10000);
    EXPECT_EQ(s.rounds, 50);
    ASSERT_TRUE(s.sprt.has_value());
    EXPECT_EQ(s.sprt->elo1, 10);
}

TEST(MatchRunner, ChuheAgainstItselfAtFixedDepth) {
    // Both protocols: one side speaks UCCI, the other UCI. Four games from two openings.
    EngineConfig ucci, uci;
    ucci.name = "chuhe-ucci", ucci.command = CHUHE_BINARY, ucci.protocol = Protocol::UCCI, ucci.tc.depth = 3;
    uci.name = "chuhe-uci", uci.command = CHUHE_BINARY, uci.protocol = Protocol::UCI, uci.tc.depth = 3;
    TournamentSettings s;
    s.engines = {ucci, uci};
    s.gamesPerEncounter = 2;
    s.rounds = 2;
    s.repeat = true;
    s.adjudication.maxMoves = 150;
    s.concurrency = 2;  // two games at once, each with its own engine processes
    OpeningBook book;
    book.file = test::data_path("openings/fairy_xiangqi.epd");
    s.openings = book;
    std::string path = testing::TempDir() + "chuhe_selfplay_test.pgn";
    std::remove(path.c_str());
    s.pgnOut = path;
    std::ostringstream out;
    std::atomic<bool> interrupt{false};
    ASSERT_EQ(run_tournament(s, out, interrupt), 0);
    std::vector<std::string> lines = finished_lines(out.str());
    ASSERT_EQ(lines.size(), 4u) << out.str();
    // Every game ends by the rules of play, never by an engine fault.
    for (const std::string& l : lines) {
        bool byRule = false;
        for (const char* reason : {"is checkmated", "is stalemated", "resigns", "by the repetition rules",
                                   "draw by repetition", "60-move rule", "CXA 4.2.2", "maximum game length"})
            byRule |= l.find(reason) != std::string::npos;
        EXPECT_TRUE(byRule) << l;
    }
    EXPECT_NE(out.str().find("Ptnml(0-2): ["), std::string::npos);
    std::ifstream in(path);
    std::stringstream pgn;
    pgn << in.rdbuf();
    size_t games = 0;
    for (size_t at = 0; (at = pgn.str().find("[Game \"Chinese Chess\"]", at)) != std::string::npos; ++at) ++games;
    EXPECT_EQ(games, 4u);
}

TEST(MatchRunner, AdjudicatesPositionsNeitherSideCanWin) {
    // CXA 4.2.2: a cannon without a screen cannot mate a bare king, so the game ends after the
    // first move; a rook against a bare king plays on (here until the move limit).
    const std::pair<const char*, const char*> cases[] = {
        {"5k3/9/9/9/9/9/9/9/9/C2K5 w - - 0 1", "draw: neither side can win (CXA 4.2.2)"},
        {"5k3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "draw: maximum game length"},
    };
    for (const auto& [fen, reason] : cases) {
        EngineClient red(fake("a", "good")), black(fake("b", "good"));
        EngineClient* engines[COLOR_NB] = {&red, &black};
        GameSetup setup;
        setup.startFen = fen;
        Adjudication adj;
        adj.maxMoves = 3;
        std::atomic<bool> stop{false};
        GameResult r = play_game(engines, setup, adj, stop);
        EXPECT_EQ(r.result, "1/2-1/2") << fen;
        EXPECT_EQ(r.termination, reason) << fen;
        EXPECT_EQ(r.record.moves.size(), std::string(reason).find("4.2.2") != std::string::npos ? 1u : 6u) << fen;
    }
}

namespace {

// Whether a live (not zombie) process is left in process group `group`.
bool group_alive(pid_t group) {
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        std::ifstream stat(entry.path() / "stat");
        std::string text;
        if (!std::getline(stat, text)) continue;
        size_t paren = text.rfind(')');
        if (paren == std::string::npos) continue;
        std::istringstream fields(text.substr(paren + 2));
        std::string state;
        long parent = 0, pgrp = 0;
        fields >> state >> parent >> pgrp;
        if (pgrp == group && state != "Z" && state != "X") return true;
    }
    return false;
}

}  // namespace

// An engine that writes an endless line without a newline grew the runner to 1 GB and
// killed it (bad_alloc, exit 134), leaving the engine running. Now it loses the game, with
// the reason, and it is killed with what it started.
TEST(MatchRunner, AnEngineWritingAnEndlessLineLosesAndIsKilled) {
    std::string dir = testing::TempDir();
    std::string script = dir + "/chuhe_endless_engine.sh", pids = dir + "/chuhe_endless_engine.pids";
    std::remove(pids.c_str());
    std::ofstream(script) << "echo $$ >> '" << pids << "'\n"
                          << "while read -r cmd rest; do\n"
                             "  case \"$cmd\" in\n"
                             "    uci) echo 'id name endless'; echo uciok ;;\n"
                             "    isready) echo readyok ;;\n"
                             "    go) yes | tr -d '\\n' ;;\n"
                             "    quit) exit 0 ;;\n"
                             "  esac\n"
                             "done\n";
    EngineConfig endless = fake("endless", "good");
    endless.command = "/bin/sh";
    endless.args = {script};
    endless.protocol = Protocol::UCI;
    std::string output = run(fake("good", "good"), endless);
    std::vector<std::string> lines = finished_lines(output);
    ASSERT_EQ(lines.size(), 2u) << output;
    for (const std::string& l : lines)
        EXPECT_NE(l.find("engine (endless) crashed: the engine wrote a line of more than 1 MB without a line end "
                         "and was killed}"),
                  std::string::npos)
            << l;
    EXPECT_NE(output.find("Score of good vs endless: 2 - 0 - 0"), std::string::npos) << output;
    // Each start's shell, and the `yes` and `tr` it started, are gone.
    std::ifstream in(pids);
    int started = 0;
    for (pid_t pid; in >> pid; ++started) {
        for (int i = 0; i < 100 && group_alive(pid); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
        EXPECT_FALSE(group_alive(pid)) << pid;
    }
    EXPECT_EQ(started, 2);
}

// option.UCI_Elo=1000 with proto=auto (UCCI for an engine that speaks both) was dropped and
// the engine played at full strength; a bad value was sent and ignored. Either stops the
// match before its first game, with the reason and exit status 2.
TEST(MatchRunner, AnOptionTheEngineDoesNotTakeStopsTheMatch) {
    EngineConfig unknown = fake("bad", "good");
    unknown.options = {{"Skill Level", "5"}};
    EngineConfig outOfRange = fake("bad", "good");
    outOfRange.protocol = Protocol::UCI;
    outOfRange.options = {{"skill level", "21"}};
    const std::pair<EngineConfig, const char*> cases[] = {
        {unknown, "error: the match stopped: engine bad: option Skill Level=5: not among the options it announces "
                  "in ucci (the protocol proto=auto found it speaks): level, usebook, style, clearhash, bookfiles, "
                  "multipv (before its first game)\n"},
        {outOfRange, "error: the match stopped: engine bad: option skill level=21: takes an integer from 0 to 20 "
                     "(before its first game)\n"},
    };
    for (const auto& [bad, reason] : cases) {
        TournamentSettings s;
        s.engines = {fake("good", "good"), bad};
        s.gamesPerEncounter = 2;
        s.repeat = true;
        std::ostringstream out;
        std::atomic<bool> interrupt{false};
        EXPECT_EQ(run_tournament(s, out, interrupt), 2) << out.str();
        EXPECT_NE(out.str().find(reason), std::string::npos) << out.str();
        EXPECT_TRUE(finished_lines(out.str()).empty()) << out.str();
    }
}
