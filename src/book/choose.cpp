#include "book/choose.h"

#include <algorithm>

namespace chuhe::book {

std::vector<BookMove> candidates(const std::vector<BookMove>& moves, int variety) {
    uint64_t best = 0;
    for (const BookMove& m : moves) best = std::max(best, m.weight());
    std::vector<BookMove> out;
    if (best == 0) return out;  // nothing here ever scored: leave it to the search
    variety = std::clamp(variety, 0, MAX_VARIETY);
    for (const BookMove& m : moves)
        if (m.weight() > 0 && m.weight() * MAX_VARIETY >= best * uint64_t(MAX_VARIETY - variety))
            out.push_back(m);
    return out;
}

Move choose(const std::vector<BookMove>& moves, int variety, uint64_t random) {
    std::vector<BookMove> pool = candidates(moves, variety);
    uint64_t total = 0;
    for (const BookMove& m : pool) total += m.weight();
    if (!total) return MOVE_NONE;
    uint64_t pick = random % total;
    for (const BookMove& m : pool) {
        if (pick < m.weight()) return m.move;
        pick -= m.weight();
    }
    return MOVE_NONE;  // not reached
}

}  // namespace chuhe::book
