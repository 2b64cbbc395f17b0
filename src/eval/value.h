// Scores. 100 is one horse or cannon (the UCCI convention); mate scores sit above every
// evaluation and count the plies to mate, so shorter mates score higher.
#pragma once

#include "core/types.h"

namespace chuhe {

using Value = int;

constexpr Value VALUE_ZERO = 0;
constexpr Value VALUE_DRAW = 0;
constexpr Value VALUE_MATE = 30000;
constexpr Value VALUE_INFINITE = 30001;
constexpr Value VALUE_NONE = 30002;
constexpr Value VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY;
constexpr Value VALUE_MATED_IN_MAX_PLY = -VALUE_MATE_IN_MAX_PLY;

constexpr Value mate_in(int ply) { return VALUE_MATE - ply; }
constexpr Value mated_in(int ply) { return -VALUE_MATE + ply; }
constexpr bool is_mate_score(Value v) { return v >= VALUE_MATE_IN_MAX_PLY || v <= VALUE_MATED_IN_MAX_PLY; }

// Wins and losses by the repetition rules (a perpetual check or chase completed the third
// time) have their own band just below the mates: decisive, nearer ones preferred, but never
// reported as a mate, since the loser might have varied earlier in a real game.
constexpr Value VALUE_RULE_WIN = VALUE_MATE_IN_MAX_PLY - 1;
constexpr Value VALUE_RULE_WIN_IN_MAX_PLY = VALUE_RULE_WIN - MAX_PLY;
constexpr Value VALUE_RULE_LOSS_IN_MAX_PLY = -VALUE_RULE_WIN_IN_MAX_PLY;

constexpr Value rule_win_in(int ply) { return VALUE_RULE_WIN - ply; }
constexpr Value rule_loss_in(int ply) { return -VALUE_RULE_WIN + ply; }
// A mate or a rule result: not an evaluation, and counted in plies from the node.
constexpr bool is_decisive(Value v) {
    return v >= VALUE_RULE_WIN_IN_MAX_PLY || v <= VALUE_RULE_LOSS_IN_MAX_PLY;
}
constexpr bool is_rule_score(Value v) { return is_decisive(v) && !is_mate_score(v); }

// Material values, also used by move ordering and the static exchange evaluation.
// The king's value only makes SEE treat a king capture as the end of an exchange.
constexpr Value PieceValue[PIECE_TYPE_NB] = {0, 230, 40, 105, 30, 100, 40, 2000};

inline Value piece_value(Piece p) { return PieceValue[type_of(p)]; }

}  // namespace chuhe
