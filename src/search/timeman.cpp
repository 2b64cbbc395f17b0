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

    // A reserve never planned for, against latency spikes of the GUI and the machine: with
    // a small increment the clock settles just above it instead of draining to zero.
    TimePoint reserve = std::min(time / 3, moveOverhead * 20);
    TimePoint usable = std::max<TimePoint>(time - reserve, 0);

    optimum_ = usable / mtg + std::max<TimePoint>(inc - moveOverhead, 0);
    if (ponderOption) optimum_ += optimum_ / 4;  // pondering saves time on most moves
    TimePoint cap = std::max<TimePoint>(usable * 8 / 10, 1);
    maximum_ = std::clamp<TimePoint>(optimum_ * 5, 1, cap);
    optimum_ = std::clamp<TimePoint>(optimum_, 1, maximum_);
}

}  // namespace chuhe
