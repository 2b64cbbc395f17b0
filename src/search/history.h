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

// The quiet move that last refuted a move, indexed by the refuted move's piece and target.
struct CounterMoves {
    Move table[PIECE_NB][SQUARE_NB];

    Move get(Piece p, Square to) const { return table[p][to]; }
    void set(Piece p, Square to, Move m) { table[p][to] = m; }
    void clear() { std::memset(table, 0, sizeof(table)); }
};

inline int history_bonus(int depth) { return std::min(16 * depth * depth + 32 * depth, 1600); }

}  // namespace chuhe
