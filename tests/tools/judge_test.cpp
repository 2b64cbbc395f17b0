// `chuhe judge`, driven through the built binary.
#include <gtest/gtest.h>

#include <string>

#include "support/command.h"

namespace {

using chuhe::test::CommandResult;

// Runs `chuhe judge ARGS` with stderr merged into the output.
CommandResult judge(const std::string& args) {
    return chuhe::test::run_command(std::string(CHUHE_BINARY) + " judge " + args + " 2>&1");
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

TEST(Judge, PerpetualChaseAsian) {
    CommandResult r = judge(
        "--fen '2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1' "
        "--moves 'c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2'");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(first_line(r.out), "ruling: red loses");
    EXPECT_NE(r.out.find("rules: asian (AXF)"), std::string::npos);
    EXPECT_NE(r.out.find("ply 7  red   a2b2 (red cannon): chase of the black rook on b7"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("red: chases the black rook"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("AXF: perpetually chasing"), std::string::npos) << r.out;
}

TEST(Judge, PerpetualMateThreatChinese) {
    CommandResult r = judge(
        "--rules chinese --fen '3aka3/4c4/9/9/9/c8/9/9/8C/3K5 b - - 0 1' --moves 'a4i4 i1a1 i4a4 a1i1 a4i4'");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(first_line(r.out), "ruling: red loses");
    EXPECT_NE(r.out.find("mate threat (殺, 24.2)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("長殺"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("CXA 25.3"), std::string::npos) << r.out;
}

TEST(Judge, SameCycleIsADrawUnderAsianRules) {
    CommandResult r = judge(
        "--rules asian --fen '3aka3/4c4/9/9/9/c8/9/9/8C/3K5 b - - 0 1' --moves 'a4i4 i1a1 i4a4 a1i1 a4i4'");
    EXPECT_EQ(first_line(r.out), "ruling: draw");
}

TEST(Judge, NoRepetition) {
    CommandResult r = judge(
        "--fen 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1' --moves 'h2e2 h9g7'");
    ASSERT_EQ(r.status, 0);
    EXPECT_EQ(first_line(r.out), "ruling: no repetition");
}

TEST(Judge, BadInputIsRefused) {
    CommandResult badFen = judge("--fen 'rnbakabnr/9/9 w' --moves ''");
    EXPECT_EQ(badFen.status, 2);
    EXPECT_NE(badFen.out.find("bad FEN"), std::string::npos) << badFen.out;
    CommandResult badMove = judge(
        "--fen 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1' --moves 'h2e2 h2e2'");
    EXPECT_EQ(badMove.status, 2);
    EXPECT_NE(badMove.out.find("move 2"), std::string::npos) << badMove.out;
    CommandResult badRules =
        judge("--rules martian --fen 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w'");
    EXPECT_EQ(badRules.status, 2);
    EXPECT_NE(badRules.out.find("unknown rule set"), std::string::npos);
    CommandResult noFen = judge("--moves 'h2e2'");
    EXPECT_EQ(noFen.status, 2);
    CommandResult both = judge("--fen 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w' --pgn x.pgn");
    EXPECT_EQ(both.status, 2);
    EXPECT_NE(both.out.find("give either --fen or --pgn"), std::string::npos) << both.out;
    CommandResult missing = judge("--pgn /nonexistent/games.pgn");
    EXPECT_EQ(missing.status, 2);
}

TEST(Judge, ReadsTheGameFromAPgnFile) {
    // The cannon chase of PerpetualChaseAsian as the second game of a file, with one more
    // move; --ply chooses the position judged.
    std::string path = testing::TempDir() + "chuhe_judge_test.pgn";
    FILE* f = std::fopen(path.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs("[Game \"Chinese Chess\"]\n[Result \"*\"]\n[Format \"ICCS\"]\n\n1. H2-E2 H9-G7 *\n\n"
               "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n"
               "[FEN \"2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1\"]\n[Format \"ICCS\"]\n\n"
               "1. C2-A2 A7-B7 2. A2-B2 B7-A7 3. B2-A2 A7-B7 4. A2-B2 B7-A7 5. B2-A2 A7-B7 1-0\n",
               f);
    std::fclose(f);
    CommandResult r = judge("--pgn " + path + " --game 2 --ply 9");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(first_line(r.out), "ruling: red loses");
    CommandResult whole = judge("--pgn " + path + " --game 2");
    EXPECT_EQ(first_line(whole.out), "ruling: red loses") << whole.out;
    CommandResult early = judge("--pgn " + path + " --game 2 --ply 4");
    EXPECT_EQ(first_line(early.out), "ruling: no repetition") << "nothing repeats before ply 5";
    CommandResult noGame = judge("--pgn " + path + " --game 3");
    EXPECT_EQ(noGame.status, 2);
    EXPECT_NE(noGame.out.find("has no game 3 (it has 2)"), std::string::npos) << noGame.out;
}

TEST(Judge, TakesStartposAndMovesInEveryNotation) {
    // ICCS with and without the dash, Chinese, WXF: what game records use.
    CommandResult r = judge("--fen startpos --moves '炮二平五 H9-G7 H8+7 h7h5'");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(first_line(r.out), "ruling: no repetition");
    CommandResult chase = judge("--fen '2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1' "
                                "--moves 'C7.9 a7b7 炮九平八 R2.1 C8.9 a7b7 A2-B2 b7a7 b2a2'");
    ASSERT_EQ(chase.status, 0) << chase.out;
    EXPECT_EQ(first_line(chase.out), "ruling: red loses");
    CommandResult bad = judge("--fen startpos --moves '车一平二'");
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.out.find("move 1: "), std::string::npos) << bad.out;
}

TEST(Judge, HelpPrintsTheUsage) {
    CommandResult r = judge("--help");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out.rfind("usage: chuhe judge", 0), 0u) << r.out;
}

TEST(Judge, SecondOccurrenceSaysPlayGoesOn) {
    // Five plies: the position after ply 1 stands on the board a second time. Nothing is ruled
    // yet; the ruling says what the third occurrence would bring.
    CommandResult second = judge(
        "--rules chinese --fen '3aka3/4c4/9/9/9/c8/9/9/8C/3K5 b - - 0 1' --moves 'a4i4 i1a1 i4a4 a1i1 a4i4'");
    ASSERT_EQ(second.status, 0) << second.out;
    EXPECT_EQ(first_line(second.out), "ruling: red loses");
    EXPECT_NE(second.out.find("\noccurrence: the second; play goes on, and the ruling applies if the position "
                              "occurs a third time\n"),
              std::string::npos)
        << second.out;
    CommandResult third = judge("--rules chinese --fen '3aka3/4c4/9/9/9/c8/9/9/8C/3K5 b - - 0 1' "
                                "--moves 'a4i4 i1a1 i4a4 a1i1 a4i4 i1a1 i4a4 a1i1 a4i4'");
    EXPECT_EQ(first_line(third.out), "ruling: red loses");
    EXPECT_EQ(third.out.find("occurrence:"), std::string::npos) << third.out;
}

}  // namespace
