#include "rules/classify.h"

#include "core/movegen.h"

namespace chuhe {

namespace {

constexpr int MATE_THREAT_MOVES = 3;  // 殺: mate by up to three checks

// Whether the side to move, in check, is mated within `moves` more checks of the attacker.
bool checks_mate(Position& pos, int moves) {
    MoveList replies = MoveList::of<LEGAL>(pos);
    if (replies.size() == 0) return true;
    if (moves <= 1) return false;
    for (Move r : replies) {
        pos.do_move(r);
        bool mated = mate_by_checks(pos, moves - 1);
        pos.undo_move();
        if (!mated) return false;
    }
    return true;
}

// mate_by_checks, with the first check made by the piece on `first` when it is given.
bool mate_by_checks_from(Position& pos, int moves, Square first) {
    for (Move m : MoveList::of<LEGAL>(pos)) {
        if ((first != SQ_NONE && from_sq(m) != first) || !pos.gives_check(m)) continue;
        pos.do_move(m);
        bool mate = checks_mate(pos, moves);
        pos.undo_move();
        if (mate) return true;
    }
    return false;
}

// The pawn the side to move crossed the river with on its last move, `back` plies ago, if it
// still stands there (CXA 26.6: capturing it at once wins nothing).
Square just_crossed_pawn(const Position& pos, int back) {
    const auto& h = pos.history();
    if (int(h.size()) <= back) return SQ_NONE;
    Move m = h[h.size() - 1 - back].move;
    if (m == MOVE_NONE || m == MOVE_NULL) return SQ_NONE;
    Piece p = pos.piece_on(to_sq(m));
    if (p != make_piece(pos.side_to_move(), PAWN) || pawn_crossed(color_of(p), from_sq(m)) ||
        !pawn_crossed(color_of(p), to_sq(m)))
        return SQ_NONE;
    return to_sq(m);
}

// Whether the capture, made by the side not to move, is answered by mate at once: CXA 24.3 and
// the older 29.4 do not count a capture that loses to mate.
bool mated_after_capture(Position& pos, Square from, Square to) {
    pos.do_null_move();
    Move c = make_move(from, to);
    bool mated = false;
    if (pos.pseudo_legal(c) && pos.legal(c)) {
        pos.do_move(c);
        mated = mate_by_checks(pos, 1);
        pos.undo_move();
    }
    pos.undo_null_move();
    return mated;
}

// Pieces that attack: rooks, horses, cannons and crossed pawns.
int attacking_pieces(const Position& pos, Color c) {
    int n = pos.count(c, ROOK) + pos.count(c, HORSE) + pos.count(c, CANNON);
    for (Bitboard b = pos.pieces(c, PAWN); b;) n += pawn_crossed(c, pop_lsb(b));
    return n;
}

std::string list_pieces(const Snapshot& s, Bitboard b) {
    std::string text;
    for (; b;) {
        Square sq = pop_lsb(b);
        if (!text.empty()) text += b ? ", " : " and ";
        text += "the " + piece_at(s.board[sq], sq);
    }
    return text;
}

// Why the moved piece's attacks on enemy pieces are not chases.
void explain_attacks(const Position& pos, const Snapshot& after, const ThreatList& qa, const ThreatList& qb,
                     Bitboard ignored, RuleSet rules, Square fresh, MoveNature& n) {
    Color us = n.side, them = ~us;
    Square to = to_sq(n.move);
    for (int i = 0; i < qa.size; ++i)
        if (!n.chases_square(qa.items[i].victim) && qb.threatens(qa.items[i].victim) &&
            (i == 0 || qa.items[i - 1].victim != qa.items[i].victim))
            n.notes.push_back("keeps up the threat on the " +
                              piece_at(after.board[qa.items[i].victim], qa.items[i].victim) +
                              " (it existed before the move, so it is not a new chase)");
    Bitboard attacked = 0;
    for (Bitboard b = pos.pieces(them) & ~pos.pieces(them, KING); b;) {
        Square v = pop_lsb(b);
        if (after.attackers_to(v, us) & square_bb(to)) attacked |= square_bb(v);
    }
    for (Bitboard b = attacked; b;) {
        Square v = pop_lsb(b);
        if (qa.threatens(v)) continue;
        std::string target = piece_at(after.board[v], v);
        if (v == fresh) {
            n.notes.push_back("attacks the " + target +
                              ", which has just crossed the river: taking it at once "
                              "wins nothing (CXA 26.6)");
            continue;
        }
        Exchange ex = exchange(after, to, v, ignored);
        switch (judge_threat(after, to, v, rules, ignored)) {
        case ThreatKind::NO_TARGET:
            n.notes.push_back("attacks the " + target +
                              ", a pawn that has not crossed the river and is no target");
            break;
        case ThreatKind::ILLEGAL:
            n.notes.push_back("attacks the " + target +
                              " but may not capture it (its own king would be exposed)");
            break;
        case ThreatKind::KING_OR_PAWN:
            n.notes.push_back("attacks the " + target + ": the " +
                              std::string(type_of(n.piece) == KING ? "king" : "pawn") +
                              " may chase by itself");
            break;
        case ThreatKind::EXCHANGE_OFFER:
            n.notes.push_back("offers an exchange (兌) to the " + target +
                              ", which may accept it without loss");
            break;
        case ThreatKind::NO_GAIN:
            if (ex.gain == 0 && piece_value(after.board[v], v) == piece_value(n.piece, to))
                n.notes.push_back("offers an exchange of equals (兌) to the " + target + ", protected by " +
                                  list_pieces(after, ex.roots));
            else
                n.notes.push_back("attacks the " + target +
                                  (ex.roots ? ", protected by " + list_pieces(after, ex.roots) : "") +
                                  ": capturing wins nothing (跟)");
            break;
        case ThreatKind::THREAT:  // in qa, unless the list was full
            break;
        }
    }
    // An offer (獻): the moved piece stands en prise.
    if (type_of(n.piece) != KING) {
        for (Bitboard b = after.attackers_to(to, them); b;) {
            Square a = pop_lsb(b);
            if (after.legal_capture(a, to, ignored) && exchange(after, a, to, ignored).gain > 0) {
                n.notes.push_back("offers itself (獻) to the " + piece_at(after.board[a], a));
                break;
            }
        }
    }
    if (n.notes.empty() && !n.check && !n.mateThreat && !n.chaseCount)
        n.notes.push_back("threatens nothing new");
}

}  // namespace

bool MoveNature::chases_square(Square s) const {
    for (int i = 0; i < chaseCount; ++i)
        if (chases[i].victim == s) return true;
    return false;
}

bool mate_by_checks(Position& pos, int moves) { return mate_by_checks_from(pos, moves, SQ_NONE); }

MoveNature classify_last_move(Position& pos, RuleSet rules, unsigned flags) {
    MoveNature n;
    Move m = pos.last_move();
    n.move = m;
    n.side = ~pos.side_to_move();
    n.piece = pos.piece_on(to_sq(m));
    n.check = pos.in_check();
    Color us = n.side;
    bool chinese = rules == RuleSet::CHINESE;

    // Threats after the move, seen as if the mover could move again; a check it gives is left
    // out of the opponent's legality, so that a check does not hide or create chases.
    Snapshot after(pos);
    Bitboard ignoredAfter = pos.checkers();
    Square fresh = chinese ? just_crossed_pawn(pos, 1) : SQ_NONE;
    ThreatList qa, qb;
    find_threats(after, us, rules, ignoredAfter, fresh, qa);
    bool mateAfter = false;
    if ((flags & MATE_THREATS) && !n.check) {
        pos.do_null_move();
        mateAfter = mate_by_checks(pos, MATE_THREAT_MOVES);
        pos.undo_null_move();
    }

    pos.undo_move();
    n.answersCheck = pos.in_check();
    Snapshot before(pos);
    Bitboard ignoredBefore = pos.checkers();
    find_threats(before, us, rules, ignoredBefore, fresh, qb);
    bool mateBefore = mateAfter && mate_by_checks(pos, MATE_THREAT_MOVES);
    pos.do_move(m);

    n.mateThreat = mateAfter && !mateBefore;
    // A chase is a capture threat the move creates: none of the pieces that now threaten the
    // target (the moved one followed back to its square) could win it before the move.
    auto was_threat = [&](const Threat& t) {
        return qb.find(t.victim, t.attacker == to_sq(m) ? from_sq(m) : t.attacker) != nullptr;
    };
    // AXF rule 27: a piece held to its line (pinned before and after the move) chases nothing by
    // moving along it.
    bool confined = !chinese && before.shields_king(from_sq(m), ignoredBefore) &&
                    after.shields_king(to_sq(m), ignoredAfter);
    for (int i = 0; i < qa.size; ++i) {
        const Threat& t = qa.items[i];
        if (n.chases_square(t.victim) || n.chaseCount == 8) continue;
        if (confined && t.attacker == to_sq(m)) {
            if (flags & EXPLAIN)
                n.notes.push_back("threatens the " + piece_at(after.board[t.victim], t.victim) +
                                  " while held to its line by a pin: no chase (AXF rule 27)");
            continue;
        }
        bool renewed = true;
        for (int k = 0; k < qa.size; ++k)
            renewed &= qa.items[k].victim != t.victim || !was_threat(qa.items[k]);
        if (!renewed) continue;
        if (!n.check && !(flags & NO_MATE_TEST) && mated_after_capture(pos, t.attacker, t.victim)) {
            if (flags & EXPLAIN)
                n.notes.push_back("threatens the " + piece_at(after.board[t.victim], t.victim) +
                                  ", but capturing it would be answered by mate (24.3)");
            continue;
        }
        Chase c;
        c.victim = t.victim;
        c.attacker = t.attacker;
        c.victimPiece = after.board[t.victim];
        c.attackerPiece = after.board[t.attacker];
        c.gain = t.gain;
        c.roots = t.roots;
        c.falseRoots = t.falseRoots;
        c.joint = t.joint;
        for (int k = 0; k < qa.size; ++k)
            if (qa.items[k].victim == t.victim) c.attackers |= square_bb(qa.items[k].attacker);
        n.chases[n.chaseCount++] = c;
    }

    if (chinese) {
        // 26.1.2: a king that answers a check makes no chase and no mate threat by doing so.
        if (n.answersCheck && type_of(n.piece) == KING && (n.chaseCount || n.mateThreat)) {
            if (flags & EXPLAIN)
                n.notes.push_back(
                    "answers the check with the king: what it attacks counts as idle (CXA 26.1.2)");
            n.chaseCount = 0;
            n.mateThreat = false;
        }
        // 26.3: after a self-kill check (自斃), the answer's mate threat is the checker's doing
        // unless the answering piece brings a new mate of its own.
        if (n.answersCheck && n.mateThreat) {
            pos.do_null_move();
            bool own = mate_by_checks_from(pos, MATE_THREAT_MOVES, to_sq(m));
            pos.undo_null_move();
            if (!own) {
                if (flags & EXPLAIN)
                    n.notes.push_back(
                        "the mate threat comes from the opponent's own check (自斃, CXA 24.18 and 26.3)");
                n.mateThreat = false;
            }
        }
        // 26.2: the defending side with a single attacking piece may hit advisors and elephants.
        if (n.chaseCount && attacking_pieces(pos, us) == 1) {
            bool guardsOnly = true;
            for (int i = 0; i < n.chaseCount; ++i)
                guardsOnly &= type_of(n.chases[i].victimPiece) == ADVISOR ||
                              type_of(n.chases[i].victimPiece) == ELEPHANT;
            if (guardsOnly) {
                if (flags & EXPLAIN)
                    n.notes.push_back(
                        "a side with one attacking piece attacks advisors or elephants: idle (CXA 26.2)");
                n.chaseCount = 0;
            }
        }
    }
    if (flags & EXPLAIN) explain_attacks(pos, after, qa, qb, ignoredAfter, rules, fresh, n);
    return n;
}

std::string square_text(Square s) { return {char('a' + file_of(s)), char('0' + rank_of(s))}; }

std::string piece_text(Piece p) {
    static const char* NAMES[] = {"", "rook", "advisor", "cannon", "pawn", "horse", "elephant", "king"};
    return std::string(color_of(p) == RED ? "red " : "black ") + NAMES[type_of(p)];
}

std::string piece_at(Piece p, Square s) { return piece_text(p) + " on " + square_text(s); }

}  // namespace chuhe
