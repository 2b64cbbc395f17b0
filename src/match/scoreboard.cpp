#include "match/scoreboard.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace chuhe::match {

namespace {

double points_for(const std::string& result, bool red) {
    if (result == "1/2-1/2") return 0.5;
    return (result == "1-0") == red ? 1.0 : 0.0;
}

std::string pentanomial_line(const Results& r) {
    std::ostringstream o;
    o << "Ptnml(0-2): [" << r.pairs[0] << ", " << r.pairs[1] << ", " << r.pairs[2] << ", " << r.pairs[3] << ", "
      << r.pairs[4] << "]";
    return o.str();
}

}  // namespace

Scoreboard::Scoreboard(std::vector<std::string> names, TieBreaks rule)
    : names_(std::move(names)), rule_(rule), results_(names_.size(), std::vector<Results>(names_.size())) {}

void Scoreboard::add_bye(int player, int round) { crosstable_.push_back({round, player, -1, 2}); }

void Scoreboard::add(int red, int black, const std::string& result, int64_t pairId, int round,
                     const std::string& termination) {
    double redPoints = points_for(result, true);
    if (names_.size() > 2) crosstable_.push_back(cross_game(round, red, black, result, termination));
    auto count = [&](Results& res, double points) {
        if (points == 1) ++res.wins;
        else if (points == 0) ++res.losses;
        else ++res.draws;
    };
    count(results_[red][black], redPoints);
    count(results_[black][red], 1 - redPoints);
    ++games_;
    if (pairId >= 0) {
        // Pair statistics from the lower-numbered engine's point of view.
        int low = std::min(red, black), high = std::max(red, black);
        double lowPoints = red == low ? redPoints : 1 - redPoints;
        auto& [seen, points] = openPairs_[pairId];
        points += lowPoints;
        if (++seen == 2) {
            int idx = int(points * 2 + 0.5);
            ++results_[low][high].pairs[idx];
            ++results_[high][low].pairs[4 - idx];
            openPairs_.erase(pairId);
        }
    }
}

std::string Scoreboard::score_line() const {
    const Results& r = results_[0][1];
    char buf[256];
    std::snprintf(buf, sizeof buf, "Score of %s vs %s: %d - %d - %d  [%.3f] %d", names_[0].c_str(),
                  names_[1].c_str(), r.wins, r.losses, r.draws, r.score(), r.games());
    return buf;
}

void Scoreboard::print_summary(std::ostream& out, const std::optional<Sprt>& sprt) const {
    if (names_.size() == 2) {
        const Results& r = results_[0][1];
        out << score_line() << "\n";
        if (r.pair_count()) out << pentanomial_line(r) << "\n";
        out << elo_line(r) << "\n";
        if (sprt) out << sprt_line(*sprt, r) << "\n";
        return;
    }
    if (rule_ != TieBreaks::ROUND_ROBIN) {
        print_swiss_standings(out);
        return;
    }
    // Standings against the field: by points, then the tie-breaks of article 14.1.
    struct Row {
        int index;
        Results total;
    };
    std::vector<Row> rows;
    for (const Standing& st : rank_players(int(names_.size()), crosstable_, TieBreaks::ROUND_ROBIN)) {
        Row row{st.player, {}};
        for (const Results& r : results_[size_t(st.player)]) {
            row.total.wins += r.wins;
            row.total.losses += r.losses;
            row.total.draws += r.draws;
        }
        rows.push_back(row);
    }
    char buf[256];
    std::snprintf(buf, sizeof buf, "%4s %-20s %17s %6s %7s %6s", "Rank", "Name", "Elo", "Games", "Score", "Draw");
    out << buf << "\n";
    int rank = 0;
    for (const Row& row : rows) {
        int games = row.total.games();
        // A perfect score shows its bound: a clamped estimate read -2400.0 +/- -0.0.
        std::snprintf(buf, sizeof buf, "%4d %-20s %17s %6d %6.1f%% %5.1f%%", ++rank, names_[row.index].c_str(),
                      elo_text(row.total).c_str(), games, games ? 100 * row.total.score() : 0.0,
                      games ? 100.0 * row.total.draws / games : 0.0);
        out << buf << "\n";
    }
}

// A Swiss ranks by points and 對手分 or 累進分 (14.3), which the table shows, byes included.
void Scoreboard::print_swiss_standings(std::ostream& out) const {
    const char* tieBreak = rule_ == TieBreaks::SWISS_OPPONENTS ? "Opp" : "Prog";
    char buf[256];
    std::snprintf(buf, sizeof buf, "%4s %-20s %6s %6s %5s %5s %5s", "Rank", "Name", "Points", tieBreak, "Wins", "Fouls",
                  "Black");
    out << buf << "\n";
    int rank = 0;
    for (const Standing& st : rank_players(int(names_.size()), crosstable_, rule_)) {
        std::snprintf(buf, sizeof buf, "%4d %-20s %6d %6g %5d %5d %5d", ++rank, names_[size_t(st.player)].c_str(),
                      st.points, st.tieBreak, st.wins, st.fouls, st.blackGames);
        out << buf << "\n";
    }
}

}  // namespace chuhe::match
