// Search results that must hold exactly: mates, no-move losses, draws by rule.
#include <gtest/gtest.h>

#include <memory>

#include "core/movegen.h"
#include "search/repetition.h"
#include "search/search_helpers.h"
#include "tools/bench.h"

namespace chuhe::test {

TEST(Search, MateInOne) {
    SearchRun r = run_search("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", depth_limit(4));
    EXPECT_EQ(Position::move_to_string(r.result.best), "e1d1");
    EXPECT_EQ(r.result.score, mate_in(1));
}

TEST(Search, NoLegalMoveLoses) {
    SearchRun r = run_search("4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1", depth_limit(3));
    EXPECT_EQ(r.result.best, MOVE_NONE);
    EXPECT_EQ(r.result.score, mated_in(0));
}

TEST(Search, SixtyMoveRuleDraws) {
    // A rook up, but the 120th ply without capture is about to be played and no mate
    // comes at once: every line is a draw.
    SearchRun drawn = run_search("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 119 61", depth_limit(5));
    EXPECT_EQ(drawn.result.score, VALUE_DRAW);
    SearchRun fresh = run_search("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 60", depth_limit(5));
    EXPECT_GT(fresh.result.score, 200);
}

TEST(Search, RepetitionFoundInHistory) {
    Position pos;
    pos.set(Position::START_FEN);
    for (const char* m : {"h2e2", "h7e7", "e2h2", "e7h7"}) {
        EXPECT_EQ(find_repetition(pos), -1);
        pos.do_move(pos.parse_move(m));
    }
    EXPECT_EQ(find_repetition(pos), 0) << "the start position, history index 0, came back";
    auto judge = std::make_unique<RepetitionJudge>();
    EXPECT_EQ(judge->judge(pos, 0, 3, RuleSet::ASIAN), VALUE_DRAW) << "quiet cannon moves: a draw";
    pos.do_move(pos.parse_move("b0c2"));
    EXPECT_EQ(find_repetition(pos), -1);
}

TEST(Search, RepetitionOfAGamePositionScoresAsDraw) {
    // After h2e2 h7e7 e2h2, black's e7h7 brings back the start position.
    SearchLimits limits = depth_limit(4);
    Position pos;
    pos.set(Position::START_FEN);
    limits.searchmoves = {make_move(make_square(4, 7), make_square(7, 7))};
    SearchRun r = run_search(Position::START_FEN, limits, 1, {"h2e2", "h7e7", "e2h2"});
    EXPECT_EQ(Position::move_to_string(r.result.best), "e7h7");
    EXPECT_EQ(r.result.score, VALUE_DRAW);
}

TEST(Search, SearchmovesAndBanmovesRestrictTheRoot) {
    Position pos;
    pos.set("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
    Move mate = pos.parse_move("e1d1");
    SearchLimits limits = depth_limit(3);
    limits.banmoves = {mate};
    EXPECT_NE(run_search(pos.fen(), limits).result.best, mate);
    limits = depth_limit(3);
    limits.searchmoves = {pos.parse_move("e0f0")};
    EXPECT_EQ(Position::move_to_string(run_search(pos.fen(), limits).result.best), "e0f0");
}

TEST(Search, ReportsEveryDepthAndALegalPV) {
    SearchRun r = run_search(Position::START_FEN, depth_limit(6));
    ASSERT_EQ(r.infos.size(), 6u);
    for (size_t i = 0; i < r.infos.size(); ++i) EXPECT_EQ(r.infos[i].depth, int(i) + 1);
    Position pos;
    pos.set(Position::START_FEN);
    for (Move m : r.infos.back().pv) {
        ASSERT_TRUE(MoveList::of<LEGAL>(pos).contains(m)) << Position::move_to_string(m);
        pos.do_move(m);
    }
    EXPECT_EQ(r.infos.back().pv[0], r.result.best);
}

TEST(Search, NodeLimitIsExact) {
    SearchLimits limits;
    limits.nodes = 5000;
    SearchRun r = run_search(Position::START_FEN, limits);
    EXPECT_EQ(r.nodes, 5000u);
    EXPECT_NE(r.result.best, MOVE_NONE);
}

TEST(Search, BenchIsDeterministic) {
    BenchResult a = bench(6, false), b = bench(6, false);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_GT(a.nodes, 1000u);
}

}  // namespace chuhe::test
