// FEN transformations for symmetry tests.
#pragma once

#include <string>

namespace chuhe::test {

// The same position reflected left to right (files a..i reversed); the other fields kept.
std::string mirrored_fen(const std::string& fen);

// Red and black swapped: ranks reversed, letter case swapped, the other side to move (the
// counters become "- - 0 1").
std::string colour_flipped_fen(const std::string& fen);

}  // namespace chuhe::test
