#include <gtest/gtest.h>

#include "search/timeman.h"

namespace chuhe::test {

namespace {

struct Plan {
    TimePoint opt, max;
    TimePoint optimum() const { return opt; }
    TimePoint maximum() const { return max; }
};

Plan plan(TimePoint time, TimePoint inc, int movestogo = 0, bool ponder = false) {
    SearchLimits limits;
    limits.time[RED] = time;
    limits.inc[RED] = inc;
    limits.time[BLACK] = 1000;
    limits.movestogo = movestogo;
    TimeManager tm;
    tm.init(limits, RED, 10, ponder);
    return {tm.optimum(), tm.maximum()};
}

}  // namespace

TEST(TimeManager, SpreadsTheClockOverThirtyMovesPlusTheIncrement) {
    Plan tm = plan(60000, 1000);
    EXPECT_EQ(tm.optimum(), 59800 / 30 + 990);  // 200 ms reserve, 10 ms overhead
    EXPECT_EQ(tm.maximum(), 5 * tm.optimum());
    EXPECT_EQ(plan(60000, 1000, 0, true).optimum(), 2983 + 2983 / 4);  // pondering
}

TEST(TimeManager, MovesToGo) {
    EXPECT_EQ(plan(60000, 0, 20).optimum(), 2990);
    // The last move before the time control may use most, never all, of the clock.
    Plan last = plan(10000, 0, 1);
    EXPECT_EQ(last.maximum(), 9990 * 3 / 4);
    EXPECT_EQ(last.optimum(), last.maximum());
}

TEST(TimeManager, BelowTheReserveSpendsHalfTheSpareIncrement) {
    Plan tm = plan(100, 50);
    EXPECT_EQ(tm.optimum(), 20);
    EXPECT_EQ(tm.maximum(), 40);
    Plan bare = plan(100, 10);  // the increment only pays the overhead
    EXPECT_EQ(bare.optimum(), 1);
    EXPECT_EQ(bare.maximum(), 1);
}

TEST(TimeManager, NeverPlansPastTheClockEvenWithAHugeIncrement) {
    Plan tm = plan(50, 1000);
    EXPECT_EQ(tm.maximum(), 30);
    EXPECT_EQ(tm.optimum(), 30);
}

TEST(TimeManager, NoClockNoPlan) {
    SearchLimits limits;
    limits.depth = 5;
    TimeManager tm;
    tm.init(limits, RED, 10, false);
    EXPECT_EQ(tm.optimum(), 0);
    EXPECT_EQ(tm.maximum(), 0);
}

}  // namespace chuhe::test
