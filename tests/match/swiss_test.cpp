// Swiss pairings (appendix 2 of the CXA 2011 competition rules): rounds for 6, 8 and 9 players
// worked out by hand from the rules, each comment saying which clause decides what. Players
// are written by their seed numbers (1-based), as the rules write them; "A-B" is A red.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "match/swiss.h"
#include "match/tiebreak.h"

using namespace chuhe::match;

namespace {

using Boards = std::vector<std::pair<int, int>>;  // 1-based numbers, black 0: the bye

// A game of round r: red, black (1-based) and the result.
CrossGame game(int round, int red, int black, const char* result) {
    return cross_game(round, red - 1, black - 1, result, "");
}

Boards pair(int players, int round, int rounds, const std::vector<CrossGame>& games) {
    std::vector<std::pair<int, int>> boards;
    std::string error;
    EXPECT_TRUE(pair_swiss_round(players, round, rounds, games, boards, &error)) << error;
    Boards out;
    for (auto [red, black] : boards) out.push_back({red + 1, black + 1});
    return out;
}

// Adds the games of a round with their results, in the order of its boards.
void play(std::vector<CrossGame>& games, int round, const Boards& boards, const std::vector<const char*>& results) {
    size_t i = 0;
    for (auto [red, black] : boards) {
        if (black == 0) games.push_back({round, red - 1, -1, 2});
        else games.push_back(game(round, red, black, results.at(i++)));
    }
}

}  // namespace

TEST(Swiss, FirstRoundPairsNearNumbers) {
    // 二.1: 1-2, 4-3, 5-6, 8-7: the smaller number has red on odd boards, the larger on even
    // ones; with an odd number the last has the bye (一.5: everybody is in the lowest group).
    EXPECT_EQ(pair(8, 1, 7, {}), (Boards{{1, 2}, {4, 3}, {5, 6}, {8, 7}}));
    EXPECT_EQ(pair(9, 1, 7, {}), (Boards{{1, 2}, {4, 3}, {5, 6}, {8, 7}, {9, 0}}));
    EXPECT_EQ(pair(6, 1, 5, {}), (Boards{{1, 2}, {4, 3}, {5, 6}}));
}

TEST(Swiss, SixPlayersFiveRounds) {
    std::vector<CrossGame> games;
    Boards r1 = pair(6, 1, 5, games);
    play(games, 1, r1, {"1-0", "0-1", "1/2-1/2"});
    // Scores 1:2 3:2 | 5:1 6:1 | 2:0 4:0. Round 2 is even: ties go to the larger number (二.2(4)).
    // 2-point group: 3 chooses first; he needs red (少先), 1 needs black: 3-1 (二.4(1)).
    // 1-point group: 6 and 5 have met (一.6), so both float down (二.5(2)); 6 chooses first in the
    // group below, 5 is the first of his other row but met, so 6-4 (錯位, 二.3(2)); 5 against 2,
    // who needs red: 2-5. Boards from the top score down.
    Boards r2 = pair(6, 2, 5, games);
    EXPECT_EQ(r2, (Boards{{3, 1}, {2, 5}, {6, 4}}));
    play(games, 2, r2, {"0-1", "1-0", "1/2-1/2"});
    // Scores 1:4 | 2:2 3:2 6:2 | 4:1 5:1; everybody has one red and one black.
    // 1 is alone and floats down (二.3(5)); he met 2 and 3, so 1-6, red to the higher score from
    // the third round from the end (二.4(9): 1 needs red). 2-3: both need black, all equal, the
    // sum 5 is odd: the smaller red (二.4(8)). 4-5: likewise, the sum 9 is odd: 4-5.
    Boards r3 = pair(6, 3, 5, games);
    EXPECT_EQ(r3, (Boards{{1, 6}, {2, 3}, {4, 5}}));
    play(games, 3, r3, {"1-0", "1/2-1/2", "0-1"});
    // Scores 1:6 | 2:3 3:3 5:3 | 6:2 | 4:1. 1 is alone again and floats into the 3-point group
    // (一.9 counts no float of one alone in his group). There 1 chooses first: 3 he has
    // met, so 5 (the other row's first): 5 has had black twice in a row, so 5-1 (一.11(3): no
    // third). 2 and 3 have met and the group cannot be paired fully: both float (二.5(2)). In the
    // 2-point group 2 (連先, 二.2(3)) takes 6, which leaves 3 to 4, whom he has met: split the pair
    // (拆對, 二.5(1)): 2 floats on, 3-6 (二.4(9): 3 needs red), and 2 meets 4: 4-2 (2 would have a
    // third red in a row).
    Boards r4 = pair(6, 4, 5, games);
    EXPECT_EQ(r4, (Boards{{5, 1}, {3, 6}, {4, 2}}));
    play(games, 4, r4, {"1/2-1/2", "1-0", "0-1"});
    // Scores 1:7 | 2:5 3:5 | 5:4 | 6:2 | 4:1. Each player has one opponent left, so the only
    // pairing without a rematch is 1-4, 3-5, 2-6 (1 and 4, alone in their groups, may float
    // whatever their counts). Colours: 4 and 6 would have a third of one colour (一.11(3)), so 1-4 and
    // 6-2; 3 needs black (上先) and has the higher score (二.4(9)): 5-3.
    Boards r5 = pair(6, 5, 5, games);
    EXPECT_EQ(r5, (Boards{{1, 4}, {5, 3}, {6, 2}}));
    play(games, 5, r5, {"1-0", "1-0", "1-0"});
    // 一.11(4): after the last (odd) round nobody has more than one red or black too many.
    std::map<int, int> diff;
    for (const CrossGame& g : games) ++diff[g.red], --diff[g.black];
    for (auto [player, d] : diff) EXPECT_LE(std::abs(d), 1) << "player " << player + 1;
}

// Three rounds of eight players paired elsewhere: 1, 3 and 5 won all three without meeting;
// 3 and 5 have floated down twice (rounds 2 and 3), 1 once (round 3). In round 2, 1 is red
// against 8 (oneIsRed) or black.
std::vector<CrossGame> eight_players(bool oneIsRed) {
    return {
        game(1, 1, 2, "1-0"), game(1, 4, 3, "0-1"), game(1, 5, 6, "1-0"), game(1, 8, 7, "1-0"),
        oneIsRed ? game(2, 1, 8, "1-0") : game(2, 8, 1, "0-1"), game(2, 3, 2, "1-0"), game(2, 4, 5, "0-1"),
        game(2, 7, 6, "1/2-1/2"), game(3, 6, 1, "0-1"), game(3, 7, 3, "0-1"), game(3, 5, 8, "1-0"),
        game(3, 2, 4, "1/2-1/2"),
    };
}

// Rounds 4 and 5 after eight_players(oneIsRed), round 4 played as paired with 1-0, 1-0, 0-1
// and a draw on its boards.
void expect_rounds_4_and_5(bool oneIsRed, const Boards& want4, const Boards& want5) {
    std::vector<CrossGame> games = eight_players(oneIsRed);
    Boards r4 = pair(8, 4, 7, games);
    EXPECT_EQ(r4, want4);
    play(games, 4, r4, {"1-0", "1-0", "0-1", "1/2-1/2"});
    EXPECT_EQ(pair(8, 5, 7, games), want5);
}

TEST(Swiss, EightPlayersFloatLimits) {
    // Round 4, scores 1:6 3:6 5:6 | 8:2 | 2:1 4:1 6:1 7:1. The 6-point group is odd, so one floats.
    // 1 has had two blacks running (連後) and chooses first (二.2(3)): 5 of the other row would leave
    // 3, and 3 himself would leave 5, both with two floats down already (一.9: at most two), so 1
    // floats (his second) and 3-5. 1 cannot play 8 (met), so both go down (二.5(2)). 1 chooses
    // first: 8 met, 7 (the first who needs black: 連先): 1-7, as 1 may not have a third black in a
    // row (一.11(3)). 8 takes 6 (the other row's first), which leaves 4 and 2 who have met: split
    // the pair (拆對, 二.5(1)), 8 takes 2: 2-8, and 6-4.
    // Round 5, scores 1:8 3:8 | 5:6 | 8:4 | 4:2 6:2 | 2:1 7:1. 5 has only 1, 2 and 7 left to meet,
    // and all three have floated twice (2 and 7 up, 1 down): no pairing keeps 一.9's limit, which
    // yields (no rematch, 一.6, never does). 3-1: all equal, the even sum gives red to the larger
    // (二.4(8)). 5 and 8, alone in their groups, float; 8-6 (6 needs black); 5 goes down to 2: 5-2
    // (2 would have a third red in a row), and 4-7 (4 would have a third black).
    expect_rounds_4_and_5(false, Boards{{3, 5}, {1, 7}, {2, 8}, {6, 4}}, Boards{{3, 1}, {5, 2}, {8, 6}, {4, 7}});
}

TEST(Swiss, EightPlayersHigherScoreHasHisColourNearTheEnd) {
    // Round 4, scores 1:6 3:6 5:6 | 8:2 | 2:1 4:1 6:1 7:1. The 6-point group is odd, so one floats:
    // 5 chooses first (round 4 is even: the larger number), 3 of the other row leaves 1, who has
    // floated once; a float for 1 (3 and 5 have two, 一.9) and 3-5 (3 needs red). 1 cannot play 8
    // (met), so both go down (二.5(2)); 1 chooses first: of the other row (8, 6, 2) he has met all,
    // so his own row by nearest number: 4 (二.3(3)); both need black, all else equal, the odd sum
    // gives red to the smaller (二.4(8)): 1-4. 8 (two blacks running) takes 6 as 7 he has met: 8-6
    // (一.11(3)); 2-7 (2 needs red).
    // Round 5, scores 1:8 3:8 | 5:6 | 6:3 | 2:2 7:2 8:2 | 4:1. 1-3, 3 red: 1 would have three reds
    // more (一.11(3)). 5 is alone in his group: he floats though he has floated down twice (一.9 does
    // not count a float of one alone); he has met 6, so both go down. 5 chooses first: 2 (first of
    // the other row) leaves 6, 7 and 8 who have all met; 8 he has met, 6 too, so 7 (same row,
    // nearest); both need red, all else equal: from the third round from the end the higher score
    // has his colour (二.4(9)), 5-7, where 二.4(8) alone would give 7-5. 6-2 (6 needs red). 8 floats
    // to 4 (alone in his group, so his two up-floats do not stop him): 4-8, as 4 would have a third
    // black in a row.
    expect_rounds_4_and_5(true, Boards{{3, 5}, {1, 4}, {8, 6}, {2, 7}}, Boards{{3, 1}, {5, 7}, {6, 2}, {4, 8}});
}

TEST(Swiss, NinePlayersByeGoesToTheLowestGroupAndCountsAsAWin) {
    std::vector<CrossGame> games;
    Boards r1 = pair(9, 1, 7, games);
    play(games, 1, r1, {"1-0", "1/2-1/2", "0-1", "1-0"});
    // Scores 1:2 6:2 8:2 9:2 (the bye, a win: 一.5) | 3:1 4:1 | 2:0 5:0 7:0. The bye goes to the
    // lowest group (一.5): its largest number, 7. 9 has played no game and stands in the 要先 row.
    // 2-point group (round 2: larger number first): 8 takes 6 (who needs red): 6-8; 1 takes 9:
    // 9-1. 1-point group: 4 and 3 have met, both float; 4 chooses first: 3 met, 2: 2-4; 3-5.
    Boards r2 = pair(9, 2, 7, games);
    EXPECT_EQ(r2, (Boards{{9, 1}, {6, 8}, {2, 4}, {3, 5}, {7, 0}}));
    play(games, 2, r2, {"1-0", "1-0", "1-0", "1-0"});
    // The bye counted as a win: 9 leads with 4 points after it (and his win over 1).
    std::vector<Standing> s = rank_players(9, games, TieBreaks::SWISS_OPPONENTS);
    EXPECT_EQ(s[0].player, 8);
    EXPECT_EQ(s[0].points, 4);
    EXPECT_EQ(s[0].wins, 2);
}

TEST(Swiss, WholeTournamentsKeepThePrinciples) {
    // Random results, as many rounds as there are opponents (a round robin in the end, which the
    // look-ahead makes possible): every round pairs, nobody meets anybody twice (一.6), nobody
    // has two byes and the bye goes to the lowest score there is among those without one (一.5),
    // and colours stay balanced.
    for (int players : {6, 8, 9, 10, 12}) {
        std::mt19937 rng(static_cast<uint32_t>(players));
        const int rounds = players - 1 + players % 2;
        std::vector<CrossGame> games;
        for (int round = 1; round <= rounds; ++round) {
            std::vector<std::pair<int, int>> boards;
            std::string error;
            ASSERT_TRUE(pair_swiss_round(players, round, rounds, games, boards, &error)) << players << ": " << error;
            std::vector<int> points(static_cast<size_t>(players), 0);
            std::set<int> hadBye;
            for (const CrossGame& g : games) {
                if (g.black < 0) {
                    points[size_t(g.red)] += 2;
                    hadBye.insert(g.red);
                    continue;
                }
                points[size_t(g.red)] += g.redPoints;
                points[size_t(g.black)] += 2 - g.redPoints;
            }
            std::set<int> seen;
            for (auto [red, black] : boards) {
                EXPECT_TRUE(seen.insert(red).second);
                if (black < 0) {
                    EXPECT_FALSE(hadBye.count(red)) << players << " players, round " << round;
                    for (int p = 0; p < players; ++p) {
                        if (hadBye.count(p)) continue;
                        EXPECT_LE(points[size_t(red)], points[size_t(p)]);
                    }
                    games.push_back({round, red, -1, 2});
                    continue;
                }
                EXPECT_TRUE(seen.insert(black).second);
                for (const CrossGame& g : games)
                    EXPECT_FALSE((g.red == red && g.black == black) || (g.red == black && g.black == red))
                        << players << " players, round " << round << ": " << red + 1 << "-" << black + 1 << " again";
                const char* results[] = {"1-0", "0-1", "1/2-1/2"};
                games.push_back(cross_game(round, red, black, results[rng() % 3], ""));
            }
            EXPECT_EQ(int(seen.size()), players);
            // Colours: within two through the first five rounds; a round robin's last rounds,
            // with few opponents left, may have to allow three ("儘可能" avoided, 一.11(3)).
            std::map<int, int> diff;
            for (const CrossGame& g : games)
                if (g.black >= 0) ++diff[g.red], --diff[g.black];
            for (auto [player, d] : diff)
                EXPECT_LE(std::abs(d), round <= 5 ? 2 : 3) << players << " players, round " << round << ", player " << player + 1;
        }
    }
}

TEST(Swiss, ReportsWhenNoPairingAvoidsARematch) {
    // Three players, two rounds played: everyone has met everyone (with the bye once each) but
    // a fourth round would need a rematch for two of them.
    std::vector<CrossGame> games = {game(1, 1, 2, "1-0"), {1, 2, -1, 2}, game(2, 3, 1, "1-0"), {2, 1, -1, 2},
                                    game(3, 2, 3, "1-0"), {3, 0, -1, 2}};
    std::vector<std::pair<int, int>> boards;
    std::string error;
    EXPECT_FALSE(pair_swiss_round(3, 4, 4, games, boards, &error));
    EXPECT_NE(error.find("no pairing of round 4"), std::string::npos) << error;
}
