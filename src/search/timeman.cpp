#include "search/timeman.h"

#include <algorithm>

namespace chuhe {

void TimeManager::init(const SearchLimits& limits, Color us, TimePoint moveOverhead,
                       bool ponderOption) {
    restart();
    optimum_ = maximum_ = 0;
    if (!limits.use_time_management()) return;

    TimePoint time = limits.time[us], inc = limits.inc[us];
    // Without moves to go, plan as if the game lasted another 30 moves.
    int mtg = limits.movestogo ? std::min(limits.movestogo, 40) : 30;

    // A reserve never planned for, against latency spikes of the GUI and the machine.
    // Below it only half of the increment beyond the overhead is spent, so with a small
    // increment the clock climbs back above the reserve instead of draining to zero.
    TimePoint reserve = moveOverhead * 20;
    TimePoint spareInc = std::max<TimePoint>(inc - moveOverhead, 0);
    TimePoint cap;
    if (time > reserve) {
        optimum_ = (time - reserve) / mtg + spareInc;
        cap = (time - reserve) * 8 / 10 + spareInc / 2;
    } else {
        optimum_ = spareInc / 2;
        cap = spareInc;
    }
    // The increment only comes after the move: never plan past most of the clock itself.
    cap = std::clamp<TimePoint>(cap, 1, std::max<TimePoint>((time - moveOverhead) * 3 / 4, 1));
    if (ponderOption) optimum_ += optimum_ / 4;  // pondering saves time on most moves
    maximum_ = std::clamp<TimePoint>(optimum_ * 5, 1, cap);
    optimum_ = std::clamp<TimePoint>(optimum_, 1, maximum_);
}

}  // namespace chuhe
