#include "core/movegen.h"

#include <algorithm>

namespace chuhe {

namespace {

// Calls emit(from, destinations) for every piece of the side to move standing on `movers`,
// with the destinations restricted to empty squares (quiets) and/or enemy pieces (captures)
// as Type asks.
template <GenType Type, typename Emit>
inline void for_each_piece(const Position& pos, Bitboard movers, Emit&& emit) {
    Color us = pos.side_to_move();
    Bitboard occ = pos.pieces();
    const Piece* board = pos.board();
    Bitboard quiets = Type == CAPTURES ? Bitboard(0) : ~occ;
    Bitboard captures = Type == QUIETS ? Bitboard(0) : pos.pieces(~us);
    Bitboard targets = quiets | captures;
    auto rankOcc = [&](Square s) { return pos.rank_occupancy(rank_of(s)); };
    auto fileOcc = [&](Square s) { return pos.file_occupancy(file_of(s)); };

    for (Bitboard b = pos.pieces(us, ROOK) & movers; b;) {
        Square from = pop_lsb(b);
        emit(from, rook_attacks(from, rankOcc(from), fileOcc(from)) & targets);
    }
    for (Bitboard b = pos.pieces(us, CANNON) & movers; b;) {
        Square from = pop_lsb(b);
        emit(from, (slider_quiets(from, rankOcc(from), fileOcc(from)) & quiets) |
                       (cannon_attacks(from, rankOcc(from), fileOcc(from)) & captures));
    }
    for (Bitboard b = pos.pieces(us, HORSE) & movers; b;) {
        Square from = pop_lsb(b);
        emit(from, horse_moves(from, board) & targets);
    }
    for (Bitboard b = pos.pieces(us, PAWN) & movers; b;) {
        Square from = pop_lsb(b);
        emit(from, Tables::pawn_moves[us][from] & targets);
    }
    for (Bitboard b = pos.pieces(us, ELEPHANT) & movers; b;) {
        Square from = pop_lsb(b);
        emit(from, elephant_moves(from, board) & targets);
    }
    for (Bitboard b = pos.pieces(us, ADVISOR) & movers; b;) {
        Square from = pop_lsb(b);
        emit(from, Tables::advisor_moves[from] & targets);
    }
    if (Square ksq = pos.king_square(us); movers & square_bb(ksq)) emit(ksq, Tables::king_moves[ksq] & targets);
}

constexpr Bitboard ALL_SQUARES = ~Bitboard(0);

template <GenType Type>
Move* generate_pseudo(const Position& pos, Move* list) {
    for_each_piece<Type>(pos, ALL_SQUARES, [&](Square from, Bitboard dests) {
        while (dests) *list++ = make_move(from, pop_lsb(dests));
    });
    return list;
}

}  // namespace

template <>
Move* generate<CAPTURES>(const Position& pos, Move* list) { return generate_pseudo<CAPTURES>(pos, list); }
template <>
Move* generate<QUIETS>(const Position& pos, Move* list) { return generate_pseudo<QUIETS>(pos, list); }
template <>
Move* generate<PSEUDO_LEGAL>(const Position& pos, Move* list) {
    return generate_pseudo<PSEUDO_LEGAL>(pos, list);
}

template <>
Move* generate<LEGAL>(const Position& pos, Move* list) {
    Move* end = generate_pseudo<PSEUDO_LEGAL>(pos, list);
    return std::remove_if(list, end, [&](Move m) { return !pos.legal(m); });
}

// Most moves need no legality test at all (see StateInfo::pinned and screens), so they are
// counted by popcount; only the king's moves, pinned pieces and screen squares are tested.
int count_legal_moves(const Position& pos) {
    const StateInfo& st = pos.state();
    Bitboard king = square_bb(pos.king_square(pos.side_to_move()));
    int n = 0;
    auto testEach = [&](Square from, Bitboard dests) {
        while (dests) n += pos.king_safe_after(from, pop_lsb(dests));
    };
    if (st.checkers) {
        for_each_piece<PSEUDO_LEGAL>(pos, ALL_SQUARES, testEach);
        return n;
    }
    Bitboard screens = st.screens;
    for_each_piece<PSEUDO_LEGAL>(pos, ~(st.pinned | king), [&](Square from, Bitboard dests) {
        n += popcount(dests & ~screens);
        if (screens) testEach(from, dests & screens);
    });
    for_each_piece<PSEUDO_LEGAL>(pos, st.pinned | king, testEach);
    return n;
}

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

}  // namespace chuhe
