// Exhaustive analysis of small endings, the source of the scales in eval/endgame.cpp: every
// legal placement of the material with either side to move, solved for red's forced wins.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"

namespace chuhe {

// Material is written as FEN piece letters, kings included: red upper case ("KC"), black lower
// case ("kaa"). 'P' is a pawn that has not reached the opponent's back rank, 'O' one that has
// (an old pawn, which only moves sideways).
// Calls visit for every legal position with exactly this material and `toMove` to move.
// Returns false and writes the reason to *error when the material text is malformed.
bool for_each_placement(std::string_view red, std::string_view black, Color toMove,
                        const std::function<void(const Position&)>& visit, std::string* error = nullptr);

struct EndingResult {
    int64_t positions[COLOR_NB] = {};  // legal placements with that side to move
    int64_t wins[COLOR_NB] = {};       // of which red wins by force
    int longestWin = 0;                // plies to the end of red's longest forced win
    std::string longestFen;
};

// Red's forced wins (black mated or stalemated) in the ending, with both sides playing
// perfectly. Black's material may shrink (every subset of it is solved too); a capture of a red
// piece counts as a draw, so red's wins are a lower bound where its reduced material could still
// win. The repetition and 60-move rules are left out: a win may take any number of moves.
// progress (may be null) gets a line every few seconds on a long solve.
bool solve_ending(std::string_view red, std::string_view black, EndingResult& out, std::string* error = nullptr,
                  std::ostream* progress = nullptr);

// The positions solve_ending stores for the ending at most (every placement of red's material
// and of each part of black's, either side to move, before illegal ones are left out), or -1
// when the material is malformed or more than the board holds (*error says why).
double ending_table_size(std::string_view red, std::string_view black, std::string* error = nullptr);

// `chuhe ending RED BLACK`, e.g. `chuhe ending KN kaabb`: the ending's won shares.
int run_ending(const std::vector<std::string>& args);

}  // namespace chuhe
