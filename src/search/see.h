// Static exchange evaluation.
#pragma once

#include "core/position.h"
#include "eval/value.h"

namespace chuhe {

// Does the exchange that m starts on its target square gain at least `threshold` for the
// side making m, with both sides always recapturing with their least valuable piece?
// Pins are ignored, as usual; cannon screens are recomputed as pieces leave the board.
bool see_ge(const Position& pos, Move m, Value threshold);

}  // namespace chuhe
