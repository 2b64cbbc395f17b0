// generate<QUIET_CHECKS> against its definition: the quiet moves (generate<QUIETS>) for which
// Position::gives_check holds, compared move for move, as sets and in order (the move picker
// breaks ties by order), on the perft suite's positions, the positions of random games from
// them, and a few made for the rarer kinds of check. The test also counts which kind of check
// each move gives, so that a data set without some kind cannot pass it untested.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/position.h"
#include "support/data.h"

using namespace chuhe;

namespace {

// Positions made for kinds of check the games seldom show (red to move each time).
const char* const CRAFTED[] = {
    // Cannon e2 sees the king e9 over an empty file: the horse (c2-e3) screens it.
    "4k4/9/9/9/9/9/9/2N1C4/9/3K5 w - - 0 1",
    // Cannon e0 behind two screens, pawn e5 and horse e4: either leaving the file checks.
    "4k4/9/9/9/4P4/4N4/9/9/9/3KC4 w - - 0 1",
    // Rook f3 behind the horse f6: the horse uncovers it.
    "5k3/9/9/5N3/9/9/5R3/9/9/4K4 w - - 0 1",
    // Flying general: the horse e5 is all that stands between the kings.
    "4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1",
    // Horse f8 with its leg e8 blocked by the own pawn: the pawn's moves free it.
    "3k5/4PN3/9/9/9/9/9/9/9/4K4 w - - 0 1",
};

// The kinds of check a quiet move gives (one move may give several).
enum Kind { DIRECT, ROOK_LINE, CANNON_LEFT, CANNON_SCREENED, HORSE_LEG, FLYING, KIND_NB };
const char* const KIND_NAMES[] = {"direct", "rook uncovered", "cannon's second screen left",
                                  "cannon screened", "horse leg freed", "flying general"};

// Which kinds of check the quiet move m gives, from the position after it.
void count_kinds(const Position& pos, Move m, int (&counts)[KIND_NB]) {
    Color us = pos.side_to_move();
    Square from = from_sq(m), to = to_sq(m), ksq = pos.king_square(~us);
    Bitboard occ = (pos.pieces() ^ square_bb(from)) | square_bb(to);
    PieceType pt = type_of(pos.piece_on(from));
    bool direct = pt == KING ? bool(rook_attacks(ksq, occ) & square_bb(to))
                             : bool(Position::attacks_from(pt, us, to, occ) & square_bb(ksq));
    if (direct) ++counts[DIRECT];
    Bitboard others = pos.pieces(us) ^ square_bb(from);
    Bitboard attackers = pos.attackers_to(ksq, us, occ) & others;
    for (Bitboard b = attackers; b;) {
        Square s = pop_lsb(b);
        switch (type_of(pos.piece_on(s))) {
        case ROOK: ++counts[ROOK_LINE]; break;
        case HORSE: ++counts[HORSE_LEG]; break;
        case CANNON: {
            // A cannon that saw the king over an empty line got a screen; any other lost one.
            bool openBefore = rook_attacks(ksq, pos.pieces()) & square_bb(s);
            ++counts[openBefore ? CANNON_SCREENED : CANNON_LEFT];
            break;
        }
        default: break;
        }
    }
    Square own = pos.king_square(us);
    if (own != from && (rook_attacks(ksq, occ) & square_bb(own))) ++counts[FLYING];
}

// Compares the generator with its definition in one position; returns the checks it listed.
int compare(const Position& pos, const std::string& where, int (&counts)[KIND_NB]) {
    Move quiets[MAX_MOVES], checks[MAX_MOVES];
    Move* quietsEnd = generate<QUIETS>(pos, quiets);
    std::vector<Move> expected;
    for (Move* m = quiets; m != quietsEnd; ++m)
        if (pos.gives_check(*m)) expected.push_back(*m);
    std::vector<Move> actual(checks, generate<QUIET_CHECKS>(pos, checks));

    std::set<Move> expectedSet(expected.begin(), expected.end()), actualSet(actual.begin(), actual.end());
    EXPECT_EQ(actualSet.size(), actual.size()) << where << ": a move listed twice\n" << pos;
    for (Move m : expected)
        EXPECT_TRUE(actualSet.count(m)) << where << ": misses " << Position::move_to_string(m) << "\n" << pos;
    for (Move m : actual)
        EXPECT_TRUE(expectedSet.count(m)) << where << ": adds " << Position::move_to_string(m) << "\n" << pos;
    if (expectedSet == actualSet && actualSet.size() == actual.size()) {
        EXPECT_EQ(actual, expected) << where << ": same moves in another order\n" << pos;
    }
    for (Move m : expected) count_kinds(pos, m, counts);
    return int(expected.size());
}

}  // namespace

TEST(MovegenChecks, SameMovesAsQuietsFilteredByGivesCheck) {
    std::vector<std::pair<std::string, std::string>> starts;  // FEN, origin
    for (const char* fen : CRAFTED) starts.emplace_back(fen, "crafted");
    for (const test::PerftCase& c : test::all_perft_cases()) starts.emplace_back(c.fen, c.origin);

    // From each start, random games of 80 plies (fewer when a side has no move), comparing
    // in every position on the way.
    constexpr int GAMES = 4, PLIES = 80;
    std::mt19937 rng(42);
    int positions = 0, checks = 0;
    int counts[KIND_NB] = {};
    for (const auto& [fen, origin] : starts) {
        Position start;
        std::string error;
        ASSERT_TRUE(start.set(fen, &error)) << origin << ": " << error;
        for (int game = 0; game < GAMES; ++game) {
            Position pos = start;
            for (int ply = 0; ply <= PLIES; ++ply) {
                std::string where = origin + " game " + std::to_string(game) + " ply " + std::to_string(ply);
                checks += compare(pos, where, counts);
                ++positions;
                if (::testing::Test::HasFailure()) return;  // one position's report is enough
                MoveList legal = MoveList::of<LEGAL>(pos);
                if (legal.size() == 0) break;
                pos.do_move(legal.begin()[rng() % legal.size()]);
            }
        }
    }
    std::printf("[          ] %d positions, %d quiet checks:", positions, checks);
    for (int k = 0; k < KIND_NB; ++k) std::printf(" %s %d,", KIND_NAMES[k], counts[k]);
    std::printf("\n");
    EXPECT_GT(positions, 50000);
    // Every kind of check must have been compared many times over.
    for (int k = 0; k < KIND_NB; ++k) EXPECT_GE(counts[k], 20) << KIND_NAMES[k];
}
