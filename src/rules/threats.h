// Material threats for the repetition rules: which enemy pieces a side could win if it were
// to move now. A chase (捉) is a move that creates such a threat, so the classifier compares
// the threats before and after each move of a cycle.
//
// Gains are worked out by exchange on the target square (static exchange evaluation) with full
// legality at every step: a protector that may not recapture (pinned, or exposing its king to
// the flying general or to a check the capture discovers) is a false root (假根) and protects
// nothing.
#pragma once

#include "core/position.h"
#include "rules/rule_set.h"

namespace chuhe {

// The piece placement only: cheap to copy, for trying exchanges out.
struct Snapshot {
    Piece board[SQUARE_NB];
    Bitboard byColor[COLOR_NB];
    Bitboard byPiece[PIECE_NB];
    Square king[COLOR_NB];

    explicit Snapshot(const Position& pos);
    Bitboard occupied() const { return byColor[RED] | byColor[BLACK]; }
    Bitboard pieces(Color c, PieceType pt) const { return byPiece[make_piece(c, pt)]; }
    // Pieces of `by` that could capture on s (kings only by their step, never along a file).
    Bitboard attackers_to(Square s, Color by) const;
    // Enemy pieces the piece on s attacks (captures for a cannon).
    Bitboard attacks_of(Square s) const;
    // Whether c's king is attacked, counting the flying general and leaving out the pieces in
    // `ignored` (checks already on the board, which must not change what counts as a threat).
    bool king_attacked(Color c, Bitboard ignored) const;
    // Moves the piece on from to to, removing whatever stood there.
    void move(Square from, Square to);
    // Whether the piece on from may capture on to without exposing its own king.
    bool legal_capture(Square from, Square to, Bitboard ignored) const;
    // Whether the piece on s is pinned: taking it off the board would expose its own king.
    bool shields_king(Square s, Bitboard ignored) const;

private:
    // Pieces attacking c's king if it stood on ksq with occupancy occ (flying general included).
    Bitboard king_attackers(Color c, Square ksq, Bitboard occ) const;
};

// What an exchange on one square gives the side that starts it.
struct Exchange {
    int gain = 0;             // net material, by the values of rule_set.h; captures may stop anywhere
    Bitboard roots = 0;       // defenders that can legally recapture the first capturer
    Bitboard falseRoots = 0;  // defenders in form only (假根)
};

// The exchange begun by the piece on from capturing on to. Pieces in `barred` take no part.
Exchange exchange(const Snapshot& s, Square from, Square to, Bitboard ignored, Bitboard barred = 0);

struct Threat {
    Square victim = SQ_NONE;
    Square attacker = SQ_NONE;  // the first capturer
    int gain = 0;
    Bitboard roots = 0;
    Bitboard falseRoots = 0;
    bool joint = false;  // the first capturer gains only with the help of others (聯合捉子)
};

struct ThreatList {
    Threat items[32];
    int size = 0;
    const Threat* find(Square victim, Square attacker) const {
        for (int i = 0; i < size; ++i)
            if (items[i].victim == victim && items[i].attacker == attacker) return &items[i];
        return nullptr;
    }
    bool threatens(Square victim) const {
        for (int i = 0; i < size; ++i)
            if (items[i].victim == victim) return true;
        return false;
    }
};

// How one capture counts for the repetition rules.
enum class ThreatKind : uint8_t {
    THREAT,          // a chase target: the capture wins material
    NO_TARGET,       // the king, or a pawn that has not crossed the river
    ILLEGAL,         // the capture would expose the capturer's own king
    KING_OR_PAWN,    // the king and pawns may chase (AXF; CXA 26.1), unless a pawn's capture checks (26.7)
    NO_GAIN,         // the capture wins nothing
    EXCHANGE_OFFER,  // the target may take the attacker back without losing (兌, CXA 24.4, 26.9, 26.10)
};

// Whether the piece on from threatens to win the piece on v. Gains differ by rule set. Asian: a
// target is won if it has no real protector, or if it is worth more than its attacker (a rook
// attacked by a horse or cannon); a protected piece is not chased by being attacked twice (AXF
// diagrams 86-89). Chinese: the whole exchange counts, so that a piece with fewer protectors than
// attackers (少根子, 24.15) or won by several attackers together (聯合捉子, 24.17) is chased too,
// unless it may accept an exchange of equals with one of them (26.10.2). A THREAT is stored in
// *threat when threat is not null.
ThreatKind judge_threat(const Snapshot& s, Square from, Square v, RuleSet rules, Bitboard ignored,
                        Threat* threat = nullptr);

// Every capture threat `side` would carry out if it were to move, one per attacker and target.
// `notTarget` leaves one piece out (CXA 26.6: a pawn that has just crossed the river).
void find_threats(const Snapshot& s, Color side, RuleSet rules, Bitboard ignored, Square notTarget,
                  ThreatList& out);

}  // namespace chuhe
