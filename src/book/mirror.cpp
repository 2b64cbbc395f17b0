#include "book/mirror.h"

#include "core/zobrist.h"

namespace chuhe::book {

uint64_t mirrored_key(const Position& pos) {
    uint64_t k = pos.side_to_move() == BLACK ? Zobrist::side : 0;
    for (Square s = 0; s < SQUARE_NB; ++s)
        if (Piece p = pos.piece_on(s)) k ^= Zobrist::psq[p][mirror_square(s)];
    return k;
}

BookKey book_key(const Position& pos) {
    uint64_t own = pos.key(), mirror = mirrored_key(pos);
    // A symmetric position is its own mirror image: its moves stay as played, so that h2e2
    // and b2e2 keep their own counts.
    if (mirror < own) return {mirror, true};
    return {own, false};
}

}  // namespace chuhe::book
