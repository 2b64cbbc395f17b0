#include "match/planner.h"

namespace chuhe::match {

std::unique_ptr<Planner> make_planner(const TournamentSettings& s, int openingCount) {
    if (s.type == TournamentType::SWISS) return swiss_planner(s, openingCount);
    if (s.type == TournamentType::KNOCKOUT || s.type == TournamentType::DOUBLE_KNOCKOUT)
        return knockout_planner(s, openingCount);
    return nullptr;
}

int red_points(const FinishedGame& g) { return g.result == "1-0" ? 2 : g.result == "0-1" ? 0 : 1; }

}  // namespace chuhe::match
