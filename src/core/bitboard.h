// 90-square bitboards and the precomputed attack tables.
//
// Sliding pieces use rank/file occupancy tables: the 9-bit occupancy of a rank (or the
// 10-bit occupancy of a file) indexes a table that gives, for a piece on that line, the
// empty squares it can move to, the first blocker on each side (rook captures) and the
// second blocker on each side (cannon captures). No ray is walked in the hot path.
// Horse and elephant moves use small tables indexed by the occupancy of their 4 legs/eyes.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace chuhe {

using Bitboard = unsigned __int128;

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }

inline int popcount(Bitboard b) {
    return __builtin_popcountll(uint64_t(b)) + __builtin_popcountll(uint64_t(b >> 64));
}

// Index of the lowest set bit; b must not be empty.
inline Square lsb(Bitboard b) {
    uint64_t lo = uint64_t(b);
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(uint64_t(b >> 64));
}

inline Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}

constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }

// Occupancy masks of one line, as bit sets of positions along that line
// (files 0-8 for a rank, ranks 0-9 for a file), for a piece standing on it.
struct LineMasks {
    uint16_t quiet;   // empty squares up to the first blocker on each side
    uint16_t first;   // first blocker on each side: rook captures
    uint16_t second;  // second blocker on each side: cannon captures
    uint16_t third;   // third blocker on each side: a cannon behind two screens (pin detection)
};

namespace Tables {
extern LineMasks rank_lines[FILE_NB][1 << FILE_NB];  // [file][rank occupancy]
extern LineMasks file_lines[RANK_NB][1 << RANK_NB];  // [rank][file occupancy]
extern Bitboard file_spread[1 << RANK_NB];           // rank mask -> squares on file a
extern Bitboard horse_moves[SQUARE_NB][16];          // [from][leg occupancy]
extern Bitboard horse_attackers[SQUARE_NB][16];      // [target][leg occupancy]: horse squares
extern Bitboard elephant_moves[SQUARE_NB][16];       // [from][eye occupancy]
extern Bitboard advisor_moves[SQUARE_NB];
extern Bitboard king_moves[SQUARE_NB];
extern Bitboard pawn_moves[COLOR_NB][SQUARE_NB];
extern Bitboard pawn_attackers[COLOR_NB][SQUARE_NB];  // [pawn colour][target]: pawn squares
extern Square horse_legs[SQUARE_NB][4];    // orthogonal neighbours (SQ_NONE off board)
extern Square diagonal_neighbours[SQUARE_NB][4];  // horse legs seen from the target; elephant eyes
}  // namespace Tables

void init_bitboards();

constexpr Bitboard RANK_0_BB = 0x1FF;
constexpr uint64_t FILE_A_LO = 0x8040201008040201ULL;  // squares a0..a7 (bits 0, 9, ..., 63)

// The 9-bit occupancy of rank r.
inline unsigned rank_bits(Bitboard occ, int r) { return unsigned(occ >> (9 * r)) & 0x1FF; }

// The 10-bit occupancy of file f, gathered with one multiplication: the bits of a0..a7
// (9 apart) land on bits 56..63 without carries; a8 and a9 live in the high word.
inline unsigned file_bits(Bitboard occ, int f) {
    Bitboard shifted = occ >> f;
    uint64_t lo = uint64_t(shifted) & FILE_A_LO;
    uint64_t hi = uint64_t(shifted >> 64);
    return unsigned((lo * 0x0101010101010101ULL) >> 56) | unsigned((hi >> 8) & 1) << 8 |
           unsigned((hi >> 17) & 1) << 9;
}

inline Bitboard rank_to_bb(unsigned mask, int r) { return Bitboard(mask) << (9 * r); }
inline Bitboard file_to_bb(unsigned mask, int f) { return Tables::file_spread[mask] << f; }

// Slider attacks from the occupancy of the piece's rank (9 bits) and file (10 bits). The
// position keeps these occupancies up to date; for any other occupancy the Bitboard overloads
// below gather them first.
inline Bitboard rook_attacks(Square s, unsigned rankOcc, unsigned fileOcc) {
    const LineMasks& r = Tables::rank_lines[file_of(s)][rankOcc];
    const LineMasks& f = Tables::file_lines[rank_of(s)][fileOcc];
    return rank_to_bb(r.quiet | r.first, rank_of(s)) | file_to_bb(f.quiet | f.first, file_of(s));
}

// Empty squares a rook or cannon on s can move to.
inline Bitboard slider_quiets(Square s, unsigned rankOcc, unsigned fileOcc) {
    return rank_to_bb(Tables::rank_lines[file_of(s)][rankOcc].quiet, rank_of(s)) |
           file_to_bb(Tables::file_lines[rank_of(s)][fileOcc].quiet, file_of(s));
}

// Squares a cannon on s attacks (captures over exactly one screen), of either colour.
inline Bitboard cannon_attacks(Square s, unsigned rankOcc, unsigned fileOcc) {
    return rank_to_bb(Tables::rank_lines[file_of(s)][rankOcc].second, rank_of(s)) |
           file_to_bb(Tables::file_lines[rank_of(s)][fileOcc].second, file_of(s));
}

inline Bitboard rook_attacks(Square s, Bitboard occ) {
    return rook_attacks(s, rank_bits(occ, rank_of(s)), file_bits(occ, file_of(s)));
}
inline Bitboard slider_quiets(Square s, Bitboard occ) {
    return slider_quiets(s, rank_bits(occ, rank_of(s)), file_bits(occ, file_of(s)));
}
inline Bitboard cannon_attacks(Square s, Bitboard occ) {
    return cannon_attacks(s, rank_bits(occ, rank_of(s)), file_bits(occ, file_of(s)));
}

// The first blocker on each side along the file of s: used for the flying general.
inline Bitboard file_first_blockers(Square s, Bitboard occ) {
    return file_to_bb(Tables::file_lines[rank_of(s)][file_bits(occ, file_of(s))].first, file_of(s));
}

// Occupancy of the 4 leg (or eye) squares as a 4-bit index. Off-board legs are stored as
// SQ_NONE, whose bit is never set in an occupancy, so no branch is needed.
inline unsigned leg_index(const Square (&legs)[4], Bitboard occ) {
    return (unsigned(occ >> legs[0]) & 1) | (unsigned(occ >> legs[1]) & 1) << 1 |
           (unsigned(occ >> legs[2]) & 1) << 2 | (unsigned(occ >> legs[3]) & 1) << 3;
}

// The same from a mailbox board with an empty entry at SQ_NONE: four byte loads are cheaper
// than four 128-bit shifts, and move generation always has the board at hand.
inline unsigned leg_index(const Square (&legs)[4], const Piece* board) {
    return unsigned(board[legs[0]] != NO_PIECE) | unsigned(board[legs[1]] != NO_PIECE) << 1 |
           unsigned(board[legs[2]] != NO_PIECE) << 2 | unsigned(board[legs[3]] != NO_PIECE) << 3;
}

// Horse and elephant moves; Occupancy is a Bitboard or a mailbox board (see leg_index).
template <typename Occupancy>
inline Bitboard horse_moves(Square s, Occupancy occ) {
    return Tables::horse_moves[s][leg_index(Tables::horse_legs[s], occ)];
}
template <typename Occupancy>
inline Bitboard horse_attackers(Square target, Occupancy occ) {
    return Tables::horse_attackers[target][leg_index(Tables::diagonal_neighbours[target], occ)];
}
template <typename Occupancy>
inline Bitboard elephant_moves(Square s, Occupancy occ) {
    return Tables::elephant_moves[s][leg_index(Tables::diagonal_neighbours[s], occ)];
}

}  // namespace chuhe
