// Repeated positions inside the search, ruled by the repetition rules (src/rules).
//
// A position that repeats an earlier one since the last capture (on the search path or in
// the game before the root) is judged by its cycle. The second time it stands on the board
// a draw ends the line, but an offender (a perpetual check or chase) only has to vary, and
// may still do so: the node is searched on. The third time the ruling is final: the offender
// loses, whichever side completed the cycle. Judging at the second occurrence would score a
// perpetual the loser never had to play, the false rule mates of the `search` cases in
// ../shared/data/rules/axf-repetition-cases.txt.
#pragma once

#include <array>
#include <cstdint>

#include "core/position.h"
#include "eval/value.h"
#include "rules/repetition.h"
#include "rules/rule_set.h"

namespace chuhe {

// Xor-ed into the TT key of a position that repeats an earlier one (a "fold"). Its value
// depends on the history, through the rulings below it, so it must not be shared with the
// same position reached fresh. Nodes with a final ruling return before the TT is touched.
constexpr uint64_t FOLD_KEY = 0x6A09E667F3BCC909ULL;

// What a node answers when the move that reached it completed the offender's third
// occurrence: the rules forbid that move (the offender must vary), so the parent passes
// over it as if it did not exist; only with no other move does the offender lose by rule.
// Scoring the move as a rule loss instead would let a defender choose the rule loss over a
// longer mate, and a mate forced through the perpetual would show as a rule win.
constexpr Value VALUE_FORBIDDEN = VALUE_NONE + 1;

class RepetitionJudge {
public:
    // Score, for the side to move at `ply`, of the current position, which repeats the one at
    // history index `previous` (rules::find_repetition): a draw or a rule result that ends the
    // line, or VALUE_NONE when the line goes on. Then *offender (when given) is the side that
    // must vary before the third occurrence, or COLOR_NB when neither must.
    Value judge(Position& pos, int previous, int ply, RuleSet rules, Color* offender = nullptr);

    // The ruling on the cycle from history index `first` to the current position, from a
    // small table keyed by the cycle: a perpetual is met again and again in a search, and
    // classifying its moves (rule_cycle) costs microseconds.
    Ruling ruling(Position& pos, int first, RuleSet rules);

private:
    struct Entry {
        uint64_t key = 0;
        Ruling ruling = Ruling::NO_REPETITION;
    };
    std::array<Entry, 4096> table_{};
};

}  // namespace chuhe
