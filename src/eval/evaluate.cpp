// Material plus piece-square tables: a deliberately simple evaluation that a real one
// (its own issue) will replace.
#include "eval/evaluate.h"

#include <array>

namespace chuhe {

namespace {

using Table = std::array<int, SQUARE_NB>;

// Tables are drawn as red sees the board: the first row is rank 9 (black's back rank),
// the last row rank 0 (red's back rank). Black uses the board turned by 180 degrees.
constexpr Table ROOK_PST = {
     6,  8,  7, 13, 14, 13,  7,  8,  6,
     6, 12,  9, 16, 30, 16,  9, 12,  6,
     6,  8,  7, 14, 16, 14,  7,  8,  6,
     6, 13, 13, 16, 16, 16, 13, 13,  6,
     8, 11, 11, 14, 15, 14, 11, 11,  8,
     8, 12, 12, 14, 15, 14, 12, 12,  8,
     4,  9,  4, 12, 14, 12,  4,  9,  4,
    -2,  8,  4, 12, 12, 12,  4,  8, -2,
     5,  8,  6, 12,  0, 12,  6,  8,  5,
    -6,  6,  4, 12,  0, 12,  4,  6, -6,
};

constexpr Table HORSE_PST = {
     4,  8, 16, 12,  4, 12, 16,  8,  4,
     4, 10, 28, 16,  8, 16, 28, 10,  4,
    12, 14, 16, 20, 18, 20, 16, 14, 12,
     8, 24, 18, 24, 20, 24, 18, 24,  8,
     6, 16, 14, 18, 16, 18, 14, 16,  6,
     4, 12, 16, 14, 12, 14, 16, 12,  4,
     2,  6,  8,  6, 10,  6,  8,  6,  2,
     4,  2,  8,  8,  4,  8,  8,  2,  4,
     0,  2,  4,  4, -2,  4,  4,  2,  0,
     0, -4,  0,  0,  0,  0,  0, -4,  0,
};

constexpr Table CANNON_PST = {
     6,  4,  0,-10,-12,-10,  0,  4,  6,
     2,  2,  0, -4,-14, -4,  0,  2,  2,
     2,  2,  0,-10, -8,-10,  0,  2,  2,
     0,  0, -2,  4, 10,  4, -2,  0,  0,
     0,  0,  0,  2,  8,  2,  0,  0,  0,
    -2,  0,  4,  2,  6,  2,  4,  0, -2,
     0,  0,  0,  2,  4,  2,  0,  0,  0,
     4,  0,  8,  6, 10,  6,  8,  0,  4,
     0,  2,  4,  6,  6,  6,  4,  2,  0,
     0,  0,  2,  6,  6,  6,  2,  0,  0,
};

// A pawn is worth little before the river; across it, most near the enemy palace, and
// little again on the last rank where it can only move sideways.
constexpr Table PAWN_PST = {
     0,  0,  0,  2,  4,  2,  0,  0,  0,
    10, 20, 30, 45, 50, 45, 30, 20, 10,
    10, 20, 30, 40, 45, 40, 30, 20, 10,
     8, 15, 20, 30, 30, 30, 20, 15,  8,
     5, 10, 12, 18, 20, 18, 12, 10,  5,
     0,  0, -2,  0,  6,  0, -2,  0,  0,
     0,  0, -2,  0,  4,  0, -2,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
};

// Defenders: only their few legal squares matter; the centre of the palace is best.
constexpr Table ADVISOR_PST = {
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0,-1, 0,-1, 0, 0, 0,
    0, 0, 0, 0, 3, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
};

constexpr Table ELEPHANT_PST = {
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0,-1, 0, 0, 0,-1, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
   -2, 0, 0, 0, 3, 0, 0, 0,-2,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
};

// The king is safest on its home square; stepping up the palace exposes it.
constexpr Table KING_PST = {
    0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,-12,-10,-12,  0,  0,  0,
    0,  0,  0, -6, -4, -6,  0,  0,  0,
    0,  0,  0, -2,  0, -2,  0,  0,  0,
};

constexpr const Table* TABLES[PIECE_TYPE_NB] = {
    nullptr, &ROOK_PST, &ADVISOR_PST, &CANNON_PST, &PAWN_PST, &HORSE_PST, &ELEPHANT_PST, &KING_PST};

// Material plus placement of every piece on every square, positive for red.
struct PieceSquare {
    Value v[PIECE_NB][SQUARE_NB] = {};

    constexpr PieceSquare() {
        for (int pt = ROOK; pt <= KING; ++pt)
            for (Square s = 0; s < SQUARE_NB; ++s) {
                int row = RANK_NB - 1 - rank_of(s);
                Value red = PieceValue[pt] + (*TABLES[pt])[row * FILE_NB + file_of(s)];
                v[make_piece(RED, PieceType(pt))][s] = red;
                v[make_piece(BLACK, PieceType(pt))][SQUARE_NB - 1 - s] = -red;
            }
    }
};

constexpr PieceSquare PSQ;

}  // namespace

Value evaluate(const Position& pos) {
    Value v = 0;
    Bitboard b = pos.pieces();
    while (b) {
        Square s = pop_lsb(b);
        v += PSQ.v[pos.piece_on(s)][s];
    }
    return pos.side_to_move() == RED ? v : -v;
}

}  // namespace chuhe
