// Strength levels: what a level means for the search, and the choice among the candidates.
#include <gtest/gtest.h>

#include "strength/strength.h"

using namespace chuhe;
using namespace chuhe::strength;

TEST(Strength, EloMapsOntoLevels) {
    EXPECT_EQ(level_for_elo(800), 0);
    EXPECT_EQ(level_for_elo(1800), 10);
    EXPECT_EQ(level_for_elo(2799), 19);
    EXPECT_EQ(level_for_elo(2800), 20);
    EXPECT_EQ(level_for_elo(100), 0);
    EXPECT_EQ(level_for_elo(4000), 20);
}

TEST(Strength, LevelsLimitTheSearch) {
    Params full = params(20, Randomness::None);
    EXPECT_EQ(full.depth, 0);
    EXPECT_EQ(full.nodes, 0u);
    EXPECT_EQ(full.candidates, 1);
    EXPECT_EQ(full.otherShare, 0);
    EXPECT_TRUE(full_strength(20, Randomness::None));
    EXPECT_FALSE(full_strength(20, Randomness::Tiny));
    EXPECT_FALSE(full_strength(19, Randomness::None));
    Params weakest = params(0, Randomness::None);
    EXPECT_EQ(weakest.depth, 1);
    EXPECT_EQ(weakest.nodes, 1000u);
    EXPECT_EQ(weakest.candidates, 4);
    EXPECT_EQ(weakest.otherShare, 60);
    EXPECT_EQ(weakest.maxLoss, 320);
    Params top = params(19, Randomness::None);
    EXPECT_EQ(top.depth, 10);
    EXPECT_EQ(top.nodes, 512000u);
    EXPECT_EQ(top.otherShare, 3);
    EXPECT_EQ(top.maxLoss, 35);
    Params random = params(20, Randomness::Medium);
    EXPECT_EQ(random.depth, 0);
    EXPECT_EQ(random.candidates, 4);
    EXPECT_EQ(random.otherShare, 100);
    EXPECT_EQ(random.maxLoss, 20);
    Randomness r;
    EXPECT_TRUE(parse_randomness("huge", &r));
    EXPECT_EQ(r, Randomness::Huge);
    EXPECT_FALSE(parse_randomness("enormous", &r));
}

TEST(Strength, ChoosesOnlyCandidatesWithinTheLoss) {
    const Move a = make_move(7 + 2 * 9, 4 + 2 * 9), b = make_move(1 + 2 * 9, 4 + 2 * 9),
               c = make_move(2 + 3 * 9, 2 + 4 * 9), d = make_move(6 + 3 * 9, 6 + 4 * 9);
    std::vector<Candidate> cands = {{a, 100}, {b, 90}, {c, -200}, {d, VALUE_MATED_IN_MAX_PLY - 5}};
    Params p = params(10, Randomness::None);  // 30% others, at most 170 below
    EXPECT_EQ(choose(cands, p, 30, 1), a);     // 30 % 100 >= 30: the best
    EXPECT_EQ(choose(cands, p, 29, 0), a);     // another may be chosen: the pool is {a, b}
    EXPECT_EQ(choose(cands, p, 29, 1), b);
    EXPECT_EQ(choose(cands, p, 29, 3), b);
    // Never the move 300 below the best, never the one walking into mate.
    Params weakest = params(0, Randomness::None);  // 320 below is allowed
    EXPECT_EQ(choose(cands, weakest, 0, 2), c);
    EXPECT_EQ(choose(cands, weakest, 0, 3), a);  // pool {a, b, c}: 3 % 3 = 0
    EXPECT_EQ(choose({}, p, 0, 0), MOVE_NONE);
    // A mate is played as found, not a slower one a few plies longer.
    std::vector<Candidate> mates = {{a, VALUE_MATE - 1}, {b, VALUE_MATE - 3}};
    EXPECT_EQ(choose(mates, params(20, Randomness::Huge), 0, 1), a);
    EXPECT_EQ(choose(cands, params(20, Randomness::None), 0, 1), a);
}
