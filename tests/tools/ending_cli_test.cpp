// `chuhe ending` from the command line: material the board cannot hold is refused, and the
// table's size is said before the work starts.
#include <gtest/gtest.h>

#include "support/command.h"
#include "support/sanitizers.h"
#include "tools/ending.h"

namespace chuhe::test {

namespace {

// Bounded: the material below ran for hours without a word before it was refused. The memory
// limit is left out in sanitizer builds, whose shadow memory alone exceeds it.
CommandResult ending(const std::string& args) {
    std::string limit = SANITIZED ? "" : "ulimit -v 4000000; ";
    return run_command(limit + "timeout 60 " + std::string(CHUHE_BINARY) + " ending " + args + " 2>&1");
}

}  // namespace

TEST(EndingCommand, RefusesMaterialTheBoardCannotHold) {
    CommandResult r = ending("KRRRRR k");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.out, "chuhe ending: red material 'KRRRRR' has 5 rooks: a side has at most 2\n");
    r = ending("KPPPPPP k");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.out, "chuhe ending: red material 'KPPPPPP' has 6 pawns: a side has at most 5\n");
    r = ending("KR kppppoo");
    EXPECT_EQ(r.out, "chuhe ending: black material 'kppppoo' has 6 pawns: a side has at most 5\n");
    r = ending("KR kaaa");
    EXPECT_EQ(r.out, "chuhe ending: black material 'kaaa' has 3 advisors: a side has at most 2\n");
}

TEST(EndingCommand, SaysTheTableSizeFirst) {
    // K and R: 9 x 90 placements; k: 9 squares, and its only part is itself; two sides to move.
    std::string error;
    EXPECT_EQ(ending_table_size("KR", "k", &error), 2.0 * 9 * 90 * 9);
    EXPECT_EQ(ending_table_size("KRR", "ka", &error), 2.0 * 9 * (90 * 89 / 2) * (9 + 9 * 5));
    CommandResult r = ending("KR k");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(r.out.rfind("chuhe ending: at most 14580 positions (every part of black's material, either side to move)\n",
                          0),
              0u)
        << r.out;
}

}  // namespace chuhe::test
