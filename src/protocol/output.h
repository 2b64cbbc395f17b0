// Lines to the GUI. Search threads and the input loop both write, so every line goes out
// whole, under one lock, and is flushed at once (GUIs read pipes line by line).
#pragma once

#include <string>
#include <string_view>

namespace chuhe {

void send_line(std::string_view line);

// Text fit to echo to a GUI: control characters and bytes that are not UTF-8 are written as
// \xNN, and text longer than maxBytes is cut (at a character boundary) and ends in "...".
std::string printable(std::string_view text, size_t maxBytes = 512);
// An echoed token of the input: printable, at most 64 bytes, in single quotes.
std::string quote_input(std::string_view token);

}  // namespace chuhe
