#include "core/zobrist.h"

namespace chuhe::Zobrist {

uint64_t psq[PIECE_NB][SQUARE_NB];
uint64_t side;

void init() {
    // xorshift64*: fixed seed, so keys (and bench node counts) are the same on every run.
    uint64_t s = 0x9E3779B97F4A7C15ULL;
    auto next = [&s] {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 0x2545F4914F6CDD1DULL;
    };
    for (auto& piece : psq)
        for (uint64_t& k : piece) k = next();
    side = next();
}

}  // namespace chuhe::Zobrist
