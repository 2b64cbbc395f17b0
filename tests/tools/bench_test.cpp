#include <gtest/gtest.h>

#include <regex>

#include "eval/nnue/network.h"
#include "protocol/engine.h"
#include "protocol/engine_process.h"
#include "tools/bench.h"

namespace chuhe::test {

TEST(Bench, SubcommandPrintsNodesAndSpeed) {
    EngineProcess e({"bench", "5"});
    std::vector<std::string> lines = e.read_until("bench:");
    EXPECT_EQ(lines.size(), 21u);  // two lines per position, then the total
    EXPECT_TRUE(std::regex_match(lines.back(), std::regex("bench: \\d+ nodes \\d+ nps"))) << lines.back();
    // The same count as the in-process bench: the node count identifies the search.
    EXPECT_EQ(lines.back().substr(7, lines.back().find(" nodes") - 7), std::to_string(bench(5, false, DEFAULT_USE_NNUE ? nnue::embedded_network() : nullptr).nodes));
    EXPECT_EQ(e.wait_exit(), 0);
}

TEST(Bench, RejectsABadDepth) {
    EngineProcess e({"bench", "deep"});
    EXPECT_EQ(e.wait_exit(), 2);
}

}  // namespace chuhe::test
