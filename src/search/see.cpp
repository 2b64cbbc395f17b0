#include "search/see.h"

namespace chuhe {

namespace {

// Piece types from the cheapest to the dearest.
constexpr PieceType BY_VALUE[] = {PAWN, ADVISOR, ELEPHANT, HORSE, CANNON, ROOK, KING};

}  // namespace

bool see_ge(const Position& pos, Move m, Value threshold) {
    Square from = from_sq(m), to = to_sq(m);
    int swap = piece_value(pos.piece_on(to)) - threshold;
    if (swap < 0) return false;
    swap = piece_value(pos.piece_on(from)) - swap;
    if (swap <= 0) return true;

    Bitboard occupied = pos.pieces() ^ square_bb(from);
    Color stm = color_of(pos.piece_on(from));
    bool res = true;
    while (true) {
        stm = ~stm;
        Bitboard attackers = pos.attackers_to(to, stm, occupied) & occupied;
        if (!attackers) break;
        res = !res;
        PieceType pt = KING;
        Bitboard bb = 0;
        for (PieceType t : BY_VALUE)
            if ((bb = attackers & pos.pieces(stm, t))) {
                pt = t;
                break;
            }
        // The king may only take last: if the other side still attacks, the capture is illegal.
        if (pt == KING) return pos.attackers_to(to, ~stm, occupied) & occupied ? !res : res;
        swap = PieceValue[pt] - swap;
        if (swap < int(res)) break;
        occupied ^= square_bb(lsb(bb));
    }
    return res;
}

}  // namespace chuhe
