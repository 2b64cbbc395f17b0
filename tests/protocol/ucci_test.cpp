// UCCI sessions driven through pipes, as XQWizard or the UCCI league runner drive an engine.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "eval/weights.h"
#include "protocol/engine_process.h"

namespace chuhe::test {

namespace {

// Red plays Re1-d1 mate (the only mate; the black king can neither step down nor face the
// red king).
const std::string MATE_IN_ONE = "position fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
// Red has no legal move: that loses in xiangqi even without check.
const std::string NO_MOVES = "position fen 4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1";

const std::vector<std::string> HANDSHAKE = {
    "id name Chuhe 0.1",
    "id copyright GPL-3.0, the Chuhe developers",
    "id author the Chuhe developers",
    "option usemillisec type check default false",
    "option batch type check default false",
    "option debug type check default false",
    "option ponder type check default false",
    "option hashsize type spin min 0 max 65536 default 16",
    "option threads type spin min 0 max 256 default 1",
    "option rules type combo default asian var asian var chinese",
    "option newgame type button",
    "option evalfile type string default <built-in>",
    "option usennue type check default true",
    "option usebook type check default false",
    "option bookfiles type string default <built-in>",
    "option bookvariety type spin min 0 max 100 default 80",
    "option randomseed type spin min 0 max 2147483647 default 0",
    "option randomness type combo default none var none var tiny var small var medium var large var huge",
    "option level type spin min 0 max 20 default 20",
    "option multipv type spin min 1 max 128 default 1",
    "ucciok",
};

// Starts a UCCI session (protocol detected from the first command) and checks the handshake.
void start(EngineProcess& e) {
    e.send("ucci");
    EXPECT_EQ(e.read_until("ucciok"), HANDSHAKE);
}

// Every line of a search is an info line of the UCCI shapes, then one bestmove.
void expect_ucci_search_lines(const std::vector<std::string>& lines) {
    std::regex depth("info depth \\d+ score -?\\d+ time \\d+ nodes \\d+ pv( [a-i][0-9][a-i][0-9])+");
    std::regex timeNodes("info time \\d+ nodes \\d+");
    std::regex best("bestmove [a-i][0-9][a-i][0-9]( ponder [a-i][0-9][a-i][0-9])?( draw| resign)?");
    ASSERT_FALSE(lines.empty());
    for (size_t i = 0; i + 1 < lines.size(); ++i)
        EXPECT_TRUE(std::regex_match(lines[i], depth) || std::regex_match(lines[i], timeNodes))
            << lines[i];
    EXPECT_TRUE(std::regex_match(lines.back(), best)) << lines.back();
}

}  // namespace

TEST(Ucci, HandshakeReadyAndQuit) {
    EngineProcess e;
    start(e);
    e.send("isready");
    EXPECT_EQ(e.read_line(), "readyok");
    e.send("quit");
    EXPECT_EQ(e.read_line(), "bye");
    EXPECT_EQ(e.wait_exit(), 0);
}

TEST(Ucci, ForcedBySubcommand) {
    EngineProcess e({"ucci"});
    e.send("isready");  // no `ucci` first: the subcommand already chose the protocol
    EXPECT_EQ(e.read_line(), "readyok");
    e.send("stop");
    EXPECT_EQ(e.read_line(), "nobestmove");
    e.send("quit");
    EXPECT_EQ(e.read_line(), "bye");
}

TEST(Ucci, StopWhenIdleAnswersNobestmove) {
    EngineProcess e;
    start(e);
    e.send("stop");
    EXPECT_EQ(e.read_line(), "nobestmove");
}

TEST(Ucci, FindsMateInOne) {
    EngineProcess e;
    start(e);
    e.send(MATE_IN_ONE);
    e.send("go depth 3");
    std::vector<std::string> lines = e.read_until("bestmove");
    expect_ucci_search_lines(lines);
    EXPECT_EQ(lines[0].substr(0, 25), "info depth 1 score 29999 ");
    EXPECT_EQ(lines[0].substr(lines[0].size() - 8), " pv e1d1");
    EXPECT_EQ(lines.back(), "bestmove e1d1");
}

TEST(Ucci, StartPositionAfterMoves) {
    EngineProcess e;
    start(e);
    e.send("position startpos moves h2e2 h9g7");
    e.send("go depth 4");
    expect_ucci_search_lines(e.read_until("bestmove"));
    // The FEN after the last capture plus the moves since, as the spec's example sends it.
    e.send("position fen rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2 moves d9e8");
    e.send("go depth 3");
    expect_ucci_search_lines(e.read_until("bestmove"));
}

TEST(Ucci, DepthZeroGivesStaticEvalAndNobestmove) {
    EngineProcess e;
    start(e);
    e.send("position startpos");
    e.send("go depth 0");
    // The start position is symmetric: only the side to move's tempo counts.
    EXPECT_EQ(e.read_line(), "info depth 0 score " + std::to_string(WEIGHTS[TEMPO].mg));
    EXPECT_EQ(e.read_line(), "nobestmove");
}

TEST(Ucci, NoLegalMoveGivesNobestmove) {
    EngineProcess e;
    start(e);
    e.send(NO_MOVES);
    e.send("go depth 3");
    EXPECT_EQ(e.read_line(), "nobestmove");
}

TEST(Ucci, BanmovesExcludeMovesUntilNextPosition) {
    EngineProcess e;
    start(e);
    e.send(MATE_IN_ONE);
    e.send("banmoves e1d1");
    e.send("go depth 3");
    std::vector<std::string> lines = e.read_until("bestmove");
    expect_ucci_search_lines(lines);
    EXPECT_EQ(lines.back().rfind("bestmove e1d1", 0), std::string::npos) << lines.back();
    // A new position clears the banned moves.
    e.send(MATE_IN_ONE);
    e.send("go depth 3");
    EXPECT_EQ(e.read_until("bestmove").back(), "bestmove e1d1");
    // Banning every legal move leaves nothing to play.
    // The red king's only moves are e1 and f0 (d0 would face the black king).
    e.send("position fen 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    e.send("banmoves e0e1 e0f0");
    e.send("go depth 2");
    EXPECT_EQ(e.read_line(), "nobestmove");
}

TEST(Ucci, StopDuringInfiniteSearch) {
    EngineProcess e;
    start(e);
    e.send("position startpos");
    e.send("go infinite");
    // Wait until the search is really under way, then stop it.
    e.read_until("info depth 3");
    e.send("isready");  // answered while thinking
    std::vector<std::string> lines = e.read_until("readyok");
    EXPECT_FALSE(has_line_starting(lines, "bestmove"));
    e.send("stop");
    std::vector<std::string> rest = e.read_until("bestmove");
    expect_ucci_search_lines(rest);
    e.send("stop");  // idle again
    EXPECT_EQ(e.read_line(), "nobestmove");
}

TEST(Ucci, PonderWaitsForPonderhit) {
    EngineProcess e;
    start(e);
    e.send("setoption usemillisec true");
    e.send("position startpos moves h2e2");
    e.send("go ponder depth 2");
    e.read_until("info depth 2");
    e.read_line();  // its "info time ... nodes ..." line
    // The search is over, but no best move may come before ponderhit.
    e.send("isready");
    EXPECT_EQ(e.read_line(), "readyok");
    e.send("ponderhit");
    expect_ucci_search_lines(e.read_until("bestmove"));
}

TEST(Ucci, PonderMissThenNewSearch) {
    EngineProcess e;
    start(e);
    e.send("setoption usemillisec true");
    e.send("position startpos moves h2e2");
    e.send("go ponder time 60000 increment 0 opptime 60000 oppincrement 0");
    e.read_until("info depth 2");
    // The opponent played something else: stop, then the real position at once.
    e.send("stop");
    e.send("position startpos moves h2e2 h9g7");
    e.send("go depth 3");
    std::vector<std::string> lines = e.read_until("bestmove");  // the ponder search's reply
    std::vector<std::string> second = e.read_until("bestmove");
    expect_ucci_search_lines(second);
}

TEST(Ucci, DrawOfferAcceptedWhenWorse) {
    EngineProcess e;
    start(e);
    // Red has only a pawn against a rook and a horse.
    e.send("position fen 3k5/9/9/4n4/9/9/4P4/9/r8/4K4 w - - 0 1");
    e.send("go ponder depth 3");
    e.read_until("info depth 3");
    e.send("ponderhit draw");
    std::string best = e.read_until("bestmove").back();
    EXPECT_TRUE(std::regex_match(best, std::regex("bestmove [a-i][0-9][a-i][0-9]( ponder [a-i][0-9][a-i][0-9])? draw")))
        << best;
    // With the same offer when better, the engine plays on.
    e.send("position fen 3k5/9/9/4N4/9/9/4p4/9/R8/4K4 w - - 0 1");
    e.send("go draw depth 3");
    best = e.read_until("bestmove").back();
    EXPECT_EQ(best.find("draw"), std::string::npos) << best;
}

TEST(Ucci, SecondsUntilUsemillisec) {
    EngineProcess e;
    start(e);
    e.send("setoption debug true");
    e.send("position startpos");
    // 60 s less a 200 ms reserve over 30 moves, plus the increment less 10 ms overhead.
    e.send("go time 60 increment 1 opptime 60 oppincrement 1");
    EXPECT_EQ(e.read_line(), "info message time optimum 2983 maximum 14915");
    e.send("stop");
    e.read_until("bestmove");
    e.send("setoption usemillisec true");
    e.send("go time 60000 increment 1000 opptime 60000 oppincrement 1000");
    EXPECT_EQ(e.read_line(), "info message time optimum 2983 maximum 14915");
    e.send("stop");
    e.read_until("bestmove");
    // Keys in any order, as uci2wb sends them.
    e.send("go opptime 60000 oppincrement 1000 increment 1000 time 60000");
    EXPECT_EQ(e.read_line(), "info message time optimum 2983 maximum 14915");
    e.send("stop");
    e.read_until("bestmove");
}

TEST(Ucci, TimedSearchAnswers) {
    EngineProcess e;
    start(e);
    e.send("setoption usemillisec true");
    e.send("position startpos");
    e.send("go time 1000 increment 10 opptime 1000 oppincrement 10");
    expect_ucci_search_lines(e.read_until("bestmove"));
    e.send("go nodes 5000");
    expect_ucci_search_lines(e.read_until("bestmove"));
}

TEST(Ucci, BadInputKeepsTheEngineRunning) {
    EngineProcess e;
    start(e);
    e.send(MATE_IN_ONE);
    e.send("position fen xyz w - - 0 1");
    EXPECT_EQ(e.read_line().rfind("info message error: bad FEN 'xyz w - - 0 1'", 0), 0u);
    e.send("position startpos moves h2e2 h2e2");
    EXPECT_EQ(e.read_line().rfind("info message error: bad move 'h2e2' in position", 0), 0u);
    e.send("position");
    EXPECT_EQ(e.read_line(), "info message error: expected 'startpos' or 'fen'");
    e.send("banmoves z9z9");
    EXPECT_EQ(e.read_line().rfind("info message error: bad move 'z9z9' in banmoves", 0), 0u);
    // A go that cannot search is answered too, without a move.
    e.send("go depth x");
    EXPECT_EQ(e.read_line(), "info message error: go depth needs a non-negative number");
    EXPECT_EQ(e.read_line(), "nobestmove");
    e.send("go sideways 3");
    EXPECT_EQ(e.read_line(), "info message error: unknown go parameter 'sideways'");
    EXPECT_EQ(e.read_line(), "nobestmove");
    e.send("go ponder draw depth 3");
    EXPECT_EQ(e.read_line(), "info message error: go ponder and go draw exclude each other");
    EXPECT_EQ(e.read_line(), "nobestmove");
    e.send("setoption hashsize lots");
    EXPECT_EQ(e.read_line(), "info message error: hashsize takes megabytes from 0 to 65536");
    e.send("setoption ponder maybe");
    EXPECT_EQ(e.read_line(), "info message error: option ponder takes true or false");
    e.send("setoption usebook false");
    e.send("fly away");
    EXPECT_EQ(e.read_line(), "info message error: unknown command 'fly'");
    // A refused position leaves none: go refuses rather than search the old one.
    e.send("go depth 2");
    EXPECT_EQ(e.read_line(), "info message error: no position to search: the last 'position' was refused");
    EXPECT_EQ(e.read_line(), "nobestmove");
    e.send(MATE_IN_ONE);
    e.send("go depth 2");
    EXPECT_EQ(e.read_until("bestmove").back(), "bestmove e1d1");
    e.send("go infinite");
    e.read_until("info depth 2");
    e.send("position startpos");
    EXPECT_EQ(e.read_until("info message").back(),
              "info message error: the engine is thinking: send stop first");
    e.send("stop");
    e.read_until("bestmove");
    e.send("quit");
    e.read_until("bye");
    EXPECT_EQ(e.wait_exit(), 0);
}

// MultiPV is no UCCI 3.0 option: Chuhe announces it as an extension, and under it each line
// of the search says which one it is, as UCI's do.
TEST(Ucci, MultiPvExtension) {
    EngineProcess e;
    start(e);
    for (const std::string bad : {"0", "129", "two"}) {
        e.send("setoption multipv " + bad);
        EXPECT_EQ(e.read_line(), "info message error: multipv takes a number from 1 to 128") << bad;
    }
    e.send("setoption multipv 2");
    // Two rooks, two mates in one (Re1-d1 and Ra1-d1): both lines of depth 1 score mate.
    e.send("position fen 3k5/9/9/9/9/9/9/9/R3R4/4K4 w - - 0 1");
    e.send("go depth 1");
    std::vector<std::string> lines = e.read_until("bestmove");
    std::regex counts(" time \\d+ nodes \\d+");
    for (std::string& l : lines) l = std::regex_replace(l, counts, " time T nodes N");
    ASSERT_EQ(lines.size(), 5u) << ::testing::PrintToString(lines);
    std::string first = lines[0].substr(lines[0].size() - 4), second = lines[2].substr(lines[2].size() - 4);
    EXPECT_EQ(lines[0], "info depth 1 multipv 1 score 29999 time T nodes N pv " + first);
    EXPECT_EQ(lines[1], "info time T nodes N");
    EXPECT_EQ(lines[2], "info depth 1 multipv 2 score 29999 time T nodes N pv " + second);
    EXPECT_EQ(lines[3], "info time T nodes N");
    EXPECT_EQ(std::set<std::string>({first, second}), std::set<std::string>({"e1d1", "a1d1"}));
    EXPECT_EQ(lines[4], "bestmove " + first);
    // Back to one line: no multipv in it, as UCCI 3.0 has it.
    e.send("setoption multipv 1");
    e.send("go depth 1");
    lines = e.read_until("bestmove");
    ASSERT_EQ(lines.size(), 3u) << ::testing::PrintToString(lines);
    EXPECT_EQ(std::regex_replace(lines[0], counts, " time T nodes N"), "info depth 1 score 29999 time T nodes N pv " + first);
}

TEST(Ucci, ProbeReportsHashEntry) {
    EngineProcess e;
    start(e);
    e.send(MATE_IN_ONE);
    e.send("go depth 3");
    e.read_until("bestmove");
    e.send("probe fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
    std::string reply = e.read_line();
    EXPECT_TRUE(std::regex_match(reply, std::regex("pophash bestmove e1d1 lowerbound 29999 depth \\d+ upperbound 29999 depth \\d+")))
        << reply;
    e.send("setoption newgame");  // clears the table
    e.send("probe fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
    EXPECT_EQ(e.read_line(), "pophash");
}

TEST(Ucci, QuitWhileThinking) {
    EngineProcess e;
    start(e);
    e.send("position startpos");
    e.send("go infinite");
    e.read_until("info depth 2");
    e.send("quit");
    std::vector<std::string> lines = e.read_until("bye");
    EXPECT_TRUE(has_line_starting(lines, "bestmove"));
    EXPECT_EQ(e.wait_exit(), 0);
}

// CXA 24.11 (see the UCI test): a0b0 would complete the third occurrence of a chase of two
// pieces in turn, forbidden by CXA only.
TEST(Ucci, EvalfileAndUsennue) {
    EngineProcess e;
    start(e);
    e.send("setoption evalfile /nonexistent/x.nnue");
    EXPECT_EQ(e.read_line(), "info message error: cannot open net file '/nonexistent/x.nnue'; the current net stays");
    e.send("setoption usennue 2");
    EXPECT_EQ(e.read_line(), "info message error: option usennue takes true or false");
    e.send("setoption usennue true");
    e.send("setoption evalfile <built-in>");
    e.send("position startpos");
    e.send("go depth 4");
    expect_ucci_search_lines(e.read_until("bestmove"));
}

TEST(Ucci, RulesOptionAndJudge) {
    EngineProcess e;
    start(e);
    e.send("position fen 3k5/9/9/1n7/c8/9/9/9/9/R3K4 w - - 0 1 "
           "moves a0b0 d9d8 b0a0 d8d9 a0b0 d9d8 b0a0 d8d9");
    e.send("judge");
    std::vector<std::string> lines = e.read_until("judgeok");
    EXPECT_EQ(lines[0], "ruling: draw");
    EXPECT_EQ(lines[1], "rules: asian (AXF)");
    e.send("setoption rules Chinese");
    e.send("judge");
    lines = e.read_until("judgeok");
    EXPECT_EQ(lines[0], "ruling: red loses");
    EXPECT_EQ(lines[1], "rules: chinese (CXA 2011)");
    EXPECT_TRUE(has_line_starting(lines, "  CXA 25.3"));
    // Under CXA the engine does not complete the forbidden chase.
    e.send("go depth 3");
    lines = e.read_until("bestmove");
    EXPECT_EQ(lines.back().rfind("bestmove a0b0", 0), std::string::npos) << lines.back();
    e.send("setoption rules martian");
    EXPECT_EQ(e.read_line(), "info message error: option rules takes asian or chinese");
    e.send("judge martian");
    EXPECT_EQ(e.read_line(), "info message error: judge takes nothing or a rule set: asian or chinese");
}

// A byte order mark before the first command (a command file saved on Windows) is skipped.
TEST(Ucci, ByteOrderMarkBeforeTheFirstCommandIsSkipped) {
    EngineProcess e;
    e.send("\xEF\xBB\xBFucci");
    EXPECT_EQ(e.read_until("ucciok"), HANDSHAKE);
}

// The spec lets an engine take options it does not have without failing; Chuhe goes on, and
// says so in the info line the spec has for messages to the user.
TEST(Ucci, UnknownOptionIsReported) {
    EngineProcess e;
    start(e);
    e.send("setoption promotion false");
    e.send("isready");
    EXPECT_EQ(e.read_line(), "info message error: no such option 'promotion'");
    EXPECT_EQ(e.read_line(), "readyok");
    e.send("setoption Style risky");
    EXPECT_EQ(e.read_line(), "info message error: no such option 'Style'");
}

// Every go gets exactly one bestmove or nobestmove, the first iteration is always complete,
// and a go while a search runs stops that one, which is answered first.
TEST(Ucci, EveryGoIsAnsweredOnceWithASearchedMove) {
    EngineProcess e;
    start(e);
    e.send("position startpos moves h2e2 h9g7 e2e6");
    e.send("go ponder draw");
    EXPECT_EQ(e.read_line(), "info message error: go ponder and go draw exclude each other");
    EXPECT_EQ(e.read_line(), "nobestmove");
    e.send("go nodes 1");
    std::vector<std::string> lines = e.read_until("bestmove");
    expect_ucci_search_lines(lines);
    ASSERT_GE(lines.size(), 2u) << "no line searched before the best move";
    EXPECT_EQ(lines.back().substr(9, 4), last_pv_move(lines));
    e.send("go infinite");
    e.read_until("info depth 2");
    e.send("go depth 3");
    lines = e.read_until("bestmove");
    EXPECT_TRUE(has_line_starting(lines, "info message error: go while thinking: the search under way is stopped"));
    lines = e.read_until("bestmove");
    expect_ucci_search_lines(lines);
    EXPECT_TRUE(has_line_starting(lines, "info depth 3 "));
    e.send("isready");
    EXPECT_EQ(e.read_line(), "readyok");
}

}  // namespace chuhe::test
