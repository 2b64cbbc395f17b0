// Move notations, both directions, for a given position:
//   ICCS      h2e2 (UCCI), H2-E2 (ICCS proper), ranks 0-9
//   WXF       C2.5 (C2=5), H8+7, R+.3, C--1, P+.4 / ++.4 (stacked pawns), 3+.4 (pawns on two files)
//   CHINESE   炮二平五, 马8进7, 前车退二, 中兵平四, 前九平八 (traditional, simplified and the usual
//             variant characters; red files 一..九, black files in ASCII or full-width digits)
//   SAN       the Western GUIs' algebraic form: Che2, Hxc7, Rb0, cxc4, Ri10#
// Readers accept every variant a player is likely to type; writers produce one canonical form.
#pragma once

#include <string>
#include <string_view>

#include "core/position.h"

namespace chuhe {

enum class Notation { ICCS, WXF, CHINESE, SAN };

// Parses "iccs", "wxf", "chinese" or "san" (any case). Returns false for other names.
bool parse_notation_name(std::string_view name, Notation* out);
const char* notation_name(Notation n);  // "ICCS", "WXF", "Chinese", "SAN" (PGN Format values)

struct NotationStyle {
    bool iccsDash = false;        // ICCS as "H2-E2" (the xqbase PGN form) instead of "h2e2"
    bool traditional = false;     // Chinese: 車馬帥將進後 instead of 车马帅将进后
    // Chinese and WXF: name stacked pieces by file (车四进三) when only one of them can make
    // the move, as many game collections do, instead of always by position (前车进三).
    bool fileWhenUnique = false;
    int sanRankBase = 1;          // SAN ranks 1-10 (Fairy-Stockfish, cutechess) or 0-9 (XBoard)
};

// Writes a legal move of pos.
std::string move_to_text(const Position& pos, Move m, Notation n, const NotationStyle& style = {});

// Reads a move in any of the notations (the form of the text tells which). Returns MOVE_NONE
// and writes the reason when the text is malformed, names no legal move or is ambiguous.
// sanRankBase is used for SAN and coordinate moves (0: ranks 0-9, 1: ranks 1-10); a rank 10
// in the text implies 1.
Move parse_move_text(const Position& pos, std::string_view text, std::string* error = nullptr,
                     int sanRankBase = 0);

// Which notation parse_move_text would read the text as.
Notation classify_move_text(std::string_view text);

}  // namespace chuhe
