// Search limits as the GUI gives them, and the time budget derived from them.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

#include "core/types.h"
#include "eval/value.h"

namespace chuhe {

using TimePoint = int64_t;  // milliseconds

inline TimePoint now() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

struct SearchLimits {
    TimePoint time[COLOR_NB] = {};  // clock of each side, 0 = no clock
    TimePoint inc[COLOR_NB] = {};
    int movestogo = 0;       // moves to the next time control, 0 = the rest of the game
    TimePoint movetime = 0;  // fixed time for this move
    int depth = 0;
    uint64_t nodes = 0;
    int mate = 0;  // stop when a mate in this many moves is found
    bool infinite = false;
    bool ponder = false;
    std::vector<Move> searchmoves;  // root moves to consider; empty = all legal moves
    std::vector<Move> banmoves;     // root moves never to play (UCCI banmoves)

    bool use_time_management() const { return time[RED] || time[BLACK]; }
    // Under a clock or a fixed move time: a search that has its answer should stop.
    bool timed() const { return use_time_management() || movetime; }
    // Whether `v` is a mate as short as `go mate N` asks for.
    bool mate_found(Value v) const { return mate && v >= VALUE_MATE_IN_MAX_PLY && VALUE_MATE - v <= 2 * mate - 1; }
};

// Splits the clock into an optimum time (when to stop iterating) and a maximum time
// (when to abort the iteration under way).
class TimeManager {
public:
    void init(const SearchLimits& limits, Color us, TimePoint moveOverhead, bool ponderOption);

    // The clock starts at init() and again at ponderhit (the opponent's time ran till then).
    void restart() { start_.store(now(), std::memory_order_relaxed); }
    TimePoint elapsed() const { return now() - start_.load(std::memory_order_relaxed); }
    TimePoint optimum() const { return optimum_; }
    TimePoint maximum() const { return maximum_; }

private:
    std::atomic<TimePoint> start_{0};
    TimePoint optimum_ = 0;
    TimePoint maximum_ = 0;
};

}  // namespace chuhe
