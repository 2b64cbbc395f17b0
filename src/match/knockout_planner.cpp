// A knockout round by round: the brackets of knockout.h, each encounter's games one at a time.
#include <random>

#include "match/knockout.h"
#include "match/planner.h"

namespace chuhe::match {

namespace {

class KnockoutPlanner : public Planner {
public:
    KnockoutPlanner(const TournamentSettings& s, int openingCount)
        : settings_(s), players_(int(s.engines.size())), openingCount_(openingCount) {
        bool twice = s.type == TournamentType::DOUBLE_KNOCKOUT;
        int size = bracket_size(players_, twice);
        bracket_ = twice ? double_elimination(size) : single_elimination(size);
        slot_ = std::max(encounter_games(s.gamesPerEncounter, false), encounter_games(s.gamesPerEncounter, true));
    }

    // Each encounter has numbers for the most games it can take.
    int64_t size() const override { return int64_t(bracket_.size()) * slot_; }

    bool next(const std::map<int64_t, FinishedGame>& done, std::vector<ScheduledGame>& batch, std::ostream& out,
              std::string* error) override {
        batch.clear();
        winner_.assign(bracket_.size(), -2);
        points_.assign(bracket_.size(), {});
        int pending = 0;  // the round being played
        for (size_t m = 0; m < bracket_.size(); ++m) {
            const KnockoutMatch& match = bracket_[m];
            if (pending && match.round > pending) break;
            auto [a, b] = match_players(bracket_, winner_, int(m), players_);
            if (a < 0 || b < 0) {  // a bye, or nobody at all
                winner_[m] = a < 0 ? b : a;
                continue;
            }
            // 12.4 and note (4): the first game's colours by lot, then alternating.
            std::mt19937_64 lot(settings_.seed.value_or(0) ^ (0x9E3779B97F4A7C15ull * (m + 1)));
            bool aRedFirst = lot() & 1;
            for (int k = 0;; ++k) {
                int w = encounter_winner(points_[m], settings_.gamesPerEncounter, match.grandFinal, a < b);
                if (w >= 0) {
                    winner_[m] = w == 0 ? a : b;
                    break;
                }
                bool aRed = (k % 2 == 0) == aRedFirst;
                ScheduledGame g;
                g.number = int64_t(m) * slot_ + k + 1;
                g.round = match.round;
                g.red = aRed ? a : b, g.black = aRed ? b : a;
                g.opening = openingCount_ ? int((g.number - 1) % openingCount_) : -1;
                auto it = done.find(g.number);
                if (it == done.end()) {
                    batch.push_back(g);
                    pending = match.round;
                    break;
                }
                if (it->second.red != g.red || it->second.black != g.black) {
                    *error = "finished game " + std::to_string(g.number) + " is not game " + std::to_string(k + 1) +
                             " of " + match.name + " (" + name(g.red) + " - " + name(g.black) + ")";
                    return false;
                }
                int redPoints = red_points(it->second);
                points_[m].push_back(aRed ? redPoints : 2 - redPoints);
            }
        }
        if (pending > announced_) {
            announced_ = pending;
            std::vector<std::string> names;
            for (size_t m = 0; m < bracket_.size(); ++m) {
                if (bracket_[m].round != pending) continue;
                auto [a, b] = match_players(bracket_, winner_, int(m), players_);
                if (a >= 0 && b >= 0) names.push_back(bracket_[m].name + " " + name(a) + " - " + name(b));
            }
            out << round_line(pending, names) << std::endl;
        }
        return true;
    }

    // Every encounter with its score, then the champion.
    void print_result(std::ostream& out) const override {
        if (winner_.empty()) return;
        for (size_t m = 0; m < bracket_.size(); ++m) {
            auto [a, b] = match_players(bracket_, winner_, int(m), players_);
            if (a < 0 || b < 0 || winner_[m] < 0) continue;
            int halves = 0;
            for (int p : points_[m]) halves += p;
            int games = int(points_[m].size());
            out << bracket_[m].name << ": " << name(a) << " - " << name(b) << " " << fmt(halves) << "-"
                << fmt(2 * games - halves) << ", " << name(winner_[m]) << " goes through\n";
        }
        if (winner_.back() >= 0) out << "Champion: " << name(winner_.back()) << "\n";
    }

private:
    const std::string& name(int i) const { return settings_.engines[size_t(i)].name; }
    static std::string fmt(int halves) { return std::to_string(halves / 2) + (halves % 2 ? ".5" : ""); }

    const TournamentSettings& settings_;
    int players_, openingCount_;
    std::vector<KnockoutMatch> bracket_;
    int64_t slot_ = 4;
    int announced_ = 0;
    std::vector<int> winner_;
    std::vector<std::vector<int>> points_;  // per match: the first player's points in each game
};

}  // namespace

std::unique_ptr<Planner> knockout_planner(const TournamentSettings& s, int openingCount) {
    return std::make_unique<KnockoutPlanner>(s, openingCount);
}

}  // namespace chuhe::match
