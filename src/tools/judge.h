// `chuhe judge`: the rules lookup. Replays a game fragment and rules on the repetition it ends
// with, move by move, with the articles the ruling rests on.
#pragma once

#include <string>
#include <vector>

namespace chuhe {

// `chuhe judge [--rules asian|chinese] (--fen FEN | --pgn FILE [--game N] [--ply K]) [--moves "m1 m2 ..."]`
int run_judge(const std::vector<std::string>& args);

}  // namespace chuhe
