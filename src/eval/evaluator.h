// The evaluation as a search thread sees it: the hand-crafted evaluation, or the network with
// its accumulators kept along the search path. The search makes and unmakes moves through
// the evaluator so that the accumulators can follow; everything else calls evaluate().
#pragma once

#include "core/position.h"
#include "eval/nnue/accumulator.h"
#include "eval/value.h"

namespace chuhe {

// The network's evaluation of pos (side to move's view), computed from scratch, with the
// same endgame scaling and bounds as the search's.
Value evaluate_nnue(const nnue::Network& net, const Position& pos);

class Evaluator {
public:
    // nullptr: the hand-crafted evaluation. The network must outlive the evaluator's use.
    void set_network(const nnue::Network* net) { net_ = net; }
    const nnue::Network* network() const { return net_; }

    // Starts a search path at pos.
    void reset(const Position& pos) {
        if (net_) stack_.reset(*net_, pos);
    }
    void do_move(Position& pos, Move m) {
        if (net_) stack_.push(pos, m);
        pos.do_move(m);
    }
    void undo_move(Position& pos) {
        pos.undo_move();
        if (net_) stack_.pop();
    }
    void do_null_move(Position& pos) {
        pos.do_null_move();
        if (net_) stack_.push_null();
    }
    void undo_null_move(Position& pos) {
        pos.undo_null_move();
        if (net_) stack_.pop();
    }

    Value evaluate(const Position& pos);

private:
    const nnue::Network* net_ = nullptr;
    nnue::AccumulatorStack stack_;
};

}  // namespace chuhe
