// The pairings of a Swiss tournament (積分編排制) by the 定位編排法 of appendix 2 of the CXA
// 2011 competition rules: the first round by near numbers, then score groups from the top down,
// no rematches, the bye to the lowest score group, at most two floats per player, colours
// balanced and decided as 二.4 says. The choices the text leaves open are noted in swiss.cpp at
// the clause they concern.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "match/tiebreak.h"

namespace chuhe::match {

// The boards of round `round` (1-based) of a Swiss of `rounds` rounds among `players` players
// (0-based indices; the seed number of the rules is index + 1), given the games of the rounds
// before (a bye as black < 0, scored as a win). Each board is {red, black}; a bye is {player,
// -1} and comes last. Returns false with the reason when no pairing without a rematch exists.
bool pair_swiss_round(int players, int round, int rounds, const std::vector<CrossGame>& games,
                      std::vector<std::pair<int, int>>& boards, std::string* error);

}  // namespace chuhe::match
