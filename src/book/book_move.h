// A move an opening book has for a position, with what the book knows of it.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace chuhe::book {

struct BookMove {
    Move move = MOVE_NONE;
    uint32_t wins = 0, draws = 0, losses = 0;  // for the side that plays it
    // A weight the book states outright: ElephantEye's books keep no game counts.
    uint32_t stated = 0;

    uint64_t games() const { return uint64_t(wins) + draws + losses; }
    // The points the mover scored, counted in half points (plus any stated weight): a move
    // is chosen by its weight.
    uint64_t weight() const { return 2 * uint64_t(wins) + draws + stated; }
    // The mover's score in per cent (draws count half).
    double score() const { return games() ? 50.0 * double(2 * uint64_t(wins) + draws) / double(games()) : 0.0; }
};

}  // namespace chuhe::book
