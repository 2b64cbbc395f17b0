// Positions as the command-line tools take them: a FEN or the word `startpos`.
#pragma once

#include <string>

#include "core/position.h"

namespace chuhe {

// Sets pos from text: "startpos" or a FEN. false with the reason (the FEN's) otherwise.
bool set_position_text(Position& pos, const std::string& text, std::string* error);

}  // namespace chuhe
