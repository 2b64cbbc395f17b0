#include <gtest/gtest.h>

#include "search/tt.h"

namespace chuhe::test {

TEST(TranspositionTable, StoreThenProbe) {
    TranspositionTable tt;
    uint64_t key = 0x123456789ABCDEF0ULL;
    Move m = make_move(10, 19);
    tt.store(key, -345, BOUND_LOWER, 7, m, 12);
    TTData d;
    ASSERT_TRUE(tt.probe(key, &d));
    EXPECT_EQ(d.move, m);
    EXPECT_EQ(d.value, -345);
    EXPECT_EQ(d.eval, 12);
    EXPECT_EQ(d.depth, 7);
    EXPECT_EQ(d.bound, BOUND_LOWER);
    // A key differing only in its low bits lands in the same bucket: it must still miss.
    EXPECT_FALSE(tt.probe(key ^ 1, &d));
}

TEST(TranspositionTable, QuiescenceDepthsAndMateValuesFit) {
    TranspositionTable tt;
    tt.store(42, mate_in(17), BOUND_EXACT, -1, MOVE_NONE, VALUE_NONE);
    TTData d;
    ASSERT_TRUE(tt.probe(42, &d));
    EXPECT_EQ(d.depth, -1);
    EXPECT_EQ(d.value, mate_in(17));
    EXPECT_EQ(d.eval, VALUE_NONE);
}

TEST(TranspositionTable, KeepsTheMoveWhenANewResultHasNone) {
    TranspositionTable tt;
    Move m = make_move(1, 2);
    tt.store(99, 10, BOUND_LOWER, 5, m, 0);
    tt.store(99, 20, BOUND_UPPER, 6, MOVE_NONE, 0);
    TTData d;
    ASSERT_TRUE(tt.probe(99, &d));
    EXPECT_EQ(d.move, m);
    EXPECT_EQ(d.value, 20);
    EXPECT_EQ(d.depth, 6);
}

TEST(TranspositionTable, ClearAndHashfull) {
    TranspositionTable tt;
    tt.resize(1);
    EXPECT_EQ(tt.hashfull(), 0);
    // Fill every slot of the sampled buckets (keys spread evenly over the index range).
    for (uint64_t i = 0; i < 100000; ++i) tt.store(i * 0x9E3779B97F4A7C15ULL + 1, 0, BOUND_EXACT, 3, MOVE_NONE, 0);
    EXPECT_GT(tt.hashfull(), 900);
    tt.new_search();
    EXPECT_EQ(tt.hashfull(), 0);  // entries of older searches do not count
    tt.clear();
    TTData d;
    EXPECT_FALSE(tt.probe(1, &d));
}

TEST(TranspositionTable, MateScoresAreStoredFromTheNode) {
    // Mate in 5 plies from the root, found at ply 3: 2 plies from that node.
    EXPECT_EQ(value_to_tt(mate_in(5), 3), mate_in(2));
    EXPECT_EQ(value_from_tt(mate_in(2), 3), mate_in(5));
    EXPECT_EQ(value_to_tt(mated_in(8), 2), mated_in(6));
    EXPECT_EQ(value_from_tt(123, 7), 123);
}

}  // namespace chuhe::test
