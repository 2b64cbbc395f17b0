// The network's shapes and its input features, shared by inference and the trainer.
//
// Piece features: one per (piece colour relative to the perspective, piece type, square), the
// square seen from that perspective (black's view is the board flipped rank for rank), so red
// and black share one set of weights: 2 x 7 x 90 = 1260 features, at most 32 active.
//
// Two shapes are read and played (a net file says which):
// - v1 (nets 1-5): (1260 -> 256) x 2 -> SCReLU -> 1; the evaluation is the mean of the output
//   for the board and its mirror image (four views: perspective x mirrored).
// - v2: king buckets. Each perspective's own king stands on one of 9 palace squares; seen
//   from that perspective and mirrored left-right when it stands on the f-file, 6 remain
//   (3 ranks x the centre file or a side file): 6 x 1260 = 7560 features, the active ones those
//   of the bucket of that perspective's king, on the board mirrored with it. The mirror makes
//   the two halves of the board share weights, so the mirror mean is dropped and the accumulator
//   made twice as wide for the same work: (7560 -> 512) x 2 -> SCReLU -> 1 of 8 output
//   buckets chosen by the number of pieces on the board. A king move changes its side's
//   bucket (or mirror), so that side's accumulator is computed again (from a refresh cache).
#pragma once

#include <cstdint>

#include "core/types.h"

namespace chuhe::nnue {

constexpr int PIECE_FEATURES = 2 * 7 * SQUARE_NB;
constexpr int KING_BUCKETS = 6;
constexpr int MAX_OUTPUT_BUCKETS = 8;
constexpr int MAX_VIEWS = 4;
// An accumulator holds views() x hidden values; both shapes need 1024, a wider v2 up to 2048.
constexpr int MAX_ACCUMULATOR = 2048;

struct Shape {
    int kingBuckets;    // 1, or KING_BUCKETS
    int hidden;         // accumulator width per view: a multiple of 16
    int outputBuckets;  // 1 to MAX_OUTPUT_BUCKETS
    bool mirrorMean;    // v1's four views

    int views() const { return mirrorMean ? 4 : 2; }
    int inputs() const { return kingBuckets * PIECE_FEATURES; }
    bool operator==(const Shape&) const = default;
};

constexpr Shape SHAPE_V1{1, 256, 1, true};
constexpr Shape SHAPE_V2{KING_BUCKETS, 512, 8, false};

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

// v1 net files carry this id (the last byte counts v1's quantisation schemes).
constexpr uint32_t V1_ARCHITECTURE_ID = (uint32_t(PIECE_FEATURES) << 16) | (256 << 4) | 2;

constexpr Square flip_rank(Square s) { return make_square(file_of(s), RANK_NB - 1 - rank_of(s)); }
constexpr Square mirror_file(Square s) { return make_square(FILE_NB - 1 - file_of(s), rank_of(s)); }

// The piece feature of piece pc on square s seen from `perspective`.
constexpr int feature_index(Color perspective, Piece pc, Square s) {
    int relative = color_of(pc) != perspective;
    Square seen = perspective == RED ? s : flip_rank(s);
    return (relative * 7 + type_of(pc) - 1) * SQUARE_NB + seen;
}

// What a view's features depend on besides the pieces: the king bucket and whether the board
// is mirrored for it.
struct ViewKey {
    int bucket;
    bool mirrored;
};

constexpr int CENTRE_FILE = 4;  // the e-file, the palace's middle

// The key of perspective p's view when p's king stands on ksq, in a shape with king buckets.
constexpr ViewKey king_view_key(Color p, Square ksq) {
    Square seen = p == RED ? ksq : flip_rank(ksq);
    int file = file_of(seen), rank = rank_of(seen);
    // A king is always in its palace (files d-f, ranks 0-2 from its side); the clamp keeps a
    // position set up otherwise (tests, fuzzing) inside the table.
    int r = rank < 0 ? 0 : rank > 2 ? 2 : rank;
    return {r * 2 + (file == CENTRE_FILE), file > CENTRE_FILE};
}

// The feature of pc on s in a view of perspective p with key k (v2; v1 is bucket 0).
constexpr int view_feature(Color p, ViewKey k, Piece pc, Square s) {
    return k.bucket * PIECE_FEATURES + feature_index(p, pc, k.mirrored ? mirror_file(s) : s);
}

// The output bucket of a position with `pieces` pieces (2 to 32).
constexpr int output_bucket(int outputBuckets, int pieces) {
    int b = (pieces - 1) / 4;
    return b < 0 ? 0 : b >= outputBuckets ? outputBuckets - 1 : b;
}

}  // namespace chuhe::nnue
