// Small helpers to read protocol command lines.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace chuhe {

std::vector<std::string> split_words(std::string_view line);
bool iequals(std::string_view a, std::string_view b);
std::string to_lower(std::string_view s);
std::string join(const std::vector<std::string>& words, size_t begin, size_t end);

// A whole non-negative decimal number no larger than max, or false.
bool parse_number(std::string_view s, int64_t max, int64_t* out);
// The same with an optional minus sign (clocks of lagging GUIs go negative).
bool parse_signed_number(std::string_view s, int64_t max, int64_t* out);
// A check option's value: true/false, on/off, 1/0 or yes/no, in any case.
bool parse_check_value(std::string_view s, bool* out);

// Reads "startpos [moves ...]" or "fen <FEN fields> [moves ...]" starting at words[i].
// Returns false and the reason when neither keyword is there.
bool parse_position_words(const std::vector<std::string>& words, size_t i, std::string* fen,
                          std::vector<std::string>* moves, std::string* error);

}  // namespace chuhe
