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

Bitboard Snapshot::attacks_of(Square s) const {
    Piece pc = board[s];
    return Position::attacks_from(type_of(pc), color_of(pc), s, occupied()) & byColor[~color_of(pc)];
}

Bitboard Snapshot::king_attackers(Color c, Square ksq, Bitboard occ) const {
    Color them = ~c;
    return (rook_attacks(ksq, occ) & (pieces(them, ROOK) | pieces(them, KING))) |
           (cannon_attacks(ksq, occ) & pieces(them, CANNON)) |
           (horse_attackers(ksq, occ) & pieces(them, HORSE)) |
           (Tables::pawn_attackers[them][ksq] & pieces(them, PAWN));
}

bool Snapshot::king_attacked(Color c, Bitboard ignored) const {
    return king_attackers(c, king[c], occupied()) & ~ignored;
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

bool Snapshot::legal_capture(Square from, Square to, Bitboard ignored) const {
    Color us = color_of(board[from]);
    Square ksq = type_of(board[from]) == KING ? to : king[us];
    Bitboard occ = (occupied() ^ square_bb(from)) | square_bb(to);
    // The captured piece attacks no more.
    return !(king_attackers(us, ksq, occ) & ~(ignored | square_bb(to)));
}

bool Snapshot::shields_king(Square s, Bitboard ignored) const {
    Color us = color_of(board[s]);
    return type_of(board[s]) != KING && (king_attackers(us, king[us], occupied() ^ square_bb(s)) & ~ignored);
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

namespace {

// CXA 26.10.2: whether the target may accept an exchange of equals with one of its attackers.
bool accepts_exchange(const Snapshot& s, Square v, Bitboard ignored) {
    Color them = color_of(s.board[v]);
    for (Bitboard a = s.attackers_to(v, ~them) & s.attacks_of(v); a;) {
        Square from = pop_lsb(a);
        if (piece_value(s.board[from], from) == piece_value(s.board[v], v) &&
            s.legal_capture(v, from, ignored) && exchange(s, v, from, ignored).gain >= 0)
            return true;
    }
    return false;
}

}  // namespace

ThreatKind judge_threat(const Snapshot& s, Square from, Square v, RuleSet rules, Bitboard ignored,
                        Threat* threat) {
    Color them = color_of(s.board[v]);
    PieceType attacker = type_of(s.board[from]);
    if (type_of(s.board[v]) == KING || (type_of(s.board[v]) == PAWN && !pawn_crossed(them, v)))
        return ThreatKind::NO_TARGET;
    if (!s.legal_capture(from, v, ignored)) return ThreatKind::ILLEGAL;
    // The king and pawns may chase; a pawn chases when its capture uncovers a check (CXA 26.7).
    if (attacker == KING || (attacker == PAWN && (rules == RuleSet::ASIAN || !capture_checks(s, from, v))))
        return ThreatKind::KING_OR_PAWN;
    Exchange ex = exchange(s, from, v, ignored);
    int gain = rules == RuleSet::CHINESE
                   ? ex.gain
                   : piece_value(s.board[v], v) - (ex.roots ? piece_value(s.board[from], v) : 0);
    if (gain <= 0) return ThreatKind::NO_GAIN;
    // An exchange offer: the target may take the attacker first without losing by it.
    if ((s.attacks_of(v) & square_bb(from)) && s.legal_capture(v, from, ignored) &&
        exchange(s, v, from, ignored).gain >= 0)
        return ThreatKind::EXCHANGE_OFFER;
    bool joint = rules == RuleSet::CHINESE &&
                 exchange(s, from, v, ignored, s.byColor[~them] & ~square_bb(from)).gain <= 0;
    if (joint && accepts_exchange(s, v, ignored)) return ThreatKind::EXCHANGE_OFFER;
    if (threat) *threat = {v, from, gain, ex.roots, ex.falseRoots, joint};
    return ThreatKind::THREAT;
}

void find_threats(const Snapshot& s, Color side, RuleSet rules, Bitboard ignored, Square notTarget,
                  ThreatList& out) {
    out.size = 0;
    Bitboard targets = s.byColor[~side] & ~s.pieces(~side, KING);
    if (notTarget != SQ_NONE) targets &= ~square_bb(notTarget);
    for (Bitboard t = targets; t;) {
        Square v = pop_lsb(t);
        for (Bitboard a = s.attackers_to(v, side); a && out.size < 32;) {
            Square from = pop_lsb(a);
            if (judge_threat(s, from, v, rules, ignored, &out.items[out.size]) == ThreatKind::THREAT) ++out.size;
        }
    }
}

}  // namespace chuhe
