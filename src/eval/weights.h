// The evaluation's weights: one flat table of (middlegame, endgame) pairs, laid out in named
// blocks. The values live in weights.cpp, which `chuhe tune fit` writes; the evaluation and
// the tuner both index the table through the block offsets below, so a term is defined once.
#pragma once

#include "core/types.h"

namespace chuhe {

// A weight for the middlegame and one for the endgame; the evaluation blends them by phase.
struct Score {
    int mg = 0;
    int eg = 0;
    constexpr Score& operator+=(Score o) { mg += o.mg; eg += o.eg; return *this; }
    constexpr Score& operator-=(Score o) { mg -= o.mg; eg -= o.eg; return *this; }
};
constexpr Score S(int mg, int eg) { return {mg, eg}; }
constexpr Score operator*(Score s, int k) { return {s.mg * k, s.eg * k}; }

// Piece-square tables cover the left half of the board (files a-e) from the piece owner's
// side, rank 0 (own back rank) first: the evaluation is symmetric by construction.
constexpr int HALF_FILES = 5;
constexpr int PST_SIZE = HALF_FILES * 10;

// Mobility tables are indexed by the number of empty squares reachable, capped.
constexpr int ROOK_MOBILITY_MAX = 17;
constexpr int HORSE_MOBILITY_MAX = 8;
constexpr int CANNON_MOBILITY_MAX = 17;
// Number of enemy pieces bearing on the palace, capped.
constexpr int PALACE_ATTACKERS_MAX = 5;

// Offsets of the blocks in WEIGHTS. Pieces are indexed by PieceType (index 0 is unused).
constexpr int PIECE_VALUE = 0;                                        // [PieceType]
constexpr int PST = PIECE_VALUE + PIECE_TYPE_NB;                      // [PieceType - 1][PST_SIZE]
constexpr int ROOK_MOBILITY = PST + (PIECE_TYPE_NB - 1) * PST_SIZE;   // [0..ROOK_MOBILITY_MAX]
constexpr int HORSE_MOBILITY = ROOK_MOBILITY + ROOK_MOBILITY_MAX + 1;
constexpr int CANNON_MOBILITY = HORSE_MOBILITY + HORSE_MOBILITY_MAX + 1;
// King safety, counted against the defending side.
constexpr int ADVISOR_MISSING = CANNON_MOBILITY + CANNON_MOBILITY_MAX + 1;  // [attacker type]
constexpr int ELEPHANT_MISSING = ADVISOR_MISSING + PIECE_TYPE_NB;          // [attacker type]
constexpr int PALACE_ATTACKER = ELEPHANT_MISSING + PIECE_TYPE_NB;          // [attacker type]
constexpr int PALACE_ATTACKERS = PALACE_ATTACKER + PIECE_TYPE_NB;  // [0..PALACE_ATTACKERS_MAX]
constexpr int HOLLOW_CANNON = PALACE_ATTACKERS + PALACE_ATTACKERS_MAX + 1;  // 空頭炮: nothing between
constexpr int CANNON_PRESSURE = HOLLOW_CANNON + 1;  // an enemy cannon behind two screens (中炮)
constexpr int BOTTOM_CANNON = CANNON_PRESSURE + 1;  // 沉底炮: an enemy cannon on the back rank
constexpr int PALACE_CORNER_HORSE = BOTTOM_CANNON + 1;  // 臥槽馬: an enemy horse on c1/g1 (own view)
// Pieces and pawns.
constexpr int ROOK_OPEN_FILE = PALACE_CORNER_HORSE + 1;  // no own pawn on the rook's file
constexpr int LINKED_PAWNS = ROOK_OPEN_FILE + 1;         // two crossed pawns side by side
constexpr int BLOCKED_PAWN = LINKED_PAWNS + 1;  // a pawn before the river with a piece in front
constexpr int HANGING = BLOCKED_PAWN + 1;       // [PieceType] attacked and not defended
constexpr int ROOK_THREATENED = HANGING + PIECE_TYPE_NB;  // attacked by a horse, cannon or pawn
constexpr int ROOK_CANNON = ROOK_THREATENED + 1;          // 車炮: a rook and a cannon
constexpr int HORSE_CANNON = ROOK_CANNON + 1;             // 馬炮: a horse and a cannon
constexpr int TEMPO = HORSE_CANNON + 1;
constexpr int PARAM_COUNT = TEMPO + 1;

constexpr int pst_index(PieceType pt, int relativeRank, int file) {
    int halfFile = file < HALF_FILES ? file : 8 - file;
    return PST + (int(pt) - 1) * PST_SIZE + relativeRank * HALF_FILES + halfFile;
}

extern const Score WEIGHTS[PARAM_COUNT];

// How the tuner prints the table: one entry per block, in offset order.
struct ParamBlock {
    const char* name;
    int offset;
    int size;
    int columns;       // entries per printed row
    bool byPieceType;  // one entry per PieceType
};

inline constexpr ParamBlock PARAM_BLOCKS[] = {
    {"PIECE_VALUE", PIECE_VALUE, PIECE_TYPE_NB, PIECE_TYPE_NB, true},
    {"PST", PST, (PIECE_TYPE_NB - 1) * PST_SIZE, HALF_FILES, false},
    {"ROOK_MOBILITY", ROOK_MOBILITY, ROOK_MOBILITY_MAX + 1, 6, false},
    {"HORSE_MOBILITY", HORSE_MOBILITY, HORSE_MOBILITY_MAX + 1, 9, false},
    {"CANNON_MOBILITY", CANNON_MOBILITY, CANNON_MOBILITY_MAX + 1, 6, false},
    {"ADVISOR_MISSING", ADVISOR_MISSING, PIECE_TYPE_NB, PIECE_TYPE_NB, true},
    {"ELEPHANT_MISSING", ELEPHANT_MISSING, PIECE_TYPE_NB, PIECE_TYPE_NB, true},
    {"PALACE_ATTACKER", PALACE_ATTACKER, PIECE_TYPE_NB, PIECE_TYPE_NB, true},
    {"PALACE_ATTACKERS", PALACE_ATTACKERS, PALACE_ATTACKERS_MAX + 1, PALACE_ATTACKERS_MAX + 1, false},
    {"HOLLOW_CANNON", HOLLOW_CANNON, 1, 1, false},
    {"CANNON_PRESSURE", CANNON_PRESSURE, 1, 1, false},
    {"BOTTOM_CANNON", BOTTOM_CANNON, 1, 1, false},
    {"PALACE_CORNER_HORSE", PALACE_CORNER_HORSE, 1, 1, false},
    {"ROOK_OPEN_FILE", ROOK_OPEN_FILE, 1, 1, false},
    {"LINKED_PAWNS", LINKED_PAWNS, 1, 1, false},
    {"BLOCKED_PAWN", BLOCKED_PAWN, 1, 1, false},
    {"HANGING", HANGING, PIECE_TYPE_NB, PIECE_TYPE_NB, true},
    {"ROOK_THREATENED", ROOK_THREATENED, 1, 1, false},
    {"ROOK_CANNON", ROOK_CANNON, 1, 1, false},
    {"HORSE_CANNON", HORSE_CANNON, 1, 1, false},
    {"TEMPO", TEMPO, 1, 1, false},
};

}  // namespace chuhe
