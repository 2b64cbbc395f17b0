#include "rules/natural_limit.h"

#include <algorithm>

namespace chuhe {

int natural_limit_plies(const Position& pos) {
    const auto& history = pos.history();
    int last = int(history.size()) - 1;
    int plies = pos.rule60_count();
    // Plies before the position was set up (the FEN's half-move field) are counted as quiet.
    int known = std::min(plies, last);
    int checks[COLOR_NB] = {0, 0};
    for (int k = 0; k < known; ++k) {
        // history[last - k] follows a move by the side that is not to move there.
        Color mover = (k % 2 == 0) ? ~pos.side_to_move() : pos.side_to_move();
        if (history[last - k].checkers) ++checks[mover];
    }
    for (Color c : {RED, BLACK}) plies -= std::max(0, checks[c] - COUNTED_CHECKS);
    return plies;
}

}  // namespace chuhe
