// Zobrist keys: one random 64-bit number per piece and square, one for the side to move.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace chuhe::Zobrist {

extern uint64_t psq[PIECE_NB][SQUARE_NB];
extern uint64_t side;  // xor-ed in when black is to move

void init();

}  // namespace chuhe::Zobrist
