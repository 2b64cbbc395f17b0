// PGN reading and writing: the xqbase dialect in GBK and UTF-8 (walker8088/cchess fixtures,
// ElephantEye's CCGC games, the CCPD collections), the Western dialect (MRXQ engine games),
// round trips through every notation, and malformed games reported with number and line.
#include <gtest/gtest.h>

#include <iostream>

#include "core/movegen.h"
#include "records/pgn.h"
#include "records/record_file.h"
#include "support/command.h"
#include "support/data.h"
#include "support/game_tree.h"

using namespace chuhe;

namespace {

std::string data_bytes(const std::string& relative) {
    std::string bytes, error;
    if (!read_file_bytes(test::data_path(relative), bytes, &error)) throw std::runtime_error(error);
    return bytes;
}

std::string iccs(const Game& g, size_t i) { return Position::move_to_string(g.moves.at(i).move); }

// Reads one file that must hold exactly `games` readable games and no errors.
PgnReadResult read_clean(const std::string& relative, size_t games) {
    PgnReadResult r = read_pgn(data_bytes(relative));
    for (const RecordError& e : r.errors)
        ADD_FAILURE() << relative << " game " << e.game << " line " << e.line << ": " << e.message;
    EXPECT_EQ(r.games.size(), games) << relative;
    EXPECT_EQ(r.gamesSeen, int(games)) << relative;
    return r;
}

// Writes the game in every notation and reads it back: the same game must come out.
void expect_round_trip(const Game& g, const std::string& what) {
    for (Notation n : {Notation::CHINESE, Notation::WXF, Notation::ICCS, Notation::SAN}) {
        std::string text = write_pgn(g, n);
        PgnReadResult back = read_pgn(text);
        ASSERT_EQ(back.games.size(), 1u) << what << " " << notation_name(n) << "\n" << text;
        const Game& h = back.games[0];
        EXPECT_EQ(h.startFen, g.startFen) << what;
        EXPECT_EQ(h.result, g.result) << what;
        EXPECT_EQ(h.comment, g.comment) << what;
        ASSERT_EQ(h.moves.size(), g.moves.size()) << what << " " << notation_name(n);
        for (size_t i = 0; i < g.moves.size(); ++i) {
            EXPECT_EQ(h.moves[i].move, g.moves[i].move) << what << " move " << i + 1;
            EXPECT_EQ(h.moves[i].comment, g.moves[i].comment) << what << " move " << i + 1;
        }
        EXPECT_EQ(test::tree_text(h), test::tree_text(g)) << what << " " << notation_name(n);
        for (const auto& [name, value] : g.tags) {
            std::string want = name;
            if (n == Notation::SAN && name == "Red") want = "White";
            if (n != Notation::SAN && name == "White") want = "Red";
            bool written = name != "Game" && name != "Format" && name != "Variant" &&
                           name != "SetUp";
            if (written) {
                EXPECT_EQ(h.tag(want), value) << what << " tag " << name;
            }
        }
    }
}

}  // namespace

TEST(Pgn, WalkerGbkFixtures) {
    // test.pgn: GBK, 13 moves each side minus one, xqbase footer after the result.
    Game g = read_clean("records/walker8088_cchess/test.pgn", 1).games.at(0);
    EXPECT_EQ(g.tag("Red"), "象棋巫师(大师)");
    EXPECT_EQ(g.tag("Opening"), "中炮对单提马");
    EXPECT_EQ(g.result, "*");
    ASSERT_EQ(g.moves.size(), 25u);
    EXPECT_EQ(iccs(g, 0), "h2e2");
    EXPECT_EQ(iccs(g, 24), "e2e5");
    expect_round_trip(g, "test.pgn");

    // endgame_test.pgn: a two-field FEN, one move per line.
    g = read_clean("records/walker8088_cchess/endgame_test.pgn", 1).games.at(0);
    EXPECT_EQ(g.startFen, "3aka3/2c1n4/4bP3/9/4N4/9/9/9/9/4K4 w - - 0 1");
    ASSERT_EQ(g.moves.size(), 25u);
    EXPECT_EQ(iccs(g, 0), "e5d7");
    EXPECT_EQ(iccs(g, 24), "d6f7");
    expect_round_trip(g, "endgame_test.pgn");

    g = read_clean("records/walker8088_cchess/zhongpao-vs-liepao.pgn", 1).games.at(0);
    ASSERT_EQ(g.moves.size(), 23u);
    EXPECT_EQ(iccs(g, 22), "a2b0");
    expect_round_trip(g, "zhongpao-vs-liepao.pgn");

    g = read_clean("records/walker8088_cchess/test2.pgn", 1).games.at(0);
    EXPECT_EQ(g.tag("Site"), "华山");
    EXPECT_EQ(g.result, "1/2-1/2");
    ASSERT_EQ(g.moves.size(), 102u);
    EXPECT_EQ(iccs(g, 0), "c0e2");
    EXPECT_EQ(iccs(g, 101), "b7b6");
    expect_round_trip(g, "test2.pgn");
}

// ElephantEye's CCGC 2006 games (GBK) and its annotated sample with comments.
TEST(Pgn, EleeyeSamples) {
    const char* files[] = {"01", "02", "05", "06", "07", "08", "09", "10", "11", "12",
                           "13", "14", "15", "16", "19", "20", "21", "22", "23", "24"};
    int moves = 0;
    for (const char* f : files) {
        std::string name = std::string("games/eleeye/CCGC/CCGC-") + f + ".PGN";
        Game g = read_clean(name, 1).games.at(0);
        EXPECT_EQ(g.tag("Event"), "1st Chinese Computer Games Championship, Beijing 2006") << f;
        EXPECT_NE(g.result, "*") << f;
        EXPECT_GT(g.moves.size(), 20u) << f;
        moves += int(g.moves.size());
        expect_round_trip(g, name);
    }
    Game first = read_clean("games/eleeye/CCGC/CCGC-01.PGN", 1).games.at(0);
    EXPECT_EQ(first.tag("Red"), "宝岛一号");
    EXPECT_EQ(first.result, "0-1");
    EXPECT_EQ(first.moves.size(), 26u);
    EXPECT_EQ(iccs(first, 0), "b2e2");

    Game s = read_clean("games/eleeye/XQFTOOLS/SAMPLE.PGN", 1).games.at(0);
    EXPECT_EQ(s.startFen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1");
    EXPECT_EQ(s.result, "1-0");
    ASSERT_EQ(s.moves.size(), 75u);
    EXPECT_EQ(s.comment.substr(0, 6), "　　");  // full-width indentation is kept
    EXPECT_EQ(s.moves[1].comment,
              "　　红方首着架中炮必走之着，聂棋圣还架中炮拼兑子力，战术对头。");
    EXPECT_EQ(iccs(s, 74), "e9c9");
    expect_round_trip(s, "SAMPLE.PGN");
    EXPECT_GT(moves, 1000);
}

// XBoard games between engines: SAN with ranks 0-9 ("Cbg2", "Rb0", "E0a2", "fe6").
TEST(Pgn, WesternDialect) {
    PgnReadResult r = read_clean("games/mrxq_testgames/game01.pgn", 682);
    const Game& g = r.games.at(0);
    EXPECT_EQ(g.tag("Variant"), "xiangqi");
    EXPECT_FALSE(g.tag("White").empty());
    for (int i = 2; i <= 6; ++i)
        read_clean("games/mrxq_testgames/game0" + std::to_string(i) + ".pgn", i == 3 ? 2 : 1);
    Game g2 = read_clean("games/mrxq_testgames/game02.pgn", 1).games.at(0);
    EXPECT_EQ(g2.tag("White"), "Yssy");
    EXPECT_EQ(g2.result, "1-0");
    ASSERT_EQ(g2.moves.size(), 112u);
    EXPECT_EQ(iccs(g2, 0), "b2g2");   // 1. Cbg2
    EXPECT_EQ(iccs(g2, 4), "a0b0");   // 3. Rb0
    EXPECT_EQ(g2.moves.back().comment, "Xboard adjudication: perpetual chasing");
    expect_round_trip(g2, "game02.pgn");
    for (size_t i = 0; i < r.games.size(); i += 97) expect_round_trip(r.games[i], "game01.pgn");

    // Fairy-Stockfish style: ranks 1-10 and plain coordinates, numbers glued to moves.
    std::string fsf = "[Variant \"xiangqi\"]\n[Result \"*\"]\n\n1.h3e3 h10g8 2.Hg3 Rh10 *\n";
    PgnReadResult f = read_pgn(fsf);
    ASSERT_EQ(f.games.size(), 1u) << (f.errors.empty() ? "" : f.errors[0].message);
    const Game& fg = f.games[0];
    ASSERT_EQ(fg.moves.size(), 4u);
    EXPECT_EQ(iccs(fg, 0), "h2e2");
    EXPECT_EQ(iccs(fg, 1), "h9g7");
    EXPECT_EQ(iccs(fg, 2), "h0g2");
    EXPECT_EQ(iccs(fg, 3), "i9h9");
}

TEST(Pgn, XqwlightOpeningManual) {
    PgnReadResult r = read_clean("games/xqwlight/juzhongmi_51.pgn", 51);
    const Game& g = r.games.at(0);
    EXPECT_EQ(g.tag("Opening"), "顺炮横车对直车");
    EXPECT_NE(g.comment.find("橘中秘"), std::string::npos);
    EXPECT_EQ(g.moves.at(0).comment, "（一本）");
    for (const Game& h : r.games) expect_round_trip(h, "juzhongmi " + std::to_string(h.number));
}

// The other CCPD collections: every game reads except those with a broken record, each
// listed with its reason.
TEST(Pgn, CcpdCollections) {
    struct Expected {
        const char* file;
        int seen, read;
        std::vector<std::pair<int, std::string>> skipped;  // game number, part of the message
    };
    const Expected files[] = {
        {"ccpd_computer_games.pgn", 201, 198,
         // moves played after mate
         {{52, "'帥五進一' names no legal move"},
          {60, "'將５進１' names no legal move"},
          {89, "'將５平４' names no legal move"}}},
        {"ccpd_endgames.pgn", 244, 244, {}},
        {"ccpd_fullgame_tactics.pgn", 429, 429, {}},
        {"ccpd_mate_tactics.pgn", 94, 94, {}},
        {"ccpd_middlegames.pgn", 1925, 1922,
         {{1218, "black must have exactly one king"},
          {1294, "'士４進５' names no legal move"},   // leaves the king in check
          {1799, "'馬６退７' names no legal move"}}},  // leaves the king in check
        {"ccpd_openings.pgn", 819, 812,
         {{68, "red must have exactly one king"},
          {100, "red must have exactly one king"},
          {207, "red must have exactly one king"},
          {226, "red must have exactly one king"},
          {240, "red must have exactly one king"},
          {242, "black advisor on g0"},
          {306, "red elephant on g1"}}},
    };
    for (const Expected& e : files) {
        PgnReadResult r = read_pgn(data_bytes(std::string("games/ccpd/") + e.file));
        EXPECT_EQ(r.gamesSeen, e.seen) << e.file;
        EXPECT_EQ(int(r.games.size()), e.read) << e.file;
        ASSERT_EQ(r.errors.size(), e.skipped.size()) << e.file;
        for (size_t i = 0; i < r.errors.size(); ++i) {
            EXPECT_EQ(r.errors[i].game, e.skipped[i].first) << e.file;
            EXPECT_GT(r.errors[i].line, 0) << e.file;
            EXPECT_NE(r.errors[i].message.find(e.skipped[i].second), std::string::npos)
                << e.file << ": " << r.errors[i].message;
        }
        int blackFirst = 0;
        for (const Game& g : r.games) {
            Position pos;
            std::string why;
            EXPECT_TRUE(g.replay(pos, -1, &why)) << e.file << " game " << g.number << ": " << why;
            EXPECT_FALSE(g.tag("Source").empty()) << e.file << " game " << g.number;
            // Every 25th game, and every game with Black to move first, goes round the writers.
            bool black = g.startFen.find(" b ") != std::string::npos;
            blackFirst += black;
            if (black || g.number % 25 == 0)
                expect_round_trip(g, std::string(e.file) + " game " + std::to_string(g.number));
        }
        if (std::string(e.file) == "ccpd_endgames.pgn") {
            EXPECT_GT(blackFirst, 0);
        }
    }
}

// All 27,928 CCPD master games: every move legal, except game 19850, whose move 70 (士６進５)
// leaves Black in check from the cannon on a9 (the record means 士４進５).
TEST(Pgn, CcpdMasterGames) {
    std::string path = test::data_path("games/ccpd/ccpd_master_games.pgn.xz");
    test::CommandResult xz = test::run_command("xz -dc '" + path + "'");
    ASSERT_EQ(xz.status, 0) << "xz -dc failed on " << path;
    ASSERT_GT(xz.out.size(), 40'000'000u);
    PgnReadResult r = read_pgn(xz.out);
    EXPECT_EQ(r.gamesSeen, 27928);
    EXPECT_EQ(r.games.size(), 27927u);
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].game, 19850);
    EXPECT_EQ(r.errors[0].line, 1191848);
    EXPECT_EQ(r.errors[0].message, "move 70: '士６進５' names no legal move");
    size_t moves = 0;
    for (const Game& g : r.games) moves += g.moves.size();
    std::cout << r.games.size() << " of " << r.gamesSeen << " master games read, " << moves
              << " moves\n";
    EXPECT_GT(moves, 2'000'000u);
}

// A file with broken games: each is reported with its number and line and skipped; the
// games around it are read.
TEST(Pgn, MalformedGamesAreSkippedAndReported) {
    std::string text =
        "[Game \"Chinese Chess\"]\n"          // 1: fine
        "[Red \"A\"]\n"
        "1. 炮二平五 马８进７ 1-0\n"
        "\n"
        "[Game \"Chinese Chess\"]\n"          // 2: illegal move on line 7
        "1. 炮二平五 马８进７\n"
        "2. 炮五进五 马２进１\n"
        "3. 车一平二 *\n"
        "[Game \"Chinese Chess\"]\n"          // 3: bad FEN (line 9)
        "[FEN \"rnbakabnr/9/9 w\"]\n"
        "1. h2e2 *\n"
        "[Game \"Chinese Chess\"]\n"          // 4: comment never closed (line 15)
        "[Format \"WXF\"]\n"
        "1. C2.5 H8+7\n"
        "{ open comment\n"
        "2. H2+3 *\n"
        "[Game \"Chinese Chess\"]\n"          // 5: malformed tag line (line 18)
        "[Red A]\n"
        "1. h2e2 *\n"
        "[Game \"Chinese Chess\"]\n"          // 6: ambiguous move (line 22): both rooks
        "[FEN \"3k5/9/9/9/9/9/9/7R1/9/4K2R1 w\"]\n"  // on file 二 can go to 一
        "1. 车二平一 *\n"
        "[Game \"Chinese Chess\"]\n"          // 7: fine, WXF
        "[Format \"WXF\"]\n"
        "1. C2.5 H8+7 2. H2+3 R9.8 1/2-1/2\n";
    PgnReadResult r = read_pgn(text);
    EXPECT_EQ(r.gamesSeen, 7);
    ASSERT_EQ(r.games.size(), 2u);
    EXPECT_EQ(r.games[0].number, 1);
    EXPECT_EQ(r.games[0].result, "1-0");
    EXPECT_EQ(r.games[0].tag("Red"), "A");
    EXPECT_EQ(r.games[1].number, 7);
    EXPECT_EQ(r.games[1].moves.size(), 4u);
    EXPECT_EQ(r.games[1].result, "1/2-1/2");
    ASSERT_EQ(r.errors.size(), 5u);
    auto expect_error = [&](size_t i, int game, int line, const std::string& part) {
        EXPECT_EQ(r.errors[i].game, game);
        EXPECT_EQ(r.errors[i].line, line) << r.errors[i].message;
        EXPECT_NE(r.errors[i].message.find(part), std::string::npos) << r.errors[i].message;
    };
    expect_error(0, 2, 7, "move 3: '炮五进五' names no legal move");
    expect_error(1, 3, 9, "bad FEN tag");
    expect_error(2, 4, 15, "comment '{' is never closed");
    expect_error(3, 5, 18, "malformed tag line");
    expect_error(4, 6, 22, "move 1: '车二平一' is ambiguous: 2 legal moves fit it");
}

TEST(Pgn, VariationsNagsAndLineComments) {
    std::string text =
        "[Game \"Chinese Chess\"]\n"
        "1. h2e2 (1. h0g2 {a side line (with parentheses)} (1. b2e2)) h9g7 $1\n"
        "; a line comment\n"
        "2. h0g2! {after 2. h0g2} 1-0\n"
        "[Game \"Chinese Chess\"]\n"
        "1. h2e2 (1. h0g2 h9g7\n"
        "2. b0c2 *\n";
    PgnReadResult r = read_pgn(text);
    ASSERT_EQ(r.games.size(), 1u);
    const Game& g = r.games[0];
    ASSERT_EQ(g.moves.size(), 3u);
    EXPECT_EQ(iccs(g, 2), "h0g2");
    EXPECT_EQ(g.moves[1].comment, "a line comment");
    EXPECT_EQ(g.moves[2].comment, "after 2. h0g2");
    EXPECT_EQ(test::tree_text(g),
              "h2e2 (h0g2 {a side line (with parentheses)} (b2e2)) h9g7 $1 {a line comment} "
              "h0g2 $1 {after 2. h0g2}");
    EXPECT_EQ(g.variation_count(), 2);
    EXPECT_EQ(g.result, "1-0");
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].game, 2);
    EXPECT_EQ(r.errors[0].line, 6);
    EXPECT_EQ(r.errors[0].message, "variation '(' is never closed");
}

// The movetext of the records module's own example: both variations and the NAG are kept,
// written back in their places, and read again as the same tree.
TEST(Pgn, VariationsAndNagsAreWrittenBack) {
    PgnReadResult r = read_pgn("1. h2e2 (1. b2e2 h9g7) h9g7 2. h0g2 (2. b0c2 $1) *\n");
    ASSERT_EQ(r.games.size(), 1u) << (r.errors.empty() ? "" : r.errors[0].message);
    const Game& g = r.games[0];
    EXPECT_EQ(test::tree_text(g), "h2e2 (b2e2 h9g7) h9g7 h0g2 (b0c2 $1)");
    EXPECT_EQ(test::tree_lines(g), (std::vector<std::string>{"h2e2 h9g7 h0g2",
                                                             "b2e2 h9g7", "h2e2 h9g7 b0c2"}));
    EXPECT_EQ(write_pgn(g, Notation::ICCS),
              "[Game \"Chinese Chess\"]\n[Result \"*\"]\n[Format \"ICCS\"]\n\n"
              "1. H2-E2\n(1. B2-E2 H9-G7)\n1... H9-G7\n2. H0-G2\n(2. B0-C2 $1)\n*\n");
    EXPECT_EQ(write_pgn(g, Notation::SAN),
              "[Result \"*\"]\n[Variant \"xiangqi\"]\n\n"
              "1. Che3\n(1. Cbe3 Hg8)\n1... Hg8\n2. Hg3\n(2. Hc3 $1)\n*\n");
    expect_round_trip(g, "variations");
    // Suffix annotations are NAGs 1-6, on a move or standing alone after it; a variation's
    // comment before its first move stays there; a result inside a variation ends only it.
    r = read_pgn("1. h2e2!? h9g7 ?? 2. h0g2 ({better} 2. b0c2 h7h3 *) 2... i9h9!! 1-0\n");
    ASSERT_EQ(r.games.size(), 1u) << (r.errors.empty() ? "" : r.errors[0].message);
    EXPECT_EQ(test::tree_text(r.games[0]),
              "h2e2 $5 h9g7 $4 h0g2 ({better} b0c2 h7h3) i9h9 $3");
    EXPECT_EQ(r.games[0].result, "1-0");
    expect_round_trip(r.games[0], "suffix NAGs");
}

// A variation stops before a move that cannot be played; anything else broken fails the game.
TEST(Pgn, BrokenVariations) {
    auto error_of = [](const std::string& movetext) {
        PgnReadResult r = read_pgn("[Game \"Chinese Chess\"]\n" + movetext + "\n");
        EXPECT_TRUE(r.games.empty()) << movetext;
        return r.errors.empty() ? std::string("(read)") : r.errors[0].message;
    };
    // A variation stops before a move that cannot be played, and says so; the game is read.
    PgnReadResult cut = read_pgn("1. h2e2 (1. b2e2 h9g7 2. a0a5 (2. h0g2) i9h9) h9g7 "
                                 "(1... a9a5 a0a1) *");
    ASSERT_EQ(cut.games.size(), 1u);
    EXPECT_EQ(test::tree_text(cut.games[0]),
              "h2e2 (b2e2 h9g7 {chuhe: the variation went on with 'a0a5' (illegal move 'a0a5': "
              "the rook on a0 cannot move to a5); the rest is left out}) h9g7 {chuhe: the "
              "variation went on with 'a9a5' (illegal move 'a9a5': the rook on a9 cannot move to "
              "a5); the rest is left out}");
    EXPECT_EQ(error_of("1. a0a5 *"), "move 1: illegal move 'a0a5': the rook on a0 cannot move to a5");
    EXPECT_EQ(error_of("(1. b2e2) 1. h2e2 *"), "a variation '(' before any move");
    EXPECT_EQ(error_of("$1 1. h2e2 *"), "$1 before any move");
    EXPECT_EQ(error_of("1. h2e2 $256 *"), "'$' must be followed by a number from 0 to 255");
    EXPECT_EQ(error_of("1. h2e2 $ *"), "'$' must be followed by a number from 0 to 255");
    EXPECT_EQ(error_of("1. h2e2 ) *"), "')' without '('");
    // 64 levels of variations read; the 65th is refused (the tree's code recurses by depth).
    auto nested = [](int depth) {
        std::string text = "1. h2e2";
        for (int i = 0; i < depth; ++i) text += " (1. b2e2";
        return text + std::string(size_t(depth), ')') + " *";
    };
    PgnReadResult ok = read_pgn(nested(MAX_VARIATION_DEPTH));
    ASSERT_EQ(ok.games.size(), 1u);
    EXPECT_EQ(ok.games[0].variation_count(), MAX_VARIATION_DEPTH);
    expect_round_trip(ok.games[0], "64 levels");
    EXPECT_EQ(error_of(nested(MAX_VARIATION_DEPTH + 1)), "variations nested more than 64 deep");
}

// After a comment, black's move starts a line of its own and takes the move number with an
// ellipsis ("1... 馬８進７"), not the number padded with spaces that no PGN reader expects.
TEST(Pgn, BlackMoveAfterACommentTakesAnEllipsis) {
    Game g = test::game_of(Position::START_FEN, {"h2e2", "h9g7", "h0g2"});
    g.moves[0].comment = "中炮";
    g.result = "*";
    NotationStyle traditional;
    traditional.traditional = true;
    std::string text = write_pgn(g, Notation::CHINESE, traditional);
    EXPECT_EQ(text.substr(text.find("\n\n") + 2), "1. 炮二平五\n{中炮}\n1... 馬８進７\n2. 馬二進三\n*\n");
    std::string wxf = write_pgn(g, Notation::WXF);
    EXPECT_EQ(wxf.substr(wxf.find("\n\n") + 2), "1. C2.5\n{中炮}\n1... H8+7\n2. H2+3\n*\n");
    PgnReadResult back = read_pgn(text);
    ASSERT_EQ(back.games.size(), 1u) << text;
    EXPECT_EQ(back.games[0].moves.size(), 3u);
}
