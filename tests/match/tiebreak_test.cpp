// Standings by article 14 of the CXA 2011 competition rules on hand-made crosstables; the
// comments work each ranking out by hand.
#include <gtest/gtest.h>

#include "match/tiebreak.h"

using namespace chuhe::match;

namespace {

std::vector<int> order(const std::vector<Standing>& standings) {
    std::vector<int> players;
    for (const Standing& s : standings) players.push_back(s.player);
    return players;
}

CrossGame game(int round, int red, int black, int redPoints, bool redFoul = false, bool blackFoul = false) {
    return {round, red, black, redPoints, redFoul, blackFoul};
}

}  // namespace

TEST(TieBreaks, RoundRobinBySmallPoints) {
    // 14.1, four players (0-3), a win 2, a draw 1:
    //   round 1: 0-3 draw, 1-2 1 wins; round 2: 3-2 2 wins, 0-1 1 wins; round 3: 1-3 3 wins, 2-0 0 wins.
    // Points: 1 has 4; 0 and 3 have 3; 2 has 2. 小分: 0 beat 2 (2) and drew 3 (3/2) = 3.5;
    // 3 beat 1 (4) and drew 0 (3/2) = 5.5, so 3 is ahead of 0.
    std::vector<CrossGame> games = {game(1, 0, 3, 1), game(1, 1, 2, 2), game(2, 3, 2, 0),
                                    game(2, 0, 1, 0), game(3, 1, 3, 0), game(3, 2, 0, 0)};
    std::vector<Standing> s = rank_players(4, games, TieBreaks::ROUND_ROBIN);
    EXPECT_EQ(order(s), (std::vector<int>{1, 3, 0, 2}));
    EXPECT_EQ(s[1].points, 3);
    EXPECT_EQ(s[1].tieBreak, 5.5);
    EXPECT_EQ(s[2].tieBreak, 3.5);
    EXPECT_EQ(s[0].wins, 2);
}

TEST(TieBreaks, RoundRobinByFoulsThenGamesAsBlack) {
    // 14.1: 0 beats 1 (1 loses by the repetition rules: a foul), 2 beats 3, 2 beats 0 (0 black),
    // 1 beats 3, 1 beats 2, 0 beats 3 (0 black). 0, 1 and 2 have 4 points each; 小分 4 each (a
    // beaten player with 4 and 3 with 0); 2 wins each; among themselves a cycle, 2 points each.
    // Fouls: 1 has one, so it is third. Games as black: 0 has two, 2 one, so 0 is first.
    std::vector<CrossGame> games = {game(1, 0, 1, 2, false, true), game(1, 2, 3, 2), game(2, 2, 0, 2),
                                    game(2, 1, 3, 2),              game(3, 1, 2, 2), game(3, 3, 0, 0)};
    std::vector<Standing> s = rank_players(4, games, TieBreaks::ROUND_ROBIN);
    EXPECT_EQ(order(s), (std::vector<int>{0, 2, 1, 3}));
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(s[size_t(i)].points, 4);
        EXPECT_EQ(s[size_t(i)].tieBreak, 4);
        EXPECT_EQ(s[size_t(i)].wins, 2);
        EXPECT_FALSE(s[size_t(i)].shared);
    }
    EXPECT_EQ(s[2].fouls, 1);
    EXPECT_EQ(s[0].blackGames, 2);
    EXPECT_EQ(s[1].blackGames, 1);
}

TEST(TieBreaks, RoundRobinByDirectEncounterAndBlackInTheirGame) {
    // 直勝: round 1: 0-1 0 wins, 2-3 draw; round 2: 2-0 2 wins, 1-3 1 wins; round 3: 0-3 draw,
    // 1-2 draw. Points: 2: 4; 0 and 1: 3; 3: 2. 小分: 0: 1's 3 + half of 3's 2 = 4; 1: 3's 2 +
    // half of 2's 4 = 4. One win each. 0 beat 1, so 0 is second.
    std::vector<CrossGame> games = {game(1, 0, 1, 2), game(1, 2, 3, 1), game(2, 2, 0, 2),
                                    game(2, 1, 3, 2), game(3, 0, 3, 1), game(3, 1, 2, 1)};
    std::vector<Standing> s = rank_players(4, games, TieBreaks::ROUND_ROBIN);
    EXPECT_EQ(order(s), (std::vector<int>{2, 0, 1, 3}));
    EXPECT_EQ(s[1].tieBreak, 4);
    EXPECT_EQ(s[2].tieBreak, 4);
    EXPECT_EQ(s[1].wins, s[2].wins);

    // 對局時後走: the crosstable of RoundRobinByFoulsThenGamesAsBlack without the foul. 0, 1 and
    // 2 tie on points, 小分, wins and among themselves; games as black 0: 2, 1: 1, 2: 1, so 0
    // leads; 1 and 2 are equal on everything but their game, 1-2, where 2 had black: 2 is second.
    games = {game(1, 0, 1, 2), game(1, 2, 3, 2), game(2, 2, 0, 2),
             game(2, 1, 3, 2), game(3, 1, 2, 2), game(3, 3, 0, 0)};
    s = rank_players(4, games, TieBreaks::ROUND_ROBIN);
    EXPECT_EQ(order(s), (std::vector<int>{0, 2, 1, 3}));

    // Nothing breaks the tie of two players who never met with identical results: shared.
    games = {game(1, 0, 2, 1), game(1, 1, 3, 1)};
    s = rank_players(4, games, TieBreaks::ROUND_ROBIN);
    EXPECT_EQ(order(s), (std::vector<int>{2, 3, 0, 1}));
    EXPECT_FALSE(s[0].shared);
    EXPECT_TRUE(s[1].shared);
    EXPECT_FALSE(s[2].shared);
    EXPECT_TRUE(s[3].shared);
}

TEST(TieBreaks, SwissByOpponentsPointsWithByes) {
    // 14.3.1 with the bye of 14.4, five players, three rounds:
    //   round 1: 0-1 0 wins, 2-3 draw, 4 bye; round 2: 4-0 0 wins, 1-2 1 wins, 3 bye;
    //   round 3: 3-0 draw, 2-4 4 wins, 1 bye.
    // Points: 0: 5; 1, 3, 4: 4; 2: 1. A bye's 對手分 is the lowest score with points, 1.
    // 對手分: 1: 5 + 1 + 1 = 7; 3: 1 + 1 + 5 = 7; 4: 1 + 5 + 1 = 7. Wins (a bye is one): 1 and 4
    // two, 3 one, so 3 is last of them. 1 and 4: no fouls, one game as black each, the score
    // after round 2 is 2 each, after round 1 it is 0 for 1 and 2 for 4: 4 ranks ahead.
    std::vector<CrossGame> games = {game(1, 0, 1, 2), game(1, 2, 3, 1), game(1, 4, -1, 2),
                                    game(2, 4, 0, 0), game(2, 1, 2, 2), game(2, 3, -1, 2),
                                    game(3, 3, 0, 1), game(3, 2, 4, 0), game(3, 1, -1, 2)};
    std::vector<Standing> s = rank_players(5, games, TieBreaks::SWISS_OPPONENTS);
    EXPECT_EQ(order(s), (std::vector<int>{0, 4, 1, 3, 2}));
    EXPECT_EQ(s[1].tieBreak, 7);
    EXPECT_EQ(s[2].tieBreak, 7);
    EXPECT_EQ(s[3].tieBreak, 7);
    EXPECT_EQ(s[1].wins, 2);
    EXPECT_EQ(s[3].wins, 1);
    // 14.3.2 on the same games: 累進分 (running scores summed): 0: 2+4+5 = 11, 1: 0+2+4 = 6,
    // 3: 1+3+4 = 8, 4: 2+2+4 = 8, 2: 1+1+1 = 3. 3 and 4 tie on 8; 4 has more wins.
    s = rank_players(5, games, TieBreaks::SWISS_PROGRESSIVE);
    EXPECT_EQ(order(s), (std::vector<int>{0, 4, 3, 1, 2}));
    EXPECT_EQ(s[0].tieBreak, 11);
    EXPECT_EQ(s[1].tieBreak, 8);
    EXPECT_EQ(s[2].tieBreak, 8);
    EXPECT_EQ(s[3].tieBreak, 6);
}

TEST(TieBreaks, SwissProgressiveWithoutTheFirstRounds) {
    // 14.3.2's last step, six players, four rounds:
    //   1: 0-2 0 wins, 3-1 3 wins, 4-5 draw;  2: 4-0 4 wins, 1-5 1 wins, 2-3 draw;
    //   3: 5-0 5 wins, 2-1 1 wins, 3-4 draw;  4: 0-3 0 wins, 1-4 4 wins, 2-5 draw.
    // Points: 4: 6; 0, 1, 3, 5: 4; 2: 2. 累進分: 3: 2+3+4+4 = 13, 0: 2+2+2+4 = 10,
    // 1: 0+2+4+4 = 10, 5: 1+1+3+4 = 9. 0 and 1: two wins, no fouls, two games as black each;
    // without round 1's term 0 has 2+2+4 = 8 and 1 has 2+4+4 = 10: 1 ranks ahead.
    std::vector<CrossGame> games = {game(1, 0, 2, 2), game(1, 3, 1, 2), game(1, 4, 5, 1),
                                    game(2, 4, 0, 2), game(2, 1, 5, 2), game(2, 2, 3, 1),
                                    game(3, 5, 0, 2), game(3, 2, 1, 0), game(3, 3, 4, 1),
                                    game(4, 0, 3, 2), game(4, 1, 4, 0), game(4, 2, 5, 1)};
    std::vector<Standing> s = rank_players(6, games, TieBreaks::SWISS_PROGRESSIVE);
    EXPECT_EQ(order(s), (std::vector<int>{4, 3, 1, 0, 5, 2}));
    EXPECT_EQ(s[1].tieBreak, 13);
    EXPECT_EQ(s[2].tieBreak, 10);
    EXPECT_EQ(s[3].tieBreak, 10);
    EXPECT_EQ(s[4].tieBreak, 9);
    EXPECT_EQ(s[2].blackGames, 2);
    EXPECT_EQ(s[3].blackGames, 2);
    EXPECT_EQ(s[2].wins, 2);
    EXPECT_EQ(s[3].wins, 2);
}

TEST(TieBreaks, FoulsAreLossesByTheRulesAndIllegalMoves) {
    EXPECT_TRUE(is_foul("red loses by the repetition rules"));
    EXPECT_TRUE(is_foul("black engine (x) played an illegal move: bestmove a0a9"));
    EXPECT_FALSE(is_foul("red loses on time"));
    EXPECT_FALSE(is_foul("black is checkmated"));
}
