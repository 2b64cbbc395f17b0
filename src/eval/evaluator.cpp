#include "eval/evaluator.h"

#include <algorithm>

#include "eval/endgame.h"
#include "eval/evaluate.h"

namespace chuhe {

namespace {

// The network knows no endgame theory it has not seen: the side ahead keeps only what its
// material can turn into a win, exactly as in the hand-crafted evaluation.
Value finish(const Position& pos, int32_t raw) {
    Color us = pos.side_to_move();
    Value v = raw * endgame_scale(pos, raw > 0 ? us : ~us) / SCALE_NORMAL;
    return std::clamp(v, -VALUE_RULE_WIN_IN_MAX_PLY / 2, VALUE_RULE_WIN_IN_MAX_PLY / 2);
}

}  // namespace

Value evaluate_nnue(const nnue::Network& net, const Position& pos) {
    nnue::Accumulator acc;
    nnue::refresh(net, pos, acc);
    return finish(pos, nnue::output(net, acc, pos));
}

Value Evaluator::evaluate(const Position& pos) {
    if (!net_) return chuhe::evaluate(pos);
    return finish(pos, nnue::output(*net_, stack_.current(*net_, pos), pos));
}

}  // namespace chuhe
