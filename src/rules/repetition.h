// Rulings on repeated positions. A cycle is the run of moves between the previous occurrence of
// the current position and now, and only that run: how the cycle was entered does not count.
// When the position stands on the board for the third time (or more), the cycle runs from the
// occurrence before the previous one, so that two different loops through the same position are
// judged together (CXA 23.1 counts three repetitions; AXF diagram 80).
// Each side's moves in it are classified (classify.h) and the rule set decides who must vary:
// that side loses if it completes the cycle; otherwise the repetition is a draw.
//
// Asian rules (AXF): perpetual check loses, mutual perpetual check draws; a perpetual chase is a
// piece chased on every move of the side, by one and the same attacker or as the only piece
// chased on every move (rule 32 lets pieces that take turns chasing several pieces go); a piece
// that is itself chased on every move and stays where it is chases nothing through other moves
// (rule 19, diagram 61); check weighs more than chase; mutual chases draw.
// Chinese rules (CXA 2011): every move check, mate threat or chase (of one or several pieces) is
// forbidden (24.13), with 長將 losing outright (25.1); forbidden against allowed loses (25.3);
// both forbidden is decided by 26.8.
#pragma once

#include <string>
#include <vector>

#include "core/position.h"
#include "rules/classify.h"
#include "rules/rule_set.h"

namespace chuhe {

enum class Ruling : uint8_t { NO_REPETITION, DRAW, RED_LOSES, BLACK_LOSES };

const char* ruling_text(Ruling r);  // "red loses", "draw", ...

// How one side behaved over the cycle.
struct Conduct {
    enum Kind : uint8_t { ALLOWED, PERPETUAL_CHECK, FORBIDDEN };
    Kind kind = ALLOWED;
    bool severe = false;     // chinese: a form 26.8.1 makes the side vary even against forbidden moves
    bool jointOnly = false;  // chinese: its lesser chases are all joint chases (聯合捉子, 26.8.2-26.8.3)
    uint32_t chased = 0;     // asian: pieces (by identity, see CycleJudgement::ids) chased on every move
    std::string summary;
};

struct CycleJudgement {
    Ruling ruling = Ruling::NO_REPETITION;
    int first = -1;                 // history index of the earlier occurrence of the current position
    int last = -1;                  // history index of the current position
    std::vector<MoveNature> moves;  // the cycle's moves in order (when explaining)
    Conduct conduct[COLOR_NB];
    std::vector<std::string> grounds;  // the rules the ruling rests on
};

// History index of the latest earlier occurrence of the current position, looking back no
// further than the last capture or null move; -1 when there is none.
int find_repetition(const Position& pos);

// History index of the occurrence before `previous` of the current position since the last
// capture, or -1: the current position stands on the board for the third time when there is one.
int occurrence_before(const Position& pos, int previous);

// Whether playing m makes the mover lose by the rules at once: the position it makes stands
// on the board the third time and the mover is the offender (UCCI's banmoves, the root).
bool loses_by_rule(Position& pos, Move m, RuleSet rules);

// Rules on the cycle that ends at the current position of pos. pos is walked back to the
// earlier occurrence and forward again, and is left as it was. With explain, the judgement
// also keeps each move's classification and explanations.
CycleJudgement judge_cycle(Position& pos, RuleSet rules, bool explain);

// The ruling alone, for the search: it stops classifying a side's moves as soon as that side is
// known to be blameless, and looks for mate threats only under the chinese rules.
inline Ruling rule_cycle(Position& pos, RuleSet rules) { return judge_cycle(pos, rules, false).ruling; }

}  // namespace chuhe
