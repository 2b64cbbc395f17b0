#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "core/movegen.h"
#include "core/position.h"
#include "support/data.h"

using namespace chuhe;

namespace {

std::vector<std::string> sample_fens() {
    std::vector<std::string> fens{Position::START_FEN};
    for (const auto& c : test::all_perft_cases()) fens.push_back(c.fen);
    return fens;
}

Position from_fen(const std::string& fen) {
    Position pos;
    std::string error;
    EXPECT_TRUE(pos.set(fen, &error)) << fen << ": " << error;
    return pos;
}

std::set<std::string> legal_move_names(const Position& pos) {
    std::set<std::string> names;
    for (Move m : MoveList::of<LEGAL>(pos)) names.insert(Position::move_to_string(m));
    return names;
}

// Moves of the piece on `from` only.
std::set<std::string> moves_from(const Position& pos, const std::string& from) {
    std::set<std::string> names;
    for (const std::string& m : legal_move_names(pos))
        if (m.substr(0, 2) == from) names.insert(m);
    return names;
}

// Reference legality, independent of the pin/screen shortcut: make the move and look.
bool brute_force_legal(Position& pos, Move m) {
    Color us = pos.side_to_move();
    pos.do_move(m);
    Square ksq = pos.king_square(us);
    bool attacked = pos.attackers_to(ksq, ~us) != 0;
    bool facing = file_first_blockers(ksq, pos.pieces()) & pos.pieces(~us, KING);
    pos.undo_move();
    return !attacked && !facing;
}

}  // namespace

TEST(Fen, RoundTripsEverySharedPosition) {
    for (const std::string& fen : sample_fens()) {
        Position pos = from_fen(fen);
        EXPECT_EQ(pos.fen(), fen);
    }
}

TEST(Fen, AcceptsVariantsOfTheNotation) {
    Position pos;
    ASSERT_TRUE(pos.set("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r"));
    EXPECT_EQ(pos.fen(), Position::START_FEN);
    ASSERT_TRUE(pos.set("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 7 12"));
    EXPECT_EQ(pos.side_to_move(), BLACK);
    EXPECT_EQ(pos.rule60_count(), 7);
    EXPECT_EQ(pos.game_ply(), 23);
    EXPECT_EQ(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 7 12");
}

// Fault 11: what the tightened checks must still accept.
TEST(Fen, AcceptsPossibleCountsAndPawnFiles) {
    Position pos;
    // A crossed pawn may share a file with an uncrossed one; half-move counts up to the plies played.
    EXPECT_TRUE(pos.set("3k5/9/9/9/P8/P8/9/9/9/4K4 w"));
    EXPECT_TRUE(pos.set("3k5/9/9/P8/P8/9/9/9/9/4K4 w - - 2 2"));
    EXPECT_TRUE(pos.set("3k5/9/9/P8/P8/9/9/9/9/4K4 b - - 3 2"));
    EXPECT_TRUE(pos.set("3k5/9/9/P8/P8/9/9/9/9/4K4 w - - 119 61"));
}

// Fault 16: fields past the sixth (the UCCI league runner appends " - - 0 1") are ignored.
TEST(Fen, IgnoresFieldsPastTheSixth) {
    Position pos;
    ASSERT_TRUE(pos.set("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 4 - - 0 1"));
    EXPECT_EQ(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 4");
    ASSERT_TRUE(pos.set("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 extra"));
    EXPECT_EQ(pos.side_to_move(), RED);
}

TEST(Fen, RejectsBadInputWithAReason) {
    const std::pair<const char*, const char*> cases[] = {
        {"", "empty FEN"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", "no side to move"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", "side to move must be"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w", "10 ranks"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/9/RNBAKABNR w", "more than 10 ranks"},
        {"rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "rank 8 has 8 files"},
        {"rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "more than 9 files"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w", "unknown piece letter 'X'"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1", "half-move field"},
        // Fault 11: impossible counts and pawn files.
        {"3k5/9/9/9/9/P8/P8/9/9/4K4 w", "red has two pawns on file a that have not crossed the river"},
        {"4k4/9/9/p8/p8/9/9/9/9/3K5 b", "black has two pawns on file a that have not crossed the river"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 200 1", "half-move field 200 is larger"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 999999 1", "larger than the 1 plies"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 3 2", "larger than the 2 plies"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w", "red must have exactly one king, has 2"},
        {"rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "black must have exactly one king, has 0"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w", "red must have exactly one king"},
        {"3k5/9/9/9/9/9/9/9/9/K8 w", "red king on a0 is on a square it can never reach"},
        {"4k4/9/9/9/9/B8/9/9/9/3K5 w", "red elephant on a4 is on a square it can never reach"},
        {"4k4/9/9/9/2B6/9/9/9/9/3K5 w", "red elephant on c5 is on a square it can never reach"},
        {"4k4/9/9/9/9/9/9/P8/9/3K5 w", "red pawn on a2 is on a square it can never reach"},
        {"4k4/9/9/9/9/9/1P7/9/9/3K5 w", "red pawn on b3 is on a square it can never reach"},
        {"4k4/9/9/9/9/9/9/9/4A4/3A1A3 w", "red must have exactly one king"},
        {"4k4/9/9/9/9/9/9/9/3A5/3K5 w", "red advisor on d1 is on a square it can never reach"},
        {"3k5/9/9/9/9/9/9/9/9/3KRR1R1 w", "red has 3 rooks"},
        {"4k4/9/9/9/9/9/9/9/9/4K4 w", "the kings face each other"},
        {"3k5/9/9/9/9/9/9/9/9/3RK4 w", "the side not to move (black) is in check"},
        {"3k5/3r5/9/9/9/9/9/9/9/3K5 b", "the side not to move (red) is in check"},
    };
    for (const auto& [fen, reason] : cases) {
        Position pos;
        std::string before = pos.fen(), error;
        EXPECT_FALSE(pos.set(fen, &error)) << fen;
        EXPECT_NE(error.find(reason), std::string::npos) << fen << " gave: " << error;
        EXPECT_EQ(pos.fen(), before) << "a rejected FEN must leave the position unchanged";
    }
}

TEST(Moves, ParseAndPrintIccs) {
    Position pos;
    EXPECT_EQ(pos.parse_move("h2e2"), make_move(make_square(7, 2), make_square(4, 2)));
    EXPECT_EQ(pos.parse_move("H2-E2"), make_move(make_square(7, 2), make_square(4, 2)));
    EXPECT_EQ(Position::move_to_string(make_move(make_square(7, 2), make_square(4, 2))), "h2e2");
    const std::pair<const char*, const char*> bad[] = {
        {"h2e", "malformed move 'h2e'"},        {"z2e2", "malformed move 'z2e2'"},
        {"h2e2e", "malformed move"},            {"", "malformed move"},
        {"e4e5", "no piece on e4"},             {"e6e5", "the piece on e6 is black's and red is to move"},
        {"h2h7", "the cannon on h2 cannot move to h7"}, {"b0b2", "the horse on b0 cannot move to b2"},
        {"c0e4", "the elephant on c0 cannot move to e4"}, {"a0a4", "the rook on a0 cannot move to a4"},
    };
    for (const auto& [text, reason] : bad) {
        std::string error;
        EXPECT_EQ(pos.parse_move(text, &error), MOVE_NONE) << text;
        EXPECT_NE(error.find(reason), std::string::npos) << text << " gave: " << error;
    }
    // A move that would leave the kings facing is illegal.
    Position p2 = from_fen("4k4/9/9/9/9/9/9/9/4A4/4K4 w");
    std::string error;
    EXPECT_EQ(p2.parse_move("e1d2", &error), MOVE_NONE);
    EXPECT_NE(error.find("leaves the own king in check or facing the other king"), std::string::npos);
}

TEST(Rules, PieceMovementFollowsTheRulesText) {
    // Horse: its legs are b1 (north) and a0/c0 (sides), and a0 and c0 are occupied in the start
    // position, so only the jumps over b1 remain (蹩馬腿).
    Position start;
    EXPECT_EQ(moves_from(start, "b0"), (std::set<std::string>{"b0a2", "b0c2"}));
    // Elephant: for c0 the eyes are b1 and d1, both empty.
    EXPECT_EQ(moves_from(start, "c0"), (std::set<std::string>{"c0a2", "c0e2"}));
    // Advisor and king stay in the palace.
    EXPECT_EQ(moves_from(start, "d0"), (std::set<std::string>{"d0e1"}));
    EXPECT_EQ(moves_from(start, "e0"), (std::set<std::string>{"e0e1"}));
    // Uncrossed pawn: forward only.
    EXPECT_EQ(moves_from(start, "a3"), (std::set<std::string>{"a3a4"}));
    // Cannon: slides like a rook, captures over exactly one screen.
    EXPECT_EQ(moves_from(start, "b2"),
              (std::set<std::string>{"b2a2", "b2c2", "b2d2", "b2e2", "b2f2", "b2g2", "b2b1", "b2b3",
                                     "b2b4", "b2b5", "b2b6", "b2b9"}));

    // Blocked elephant eye (塞象眼) and the river; crossed pawn moves sideways.
    Position p = from_fen("3k5/9/9/9/9/6B2/9/9/9/4K4 w");
    EXPECT_EQ(moves_from(p, "g4"), (std::set<std::string>{"g4e2", "g4i2"}))
        << "an elephant never crosses the river";
    Position q = from_fen("3k5/9/9/9/4P4/9/9/9/9/4K4 w");
    EXPECT_EQ(moves_from(q, "e5"), (std::set<std::string>{"e5d5", "e5e6", "e5f5"}));
    Position eye = from_fen("3k5/9/9/9/9/9/9/9/3p5/2B1K4 w");
    EXPECT_EQ(moves_from(eye, "c0"), (std::set<std::string>{"c0a2"})) << "eye d1 is blocked";
    // Horse leg blocked by a piece of either colour.
    Position leg = from_fen("3k5/9/9/9/9/9/9/4p4/4N4/4K4 w");
    EXPECT_EQ(moves_from(leg, "e1"), (std::set<std::string>{"e1c0", "e1c2", "e1g0", "e1g2"}));
}

TEST(Rules, CheckmateAndStalemateLeaveNoMoves) {
    // Black king on d9 mated by two rooks; e9 is covered by the flying general too.
    Position mate = from_fen("R2k5/1R7/9/9/9/9/9/9/9/4K4 b");
    EXPECT_TRUE(mate.in_check());
    EXPECT_EQ(count_legal_moves(mate), 0);
    // Stalemate (困斃): black has no legal move and is not in check.
    Position stale = from_fen("3k5/4R4/9/9/9/9/9/9/9/4K4 b");
    EXPECT_FALSE(stale.in_check());
    EXPECT_EQ(count_legal_moves(stale), 0);
}

TEST(Movegen, LegalityAgreesWithBruteForce) {
    for (const std::string& fen : sample_fens()) {
        Position pos = from_fen(fen);
        Move list[MAX_MOVES];
        Move* end = generate<PSEUDO_LEGAL>(pos, list);
        int legal = 0;
        for (Move* m = list; m != end; ++m) {
            bool expected = brute_force_legal(pos, *m);
            EXPECT_EQ(pos.legal(*m), expected) << fen << " " << Position::move_to_string(*m);
            legal += expected;
        }
        EXPECT_EQ(count_legal_moves(pos), legal) << fen;
        EXPECT_EQ(MoveList::of<LEGAL>(pos).size(), legal) << fen;
        Move caps[MAX_MOVES], quiets[MAX_MOVES];
        int nc = int(generate<CAPTURES>(pos, caps) - caps), nq = int(generate<QUIETS>(pos, quiets) - quiets);
        EXPECT_EQ(nc + nq, end - list) << fen;
        for (Move* m = caps; m != caps + nc; ++m) EXPECT_FALSE(pos.empty(to_sq(*m)));
        for (Move* m = quiets; m != quiets + nq; ++m) EXPECT_TRUE(pos.empty(to_sq(*m)));
    }
}

TEST(Movegen, GivesCheckAgreesWithMakingTheMove) {
    for (const std::string& fen : sample_fens()) {
        Position pos = from_fen(fen);
        for (Move m : MoveList::of<LEGAL>(pos)) {
            bool predicted = pos.gives_check(m);
            pos.do_move(m);
            EXPECT_EQ(predicted, pos.in_check()) << fen << " " << Position::move_to_string(m);
            pos.undo_move();
        }
    }
}

TEST(Movegen, PseudoLegalAcceptsExactlyTheGeneratedMoves) {
    for (const char* fen : {Position::START_FEN, "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"}) {
        Position pos = from_fen(fen);
        Move list[MAX_MOVES];
        Move* end = generate<PSEUDO_LEGAL>(pos, list);
        std::set<Move> generated(list, end);
        for (int v = 0; v < 1 << 16; ++v)
            EXPECT_EQ(pos.pseudo_legal(Move(v)), generated.count(Move(v)) == 1) << v;
    }
}

TEST(Zobrist, IncrementalKeysMatchRecomputationOverRandomGames) {
    std::mt19937 rng(2026);
    for (const std::string& fen : sample_fens()) {
        Position pos = from_fen(fen);
        const std::string rootFen = pos.fen();
        const uint64_t rootKey = pos.key();
        int plies = 0;
        for (; plies < 40; ++plies) {
            MoveList moves = MoveList::of<LEGAL>(pos);
            if (moves.size() == 0) break;
            pos.do_move(*(moves.begin() + rng() % moves.size()));
            std::string error;
            ASSERT_TRUE(pos.is_consistent(&error)) << fen << " after " << plies + 1 << " plies: " << error;
        }
        if (plies > 0) {
            pos.do_null_move();
            EXPECT_TRUE(pos.is_consistent());
            pos.undo_null_move();
        }
        for (int i = 0; i < plies; ++i) pos.undo_move();
        EXPECT_EQ(pos.fen(), rootFen);
        EXPECT_EQ(pos.key(), rootKey);
        EXPECT_TRUE(pos.is_consistent());
    }
}

TEST(Zobrist, TranspositionsShareAKey) {
    Position a, b;
    for (const char* m : {"h2e2", "h9g7", "b0c2"}) a.do_move(a.parse_move(m));
    for (const char* m : {"b0c2", "h9g7", "h2e2"}) b.do_move(b.parse_move(m));
    EXPECT_EQ(a.key(), b.key());
    EXPECT_EQ(a.fen(), b.fen());
    EXPECT_NE(a.key(), Position().key());
}
