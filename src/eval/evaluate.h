// Static evaluation. The whole search sees it through evaluate() only, so a hand-crafted
// evaluation or an NNUE can replace this one without touching the search.
#pragma once

#include "core/position.h"
#include "eval/value.h"

namespace chuhe {

// Score of the position from the side to move's point of view; always strictly inside
// (VALUE_RULE_LOSS_IN_MAX_PLY, VALUE_RULE_WIN_IN_MAX_PLY), below every mate and rule score.
Value evaluate(const Position& pos);

}  // namespace chuhe
