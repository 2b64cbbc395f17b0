// The hand-crafted evaluation: material, piece-square tables, mobility, king safety, pawn
// structure, threats and piece coordination, each a weight from weights.cpp counted for red
// and for black, blended between middlegame and endgame by the material left.
//
// The terms are written once, as evaluate_terms<Out>: Out adds up the weights for the search
// and counts them for the tuner, so the two can never disagree.
#include "eval/evaluate.h"

#include <algorithm>

#include "eval/endgame.h"

namespace chuhe {

namespace {

struct Masks {
    Bitboard file[FILE_NB] = {};
    Bitboard palace[COLOR_NB] = {};

    Masks() {
        for (Square s = 0; s < SQUARE_NB; ++s) {
            file[file_of(s)] |= square_bb(s);
            for (Color c : {RED, BLACK})
                if (file_of(s) >= 3 && file_of(s) <= 5 && relative_rank(c, rank_of(s)) <= 2)
                    palace[c] |= square_bb(s);
        }
    }
};

const Masks MASKS;

constexpr int PHASE_WEIGHT[PIECE_TYPE_NB] = {0, 6, 0, 3, 0, 3, 0, 0};

bool crossed_river(Color c, Square s) { return relative_rank(c, rank_of(s)) >= 5; }

int piece_square_param(Color c, PieceType pt, Square s) {
    return pst_index(pt, relative_rank(c, rank_of(s)), file_of(s));
}

// Attacks gathered while the pieces are scored, used by the king-safety and threat terms.
struct Attacks {
    Bitboard all[COLOR_NB] = {};
    Bitboard byLesser[COLOR_NB] = {};  // by horses, cannons and pawns: threats to a rook
    int palaceAttackers[COLOR_NB] = {};  // [defender] enemy pieces bearing on its palace
};

// Material, placement and mobility of the pieces of colour us; fills the attack maps.
template <typename Out>
void score_pieces(const Position& pos, Color us, Attacks& at, Out& out) {
    const Color them = ~us;
    const Bitboard own = pos.pieces(us);
    Bitboard b = own;
    while (b) {
        Square s = pop_lsb(b);
        PieceType pt = type_of(pos.piece_on(s));
        out.add_piece(us, pt, s);

        unsigned rankOcc = pos.rank_occupancy(rank_of(s));
        unsigned fileOcc = pos.file_occupancy(file_of(s));
        Bitboard attacks;
        switch (pt) {
        case ROOK:
            attacks = rook_attacks(s, rankOcc, fileOcc);
            out.add(us, ROOK_MOBILITY + std::min(popcount(slider_quiets(s, rankOcc, fileOcc)),
                                                 ROOK_MOBILITY_MAX));
            if (!(pos.pieces(us, PAWN) & MASKS.file[file_of(s)])) out.add(us, ROOK_OPEN_FILE);
            break;
        case CANNON:
            attacks = cannon_attacks(s, rankOcc, fileOcc);
            out.add(us, CANNON_MOBILITY + std::min(popcount(slider_quiets(s, rankOcc, fileOcc)),
                                                   CANNON_MOBILITY_MAX));
            break;
        case HORSE:
            attacks = horse_moves(s, pos.board());
            out.add(us, HORSE_MOBILITY + std::min(popcount(attacks & ~own), HORSE_MOBILITY_MAX));
            break;
        case PAWN: attacks = Tables::pawn_moves[us][s]; break;
        case ADVISOR: attacks = Tables::advisor_moves[s]; break;
        case ELEPHANT: attacks = elephant_moves(s, pos.board()); break;
        default: attacks = Tables::king_moves[s]; break;
        }
        at.all[us] |= attacks;
        if (pt == HORSE || pt == CANNON || pt == PAWN) at.byLesser[us] |= attacks;
        if (pt != KING && pt != ADVISOR && pt != ELEPHANT && (attacks & MASKS.palace[them])) {
            ++at.palaceAttackers[them];
            out.add(them, PALACE_ATTACKER + pt);
        }
    }
}

// Dangers to the king of colour us from the enemy pieces and from its own missing defenders.
template <typename Out>
void score_king_safety(const Position& pos, Color us, const Attacks& at, Out& out) {
    const Color them = ~us;
    const Square ksq = pos.king_square(us);

    int missingAdvisors = 2 - pos.count(us, ADVISOR);
    int missingElephants = 2 - pos.count(us, ELEPHANT);
    for (PieceType pt : {ROOK, HORSE, CANNON}) {
        int attackers = pos.count(them, pt);
        if (missingAdvisors) out.add(us, ADVISOR_MISSING + pt, missingAdvisors * attackers);
        if (missingElephants) out.add(us, ELEPHANT_MISSING + pt, missingElephants * attackers);
    }
    out.add(us, PALACE_ATTACKERS + std::min(at.palaceAttackers[us], PALACE_ATTACKERS_MAX));

    // Enemy cannons on the king's file: with nothing between, the king cannot leave the file
    // to meet a check from it; behind two screens, any screen that moves gives check.
    Bitboard cannons = pos.pieces(them, CANNON);
    Bitboard onFile = cannons & MASKS.file[file_of(ksq)];
    while (onFile) {
        Square s = pop_lsb(onFile);
        int lo = std::min(rank_of(s), rank_of(ksq)), hi = std::max(rank_of(s), rank_of(ksq));
        unsigned between = pos.file_occupancy(file_of(ksq)) & ((1u << hi) - (2u << lo));
        int screens = popcount(Bitboard(between));
        if (screens == 0) out.add(us, HOLLOW_CANNON);
        else if (screens == 2) out.add(us, CANNON_PRESSURE);
    }
    const Bitboard backRank = RANK_0_BB << (9 * (us == RED ? 0 : 9));
    if (cannons & backRank) out.add(us, BOTTOM_CANNON, popcount(cannons & backRank));

    const int cornerRank = us == RED ? 1 : 8;
    Bitboard corners = square_bb(make_square(2, cornerRank)) | square_bb(make_square(6, cornerRank));
    if (pos.pieces(them, HORSE) & corners)
        out.add(us, PALACE_CORNER_HORSE, popcount(pos.pieces(them, HORSE) & corners));
}

// Pawn structure, threats and the pairs of pieces that work well together.
template <typename Out>
void score_structure(const Position& pos, Color us, const Attacks& at, Out& out) {
    const Color them = ~us;
    const Bitboard pawns = pos.pieces(us, PAWN);
    Bitboard b = pawns;
    while (b) {
        Square s = pop_lsb(b);
        if (crossed_river(us, s)) {
            if (file_of(s) < FILE_NB - 1 && (pawns & square_bb(s + 1))) out.add(us, LINKED_PAWNS);
        } else {
            Square front = us == RED ? s + FILE_NB : s - FILE_NB;
            if (!pos.empty(front)) out.add(us, BLOCKED_PAWN);
        }
    }

    Bitboard hanging = pos.pieces(us) & at.all[them] & ~at.all[us] & ~pos.pieces(us, KING);
    while (hanging) out.add(us, HANGING + type_of(pos.piece_on(pop_lsb(hanging))));

    if (Bitboard rooks = pos.pieces(us, ROOK) & at.byLesser[them])
        out.add(us, ROOK_THREATENED, popcount(rooks));

    if (pos.pieces(us, CANNON)) {
        if (pos.pieces(us, ROOK)) out.add(us, ROOK_CANNON);
        if (pos.pieces(us, HORSE)) out.add(us, HORSE_CANNON);
    }
}

template <typename Out>
void evaluate_terms(const Position& pos, Out& out) {
    Attacks at;
    score_pieces(pos, RED, at, out);
    score_pieces(pos, BLACK, at, out);
    for (Color c : {RED, BLACK}) {
        score_king_safety(pos, c, at, out);
        score_structure(pos, c, at, out);
    }
    out.add(pos.side_to_move(), TEMPO);
}

// Adds up the weights, red minus black.
// Material plus placement of each piece on each square, summed once from the weights.
struct PieceSquareTable {
    Score value[PIECE_NB][SQUARE_NB];

    PieceSquareTable() {
        for (Color c : {RED, BLACK})
            for (PieceType pt : {ROOK, ADVISOR, CANNON, PAWN, HORSE, ELEPHANT, KING})
                for (Square s = 0; s < SQUARE_NB; ++s) {
                    value[make_piece(c, pt)][s] = WEIGHTS[PIECE_VALUE + pt];
                    value[make_piece(c, pt)][s] += WEIGHTS[piece_square_param(c, pt, s)];
                }
    }
};

const PieceSquareTable PSQT;

// Adds up the weights for the search: each side's sum, red minus black at the end.
struct WeightSum {
    Score sum[COLOR_NB];
    void add(Color c, int param, int n = 1) { sum[c] += WEIGHTS[param] * n; }
    void add_piece(Color c, PieceType pt, Square s) { sum[c] += PSQT.value[make_piece(c, pt)][s]; }
    Score total() const { return {sum[RED].mg - sum[BLACK].mg, sum[RED].eg - sum[BLACK].eg}; }
};

// Counts the weights for the tuner, red minus black.
struct WeightCount {
    EvalTrace& trace;
    void add(Color c, int param, int n = 1) { trace.count[param] += c == RED ? n : -n; }
    void add_piece(Color c, PieceType pt, Square s) {
        add(c, PIECE_VALUE + pt);
        add(c, piece_square_param(c, pt, s));
    }
};

}  // namespace

int game_phase(const Position& pos) {
    int phase = 0;
    for (PieceType pt : {ROOK, HORSE, CANNON}) phase += PHASE_WEIGHT[pt] * popcount(pos.pieces(pt));
    return std::min(phase, PHASE_MAX);
}

Value evaluate(const Position& pos) {
    WeightSum sum;
    evaluate_terms(pos, sum);
    int phase = game_phase(pos);
    Score total = sum.total();
    Value v = (total.mg * phase + total.eg * (PHASE_MAX - phase)) / PHASE_MAX;
    // The side that is ahead keeps only what its material can turn into a win.
    v = v * endgame_scale(pos, v > 0 ? RED : BLACK) / SCALE_NORMAL;
    v = std::clamp(v, -VALUE_RULE_WIN_IN_MAX_PLY / 2, VALUE_RULE_WIN_IN_MAX_PLY / 2);
    return pos.side_to_move() == RED ? v : -v;
}

void trace_evaluation(const Position& pos, EvalTrace& trace) {
    trace = EvalTrace{};
    WeightCount count{trace};
    evaluate_terms(pos, count);
    trace.phase = game_phase(pos);
    for (Color c : {RED, BLACK}) trace.scale[c] = endgame_scale(pos, c);
}

}  // namespace chuhe
