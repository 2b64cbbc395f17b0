// `chuhe judge`: the rules lookup. Replays a game fragment and rules on the repetition it ends
// with, move by move, with the articles the ruling rests on.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "core/position.h"
#include "rules/rule_set.h"

namespace chuhe {

// Writes the ruling on the position pos has reached: a first line "ruling: ...", then the
// cycle's moves with what each one is, each side's conduct and the grounds. Shared with the
// protocol front ends' judge command. pos is left as it was.
void write_judgement(std::ostream& out, Position& pos, RuleSet rules);

// `chuhe judge [--rules asian|chinese] (--fen FEN | --pgn FILE [--game N] [--ply K]) [--moves "m1 m2 ..."]`
int run_judge(const std::vector<std::string>& args);

}  // namespace chuhe
