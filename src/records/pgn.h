// PGN reading and writing.
//
// Reading accepts the xqbase dialect ([Game "Chinese Chess"], Red/Black, [Format] Chinese, WXF
// or ICCS movetext, GBK or UTF-8) and the Western GUIs' dialect ([Variant "xiangqi"],
// White/Black, SAN-like moves with ranks 0-9 or 1-10, or plain coordinates). Every move token is
// read by the notation its form shows, whatever the Format tag says. Comments, NAGs ($N and the
// suffixes ! ? !! ?? !? ?!) and variations, nested up to MAX_VARIATION_DEPTH, are kept; a
// variation stops before a move that cannot be played, with a comment saying what was left out
// (in the main line such a move fails the game). A game that cannot be read is reported and
// skipped; the rest of the file is still read.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "records/game.h"
#include "records/notation.h"

namespace chuhe {

struct PgnReadResult {
    std::vector<Game> games;          // the games read, in file order (Game::number is set)
    std::vector<RecordError> errors;  // one entry per skipped game
    int gamesSeen = 0;                // games in the file, read or skipped
};

// `bytes` is the file content, UTF-8 or GBK, decided game by game (see decode_pgn_text).
PgnReadResult read_pgn(std::string_view bytes);

// Writes one game. ICCS, WXF and CHINESE give the xqbase dialect ([Game "Chinese Chess"] first,
// [Format] naming the notation, ICCS as H2-E2); SAN gives the Western dialect
// ([Variant "xiangqi"], White/Black, ranks 1-10). Output is UTF-8 with LF line ends.
// Chinese text follows style.traditional and SAN style.sanRankBase. If a move is not legal
// (the game did not come from a reader) the movetext stops there with a comment saying so.
// NAGs are written as $N; each variation goes on a line of its own after its move, black's
// next move numbered "N...".
std::string write_pgn(const Game& game, Notation notation, const NotationStyle& style = {});

}  // namespace chuhe
