// Endgame knowledge: named endings get their scale, with colours swapped and mirrored too, and
// every ending scaled to 0 is checked over all placements of its pieces to hold no position in
// which the defender is mated or stalemated (so the strong side can never win). Also the
// ending solver (tools/ending.h) that the scales come from.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "eval/endgame.h"
#include "support/fen.h"
#include "tools/ending.h"

namespace chuhe {

namespace {

struct Ending {
    const char* name;
    const char* fen;  // red is the strong side
    int redScale;
    bool neitherCanWin;
};

const Ending ENDINGS[] = {
    // No attacking piece on either side.
    {"士象全对士象全 full defences only", "2bakab2/9/9/9/9/9/9/9/4A4/2BK1AB2 w - - 0 1", 0, true},
    {"bare kings", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", 0, true},
    // Rook.
    {"单车胜单将 rook vs bare king", "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", SCALE_NORMAL, false},
    {"单车胜双士 rook vs two advisors", "3aka3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", SCALE_NORMAL, false},
    {"单车胜单缺士 rook vs advisor and two elephants", "2bak1b2/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", SCALE_NORMAL, false},
    {"单车难胜士象全 rook vs full defence", "2bakab2/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", 32, false},
    {"车对车 rook vs rook", "r2akab2/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", 16, false},
    {"车难胜炮双士 rook vs cannon and two advisors", "3akac2/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", 16, false},
    {"车对马双士 rook vs horse and two advisors", "3akan2/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", 32, false},
    {"车胜马双象 rook vs horse and two elephants", "2b1k1bn1/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", SCALE_NORMAL, false},
    {"车兵 rook and pawn vs full defence", "2bakab2/9/9/4P4/9/9/9/9/9/R2K5 w - - 0 1", SCALE_NORMAL, false},
    // Horse.
    {"单马胜单将 horse vs bare king", "3k5/9/9/9/9/9/9/9/9/N3K4 w - - 0 1", SCALE_NORMAL, false},
    {"单马胜单士 horse vs one advisor", "3k5/4a4/9/9/9/9/9/9/9/N3K4 w - - 0 1", SCALE_NORMAL, false},
    {"单马对双士 horse vs two advisors", "3aka3/9/9/9/9/9/9/9/9/N2K5 w - - 0 1", 16, false},
    {"单马对双象 horse vs two elephants", "2b1k1b2/9/9/9/9/9/9/9/9/N2K5 w - - 0 1", 8, false},
    {"单马和士象全 horse vs full defence", "2bakab2/9/9/9/9/9/9/9/9/N2K5 w - - 0 1", 4, false},
    {"马兵难胜士象全 horse and pawn vs full defence", "2bakab2/9/9/4P4/9/9/9/9/9/N2K5 w - - 0 1", 16, false},
    {"马对马 horse vs horse", "2bakab2/9/9/9/9/9/9/9/9/N2K1n3 w - - 0 1", 16, false},
    {"单炮对单炮 bare cannons", "3k5/9/9/9/9/9/9/9/9/C3K1c2 w - - 0 1", 0, true},
    {"单炮对单马 bare cannon vs bare horse", "3k5/9/9/9/9/9/9/9/9/C3K1n2 w - - 0 1", 0, false},
    {"双马 two horses vs full defence", "2bakab2/9/9/9/9/9/9/9/9/NN1K5 w - - 0 1", SCALE_NORMAL, false},
    // Cannon.
    {"单炮不胜单将 cannon vs bare king", "3k5/9/9/9/9/9/9/9/9/C3K4 w - - 0 1", 0, true},
    {"单炮和单士象 cannon vs advisor and elephant", "2b1k4/4a4/9/9/9/9/9/9/9/C3K4 w - - 0 1", 0, true},
    {"单炮和双士 cannon vs two advisors", "3aka3/9/9/9/9/9/9/9/9/C2K5 w - - 0 1", 4, false},
    {"炮仕胜单将 cannon and advisor vs bare king", "3k5/9/9/9/9/9/9/9/4A4/C3K4 w - - 0 1", SCALE_NORMAL, false},
    {"炮仕胜双士 cannon and advisor vs two advisors", "3aka3/9/9/9/9/9/9/9/4A4/C3K4 w - - 0 1", SCALE_NORMAL, false},
    {"炮仕对双象 cannon and advisor vs two elephants", "2b1k1b2/9/9/9/9/9/9/9/4A4/C3K4 w - - 0 1", 16, false},
    {"炮仕对双士单象 cannon and advisor vs two advisors and an elephant", "2baka3/9/9/9/9/9/9/9/4A4/C3K4 w - - 0 1", 16, false},
    {"炮相不胜单将 cannon and elephants vs bare king", "3k5/9/9/9/9/9/9/9/9/C1B1K1B2 w - - 0 1", 0, true},
    {"炮相和双象 cannon and elephant vs two elephants", "2b1k1b2/9/9/9/9/9/9/9/9/C1BK5 w - - 0 1", 0, true},
    {"炮兵难胜士象全 cannon and pawn without screens", "2bakab2/9/9/4P4/9/9/9/9/9/C2K5 w - - 0 1", 16, false},
    {"炮兵仕相全胜士象全 cannon and pawn with screens", "2bakab2/9/9/4P4/9/9/9/9/4A4/C1BK2B2 w - - 0 1", SCALE_NORMAL, false},
    // Pawns.
    {"高兵胜单将 high pawn vs bare king", "3k5/9/4P4/9/9/9/9/9/9/4K4 w - - 0 1", SCALE_NORMAL, false},
    {"低兵胜单将 low pawn vs bare king", "5k3/4P4/9/9/9/9/9/9/9/4K4 w - - 0 1", SCALE_NORMAL, false},
    {"未过河兵胜单将 pawn before the river vs bare king", "3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1", SCALE_NORMAL, false},
    {"老兵不胜单将 old pawn vs bare king", "P2k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", 0, true},
    {"双老兵不胜单将 two old pawns vs bare king", "P2k3P1/9/9/9/9/9/9/9/9/4K4 w - - 0 1", 0, true},
    {"老兵对双士 old pawn vs two advisors", "P2aka3/9/9/9/9/9/9/9/9/3K5 w - - 0 1", 4, false},
    {"单兵对单士 pawn vs one advisor", "3k5/4a4/4P4/9/9/9/9/9/9/4K4 w - - 0 1", 16, false},
    {"单兵和双象 pawn vs two elephants", "2b1k1b2/9/4P4/9/9/9/9/9/9/3K5 w - - 0 1", 0, true},
    {"单兵和士象全 pawn vs full defence", "2bakab2/9/3P5/9/9/9/9/9/9/3K5 w - - 0 1", 4, false},
    {"双兵 two pawns vs full defence", "2bakab2/9/3P1P3/9/9/9/9/9/9/3K5 w - - 0 1", SCALE_NORMAL, false},
    // Both sides have something.
    {"老兵对单炮 old pawn vs lone cannon", "P2k5/9/9/9/9/9/9/9/9/4K1c2 w - - 0 1", 4, false},
    {"单炮对单卒 cannon vs a pawn that can screen", "3k5/9/9/2p6/9/9/9/9/9/C3K4 w - - 0 1", 16, false},
    {"老兵对老卒 old pawns on both sides", "P2k5/9/9/9/9/9/9/9/9/4K2p1 w - - 0 1", 0, true},
    {"opening position", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", SCALE_NORMAL, false},
};

}  // namespace

TEST(Endgame, NamedEndingsHaveTheirScale) {
    for (const Ending& e : ENDINGS) {
        for (const std::string& fen : {std::string(e.fen), test::mirrored_fen(e.fen)}) {
            Position pos;
            std::string error;
            if (!pos.set(fen, &error)) { ADD_FAILURE() << e.name << ": " << error; continue; }
            EXPECT_EQ(endgame_scale(pos, RED), e.redScale) << e.name << ": " << fen;
            EXPECT_EQ(neither_side_can_win(pos), e.neitherCanWin) << e.name << ": " << fen;
            // The same ending with the colours swapped gives black the same scale.
            Position flipped;
            ASSERT_TRUE(flipped.set(test::colour_flipped_fen(fen), &error)) << e.name << ": " << error;
            EXPECT_EQ(endgame_scale(flipped, BLACK), e.redScale) << e.name << ": " << flipped.fen();
            EXPECT_EQ(endgame_scale(flipped, RED), endgame_scale(pos, BLACK)) << e.name;
            EXPECT_EQ(neither_side_can_win(flipped), e.neitherCanWin) << e.name;
        }
    }
}

TEST(Endgame, ZeroScaleEndingsHoldNoMateOrStalemate) {
    // Red's material, black's material, and how many legal placements there are (black to move).
    const std::tuple<const char*, const char*, int> endings[] = {
        {"KC", "k", 4914},      {"KC", "ka", 22806},    {"KC", "kb", 33966},     {"KC", "kbb", 100602},
        {"KC", "kab", 157110},  {"KC", "kabb", 463770}, {"KCB", "k", 33966},     {"KCB", "kb", 234104},
        {"KCB", "kbb", 691386}, {"KCBB", "k", 100602},  {"KP", "kbb", 51615},    {"KP", "kabb", 237273},
        {"KO", "k", 468},       {"KO", "ka", 2112},     {"KO", "kab", 14208},    {"KO", "kaab", 25038},
        {"KO", "kabb", 40908},  {"KO", "kaabb", 71652}, {"KO", "kp", 20748},     {"KOO", "k", 1800},
        {"KOO", "kb", 11748},   {"KOO", "kbb", 32748},  {"KC", "kc", 438111},    {"KC", "kn", 411966},
    };
    for (const auto& [red, black, expected] : endings) {
        int positions = 0, lost = 0, scaled = 0;
        ASSERT_TRUE(for_each_placement(red, black, BLACK, [&](const Position& pos) {
            ++positions;
            lost += MoveList::of<LEGAL>(pos).size() == 0;
            scaled += endgame_scale(pos, RED) != 0;
        }));
        EXPECT_EQ(positions, expected) << red << " vs " << black;
        EXPECT_EQ(lost, 0) << red << " vs " << black;
        EXPECT_EQ(scaled, 0) << red << " vs " << black;
    }
}

TEST(Endgame, SolverFindsTheKnownResults) {
    const std::tuple<const char*, const char*, int64_t, int64_t, int> cases[] = {
        // red, black, red-to-move positions, of which won, longest win in plies
        {"KC", "k", 4914, 0, 0},              // 单炮不胜单将: no screen, no mate
        {"KCA", "k", 22710, 22710, 18},       // 炮仕胜单将: the advisor is the screen
        {"KN", "k", 4590, 4590, 14},          // 单马胜单将
        {"KP", "k", 2394, 2394, 20},          // 单兵胜单将 (any pawn short of the last rank)
        {"KO", "k", 432, 0, 0},               // 老兵不胜单将
        {"KR", "kaa", 35166, 35166, 20},      // 单车胜双士
    };
    for (const auto& [red, black, positions, wins, longest] : cases) {
        EndingResult r;
        std::string error;
        ASSERT_TRUE(solve_ending(red, black, r, &error)) << error;
        EXPECT_EQ(r.positions[RED], positions) << red << " vs " << black;
        EXPECT_EQ(r.wins[RED], wins) << red << " vs " << black;
        EXPECT_EQ(r.longestWin, longest) << red << " vs " << black;
    }
    EndingResult r;
    std::string error;
    EXPECT_FALSE(solve_ending("KX", "k", r, &error));
    EXPECT_EQ(error, "bad piece letter 'X' in red material 'KX' (red: KARBNCPO, black: karbncpo)");
    EXPECT_FALSE(solve_ending("KC", "kk", r, &error));
    EXPECT_EQ(error, "material 'kk' needs exactly one king");
}

}  // namespace chuhe
