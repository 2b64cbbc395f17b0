#include "search/timeman.h"

#include <algorithm>

namespace chuhe {

void TimeManager::init(const SearchLimits& limits, Color us, TimePoint moveOverhead,
                       bool ponderOption) {
    restart();
    optimum_ = maximum_ = 0;
    if (!limits.use_time_management()) return;

    TimePoint time = limits.time[us], inc = limits.inc[us];
    // Without moves to go, plan as if the game lasted another 40 moves.
    int mtg = limits.movestogo ? std::min(limits.movestogo, 40) : 40;

    // What the next mtg moves may use, keeping back the overhead of each of them.
    TimePoint available = std::max<TimePoint>(1, time + inc * (mtg - 1) - moveOverhead * (2 + mtg));
    // Never plan to use more than this of the clock on one move.
    TimePoint cap = std::max<TimePoint>(1, time * (mtg == 1 ? 9 : 8) / 10 - moveOverhead);

    optimum_ = std::min(available / mtg, cap);
    if (ponderOption) optimum_ += optimum_ / 4;  // pondering saves time on most moves
    maximum_ = std::min(std::max<TimePoint>(optimum_ * 5, 1), cap);
    optimum_ = std::clamp<TimePoint>(optimum_, 1, maximum_);
}

}  // namespace chuhe
