// Transposition table shared by all search threads, without locks.
//
// An entry is two atomic 64-bit words: the packed data and the key XOR-ed with that data.
// A reader accepts an entry only if the two words XOR back to its key, so an entry torn by
// two threads writing at once is simply a miss, never a wrong move or score. Four entries
// fill one 64-byte cache line; replacement prefers shallow entries from older searches.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/types.h"
#include "eval/value.h"

namespace chuhe {

enum Bound : uint8_t { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT = BOUND_UPPER | BOUND_LOWER };

// What a probe returns. `value` is as stored: convert with value_from_tt().
struct TTData {
    Move move = MOVE_NONE;
    Value value = VALUE_NONE;
    Value eval = VALUE_NONE;
    int depth = 0;
    Bound bound = BOUND_NONE;
};

class TranspositionTable {
public:
    // Depths stored are relative to this, so quiescence entries (depth 0 or -1) fit a byte.
    static constexpr int DEPTH_OFFSET = -8;

    TranspositionTable() { resize(16); }

    // Also clears. False (and the table unchanged) if the memory cannot be had.
    bool resize(size_t megabytes);
    void clear();
    void new_search() { generation_ = (generation_ + 1) & GENERATION_MASK; }

    // Returns true and fills *data when the key is found.
    bool probe(uint64_t key, TTData* data) const;
    void store(uint64_t key, Value value, Bound bound, int depth, Move move, Value eval);

    int hashfull() const;  // per mille of sampled entries written by the current search
    size_t megabytes() const { return megabytes_; }

private:
    static constexpr unsigned GENERATION_MASK = 0x3F;

    struct Entry {
        std::atomic<uint64_t> check;  // key ^ data
        std::atomic<uint64_t> data;
    };
    struct alignas(64) Bucket {
        Entry entries[4];
    };

    Bucket& bucket(uint64_t key) const {
        return buckets_[size_t((unsigned __int128)key * count_ >> 64)];
    }

    std::unique_ptr<Bucket[]> buckets_;
    size_t count_ = 0;
    size_t megabytes_ = 0;
    unsigned generation_ = 0;
};

// Mate and rule scores are stored relative to the node ("mate in n plies from here") and
// converted back relative to the root when read. The two bands do not mix: a distance from
// the node is never larger than one from the root.
inline Value value_to_tt(Value v, int ply) {
    return v >= VALUE_RULE_WIN_IN_MAX_PLY ? v + ply : v <= VALUE_RULE_LOSS_IN_MAX_PLY ? v - ply : v;
}

inline Value value_from_tt(Value v, int ply) {
    if (v == VALUE_NONE) return v;
    return v >= VALUE_RULE_WIN_IN_MAX_PLY ? v - ply : v <= VALUE_RULE_LOSS_IN_MAX_PLY ? v + ply : v;
}

}  // namespace chuhe
