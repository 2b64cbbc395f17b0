// Lazy SMP: several threads share the table. Also run under ThreadSanitizer in CI
// (-DCHUHE_SANITIZE=thread), where any data race fails the test.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "core/movegen.h"
#include "search/search_helpers.h"

namespace chuhe::test {

TEST(Smp, FourThreadsGiveALegalMoveAndPV) {
    SearchRun r = run_search(Position::START_FEN, depth_limit(8), 4);
    ASSERT_FALSE(r.infos.empty());
    Position pos;
    pos.set(Position::START_FEN);
    for (Move m : r.infos.back().pv) {
        ASSERT_TRUE(MoveList::of<LEGAL>(pos).contains(m)) << Position::move_to_string(m);
        pos.do_move(m);
    }
    EXPECT_EQ(r.result.best, r.infos.back().pv[0]);
    EXPECT_EQ(r.result.depth, 8);
}

TEST(Smp, ThreadsAgreeOnAMate) {
    SearchRun r = run_search("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", depth_limit(6), 3);
    EXPECT_EQ(Position::move_to_string(r.result.best), "e1d1");
    EXPECT_EQ(r.result.score, mate_in(1));
}

TEST(Smp, NodeLimitCountsAllThreads) {
    SearchLimits limits;
    limits.nodes = 20000;
    SearchRun r = run_search(Position::START_FEN, limits, 2);
    EXPECT_GE(r.nodes, 20000u);
    EXPECT_NE(r.result.best, MOVE_NONE);
}

TEST(Smp, StartAndStopRepeatedly) {
    TranspositionTable tt;
    ThreadPool pool(tt);
    pool.set_size(3);
    Position pos;
    pos.set(Position::START_FEN);
    for (int i = 0; i < 10; ++i) {
        std::atomic<int> infos{0}, bestmoves{0};
        std::atomic<Move> best{MOVE_NONE};
        SearchLimits limits;
        limits.infinite = true;
        pool.start(pos, limits, SearchOptions{},
                   {[&](const SearchInfo&) { ++infos; },
                    [&](const SearchResult& r) {
                        best = r.best;
                        ++bestmoves;
                    }});
        // Every other time stop at once, otherwise once some depth was reported.
        if (i % 2)
            while (infos < 3) std::this_thread::yield();
        pool.stop();
        pool.wait();
        EXPECT_EQ(bestmoves, 1);
        EXPECT_TRUE(MoveList::of<LEGAL>(pos).contains(best.load()));
        if (i == 5) pool.clear();
    }
}

}  // namespace chuhe::test
