// Cases of our own making for the CXA 2011 rules (chapter 6, 棋例), one or more per article,
// each ruled under the chinese rules and, where the two rule sets part, under the asian ones.
#include <gtest/gtest.h>

#include <sstream>

#include "rules/repetition.h"

using namespace chuhe;

namespace {

const bool initialized = (Position::init(), true);

struct CxaCase {
    const char* article;
    const char* illustrates;
    const char* fen;
    const char* moves;
    Ruling chinese;
    Ruling asian;       // NO_REPETITION: not checked
    const char* kinds;  // the cycle's moves: '+' check, '#' mate threat, 'x' chase, '.' idle
};

constexpr Ruling RED = Ruling::RED_LOSES, BLACK = Ruling::BLACK_LOSES, DRAW = Ruling::DRAW,
                 ANY = Ruling::NO_REPETITION;

const CxaCase CASES[] = {
    {"24.1", "將: the rook checks on every move; the king's replies are idle", "3k5/9/9/9/9/9/9/9/9/R3K4 w",
     "a0a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9", RED, RED, "+.+."},
    {"24.2",
     "殺: leaving the e-file the cannon threatens mate by C-g9 over the f9 advisor; the other move "
     "checks: 一將一殺 is forbidden (allowed under the asian rules)",
     "3aka3/4c4/9/9/9/9/9/9/4c4/3K2C2 b", "e1a1 g0e0 a1e1 e0g0", RED, DRAW, ".+.#"},
    {"24.3", "捉: the rook follows the unprotected cannon from file to file", "3k5/9/9/9/1c7/9/9/9/9/R3K4 w",
     "a0b0 b5a5 b0a0 a5b5 a0b0", RED, RED, ".x.x"},
    {"24.5", "獻: the rook steps into the horse's reach unprotected; offering is idle",
     "3k5/9/2n6/9/9/9/9/9/9/R3K4 w", "a0a6 d9d8 a6a0 d8d9 a0a6", DRAW, DRAW, "...."},
    {"24.6", "攔: the advisor blocks the rook's rank in front of the horse, attacking nothing",
     "3k5/9/9/9/9/9/9/9/r6N1/3AK4 w", "d0e1 d9d8 e1d0 d8d9 d0e1", DRAW, DRAW, "...."},
    {"24.7", "跟: the rook follows a cannon the black rook protects along the rank",
     "3k5/9/9/9/1c6r/9/9/9/9/R3K4 w", "a0b0 b5a5 b0a0 a5b5 a0b0", DRAW, DRAW, "...."},
    {"24.8", "閒: nothing is attacked", "3k5/9/9/9/9/9/9/9/9/R3K4 w", "a0a1 d9d8 a1a0 d8d9 a0a1", DRAW, DRAW,
     "...."},
    {"24.9", "長將: the first move of the cycle, a capture with check, is not counted",
     "2bk5/9/9/9/9/9/9/9/9/2R1K4 w", "c0c9 d9d8 c9c8 d8d9 c8c9 d9d8", RED, RED, "+.+."},
    {"24.10",
     "長殺: each cannon move opens a file for C-a9 or C-i9 mate over an advisor; black's cannon "
     "closes it",
     "3aka3/4c4/9/9/9/c8/9/9/8C/3K5 b", "a4i4 i1a1 i4a4 a1i1 a4i4", RED, DRAW, "#.#."},
    {"24.11", "長捉 of several pieces: the rook attacks the cannon and the horse in turn (allowed by AXF)",
     "3k5/9/9/1n7/c8/9/9/9/9/R3K4 w", "a0b0 d9d8 b0a0 d8d9 a0b0", RED, DRAW, ".x.x"},
    {"24.12", "長兌: the protected rook offers the exchange of rooks on every move",
     "1r1k5/9/9/9/9/9/9/9/4K4/R7R w", "a0b0 b9a9 b0a0 a9b9 a0b0", DRAW, DRAW, "...."},
    {"24.13", "禁止著法: 一將一捉, a check and a chase of the unprotected cannon in turn",
     "3k1a3/4a4/9/9/4c4/9/9/9/9/R3K4 w", "a0a9 d9d8 a9a5 d8d9 a5a9 d9d8 a9a5 d8d9", RED, DRAW, "+.x."},
    {"24.14", "允許著法: one check, one idle move (the cannon is protected by the horse)",
     "3k1a3/4a4/3n5/9/4c4/9/9/9/9/R3K4 w", "a0a9 d9d8 a9a5 d8d9 a5a9 d9d8 a9a5 d8d9", DRAW, DRAW, "+..."},
    {"24.15", "無根子: the same chase as 24.7 without the rook protecting the cannon",
     "3k5/9/9/9/1c7/9/9/9/9/R3K4 w", "a0b0 b5a5 b0a0 a5b5 a0b0", RED, RED, ".x.x"},
    {"24.16", "假根: the black rook that would protect the cannon is pinned on the f-file",
     "5k3/9/9/9/1c3r3/9/9/9/9/R3KR3 w", "a0b0 b5a5 b0a0 a5b5 a0b0", RED, RED, ".x.x"},
    {"24.17", "聯合捉子: the two rooks together win the cannon its rook protects once (AXF: protected)",
     "3k5/9/9/9/rc6R/9/9/9/9/1R2K4 b", "b5c5 b0c0 c5b5 c0b0 b5c5", RED, DRAW, "x.x."},
    {"25.1", "single-sided perpetual check: red checks on every move, black only on one of its two",
     "9/9/3k5/3r5/9/9/4C4/9/4K4/3R5 w", "e3d3 d6e6 d3e3 e6d6 e3d3", RED, RED, "++.+"},
    {"25.2", "both sides allowed: one check and one idle move against idle moves",
     "3a1k3/4a4/9/9/9/9/9/9/9/4K3R w", "i0i9 f9f8 i9i0 f8f9 i0i9", DRAW, DRAW, "...+"},
    {"25.3", "forbidden against allowed: the horse chases the rook (worth more than the horse) on every move",
     "3k5/9/9/9/9/9/9/9/2r6/N2AK4 b", "c1d1 a0b2 d1c1 b2a0 c1d1", RED, RED, "x.x."},
    {"25.4", "both forbidden, both chasing unprotected pieces: 26.8.4, draw (AXF: only red chases one piece)",
     "P2k5/1P2a4/9/PP7/1c7/9/9/9/9/R3K4 w", "a0b0 b5a5 b0a0 a5b5 a0b0", DRAW, RED, "xxxx"},
    {"26.8.1",
     "red chases the unprotected elephant; black's elephant hits protected horses (a lesser "
     "forbidden form): red must vary",
     "3k5/9/N8/P8/2b3N2/6P2/9/9/9/2R2K3 b", "c5e7 c0e0 e7c5 e0c0 c5e7", RED, RED, "xxxx"},
    {"26.8.3", "black chases unprotected pawns alone; red chases the cannon only jointly: black must vary",
     "2P2k3/1P7/9/1PP6/rc6R/9/9/9/9/1R2K4 b", "b5c5 b0c0 c5b5 c0b0 b5c5", BLACK, DRAW, "xxxx"},
    {"26.1", "the pawn may chase by itself: it drives the rook from file to file",
     "3k5/9/1r7/1P7/9/9/9/9/9/4K4 b", "b7a7 b6a6 a7b7 a6b6 b7a7", DRAW, DRAW, "...."},
    {"26.1.1", "a king move that unpins the cannon (flying general) makes a chase",
     "r3k4/9/9/9/2nPC4/9/9/9/9/4K4 w", "e0d0 a9b9 d0e0 b9a9 e0d0", DRAW, DRAW, "...x"},
    {"26.2", "a side with one attacking piece attacks an elephant: idle (AXF: perpetual chase)",
     "5kb2/9/9/9/9/9/9/9/9/3K2R2 b", "g9e7 g0e0 e7g9 e0g0 g9e7", DRAW, RED, "...."},
    {"26.5", "the rook that protects the horse chases: leaving it costs nothing, so it is a chase",
     "3k5/9/9/9/1c7/9/9/9/9/R2NK4 w", "a0b0 b5a5 b0a0 a5b5 a0b0", RED, RED, ".x.x"},
    {"26.6", "attacking pawns that have not crossed the river wins nothing", "3k5/9/9/p1p6/9/9/9/9/9/R3K4 w",
     "a0c0 d9d8 c0a0 d8d9 a0c0", DRAW, DRAW, "...."},
    {"26.6", "crossed pawns are material: chasing them in turn is 長捉 (AXF: different pieces, allowed)",
     "3k5/9/9/9/9/p1p6/9/9/9/R3K4 w", "a0c0 d9d8 c0a0 d8d9 a0c0", RED, DRAW, ".x.x"},
};

std::string kinds_of(const CycleJudgement& j) {
    std::string k;
    for (const MoveNature& n : j.moves) k += n.check ? '+' : n.mateThreat ? '#' : n.chaseCount ? 'x' : '.';
    return k;
}

Position replay(const char* fen, const char* moves) {
    Position pos;
    std::string error;
    EXPECT_TRUE(pos.set(std::string(fen) + " - - 0 1", &error)) << error;
    std::istringstream in(moves);
    for (std::string text; in >> text;) {
        Move m = pos.parse_move(text, &error);
        EXPECT_NE(m, MOVE_NONE) << fen << ": " << error;
        if (m == MOVE_NONE) break;
        pos.do_move(m);
    }
    return pos;
}

TEST(CxaCases, EachArticle) {
    for (const CxaCase& c : CASES) {
        Position pos = replay(c.fen, c.moves);
        CycleJudgement j = judge_cycle(pos, RuleSet::CHINESE, true);
        EXPECT_EQ(ruling_text(j.ruling), std::string(ruling_text(c.chinese)))
            << c.article << " " << c.illustrates;
        EXPECT_EQ(kinds_of(j), c.kinds) << c.article << " " << c.illustrates;
        if (c.asian != ANY) {
            EXPECT_EQ(ruling_text(rule_cycle(pos, RuleSet::ASIAN)), std::string(ruling_text(c.asian)))
                << c.article << " (asian) " << c.illustrates;
        }
    }
}

// 24.9 and 23.2: a capture that starts the cycle is outside it.
TEST(CxaCases, CaptureBeforeTheCycleIsNotCounted) {
    Position pos = replay("2bk5/9/9/9/9/9/9/9/9/2R1K4 w", "c0c9 d9d8 c9c8 d8d9 c8c9 d9d8");
    CycleJudgement j = judge_cycle(pos, RuleSet::CHINESE, false);
    EXPECT_EQ(j.first, 2);
    EXPECT_EQ(j.last, 6);
}

// Single moves: what the last move of the line is under the chinese rules.
struct CxaProbe {
    const char* article;
    const char* illustrates;
    const char* fen;
    const char* moves;
    bool check, mateThreat;
    const char* chased;  // squares of the chased pieces, in board order, space separated
    const char* note;    // a phrase one of the explanation notes contains ("" = none wanted)
};

const CxaProbe PROBES[] = {
    {"24.4", "兌: a horse meets a cannon its rook protects, an exchange of equals",
     "3r1k3/9/9/9/3c5/9/9/9/1N7/4K4 w", "b1c3", false, false, "", "exchange of equals (兌)"},
    {"24.18", "自斃: the rook's check opens the i-file for black's C-i0 mate; the check itself is a check",
     "3aka3/9/9/9/8R/9/8c/9/4C4/3AKA3 w", "i5e5", true, false, "", ""},
    {"26.3", "after the self-kill check, the advisor's block threatens mate only through the checker's doing",
     "3aka3/9/9/9/8R/9/8c/9/4C4/3AKA3 w", "i5e5 f9e8", false, false, "", "自斃"},
    {"26.1.2", "the king answers a check and unpins the cannon: what it then attacks is idle",
     "4k4/9/9/9/2nPC4/9/9/9/6n2/4K4 w", "e0d0", false, false, "", "26.1.2"},
    {"26.1.2", "the horse answers a cannon check by leaving the screen and attacks the rook: a chase",
     "3k5/9/4c4/1r7/9/9/4N4/9/9/4K4 w", "e3c4", false, false, "b6", ""},
    {"26.4", "兌 and 捉 at once is 捉: the rook offers the rook exchange and attacks the free cannon",
     "3k3r1/9/9/9/5c3/9/7R1/9/9/4K2R1 w", "h3h5", false, false, "f5", "(兌)"},
    {"26.6", "a pawn that has just crossed the river may not be chased at once",
     "3k5/9/9/9/4p4/9/9/9/9/R3K4 b", "e5e4 a0a4", false, false, "", "just crossed the river"},
    {"26.7", "a pawn whose capture uncovers the rook's check chases", "4k4/9/9/5n3/4P4/9/9/4R4/9/3K5 w",
     "e5e6", false, false, "f6", ""},
    {"26.9", "a horse offers a horse exchange the black horse may accept without loss: idle",
     "3k5/9/9/9/3n5/9/9/9/1N7/2R1K4 w", "b1c3", false, false, "", "(兌)"},
    {"26.10.1", "rook and horse on an unprotected horse: the rook chases it",
     "3ak4/4a4/9/9/3n5/9/2N6/9/9/R3K4 w", "a0d0", false, false, "d5", ""},
    {"26.10.2", "rook and horse on a protected horse that may take the horse back: an exchange offer",
     "3rk4/4a4/9/9/3n5/9/2N6/9/9/R3K4 w", "a0d0", false, false, "", "(兌)"},
};

TEST(CxaCases, SingleMoves) {
    for (const CxaProbe& p : PROBES) {
        Position pos = replay(p.fen, p.moves);
        MoveNature n = classify_last_move(pos, RuleSet::CHINESE, MATE_THREATS | EXPLAIN);
        std::string chased, notes;
        for (int i = 0; i < n.chaseCount; ++i) chased += (i ? " " : "") + square_text(n.chases[i].victim);
        for (const std::string& note : n.notes) notes += note + "; ";
        EXPECT_EQ(n.check, p.check) << p.article << " " << p.illustrates;
        EXPECT_EQ(n.mateThreat, p.mateThreat) << p.article << " " << p.illustrates;
        EXPECT_EQ(chased, p.chased) << p.article << " " << p.illustrates;
        EXPECT_NE(notes.find(p.note), std::string::npos)
            << p.article << " " << p.illustrates << ": " << notes;
    }
}

// 26.3 is a chinese article: under the asian rules the block is a mate threat as it stands.
TEST(CxaCases, SelfKillIsChineseOnly) {
    Position pos = replay("3aka3/9/9/9/8R/9/8c/9/4C4/3AKA3 w", "i5e5 f9e8");
    EXPECT_TRUE(classify_last_move(pos, RuleSet::ASIAN, MATE_THREATS).mateThreat);
}

}  // namespace
