#include "book/eleeye_keys.h"

#include <array>

#include "book/mirror.h"

namespace chuhe::book::eleeye {

namespace {

// RC4 as ElephantEye seeds it: the key is four zero bytes.
class Rc4 {
public:
    Rc4() {
        for (int i = 0; i < 256; ++i) s_[i] = uint8_t(i);
        for (int i = 0, j = 0; i < 256; ++i) {
            j = (j + s_[i]) & 255;  // + key byte, always 0
            std::swap(s_[i], s_[j]);
        }
    }
    uint8_t next_byte() {
        x_ = (x_ + 1) & 255;
        y_ = (y_ + s_[x_]) & 255;
        std::swap(s_[x_], s_[y_]);
        return s_[(s_[x_] + s_[y_]) & 255];
    }
    // Four bytes, the first the lowest (ElephantEye reads them on a little-endian machine).
    uint32_t next_long() {
        uint32_t v = 0;
        for (int i = 0; i < 4; ++i) v |= uint32_t(next_byte()) << (8 * i);
        return v;
    }

private:
    std::array<uint8_t, 256> s_{};
    int x_ = 0, y_ = 0;
};

// ElephantEye's piece kinds: king, advisor, elephant, horse, rook, cannon, pawn; black's + 7.
int kind_of(Piece p) {
    static constexpr int KIND[PIECE_TYPE_NB] = {-1, 4, 1, 5, 6, 3, 2, 0};  // by our PieceType
    return KIND[type_of(p)] + (color_of(p) == BLACK ? 7 : 0);
}

struct Locks {
    uint32_t side = 0;  // xored in when black is to move
    std::array<std::array<uint32_t, 256>, 14> psq{};

    // The stream gives the side's key, lock 0 and lock 1, then the same for each kind and
    // square in turn; only lock 1 is kept.
    Locks() {
        Rc4 rc4;
        auto lock1 = [&rc4] {
            rc4.next_long();
            rc4.next_long();
            return rc4.next_long();
        };
        side = lock1();
        for (auto& kind : psq)
            for (uint32_t& sq : kind) sq = lock1();
    }
};

const Locks& locks() {
    static const Locks table;
    return table;
}

}  // namespace

uint32_t book_lock(const Position& pos, bool mirrored) {
    const Locks& t = locks();
    uint32_t lock = pos.side_to_move() == BLACK ? t.side : 0;
    for (Square s = 0; s < SQUARE_NB; ++s)
        if (Piece p = pos.piece_on(s)) lock ^= t.psq[kind_of(p)][square_of(mirrored ? mirror_square(s) : s)];
    return lock;
}

}  // namespace chuhe::book::eleeye
