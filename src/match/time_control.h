// Time controls of the match runner and the clock it keeps for each engine.
#pragma once

#include <cstdint>
#include <string>

namespace chuhe::match {

struct TimeControl {
    int64_t baseMs = 0;      // time for the game or for each period of movesPerPeriod moves
    int64_t incrementMs = 0;
    int movesPerPeriod = 0;  // 0: the base time is for the whole game
    int64_t moveTimeMs = 0;  // fixed time per move (st=)
    int depth = 0;           // fixed depth (depth=), 0 = none
    int64_t nodes = 0;       // fixed nodes (nodes=), 0 = none

    bool has_clock() const { return baseMs > 0; }
    bool limited() const { return has_clock() || moveTimeMs > 0 || depth > 0 || nodes > 0; }
    std::string describe() const;  // "40/300+0.5", "st=1", "depth=8" ... for the PGN TimeControl tag
};

// Parses a cutechess-style clock: "60+0.5", "40/300", "40/5:00+1", "0:30" (minutes:seconds).
// Times are seconds with decimals allowed.
bool parse_clock(const std::string& text, TimeControl& tc, std::string* error);
// Parses seconds with decimals ("1", "0.25") into milliseconds.
bool parse_seconds(const std::string& text, int64_t& ms);

// One engine's clock during a game.
class Clock {
public:
    Clock(const TimeControl& tc, int64_t toleranceMs) : tc_(tc), toleranceMs_(toleranceMs) {
        remainingMs_ = tc.baseMs;
    }
    int64_t remaining_ms() const { return remainingMs_; }
    // Moves left in the current period (0 when the base time is for the whole game).
    int moves_to_go() const { return tc_.movesPerPeriod ? tc_.movesPerPeriod - movesInPeriod_ : 0; }
    // The longest a move may take before it loses on time.
    int64_t allowance_ms() const;
    // Charges a move that took elapsedMs; false when it overstepped the time (loss on time).
    bool charge(int64_t elapsedMs);

private:
    TimeControl tc_;
    int64_t toleranceMs_;
    int64_t remainingMs_ = 0;
    int movesInPeriod_ = 0;
};

}  // namespace chuhe::match
