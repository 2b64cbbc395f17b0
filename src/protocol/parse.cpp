#include "protocol/parse.h"

#include <algorithm>
#include <cctype>

#include "core/position.h"
#include "protocol/output.h"

namespace chuhe {

std::vector<std::string> split_words(std::string_view line) {
    std::vector<std::string> words;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && std::isspace((unsigned char)line[i])) ++i;
        size_t start = i;
        while (i < line.size() && !std::isspace((unsigned char)line[i])) ++i;
        if (i > start) words.emplace_back(line.substr(start, i - start));
    }
    return words;
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower((unsigned char)x) == std::tolower((unsigned char)y);
           });
}

std::string to_lower(std::string_view s) {
    std::string r(s);
    for (char& c : r) c = char(std::tolower((unsigned char)c));
    return r;
}

std::string join(const std::vector<std::string>& words, size_t begin, size_t end) {
    std::string r;
    for (size_t i = begin; i < end && i < words.size(); ++i) {
        if (!r.empty()) r += ' ';
        r += words[i];
    }
    return r;
}

bool parse_number(std::string_view s, int64_t max, int64_t* out) {
    if (s.empty() || s.size() > 18) return false;
    int64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + (c - '0');
    }
    if (v > max) return false;
    *out = v;
    return true;
}

bool parse_signed_number(std::string_view s, int64_t max, int64_t* out) {
    bool negative = !s.empty() && s[0] == '-';
    if (!parse_number(negative ? s.substr(1) : s, max, out)) return false;
    if (negative) *out = -*out;
    return true;
}

bool parse_check_value(std::string_view s, bool* out) {
    for (const char* t : {"true", "on", "1", "yes"})
        if (iequals(s, t)) return *out = true, true;
    for (const char* f : {"false", "off", "0", "no"})
        if (iequals(s, f)) return *out = false, true;
    return false;
}

bool parse_position_words(const std::vector<std::string>& words, size_t i, std::string* fen,
                          std::vector<std::string>* moves, std::string* error) {
    auto movesAt = std::find_if(words.begin() + std::min(i, words.size()), words.end(),
                                [](const std::string& w) { return iequals(w, "moves"); });
    size_t m = size_t(movesAt - words.begin());
    if (i < words.size() && iequals(words[i], "startpos")) {
        if (m != i + 1) {
            *error = "unexpected " + quote_input(words[i + 1]) + " after startpos";
            return false;
        }
        *fen = Position::START_FEN;
    } else if (i < words.size() && iequals(words[i], "fen")) {
        if (m == i + 1) {
            *error = "no FEN after 'fen'";
            return false;
        }
        *fen = join(words, i + 1, m);
    } else {
        *error = "expected 'startpos' or 'fen'";
        return false;
    }
    moves->assign(words.begin() + std::min(m + 1, words.size()), words.end());
    return true;
}

}  // namespace chuhe
