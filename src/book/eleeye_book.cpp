#include "book/eleeye_book.h"

#include <algorithm>

#include "book/eleeye_keys.h"
#include "book/mirror.h"
#include "core/movegen.h"

namespace chuhe::book {

namespace {

uint32_t get(std::string_view in, size_t at, int bytes) {
    uint32_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= uint32_t((unsigned char)in[at + i]) << (8 * i);
    return v;
}

void put(std::string& out, uint32_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out += char((v >> (8 * i)) & 0xFF);
}

}  // namespace

bool EleEyeBook::read(std::string_view bytes, std::string* error) {
    if (bytes.empty() || bytes.size() % RECORD_SIZE) {
        *error = std::to_string(bytes.size()) + " bytes, not whole " + std::to_string(RECORD_SIZE) + "-byte records";
        return false;
    }
    std::vector<Record> records(bytes.size() / RECORD_SIZE);
    for (size_t i = 0; i < records.size(); ++i) {
        size_t at = i * RECORD_SIZE;
        Record& r = records[i];
        r.lock = get(bytes, at, 4);
        r.move = eleeye::our_move(uint16_t(get(bytes, at + 4, 2)));
        r.weight = uint16_t(get(bytes, at + 6, 2));
        if (r.move == MOVE_NONE) {
            *error = "record " + std::to_string(i) + " holds no move on the board";
            return false;
        }
        // ElephantEye finds a position by halving the file: out of order, it finds nothing
        // or the wrong position's moves.
        if (i && r.lock < records[i - 1].lock) {
            *error = "record " + std::to_string(i) + " is out of order";
            return false;
        }
    }
    records_ = std::move(records);
    return true;
}

std::vector<BookMove> EleEyeBook::moves(uint32_t lock, bool mirrored, const Position& pos) const {
    auto first = std::lower_bound(records_.begin(), records_.end(), lock,
                                  [](const Record& r, uint32_t l) { return r.lock < l; });
    const MoveList legal = MoveList::of<LEGAL>(pos);
    std::vector<BookMove> out;
    for (auto r = first; r != records_.end() && r->lock == lock; ++r) {
        Move m = mirrored ? mirror_move(r->move) : r->move;
        // 32 bits of lock collide now and then: a move of another position is left out.
        if (!legal.contains(m)) continue;
        BookMove bm;
        bm.move = m;
        bm.stated = r->weight;
        out.push_back(bm);
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const BookMove& a, const BookMove& b) { return a.weight() > b.weight(); });
    return out;
}

std::vector<BookMove> EleEyeBook::probe(const Position& pos) const {
    std::vector<BookMove> own = moves(eleeye::book_lock(pos), false, pos);
    return own.empty() ? moves(eleeye::book_lock(pos, true), true, pos) : own;
}

size_t EleEyeBook::positions() const {
    size_t n = 0;
    for (size_t i = 0; i < records_.size(); ++i) n += !i || records_[i].lock != records_[i - 1].lock;
    return n;
}

std::string EleEyeBook::encode(uint32_t lock, Move move, uint16_t weight) {
    std::string out;
    put(out, lock, 4);
    put(out, eleeye::move_of(move), 2);
    put(out, weight, 2);
    return out;
}

}  // namespace chuhe::book
