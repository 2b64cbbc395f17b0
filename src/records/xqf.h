// XQStudio's binary XQF format: version 1.0 (plain) and 1.1 and later (version byte >= 11,
// encrypted with keys stored in the header; >= 12 also permutes the piece table).
// The format: shared/data/games/eleeye/XQFTOOLS/XQF.TXT and ../shared/data/protocol/NOTES.md 4.3.
#pragma once

#include <string>
#include <string_view>

#include "records/game.h"

namespace chuhe {

// True if the bytes start with the XQF magic "XQ".
bool looks_like_xqf(std::string_view bytes);

// Reads the header (title, event, date, site, players, result ... as tags, GBK decoded), the
// start position, and the move tree: the main line, the variations (nested up to
// MAX_VARIATION_DEPTH) and every move's comment; a variation stops before a move that is not
// legal (XQStudio files have them), with a comment saying what was left out. The side to move
// is the colour of the first moving piece (XQF does not store it reliably); without moves,
// red, unless red is in check (then black). Returns false
// with the reason for a truncated or corrupt file, an impossible position or an illegal move.
bool read_xqf(std::string_view bytes, Game& game, std::string* error);

// False (with the reason) for a game that XQF 1.0 cannot hold as it is: black to move in a
// start position without moves (the format has no side-to-move field; the reader takes the
// colour of the first moving piece, and without moves red, unless red is in check).
bool xqf_can_store(const Game& game, std::string* why);

// Writes an XQF 1.0 file (unencrypted): header, start position, the move tree with its
// variations and comments (XQF has no NAGs: they are not written).
// Tags the header has no room for are dropped; strings are written in GBK when the C
// library can encode them, else in UTF-8.
std::string write_xqf(const Game& game);

}  // namespace chuhe
