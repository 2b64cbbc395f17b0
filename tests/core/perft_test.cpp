// Perft counts of every shared position at every depth whose count stays under a node budget
// (CHUHE_PERFT_MAX_NODES, default 10 million; the sanitizer build lowers it). Deeper counts
// run in the perft-deep label (tests/deep).
#include <gtest/gtest.h>

#include <cstdlib>

#include "core/position.h"
#include "support/data.h"
#include "tools/perft.h"

using namespace chuhe;

namespace {

uint64_t node_budget() {
    const char* env = std::getenv("CHUHE_PERFT_MAX_NODES");
    return env ? std::strtoull(env, nullptr, 10) : 10'000'000;
}

}  // namespace

TEST(Perft, StartPosition) {
    Position pos;
    const uint64_t expected[] = {1, 44, 1920, 79666, 3290240};
    for (int d = 0; d <= 4; ++d) EXPECT_EQ(perft(pos, d), expected[d]) << "depth " << d;
}

TEST(Perft, SharedPositionsWithinBudget) {
    uint64_t budget = node_budget();
    int checked = 0;
    for (const test::PerftCase& c : test::all_perft_cases()) {
        Position pos;
        std::string error;
        ASSERT_TRUE(pos.set(c.fen, &error)) << c.origin << ": " << error;
        for (size_t d = 1; d <= c.counts.size(); ++d) {
            if (!c.counts[d - 1] || c.counts[d - 1] > budget) continue;
            EXPECT_EQ(perft(pos, int(d)), c.counts[d - 1]) << c.origin << " depth " << d << " " << c.fen;
            ++checked;
        }
    }
    // 49 + 150 + 2 positions with four or more depths each fall under any sensible budget.
    EXPECT_GE(checked, 3 * 201);
}
