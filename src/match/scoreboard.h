// The results of a match or tournament as games come in, from whichever run or shard played
// them, and the summary printed at its end: the score line, the pentanomial counts, Elo and
// SPRT for two engines, standings for more (ties broken as CXA article 14.1 says). A live run
// and `chuhe match merge` share it, so the merged shards of a match print what the whole match
// prints.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "match/stats.h"
#include "match/tiebreak.h"

namespace chuhe::match {

class Scoreboard {
public:
    // rule: the tie-breaks of the standings (14.1 for a round robin, 14.3.1 or 14.3.2 for a Swiss,
    // whose standings show the points and the tie-break as well).
    explicit Scoreboard(std::vector<std::string> names, TieBreaks rule = TieBreaks::ROUND_ROBIN);

    // A finished game: red and black are engine indices, result "1-0", "0-1" or "1/2-1/2",
    // pairId >= 0 groups the two games of a -repeat pair (their order does not matter);
    // termination tells the fouls of article 14 (tiebreak.h).
    void add(int red, int black, const std::string& result, int64_t pairId, int round = 1,
             const std::string& termination = "");

    // A bye of a Swiss round: a won game for the standings (14.4), not a game played.
    void add_bye(int player, int round);

    int64_t games() const { return games_; }
    // Engine i's results against engine j.
    const Results& results(int i, int j) const { return results_[i][j]; }
    // "Score of A vs B: W - L - D  [score] N" (two engines).
    std::string score_line() const;
    // The summary of the end of a match.
    void print_summary(std::ostream& out, const std::optional<Sprt>& sprt) const;

private:
    void print_swiss_standings(std::ostream& out) const;

    std::vector<std::string> names_;
    TieBreaks rule_;
    std::vector<std::vector<Results>> results_;
    std::vector<CrossGame> crosstable_;  // for the tie-breaks of 3+ engines
    std::map<int64_t, std::pair<int, double>> openPairs_;  // pairId -> games seen, lower engine's points
    int64_t games_ = 0;
};

}  // namespace chuhe::match
