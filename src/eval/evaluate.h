// Static evaluation. The whole search sees it through evaluate() only, so an NNUE network
// can replace the hand-crafted evaluation without touching the search.
#pragma once

#include "core/position.h"
#include "eval/value.h"
#include "eval/weights.h"

namespace chuhe {

// Score of the position from the side to move's point of view; always strictly inside
// (VALUE_RULE_LOSS_IN_MAX_PLY, VALUE_RULE_WIN_IN_MAX_PLY), below every mate and rule score.
Value evaluate(const Position& pos);

// Game phase from the pieces left: PHASE_MAX with every rook, horse and cannon on the board,
// 0 with none. Middlegame and endgame weights are blended in this proportion.
constexpr int PHASE_MAX = 48;
int game_phase(const Position& pos);

// What the tuner needs: how often each weight counts in the position (red's count minus
// black's), the phase and the endgame scales. evaluate() is the weighted sum, blended by
// phase, times the scale of the side it favours / SCALE_NORMAL (see endgame.h).
struct EvalTrace {
    int count[PARAM_COUNT] = {};
    int phase = 0;
    int scale[COLOR_NB] = {};
};
void trace_evaluation(const Position& pos, EvalTrace& trace);

}  // namespace chuhe
