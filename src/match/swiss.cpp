#include "match/swiss.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <tuple>

namespace chuhe::match {

namespace {

enum Colour { NONE, RED, BLACK };

Colour other(Colour c) { return c == RED ? BLACK : RED; }

// A player as the pairing sees him: his points and his colour and float history.
struct Player {
    int number = 1;  // the seed number (1-based)
    int points = 0;
    int diff = 0;          // games as red minus games as black (多先 > 0, 少先 < 0, 平先 0)
    Colour last = NONE;    // the colour of his last game; byes have none and are skipped
    int streak = 0;        // games in a row with that colour (連先 or 連後 from two on)
    // Floats: games against a lower (down) or higher (up) score. 一.9 leaves out the float of
    // one alone in his score group, who cannot but float: such floats are not counted, and
    // `alone` (alone in his group this round) lets him float whatever his count.
    int down = 0, up = 0;
    bool alone = false;
    bool hadBye = false;
    std::vector<bool> met;

    // 要先 or 要後 (二.2). One who has played no game yet (only a bye) stands in the 要先 row:
    // he has had no red game, and the text names no third row.
    Colour wants() const {
        if (diff != 0) return diff < 0 ? RED : BLACK;
        return last == RED ? BLACK : RED;
    }
    // Whether colour c this round makes three more of one colour, or three in a row: what
    // 一.11(3) says to avoid.
    bool strained_by(Colour c) const {
        int d = diff + (c == RED ? 1 : -1);
        int s = last == c ? streak + 1 : 1;
        return std::abs(d) >= 3 || s >= 3;
    }
    int streak_of(Colour c) const { return last == c ? streak : 0; }
};

bool pairable(std::vector<bool>& taken, std::vector<std::vector<bool>>& met, bool byeLeft, std::vector<bool>& mayBye,
              const std::function<bool()>& then);

class Pairer {
public:
    Pairer(std::vector<Player> players, int round, int rounds) : p_(std::move(players)), round_(round), rounds_(rounds) {
        for (const Player& x : p_) met_.push_back(x.met);
    }

    bool pair(std::vector<std::pair<int, int>>& boards);
    bool gave_up() const { return gaveUp_; }

private:
    bool before(int a, int b) const;
    bool red_first(int a, int b) const;
    std::vector<int> candidates(int a, const std::vector<int>& group) const;
    bool allowed(int a, int b, bool strictColour) const;
    bool pair_from(size_t g, std::vector<int> floaters);
    bool search(std::vector<int> remaining, size_t g, int floats, int floatLimit, bool strictColour,
                std::vector<int>& leftovers);
    bool later_rounds_pairable() const;

    std::vector<Player> p_;
    std::vector<std::vector<bool>> met_;
    int round_, rounds_;
    bool capFloats_ = true;
    bool lookAhead_ = false;
    // The search can take exponential time when a round hardly pairs: each attempt of pair()
    // has a budget of search steps, small for the attempts that keep every rule, large for the
    // last (the float limit and the look-ahead given up); `gaveUp_` tells a spent budget from a
    // round that cannot be paired.
    int64_t steps_ = 0, budget_ = 0;
    bool gaveUp_ = false;
    int bye_ = -1;
    std::vector<std::vector<int>> groups_;  // score groups, highest first
    std::vector<std::pair<int, int>> boards_;
};

// The order of 二.2 in which players of a score group choose their opponents (the 先編者
// first): (1) the higher score (floaters from above), (2) the larger difference of reds and
// blacks, (3) the longer run of one colour (two or more: 連先/連後), (4)(5) in odd rounds the
// smaller number, in even rounds the larger. The rows 要先 and 要後 are sorted the same way.
bool Pairer::before(int a, int b) const {
    const Player &x = p_[size_t(a)], &y = p_[size_t(b)];
    if (x.points != y.points) return x.points > y.points;
    if (std::abs(x.diff) != std::abs(y.diff)) return std::abs(x.diff) > std::abs(y.diff);
    int sx = x.streak >= 2 ? x.streak : 0, sy = y.streak >= 2 ? y.streak : 0;
    if (sx != sy) return sx > sy;
    return round_ % 2 ? x.number < y.number : x.number > y.number;
}

// Whether a takes red against b: 二.4.
bool Pairer::red_first(int a, int b) const {
    const Player &x = p_[size_t(a)], &y = p_[size_t(b)];
    // 一.11(3) first: the assignment that strains fewer of the two (three more, three in a row).
    // The text lists these checks apart from 二.4's rules; putting them first is our choice, as
    // 二.4(10) treats such colours as what the earlier rounds must have avoided.
    int strainRed = x.strained_by(RED) + y.strained_by(BLACK), strainBlack = x.strained_by(BLACK) + y.strained_by(RED);
    if (strainRed != strainBlack) return strainRed < strainBlack;
    // (9): from the third round from the end, the higher score gets the colour he needs.
    if (round_ >= rounds_ - 2 && x.points != y.points) return (x.points > y.points ? x.wants() : other(y.wants())) == RED;
    Colour wx = x.wants(), wy = y.wants();
    // (1) 少先 against 多先, (2) 平先連後 against 平先連先, (7) 平先上後 against 連先: the one who
    // needs red gets it.
    if (wx != wy) return wx == RED;
    // Both need the same colour. (3)(5): of two who need red the longer run of blacks gets it;
    // (4)(6): of two who need black the longer run of reds gets black. The text gives no rule
    // for two 少先 (or 多先) of different size: the larger need wins, as (1) suggests.
    Colour need = wx;
    if (x.streak_of(other(need)) != y.streak_of(other(need)))
        return (x.streak_of(other(need)) > y.streak_of(other(need))) == (need == RED);
    if (x.diff != y.diff) return x.diff < y.diff;
    // (8): all equal: an odd sum of the numbers gives red to the smaller, an even one to the larger.
    bool odd = (x.number + y.number) % 2;
    return odd == (x.number < y.number);
}

// The opponents a may choose, in the order of 二.3: (1)(2) the other row (those who need the
// other colour) in its order, then (3) his own row by the nearest number. Where two are as near,
// the larger number comes first: 通行配對 looks 向下 (down the numbers).
std::vector<int> Pairer::candidates(int a, const std::vector<int>& group) const {
    std::vector<int> otherRow, sameRow;
    for (int b : group)
        if (b != a) (p_[size_t(b)].wants() != p_[size_t(a)].wants() ? otherRow : sameRow).push_back(b);
    std::sort(otherRow.begin(), otherRow.end(), [&](int x, int y) { return before(x, y); });
    int n = p_[size_t(a)].number;
    std::sort(sameRow.begin(), sameRow.end(), [&](int x, int y) {
        int dx = std::abs(p_[size_t(x)].number - n), dy = std::abs(p_[size_t(y)].number - n);
        return dx != dy ? dx < dy : p_[size_t(x)].number > p_[size_t(y)].number;
    });
    otherRow.insert(otherRow.end(), sameRow.begin(), sameRow.end());
    return otherRow;
}

bool Pairer::allowed(int a, int b, bool strictColour) const {
    const Player &x = p_[size_t(a)], &y = p_[size_t(b)];
    if (x.met[size_t(b)]) return false;  // 一.6: no rematch, ever
    if (capFloats_ && x.points != y.points) {
        // 一.9: a float (down for the higher score, up for the lower) at most twice.
        const Player &high = x.points > y.points ? x : y, &low = x.points > y.points ? y : x;
        if ((high.down >= 2 && !high.alone) || (low.up >= 2 && !low.alone)) return false;
    }
    if (!strictColour) return true;
    return !(x.strained_by(RED) || y.strained_by(BLACK)) || !(x.strained_by(BLACK) || y.strained_by(RED));
}

// Pairs score group g with the floaters from the groups above. Within each attempt of pair()
// (look-ahead and float limit on or off, the bye to whom), the order of the tries is the order
// of the rules' priorities:
// - fewest floaters first (一.10, 11(2): a group is paired as fully as it can be, even at a
//   cost to colours; 二.3(5): who is left floats down);
// - among the floaters, first those who have not floated down before, then those who have once
//   (一.9: floats balanced);
// - colours strict, then not (一.11(1)-(3): avoid three more and three in a row if the group
//   can still be paired fully; 二.4(10): never in the last round, whose pairs are not split for
//   colours);
// - within those, the order of 二.2 and 二.3 with backtracking (拆對, 二.5(1)), and when a lower
//   group cannot be paired the pairs above are split too (二.5(2)): the search returns to this
//   group and tries its next pairing, then one more floater.
bool Pairer::pair_from(size_t g, std::vector<int> floaters) {
    if (g == groups_.size()) return floaters.empty() && (!lookAhead_ || later_rounds_pairable());
    // A dead end is found here, not after every pairing of the groups above has been tried:
    // those still to pair must have a pairing without rematches at all.
    std::vector<bool> taken(p_.size(), true);
    for (int i : floaters) taken[size_t(i)] = false;
    for (size_t k = g; k < groups_.size(); ++k)
        for (int i : groups_[k]) taken[size_t(i)] = false;
    std::vector<bool> noBye;
    if (!pairable(taken, met_, false, noBye, nullptr)) return false;
    std::vector<int> group = floaters;
    group.insert(group.end(), groups_[g].begin(), groups_[g].end());
    std::sort(group.begin(), group.end(), [&](int x, int y) { return before(x, y); });
    bool lowest = g + 1 == groups_.size();
    int maxFloats = lowest ? 0 : int(group.size());
    bool lastRound = round_ == rounds_;
    for (int floats = int(group.size() % 2); floats <= maxFloats; floats += 2)
        for (int floatLimit : {0, 1, capFloats_ ? 1 : 1 << 20}) {
            if (floats == 0 && floatLimit > 0) break;  // nobody floats: the limit does not matter
            for (bool strict : {true, false}) {
                if (strict && lastRound) continue;
                std::vector<int> leftovers;
                if (search(group, g, floats, floatLimit, strict, leftovers)) return true;
            }
        }
    return false;
}

// The 先編者 (the first of `remaining`) takes the first opponent of his candidates the rules
// allow, or floats down; a dead end undoes the last choice.
bool Pairer::search(std::vector<int> remaining, size_t g, int floats, int floatLimit, bool strictColour,
                    std::vector<int>& leftovers) {
    if (int(remaining.size()) < floats) return false;
    if (++steps_ > budget_) {
        gaveUp_ = true;
        return false;
    }
    if (remaining.empty()) return pair_from(g + 1, leftovers);
    int a = remaining.front();
    remaining.erase(remaining.begin());
    for (int b : candidates(a, remaining)) {
        if (!allowed(a, b, strictColour)) continue;
        std::vector<int> rest = remaining;
        rest.erase(std::find(rest.begin(), rest.end(), b));
        boards_.push_back(red_first(a, b) ? std::pair{a, b} : std::pair{b, a});
        if (search(rest, g, floats, floatLimit, strictColour, leftovers)) return true;
        boards_.pop_back();
    }
    if (floats > 0 && (p_[size_t(a)].down <= floatLimit || p_[size_t(a)].alone)) {
        leftovers.push_back(a);
        if (search(remaining, g, floats - 1, floatLimit, strictColour, leftovers)) return true;
        leftovers.pop_back();
    }
    return false;
}

// Whether the players not yet `taken` can all be paired without a rematch, with a bye for one
// of those who `mayBye` when byeLeft, such that `then` (called with the pairs marked as met and
// the bye's mayBye cleared) holds too. The most constrained player goes first, which finds a
// pairing (or its absence) at once in all but contrived cases.
bool pairable(std::vector<bool>& taken, std::vector<std::vector<bool>>& met, bool byeLeft, std::vector<bool>& mayBye,
              const std::function<bool()>& then) {
    size_t n = taken.size(), a = n;
    int fewest = 1 << 30;
    for (size_t i = 0; i < n; ++i) {
        if (taken[i]) continue;
        int options = 0;
        for (size_t j = 0; j < n; ++j) options += j != i && !taken[j] && !met[i][j];
        if (options < fewest) fewest = options, a = i;
    }
    if (a == n) return !byeLeft && (!then || then());
    bool ok = false;
    taken[a] = true;
    if (byeLeft && mayBye[a]) {
        mayBye[a] = false;
        ok = pairable(taken, met, false, mayBye, then);
        mayBye[a] = true;
    }
    for (size_t b = 0; b < n && !ok; ++b) {
        if (taken[b] || met[a][b]) continue;
        taken[b] = true;
        met[a][b] = met[b][a] = true;
        ok = pairable(taken, met, byeLeft, mayBye, then);
        met[a][b] = met[b][a] = false;
        taken[b] = false;
    }
    taken[a] = false;
    return ok;
}

// Whether the rounds after this one (with the boards so far) can all be paired without a
// rematch, and with byes for those who have not had one when the number is odd. Proving that
// no rounds are left can take long: past a budget of steps the answer is yes.
bool Pairer::later_rounds_pairable() const {
    size_t n = p_.size();
    std::vector<std::vector<bool>> met = met_;
    for (auto [a, b] : boards_) met[size_t(a)][size_t(b)] = met[size_t(b)][size_t(a)] = true;
    std::vector<bool> mayBye(n);
    for (size_t i = 0; i < n; ++i) mayBye[i] = !p_[i].hadBye && int(i) != bye_;
    int64_t steps = 0;
    std::function<bool(int)> rounds = [&](int left) -> bool {
        if (left == 0 || ++steps > 20000) return true;
        if (n % 2 && std::none_of(mayBye.begin(), mayBye.end(), [](bool b) { return b; }))
            mayBye.assign(n, true);  // all have had a bye: anyone may have a second
        std::vector<bool> taken(n, false);
        return pairable(taken, met, n % 2 == 1, mayBye, [&] { return rounds(left - 1); });
    };
    return rounds(rounds_ - round_);
}

bool Pairer::pair(std::vector<std::pair<int, int>>& boards) {
    int n = int(p_.size());
    // 一.5: with an odd number the bye goes to the lowest score group. The clause names the group,
    // not the player: we take the largest number of the lowest group who has not had a bye (a
    // second bye would be a rematch with nobody, 一.6), and move up only if the rest cannot be
    // paired: the bye moves up a group before a later round is made unpairable or someone floats
    // a third time (the attempts below).
    std::vector<int> byes;
    if (n % 2) {
        for (int i = 0; i < n; ++i)
            if (!p_[size_t(i)].hadBye) byes.push_back(i);
        std::sort(byes.begin(), byes.end(), [&](int x, int y) {
            return p_[size_t(x)].points != p_[size_t(y)].points ? p_[size_t(x)].points < p_[size_t(y)].points : x > y;
        });
        if (byes.empty())
            for (int i = n - 1; i >= 0; --i) byes.push_back(i);  // all have had one: only then a second
    } else {
        byes.push_back(-1);
    }
    // 二.3: pair so that the later rounds can be paired too (為方便後面輪次的編排提供一定的保證):
    // first a pairing after which the rounds still to come can be paired without rematches (a
    // greedy round can leave, say, two triangles of players who have met all else), only then
    // any. A round that leaves a later one unpairable is worse than a third float, so this
    // comes first.
    for (int attempt = 0; attempt < 4; ++attempt) {
        bool ahead = attempt < 2, cap = attempt % 2 == 0;
        if (ahead && round_ == rounds_) continue;
        capFloats_ = cap;
        lookAhead_ = ahead;
        for (int bye : byes) {
            std::vector<int> order;
            for (int i = 0; i < n; ++i)
                if (i != bye) order.push_back(i);
            std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return p_[size_t(x)].points > p_[size_t(y)].points; });
            groups_.clear();
            for (size_t i = 0; i < order.size(); ++i) {
                if (i == 0 || p_[size_t(order[i])].points != p_[size_t(order[i - 1])].points) groups_.emplace_back();
                groups_.back().push_back(order[i]);
            }
            for (const auto& group : groups_)
                for (int i : group) p_[size_t(i)].alone = group.size() == 1;
            bye_ = bye;
            boards_.clear();
            steps_ = 0;
            budget_ = !cap && !ahead ? 5000000 : 200000;
            gaveUp_ = false;
            if (!pair_from(0, {})) continue;
            // Boards from the top: the higher score first, then the higher sum, then the
            // smaller number (the order the game numbers follow).
            auto key = [&](const std::pair<int, int>& b) {
                const Player &x = p_[size_t(b.first)], &y = p_[size_t(b.second)];
                return std::tuple{-std::max(x.points, y.points), -(x.points + y.points), std::min(x.number, y.number)};
            };
            std::stable_sort(boards_.begin(), boards_.end(), [&](auto& a, auto& b) { return key(a) < key(b); });
            boards = boards_;
            if (bye >= 0) boards.push_back({bye, -1});
            return true;
        }
    }
    return false;
}

}  // namespace

bool pair_swiss_round(int players, int round, int rounds, const std::vector<CrossGame>& games,
                      std::vector<std::pair<int, int>>& boards, std::string* error) {
    boards.clear();
    if (round == 1) {
        // 二.1: near numbers, 1-2, 4-3, 5-6, 8-7...: on odd boards the smaller number has red,
        // on even boards the larger. With an odd number the last number has the bye (一.5: all
        // are in the lowest group).
        for (int i = 0; i + 1 < players; i += 2)
            boards.push_back((i / 2) % 2 == 0 ? std::pair{i, i + 1} : std::pair{i + 1, i});
        if (players % 2) boards.push_back({players - 1, -1});
        return true;
    }
    std::vector<Player> p(static_cast<size_t>(players));
    for (int i = 0; i < players; ++i) {
        p[size_t(i)].number = i + 1;
        p[size_t(i)].met.assign(size_t(players), false);
    }
    std::vector<CrossGame> sorted = games;
    std::stable_sort(sorted.begin(), sorted.end(), [](const CrossGame& a, const CrossGame& b) { return a.round < b.round; });
    // Round by round, so that a float compares the scores before the round it was in.
    for (size_t i = 0; i < sorted.size();) {
        size_t end = i;
        while (end < sorted.size() && sorted[end].round == sorted[i].round) ++end;
        std::vector<int> before(static_cast<size_t>(players));
        for (int k = 0; k < players; ++k) before[size_t(k)] = p[size_t(k)].points;
        std::vector<bool> paired(static_cast<size_t>(players), false);
        for (size_t k = i; k < end; ++k)
            if (sorted[k].black >= 0) paired[size_t(sorted[k].red)] = paired[size_t(sorted[k].black)] = true;
        auto alone = [&](int player) {
            int same = 0;
            for (int k = 0; k < players; ++k) same += paired[size_t(k)] && before[size_t(k)] == before[size_t(player)];
            return same == 1;
        };
        for (; i < end; ++i) {
            const CrossGame& g = sorted[i];
            Player& red = p[size_t(g.red)];
            if (g.black < 0) {
                red.hadBye = true;
                red.points += 2;  // 一.5: a bye counts as a win
                continue;
            }
            Player& black = p[size_t(g.black)];
            red.met[size_t(g.black)] = black.met[size_t(g.red)] = true;
            red.points += g.redPoints;
            black.points += 2 - g.redPoints;
            for (auto [pl, c] : {std::pair{&red, RED}, std::pair{&black, BLACK}}) {
                pl->diff += c == RED ? 1 : -1;
                pl->streak = pl->last == c ? pl->streak + 1 : 1;
                pl->last = c;
            }
            // 一.9: a float of one alone in his score group (the bye left out) is not counted.
            int r = before[size_t(g.red)], b = before[size_t(g.black)];
            bool redAlone = alone(g.red), blackAlone = alone(g.black);
            if (r > b) red.down += !redAlone, black.up += !blackAlone;
            if (r < b) red.up += !redAlone, black.down += !blackAlone;
        }
    }
    Pairer pairer(std::move(p), round, rounds);
    if (pairer.pair(boards)) return true;
    if (error)
        *error = pairer.gave_up() ? "the pairing of round " + std::to_string(round) + " took too long (no pairing found)"
                                  : "no pairing of round " + std::to_string(round) + " avoids a rematch";
    return false;
}

}  // namespace chuhe::match
