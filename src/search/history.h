// Move-ordering statistics learnt during the search, one set per thread.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "core/types.h"

namespace chuhe {

// Every update pulls an entry towards the bonus ("gravity"), so the values stay within
// +-max and old knowledge fades.
inline void gravity_update(int16_t& e, int bonus, int max) {
    e += bonus - e * std::abs(bonus) / max;
}

// Moves that caused cutoffs before score higher.
struct ButterflyHistory {
    static constexpr int MAX = 16384;
    int16_t table[COLOR_NB][SQUARE_NB][SQUARE_NB];

    int get(Color c, Move m) const { return table[c][from_sq(m)][to_sq(m)]; }
    void update(Color c, Move m, int bonus) {
        gravity_update(table[c][from_sq(m)][to_sq(m)], bonus, MAX);
    }
    void clear() { std::memset(table, 0, sizeof(table)); }
};

// Indexed by the moving piece and its target: one table per (piece, square) of the move
// one or two plies back ("continuation history"), and the capture history below.
struct PieceToHistory {
    static constexpr int MAX = 16384;
    int16_t table[PIECE_NB][SQUARE_NB];

    int get(Piece p, Square to) const { return table[p][to]; }
    void update(Piece p, Square to, int bonus) { gravity_update(table[p][to], bonus, MAX); }
};

// A quiet move's value in answer to the move one ply back and to our own move two plies
// back: the patterns of "after his rook goes there, my horse goes here".
struct ContinuationHistory {
    PieceToHistory table[PIECE_NB][SQUARE_NB];

    PieceToHistory* at(Piece p, Square to) { return &table[p][to]; }
    // The table of "no move" (before the root, after a null move): read, never useful.
    PieceToHistory* none() { return &table[NO_PIECE][0]; }
    void clear() { std::memset(table, 0, sizeof(table)); }
};

// Captures that cut off before, by the capturing piece, the target and the victim's type:
// orders captures of equal victims, and losing captures that work.
struct CaptureHistory {
    static constexpr int MAX = 10000;
    int16_t table[PIECE_NB][SQUARE_NB][PIECE_TYPE_NB];

    int get(Piece p, Square to, PieceType captured) const { return table[p][to][captured]; }
    void update(Piece p, Square to, PieceType captured, int bonus) {
        gravity_update(table[p][to][captured], bonus, MAX);
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
