// ElephantEye's names for positions and moves, which its opening books (BOOK.DAT) are written
// in. ElephantEye plays on a 16x16 board: file a is x 3, rank 9 is y 3, a square is x + 16 y,
// and a move is its from-square plus 256 times its to-square. It keys a position by "locks"
// drawn from RC4 with a key of four zero bytes; a book record holds the second lock.
#pragma once

#include <cstdint>

#include "core/position.h"

namespace chuhe::book::eleeye {

constexpr int square_of(Square s) { return (file_of(s) + 3) + ((12 - rank_of(s)) << 4); }
// Our square for ElephantEye's, SQ_NONE when it is off the board.
constexpr Square our_square(int sq) {
    int x = sq & 15, y = sq >> 4;
    return x >= 3 && x <= 11 && y >= 3 && y <= 12 ? make_square(x - 3, 12 - y) : SQ_NONE;
}
constexpr uint16_t move_of(Move m) { return uint16_t(square_of(from_sq(m)) | (square_of(to_sq(m)) << 8)); }
// Our move for ElephantEye's, MOVE_NONE when a square is off the board.
constexpr Move our_move(uint16_t m) {
    Square from = our_square(m & 255), to = our_square(m >> 8);
    return from == SQ_NONE || to == SQ_NONE || from == to ? MOVE_NONE : make_move(from, to);
}

// The lock ElephantEye's books file pos under, or its mirror image's (files a..i swapped).
uint32_t book_lock(const Position& pos, bool mirrored = false);

}  // namespace chuhe::book::eleeye
