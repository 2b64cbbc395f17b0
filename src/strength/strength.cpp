#include "strength/strength.h"

#include <algorithm>
#include <cstring>

namespace chuhe::strength {

bool parse_randomness(const char* text, Randomness* out) {
    for (int i = 0; i < 6; ++i)
        if (std::strcmp(text, RANDOMNESS_NAMES[i]) == 0) return *out = Randomness(i), true;
    return false;
}

Value randomness_margin(Randomness r) {
    static const Value MARGIN[] = {0, 5, 10, 20, 40, 80};
    return MARGIN[int(r)];
}

int level_for_elo(int elo) {
    elo = std::clamp(elo, MIN_ELO, MAX_ELO);
    return (elo - MIN_ELO) * MAX_LEVEL / (MAX_ELO - MIN_ELO);
}

Params params(int level, Randomness randomness) {
    level = std::clamp(level, 0, MAX_LEVEL);
    Params p;
    if (level < MAX_LEVEL) {
        int below = MAX_LEVEL - level;
        p.depth = 1 + level / 2;                    // 1 at level 0, 10 at level 19
        p.nodes = uint64_t(1000) << (level / 2);    // 1,000 at level 0, 512,000 at level 19
        p.candidates = 4;
        p.otherShare = 3 * below;                   // 60% at level 0, 3% at level 19
        p.maxLoss = Value(20 + 15 * below);         // 320 cp at level 0, 35 at level 19
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
