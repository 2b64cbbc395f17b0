#include "core/bitboard.h"

#include <initializer_list>

namespace chuhe {

namespace Tables {
LineMasks rank_lines[FILE_NB][1 << FILE_NB];
LineMasks file_lines[RANK_NB][1 << RANK_NB];
Bitboard file_spread[1 << RANK_NB];
Bitboard horse_moves[SQUARE_NB][16];
Bitboard horse_attackers[SQUARE_NB][16];
Bitboard elephant_moves[SQUARE_NB][16];
Bitboard advisor_moves[SQUARE_NB];
Bitboard king_moves[SQUARE_NB];
Bitboard pawn_moves[COLOR_NB][SQUARE_NB];
Bitboard pawn_attackers[COLOR_NB][SQUARE_NB];
Square horse_legs[SQUARE_NB][4];
Square diagonal_neighbours[SQUARE_NB][4];
}  // namespace Tables

namespace {

// Masks for a piece at `pos` on a line of `length` squares with occupancy `occ`
// (the piece's own bit is ignored). Walking the line is fine here: this runs at start-up.
LineMasks line_masks(int pos, int length, unsigned occ) {
    LineMasks m{0, 0, 0, 0};
    for (int dir : {-1, 1}) {
        int blockers = 0;
        for (int i = pos + dir; i >= 0 && i < length && blockers < 3; i += dir) {
            if (!(occ & (1u << i))) {
                if (blockers == 0) m.quiet |= 1u << i;
                continue;
            }
            uint16_t& target = blockers == 0 ? m.first : blockers == 1 ? m.second : m.third;
            target |= 1u << i;
            ++blockers;
        }
    }
    return m;
}

Square square_at(int file, int rank) {
    return file >= 0 && file < FILE_NB && rank >= 0 && rank < RANK_NB ? make_square(file, rank)
                                                                        : SQ_NONE;
}

bool in_palace(Square s) {
    int f = file_of(s), r = rank_of(s);
    return f >= 3 && f <= 5 && (r <= 2 || r >= 7);
}

// Elephants stay on their own side of the river (ranks 0-4 for red, 5-9 for black).
bool same_side_of_river(Square a, Square b) { return (rank_of(a) <= 4) == (rank_of(b) <= 4); }

constexpr int ORTHO[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
constexpr int DIAG[4][2] = {{1, 1}, {1, -1}, {-1, -1}, {-1, 1}};

}  // namespace

void init_bitboards() {
    using namespace Tables;
    for (int f = 0; f < FILE_NB; ++f)
        for (unsigned occ = 0; occ < (1u << FILE_NB); ++occ)
            rank_lines[f][occ] = line_masks(f, FILE_NB, occ);
    for (int r = 0; r < RANK_NB; ++r)
        for (unsigned occ = 0; occ < (1u << RANK_NB); ++occ)
            file_lines[r][occ] = line_masks(r, RANK_NB, occ);
    for (unsigned mask = 0; mask < (1u << RANK_NB); ++mask) {
        file_spread[mask] = 0;
        for (int r = 0; r < RANK_NB; ++r)
            if (mask & (1u << r)) file_spread[mask] |= square_bb(make_square(0, r));
    }

    for (Square s = 0; s < SQUARE_NB; ++s) {
        int f = file_of(s), r = rank_of(s);
        for (int i = 0; i < 4; ++i) {
            horse_legs[s][i] = square_at(f + ORTHO[i][0], r + ORTHO[i][1]);
            diagonal_neighbours[s][i] = square_at(f + DIAG[i][0], r + DIAG[i][1]);
        }

        // Horse: one step orthogonally (the leg must be empty), then one step diagonally outwards.
        // Seen from the target, the leg is a diagonal neighbour of the target square.
        for (unsigned legs = 0; legs < 16; ++legs) {
            Bitboard moves = 0, attackers = 0, elephant = 0;
            for (int i = 0; i < 4; ++i) {
                int dx = ORTHO[i][0], dy = ORTHO[i][1];
                if (!(legs & (1u << i)) && horse_legs[s][i] != SQ_NONE)
                    for (int side : {-1, 1}) {
                        Square to = square_at(f + 2 * dx + side * dy, r + 2 * dy + side * dx);
                        if (to != SQ_NONE) moves |= square_bb(to);
                    }
                int ex = DIAG[i][0], ey = DIAG[i][1];
                if (!(legs & (1u << i)) && diagonal_neighbours[s][i] != SQ_NONE) {
                    for (Square from : {square_at(f + 2 * ex, r + ey), square_at(f + ex, r + 2 * ey)})
                        if (from != SQ_NONE) attackers |= square_bb(from);
                    Square to = square_at(f + 2 * ex, r + 2 * ey);
                    if (to != SQ_NONE && same_side_of_river(s, to)) elephant |= square_bb(to);
                }
            }
            Tables::horse_moves[s][legs] = moves;
            Tables::horse_attackers[s][legs] = attackers;
            Tables::elephant_moves[s][legs] = elephant;
        }

        advisor_moves[s] = king_moves[s] = 0;
        for (int i = 0; i < 4; ++i) {
            Square d = diagonal_neighbours[s][i], o = horse_legs[s][i];
            if (in_palace(s) && d != SQ_NONE && in_palace(d)) advisor_moves[s] |= square_bb(d);
            if (in_palace(s) && o != SQ_NONE && in_palace(o)) king_moves[s] |= square_bb(o);
        }

        // Pawns move forward; across the river also sideways.
        for (Color c : {RED, BLACK}) {
            int forward = c == RED ? 1 : -1;
            Bitboard b = 0;
            if (Square to = square_at(f, r + forward); to != SQ_NONE) b |= square_bb(to);
            if (relative_rank(c, r) >= 5)
                for (int side : {-1, 1})
                    if (Square to = square_at(f + side, r); to != SQ_NONE) b |= square_bb(to);
            pawn_moves[c][s] = b;
        }
    }
    for (Color c : {RED, BLACK})
        for (Square s = 0; s < SQUARE_NB; ++s) {
            pawn_attackers[c][s] = 0;
            for (Square from = 0; from < SQUARE_NB; ++from)
                if (pawn_moves[c][from] & square_bb(s)) pawn_attackers[c][s] |= square_bb(from);
        }
}

}  // namespace chuhe
