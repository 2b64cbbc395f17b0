// A game record's move tree as one line of text, for tests that compare trees or assert one:
// ICCS moves, NAGs as $N, comments in braces and variations in brackets, e.g.
// "{start} h2e2 $1 (b2e2 {why} h9g7) h9g7". Also every line of the tree, root to leaf, and a
// game made from ICCS moves.
#pragma once

#include <string>
#include <vector>

#include "records/game.h"

namespace chuhe::test {

std::string tree_text(const Game& game);

// Every line from the start position to a leaf, as ICCS moves joined by spaces: the main line
// first, then the variations in file order (a variation's own variations after it).
std::vector<std::string> tree_lines(const Game& game);

// A game from `fen` with the main line `moves` (ICCS); throws if a move is not legal there.
Game game_of(const std::string& fen, const std::vector<std::string>& moves);

}  // namespace chuhe::test
