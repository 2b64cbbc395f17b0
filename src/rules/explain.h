// The ruling on a repetition in words: what each move of the cycle is, how each side behaved
// and the rules the ruling rests on. Written by `chuhe judge` and the protocols' judge command.
#pragma once

#include <ostream>

#include "core/position.h"
#include "rules/rule_set.h"

namespace chuhe {

// Writes the ruling on the position pos has reached: a first line "ruling: ...", the rule set,
// at a second occurrence a line saying that play goes on (the ruling applies at the third), then
// the cycle's moves with what each one is, each side's conduct and the grounds. pos is left as it was.
void write_judgement(std::ostream& out, Position& pos, RuleSet rules);

}  // namespace chuhe
