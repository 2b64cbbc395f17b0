#include "core/movegen.h"

#include <algorithm>

namespace chuhe {

namespace {

// Calls emit(from, destinations) for every piece of the side to move, with the destinations
// restricted to empty squares (quiets) and/or enemy pieces (captures) as Type asks.
template <GenType Type, typename Emit>
inline void for_each_piece(const Position& pos, Emit&& emit) {
    Color us = pos.side_to_move();
    Bitboard occ = pos.pieces();
    Bitboard quiets = Type == CAPTURES ? Bitboard(0) : ~occ;
    Bitboard captures = Type == QUIETS ? Bitboard(0) : pos.pieces(~us);
    Bitboard targets = quiets | captures;

    for (Bitboard b = pos.pieces(us, ROOK); b;) {
        Square from = pop_lsb(b);
        emit(from, rook_attacks(from, occ) & targets);
    }
    for (Bitboard b = pos.pieces(us, CANNON); b;) {
        Square from = pop_lsb(b);
        emit(from, (slider_quiets(from, occ) & quiets) | (cannon_attacks(from, occ) & captures));
    }
    for (Bitboard b = pos.pieces(us, HORSE); b;) {
        Square from = pop_lsb(b);
        emit(from, horse_moves(from, occ) & targets);
    }
    for (Bitboard b = pos.pieces(us, PAWN); b;) {
        Square from = pop_lsb(b);
        emit(from, Tables::pawn_moves[us][from] & targets);
    }
    for (Bitboard b = pos.pieces(us, ELEPHANT); b;) {
        Square from = pop_lsb(b);
        emit(from, elephant_moves(from, occ) & targets);
    }
    for (Bitboard b = pos.pieces(us, ADVISOR); b;) {
        Square from = pop_lsb(b);
        emit(from, Tables::advisor_moves[from] & targets);
    }
    Square ksq = pos.king_square(us);
    emit(ksq, Tables::king_moves[ksq] & targets);
}

template <GenType Type>
Move* generate_pseudo(const Position& pos, Move* list) {
    for_each_piece<Type>(pos, [&](Square from, Bitboard dests) {
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
    Square ksq = pos.king_square(pos.side_to_move());
    int n = 0;
    if (st.checkers) {
        Move list[MAX_MOVES];
        Move* end = generate_pseudo<PSEUDO_LEGAL>(pos, list);
        for (Move* m = list; m != end; ++m) n += pos.legal(*m);
        return n;
    }
    for_each_piece<PSEUDO_LEGAL>(pos, [&](Square from, Bitboard dests) {
        Bitboard tested = dests;
        if (from != ksq && !((st.pinned >> from) & 1)) {
            n += popcount(dests & ~st.screens);
            tested &= st.screens;
        }
        while (tested) n += pos.legal(make_move(from, pop_lsb(tested)));
    });
    return n;
}

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

}  // namespace chuhe
