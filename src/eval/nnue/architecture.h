// The network's shape and its input features, shared by inference and the trainer.
//
// Input: one feature per (piece colour relative to the perspective, piece type, square), the
// square seen from that perspective (black's view is the board flipped rank for rank), so red
// and black share one set of weights: 2 x 7 x 90 = 1260 features, at most 32 active.
// Each perspective has its own accumulator of HIDDEN values; the output layer reads the side to
// move's accumulator, then the other's, through a squared clipped ReLU (SCReLU):
//   (1260 -> HIDDEN) x 2 -> SCReLU -> 1
#pragma once

#include <cstdint>

#include "core/types.h"

namespace chuhe::nnue {

constexpr int INPUTS = 2 * 7 * SQUARE_NB;
constexpr int HIDDEN = 256;

// Quantisation: feature weights and biases x QF in int16, so a full accumulator (bias + 32
// features) stays inside int16 while the sums keep more precision than the activation needs;
// the activation is the accumulator shifted down to 0..QA (clipped); output weights x QB in
// int16; the output bias x QA*QB in int32. The float network's output times OUTPUT_SCALE is the
// evaluation in engine units (100 = a horse).
constexpr int QA = 255;
constexpr int ACTIVATION_SHIFT = 2;
constexpr int QF = QA << ACTIVATION_SHIFT;
constexpr int QB = 256;
constexpr int OUTPUT_SCALE = 200;
// |output weight| must keep QA * weight * QB inside int16 for the multiply-then-madd trick.
constexpr float OUTPUT_WEIGHT_LIMIT = 127.0f / QB;
// Feature weights must keep a full accumulator (bias + 32 features) inside int16.
constexpr float FEATURE_WEIGHT_LIMIT = 32767.0f / QF / 33;

// Identifies this architecture in net files: a change of shape, features or quantisation
// must change it (the last byte counts the quantisation schemes), so that an old file is
// refused instead of misread.
constexpr uint32_t ARCHITECTURE_ID = (uint32_t(INPUTS) << 16) | (HIDDEN << 4) | 2;

constexpr Square flip_rank(Square s) { return make_square(file_of(s), RANK_NB - 1 - rank_of(s)); }
constexpr Square mirror_file(Square s) { return make_square(FILE_NB - 1 - file_of(s), rank_of(s)); }

// The feature of piece pc on square s seen from `perspective`.
constexpr int feature_index(Color perspective, Piece pc, Square s) {
    int relative = color_of(pc) != perspective;
    Square seen = perspective == RED ? s : flip_rank(s);
    return (relative * 7 + type_of(pc) - 1) * SQUARE_NB + seen;
}

}  // namespace chuhe::nnue
