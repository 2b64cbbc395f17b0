// What one move of a repetition cycle is, for the side that made it: a check (將), a mate
// threat (殺), a chase (捉) of which pieces, or idle (閒) and why.
#pragma once

#include <string>
#include <vector>

#include "core/position.h"
#include "rules/rule_set.h"
#include "rules/threats.h"

namespace chuhe {

// A piece the move newly threatens to win.
struct Chase {
    Square victim = SQ_NONE;    // where the chased piece stands after the move
    Square attacker = SQ_NONE;  // the piece that would capture first
    Bitboard attackers = 0;     // every piece that newly threatens the victim
    Piece victimPiece = NO_PIECE;
    Piece attackerPiece = NO_PIECE;
    int gain = 0;
    Bitboard roots = 0;       // real protectors of the victim
    Bitboard falseRoots = 0;  // protectors that may not recapture (假根)
    bool joint = false;       // needs two or more attackers (聯合捉子)
    bool rook() const { return type_of(victimPiece) == ROOK; }
    bool unprotected() const { return roots == 0; }
};

struct MoveNature {
    Move move = MOVE_NONE;
    Color side = RED;
    Piece piece = NO_PIECE;
    bool check = false;
    bool mateThreat = false;    // 殺: mate by checks is threatened, and was not before the move
    bool answersCheck = false;  // the side was in check before the move
    Chase chases[8];
    int chaseCount = 0;
    // Why attacks made by the move are not chases, for explanations (filled on request).
    std::vector<std::string> notes;

    bool chases_square(Square s) const;
};

enum ClassifyFlags : unsigned {
    MATE_THREATS = 1,  // look for mate threats (only the chinese rules rule on them)
    EXPLAIN = 2,       // fill MoveNature::notes
    NO_MATE_TEST = 4,  // count chases without asking whether the capture is answered by mate
};

// Classifies the last move made on pos. pos is used as scratch space and left as it was.
MoveNature classify_last_move(Position& pos, RuleSet rules, unsigned flags);

// Whether the side to move mates by checks alone within `moves` of its own moves.
bool mate_by_checks(Position& pos, int moves);

// Text helpers shared by the explanations.
std::string square_text(Square s);
std::string piece_text(Piece p);          // "red rook"
std::string piece_at(Piece p, Square s);  // "red rook on d8"

}  // namespace chuhe
