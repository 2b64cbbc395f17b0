// Time controls of the match runner and the clock it keeps for each engine.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace chuhe::match {

// A period of CXA article 6.2: so many moves in so much time.
struct Period {
    int moves = 0;
    int64_t ms = 0;
    bool operator==(const Period&) const = default;
};

struct TimeControl {
    int64_t baseMs = 0;      // time for the game or for the first period of movesPerPeriod moves
    int64_t incrementMs = 0;
    int movesPerPeriod = 0;  // 0: the base time is for the whole game
    // The periods after the first (6.2: "first 60 minutes for 30 moves, then every 10 minutes
    // for 10 moves" is 30/3600 followed by 10/600); the last one repeats. Empty: the first
    // period repeats.
    std::vector<Period> laterPeriods;
    int64_t moveTimeMs = 0;  // fixed time per move (st=)
    int depth = 0;           // fixed depth (depth=), 0 = none
    int64_t nodes = 0;       // fixed nodes (nodes=), 0 = none

    bool has_clock() const { return baseMs > 0; }
    bool limited() const { return has_clock() || moveTimeMs > 0 || depth > 0 || nodes > 0; }
    // The period that starts after `completed` periods.
    Period period(int completed) const;
    std::string describe() const;  // "40/300+0.5", "30/3600:10/600", "st=1", "depth=8" ... for the PGN TimeControl tag
};

// Parses a cutechess-style clock: "60+0.5", "40/300", "40/5:00+1", "0:30" (minutes:seconds),
// or periods that differ (CXA 6.2), separated by ':' as in the PGN TimeControl tag:
// "30/3600:10/600" (30 moves in an hour, then every 10 moves in 10 minutes; the last period
// repeats), "30/60:00:10/10:00+5". A ':' starts a new period when a move count follows it.
// Times are seconds with decimals allowed; an increment applies to every move.
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
    int moves_to_go() const { return tc_.movesPerPeriod ? tc_.period(periods_).moves - movesInPeriod_ : 0; }
    // The longest a move may take before it loses on time.
    int64_t allowance_ms() const;
    // Charges a move that took elapsedMs; false when it overstepped the time (loss on time).
    bool charge(int64_t elapsedMs);

private:
    TimeControl tc_;
    int64_t toleranceMs_;
    int64_t remainingMs_ = 0;
    int movesInPeriod_ = 0;
    int periods_ = 0;  // periods completed
};

}  // namespace chuhe::match
