#include <gtest/gtest.h>

#include "search/see.h"

namespace chuhe::test {

TEST(See, DefendedPawnCostsTheRook) {
    Position pos;
    ASSERT_TRUE(pos.set("3kr4/9/9/4p4/9/4R4/9/9/9/5K3 w - - 0 1"));
    Move m = pos.parse_move("e4e6");
    // Rook takes pawn (+30), rook takes rook (-230): -200.
    EXPECT_FALSE(see_ge(pos, m, 0));
    EXPECT_TRUE(see_ge(pos, m, -200));
    EXPECT_FALSE(see_ge(pos, m, -199));
}

TEST(See, FreePawnIsWorthItsValue) {
    Position pos;
    ASSERT_TRUE(pos.set("3k5/9/9/4p4/9/4R4/9/9/9/5K3 w - - 0 1"));
    Move m = pos.parse_move("e4e6");
    EXPECT_TRUE(see_ge(pos, m, 30));
    EXPECT_FALSE(see_ge(pos, m, 31));
}

TEST(See, CannonLosesItsScreen) {
    // Red rook e4 takes the pawn on e6; the black cannon on e9 could recapture only over a
    // screen, and e7/e8 are empty: the pawn is free. With a screen on e8 it is defended.
    Position pos;
    ASSERT_TRUE(pos.set("3kc4/9/9/4p4/9/4R4/9/9/9/5K3 w - - 0 1"));
    EXPECT_TRUE(see_ge(pos, pos.parse_move("e4e6"), 30));
    ASSERT_TRUE(pos.set("3kc4/4a4/9/4p4/9/4R4/9/9/9/5K3 w - - 0 1"));
    EXPECT_FALSE(see_ge(pos, pos.parse_move("e4e6"), 0));
}

}  // namespace chuhe::test
