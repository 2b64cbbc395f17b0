// Perft: counts the leaves of the legal move tree, for correctness and speed checks.
#pragma once

#include <atomic>

#include <cstdint>
#include <string>
#include <vector>

#include "core/position.h"

namespace chuhe {

// Leaves at `depth` plies below pos (bulk-counted at the last ply).
uint64_t perft(Position& pos, int depth);
// The same, giving up (with a partial count) as soon as *stop is set.
uint64_t perft(Position& pos, int depth, const std::atomic<bool>* stop);

// `chuhe perft DEPTH [FEN]`: one line per root move, then "nodes N time MS nps X".
int run_perft(const std::vector<std::string>& args);

}  // namespace chuhe
