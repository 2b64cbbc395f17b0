// `chuhe perft` from the command line.
#include <gtest/gtest.h>

#include "support/command.h"

namespace chuhe::test {

// Fault 11: the usage says 1-99; depth 0 used to print the 44 root moves.
TEST(PerftCommand, RefusesDepthZero) {
    for (const char* depth : {"0", "00"}) {
        CommandResult r = run_command(std::string(CHUHE_BINARY) + " perft " + depth + " 2>&1");
        EXPECT_EQ(r.status, 2) << depth;
        EXPECT_NE(r.out.find("usage: chuhe perft DEPTH"), std::string::npos) << r.out;
    }
    CommandResult ok = run_command(std::string(CHUHE_BINARY) + " perft 1");
    EXPECT_EQ(ok.status, 0);
    EXPECT_NE(ok.out.find("nodes 44 "), std::string::npos) << ok.out;
}

TEST(PerftCommand, TakesStartposAndAFenInWords) {
    CommandResult r = run_command(std::string(CHUHE_BINARY) + " perft 2 startpos 2>&1");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("nodes 1920 "), std::string::npos) << r.out;
    r = run_command(std::string(CHUHE_BINARY) +
                    " perft 2 rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 2>&1");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("nodes 1920 "), std::string::npos) << r.out;
}

}  // namespace chuhe::test
