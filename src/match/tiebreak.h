// Standings by the CXA 2011 competition rules, article 14: points (13.1: a win 2, a draw 1),
// then the tie-breaks of a one-game round robin (14.1) or of a Swiss (積分編排, 14.3.1 or
// 14.3.2), with the bye of 14.4.
#pragma once

#include <string>
#include <vector>

namespace chuhe::match {

// One game of the crosstable. black < 0: red has the round's bye (scored as a win, 14.4).
struct CrossGame {
    int round = 1;
    int red = 0, black = 0;
    int redPoints = 1;  // 2 win, 1 draw, 0 loss (13.1)
    // A foul: the player lost by the repetition rules or by an illegal move.
    bool redFoul = false, blackFoul = false;
};

// A game of the match runner as the crosstable holds it: result "1-0", "0-1" or "1/2-1/2", the
// termination telling a foul of the loser.
CrossGame cross_game(int round, int red, int black, const std::string& result, const std::string& termination);

enum class TieBreaks {
    ROUND_ROBIN,  // 14.1: 小分 (the points of the opponents beaten and half of those drawn),
                  // wins, direct encounter, fewer fouls, more games as black, black in their game
    SWISS_OPPONENTS,    // 14.3.1: 對手分 (the opponents' points), wins, fewer fouls, more games as
                        // black, then the score after the round before the last, and so on back
    SWISS_PROGRESSIVE,  // 14.3.2: 累進分 (the sum of the running score after every round), wins,
                        // fewer fouls, more games as black, then the same sum without the first
                        // round's term, without the first two, and so on
};

struct Standing {
    int player = 0;
    int points = 0;    // 13.1 points
    double tieBreak = 0;  // 小分, 對手分 or 累進分, in 13.1 points
    int wins = 0, fouls = 0, blackGames = 0;
    bool shared = false;  // tied with the player above on every criterion
};

// The players 0..players-1 in order, best first (ties that nothing breaks keep the lower number
// first, marked shared).
std::vector<Standing> rank_players(int players, const std::vector<CrossGame>& games, TieBreaks rule);

// Whether a game's termination (as the match runner writes it) is a foul of the loser: a loss by
// the repetition rules or an illegal move.
bool is_foul(const std::string& termination);

}  // namespace chuhe::match
