#include "eval/evaluate.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "eval/endgame.h"
#include "support/data.h"
#include "support/fen.h"

namespace chuhe {
namespace {

Value eval_of(const std::string& fen) {
    Position pos;
    std::string error;
    EXPECT_TRUE(pos.set(fen, &error)) << fen << ": " << error;
    return evaluate(pos);
}

// Varied positions: openings, middlegames and endgames from the shared data.
std::vector<std::string> sample_positions() {
    std::vector<std::string> fens;
    std::ifstream openings(test::data_path("openings/fairy_xiangqi.epd"));
    std::string line;
    for (int i = 0; std::getline(openings, line); ++i)
        if (i % 100 == 0) fens.push_back(line);
    for (const test::PerftCase& c : test::all_perft_cases()) fens.push_back(c.fen);
    std::ifstream mates(test::data_path("tactics/composed_mates_105.epd"));
    while (std::getline(mates, line)) {
        std::istringstream in(line);
        std::string board, side;
        if (in >> board >> side) fens.push_back(board + " " + side);
    }
    return fens;
}

TEST(Evaluate, StartPositionIsWorthTheTempo) {
    Position pos;
    ASSERT_TRUE(pos.set(Position::START_FEN));
    // Every other term cancels between the two sides; the phase is full (middlegame weights).
    EXPECT_EQ(evaluate(pos), WEIGHTS[TEMPO].mg);
}

TEST(Evaluate, MirroredAndColourFlippedPositionsScoreTheSame) {
    std::vector<std::string> fens = sample_positions();
    ASSERT_GT(fens.size(), 500u);
    for (const std::string& fen : fens) {
        Value v = eval_of(fen);
        EXPECT_EQ(eval_of(test::mirrored_fen(fen)), v) << fen;
        EXPECT_EQ(eval_of(test::colour_flipped_fen(fen)), v) << fen;
        EXPECT_EQ(eval_of(test::colour_flipped_fen(test::mirrored_fen(fen))), v) << fen;
    }
}

TEST(Evaluate, DeadDrawnEndingsScoreZero) {
    // CXA 4.2.2 positions in which the side with more material still cannot win.
    const char* const DRAWN[] = {
        "2bakab2/9/9/9/9/9/9/9/4A4/2BK1AB2 w",  // 士象全對士象全 defenders only
        "3k5/9/9/9/9/9/9/9/9/C3K4 w",           // 單炮不勝單將 lone cannon
        "3k5/9/9/9/9/9/9/9/9/C1B1K1B2 b",       // 炮相不勝單將 cannon with elephants
        "P2k5/9/9/9/9/9/9/9/9/4K4 w",           // 老兵不勝單將 pawn on the last rank
        "2b1k1b2/9/4P4/9/9/9/9/9/9/3K5 b",      // 單兵和雙象 pawn against two elephants
    };
    for (const char* fen : DRAWN) {
        EXPECT_EQ(eval_of(fen), 0) << fen;
        EXPECT_EQ(eval_of(test::colour_flipped_fen(fen)), 0) << fen;
    }
    // A lone horse against the full defence keeps 4/64 of its advantage: nearly a draw.
    Value horse = eval_of("2bakab2/9/9/9/9/9/9/9/9/N2K5 w");
    EXPECT_GE(horse, 0);
    EXPECT_LT(horse, 20);
}

TEST(Evaluate, TraceCountsGiveTheEvaluation) {
    // The tuner fits weights to trace counts: they must add up to exactly what the search sees.
    for (const std::string& fen : sample_positions()) {
        Position pos;
        ASSERT_TRUE(pos.set(fen));
        EvalTrace trace;
        trace_evaluation(pos, trace);
        Score total;
        for (int p = 0; p < PARAM_COUNT; ++p) total += WEIGHTS[p] * trace.count[p];
        Value v = (total.mg * trace.phase + total.eg * (PHASE_MAX - trace.phase)) / PHASE_MAX;
        v = v * trace.scale[v > 0 ? RED : BLACK] / SCALE_NORMAL;
        EXPECT_EQ(evaluate(pos), pos.side_to_move() == RED ? v : -v) << fen;
    }
}

TEST(Evaluate, PhaseCountsRooksHorsesAndCannons) {
    Position pos;
    ASSERT_TRUE(pos.set(Position::START_FEN));
    EXPECT_EQ(game_phase(pos), PHASE_MAX);
    ASSERT_TRUE(pos.set("3akab2/9/4b4/9/9/9/9/4B4/4A4/2RAK4 w"));  // one rook
    EXPECT_EQ(game_phase(pos), 6);
    ASSERT_TRUE(pos.set("3akab2/9/4b4/9/9/9/9/4B4/4A4/3AK4 w"));
    EXPECT_EQ(game_phase(pos), 0);
}

EvalTrace trace_of(const std::string& fen) {
    Position pos;
    std::string error;
    EXPECT_TRUE(pos.set(fen, &error)) << error;
    EvalTrace trace;
    trace_evaluation(pos, trace);
    return trace;
}

// Each king-safety and structure term, found where it should be and counted for the right
// side (positive for red, negative for black).
TEST(Evaluate, KingSafetyTerms) {
    // Red cannon on e2 facing the black king on e9 with nothing between: 空頭炮 against black.
    EXPECT_EQ(trace_of("3akab2/9/9/9/9/9/9/4C4/9/3AK4 w").count[HOLLOW_CANNON], -1);
    // The central cannon behind two screens (the opening's 中炮).
    EvalTrace central = trace_of("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b");
    EXPECT_EQ(central.count[CANNON_PRESSURE], -1);
    EXPECT_EQ(central.count[HOLLOW_CANNON], 0);
    // A red cannon on black's back rank (沉底炮) and a red horse on g8 (臥槽馬, giving check).
    EXPECT_EQ(trace_of("3akab1C/9/4b4/9/9/9/9/9/9/3AK4 b").count[BOTTOM_CANNON], -1);
    EXPECT_EQ(trace_of("3akab2/6N2/4b4/9/9/9/9/9/9/3AK4 b").count[PALACE_CORNER_HORSE], -1);
    // Black lacks an advisor and both elephants against one red rook and one red horse.
    EvalTrace bare = trace_of("3k1a3/9/9/9/9/9/9/3N5/9/R2AKA3 w");
    EXPECT_EQ(bare.count[ADVISOR_MISSING + ROOK], -1);
    EXPECT_EQ(bare.count[ADVISOR_MISSING + HORSE], -1);
    EXPECT_EQ(bare.count[ELEPHANT_MISSING + ROOK], -2);
    EXPECT_EQ(bare.count[ELEPHANT_MISSING + CANNON], 0);
}

TEST(Evaluate, StructureAndThreatTerms) {
    // Two red pawns side by side across the river; a black pawn blocked by a red horse.
    EvalTrace pawns = trace_of("3akab2/9/4b4/2PPp4/4N4/9/9/9/9/3AK4 w");
    EXPECT_EQ(pawns.count[LINKED_PAWNS], 1);
    EXPECT_EQ(pawns.count[BLOCKED_PAWN], -1);
    // The red rook on a5 attacks the black horse on e5, which nothing defends; the red cannon
    // on i0 attacks the black rook on i9 over the screen on i4.
    EvalTrace threats = trace_of("3akab1r/9/4b4/9/R3n4/8P/9/9/9/3AK3C w");
    EXPECT_EQ(threats.count[HANGING + HORSE], -1);
    EXPECT_EQ(threats.count[ROOK_THREATENED], -1);
    EXPECT_EQ(threats.count[ROOK_OPEN_FILE], 0);  // red's rook (no pawn) and black's (none) cancel
}

}  // namespace
}  // namespace chuhe
