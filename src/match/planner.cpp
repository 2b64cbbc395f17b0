#include "match/planner.h"

namespace chuhe::match {

std::unique_ptr<Planner> make_planner(const TournamentSettings& s, int openingCount) {
    if (s.type == TournamentType::SWISS) return swiss_planner(s, openingCount);
    if (s.type == TournamentType::KNOCKOUT || s.type == TournamentType::DOUBLE_KNOCKOUT)
        return knockout_planner(s, openingCount);
    return nullptr;
}

std::string round_line(int round, const std::vector<std::string>& boards) {
    std::string line = "Round " + std::to_string(round) + ":";
    for (size_t i = 0; i < boards.size(); ++i) line += (i ? ", " : " ") + boards[i];
    return line;
}

int red_points(const FinishedGame& g) { return g.result == "1-0" ? 2 : g.result == "0-1" ? 0 : 1; }

}  // namespace chuhe::match
