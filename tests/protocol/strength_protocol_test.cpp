// Strength levels through both protocols: with a fixed seed a weak level plays the same moves
// every time, UCI_Elo at its lowest is level 0, the GUI sees only the lines it asked for, and
// bad values are refused.
#include <gtest/gtest.h>

#include "protocol/engine_process.h"
#include "strength/strength.h"

namespace chuhe::test {

namespace {

const char* const POSITIONS[] = {
    "position startpos",
    "position startpos moves h2e2 h9g7",
    "position startpos moves h2e2 h9g7 h0g2 i9h9 i0h0 b9c7",
    "position fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1",  // mate in one: even level 0 sees it
    "position startpos moves c3c4 b9c7 b0c2 h9g7",
};

// The best moves for the positions above, and whether any info line showed a second PV.
std::string moves(EngineProcess& e, bool* morePvs) {
    std::string out;
    for (const char* pos : POSITIONS) {
        e.send(pos);
        e.send("go depth 8");
        std::vector<std::string> lines = e.read_until("bestmove");
        for (const std::string& l : lines)
            if (l.find("multipv 2") != std::string::npos) *morePvs = true;
        std::string best = lines.back();
        out += best.substr(9, 4) + " ";
    }
    return out;
}

}  // namespace

TEST(StrengthProtocol, FixedSeedGivesTheSameMovesEveryTime) {
    std::string first;
    for (const char* setup : {"setoption name Skill Level value 0",
                              "setoption name UCI_LimitStrength value true",  // UCI_Elo at its lowest below
                              "setoption name Skill Level value 0"}) {
        EngineProcess e;
        e.send("uci");
        e.read_until("uciok");
        e.send("setoption name Random Seed value 9");
        // Exact moves: on the hand-crafted evaluation, so that they do not move with each net.
        e.send("setoption name Use NNUE value false");
        e.send(setup);
        e.send("setoption name UCI_Elo value " + std::to_string(strength::MIN_ELO));
        bool morePvs = false;
        std::string played = moves(e, &morePvs);
        if (first.empty()) first = played;
        EXPECT_EQ(played, first);
        EXPECT_FALSE(morePvs);  // two lines searched, one shown
    }
    EXPECT_EQ(first, "c3c4 i0i1 h0h6 e1d1 h0g2 ");
    // UCCI: the same controller, level and seed, the same moves.
    EngineProcess u;
    u.send("ucci");
    u.read_until("ucciok");
    u.send("setoption randomseed 9");
    u.send("setoption usennue false");
    u.send("setoption level 0");
    bool morePvs = false;
    EXPECT_EQ(moves(u, &morePvs), first);
}

TEST(StrengthProtocol, RandomnessVariesAmongNearEqualMoves) {
    EngineProcess u;
    u.send("ucci");
    u.read_until("ucciok");
    u.send("setoption randomseed 3");
    u.send("setoption usennue false");
    u.send("setoption randomness huge");
    bool morePvs = false;
    // Any of the moves within 80 cp of the best may come, but the mate in one stays.
    EXPECT_EQ(moves(u, &morePvs), "h0g2 i3i4 h0h6 e1d1 c2d4 ");
    u.send("setoption randomness wild");
    EXPECT_EQ(u.read_line(), "info message error: option randomness takes none, tiny, small, medium, large or huge");
    u.send("setoption level 21");
    EXPECT_EQ(u.read_line(), "info message error: option level takes a number from 0 to 20");
}

TEST(StrengthProtocol, BadValuesAreRefused) {
    EngineProcess e;
    e.send("uci");
    e.read_until("uciok");
    e.send("setoption name Skill Level value 21");
    EXPECT_EQ(e.read_line(), "info string error: option 'Skill Level' takes a number from 0 to 20");
    e.send("setoption name UCI_Elo value " + std::to_string(strength::MIN_ELO - 1));
    EXPECT_EQ(e.read_line(), "info string error: option 'UCI_Elo' takes a number from " +
                                 std::to_string(strength::MIN_ELO) + " to " + std::to_string(strength::MAX_ELO));
    e.send("setoption name UCI_LimitStrength value sometimes");
    EXPECT_EQ(e.read_line(), "info string error: option 'UCI_LimitStrength' takes true or false");
}

}  // namespace chuhe::test
