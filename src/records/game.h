// A game record as the readers produce it and the writers consume it: tags, the start
// position, the main line with comments, numeric annotation glyphs and variations (a tree of
// moves), and the result. Code that needs only the game as played reads `moves`.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/position.h"

namespace chuhe {

struct Variation;

struct GameMove {
    // Defined below Variation: the members' vector<Variation> needs it complete there.
    GameMove();
    GameMove(Move m, std::string text = {});

    Move move = MOVE_NONE;
    std::string comment;  // text that follows the move; empty if none
    // Numeric annotation glyphs in file order: 1 "!", 2 "?", 3 "!!", 4 "??", 5 "!?", 6 "?!",
    // and the rest of the PGN standard's table by number.
    std::vector<int> nags;
    // Other moves in this move's place: lines that start from the position before it.
    std::vector<Variation> variations;
};

struct Variation {
    std::string comment;  // text before its first move
    std::vector<GameMove> moves;
};

inline GameMove::GameMove() = default;
inline GameMove::GameMove(Move m, std::string text) : move(m), comment(std::move(text)) {}

// Variations nest at most this deep (a variation inside a variation is depth 2): deeper
// ones come only from broken or hostile files, and the tree's code recurses by depth.
constexpr int MAX_VARIATION_DEPTH = 64;

// NAG numbers of the suffixes "!", "?", "!!", "??", "!?" and "?!"; 0 for any other text.
int nag_of_suffix(std::string_view suffix);

struct Game {
    // Tags in file order, except FEN and Result, which live in the fields below.
    std::vector<std::pair<std::string, std::string>> tags;
    std::string startFen = Position::START_FEN;
    std::string comment;  // text before the first move
    std::vector<GameMove> moves;  // the main line
    std::string result = "*";  // Adds tidied text to a comment, on a line of its own if the comment has text already.
void append_comment(std::string& to, std::string_view text);

// "1-0", "0-1", "1/2-1/2" or "*"
    int number = 0;            // 1-based position in the file it came from
    int line = 0;              // line of its first token in that file (0 for binary formats)

    // Value of a tag, or an empty string.
    std::string tag(std::string_view name) const;
    // Replaces the value of an existing tag, or appends the tag.
    void set_tag(std::string_view name, std::string_view value);

    // Sets pos to the start position and makes the first `plies` moves (all when negative).
    // Returns false with the reason if the start FEN or a move is not legal.
    bool replay(Position& pos, int plies = -1, std::string* error = nullptr) const;

    // Variations and NAGs in the whole tree, nested ones included.
    int variation_count() const;
    int nag_count() const;
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

// Adds tidied text to a comment, on a line of its own if the comment has text already.
void append_comment(std::string& to, std::string_view text);

// "1-0", "0-1", "1/2-1/2" and "*" are results; anything else is not.
bool is_result(std::string_view s);

}  // namespace chuhe
