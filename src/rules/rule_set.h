// The two repetition rule sets and the piece values they judge material gain with.
#pragma once

#include <string_view>

#include "core/types.h"

namespace chuhe {

// ASIAN: the Asian Xiangqi Federation rules, the usual choice in computer xiangqi.
// CHINESE: the Chinese Xiangqi Association competition rules of 2011 (chapter 6, 棋例).
enum class RuleSet : uint8_t { ASIAN, CHINESE };

bool parse_rule_set(std::string_view text, RuleSet* rules);
const char* rule_set_name(RuleSet rules);

// Piece values for judging whether a capture wins material (CXA 1.2: a rook is worth two
// horses, two cannons or a horse and a cannon; advisors and elephants are equal; a crossed
// pawn floats, here between an advisor and a horse). The king's value only orders it last
// among recapturers.
constexpr int ROOK_VALUE = 10;
constexpr int MINOR_VALUE = 5;  // horse, cannon
constexpr int GUARD_VALUE = 2;  // advisor, elephant
constexpr int CROSSED_PAWN_VALUE = 2;
constexpr int PAWN_VALUE = 1;
constexpr int KING_VALUE = 1000;

inline bool pawn_crossed(Color c, Square s) { return relative_rank(c, rank_of(s)) >= 5; }

inline int piece_value(Piece p, Square s) {
    switch (type_of(p)) {
    case ROOK: return ROOK_VALUE;
    case HORSE:
    case CANNON: return MINOR_VALUE;
    case ADVISOR:
    case ELEPHANT: return GUARD_VALUE;
    case PAWN: return pawn_crossed(color_of(p), s) ? CROSSED_PAWN_VALUE : PAWN_VALUE;
    case KING: return KING_VALUE;
    default: return 0;
    }
}

}  // namespace chuhe
