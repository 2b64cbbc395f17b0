// UCI sessions driven through pipes, as Pikafish-style GUIs (and uci2wb) drive an engine.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <thread>

#include "protocol/engine_process.h"

namespace chuhe::test {

namespace {

const std::string MATE_IN_ONE = "position fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
const std::string NO_MOVES = "position fen 4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1";

const std::vector<std::string> HANDSHAKE = {
    "id name Chuhe 0.1",
    "id author the Chuhe developers",
    "option name Hash type spin default 16 min 1 max 65536",
    "option name Threads type spin default 1 min 1 max 256",
    "option name Clear Hash type button",
    "option name Ponder type check default false",
    "option name MultiPV type spin default 1 min 1 max 128",
    "option name Move Overhead type spin default 10 min 0 max 5000",
    "option name UCI_ShowWDL type check default false",
    "option name UCI_Variant type combo default xiangqi var xiangqi",
    "option name Rules type combo default Asian var Asian var Chinese",
    "option name EvalFile type string default <built-in>",
    "option name Use NNUE type check default true",
    "option name OwnBook type check default false",
    "option name BookFile type string default <built-in>",
    "option name Book Variety type spin default 80 min 0 max 100",
    "option name Random Seed type spin default 0 min 0 max 2147483647",
    "option name UCI_LimitStrength type check default false",
    "option name UCI_Elo type spin default 2643 min 732 max 2643",
    "option name Skill Level type spin default 20 min 0 max 20",
    "uciok",
};

const std::regex INFO(
    "info depth \\d+ seldepth \\d+ multipv \\d+ score (cp -?\\d+|mate -?\\d+)( lowerbound| upperbound)?"
    "( wdl \\d+ \\d+ \\d+)? nodes \\d+ nps \\d+ hashfull \\d+ time \\d+ pv( [a-i][0-9][a-i][0-9])+");
const std::regex BEST("bestmove [a-i][0-9][a-i][0-9]( ponder [a-i][0-9][a-i][0-9])?");

void start(EngineProcess& e) {
    e.send("uci");
    EXPECT_EQ(e.read_until("uciok"), HANDSHAKE);
    e.send("setoption name UCI_Variant value xiangqi");
    e.send("isready");
    EXPECT_EQ(e.read_line(), "readyok");
}

void expect_uci_search_lines(const std::vector<std::string>& lines) {
    ASSERT_FALSE(lines.empty());
    for (size_t i = 0; i + 1 < lines.size(); ++i)
        EXPECT_TRUE(std::regex_match(lines[i], INFO)) << lines[i];
    EXPECT_TRUE(std::regex_match(lines.back(), BEST)) << lines.back();
}

}  // namespace

TEST(Uci, HandshakeAndQuit) {
    EngineProcess e;
    start(e);
    e.send("ucinewgame");
    e.send("quit");
    EXPECT_EQ(e.wait_exit(), 0);
}

TEST(Uci, ForcedBySubcommand) {
    EngineProcess e({"uci"});
    e.send("isready");
    EXPECT_EQ(e.read_line(), "readyok");
    e.send("stop");  // idle: nothing to answer
    e.send("isready");
    EXPECT_EQ(e.read_line(), "readyok");
}

TEST(Uci, SearchAfterMoves) {
    EngineProcess e;
    start(e);
    e.send("position startpos moves h2e2 h9g7");
    e.send("go depth 5");
    expect_uci_search_lines(e.read_until("bestmove"));
}

TEST(Uci, MateScores) {
    EngineProcess e;
    start(e);
    e.send(MATE_IN_ONE);
    e.send("go depth 3");
    std::vector<std::string> lines = e.read_until("bestmove");
    expect_uci_search_lines(lines);
    EXPECT_TRUE(std::regex_match(lines[0], std::regex("info depth 1 .* score mate 1 .* pv e1d1"))) << lines[0];
    EXPECT_EQ(lines.back(), "bestmove e1d1");
    e.send("go mate 1");
    EXPECT_EQ(e.read_until("bestmove").back(), "bestmove e1d1");
}

TEST(Uci, StopsAtOnceOnAMateUnderFixedTime) {
    EngineProcess e;
    start(e);
    e.send(MATE_IN_ONE);
    // 100 s per move, but a proven mate needs no more thought (the guard time is 60 s).
    e.send("go movetime 100000");
    EXPECT_EQ(e.read_until("bestmove").back(), "bestmove e1d1");
}

TEST(Uci, NoLegalMove) {
    EngineProcess e;
    start(e);
    e.send(NO_MOVES);
    e.send("go depth 3");
    EXPECT_EQ(e.read_line(), "info depth 0 score mate 0");
    EXPECT_EQ(e.read_line(), "bestmove (none)");
}

TEST(Uci, CycloneDialectBareFenAndStartpos) {
    EngineProcess e;
    start(e);
    // A two-field FEN, no `position`, as uci2wb and old GUIs send it.
    e.send("fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w");
    e.send("go depth 2");
    EXPECT_EQ(e.read_until("bestmove").back(), "bestmove e1d1");
    e.send("startpos moves h2e2");
    e.send("go depth 3");
    expect_uci_search_lines(e.read_until("bestmove"));
}

TEST(Uci, MultiPV) {
    EngineProcess e;
    start(e);
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 4");
    std::vector<std::string> lines = e.read_until("bestmove");
    expect_uci_search_lines(lines);
    int perDepth[3] = {};
    for (const std::string& l : lines) {
        std::smatch m;
        if (std::regex_search(l, m, std::regex("^info depth 4 .* multipv (\\d)"))) ++perDepth[m[1].str()[0] - '1'];
    }
    EXPECT_EQ(perDepth[0], 1);
    EXPECT_EQ(perDepth[1], 1);
    EXPECT_EQ(perDepth[2], 1);
}

TEST(Uci, SearchmovesAndWdl) {
    EngineProcess e;
    start(e);
    e.send("setoption name UCI_ShowWDL value true");
    e.send("position startpos");
    e.send("go depth 3 searchmoves a3a4");
    std::vector<std::string> lines = e.read_until("bestmove");
    expect_uci_search_lines(lines);
    EXPECT_EQ(lines.back().rfind("bestmove a3a4", 0), 0u) << lines.back();
    EXPECT_NE(lines[0].find(" wdl "), std::string::npos) << lines[0];
}

TEST(Uci, Perft) {
    EngineProcess e;
    start(e);
    e.send("position startpos");
    e.send("go perft 3");
    std::vector<std::string> lines = e.read_until("Nodes searched");
    EXPECT_EQ(lines.size(), 44u + 2u);  // one line per root move, an empty line, the total
    EXPECT_EQ(lines.back(), "Nodes searched: 79666");
}

TEST(Uci, StopDuringInfinite) {
    EngineProcess e;
    start(e);
    e.send("position startpos");
    e.send("go infinite");
    e.read_until("info depth 4");
    e.send("stop");
    expect_uci_search_lines(e.read_until("bestmove"));
}

TEST(Uci, PonderThenPonderhit) {
    EngineProcess e;
    start(e);
    e.send("position startpos moves h2e2");
    e.send("go ponder wtime 5000 btime 5000 winc 50 binc 50");
    e.read_until("info depth 3");
    e.send("isready");
    std::vector<std::string> lines = e.read_until("readyok");
    EXPECT_FALSE(has_line_starting(lines, "bestmove"));
    e.send("ponderhit");
    expect_uci_search_lines(e.read_until("bestmove"));
    // A search that ended while pondering waits for ponderhit too.
    e.send("go ponder depth 2");
    e.read_until("info depth 2");
    e.send("isready");
    EXPECT_EQ(e.read_line(), "readyok");
    e.send("ponderhit");
    EXPECT_TRUE(std::regex_match(e.read_until("bestmove").back(), BEST));
}

TEST(Uci, ClockAndMovetime) {
    EngineProcess e;
    start(e);
    e.send("debug on");
    e.send("position startpos");
    // 1 s + 10 ms per move: 200 ms kept in reserve, 26 ms planned (800/30), at most 130 ms.
    e.send("go wtime 1000 btime 1000 winc 10 binc 10");
    EXPECT_EQ(e.read_line(), "info string time optimum 26 maximum 130");
    expect_uci_search_lines(e.read_until("bestmove"));
    e.send("go wtime 60000 btime 60000 movestogo 20");
    EXPECT_EQ(e.read_line(), "info string time optimum 2990 maximum 14950");
    e.send("stop");
    e.read_until("bestmove");
    e.send("go movetime 50");
    expect_uci_search_lines(e.read_until("bestmove"));
    e.send("go nodes 3000");
    expect_uci_search_lines(e.read_until("bestmove"));
}

TEST(Uci, BadInputKeepsTheEngineRunning) {
    EngineProcess e;
    start(e);
    e.send(MATE_IN_ONE);
    e.send("position fen rnbakabnr/9/1c5c1 w");
    EXPECT_EQ(e.read_line().rfind("info string error: bad FEN 'rnbakabnr/9/1c5c1 w'", 0), 0u);
    e.send("position startpos moves h2e2 z9z9");
    EXPECT_EQ(e.read_line().rfind("info string error: bad move 'z9z9' in position", 0), 0u);
    // A go that cannot search is answered too, without a move.
    e.send("go depth -1");
    EXPECT_EQ(e.read_line(), "info string error: go depth needs a non-negative number");
    EXPECT_EQ(e.read_line(), "bestmove (none)");
    e.send("go wtime");
    EXPECT_EQ(e.read_line(), "info string error: go wtime needs a number");
    EXPECT_EQ(e.read_line(), "bestmove (none)");
    e.send("go depth 2 searchmoves e1d1 h2e2");
    EXPECT_EQ(e.read_line().rfind("info string error: bad move 'h2e2' in searchmoves", 0), 0u);
    EXPECT_EQ(e.read_line(), "bestmove (none)");
    e.send("setoption name Hash value -5");
    EXPECT_EQ(e.read_line(), "info string error: option 'Hash' takes a number from 1 to 65536");
    e.send("setoption name Style value risky");
    EXPECT_EQ(e.read_line(), "info string error: no such option 'Style'");
    e.send("setoption name UCI_Variant value chess");
    EXPECT_EQ(e.read_line(), "info string error: UCI_Variant: only xiangqi is supported");
    e.send("setoption value 3");
    EXPECT_EQ(e.read_line(), "info string error: expected 'setoption name <option> [value <value>]'");
    e.send("ucci");  // not a UCI command once UCI was chosen
    EXPECT_EQ(e.read_line(), "info string error: unknown command 'ucci'");
    // A refused position leaves none: go refuses rather than search the old one.
    e.send("go depth 2");
    EXPECT_EQ(e.read_line(), "info string error: no position to search: the last 'position' was refused");
    EXPECT_EQ(e.read_line(), "bestmove (none)");
    e.send(MATE_IN_ONE);
    e.send("go depth 2");
    EXPECT_EQ(e.read_until("bestmove").back(), "bestmove e1d1");
    e.send("isready");
    EXPECT_EQ(e.read_line(), "readyok");
}

TEST(Uci, OptionsApply) {
    EngineProcess e;
    start(e);
    e.send("setoption name Hash value 32");
    e.send("setoption name Threads value 2");
    e.send("setoption name Clear Hash");
    e.send("setoption name Ponder value true");
    e.send("setoption name Move Overhead value 30");
    e.send("position startpos");
    e.send("go depth 6");
    expect_uci_search_lines(e.read_until("bestmove"));
}

// The network: a bad file is refused with the reason and the net in use stays; the search
// runs on either evaluation, and the two see the position differently.
TEST(Uci, EvalFileAndUseNnue) {
    EngineProcess e;
    start(e);
    std::string truncated = ::testing::TempDir() + "chuhe_truncated.nnue";
    {
        std::ifstream in(std::string(CHUHE_SOURCE_DIR) + "/nets/default.nnue", std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        ASSERT_GT(bytes.size(), 1000u);
        std::ofstream(truncated, std::ios::binary) << bytes.substr(0, bytes.size() / 3);
    }
    e.send("setoption name EvalFile value /nonexistent/x.nnue");
    EXPECT_EQ(e.read_line(), "info string error: cannot open net file '/nonexistent/x.nnue'; the current net stays");
    e.send("setoption name EvalFile value " + truncated);
    EXPECT_EQ(e.read_line(), "info string error: " + truncated + ": truncated net file (weights); the current net stays");
    e.send("setoption name Use NNUE value maybe");
    EXPECT_EQ(e.read_line(), "info string error: option 'Use NNUE' takes true or false");
    auto depth1_score = [&] {
        e.send("position startpos moves h2e2");
        e.send("go depth 1");
        std::vector<std::string> lines = e.read_until("bestmove");
        expect_uci_search_lines(lines);
        const std::string& last = lines[lines.size() - 2];
        size_t at = last.find(" score ");
        return last.substr(at, last.find(" nodes") - at);  // " score cp N"
    };
    std::string nnue = depth1_score();  // the network is the default
    e.send("setoption name Use NNUE value false");
    std::string hce = depth1_score();
    EXPECT_NE(hce, nnue);
    EXPECT_EQ(hce, " score cp 4");  // the hand-crafted evaluation's, whatever the net
    e.send("setoption name Use NNUE value true");
    EXPECT_EQ(depth1_score(), nnue);
    e.send("setoption name EvalFile value <built-in>");
    EXPECT_EQ(depth1_score(), nnue);
    e.send("setoption name Use NNUE value false");
    EXPECT_EQ(depth1_score(), hce);
    std::remove(truncated.c_str());
}

// CXA 24.11: the red rook attacks the cannon and the horse in turn, twice round; a0b0 would
// bring the position about the third time. Forbidden by CXA, allowed by AXF.
const std::string TWO_VICTIMS =
    "position fen 3k5/9/9/1n7/c8/9/9/9/9/R3K4 w - - 0 1 moves a0b0 d9d8 b0a0 d8d9 a0b0 d9d8 b0a0 d8d9";

TEST(Uci, RulesOptionReachesTheSearch) {
    EngineProcess e;
    start(e);
    e.send(TWO_VICTIMS);
    e.send("go depth 2 searchmoves a0b0");
    std::vector<std::string> lines = e.read_until("bestmove");
    EXPECT_NE(lines[lines.size() - 2].find(" score cp 0 "), std::string::npos) << lines[lines.size() - 2];
    e.send("setoption name Rules value CHINESE");  // the combo's values in any case
    e.send("go depth 2 searchmoves a0b0");
    lines = e.read_until("bestmove");
    // A rule loss is decisive but no mate: a centipawn score just inside the mate range.
    const std::string& last = lines[lines.size() - 2];
    EXPECT_NE(last.find(" score cp -29752 "), std::string::npos) << last;
    EXPECT_EQ(lines.back(), "bestmove a0b0");
    e.send("setoption name Rules value Martian");
    EXPECT_EQ(e.read_line(), "info string error: option Rules takes Asian or Chinese");
}

TEST(Uci, JudgeRulesOnTheCurrentPosition) {
    EngineProcess e;
    start(e);
    e.send(TWO_VICTIMS);
    e.send("judge");
    std::vector<std::string> lines = e.read_until("info string judgeok");
    ASSERT_GE(lines.size(), 4u);
    EXPECT_EQ(lines[0], "info string ruling: draw");
    EXPECT_EQ(lines[1], "info string rules: asian (AXF)");
    EXPECT_EQ(lines[2],
              "info string cycle: the position after ply 0 recurs after ply 4 and after ply 8 (8 moves)");
    EXPECT_TRUE(has_line_starting(lines, "info string grounds:"));
    e.send("setoption name Rules value Chinese");
    e.send("judge");
    lines = e.read_until("info string judgeok");
    EXPECT_EQ(lines[0], "info string ruling: red loses");
    EXPECT_EQ(lines[1], "info string rules: chinese (CXA 2011)");
    e.send("judge asian");  // a rule set for this lookup only
    EXPECT_EQ(e.read_until("info string judgeok")[0], "info string ruling: draw");
    e.send("position startpos moves h2e2");
    e.send("judge");
    EXPECT_EQ(e.read_until("info string judgeok"),
              (std::vector<std::string>{"info string ruling: no repetition",
                                        "info string rules: chinese (CXA 2011)", "info string judgeok"}));
    e.send("judge sideways");
    EXPECT_EQ(e.read_line(), "info string error: judge takes nothing or a rule set: asian or chinese");
}

// Every go gets exactly one bestmove: one that cannot search gets the reason and "bestmove
// (none)"; one sent while a search runs stops that search, which is answered first.
TEST(Uci, EveryGoIsAnsweredByOneBestmove) {
    EngineProcess e;
    start(e);
    e.send("position startpos");
    const std::vector<std::pair<std::string, std::string>> refused = {
        {"go depth abc", "info string error: go depth needs a non-negative number"},
        {"go foo", "info string error: unknown go parameter 'foo'"},
        {"go perft 11", "info string error: go perft takes a depth from 1 to 10"},
        {"go searchmoves a0a5", "info string error: bad move 'a0a5' in searchmoves: "},
        {"go searchmoves depth 3", "info string error: go searchmoves needs moves"},
    };
    for (const auto& [go, why] : refused) {
        e.send(go);
        EXPECT_EQ(e.read_line().rfind(why, 0), 0u) << go;
        EXPECT_EQ(e.read_line(), "bestmove (none)") << go;
    }
    e.send("go infinite");
    e.read_until("info depth 2");
    e.send("go depth 3");
    std::vector<std::string> first = e.read_until("bestmove");
    EXPECT_TRUE(has_line_starting(first, "info string error: go while thinking: the search under way is stopped"));
    EXPECT_TRUE(std::regex_match(first.back(), BEST)) << first.back();
    std::vector<std::string> second = e.read_until("bestmove");
    expect_uci_search_lines(second);
    EXPECT_EQ(second[second.size() - 2].rfind("info depth 3 ", 0), 0u) << second[second.size() - 2];
    e.send("isready");
    EXPECT_EQ(e.read_line(), "readyok");  // and no third bestmove before it
}

TEST(Uci, SearchmovesEndAtTheNextKeyword) {
    EngineProcess e;
    start(e);
    e.send("position startpos");
    e.send("go searchmoves h2e2 b2e2 depth 6");
    std::vector<std::string> lines = e.read_until("bestmove");
    expect_uci_search_lines(lines);
    EXPECT_EQ(lines[lines.size() - 2].rfind("info depth 6 ", 0), 0u) << lines[lines.size() - 2];
    EXPECT_TRUE(lines.back().rfind("bestmove h2e2", 0) == 0 || lines.back().rfind("bestmove b2e2", 0) == 0)
        << lines.back();
}

// A stop before the first iteration is complete (a clock under twenty times the move
// overhead leaves a hard limit of 1 ms) waits for it: the move played is a searched one, the
// first move of the last line reported, not the first move generated (a9a7 here).
TEST(Uci, FirstIterationCompletesBeforeAnyStop) {
    EngineProcess e;
    start(e);
    for (std::string go : {"go wtime 60000 btime 150", "go movetime 1", "go nodes 1", "go infinite"}) {
        e.send("position startpos moves h2e2 h9g7 e2e6");
        e.send(go);
        if (go == "go infinite") e.send("stop");
        std::vector<std::string> lines = e.read_until("bestmove");
        expect_uci_search_lines(lines);
        ASSERT_GE(lines.size(), 2u) << go << ": no line searched before the best move";
        EXPECT_EQ(lines.back().substr(9, 4), last_pv_move(lines)) << go;
    }
}

namespace {

int64_t field(const std::string& line, const std::string& name) {
    std::smatch m;
    if (!std::regex_search(line, m, std::regex(" " + name + " (\\d+)"))) return -1;
    return std::stoll(m[1]);
}

}  // namespace

// Time and nodes are reported from the start of the search, also after a ponderhit (only the
// clock of the time management starts again there): neither goes back.
TEST(Uci, PonderhitKeepsTimeAndNodesFromTheSameStart) {
    EngineProcess e;
    start(e);
    e.send("position startpos moves h2e2");
    e.send("go ponder wtime 100000 btime 100000");
    std::vector<std::string> lines = e.read_until("info depth 8");
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    e.send("isready");
    std::vector<std::string> more = e.read_until("readyok");
    lines.insert(lines.end(), more.begin(), more.end() - 1);
    e.send("ponderhit");
    more = e.read_until("info depth");  // a line reported after the ponderhit
    e.send("stop");
    lines.insert(lines.end(), more.begin(), more.end());
    more = e.read_until("bestmove");
    lines.insert(lines.end(), more.begin(), more.end());
    int64_t time = 0, nodes = 0;
    for (const std::string& line : lines) {
        if (line.rfind("info depth", 0) != 0) continue;
        EXPECT_GE(field(line, "time"), time) << line;
        EXPECT_GE(field(line, "nodes"), nodes) << line;
        time = field(line, "time"), nodes = field(line, "nodes");
    }
    EXPECT_GE(time, 500);
}

// EvalFile reads only a regular file, and only up to a size no net comes near: a device
// that never ends is refused at once, and the engine keeps its net and answers.
TEST(Uci, EvalFileRefusesWhatCannotBeANet) {
    EngineProcess e;
    start(e);
    auto depth1_score = [&] {
        e.send("position startpos moves h2e2");
        e.send("go depth 1");
        std::vector<std::string> lines = e.read_until("bestmove");
        const std::string& last = lines[lines.size() - 2];
        size_t at = last.find(" score ");
        return last.substr(at, last.find(" nodes") - at);
    };
    std::string before = depth1_score();
    e.send("setoption name EvalFile value /dev/zero");
    EXPECT_EQ(e.read_line(),
              "info string error: '/dev/zero' is not a regular file, so no net file; the current net stays");
    std::string huge = ::testing::TempDir() + "chuhe_huge.nnue";
    std::ofstream(huge).close();
    std::filesystem::resize_file(huge, (32 << 20) + 1);  // sparse: no disk space taken
    e.send("setoption name EvalFile value " + huge);
    EXPECT_EQ(e.read_line(), "info string error: '" + huge +
                                 "' is larger than 32 MB, so no net file (a net file is well under that); "
                                 "the current net stays");
    e.send("isready");
    EXPECT_EQ(e.read_line(), "readyok");
    EXPECT_EQ(depth1_score(), before);
    std::remove(huge.c_str());
}

}  // namespace chuhe::test
