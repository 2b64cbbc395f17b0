// Strength levels: what a level means for the search, and the choice among the candidates.
#include <gtest/gtest.h>

#include "strength/strength.h"

using namespace chuhe;
using namespace chuhe::strength;

TEST(Strength, EloMapsOntoLevels) {
    // The measured table (README "Strength levels"): ElephantEye's 2000 falls between level
    // 12 (interpolated, 1968) and level 13 (measured, 2042), and UCI_Elo takes the weaker
    // level that is at least as strong as asked.
    EXPECT_EQ(MIN_ELO, 732);
    EXPECT_EQ(MAX_ELO, 2643);
    EXPECT_EQ(elo_of_level(13), 2042);
    EXPECT_EQ(elo_of_level(12), 1968);
    EXPECT_EQ(elo_of_level(1), 732);  // levels 0 and 2 drew their match 20 - 20
    EXPECT_EQ(elo_of_level(19), 2553);
    EXPECT_EQ(elo_of_level(20), 2643);
    for (int level = 3; level <= MAX_LEVEL; ++level) EXPECT_GT(elo_of_level(level), elo_of_level(level - 1)) << level;
    EXPECT_EQ(level_for_elo(2000), 13);
    EXPECT_EQ(level_for_elo(1968), 12);
    EXPECT_EQ(level_for_elo(1969), 13);
    EXPECT_EQ(level_for_elo(MIN_ELO), 0);
    EXPECT_EQ(level_for_elo(100), 0);
    EXPECT_EQ(level_for_elo(2554), 20);
    EXPECT_EQ(level_for_elo(2553), 19);
    EXPECT_EQ(level_for_elo(MAX_ELO), 20);
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
    EXPECT_EQ(weakest.candidates, 2);
    EXPECT_EQ(weakest.otherShare, 50);
    EXPECT_EQ(weakest.maxLoss, 210);
    Params five = params(5, Randomness::None);
    EXPECT_EQ(five.depth, 6);
    EXPECT_EQ(five.nodes, 4000u);
    Params middle = params(10, Randomness::None);
    EXPECT_EQ(middle.depth, 0);
    EXPECT_EQ(middle.nodes, 16000u);
    EXPECT_EQ(middle.candidates, 2);
    EXPECT_EQ(middle.otherShare, 25);
    EXPECT_EQ(middle.maxLoss, 110);
    Params top = params(19, Randomness::None);
    EXPECT_EQ(top.depth, 0);
    EXPECT_EQ(top.nodes, 194012u);
    EXPECT_EQ(top.candidates, 2);
    EXPECT_EQ(top.otherShare, 2);
    EXPECT_EQ(top.maxLoss, 20);
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
    std::vector<Candidate> cands = {{a, 100}, {b, 90}, {c, -100}, {d, VALUE_MATED_IN_MAX_PLY - 5}};
    Params p = params(10, Randomness::None);  // 25% others, at most 110 below
    EXPECT_EQ(choose(cands, p, 25, 1), a);     // 25 % 100 >= 25: the best
    EXPECT_EQ(choose(cands, p, 24, 0), a);     // another may be chosen: the pool is {a, b}
    EXPECT_EQ(choose(cands, p, 24, 1), b);
    EXPECT_EQ(choose(cands, p, 24, 3), b);
    // Never the move 200 below the best, never the one walking into mate.
    Params weakest = params(0, Randomness::None);  // 210 below is allowed
    EXPECT_EQ(choose(cands, weakest, 0, 2), c);
    EXPECT_EQ(choose(cands, weakest, 0, 3), a);  // pool {a, b, c}: 3 % 3 = 0
    EXPECT_EQ(choose({}, p, 0, 0), MOVE_NONE);
    // A mate is played as found, not a slower one a few plies longer.
    std::vector<Candidate> mates = {{a, VALUE_MATE - 1}, {b, VALUE_MATE - 3}};
    EXPECT_EQ(choose(mates, params(20, Randomness::Huge), 0, 1), a);
    EXPECT_EQ(choose(cands, params(20, Randomness::None), 0, 1), a);
}
