// Repeated positions inside the search.
#pragma once

#include <algorithm>

#include "core/position.h"
#include "eval/value.h"

namespace chuhe {

// Plies back to an earlier occurrence of the current position, 0 if there is none. Only
// positions since the last capture and the last null move can recur.
inline int find_repetition(const Position& pos) {
    const std::vector<StateInfo>& h = pos.history();
    const StateInfo& st = h.back();
    int end = std::min({st.rule60, st.pliesFromNull, int(h.size()) - 1});
    for (int i = 4; i <= end; i += 2)
        if (h[h.size() - 1 - i].key == st.key) return i;
    return 0;
}

// Score, for the side to move at `ply`, of the current position that repeats the one
// `distance` plies back. This is the one place where the rules classifier (src/rules) plugs
// in to make the side that perpetually checks or chases lose; until then it is a draw.
inline Value judge_repetition(const Position& pos, int distance, int ply) {
    (void)pos, (void)distance, (void)ply;
    return VALUE_DRAW;
}

}  // namespace chuhe
