// The natural move limit (CXA 2011 4.2.4 and 22.2; the AXF setting is the same): 60
// moves (120 plies) without a capture draw the game, but each side's checks beyond its first 10
// in that span do not count towards the limit.
#pragma once

#include "core/position.h"

namespace chuhe {

constexpr int NATURAL_LIMIT_PLIES = 120;
constexpr int COUNTED_CHECKS = 10;

// Plies since the last capture that count towards the limit. Plies before the position was set
// up (the FEN's half-move field) are known by number only and count as quiet moves.
int natural_limit_plies(const Position& pos);

inline bool natural_limit_reached(const Position& pos) {
    // Without 120 plies at all, the checks need not be counted.
    return pos.rule60_count() >= NATURAL_LIMIT_PLIES && natural_limit_plies(pos) >= NATURAL_LIMIT_PLIES;
}

}  // namespace chuhe
