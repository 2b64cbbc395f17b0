// `chuhe book`: the opening book tool.
//
//   chuhe book build OUT RECORDS... [--plies N] [--min-games N] [--min-score S]
//     Builds a book (book/format.h) from game records (PGN or XQF; '-' reads PGN from
//     standard input): the positions before ply N (default 20), each move played in them in
//     at least N games (default 1) whose mover scored at least S per cent (default 0).
//   chuhe book probe FILE FEN|startpos
//     Lists the book's moves for the position, most weight first, with their games, results,
//     score and share of the weight. FILE may be <built-in>.
#pragma once

#include <string>
#include <vector>

namespace chuhe {

int run_book(const std::vector<std::string>& args);

}  // namespace chuhe
