// `chuhe tune`: fits the evaluation weights to game results (the Texel method).
//
//   chuhe tune extract OUT PGN... : quiet positions from games, each with the game's result.
//     From every position past the opening (a random sample of them), a quiescence search
//     on material finds the quiet position at the end of its principal variation; that
//     position is written as "FEN;RESULT" (1, 0.5 or 0 for red).
//   chuhe tune fit DATA [--out FILE] : minimises the mean squared error between the game
//     results and sigmoid(K * evaluation) over the weights of weights.h, starting from the
//     piece values of value.h, and writes the result as a new weights.cpp.
// Both are deterministic and independent of the weights built in: the same inputs and
// options give the same output, so scripts/tune.sh reproduces weights.cpp.
#pragma once

#include <string>
#include <vector>

#include "core/position.h"

namespace chuhe {

// The position at the end of the material quiescence search's principal variation.
// (Exposed for tests: the tuner fits on such quiet positions.)
void quiet_leaf(Position& pos);

int run_tune(const std::vector<std::string>& args);

}  // namespace chuhe
