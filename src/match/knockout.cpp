#include "match/knockout.h"

#include <algorithm>

namespace chuhe::match {

namespace {

// The positions in the order they stand down the table: [1, 2] grows to [1, 4, 2, 3], to
// [1, 8, 4, 5, 2, 7, 3, 6]... each position k of the smaller table becomes the pair k and
// 2n+1-k, so the better positions meet as late as possible. 0-based.
std::vector<int> table_order(int size) {
    std::vector<int> order = {0};
    for (int n = 1; n < size; n *= 2) {
        std::vector<int> next;
        for (int k : order) next.insert(next.end(), {k, 2 * n - 1 - k});
        order = next;
    }
    return order;
}

std::string match_name(char bracket, int round, int number) {
    return std::string(1, bracket) + std::to_string(round) + "." + std::to_string(number);
}

// The winners' bracket: its rounds' matches by index into `out`.
std::vector<std::vector<int>> winners_bracket(int size, std::vector<KnockoutMatch>& out) {
    std::vector<std::vector<int>> rounds(1);
    std::vector<int> order = table_order(size);
    for (int i = 0; i < size / 2; ++i) {
        rounds[0].push_back(int(out.size()));
        out.push_back({match_name('W', 1, i + 1), 1, {Slot::POSITION, order[size_t(2 * i)]},
                       {Slot::POSITION, order[size_t(2 * i + 1)]}});
    }
    while (rounds.back().size() > 1) {
        const std::vector<int> prev = rounds.back();
        rounds.emplace_back();
        for (size_t i = 0; i + 1 < prev.size(); i += 2) {
            rounds.back().push_back(int(out.size()));
            out.push_back({match_name('W', int(rounds.size()), int(i / 2 + 1)), int(rounds.size()),
                           {Slot::WINNER, prev[i]}, {Slot::WINNER, prev[i + 1]}});
        }
    }
    return rounds;
}

// Each match is played in the round after the last of its feeders; the bracket sorted by
// round (the slots name matches by index, so they are renumbered).
std::vector<KnockoutMatch> sort_by_round(std::vector<KnockoutMatch> out) {
    std::vector<int> round(out.size());
    for (size_t i = 0; i < out.size(); ++i) {
        int r = 1;
        for (const Slot& s : {out[i].a, out[i].b})
            if (s.kind != Slot::POSITION) r = std::max(r, round[size_t(s.index)] + 1);
        round[i] = r;
        out[i].round = r;
    }
    std::vector<int> order(out.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = int(i);
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return round[size_t(x)] < round[size_t(y)]; });
    std::vector<int> where(out.size());
    for (size_t i = 0; i < order.size(); ++i) where[size_t(order[i])] = int(i);
    std::vector<KnockoutMatch> sorted;
    for (int i : order) {
        KnockoutMatch m = out[size_t(i)];
        for (Slot* s : {&m.a, &m.b})
            if (s->kind != Slot::POSITION) s->index = where[size_t(s->index)];
        sorted.push_back(m);
    }
    return sorted;
}

}  // namespace

int bracket_size(int players, bool doubleElimination) {
    int size = doubleElimination ? 4 : 2;
    while (size < players) size *= 2;
    return size;
}

std::vector<KnockoutMatch> single_elimination(int size) {
    std::vector<KnockoutMatch> out;
    winners_bracket(size, out);
    return out;
}

std::vector<KnockoutMatch> double_elimination(int size) {
    std::vector<KnockoutMatch> out;
    std::vector<std::vector<int>> w = winners_bracket(size, out);
    // Losers' round 1: the losers of neighbouring first-round matches.
    std::vector<int> losers;
    int lRound = 1;
    for (size_t i = 0; i + 1 < w[0].size(); i += 2) {
        losers.push_back(int(out.size()));
        out.push_back({match_name('L', lRound, int(i / 2 + 1)), 0, {Slot::LOSER, w[0][i]}, {Slot::LOSER, w[0][i + 1]}});
    }
    for (size_t r = 1; r < w.size(); ++r) {
        // A drop round: the losers' bracket survivors against the losers of winners' round r+1,
        // in reversed order.
        std::vector<int> next;
        ++lRound;
        for (size_t i = 0; i < losers.size(); ++i) {
            next.push_back(int(out.size()));
            out.push_back({match_name('L', lRound, int(i + 1)), 0, {Slot::WINNER, losers[i]},
                           {Slot::LOSER, w[r][w[r].size() - 1 - i]}});
        }
        losers = next;
        if (losers.size() == 1) break;
        // An inner round: the survivors among themselves.
        next.clear();
        ++lRound;
        for (size_t i = 0; i + 1 < losers.size(); i += 2) {
            next.push_back(int(out.size()));
            out.push_back({match_name('L', lRound, int(i / 2 + 1)), 0, {Slot::WINNER, losers[i]},
                           {Slot::WINNER, losers[i + 1]}});
        }
        losers = next;
    }
    KnockoutMatch final{"F", 0, {Slot::WINNER, w.back()[0]}, {Slot::WINNER, losers[0]}, true};
    out.push_back(final);
    return sort_by_round(out);
}

std::pair<int, int> match_players(const std::vector<KnockoutMatch>& bracket, const std::vector<int>& winner, int m,
                                  int players) {
    auto from = [&](const Slot& s) {
        if (s.kind == Slot::POSITION) return s.index < players ? s.index : -1;
        int w = winner[size_t(s.index)];
        if (s.kind == Slot::WINNER || w == -2) return w;
        // The loser: the other player of that match (nobody when it was a bye).
        auto [a, b] = match_players(bracket, winner, s.index, players);
        if (a < 0 || b < 0) return -1;
        return w == a ? b : a;
    };
    return {from(bracket[size_t(m)].a), from(bracket[size_t(m)].b)};
}

int encounter_games(int games, bool grandFinal) { return grandFinal ? 4 : games + 3; }

int encounter_winner(const std::vector<int>& firstPoints, int games, bool grandFinal, bool firstPreferred) {
    int played = int(firstPoints.size());
    if (grandFinal) {
        // Note (2): a win by the winners' bracket player takes the title; the losers' bracket
        // player's first win only levels the two (both have lost once), his second takes it.
        // Note (3): after four games, the winners' bracket player is champion unless the other
        // has won a game (1 win and 2 draws, then a draw: the losers' bracket player). The
        // text does not say what three draws and a win for the losers' bracket player give:
        // the same as its 1 win 2 draws, the title to him.
        int secondWins = 0;
        for (int p : firstPoints) {
            if (p == 2) return 0;
            if (p == 0 && ++secondWins == 2) return 1;
        }
        if (played < 4) return -1;
        return secondWins ? 1 : 0;
    }
    int points = 0;
    for (int p : firstPoints) points += p - 1;  // the first player's lead, in half games
    if (played >= games && points != 0) return points > 0 ? 0 : 1;
    if (played < encounter_games(games, false)) return -1;
    return firstPreferred ? 0 : 1;
}

}  // namespace chuhe::match
