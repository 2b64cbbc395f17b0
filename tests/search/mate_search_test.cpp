// The mate finder over checks (src/search/mate_search.h) on its own: proofs, disproofs, the
// line it gives, and the repetition rules.
#include <gtest/gtest.h>

#include "core/movegen.h"
#include "eval/nnue/network.h"
#include "search/mate_search.h"
#include "search/search_helpers.h"

namespace chuhe::test {

namespace {

// Plays the line from fen and says whether it ends with the side to move mated, every move
// legal on the way.
bool line_mates(const std::string& fen, const std::vector<Move>& line) {
    Position pos;
    if (!pos.set(fen)) return false;
    for (Move m : line) {
        if (!MoveList::of<LEGAL>(pos).contains(m)) return false;
        pos.do_move(m);
    }
    return MoveList::of<LEGAL>(pos).size() == 0;
}

MateSearch solve(const std::string& fen, uint64_t nodes, int quietMoves = 0) {
    Position pos;
    EXPECT_TRUE(pos.set(fen)) << fen;
    MateSearch ms;
    ms.reset(pos, 127, quietMoves);
    ms.run(nodes);
    return ms;
}

}  // namespace

// Composed problem 192 (mate in 20): alpha-beta does not see it within 1M nodes; checks
// alone prove it in far fewer.
TEST(MateSearch, ProvesALongMateByChecks) {
    const std::string fen = "5an2/4a4/3k5/2P1P3R/c3p4/7nR/9/3N2rC1/6pr1/3p1KcC1 w - - 0 1";
    MateSearch ms = solve(fen, 100000);
    ASSERT_TRUE(ms.proven());
    std::vector<Move> pv = ms.pv();
    EXPECT_EQ(int(pv.size()), ms.mate_plies());
    EXPECT_EQ(ms.mate_plies() % 2, 1) << "red mates on its own move";
    EXPECT_LE(ms.mate_plies(), 2 * 20 - 1 + 20) << "no absurdly long line";
    EXPECT_TRUE(line_mates(fen, pv));
}

// Composed problem 001 (mate in 11) starts with a check and goes on with them.
TEST(MateSearch, ProvesComposedProblem001) {
    const std::string fen = "4C4/4a4/b2ank2b/9/9/1RNR1crC1/3r1p3/3cKA3/4A4/4n4 w - - 0 1";
    MateSearch ms = solve(fen, 100000);
    ASSERT_TRUE(ms.proven());
    EXPECT_TRUE(line_mates(fen, ms.pv()));
    EXPECT_EQ(Position::move_to_string(ms.pv()[0]), "d4f4");
}

// Mate in one: the rook checks on the king's file, and the kings may not face each other.
TEST(MateSearch, MateInOne) {
    MateSearch ms = solve("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", 1000);
    ASSERT_TRUE(ms.proven());
    EXPECT_EQ(ms.mate_plies(), 1);
    ASSERT_EQ(ms.pv().size(), 1u);
    EXPECT_EQ(Position::move_to_string(ms.pv()[0]), "a0d0");
}

// Red's only checks that do not lose at once go round a cycle (the position of the rules
// tests, rules_in_search_test.cpp): the perpetual is no mate, and the line fails for red.
TEST(MateSearch, APerpetualCheckIsNoMate) {
    Position pos;
    ASSERT_TRUE(pos.set("3k5/9/9/9/9/7r1/9/9/8r/R3K4 w - - 0 1"));
    for (const char* m : {"a0a9", "d9d8", "a9a8", "d8d9"}) pos.do_move(pos.parse_move(m));
    MateSearch ms;
    ms.reset(pos, 127);
    ms.run(100000);
    EXPECT_FALSE(ms.proven());
    EXPECT_TRUE(ms.disproven());
}

// Composed problem 084 (等着逼人, mate in 10) needs two moves without check: checks alone are
// refuted, with two waiting moves allowed the proof is found, every defence in it.
TEST(MateSearch, TwoMovesWithoutCheckProveProblem084) {
    const std::string fen = "9/4c1P2/3kb4/2C6/3P5/9/9/4BA3/4pnppc/2BKnrrpp w - - 0 1";
    EXPECT_TRUE(solve(fen, 1000000).disproven());
    EXPECT_TRUE(solve(fen, 1000000, 1).disproven());
    MateSearch ms = solve(fen, 100000, 2);
    ASSERT_TRUE(ms.proven());
    EXPECT_EQ(ms.mate_plies(), 19);
    EXPECT_EQ(Position::move_to_string(ms.pv()[0]), "d5d6");
    EXPECT_TRUE(line_mates(fen, ms.pv()));
    // The search finds it within issue 12's budget: the finder's second proof, on a 64th of
    // the nodes once the checks alone were refuted.
    SearchOptions options;
    options.net = nnue::embedded_network();
    SearchLimits limits;
    limits.nodes = 1000000;
    SearchRun r = run_search(fen, limits, 1, {}, options);
    EXPECT_EQ(r.result.score, mate_in(19));
    EXPECT_EQ(Position::move_to_string(r.result.best), "d5d6");
}

// Without a check to give (the start position), there is nothing to prove.
TEST(MateSearch, NoCheckNoMate) {
    MateSearch ms = solve("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 100000);
    EXPECT_TRUE(ms.disproven());
    EXPECT_TRUE(ms.pv().empty());
    EXPECT_EQ(ms.mate_plies(), 0);
}

// In the search: problem 192 within 1M nodes is reported as a mate, with a line that mates.
TEST(MateSearch, TheSearchReportsTheProof) {
    const std::string fen = "5an2/4a4/3k5/2P1P3R/c3p4/7nR/9/3N2rC1/6pr1/3p1KcC1 w - - 0 1";
    SearchLimits limits;
    limits.nodes = 1000000;
    SearchRun r = run_search(fen, limits);
    ASSERT_GE(r.result.score, VALUE_MATE_IN_MAX_PLY) << r.result.score;
    ASSERT_FALSE(r.infos.empty());
    const SearchInfo& last = r.infos.back();
    EXPECT_EQ(last.score, r.result.score);
    EXPECT_EQ(int(last.pv.size()), VALUE_MATE - r.result.score);
    EXPECT_TRUE(line_mates(fen, last.pv));
}

// A proof stands over an iteration cut short after it: with the network at 800k nodes the
// iteration after the proof had searched the mating move to the end and said -546 cp, and that
// was reported and returned as the result. At any budget past the proof (found before 280k
// nodes) the mate is the result and the last line.
TEST(MateSearch, AProofStandsOverAnIterationCutShort) {
    const std::string fen = "5an2/4a4/3k5/2P1P3R/c3p4/7nR/9/3N2rC1/6pr1/3p1KcC1 w - - 0 1";
    SearchOptions options;
    options.net = nnue::embedded_network();
    ASSERT_NE(options.net, nullptr);
    for (uint64_t nodes : {500000, 650000, 800000, 950000}) {
        SearchLimits limits;
        limits.nodes = nodes;
        SearchRun r = run_search(fen, limits, 1, {}, options);
        EXPECT_GE(r.result.score, VALUE_MATE_IN_MAX_PLY) << nodes << " nodes: " << r.result.score;
        ASSERT_FALSE(r.infos.empty());
        EXPECT_EQ(r.infos.back().score, r.result.score) << nodes << " nodes";
        EXPECT_EQ(r.infos.back().pv.front(), r.result.best) << nodes << " nodes";
    }
}

// The finder works inside the iterations, not only between them: with the evaluation by
// hand, problem 192's proof comes at about 24k nodes, in the middle of iteration 10 (which
// would end near 28.6k; iteration 9 ends at 12k). At 26k nodes the search is cut inside that
// iteration and must report the proof; when the finder only ran after each iteration it said
// a score in centipawns here. Under a clock the proof ends the search at once, before the
// iteration does.
TEST(MateSearch, AProofDoesNotWaitForTheIterationToEnd) {
    const std::string fen = "5an2/4a4/3k5/2P1P3R/c3p4/7nR/9/3N2rC1/6pr1/3p1KcC1 w - - 0 1";
    SearchOptions options;  // no net: the evaluation by hand
    SearchLimits limits;
    limits.nodes = 26000;
    SearchRun r = run_search(fen, limits, 1, {}, options);
    EXPECT_EQ(r.result.score, mate_in(43));
    ASSERT_FALSE(r.infos.empty());
    EXPECT_EQ(r.infos.back().score, mate_in(43));
    EXPECT_TRUE(line_mates(fen, r.infos.back().pv));

    SearchLimits clock;
    clock.movetime = 600000;  // never reached: the proof stops the search
    SearchRun timed = run_search(fen, clock, 1, {}, options);
    EXPECT_EQ(timed.result.score, mate_in(43));
    ASSERT_FALSE(timed.infos.empty());
    const SearchInfo& last = timed.infos.back();
    EXPECT_EQ(last.score, mate_in(43));
    EXPECT_LT(last.nodes, 26000u) << "the search went on after the proof";
    for (const SearchInfo& info : timed.infos) {
        if (info.score != last.score) {
            EXPECT_LT(info.depth, last.depth) << "iteration " << info.depth << " was completed";
        }
    }
}

}  // namespace chuhe::test
