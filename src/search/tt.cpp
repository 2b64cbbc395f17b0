#include "search/tt.h"

#include <algorithm>
#include <new>

namespace chuhe {

namespace {

// Data word layout: move 16 bits | value 16 | eval 16 | depth 8 | bound 2 | generation 6.
uint64_t pack(Move move, Value value, Value eval, int depth, Bound bound, unsigned gen) {
    return uint64_t(move) | uint64_t(uint16_t(int16_t(value))) << 16 |
           uint64_t(uint16_t(int16_t(eval))) << 32 | uint64_t(uint8_t(depth)) << 48 |
           uint64_t(bound) << 56 | uint64_t(gen) << 58;
}

Move data_move(uint64_t d) { return Move(d & 0xFFFF); }
Value data_value(uint64_t d) { return int16_t(d >> 16); }
Value data_eval(uint64_t d) { return int16_t(d >> 32); }
int data_depth(uint64_t d) { return int((d >> 48) & 0xFF); }
Bound data_bound(uint64_t d) { return Bound((d >> 56) & 3); }
unsigned data_generation(uint64_t d) { return unsigned(d >> 58); }

}  // namespace

bool TranspositionTable::resize(size_t megabytes) {
    megabytes = std::max<size_t>(megabytes, 1);
    size_t count = megabytes * 1024 * 1024 / sizeof(Bucket);
    std::unique_ptr<Bucket[]> buckets(new (std::nothrow) Bucket[count]);
    if (!buckets) return false;
    buckets_ = std::move(buckets);
    count_ = count;
    megabytes_ = megabytes;
    clear();
    return true;
}

void TranspositionTable::clear() {
    for (size_t i = 0; i < count_; ++i)
        for (Entry& e : buckets_[i].entries) {
            e.check.store(0, std::memory_order_relaxed);
            e.data.store(0, std::memory_order_relaxed);
        }
    generation_ = 0;
}

bool TranspositionTable::probe(uint64_t key, TTData* out) const {
    for (const Entry& e : bucket(key).entries) {
        uint64_t d = e.data.load(std::memory_order_relaxed);
        uint64_t c = e.check.load(std::memory_order_relaxed);
        // An all-zero entry is empty, even for the (unlikely) key 0.
        if ((c ^ d) != key || d == 0) continue;
        out->move = data_move(d);
        out->value = data_value(d);
        out->eval = data_eval(d);
        out->depth = data_depth(d) + DEPTH_OFFSET;
        out->bound = data_bound(d);
        return true;
    }
    return false;
}

void TranspositionTable::store(uint64_t key, Value value, Bound bound, int depth, Move move,
                               Value eval) {
    Bucket& b = bucket(key);
    Entry* replace = &b.entries[0];
    int worst = 1 << 30;
    uint64_t old = 0;
    bool sameKey = false;
    for (Entry& e : b.entries) {
        uint64_t d = e.data.load(std::memory_order_relaxed);
        uint64_t c = e.check.load(std::memory_order_relaxed);
        if ((c ^ d) == key && d != 0) {
            replace = &e;
            old = d;
            sameKey = true;
            break;
        }
        // Shallow entries of older searches go first.
        int age = (GENERATION_MASK + 1 + generation_ - data_generation(d)) & GENERATION_MASK;
        int worth = data_depth(d) - 8 * age;
        if (worth < worst) {
            worst = worth;
            replace = &e;
            old = d;
        }
    }
    if (sameKey) {
        // Keep a known best move when the new result has none, and keep a deeper exact
        // result over a shallower bound from the same search.
        if (move == MOVE_NONE) move = data_move(old);
        if (bound != BOUND_EXACT && data_generation(old) == generation_ &&
            data_depth(old) + DEPTH_OFFSET > depth + 3)
            return;
    }
    uint64_t d = pack(move, value, eval, depth - DEPTH_OFFSET, bound, generation_);
    replace->data.store(d, std::memory_order_relaxed);
    replace->check.store(key ^ d, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
    int used = 0, sampled = 0;
    for (size_t i = 0; i < std::min<size_t>(count_, 250); ++i)
        for (const Entry& e : buckets_[i].entries) {
            uint64_t d = e.data.load(std::memory_order_relaxed);
            used += d != 0 && data_generation(d) == generation_;
            ++sampled;
        }
    return sampled ? used * 1000 / sampled : 0;
}

}  // namespace chuhe
