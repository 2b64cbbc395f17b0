// Lines to the GUI. Search threads and the input loop both write, so every line goes out
// whole, under one lock, and is flushed at once (GUIs read pipes line by line).
#pragma once

#include <string_view>

namespace chuhe {

void send_line(std::string_view line);

}  // namespace chuhe
