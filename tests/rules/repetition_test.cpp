// Properties of the cycle finder and the ruling that hold for any game.
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "core/movegen.h"
#include "rules/repetition.h"

using namespace chuhe;

namespace {

const bool initialized = (Position::init(), true);

Position replay(const std::string& fen, const std::string& moves) {
    Position pos;
    EXPECT_TRUE(pos.set(fen));
    std::istringstream in(moves);
    for (std::string t; in >> t;) pos.do_move(pos.parse_move(t));
    return pos;
}

TEST(Repetition, FindsThePreviousOccurrence) {
    Position pos = replay(Position::START_FEN, "b0c2 b9c7 c2b0 c7b9");
    EXPECT_EQ(find_repetition(pos), 0);
    pos.do_move(pos.parse_move("h2e2"));
    EXPECT_EQ(find_repetition(pos), -1);
    EXPECT_EQ(rule_cycle(pos, RuleSet::ASIAN), Ruling::NO_REPETITION);
}

// find_repetition gives the latest earlier occurrence; at the third occurrence the cycle runs
// over both repetitions.
TEST(Repetition, ThirdOccurrenceSpansBothLoops) {
    Position pos = replay("3k5/9/9/9/9/9/9/9/p8/R3K4 w - - 0 1", "a0a1 d9d8 a1a0 d8d9 a0a1 d9d8 a1a0 d8d9");
    EXPECT_EQ(find_repetition(pos), 4);
    CycleJudgement j = judge_cycle(pos, RuleSet::ASIAN, false);
    EXPECT_EQ(j.first, 4);  // the capture a0a1 makes every earlier position different
    pos.do_move(pos.parse_move("a0a1"));
    pos.do_move(pos.parse_move("d9d8"));
    pos.do_move(pos.parse_move("a1a0"));
    pos.do_move(pos.parse_move("d8d9"));
    EXPECT_EQ(find_repetition(pos), 8);
    j = judge_cycle(pos, RuleSet::ASIAN, false);
    EXPECT_EQ(j.first, 4);
    EXPECT_EQ(j.last, 12);
    EXPECT_EQ(j.ruling, Ruling::DRAW);
}

// The window is the same whether the cycle was entered by an idle move or not (case I8a/I8b).
TEST(Repetition, WindowDoesNotDependOnTheEntry) {
    Position entered = replay("3a5/4k4/6nC1/p5p2/4R4/6P2/7r1/3AB4/4A4/4K1B2 b - - 0 1",
                              "e8f8 h7i7 h3i3 i7h7 i3h3 h7i7 h3i3 i7h7 i3h3");
    Position direct = replay("3a5/5k3/6nC1/p5p2/4R4/6P2/7r1/3AB4/4A4/4K1B2 w - - 0 1",
                             "h7i7 h3i3 i7h7 i3h3 h7i7 h3i3 i7h7 i3h3");
    EXPECT_EQ(rule_cycle(entered, RuleSet::ASIAN), Ruling::BLACK_LOSES);
    EXPECT_EQ(rule_cycle(direct, RuleSet::ASIAN), Ruling::BLACK_LOSES);
    EXPECT_EQ(rule_cycle(entered, RuleSet::CHINESE), rule_cycle(direct, RuleSet::CHINESE));
}

// Random shuffling games: every repetition gets a ruling, the cheap ruling agrees with the
// explained one, and the position is left exactly as it was.
TEST(Repetition, RandomGamesRestoreThePosition) {
    std::mt19937 rng(20261130);
    int judged = 0;
    for (int game = 0; game < 40; ++game) {
        Position pos;
        for (int ply = 0; ply < 160; ++ply) {
            MoveList moves = MoveList::of<LEGAL>(pos);
            if (moves.size() == 0) break;
            // Prefer quiet moves back to where a piece came from, so that positions recur.
            Move pick = moves.begin()[rng() % moves.size()];
            if (ply >= 2 && rng() % 3) {
                Move back = pos.history()[pos.plies_since_root() - 1].move;
                Move undo = make_move(to_sq(back), from_sq(back));
                if (moves.contains(undo) && pos.empty(to_sq(undo))) pick = undo;
            }
            pos.do_move(pick);
            if (find_repetition(pos) < 0) continue;
            std::string fen = pos.fen();
            uint64_t key = pos.key();
            int plies = pos.plies_since_root();
            for (RuleSet rules : {RuleSet::ASIAN, RuleSet::CHINESE}) {
                CycleJudgement full = judge_cycle(pos, rules, true);
                EXPECT_NE(full.ruling, Ruling::NO_REPETITION);
                EXPECT_EQ(rule_cycle(pos, rules), full.ruling) << fen;
                EXPECT_EQ(int(full.moves.size()), full.last - full.first);
            }
            EXPECT_EQ(pos.fen(), fen);
            EXPECT_EQ(pos.key(), key);
            EXPECT_EQ(pos.plies_since_root(), plies);
            ++judged;
        }
    }
    EXPECT_GT(judged, 100);
}

}  // namespace
