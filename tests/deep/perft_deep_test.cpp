// Deep perft counts (minutes of CPU): `ctest -C deep -L perft-deep`. CHUHE_PERFT_MAX_NODES
// (default 10 billion) bounds the largest count tried.
#include <gtest/gtest.h>

#include <cstdlib>

#include "core/position.h"
#include "support/data.h"
#include "tools/perft.h"

using namespace chuhe;

TEST(PerftDeep, SharedPositions) {
    const char* env = std::getenv("CHUHE_PERFT_MAX_NODES");
    uint64_t budget = env ? std::strtoull(env, nullptr, 10) : 10'000'000'000ULL;
    for (const test::PerftCase& c : test::all_perft_cases()) {
        Position pos;
        ASSERT_TRUE(pos.set(c.fen)) << c.origin;
        for (size_t d = 1; d <= c.counts.size(); ++d)
            if (c.counts[d - 1] > 10'000'000 && c.counts[d - 1] <= budget)
                EXPECT_EQ(perft(pos, int(d)), c.counts[d - 1]) << c.origin << " depth " << d;
    }
}
