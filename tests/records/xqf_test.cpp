// XQF reading (version 1.0 and the encrypted 1.1+ versions 11-18) against the walker8088/cchess
// fixtures and ElephantEye's samples, malformed and truncated files, and XQF 1.0 writing.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "core/movegen.h"
#include "records/notation.h"
#include "records/pgn.h"
#include "records/record_file.h"
#include "records/xqf.h"
#include "support/data.h"
#include "support/game_tree.h"

using namespace chuhe;

namespace {

const std::string WALKER = "records/walker8088_cchess/";

std::string data_bytes(const std::string& relative) {
    std::string bytes, error;
    if (!read_file_bytes(test::data_path(relative), bytes, &error)) throw std::runtime_error(error);
    return bytes;
}

Game read_ok(const std::string& relative) {
    Game g;
    std::string error;
    EXPECT_TRUE(read_xqf(data_bytes(relative), g, &error)) << relative << ": " << error;
    return g;
}

Game read_ok_bytes(const std::string& bytes) {
    Game g;
    std::string error;
    EXPECT_TRUE(read_xqf(bytes, g, &error)) << error;
    return g;
}

std::string read_error(const std::string& bytes) {
    Game g;
    std::string error;
    EXPECT_FALSE(read_xqf(bytes, g, &error));
    EXPECT_FALSE(error.empty());
    return error;
}

std::vector<std::string> chinese_moves(const Game& g) {
    Position pos;
    EXPECT_TRUE(pos.set(g.startFen));
    std::vector<std::string> out;
    for (const GameMove& m : g.moves) {
        out.push_back(move_to_text(pos, m.move, Notation::CHINESE));
        pos.do_move(m.move);
    }
    return out;
}

std::vector<std::string> iccs_moves(const Game& g) {
    std::vector<std::string> out;
    for (const GameMove& m : g.moves) out.push_back(Position::move_to_string(m.move));
    return out;
}

std::string board_of(const std::string& fen) { return fen.substr(0, fen.find(' ')); }

// walker8088's *_move.txt: the start FEN, one Chinese move per line, then 红胜/黑胜/和棋.
void expect_move_file(const std::string& xqf, const std::string& moveFile) {
    std::istringstream in(data_bytes(WALKER + moveFile));
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
        if (!line.empty()) lines.push_back(line);
    }
    ASSERT_GE(lines.size(), 3u) << moveFile;
    std::string fen = lines.front(), result = lines.back();
    std::vector<std::string> expected(lines.begin() + 1, lines.end() - 1);
    Game g = read_ok(WALKER + xqf);
    EXPECT_EQ(board_of(g.startFen), board_of(fen)) << xqf;
    EXPECT_EQ(g.startFen.substr(g.startFen.find(' ') + 1, 1), fen.substr(fen.find(' ') + 1, 1));
    EXPECT_EQ(g.result, result == "红胜" ? "1-0" : result == "黑胜" ? "0-1" : "1/2-1/2") << xqf;
    EXPECT_EQ(chinese_moves(g), expected) << xqf;
    EXPECT_GT(expected.size(), 40u);
}

}  // namespace

TEST(Xqf, MoveListFixtures) {
    expect_move_file("test1.xqf", "test1_move.txt");            // version 1.0
    expect_move_file("ucci_test1.xqf", "ucci_test1_move.txt");  // version 16, encrypted
}

TEST(Xqf, HeaderFields) {
    Game g = read_ok(WALKER + "UnitTest.xqf");  // every header string filled in, version 18
    EXPECT_EQ(g.tag("Title"), "标题");
    EXPECT_EQ(g.tag("Event"), "比赛名称");
    EXPECT_EQ(g.tag("Date"), "比赛日期");
    EXPECT_EQ(g.tag("Site"), "比赛地点");
    EXPECT_EQ(g.tag("Red"), "红方棋手");
    EXPECT_EQ(g.tag("Black"), "黑方棋手");
    EXPECT_EQ(g.tag("TimeControl"), "用时规则");
    EXPECT_EQ(g.tag("RedTime"), "红方用时");
    EXPECT_EQ(g.tag("BlackTime"), "黑方用时");
    EXPECT_EQ(g.tag("Annotator"), "棋谱讲评");
    EXPECT_EQ(g.tag("Author"), "文件作者");
    EXPECT_EQ(g.result, "1/2-1/2");
    EXPECT_EQ(g.comment, "棋局注解");
    EXPECT_EQ(iccs_moves(g), (std::vector<std::string>{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0"}));
    EXPECT_EQ(g.moves[0].comment, "第一步红注解");
    EXPECT_EQ(g.moves[3].comment, "第二步黑注解");
    EXPECT_EQ(g.moves[1].comment, "");

    Game t = read_ok(WALKER + "test.xqf");  // the XQF.TXT example game, version 18
    EXPECT_EQ(t.tag("Event"), "\"中立杯\"象棋电视快棋赛");
    EXPECT_EQ(t.tag("Red"), "柳大华");
    EXPECT_EQ(t.tag("Black"), "吕  钦");
    EXPECT_EQ(t.result, "0-1");
    EXPECT_EQ(chinese_moves(t).at(0), "兵七进一");
    EXPECT_EQ(chinese_moves(t).at(15), "车９平８");
}

// Encrypted versions with start positions, variations skipped (main line = first branch).
TEST(Xqf, VersionsPositionsAndVariations) {
    struct Case {
        const char* file;
        int version;
        const char* fen;
        size_t moves;
        const char* last;
    };
    const Case cases[] = {
        {"ucci_test2.xqf", 16, "4ka3/4aR3/4N1C1b/c1p1p4/9/9/2N1P1R2/5C3/r1rp5/5K3 w", 7, "f9f7"},
        {"ucci_test3.xqf", 16, "3k3r1/4a4/3a5/6N2/9/9/9/4C4/4p2c1/2BR1K3 w", 3, "d0d7"},
        {"WildHouse.xqf", 18, "2bak4/4a4/4b4/9/6NRR/2B6/1rP1P4/3pB4/4p4/3K5 w", 65, "g4g0"},
        {"pawn_move.xqf", 18, "4k4/9/4P4/3PP1p2/3P5/6p2/4P1p2/6p2/6p2/4K4 w", 14, "f2g2"},
        {"FiveGoatsTest.xqf", 18, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
         77, "g6e7"},
        {"030-huang-vs-feng.XQF", 18,
         "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", 37, "d6e4"},
        {"save.xqf", 18, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", 2,
         "b7d7"},
    };
    for (const Case& c : cases) {
        std::string bytes = data_bytes(WALKER + c.file);
        EXPECT_EQ(uint8_t(bytes[2]), c.version) << c.file;
        Game g = read_ok(WALKER + c.file);
        EXPECT_EQ(g.startFen.substr(0, g.startFen.find(' ') + 2), c.fen) << c.file;
        ASSERT_EQ(g.moves.size(), c.moves) << c.file;
        EXPECT_EQ(Position::move_to_string(g.moves.back().move), c.last) << c.file;
    }
    // Main lines of the variation fixtures, as walker8088/cchess lists them.
    EXPECT_EQ(chinese_moves(read_ok(WALKER + "test_5_variations.xqf")),
              (std::vector<std::string>{"炮二平五", "炮８平５", "马二进三", "马８进７", "兵三进一",
                                        "车９平８"}));
    EXPECT_EQ(chinese_moves(read_ok(WALKER + "game_varations.xqf")),
              (std::vector<std::string>{"炮二平五", "炮８平５", "马二进三", "马８进７", "车一平二",
                                        "车９进１", "马八进七", "马２进３"}));
    // Five black pawns on one file and red pawns stacked on two files.
    std::vector<std::string> pawns = chinese_moves(read_ok(WALKER + "pawn_move.xqf"));
    // Red: 3 pawns on 五 and 2 on 六 (前五进一, 后六平五 - the file names the stack); black:
    // 5 pawns on 7, counted from the front (一卒 .. 五卒), then stacks on 6 and 7 (中７平６).
    EXPECT_EQ(pawns, (std::vector<std::string>{"前五进一", "将５平６", "后五进一", "二卒平６",
                                               "前六进一", "二卒平６", "前六平五", "中７平６",
                                               "兵六平五", "前７平６", "二兵平四", "三卒平７",
                                               "二兵平四", "中６平７"}));
}

// ElephantEye's samples: SAMPLE.XQF is the game of SAMPLE.PGN (moves and comments agree).
TEST(Xqf, EleeyeSamples) {
    Game x = read_ok("games/eleeye/XQFTOOLS/SAMPLE.XQF");
    PgnReadResult p = read_pgn(data_bytes("games/eleeye/XQFTOOLS/SAMPLE.PGN"));
    ASSERT_EQ(p.games.size(), 1u);
    const Game& g = p.games[0];
    EXPECT_EQ(x.startFen, g.startFen);
    EXPECT_EQ(x.result, g.result);
    EXPECT_EQ(x.comment, g.comment);
    ASSERT_EQ(x.moves.size(), g.moves.size());
    for (size_t i = 0; i < g.moves.size(); ++i) {
        EXPECT_EQ(x.moves[i].move, g.moves[i].move) << i;
        EXPECT_EQ(x.moves[i].comment, g.moves[i].comment) << i;
    }
    for (const char* tag : {"Event", "Date", "Site", "Red", "Black"})
        EXPECT_EQ(x.tag(tag), g.tag(tag)) << tag;
    Game a = read_ok("games/eleeye/XQFTOOLS/XQFEXAMA.XQF");
    EXPECT_EQ(iccs_moves(a), iccs_moves(read_ok(WALKER + "test1.xqf")));
    Game b = read_ok("games/eleeye/XQFTOOLS/XQFEXAMB.XQF");
    EXPECT_EQ(b.tag("Title"), "七星聚会");
    EXPECT_EQ(b.startFen, "4rk3/3P5/4bP3/9/9/9/8P/1p2p2C1/3p1p3/4K1RR1 w - - 0 1");
    EXPECT_EQ(b.moves.size(), 87u);
    EXPECT_EQ(b.result, "1/2-1/2");
}

// The "bad" fixtures: BadMoveTest3 has an impossible move (a piece from an empty square);
// the others are well-formed (legal main lines; EmptyTest and NoMove record no moves).
TEST(Xqf, MalformedFixtures) {
    std::string error = read_error(data_bytes(WALKER + "BadMoveTest3.xqf"));
    EXPECT_EQ(error,
              "move 10 (e1f0) is not legal in 2P6/3k5/3aNa3/9/6p2/6P2/9/3A5/9/4KA3 b - - 0 5");
    EXPECT_EQ(read_ok(WALKER + "BadMoveTest1.xqf").moves.size(), 43u);  // version 1.0
    EXPECT_EQ(read_ok(WALKER + "BadMoveTest2.xqf").moves.size(), 35u);  // version 12
    EXPECT_EQ(read_ok(WALKER + "BadMoveTest4.xqf").moves.size(), 9u);
    Game empty = read_ok(WALKER + "EmptyTest.xqf");
    EXPECT_TRUE(empty.moves.empty());
    EXPECT_EQ(empty.tag("Red"), "雅趣居士(日帅)");
    EXPECT_EQ(empty.result, "0-1");
    Game none = read_ok(WALKER + "NoMove.xqf");
    EXPECT_TRUE(none.moves.empty());
    EXPECT_TRUE(none.tags.empty());
    EXPECT_EQ(none.startFen, Position::START_FEN);
}

TEST(Xqf, CorruptBytesGiveReasons) {
    std::string good = data_bytes(WALKER + "UnitTest.xqf");
    EXPECT_EQ(read_error(""), "not an XQF file (no 'XQ' magic)");
    EXPECT_EQ(read_error("PK\x03\x04"), "not an XQF file (no 'XQ' magic)");
    EXPECT_EQ(read_error(good.substr(0, 600)),
              "XQF file too short: 600 bytes, the header alone has 1024");
    std::string v = good;
    v[2] = 9;
    EXPECT_EQ(read_error(v), "unknown XQF version byte 9");
    EXPECT_EQ(read_error(good.substr(0, 1024)), "the move records end in the middle of a record");
    // Cut inside the game comment: record 0 of UnitTest.xqf has 10 bytes of GBK text.
    EXPECT_EQ(read_error(good.substr(0, 1024 + 10)),
              "a comment length (10) runs past the end of the file");
    // Every truncation of every fixture either reads or fails with a reason; none crashes.
    for (const char* f : {"test1.xqf", "UnitTest.xqf", "ucci_test1.xqf", "BadMoveTest2.xqf"}) {
        std::string bytes = data_bytes(WALKER + f);
        for (size_t n = 0; n < bytes.size(); n += 7) {
            Game g;
            std::string error;
            if (!read_xqf(bytes.substr(0, n), g, &error)) {
                EXPECT_FALSE(error.empty()) << f << " cut at " << n;
            } else {
                Position pos;
                EXPECT_TRUE(g.replay(pos)) << f << " cut at " << n;
            }
        }
    }
    // Two pieces on one square in the piece table (version 1.0 stores squares in the clear).
    std::string t1 = data_bytes(WALKER + "test1.xqf");
    t1[0x11] = t1[0x10];
    EXPECT_EQ(read_error(t1), "two pieces on square a0 in the piece table");
}

// XQF 1.0 writing: what is written reads back the same.
TEST(Xqf, WriteReadRoundTrip) {
    for (const char* f : {"UnitTest.xqf", "test.xqf", "WildHouse.xqf", "ucci_test1.xqf",
                          "pawn_move.xqf", "EmptyTest.xqf"}) {
        Game g = read_ok(WALKER + f);
        std::string bytes = write_xqf(g);
        EXPECT_EQ(uint8_t(bytes[2]), 10);
        Game h;
        std::string error;
        ASSERT_TRUE(read_xqf(bytes, h, &error)) << f << ": " << error;
        EXPECT_EQ(h.startFen, g.startFen) << f;
        EXPECT_EQ(h.result, g.result) << f;
        EXPECT_EQ(h.comment, g.comment) << f;
        EXPECT_EQ(h.tags, g.tags) << f;
        ASSERT_EQ(h.moves.size(), g.moves.size()) << f;
        for (size_t i = 0; i < g.moves.size(); ++i) {
            EXPECT_EQ(h.moves[i].move, g.moves[i].move) << f << " " << i;
            EXPECT_EQ(h.moves[i].comment, g.moves[i].comment) << f << " " << i;
        }
        EXPECT_EQ(test::tree_text(h), test::tree_text(g)) << f;
    }
}

namespace {

// A line of ICCS moves from the game's start, in Chinese notation joined by commas.
std::string chinese_line(const Game& g, const std::string& iccsLine) {
    Position pos;
    EXPECT_TRUE(pos.set(g.startFen));
    std::istringstream in(iccsLine);
    std::string move, out;
    while (in >> move) {
        Move m = pos.parse_move(move);
        out += (out.empty() ? "" : ",") + move_to_text(pos, m, Notation::CHINESE);
        pos.do_move(m);
    }
    return out;
}

}  // namespace

// The move tree of XQF files: every line of game_varations.xqf as walker8088/cchess lists
// them (its test_rw_xqf_variations), WildHouse.xqf's 139 lines, and both written as XQF and
// PGN and read back as the same tree.
TEST(Xqf, VariationTree) {
    Game g = read_ok(WALKER + "game_varations.xqf");
    std::vector<std::string> lines;
    for (const std::string& l : test::tree_lines(g)) lines.push_back(chinese_line(g, l));
    std::sort(lines.begin(), lines.end());
    std::vector<std::string> want = {
        "炮二平五,炮８平５,马二进三,马８进７,车一平二,车９进１,马八进七,马２进３",
        "炮二平五,炮８平５,马二进三,马８进７,车一平二,车９进１,兵三进一,卒３进１",
        "炮二平五,炮８平５,马二进三,马８进７,车一平二,车９进１,兵七进一,车９平４",
        "炮二平五,炮８平５,马二进三,马８进７,车一平二,车９进１,马八进九,马２进３",
        "炮二平五,马８进７,马二进三,卒７进１,车一平二,车９平８,兵七进一,马２进３",
        "炮二平五,马８进７,马二进三,卒７进１,车一平二,炮２平５,车二进六,马２进３"};
    std::sort(want.begin(), want.end());
    EXPECT_EQ(lines, want);
    EXPECT_EQ(g.variation_count(), 5);

    Game wild = read_ok(WALKER + "WildHouse.xqf");
    EXPECT_EQ(test::tree_lines(wild).size(), 139u);
    for (const Game* x : {&g, &wild}) {
        Game back;
        std::string error;
        ASSERT_TRUE(read_xqf(write_xqf(*x), back, &error)) << error;
        EXPECT_EQ(test::tree_text(back), test::tree_text(*x));
        for (Notation n : {Notation::CHINESE, Notation::ICCS, Notation::WXF, Notation::SAN}) {
            PgnReadResult pgn = read_pgn(write_pgn(*x, n));
            ASSERT_EQ(pgn.games.size(), 1u) << notation_name(n);
            EXPECT_EQ(test::tree_text(pgn.games[0]), test::tree_text(*x)) << notation_name(n);
        }
    }
}

// Variations nested 64 deep are written and read; 65 are refused with the reason. A variation
// that begins with a move that is not legal is left out with a comment that says so.
TEST(Xqf, VariationDepthAndLegality) {
    // Each variation replaces the move after the first move of the one it is in, so that it
    // is nested in the XQF tree too (variations of one move are siblings there, not nested).
    auto nested = [](int depth) {
        Game g;
        Position pos;
        EXPECT_TRUE(pos.set(g.startFen));
        Move a = *MoveList::of(pos).begin();
        g.moves.emplace_back(a);
        pos.do_move(a);
        std::vector<GameMove>* line = &g.moves;
        for (int k = 0;; ++k) {
            MoveList list = MoveList::of(pos);
            line->emplace_back(list.begin()[0]);
            if (k == depth) break;
            Variation v;
            v.moves.emplace_back(list.begin()[1]);
            line->back().variations.push_back(std::move(v));
            line = &line->back().variations.back().moves;
            pos.do_move(list.begin()[1]);
        }
        return g;
    };
    Game deep = nested(MAX_VARIATION_DEPTH);
    EXPECT_EQ(deep.variation_count(), MAX_VARIATION_DEPTH);
    Game back = read_ok_bytes(write_xqf(deep));
    EXPECT_EQ(test::tree_text(back), test::tree_text(deep));
    EXPECT_EQ(read_error(write_xqf(nested(MAX_VARIATION_DEPTH + 1))),
              "variations nested more than 64 deep");

    Game bad;
    bad.moves.emplace_back(make_move(make_square(7, 2), make_square(4, 2)));  // h2e2
    Variation v;
    v.moves.emplace_back(make_move(make_square(0, 0), make_square(0, 5)));  // a0a5
    bad.moves[0].variations.push_back(v);
    Game read = read_ok_bytes(write_xqf(bad));
    EXPECT_EQ(test::tree_text(read),
              "h2e2 {chuhe: a variation began with a0a5, not legal in "
              "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1; it is left "
              "out}");
}
