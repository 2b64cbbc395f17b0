// Left-right mirror images. A xiangqi position and its mirror image (files a..i swapped) are
// the same position for play, so the book stores one of the two: the one with the smaller
// Zobrist key, its moves turned to match.
#pragma once

#include <cstdint>

#include "core/position.h"

namespace chuhe::book {

constexpr Square mirror_square(Square s) { return make_square(FILE_NB - 1 - file_of(s), rank_of(s)); }
constexpr Move mirror_move(Move m) { return make_move(mirror_square(from_sq(m)), mirror_square(to_sq(m))); }

// The Zobrist key the mirror image of pos would have (the same keys as Position::key()).
uint64_t mirrored_key(const Position& pos);

// The key the book files a position under, and whether its moves are stored mirrored.
struct BookKey {
    uint64_t key = 0;
    bool mirrored = false;
};
BookKey book_key(const Position& pos);

}  // namespace chuhe::book
