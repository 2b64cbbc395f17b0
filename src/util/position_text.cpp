#include "util/position_text.h"

namespace chuhe {

bool set_position_text(Position& pos, const std::string& text, std::string* error) {
    return pos.set(text == "startpos" ? std::string(Position::START_FEN) : text, error);
}

}  // namespace chuhe
