// The one walk over the pieces of the side to move that every generator shares: rooks,
// cannons, horses, pawns, elephants, advisors, king, each type from the lowest square up.
// Sharing it keeps the generators' move orders the same, so a generator that lists a subset
// of another's moves lists them in the same order (the move picker breaks ties by order).
#pragma once

#include "core/movegen.h"

namespace chuhe::detail {

// Calls emit(from, destinations) for every piece of the side to move standing on `movers`,
// with the destinations restricted to empty squares (quiets) and/or enemy pieces (captures)
// as Type asks.
template <GenType Type, typename Emit>
inline void for_each_piece(const Position& pos, Bitboard movers, Emit&& emit) {
    static_assert(Type == CAPTURES || Type == QUIETS || Type == PSEUDO_LEGAL);
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

}  // namespace chuhe::detail
