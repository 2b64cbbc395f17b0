// A game record as the readers produce it and the writers consume it: tags, the start
// position, the main line with comments, and the result. Variations are not kept.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/position.h"

namespace chuhe {

struct GameMove {
    Move move = MOVE_NONE;
    std::string comment;  // text that follows the move; empty if none
};

struct Game {
    // Tags in file order, except FEN and Result, which live in the fields below.
    std::vector<std::pair<std::string, std::string>> tags;
    std::string startFen = Position::START_FEN;
    std::string comment;  // text before the first move
    std::vector<GameMove> moves;
    std::string result = "*";  // "1-0", "0-1", "1/2-1/2" or "*"
    int number = 0;            // 1-based position in the file it came from
    int line = 0;              // line of its first token in that file (0 for binary formats)

    // Value of a tag, or an empty string.
    std::string tag(std::string_view name) const;
    // Replaces the value of an existing tag, or appends the tag.
    void set_tag(std::string_view name, std::string_view value);

    // Sets pos to the start position and makes the first `plies` moves (all when negative).
    // Returns false with the reason if the start FEN or a move is not legal.
    bool replay(Position& pos, int plies = -1, std::string* error = nullptr) const;
};

// A game a reader had to skip, or a problem in a binary file.
struct RecordError {
    int game = 0;  // 1-based game number in the file
    int line = 0;  // line in the file (0 when not known)
    std::string message;
};

// Comment text as the readers store it: CR LF and CR become LF, and spaces, tabs and line
// breaks at both ends are dropped (full-width indentation is kept).
std::string tidy_comment(std::string_view text);

// "1-0", "0-1", "1/2-1/2" and "*" are results; anything else is not.
bool is_result(std::string_view s);

}  // namespace chuhe
