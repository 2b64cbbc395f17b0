// Choosing a book move. Each move weighs the points the masters scored with it (2 a win,
// 1 a draw); variety V (0-100) admits the moves whose weight is at least (100 - V) per cent
// of the best one, and one of them is drawn with chances in proportion to the weights.
// V = 0 plays the best-weighted move (a draw among equals), V = 100 any move that ever scored.
#pragma once

#include <cstdint>
#include <vector>

#include "book/book.h"

namespace chuhe::book {

constexpr int MAX_VARIETY = 100;

// The moves variety admits, in the order given (probe's: most weight first).
std::vector<BookMove> candidates(const std::vector<BookMove>& moves, int variety);
// One of them, chosen by `random` (any 64-bit value, uniform); MOVE_NONE if none qualifies.
Move choose(const std::vector<BookMove>& moves, int variety, uint64_t random);

}  // namespace chuhe::book
