// Endgame knowledge: how much of an advantage the side that is ahead can realise with the
// material left, and the simple positions in which neither side can win (CXA rule 4.2.2).
#pragma once

#include "core/position.h"

namespace chuhe {

constexpr int SCALE_NORMAL = 64;

// How much of an advantage `strong` can hope to realise with the material on the board:
// 0 = strong cannot possibly win (a dead draw for it), SCALE_NORMAL = no known limit.
// The evaluation multiplies its score by endgame_scale(pos, side that is ahead) / SCALE_NORMAL.
// Called at every evaluated node: when the strong side has two or more rooks, horses and
// cannons (most positions) it returns after three bitboard loads and one bit test.
int endgame_scale(const Position& pos, Color strong);

// CXA 4.2.2: neither side can possibly win (endgame_scale is 0 for both colours).
bool neither_side_can_win(const Position& pos);

}  // namespace chuhe
