#include "rules/natural_limit.h"

#include <algorithm>

namespace chuhe {

int natural_limit_plies(const Position& pos) {
    const std::vector<StateInfo>& h = pos.history();
    int last = int(h.size()) - 1;
    int plies = pos.rule60_count();
    int checks[COLOR_NB] = {0, 0};
    // h[i].checkers is set when the move into position i, made by the side not to move there,
    // gave check. Walk back over the plies since the capture that the history holds.
    Color mover = ~pos.side_to_move();
    for (int i = last; i > last - std::min(plies, last); --i, mover = ~mover)
        checks[mover] += h[i].checkers != 0;
    for (Color c : {RED, BLACK}) plies -= std::max(0, checks[c] - COUNTED_CHECKS);
    return plies;
}

}  // namespace chuhe
