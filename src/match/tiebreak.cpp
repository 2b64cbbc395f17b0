#include "match/tiebreak.h"

#include <algorithm>
#include <functional>

namespace chuhe::match {

namespace {

using Group = std::vector<int>;
// A criterion: a value for each player of a tied group (higher ranks first). Some depend on
// the group (the direct encounter is among the tied players only).
using Criterion = std::function<double(int player, const Group& tied)>;

}  // namespace

bool is_foul(const std::string& termination) {
    return termination.find("loses by the repetition rules") != std::string::npos ||
           termination.find("played an illegal move") != std::string::npos;
}

CrossGame cross_game(int round, int red, int black, const std::string& result, const std::string& termination) {
    int redPoints = result == "1-0" ? 2 : result == "0-1" ? 0 : 1;
    // The loser of a game lost by a foul is the one who fouled.
    bool foul = is_foul(termination);
    return {round, red, black, redPoints, foul && redPoints == 0, foul && redPoints == 2};
}

std::vector<Standing> rank_players(int players, const std::vector<CrossGame>& games, TieBreaks rule) {
    std::vector<Standing> s(static_cast<size_t>(players));
    int rounds = 0;
    for (const CrossGame& g : games) rounds = std::max(rounds, g.round);
    // gained[p][r]: points player p scored in round r.
    std::vector<std::vector<int>> gained(size_t(players), std::vector<int>(size_t(rounds) + 1, 0));
    for (int p = 0; p < players; ++p) s[size_t(p)].player = p;
    for (const CrossGame& g : games) {
        Standing& red = s[size_t(g.red)];
        int redPoints = g.black < 0 ? 2 : g.redPoints;
        red.points += redPoints;
        red.wins += redPoints == 2;
        gained[size_t(g.red)][size_t(g.round)] += redPoints;
        if (g.black < 0) continue;
        Standing& black = s[size_t(g.black)];
        black.points += 2 - redPoints;
        black.wins += redPoints == 0;
        ++black.blackGames;
        gained[size_t(g.black)][size_t(g.round)] += 2 - redPoints;
        red.fouls += g.redFoul;
        black.fouls += g.blackFoul;
    }
    // 14.4: a bye's opponent counts with the lowest score of the players who have points.
    int lowest = 0;
    for (const Standing& p : s)
        if (p.points > 0 && (lowest == 0 || p.points < lowest)) lowest = p.points;
    // The running score of player p after round r, and the sum of those from round `from` on.
    auto score_after = [&](int p, int r) {
        int total = 0;
        for (int i = 1; i <= r; ++i) total += gained[size_t(p)][size_t(i)];
        return total;
    };
    auto progressive = [&](int p, int from) {
        int total = 0;
        for (int r = from; r <= rounds; ++r) total += score_after(p, r);
        return total;
    };
    for (const CrossGame& g : games) {
        if (g.black < 0) {
            if (rule == TieBreaks::SWISS_OPPONENTS) s[size_t(g.red)].tieBreak += lowest;
            continue;
        }
        int redPoints = g.redPoints;
        const double redOpponent = s[size_t(g.black)].points, blackOpponent = s[size_t(g.red)].points;
        if (rule == TieBreaks::ROUND_ROBIN) {  // all of a beaten opponent's points, half of a drawn one's
            s[size_t(g.red)].tieBreak += redOpponent * redPoints / 2;
            s[size_t(g.black)].tieBreak += blackOpponent * (2 - redPoints) / 2;
        } else if (rule == TieBreaks::SWISS_OPPONENTS) {
            s[size_t(g.red)].tieBreak += redOpponent;
            s[size_t(g.black)].tieBreak += blackOpponent;
        }
    }
    if (rule == TieBreaks::SWISS_PROGRESSIVE)
        for (Standing& p : s) p.tieBreak = progressive(p.player, 1);

    std::vector<Criterion> criteria = {
        [&](int p, const Group&) { return s[size_t(p)].points; },
        [&](int p, const Group&) { return s[size_t(p)].tieBreak; },
        [&](int p, const Group&) { return s[size_t(p)].wins; },
    };
    if (rule == TieBreaks::ROUND_ROBIN)
        criteria.push_back([&](int p, const Group& tied) {  // 直勝: the points among the tied players
            int points = 0;
            for (const CrossGame& g : games) {
                if (g.black < 0) continue;
                bool redTied = std::count(tied.begin(), tied.end(), g.red) > 0;
                bool blackTied = std::count(tied.begin(), tied.end(), g.black) > 0;
                if (!redTied || !blackTied) continue;
                if (g.red == p) points += g.redPoints;
                if (g.black == p) points += 2 - g.redPoints;
            }
            return double(points);
        });
    criteria.push_back([&](int p, const Group&) { return -double(s[size_t(p)].fouls); });
    criteria.push_back([&](int p, const Group&) { return double(s[size_t(p)].blackGames); });
    if (rule == TieBreaks::ROUND_ROBIN) {
        criteria.push_back([&](int p, const Group& tied) {  // 對局時後走: black in the two's game
            if (tied.size() != 2) return 0.0;
            int other = tied[0] == p ? tied[1] : tied[0];
            for (const CrossGame& g : games)
                if (g.black == p && g.red == other) return 1.0;
            return 0.0;
        });
    } else if (rule == TieBreaks::SWISS_OPPONENTS) {
        for (int r = rounds - 1; r >= 1; --r)
            criteria.push_back([&, r](int p, const Group&) { return double(score_after(p, r)); });
    } else {
        for (int from = 2; from <= rounds; ++from)
            criteria.push_back([&, from](int p, const Group&) { return double(progressive(p, from)); });
    }

    // Sort by the first criterion, then split every tied group by the next, and so on.
    std::vector<Group> groups(1);
    for (int p = 0; p < players; ++p) groups[0].push_back(p);
    for (const Criterion& criterion : criteria) {
        std::vector<Group> next;
        for (const Group& tied : groups) {
            if (tied.size() == 1) {
                next.push_back(tied);
                continue;
            }
            std::vector<std::pair<double, int>> values;
            for (int p : tied) values.push_back({criterion(p, tied), p});
            std::stable_sort(values.begin(), values.end(), [](auto& a, auto& b) { return a.first > b.first; });
            for (size_t i = 0; i < values.size(); ++i) {
                if (i == 0 || values[i].first != values[i - 1].first) next.emplace_back();
                next.back().push_back(values[i].second);
            }
        }
        groups = next;
    }
    std::vector<Standing> out;
    for (const Group& g : groups)
        for (size_t i = 0; i < g.size(); ++i) {
            out.push_back(s[size_t(g[i])]);
            out.back().shared = i > 0;
        }
    return out;
}

}  // namespace chuhe::match
