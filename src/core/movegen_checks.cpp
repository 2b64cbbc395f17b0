// generate<QUIET_CHECKS>: the quiet moves that give check, without testing each quiet move.
// Testing every quiet move with gives_check cost quiescence a fifth of the search's speed;
// here the squares on which each piece would give check are worked out once, from the lines
// through the enemy king, its horse legs and its pawn squares, and each piece's quiet moves
// are cut down to them.
//
// The enemy king is not in check before the move, so a quiet move checks in one of these
// ways, and each own checker after the move checks for exactly one of them:
//  - directly: the moved rook sees the king, the moved cannon has one screen, the moved horse
//    a free leg, the moved pawn attacks it, or the own king steps onto the king's open file
//    (the flying general, which gives_check counts as check);
//  - discovered: the piece was the only one between the king and an own rook or king, or one
//    of the two between the king and an own cannon, and leaves that stretch; or it stood on
//    the leg of an own horse that would attack the king;
//  - by a screen: it lands between the king and an own cannon with an empty line to the king.
// So the union of what these allow is exactly what gives_check accepts. The moves come in the
// order of generate<QUIETS> (the same walk over the pieces), so the move picker, which breaks
// ties by order, ranks them as it ranked the filtered list.
#include <cassert>

#include "core/for_each_piece.h"

namespace chuhe {

namespace {

constexpr int MAX_ADJUSTMENTS = 16;  // 4 half-lines with at most 3 each, 4 horse legs

// How one piece's check squares differ from those of its type. A discoverer checks wherever
// it goes off the stretch it uncovers (`add`); a cannon that sees the king over an empty line
// has no screen in front of it or just behind it (`remove`).
struct Adjustment {
    Square from;
    Bitboard add, remove;
};

// Where the side to move gives check by a quiet move (see the top of the file).
struct CheckSquares {
    Bitboard rook = 0;     // a rook there sees the enemy king (the own king too, on the file)
    Bitboard cannon = 0;   // a cannon there has exactly one screen before the enemy king
    Bitboard screen = 0;   // a piece there becomes the only screen of an own cannon
    Bitboard special = 0;  // the squares of the adjustments
    Adjustment adj[MAX_ADJUSTMENTS];
    int adjCount = 0;

    void adjust(Square from, Bitboard add, Bitboard remove) {
        assert(adjCount < MAX_ADJUSTMENTS);
        adj[adjCount++] = {from, add, remove};
        special |= square_bb(from);
    }

    // The check squares of the piece on `from`, whose type gives `base`.
    Bitboard adjusted(Square from, Bitboard base) const {
        Bitboard add = 0, remove = 0;
        for (int i = 0; i < adjCount; ++i)
            if (adj[i].from == from) add |= adj[i].add, remove |= adj[i].remove;
        return (base & ~remove) | add;
    }
};

// One line (rank or file) through the enemy king, at position p of its `len` squares; the
// masks are the king's (first, second, third blocker on each side) and the own pieces on the
// line are given as bits along it. toBB turns line bits into squares.
template <typename ToBB>
inline void scan_line(CheckSquares& cs, const LineMasks& m, int p, int len, unsigned own,
                      unsigned rooks, unsigned cannons, ToBB toBB) {
    // The king is not in check: no own rook (or king) first, no own cannon second.
    assert(!(m.first & rooks) && !(m.second & cannons));
    cs.rook |= toBB(m.quiet | m.first);
    unsigned below = (1u << p) - 1, above = ((1u << len) - 1) & ~below & ~(1u << p);
    auto square = [&](unsigned bit) { return lsb(toBB(bit)); };
    for (unsigned half : {below, above}) {
        unsigned b1 = m.first & half, b2 = m.second & half, b3 = m.third & half;
        if (!b1) continue;
        // The squares of this half farther from the king than a blocker, and nearer.
        auto farther = [&](unsigned b) { return half == below ? b - 1 : half & ~(2 * b - 1); };
        auto nearer = [&](unsigned b) { return half & ~farther(b) & ~b; };
        // Behind the first blocker up to the second: one screen (all empty squares).
        unsigned hop = b2 ? farther(b1) & nearer(b2) : farther(b1);
        cs.cannon |= toBB(hop);
        if (b1 & cannons) {
            // Any other piece in front of this cannon screens it; the cannon itself, moved
            // along its line, keeps an empty line or puts the blocker behind it.
            cs.screen |= toBB(m.quiet & half);
            cs.adjust(square(b1), 0, toBB((m.quiet & half) | hop));
        }
        if ((b2 & rooks) && (b1 & own)) cs.adjust(square(b1), ~toBB(nearer(b2)), 0);
        if (b3 & cannons)
            for (unsigned b : {b1, b2})
                if (b & own) cs.adjust(square(b), ~toBB(nearer(b3)), 0);
    }
}

CheckSquares check_squares(const Position& pos) {
    Color us = pos.side_to_move();
    Square ksq = pos.king_square(~us);
    int r = rank_of(ksq), f = file_of(ksq);
    Bitboard own = pos.pieces(us);
    // The own king sees the enemy king like a rook, on the file (kings never share a rank).
    Bitboard rooks = pos.pieces(us, ROOK) | pos.pieces(us, KING), cannons = pos.pieces(us, CANNON);
    CheckSquares cs;
    scan_line(cs, Tables::rank_lines[f][pos.rank_occupancy(r)], f, FILE_NB, rank_bits(own, r),
              rank_bits(rooks, r), rank_bits(cannons, r),
              [r](unsigned bits) { return rank_to_bb(bits, r); });
    scan_line(cs, Tables::file_lines[r][pos.file_occupancy(f)], r, RANK_NB, file_bits(own, f),
              file_bits(rooks, f), file_bits(cannons, f),
              [f](unsigned bits) { return file_to_bb(bits, f); });

    // An own piece on the leg of an own horse that attacks the king past it.
    Bitboard horses = pos.pieces(us, HORSE);
    assert(!(horse_attackers(ksq, pos.board()) & horses));
    if (Tables::horse_attackers[ksq][0] & horses)
        for (int i = 0; i < 4; ++i) {
            Square leg = Tables::diagonal_neighbours[ksq][i];
            if (leg != SQ_NONE && (own & square_bb(leg)) &&
                (Tables::horse_attackers[ksq][0xF ^ (1u << i)] & horses))
                cs.adjust(leg, ~Bitboard(0), 0);
        }
    return cs;
}

}  // namespace

template <>
Move* generate<QUIET_CHECKS>(const Position& pos, Move* list) {
    Color us = pos.side_to_move();
    Square ksq = pos.king_square(~us);
    const Piece* board = pos.board();
    assert(!(Tables::pawn_attackers[us][ksq] & pos.pieces(us, PAWN)));
    const CheckSquares cs = check_squares(pos);

    // The squares where a piece of each type gives check (a horse's leg there is never the
    // square it leaves: that is one step from its destination, a leg two).
    Bitboard base[PIECE_TYPE_NB] = {};
    base[ROOK] = cs.rook | cs.screen;
    base[CANNON] = cs.cannon | cs.screen;
    base[HORSE] = horse_attackers(ksq, board) | cs.screen;
    base[PAWN] = Tables::pawn_attackers[us][ksq] | cs.screen;
    base[KING] = cs.rook | cs.screen;  // the rook squares it reaches are on the king's file
    base[ADVISOR] = base[ELEPHANT] = cs.screen;

    // Advisors and elephants check only as screens or discoverers.
    Bitboard movers = cs.screen ? ~Bitboard(0)
                                : ~(pos.pieces(us, ADVISOR) | pos.pieces(us, ELEPHANT)) | cs.special;
    detail::for_each_piece<QUIETS>(pos, movers, [&](Square from, Bitboard dests) {
        Bitboard mask = base[type_of(board[from])];
        if (cs.special & square_bb(from)) mask = cs.adjusted(from, mask);
        for (dests &= mask; dests;) *list++ = make_move(from, pop_lsb(dests));
    });
    return list;
}

}  // namespace chuhe
