// A Swiss round by round: the pairings of swiss.h from the results so far.
#include "match/planner.h"
#include "match/swiss.h"

namespace chuhe::match {

namespace {

class SwissPlanner : public Planner {
public:
    SwissPlanner(const TournamentSettings& s, int openingCount)
        : settings_(s), players_(int(s.engines.size())), openingCount_(openingCount) {}

    // Every round has players / 2 games (the bye is none), numbered by board.
    int64_t size() const override { return int64_t(settings_.rounds) * (players_ / 2); }

    bool next(const std::map<int64_t, FinishedGame>& done, std::vector<ScheduledGame>& batch, std::ostream& out,
              std::string* error) override {
        batch.clear();
        byes_.clear();
        std::vector<CrossGame> crosstable;
        for (int round = 1; round <= settings_.rounds; ++round) {
            std::vector<std::pair<int, int>> boards;
            if (!pair_swiss_round(players_, round, settings_.rounds, crosstable, boards, error)) return false;
            int64_t number = int64_t(round - 1) * (players_ / 2);
            for (auto [red, black] : boards) {
                if (black < 0) {
                    byes_.push_back({round, red, -1, 2});
                    crosstable.push_back(byes_.back());
                    continue;
                }
                ScheduledGame g;
                g.number = ++number;
                g.round = round;
                g.red = red, g.black = black;
                g.opening = openingCount_ ? int((g.number - 1) % openingCount_) : -1;
                auto it = done.find(g.number);
                if (it == done.end()) {
                    batch.push_back(g);
                } else if (it->second.red != red || it->second.black != black) {
                    *error = "finished game " + std::to_string(g.number) + " is not round " + std::to_string(round) +
                             "'s pairing " + name(red) + " - " + name(black);
                    return false;
                } else {
                    crosstable.push_back(cross_game(round, red, black, it->second.result, it->second.termination));
                }
            }
            if (batch.empty()) continue;
            if (round > announced_) {
                announced_ = round;
                std::vector<std::string> names;
                for (auto [red, black] : boards)
                    names.push_back(name(red) + (black < 0 ? " has the bye" : " - " + name(black)));
                out << round_line(round, names) << std::endl;
            }
            return true;
        }
        return true;
    }

    std::vector<CrossGame> byes() const override { return byes_; }

private:
    const std::string& name(int i) const { return settings_.engines[size_t(i)].name; }

    const TournamentSettings& settings_;
    int players_, openingCount_;
    int announced_ = 0;
    std::vector<CrossGame> byes_;
};

}  // namespace

std::unique_ptr<Planner> swiss_planner(const TournamentSettings& s, int openingCount) {
    return std::make_unique<SwissPlanner>(s, openingCount);
}

}  // namespace chuhe::match
