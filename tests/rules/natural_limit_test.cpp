#include <gtest/gtest.h>

#include "core/position.h"
#include "rules/natural_limit.h"

using namespace chuhe;

namespace {

void play(Position& pos, std::initializer_list<const char*> moves) {
    for (const char* m : moves) {
        Move move = pos.parse_move(m);
        ASSERT_NE(move, MOVE_NONE) << m;
        pos.do_move(move);
    }
}

}  // namespace

TEST(NaturalLimit, SixtyMovesWithoutCaptureDraw) {
    Position pos;
    ASSERT_TRUE(pos.set("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 118 60"));
    EXPECT_FALSE(natural_limit_reached(pos));
    play(pos, {"d0d1"});
    EXPECT_EQ(natural_limit_plies(pos), 119);
    EXPECT_FALSE(natural_limit_reached(pos));
    play(pos, {"e9f9"});
    EXPECT_TRUE(natural_limit_reached(pos));
}

TEST(NaturalLimit, ChecksBeyondTheFirstTenDoNotCount) {
    Position pos;
    ASSERT_TRUE(pos.set("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 98 60"));
    // Eleven checks by red (Ra8-a9+, Ke9-e8, Ra9-a8+, Ke8-e9, ...): 22 plies, of which one
    // check does not count.
    for (int i = 0; i < 11; ++i) {
        if (i % 2 == 0) play(pos, {"a8a9", "e9e8"});
        else play(pos, {"a9a8", "e8e9"});
    }
    EXPECT_EQ(pos.rule60_count(), 120);
    EXPECT_EQ(natural_limit_plies(pos), 119);
    EXPECT_FALSE(natural_limit_reached(pos));
    play(pos, {"d0d1"});  // a quiet move counts
    EXPECT_EQ(natural_limit_plies(pos), 120);
    EXPECT_TRUE(natural_limit_reached(pos));
}

TEST(NaturalLimit, ACaptureStartsTheCountAgain) {
    Position pos;
    ASSERT_TRUE(pos.set("4k4/R8/9/9/9/9/9/9/r8/3K5 w - - 119 60"));
    play(pos, {"a8a1"});
    EXPECT_EQ(pos.rule60_count(), 0);
    EXPECT_FALSE(natural_limit_reached(pos));
}
