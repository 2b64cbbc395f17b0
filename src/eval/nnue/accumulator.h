// The feature transformer's output for one position, both perspectives, and the stack of them
// along the search path: each make pushes an entry that records what moved, and the
// accumulator is brought up to date lazily, from the nearest computed ancestor, only when a
// position is evaluated. There are no king buckets, so nothing ever needs a full refresh but
// the root.
#pragma once

#include <vector>

#include "core/position.h"
#include "eval/nnue/network.h"

namespace chuhe::nnue {

struct alignas(64) Accumulator {
    int16_t values[COLOR_NB][HIDDEN];
};

// Recomputes both perspectives from the board.
void refresh(const Network& net, const Position& pos, Accumulator& acc);
// The output of the network in engine units, side to move's view, before any scaling.
int32_t output(const Network& net, const Accumulator& acc, Color stm);
// The same computed without SIMD: the reference the tests hold the fast path to.
int32_t output_reference(const Network& net, const Accumulator& acc, Color stm);

class AccumulatorStack {
public:
    AccumulatorStack();

    // Starts a new path at pos (computes its accumulator).
    void reset(const Network& net, const Position& pos);
    // Before pos.do_move(m) / after pos.do_null_move().
    void push(const Position& pos, Move m);
    void push_null();
    void pop() { --top_; }
    // The current position's accumulator, brought up to date.
    const Accumulator& current(const Network& net);
    int size() const { return top_ + 1; }

private:
    struct Entry {
        Accumulator acc;
        bool computed;
        Piece moved, captured;  // moved = NO_PIECE: a null move
        Square from, to;
    };
    std::vector<Entry> entries_;
    int top_ = 0;
};

}  // namespace chuhe::nnue
