// A game record's move tree as one line of text, for tests that compare trees or assert one:
// ICCS moves, NAGs as $N, comments in braces and variations in brackets, e.g.
// "{start} h2e2 $1 (b2e2 {why} h9g7) h9g7". Also every line of the tree, root to leaf.
#pragma once

#include <string>
#include <vector>

#include "records/game.h"

namespace chuhe::test {

std::string tree_text(const Game& game);

// Every line from the start position to a leaf, as ICCS moves joined by spaces: the main line
// first, then the variations in file order (a variation's own variations after it).
std::vector<std::string> tree_lines(const Game& game);

}  // namespace chuhe::test
