// Repeated positions inside the search.
#pragma once

#include "core/position.h"
#include "eval/value.h"
#include "rules/repetition.h"

namespace chuhe {

// Score, for the side to move at `ply`, of the current position, which repeats an earlier one
// (rules::find_repetition). This is the one place where the rules classifier (src/rules) plugs
// in to make the side that perpetually checks or chases lose; until then it is a draw.
inline Value judge_repetition(const Position& pos, int ply) {
    (void)pos, (void)ply;
    return VALUE_DRAW;
}

}  // namespace chuhe
