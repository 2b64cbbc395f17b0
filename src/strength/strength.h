// Playing weaker on purpose, for people: a level from 0 to 20 (20 = full strength) limits the
// search's depth and nodes, and makes the engine choose now and then a move other than its
// best among the MultiPV candidates, never one that loses more than the level allows. So a weak
// level misses deep ideas and drops a little material, as a weak player does, instead of
// playing a random blunder between perfect moves.
//
// UCI_Elo is measured, not guessed: the Elo of a level is fitted from matches at 10+0.1 s
// against ElephantEye (2000 on Cyclone's scale, the anchor) and between neighbouring levels
// (README "Strength levels" has the table).
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.h"
#include "eval/value.h"

namespace chuhe::strength {

constexpr int MAX_LEVEL = 20;
// UCI_Elo's range: the Elo of level 0 and of full strength at 10+0.1 s (measured: the table
// is in strength.cpp).
extern const int MIN_ELO, MAX_ELO;

// UCCI's randomness: how many centipawns below the best a move may be and still be chosen,
// at any level.
enum class Randomness { None, Tiny, Small, Medium, Large, Huge };
constexpr const char* RANDOMNESS_NAMES[] = {"none", "tiny", "small", "medium", "large", "huge"};
bool parse_randomness(const char* text, Randomness* out);
Value randomness_margin(Randomness r);

struct Params {
    int depth = 0;       // 0: no limit
    uint64_t nodes = 0;  // 0: no limit
    int candidates = 1;  // MultiPV lines searched to choose among
    int otherShare = 0;  // per cent of moves that may be another candidate than the best
    Value maxLoss = 0;   // how far below the best score such a candidate may be
};

// The Elo a level plays at (interpolated between the measured levels), and the level
// UCI_Elo stands for: the weakest one whose Elo is at least as high.
int elo_of_level(int level);
int level_for_elo(int elo);
// What a level (and randomness) mean for the search and the choice.
Params params(int level, Randomness randomness);
// True when the engine plays as it would anyway.
inline bool full_strength(int level, Randomness r) { return level >= MAX_LEVEL && r == Randomness::None; }

struct Candidate {
    Move move = MOVE_NONE;
    Value score = VALUE_ZERO;
};

// The move to play among the candidates (best first): the best one, or with otherShare per cent
// chance one of the others within maxLoss of it. random: two independent uniform draws.
Move choose(const std::vector<Candidate>& candidates, const Params& p, uint64_t random1, uint64_t random2);

}  // namespace chuhe::strength
