#include "rules/threats.h"

#include <algorithm>

namespace chuhe {

Snapshot::Snapshot(const Position& pos) {
    for (Square s = 0; s < SQUARE_NB; ++s) board[s] = pos.piece_on(s);
    for (Color c : {RED, BLACK}) {
        byColor[c] = pos.pieces(c);
        king[c] = pos.king_square(c);
    }
    for (int p = 0; p < PIECE_NB; ++p)
        byPiece[p] = type_of(Piece(p)) ? pos.pieces(color_of(Piece(p)), type_of(Piece(p))) : 0;
}

Bitboard Snapshot::attackers_to(Square s, Color by) const {
    Bitboard occ = occupied();
    return (rook_attacks(s, occ) & pieces(by, ROOK)) | (cannon_attacks(s, occ) & pieces(by, CANNON)) |
           (horse_attackers(s, occ) & pieces(by, HORSE)) |
           (Tables::pawn_attackers[by][s] & pieces(by, PAWN)) |
           (elephant_moves(s, occ) & pieces(by, ELEPHANT)) |
           (Tables::advisor_moves[s] & pieces(by, ADVISOR)) | (Tables::king_moves[s] & pieces(by, KING));
}

bool Snapshot::king_attacked(Color c, Bitboard ignored) const {
    Square ksq = king[c];
    Color them = ~c;
    Bitboard occ = occupied();
    Bitboard attackers = (rook_attacks(ksq, occ) & (pieces(them, ROOK) | pieces(them, KING))) |
                         (cannon_attacks(ksq, occ) & pieces(them, CANNON)) |
                         (horse_attackers(ksq, occ) & pieces(them, HORSE)) |
                         (Tables::pawn_attackers[them][ksq] & pieces(them, PAWN));
    return attackers & ~ignored;
}

void Snapshot::move(Square from, Square to) {
    Piece pc = board[from], victim = board[to];
    if (victim) {
        byColor[color_of(victim)] ^= square_bb(to);
        byPiece[victim] ^= square_bb(to);
    }
    byColor[color_of(pc)] ^= square_bb(from) | square_bb(to);
    byPiece[pc] ^= square_bb(from) | square_bb(to);
    board[to] = pc;
    board[from] = NO_PIECE;
    if (type_of(pc) == KING) king[color_of(pc)] = to;
}

void Snapshot::remove(Square s) {
    Piece pc = board[s];
    byColor[color_of(pc)] ^= square_bb(s);
    byPiece[pc] ^= square_bb(s);
    board[s] = NO_PIECE;
}

bool pinned(const Snapshot& s, Square sq, Bitboard ignored) {
    Snapshot without = s;
    without.remove(sq);
    return without.king_attacked(color_of(s.board[sq]), ignored);
}

bool Snapshot::legal_capture(Square from, Square to, Bitboard ignored) const {
    Snapshot after = *this;
    after.move(from, to);
    return !after.king_attacked(color_of(board[from]), ignored);
}

namespace {

// The cheapest piece of c that may legally capture on s, or SQ_NONE.
Square cheapest_capturer(const Snapshot& s, Color c, Square target, Bitboard ignored, Bitboard barred) {
    Bitboard candidates = s.attackers_to(target, c) & ~barred;
    Square best = SQ_NONE;
    int bestValue = KING_VALUE + 1;
    for (Bitboard b = candidates; b;) {
        Square from = pop_lsb(b);
        int v = piece_value(s.board[from], from);
        if (v < bestValue && s.legal_capture(from, target, ignored)) best = from, bestValue = v;
    }
    return best;
}

// Whether capturing on to with the piece on from checks the enemy king.
bool capture_checks(const Snapshot& s, Square from, Square to) {
    Snapshot after = s;
    after.move(from, to);
    return after.king_attacked(~color_of(s.board[from]), 0);
}

}  // namespace

Exchange exchange(const Snapshot& start, Square from, Square to, Bitboard ignored, Bitboard barred) {
    Exchange result;
    Snapshot s = start;
    Color us = color_of(s.board[from]);
    int gains[40];
    int d = 0;
    gains[0] = piece_value(s.board[to], to);
    int onSquare = piece_value(s.board[from], to);
    s.move(from, to);
    for (Bitboard b = s.attackers_to(to, ~us) & ~barred; b;) {
        Square r = pop_lsb(b);
        (s.legal_capture(r, to, ignored) ? result.roots : result.falseRoots) |= square_bb(r);
    }
    for (Color stm = ~us; d < 38; stm = ~stm) {
        Square next = cheapest_capturer(s, stm, to, ignored, barred);
        if (next == SQ_NONE) break;
        ++d;
        gains[d] = onSquare - gains[d - 1];
        onSquare = piece_value(s.board[next], to);
        s.move(next, to);
    }
    // Either side may stop capturing when going on would lose.
    for (; d > 0; --d) gains[d - 1] = -std::max(-gains[d - 1], gains[d]);
    result.gain = gains[0];
    return result;
}

void find_threats(const Snapshot& s, Color side, RuleSet rules, Bitboard ignored, Square notTarget,
                  ThreatList& out) {
    out.size = 0;
    Color them = ~side;
    Bitboard targets = s.byColor[them] & ~s.pieces(them, KING);
    if (notTarget != SQ_NONE) targets &= ~square_bb(notTarget);
    for (Bitboard t = targets; t;) {
        Square v = pop_lsb(t);
        if (type_of(s.board[v]) == PAWN && !pawn_crossed(them, v)) continue;
        Bitboard attackers = s.attackers_to(v, side) & ~s.pieces(side, KING);
        for (Bitboard a = attackers; a && out.size < 32;) {
            Square from = pop_lsb(a);
            if (!s.legal_capture(from, v, ignored)) continue;
            // A pawn chases only when its capture uncovers a check by another piece (CXA 26.7).
            if (type_of(s.board[from]) == PAWN && (rules == RuleSet::ASIAN || !capture_checks(s, from, v)))
                continue;
            Exchange ex = exchange(s, from, v, ignored);
            int gain = rules == RuleSet::CHINESE ? ex.gain
                       : piece_value(s.board[v], v) - (ex.roots ? piece_value(s.board[from], v) : 0);
            if (gain <= 0) continue;
            // An exchange offer: the target may take the attacker first without losing by it.
            if ((s.attackers_to(from, them) & square_bb(v)) && s.legal_capture(v, from, ignored) &&
                exchange(s, v, from, ignored).gain >= 0)
                continue;
            bool joint = rules == RuleSet::CHINESE &&
                         exchange(s, from, v, ignored, s.byColor[side] & ~square_bb(from)).gain <= 0;
            out.items[out.size++] = {v, from, gain, ex.roots, ex.falseRoots, joint};
        }
    }
}

}  // namespace chuhe
