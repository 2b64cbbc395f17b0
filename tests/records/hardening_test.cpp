// Record faults found by adversarial testing (issue 13): per-game decoding of PGN files,
// move numbers from the FEN, XQF and the side to move. Each test names its fault.
#include <gtest/gtest.h>

#include "records/encoding.h"
#include "records/pgn.h"
#include "records/record_file.h"
#include "records/xqf.h"
#include "support/data.h"
#include "support/game_tree.h"

using namespace chuhe;

namespace {

std::string data_bytes(const std::string& relative) {
    std::string bytes, error;
    if (!read_file_bytes(test::data_path(relative), bytes, &error)) throw std::runtime_error(error);
    return bytes;
}

// The text of game n (1-based) of a file: from its first tag line to the next game's.
size_t game_offset(const std::string& text, int n) {
    size_t at = 0;
    for (int i = 0; i < n; ++i) {
        at = text.find("[Game \"Chinese Chess\"]", i ? at + 1 : 0);
        if (at == std::string::npos) return at;
    }
    return at;
}

}  // namespace

// Fault 12: one bad byte in one game's header costs at most that game.
TEST(RecordHardening, OneBadByteLosesNoOtherGame) {
    std::string bytes = data_bytes("games/ccpd/ccpd_computer_games.pgn");
    PgnReadResult clean = read_pgn(bytes);
    ASSERT_EQ(clean.gamesSeen, 201);
    std::string broken = bytes;
    size_t event = broken.find("[Event \"", game_offset(broken, 2));
    ASSERT_NE(event, std::string::npos);
    broken.insert(event + 8, "\xff");
    PgnReadResult r = read_pgn(broken);
    EXPECT_EQ(r.gamesSeen, 201);
    EXPECT_EQ(r.games.size(), clean.games.size());
    EXPECT_EQ(r.errors.size(), clean.errors.size());
    // The bad byte becomes U+FFFD in that game's tag; the rest of the tag is intact.
    ASSERT_GE(r.games.size(), 2u);
    EXPECT_EQ(r.games[1].tag("Event"), "\uFFFD" + clean.games[1].tag("Event"));
    EXPECT_EQ(r.games[0].tag("Event"), clean.games[0].tag("Event"));
}

// Fault 12: a download cut short (in the middle of a character) keeps its complete games.
TEST(RecordHardening, TruncatedFileKeepsItsCompleteGames) {
    // The first 20 KB or so, cut inside a character.
    std::string all = data_bytes("games/ccpd/ccpd_computer_games.pgn");
    size_t cut = 20480;
    while (is_valid_utf8(all.substr(0, cut))) ++cut;
    std::string bytes = all.substr(0, cut);
    PgnReadResult r = read_pgn(bytes);
    EXPECT_EQ(r.gamesSeen, 14);
    // All but the cut-off last game read (13 games in full; game 14 stops mid-movetext and may
    // read as a shorter game).
    EXPECT_GE(r.games.size(), 13u);
    PgnReadResult whole = read_pgn(data_bytes("games/ccpd/ccpd_computer_games.pgn"));
    for (size_t i = 0; i < 13 && i < r.games.size(); ++i) {
        EXPECT_EQ(r.games[i].tag("Red"), whole.games[i].tag("Red")) << i;
        EXPECT_EQ(r.games[i].moves.size(), whole.games[i].moves.size()) << i;
    }
}

// Fault 12: a file that joins a GBK game and a UTF-8 game reads both.
TEST(RecordHardening, MixedEncodingsReadGameByGame) {
    std::string utf8 = "[Game \"Chinese Chess\"]\n[Red \"许银川\"]\n\n1. 炮二平五 马８进７ *\n\n";
    std::string gbk = utf8_to_gbk(utf8);
    ASSERT_NE(gbk, utf8);
    ASSERT_FALSE(is_valid_utf8(gbk));
    for (const std::string& text : {gbk + utf8, utf8 + gbk, gbk + utf8 + gbk}) {
        PgnReadResult r = read_pgn(text);
        EXPECT_EQ(r.gamesSeen, int(text.size() / std::min(gbk.size(), utf8.size()) > 2 ? 3 : 2));
        EXPECT_TRUE(r.errors.empty()) << (r.errors.empty() ? "" : r.errors[0].message);
        for (const Game& g : r.games) {
            EXPECT_EQ(g.tag("Red"), "许银川");
            EXPECT_EQ(g.moves.size(), 2u);
        }
    }
    // Line numbers of errors still count lines of the whole file.
    std::string bad = gbk + "[Game \"Chinese Chess\"]\n\n1. 炮二平五 将５进５ *\n";
    PgnReadResult r = read_pgn(bad);
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].game, 2);
    EXPECT_EQ(r.errors[0].line, 8);
}

// Fault 15: move numbers go on from the FEN's move number.
TEST(RecordHardening, PgnMoveNumbersFollowTheFen) {
    Game g = test::game_of("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 12",
                           {"h9g7", "h2e2", "b7e7"});
    g.result = "*";
    std::string text = write_pgn(g, Notation::ICCS);
    EXPECT_NE(text.find("\n12... H9-G7\n13. H2-E2 B7-E7\n"), std::string::npos) << text;
    std::string san = write_pgn(g, Notation::SAN);
    EXPECT_NE(san.find("\n12... "), std::string::npos) << san;
    EXPECT_NE(san.find("\n13. "), std::string::npos) << san;
    PgnReadResult back = read_pgn(text);
    ASSERT_EQ(back.games.size(), 1u);
    EXPECT_EQ(back.games[0].startFen, g.startFen);
    EXPECT_EQ(back.games[0].moves.size(), 3u);
    // Red first from move 1: as before.
    Game h;
    h.moves.push_back({Position().parse_move("h2e2"), ""});
    h.result = "*";
    EXPECT_NE(write_pgn(h, Notation::ICCS).find("\n1. H2-E2\n"), std::string::npos);
}

// Fault 13: XQF 1.0 has no side-to-move field. Black to move in check (red cannot be) is
// inferred on reading; black to move otherwise is refused before writing.
TEST(RecordHardening, XqfKeepsOrRefusesBlackToMove) {
    Game checked;
    checked.startFen = "3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1";  // the rook checks the black king
    checked.result = "*";
    std::string why;
    EXPECT_TRUE(xqf_can_store(checked, &why)) << why;
    Game back;
    ASSERT_TRUE(read_xqf(write_xqf(checked), back, &why)) << why;
    EXPECT_EQ(back.startFen, checked.startFen);

    Game quiet;
    quiet.startFen = "3k5/9/9/9/9/9/9/9/9/4K3R b - - 0 1";
    quiet.result = "*";
    EXPECT_FALSE(xqf_can_store(quiet, &why));
    EXPECT_EQ(why, "XQF 1.0 cannot record that black is to move in a game without moves");
    // With a move the first moving piece tells the side: storable.
    Position pos;
    ASSERT_TRUE(pos.set(quiet.startFen));
    quiet.moves.push_back({pos.parse_move("d9d8"), ""});
    EXPECT_TRUE(xqf_can_store(quiet, &why));
    ASSERT_TRUE(read_xqf(write_xqf(quiet), back, &why)) << why;
    EXPECT_EQ(back.startFen, quiet.startFen);
    // Red to move without moves: as ever.
    Game red;
    red.startFen = "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1";
    EXPECT_TRUE(xqf_can_store(red, &why));
    ASSERT_TRUE(read_xqf(write_xqf(red), back, &why)) << why;
    EXPECT_EQ(back.startFen, red.startFen);
}

// Found by pgn_fuzz (10-minute run): a comment with a line that looks like a tag line. The
// reader ends a comment before such a line (so that an unclosed comment does not swallow the
// next game), but write_pgn wrote one: a bare '\r' inside a comment is kept as a line end,
// and an XQF comment may hold any line. The written game read back as two broken games.
TEST(RecordHardening, CommentLinesThatLookLikeTagsStayInTheComment) {
    // As the fuzzer had it: the '\r' after the "tag" is not a line end for the lexer.
    std::string text = "[Game \"Chinese Chess\"]\n\n1. h2e2 {+4.6\"]\r\n[Round \"1.1\"]\rEce7 22. ab5} h9g7 *\n";
    PgnReadResult r = read_pgn(text);
    ASSERT_EQ(r.games.size(), 1u);
    ASSERT_EQ(r.games[0].moves.size(), 2u);
    ASSERT_EQ(r.games[0].moves[0].comment, "+4.6\"]\n[Round \"1.1\"]\nEce7 22. ab5");
    // A game comment and a move comment as an XQF file can hold them.
    Game g = r.games[0];
    g.comment = "before\n[Event \"not a tag\"]\nafter";
    for (Notation n : {Notation::ICCS, Notation::WXF, Notation::CHINESE, Notation::SAN}) {
        std::string written = write_pgn(g, n);
        PgnReadResult back = read_pgn(written);
        ASSERT_EQ(back.gamesSeen, 1) << written;
        ASSERT_EQ(back.games.size(), 1u) << written;
        const Game& h = back.games[0];
        ASSERT_EQ(h.moves.size(), 2u) << written;
        EXPECT_EQ(h.moves[0].move, g.moves[0].move);
        EXPECT_EQ(h.moves[1].move, g.moves[1].move);
        // The line's '[' is written full-width; the rest of the comment is kept.
        EXPECT_EQ(h.moves[0].comment, "+4.6\"]\n\xEF\xBC\xBBRound \"1.1\"]\nEce7 22. ab5") << written;
        EXPECT_EQ(h.comment, "before\n\xEF\xBC\xBB" "Event \"not a tag\"]\nafter") << written;
    }
    // Other brackets in comments are left alone.
    Game k = r.games[0];
    k.moves[0].comment = "[%clk 0:05:00]\n[not a tag]\n [Indented \"x\"]";
    PgnReadResult back = read_pgn(write_pgn(k, Notation::ICCS));
    ASSERT_EQ(back.games.size(), 1u);
    EXPECT_EQ(back.games[0].moves[0].comment, k.moves[0].comment);
}
