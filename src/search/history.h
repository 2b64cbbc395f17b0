// Move-ordering statistics learnt during the search, one set per thread.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "core/types.h"

namespace chuhe {

// Moves that caused cutoffs before score higher; every update pulls the entry towards
// the bonus ("gravity"), so the values stay within +-MAX and old knowledge fades.
struct ButterflyHistory {
    static constexpr int MAX = 16384;
    int16_t table[COLOR_NB][SQUARE_NB][SQUARE_NB];

    int get(Color c, Move m) const { return table[c][from_sq(m)][to_sq(m)]; }
    void update(Color c, Move m, int bonus) {
        int16_t& e = table[c][from_sq(m)][to_sq(m)];
        e += bonus - e * std::abs(bonus) / MAX;
    }
    void clear() { std::memset(table, 0, sizeof(table)); }
};

// Indexed by the moving piece and its target: one table per (piece, square) of the move
// one or two plies back ("continuation history"), and the capture history below.
template <int Max>
struct PieceToHistory {
    static constexpr int MAX = Max;
    int16_t table[PIECE_NB][SQUARE_NB];

    int get(Piece p, Square to) const { return table[p][to]; }
    void update(Piece p, Square to, int bonus) {
        int16_t& e = table[p][to];
        e += bonus - e * std::abs(bonus) / MAX;
    }
};

// A quiet move's value in answer to the move one ply back and to our own move two plies
// back: the patterns of "after his rook goes there, my horse goes here".
struct ContinuationHistory {
    PieceToHistory<16384> table[PIECE_NB][SQUARE_NB];

    PieceToHistory<16384>* at(Piece p, Square to) { return &table[p][to]; }
    void clear() { std::memset(table, 0, sizeof(table)); }
};

// Captures that cut off before, by the capturing piece, the target and the victim's type:
// orders captures of equal victims, and losing captures that work.
struct CaptureHistory {
    static constexpr int MAX = 10000;
    int16_t table[PIECE_NB][SQUARE_NB][PIECE_TYPE_NB];

    int get(Piece p, Square to, PieceType captured) const { return table[p][to][captured]; }
    void update(Piece p, Square to, PieceType captured, int bonus) {
        int16_t& e = table[p][to][captured];
        e += bonus - e * std::abs(bonus) / MAX;
    }
    void clear() { std::memset(table, 0, sizeof(table)); }
};

// The quiet move that last refuted a move, indexed by the refuted move's piece and target.
struct CounterMoves {
    Move table[PIECE_NB][SQUARE_NB];

    Move get(Piece p, Square to) const { return table[p][to]; }
    void set(Piece p, Square to, Move m) { table[p][to] = m; }
    void clear() { std::memset(table, 0, sizeof(table)); }
};

inline int history_bonus(int depth) { return std::min(16 * depth * depth + 32 * depth, 1600); }

}  // namespace chuhe
