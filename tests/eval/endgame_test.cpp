// Endgame knowledge: named endings get their scale, with colours swapped and mirrored too, and
// every ending scaled to 0 is checked over all placements of its pieces to hold no position in
// which the defender is mated or stalemated (so the strong side can never win).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "eval/endgame.h"

namespace chuhe {

namespace {

// The same position with red and black swapped: ranks reversed, letter case swapped.
std::string colour_flipped(const std::string& fen) {
    std::string board = fen.substr(0, fen.find(' '));
    std::vector<std::string> ranks;
    for (size_t at = 0;;) {
        size_t slash = board.find('/', at);
        ranks.push_back(board.substr(at, slash - at));
        if (slash == std::string::npos) break;
        at = slash + 1;
    }
    std::string out;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) {
        for (char c : *it) out += std::isupper(c) ? char(std::tolower(c)) : char(std::toupper(c));
        out += '/';
    }
    out.pop_back();
    char side = fen[fen.find(' ') + 1] == 'w' ? 'b' : 'w';
    return out + ' ' + side + " - - 0 1";
}

// The same position reflected left to right.
std::string mirrored(const std::string& fen) {
    std::string board = fen.substr(0, fen.find(' ')), out, rank;
    for (size_t i = 0; i <= board.size(); ++i) {
        if (i == board.size() || board[i] == '/') {
            out += std::string(rank.rbegin(), rank.rend());
            if (i < board.size()) out += '/';
            rank.clear();
        } else {
            rank += board[i];
        }
    }
    return out + fen.substr(fen.find(' '));
}

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
    {"单车难胜士象全 rook vs full defence", "2bakab2/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", 16, false},
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
    {"单马和士象全 horse vs full defence", "2bakab2/9/9/9/9/9/9/9/9/N2K5 w - - 0 1", 0, true},
    {"马兵难胜士象全 horse and pawn vs full defence", "2bakab2/9/9/4P4/9/9/9/9/9/N2K5 w - - 0 1", 16, false},
    {"马对马 horse vs horse", "2bakab2/9/9/9/9/9/9/9/9/N2K1n3 w - - 0 1", 16, false},
    {"双马 two horses vs full defence", "2bakab2/9/9/9/9/9/9/9/9/NN1K5 w - - 0 1", SCALE_NORMAL, false},
    // Cannon.
    {"单炮不胜单将 cannon vs bare king", "3k5/9/9/9/9/9/9/9/9/C3K4 w - - 0 1", 0, true},
    {"单炮和单士象 cannon vs advisor and elephant", "2b1k4/4a4/9/9/9/9/9/9/9/C3K4 w - - 0 1", 0, true},
    {"单炮和双士 cannon vs two advisors", "3aka3/9/9/9/9/9/9/9/9/C2K5 w - - 0 1", 4, false},
    {"炮仕胜单将 cannon and advisor vs bare king", "3k5/9/9/9/9/9/9/9/4A4/C3K4 w - - 0 1", SCALE_NORMAL, false},
    {"炮仕胜双士 cannon and advisor vs two advisors", "3aka3/9/9/9/9/9/9/9/4A4/C3K4 w - - 0 1", SCALE_NORMAL, false},
    {"炮仕对双象 cannon and advisor vs two elephants", "2b1k1b2/9/9/9/9/9/9/9/4A4/C3K4 w - - 0 1", 16, false},
    {"炮相不胜单将 cannon and elephants vs bare king", "3k5/9/9/9/9/9/9/9/9/C1B1K1B2 w - - 0 1", 0, true},
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
    {"单兵对士象全 pawn vs full defence", "2bakab2/9/3P5/9/9/9/9/9/9/3K5 w - - 0 1", 8, false},
    {"双兵 two pawns vs full defence", "2bakab2/9/3P1P3/9/9/9/9/9/9/3K5 w - - 0 1", SCALE_NORMAL, false},
    // Both sides have something.
    {"老兵对单炮 old pawn vs lone cannon", "P2k5/9/9/9/9/9/9/9/9/4K1c2 w - - 0 1", 4, false},
    {"opening position", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", SCALE_NORMAL, false},
};

}  // namespace

TEST(Endgame, NamedEndingsHaveTheirScale) {
    for (const Ending& e : ENDINGS) {
        for (const std::string& fen : {std::string(e.fen), mirrored(e.fen)}) {
            Position pos;
            std::string error;
            if (!pos.set(fen, &error)) { ADD_FAILURE() << e.name << ": " << error; continue; }  // << ": " << error;
            EXPECT_EQ(endgame_scale(pos, RED), e.redScale) << e.name << ": " << fen;
            EXPECT_EQ(neither_side_can_win(pos), e.neitherCanWin) << e.name << ": " << fen;
            // The same ending with the colours swapped gives black the same scale.
            Position flipped;
            ASSERT_TRUE(flipped.set(colour_flipped(fen), &error)) << e.name << ": " << error;
            EXPECT_EQ(endgame_scale(flipped, BLACK), e.redScale) << e.name << ": " << flipped.fen();
            EXPECT_EQ(endgame_scale(flipped, RED), endgame_scale(pos, BLACK)) << e.name;
            EXPECT_EQ(neither_side_can_win(flipped), e.neitherCanWin) << e.name;
        }
    }
}

namespace {

// Squares a red piece of the given kind may stand on ('P' = a pawn on black's back rank).
std::vector<Square> red_squares(char kind) {
    std::vector<Square> squares;
    for (Square s = 0; s < SQUARE_NB; ++s) {
        int f = file_of(s), r = rank_of(s);
        bool palace = f >= 3 && f <= 5 && r <= 2;
        bool ok = kind == 'K' ? palace
                : kind == 'A' ? palace && (r == 1) == (f == 4)
                : kind == 'B' ? (r == 0 || r == 4) ? f == 2 || f == 6 : r == 2 && f % 4 == 0
                : kind == 'O' ? r == 9
                : kind == 'P' ? r >= 5 || ((r == 3 || r == 4) && f % 2 == 0)
                : true;
        if (ok) squares.push_back(s);
    }
    return squares;
}

// Calls visit for every legal position with the given pieces ("KC" red, "kaa" black) and
// black to move.
struct Placer {
    std::vector<std::pair<char, std::vector<Square>>> pieces;
    char board[SQUARE_NB] = {};
    Position pos;

    Placer(const std::string& red, const std::string& black) {
        for (char c : red) pieces.push_back({c == 'O' ? 'P' : c, red_squares(c)});
        for (char c : black) {
            std::vector<Square> squares;
            for (Square s : red_squares(char(std::toupper(c)))) squares.push_back(make_square(file_of(s), 9 - rank_of(s)));
            pieces.push_back({c, squares});
        }
    }

    template <typename Visit>
    void place(size_t i, Square after, const Visit& visit) {
        if (i == pieces.size()) {
            std::string fen;
            for (int r = RANK_NB - 1; r >= 0; --r) {
                int empty = 0;
                for (int f = 0; f < FILE_NB; ++f) {
                    char c = board[make_square(f, r)];
                    if (!c) { ++empty; continue; }
                    if (empty) fen += char('0' + empty);
                    empty = 0;
                    fen += c;
                }
                if (empty) fen += char('0' + empty);
                if (r) fen += '/';
            }
            if (pos.set(fen + " b - - 0 1")) visit(pos);
            return;
        }
        // Identical pieces are placed in increasing square order, each set once.
        bool sameAsPrevious = i > 0 && pieces[i].first == pieces[i - 1].first;
        for (Square s : pieces[i].second) {
            if (board[s] || (sameAsPrevious && s <= after)) continue;
            board[s] = pieces[i].first;
            place(i + 1, s, visit);
            board[s] = 0;
        }
    }
};

}  // namespace

TEST(Endgame, ZeroScaleEndingsHoldNoMateOrStalemate) {
    // Red's material, black's material, and how many legal placements there are (black to move).
    const std::tuple<const char*, const char*, int> endings[] = {
        {"KC", "k", 4914},          {"KC", "ka", 22806},        {"KC", "kb", 33966},
        {"KC", "kbb", 100602},      {"KC", "kab", 157110},      {"KC", "kabb", 463770},
        {"KCB", "k", 33966},        {"KCBB", "k", 100602},      {"KP", "kbb", 60777},
        {"KP", "kabb", 278181},     {"KO", "k", 468},           {"KO", "kabb", 40908},
        {"KO", "kaabb", 71652},     {"KO", "ka", 2112},         {"KO", "kab", 14208},
        {"KO", "kaab", 25038},      {"KOO", "k", 1800},         {"KOO", "kb", 11748},
        {"KOO", "kbb", 32748},
    };
    for (const auto& [red, black, expected] : endings) {
        Placer placer(red, black);
        int positions = 0, lost = 0, scaled = 0;
        placer.place(0, -1, [&](const Position& pos) {
            ++positions;
            lost += MoveList::of<LEGAL>(pos).size() == 0;
            scaled += endgame_scale(pos, RED) != 0;
        });
        EXPECT_EQ(positions, expected) << red << " vs " << black;
        EXPECT_EQ(lost, 0) << red << " vs " << black;
        EXPECT_EQ(scaled, 0) << red << " vs " << black;
    }
}

}  // namespace chuhe
