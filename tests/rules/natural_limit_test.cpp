// The 60-move natural limit and its check discount.
#include <gtest/gtest.h>

#include "rules/natural_limit.h"

using namespace chuhe;

namespace {

const bool initialized = (Position::init(), true);

void play(Position& pos, const char* move) {
    std::string error;
    Move m = pos.parse_move(move, &error);
    ASSERT_NE(m, MOVE_NONE) << error;
    pos.do_move(m);
}

// Red's rook shuttles a0-a1, black's king d9-d8: quiet plies, four per round.
void quiet_rounds(Position& pos, int rounds) {
    for (int i = 0; i < rounds; ++i)
        for (const char* m : {"a0a1", "d9d8", "a1a0", "d8d9"}) play(pos, m);
}

TEST(NaturalLimit, HundredTwentyQuietPlies) {
    Position pos;
    ASSERT_TRUE(pos.set("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"));
    quiet_rounds(pos, 29);
    play(pos, "a0a1");
    play(pos, "d9d8");
    play(pos, "a1a0");  // 119 plies
    EXPECT_EQ(natural_limit_plies(pos), 119);
    EXPECT_FALSE(natural_limit_reached(pos));
    play(pos, "d8d9");
    EXPECT_EQ(natural_limit_plies(pos), 120);
    EXPECT_TRUE(natural_limit_reached(pos));
}

TEST(NaturalLimit, FenHalfMoveFieldCounts) {
    Position pos;
    ASSERT_TRUE(pos.set("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 118 70"));
    EXPECT_EQ(natural_limit_plies(pos), 118);
    play(pos, "a0a1");
    EXPECT_FALSE(natural_limit_reached(pos));
    play(pos, "d9d8");
    EXPECT_TRUE(natural_limit_reached(pos));
}

TEST(NaturalLimit, CaptureRestartsTheCount) {
    Position pos;
    ASSERT_TRUE(pos.set("3k5/9/9/9/9/9/9/9/p8/R3K4 w - - 100 60"));
    play(pos, "a0a1");  // takes the pawn
    EXPECT_EQ(natural_limit_plies(pos), 0);
    for (const char* m : {"d9d8", "a1a0", "d8d9"}) play(pos, m);
    EXPECT_EQ(natural_limit_plies(pos), 3);
}

// Red checks with the rook from a9 eleven times: the eleventh check does not count.
TEST(NaturalLimit, ChecksBeyondTenDoNotCount) {
    Position pos;
    ASSERT_TRUE(pos.set("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"));
    for (int i = 0; i < 11; ++i)
        for (const char* m : {"a0a9", "d9d8", "a9a0", "d8d9"}) play(pos, m);
    EXPECT_EQ(pos.rule60_count(), 44);
    EXPECT_EQ(natural_limit_plies(pos), 43);
    quiet_rounds(pos, 19);
    EXPECT_EQ(pos.rule60_count(), 120);
    EXPECT_FALSE(natural_limit_reached(pos));
    play(pos, "a0a1");
    EXPECT_TRUE(natural_limit_reached(pos));
}

// Checks by both sides are discounted separately: ten each still count in full.
TEST(NaturalLimit, TenChecksEachCountInFull) {
    Position pos;
    ASSERT_TRUE(pos.set("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"));
    for (int i = 0; i < 10; ++i)
        for (const char* m : {"a0a9", "d9d8", "a9a0", "d8d9"}) play(pos, m);
    EXPECT_EQ(natural_limit_plies(pos), 40);
}

}  // namespace
