#include "eval/endgame.h"

#include <algorithm>

namespace chuhe {

namespace {

// The scales below come from exhaustive analysis of each small ending with `chuhe ending`
// (src/tools/ending.h: every placement, both sides to move, mate and stalemate as wins, the
// repetition and 60-move rules left out). The value follows the share of positions with
// the strong side to move that are forced wins: at least 90% -> SCALE_NORMAL, 20-90% -> 32,
// 5-20% -> 16, below 5% -> 8; DRAW_UNLESS_BLUNDER when the only wins are mates in one that the
// defender must have walked into; 0 when no position at all is lost for the defender (no
// placement of the pieces leaves the defender to move without a legal move; the tests check
// this). Endings marked "theory" were too large to analyse and follow the endgame literature
// (例和/巧胜 in the standard endgame books).
constexpr int DRAW_UNLESS_BLUNDER = 4;

// Indexed [advisors][elephants] of the weak side, which has no rook, horse or cannon. Its pawns
// do not count: they never stand in their own palace, so they cannot box in their own king (but
// they can screen for a cannon).

// One pawn that has not reached the back rank, no other attacking piece.
constexpr int LONE_PAWN[3][3] = {
    {SCALE_NORMAL, 8, 0},         // 单兵胜单将 100%; 单兵对单象 4.2%; 单兵和双象 no mate exists
    {16, 8, 0},                   // 单兵对单士 9.9%; 单兵对士象 0.3%; 单兵和单士双象 no mate exists
    {8, 8, DRAW_UNLESS_BLUNDER},  // 单兵对双士 1.2%; 单兵对双士单象 0.1%; 单兵和士象全 (mate in one only)
};

// One horse, no pawn.
constexpr int LONE_HORSE[3][3] = {
    {SCALE_NORMAL, 32, 8},         // 单马胜单将 100%; 单马对单象 24%; 单马对双象 0.5%
    {SCALE_NORMAL, 16, 8},         // 单马胜单士 99.7%; 单马对士象 9%; 单马对单士双象 0.06%
    {16, 8, DRAW_UNLESS_BLUNDER},  // 单马对双士 7%; 单马对双士单象 0.9%; 单马和士象全 0.5%, mate in one only
};

// One cannon, no pawn, no own advisor or elephant: the cannon's only screens are the defender's
// own pieces, so it can mate only a king that its advisors have boxed in.
constexpr int LONE_CANNON[3][3] = {
    {0, 0, 0},  // 单炮不胜单将 / 单象 / 双象: no mate exists
    {0, 0, 0},  // 单炮和单士 / 士象 / 单士双象: no mate exists
    {DRAW_UNLESS_BLUNDER, DRAW_UNLESS_BLUNDER, DRAW_UNLESS_BLUNDER},  // 单炮和双士 (mate in one only)
};

// One cannon and at least one own advisor (a screen in its own palace), no pawn. The shares are
// for one advisor; 炮双仕 was analysed against two advisors only (99.9%, as with one).
constexpr int CANNON_ADVISOR[3][3] = {
    {SCALE_NORMAL, SCALE_NORMAL, 16},  // 炮仕胜单将 100%; 炮仕胜单象 100%; 炮仕对双象 6%
    {SCALE_NORMAL, 16, 16},            // 炮仕胜单士 100%; 炮仕对士象 14%; 炮仕对单士双象 (theory)
    {SCALE_NORMAL, 16, 16},            // 炮仕胜双士 99.9%; 炮仕对双士单象 9%; 炮仕难胜士象全 (theory)
};

// The back rank of colour c, where the other side's pawns can only move sideways.
constexpr Bitboard back_rank(Color c) { return c == RED ? RANK_0_BB : RANK_0_BB << (9 * (RANK_NB - 1)); }

// Strong has only back-rank pawns (老兵/底兵) besides advisors and elephants. They attack only
// squares of the back rank, so they mate only a king boxed in by its own pieces (a rook, horse
// or cannon of its own may do that, so then not analysed).
int old_pawns_scale(const Position& pos, Color strong, int oldPawns) {
    Color weak = ~strong;
    if (pos.pieces(weak, ROOK) | pos.pieces(weak, HORSE) | pos.pieces(weak, CANNON)) return DRAW_UNLESS_BLUNDER;
    int advisors = pos.count(weak, ADVISOR), elephants = pos.count(weak, ELEPHANT);
    // No mate exists for one old pawn unless two advisors and no elephant defend, nor for two
    // old pawns against no advisor; the other cases analysed (up to three pawns) mate in one only.
    if (oldPawns == 1 && !(advisors == 2 && elephants == 0)) return 0;  // 老兵不胜 old pawn
    if (oldPawns == 2 && advisors == 0) return 0;                       // 双老兵不胜 two old pawns
    return DRAW_UNLESS_BLUNDER;
}

}  // namespace

int endgame_scale(const Position& pos, Color strong) {
    const Color weak = ~strong;
    const Bitboard pieces = pos.pieces(strong, ROOK) | pos.pieces(strong, HORSE) | pos.pieces(strong, CANNON);
    // Two rooks, horses or cannons: no drawish balance is known that the search would not see.
    if (more_than_one(pieces)) return SCALE_NORMAL;

    const Bitboard pawns = pos.pieces(strong, PAWN);
    const Bitboard oldPawns = pawns & back_rank(weak);
    const int youngPawns = popcount(pawns ^ oldPawns);
    if (youngPawns > 1) return SCALE_NORMAL;

    const int weakPieces = popcount(pos.pieces(weak, ROOK) | pos.pieces(weak, HORSE) | pos.pieces(weak, CANNON));
    const int advisors = pos.count(weak, ADVISOR), elephants = pos.count(weak, ELEPHANT);
    const bool fullDefence = advisors == 2 && elephants == 2;

    if (!pieces) {
        if (!pawns) return 0;  // no attacking piece at all (the match runner's old rule)
        if (!youngPawns) return old_pawns_scale(pos, strong, popcount(oldPawns));
        if (weakPieces) return SCALE_NORMAL;
        // An old pawn beside the young one adds control of the back rank: not analysed.
        int scale = LONE_PAWN[advisors][elephants];
        return oldPawns ? std::max(scale, 16) : scale;
    }

    if (pawns) {
        // 马兵/炮兵难胜士象全: a horse or cannon with one pawn against the full defence; the
        // cannon wins with two own elephants and an advisor as screens (theory).
        if (pos.pieces(strong, ROOK) || !fullDefence || weakPieces || popcount(pawns) > 1) return SCALE_NORMAL;
        if (pos.pieces(strong, CANNON) && pos.count(strong, ADVISOR) && pos.count(strong, ELEPHANT) == 2)
            return SCALE_NORMAL;
        return 16;
    }

    // One rook, horse or cannon and no pawn.
    const int weakRooks = pos.count(weak, ROOK), weakHorses = pos.count(weak, HORSE);
    if (pos.pieces(strong, ROOK)) {
        // 单车胜单缺士/单缺象 100%; 单车难胜士象全: drawn from the defensive formation (theory),
        // though 82% of all placements are won.
        if (!weakPieces) return fullDefence ? 32 : SCALE_NORMAL;
        if (weakPieces > 1) return SCALE_NORMAL;
        if (weakRooks) return 16;                                 // 车对车 rook against rook (theory)
        if (advisors < 2) return SCALE_NORMAL;                    // 车胜马双象 / 车胜炮双象 (theory)
        return weakHorses && !fullDefence ? 32 : 16;              // 车对马双士 / 车难胜炮双士 (theory)
    }
    if (weakRooks || weakPieces > 1) return SCALE_NORMAL;
    if (weakPieces) {
        // 单炮对单炮/单马: with no advisor, elephant or pawn on the board besides, no mate exists.
        bool bare = !(pos.pieces(ADVISOR) | pos.pieces(ELEPHANT) | pos.pieces(weak, PAWN));
        return pos.pieces(strong, CANNON) && bare ? 0 : 16;  // 马对马 10%, 马对炮 9% (bare)
    }

    if (pos.pieces(strong, HORSE)) return LONE_HORSE[advisors][elephants];
    if (pos.count(strong, ADVISOR)) return CANNON_ADVISOR[advisors][elephants];
    // The defender's pawns can be the cannon's screens (not analysed).
    if (pos.pieces(weak, PAWN)) return 16;
    if (!pos.count(strong, ELEPHANT)) return LONE_CANNON[advisors][elephants];
    // Own elephants screen only on files the defending king can leave: no mate exists for
    // 炮相 against a bare king or elephants, nor for 炮双相 against a bare king; 炮相 against
    // one advisor mates in one only; the rest was not analysed.
    if (!advisors && (!elephants || pos.count(strong, ELEPHANT) == 1)) return 0;
    return advisors == 1 && !elephants ? DRAW_UNLESS_BLUNDER : 16;
}

bool neither_side_can_win(const Position& pos) {
    return endgame_scale(pos, RED) == 0 && endgame_scale(pos, BLACK) == 0;
}

}  // namespace chuhe
