#include "strength/strength.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>

namespace chuhe::strength {

namespace {

// The measured levels and their Elo at 10+0.1 s, ElephantEye = 2000 (README "Strength
// levels" has the matches); the levels between are interpolated.
struct LevelElo {
    int level, elo;
};
constexpr LevelElo MEASURED[] = {{0, 732},  {2, 732},   {5, 1168},  {8, 1576}, {11, 1895},
                                 {13, 2042}, {15, 2257}, {17, 2374}, {20, 2643}};

}  // namespace

extern const int MIN_ELO = MEASURED[0].elo;
extern const int MAX_ELO = std::end(MEASURED)[-1].elo;

bool parse_randomness(const char* text, Randomness* out) {
    for (int i = 0; i < 6; ++i)
        if (std::strcmp(text, RANDOMNESS_NAMES[i]) == 0) return *out = Randomness(i), true;
    return false;
}

Value randomness_margin(Randomness r) {
    static const Value MARGIN[] = {0, 5, 10, 20, 40, 80};
    return MARGIN[int(r)];
}

int elo_of_level(int level) {
    level = std::clamp(level, 0, MAX_LEVEL);
    const LevelElo* hi = MEASURED;
    while (hi->level < level) ++hi;
    if (hi->level == level) return hi->elo;
    const LevelElo* lo = hi - 1;
    return lo->elo + (hi->elo - lo->elo) * (level - lo->level) / (hi->level - lo->level);
}

int level_for_elo(int elo) {
    // The weakest level that plays at least as well as asked: never weaker than the Elo
    // the player chose, at most one level's step (about 100 Elo) stronger.
    for (int level = 0; level < MAX_LEVEL; ++level)
        if (elo_of_level(level) >= elo) return level;
    return MAX_LEVEL;
}

Params params(int level, Randomness randomness) {
    level = std::clamp(level, 0, MAX_LEVEL);
    Params p;
    if (level < MAX_LEVEL) {
        // The node budget is the main knob: each level searches 2^0.4 (about 1.32) times the
        // nodes of the one below, 1,000 at level 0 and 194,012 at level 19 (about what full
        // strength spends on a move at 10+0.1 s, but on two or four lines). A depth cap only
        // at the lowest levels, where even 1,000 nodes would see too deep. A first version
        // capped every level's depth at 1 + level / 2 and gave 9% of the moves away at level
        // 17: it scored 19% against ElephantEye where full strength scores 97%, a gap no
        // level filled. Two candidates, not four: with four lines, level 12 (20% of its moves
        // among the lines within 90 cp) scored 9% where level 14 with two scored 79%; the
        // third and fourth lines gave away more than all the levels' node steps.
        int below = MAX_LEVEL - level;
        p.nodes = uint64_t(std::llround(1000.0 * std::exp2(0.4 * level)));
        p.depth = level < 6 ? 1 + level : 0;  // 1 at level 0, 6 at level 5
        p.candidates = 2;
        p.otherShare = 5 * below / 2;         // 50% at level 0, 2% at level 19
        p.maxLoss = Value(10 + 10 * below);   // 210 cp at level 0, 20 at level 19
    }
    if (Value margin = randomness_margin(randomness)) {
        // Randomness alone: any candidate within the margin, chosen evenly with the best.
        p.candidates = 4;
        p.maxLoss = std::max(p.maxLoss, margin);
        p.otherShare = std::max(p.otherShare, 100);
    }
    return p;
}

Move choose(const std::vector<Candidate>& candidates, const Params& p, uint64_t random1, uint64_t random2) {
    if (candidates.empty()) return MOVE_NONE;
    const Candidate& best = candidates[0];
    // A forced mate is played as found: scores of slower mates are only plies apart and
    // would pass any margin, and a line that keeps postponing the mate may never give it.
    if (int(random1 % 100) >= p.otherShare || is_mate_score(best.score)) return best.move;
    // A move that walks into a mate the best one avoids is never a human slip worth copying.
    std::vector<Move> pool{best.move};
    for (size_t i = 1; i < candidates.size(); ++i)
        if (best.score - candidates[i].score <= p.maxLoss && candidates[i].score > VALUE_MATED_IN_MAX_PLY)
            pool.push_back(candidates[i].move);
    return pool[random2 % pool.size()];
}

}  // namespace chuhe::strength
