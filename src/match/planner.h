// The games of a tournament whose rounds depend on the results before them: a Swiss (each
// round's pairings follow the scores) or a knockout (the winners go on). The runner asks for a
// batch of games, plays them, and asks again with their results, until the batch is empty.
// A planner keeps no state between calls but what it announced: it works the tournament out
// afresh from the finished games, so a resumed run (whose finished games come from its results
// file) goes on exactly where the killed one stopped.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "match/results_file.h"
#include "match/tiebreak.h"
#include "match/tournament.h"

namespace chuhe::match {

class Planner {
public:
    virtual ~Planner() = default;
    // Game numbers run from 1 to size() (a knockout's encounters may end before their last).
    virtual int64_t size() const = 0;
    // The next games to play given the finished ones by number, announcing each new round on
    // out; empty when the tournament is over. False with the reason when it cannot go on: no
    // pairing exists, or a finished game is not the one the pairings give.
    virtual bool next(const std::map<int64_t, FinishedGame>& done, std::vector<ScheduledGame>& batch,
                      std::ostream& out, std::string* error) = 0;
    // The byes so far (a Swiss's won games without a game, 14.4).
    virtual std::vector<CrossGame> byes() const { return {}; }
    // What the end of the tournament prints before the standings.
    virtual void print_result(std::ostream&) const {}
};

// A planner for a Swiss or knockout (nullptr for the other types). Games take the openings in
// turn by number.
std::unique_ptr<Planner> make_planner(const TournamentSettings& s, int openingCount);
std::unique_ptr<Planner> swiss_planner(const TournamentSettings& s, int openingCount);     // swiss_planner.cpp
std::unique_ptr<Planner> knockout_planner(const TournamentSettings& s, int openingCount);  // knockout_planner.cpp

// The line announcing a round: "Round 2: a - b, c - d, e has the bye".
std::string round_line(int round, const std::vector<std::string>& boards);

// The points of a finished game for red (13.1: 2, 1 or 0).
int red_points(const FinishedGame& g);

}  // namespace chuhe::match
