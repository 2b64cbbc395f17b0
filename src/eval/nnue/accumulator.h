// The feature transformer's output for one position, and the stack of them along the search
// path: each make pushes an entry that records what moved, and the accumulator is brought up
// to date lazily, view by view, from the nearest computed ancestor, only when a position is
// evaluated. With king buckets (v2) a view whose king moved on the way is computed again
// instead, from a refresh cache that remembers, per king square, the last board computed
// there: a king shuffling in its palace then costs the pieces that changed, not all of them.
#pragma once

#include <vector>

#include "core/position.h"
#include "eval/nnue/network.h"

namespace chuhe::nnue {

// v1's views are [mirrored * 2 + perspective]; v2's are the two perspectives.
constexpr Color view_perspective(int view) { return Color(view & 1); }

// The key (king bucket, mirror) of a view of pos in net's shape.
inline ViewKey view_key(const Shape& s, int view, const Position& pos) {
    if (s.kingBuckets == 1) return {0, s.mirrorMean && view >= 2};
    return king_view_key(view_perspective(view), pos.king_square(view_perspective(view)));
}

struct alignas(64) Accumulator {
    int16_t values[MAX_ACCUMULATOR];  // view v at v * hidden
};

// Recomputes every view from the board.
void refresh(const Network& net, const Position& pos, Accumulator& acc);
// The output of the network in engine units, side to move's view, before any scaling.
int32_t output(const Network& net, const Accumulator& acc, const Position& pos);
// The same computed without SIMD: the reference the tests hold the fast path to.
int32_t output_reference(const Network& net, const Accumulator& acc, const Position& pos);

class AccumulatorStack {
public:
    AccumulatorStack();

    // Starts a new path at pos (computes its accumulator).
    void reset(const Network& net, const Position& pos);
    // Before pos.do_move(m) / after pos.do_null_move().
    void push(const Position& pos, Move m);
    void push_null();
    void pop() { --top_; }
    // The current position's accumulator, brought up to date; pos is the current position.
    const Accumulator& current(const Network& net, const Position& pos);
    int size() const { return top_ + 1; }

private:
    struct Entry {
        Accumulator acc;
        bool computed[MAX_VIEWS];
        Piece moved, captured;  // moved = NO_PIECE: a null move
        Square from, to;
    };
    // The last board whose view was computed with the king of its perspective on one square.
    struct CacheEntry {
        alignas(64) int16_t values[MAX_ACCUMULATOR / 2];
        Piece board[SQUARE_NB];
        bool valid = false;
    };
    void refresh_from_cache(const Network& net, const Position& pos, int view, int16_t* out);

    std::vector<Entry> entries_;
    int top_ = 0;
    std::vector<CacheEntry> cache_;  // [perspective][king square], for v2 shapes
    const Network* cacheNet_ = nullptr;
};

}  // namespace chuhe::nnue
