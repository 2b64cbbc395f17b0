// The opening book through both protocols: a book move is played at once with an info line
// saying so, the search takes over out of book, the options turn the book off, bad files are
// refused with the reason, and a fixed seed gives the same book moves every time.
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "book/builder.h"
#include "book/eleeye_book.h"
#include "book/eleeye_keys.h"
#include "book/hand_made.h"
#include "protocol/engine_process.h"
#include "records/pgn.h"

namespace chuhe::test {

namespace {

// The hand-made games' book (plies 3), written once per test run.
std::string hand_made_book() {
    static const std::string path = [] {
        book::BookBuilder builder(book::BuildOptions{3, 1, 0});
        for (const Game& g : read_pgn(HAND_MADE_PGN).games) {
            std::string why;
            builder.add(g, &why);
        }
        std::string p = testing::TempDir() + "protocol_hand_made.book";
        std::ofstream(p, std::ios::binary) << book::encode_book(builder.records());
        return p;
    }();
    return path;
}

std::string write_temp(const std::string& name, const std::string& bytes) {
    std::string path = testing::TempDir() + name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

void start_uci(EngineProcess& e) {
    e.send("uci");
    e.read_until("uciok");
}

void start_ucci(EngineProcess& e) {
    e.send("ucci");
    e.read_until("ucciok");
}

using Lines = std::vector<std::string>;

// The best move of a search that must not come from the book.
std::string searched(EngineProcess& e, const std::string& go) {
    e.send(go);
    Lines lines = e.read_until("bestmove");
    EXPECT_GT(lines.size(), 1u);
    EXPECT_FALSE(has_line_starting(lines, "info string book")) << lines[0];
    EXPECT_FALSE(has_line_starting(lines, "info message book")) << lines[0];
    return lines.back();
}

}  // namespace

TEST(BookProtocol, UciPlaysBookMovesAndSearchesOutOfBook) {
    EngineProcess e;
    start_uci(e);
    e.send("setoption name BookFile value " + hand_made_book());
    e.send("setoption name OwnBook value true");
    e.send("setoption name Book Variety value 0");  // always the best-weighted move
    e.send("position startpos");
    e.send("go wtime 1000 btime 1000");
    EXPECT_EQ(e.read_until("bestmove"),
              (Lines{"info string book move h2e2 games 3 score 50.0% weight 60.0%", "bestmove h2e2"}));
    // The mirror image of the position after h2e2: its entries, mirrored.
    e.send("position startpos moves b2e2");
    e.send("go depth 5");
    EXPECT_EQ(e.read_until("bestmove"),
              (Lines{"info string book move b9c7 games 3 score 33.3% weight 66.7%", "bestmove b9c7"}));
    // searchmoves limits the book moves too.
    e.send("position startpos");
    e.send("go depth 5 searchmoves b2e2 g3g4");
    EXPECT_EQ(e.read_until("bestmove"),
              (Lines{"info string book move b2e2 games 1 score 100.0% weight 40.0%", "bestmove b2e2"}));
    // Out of book the search moves.
    e.send("position startpos moves h2e2 h9g7 h0g2");
    searched(e, "go depth 2");
    // A book position reached again in the game is left to the search (repetition rules).
    e.send("position startpos moves h0g2 h9g7 g2h0 g7h9");
    searched(e, "go depth 2");
    // Analysis is never answered from the book.
    e.send("position startpos");
    e.send("go infinite");
    e.send("stop");
    searched(e, "isready");
    // OwnBook off, then an empty BookFile: no book.
    e.send("setoption name OwnBook value false");
    searched(e, "go depth 1");
    e.send("setoption name OwnBook value true");
    e.send("setoption name BookFile value");
    searched(e, "go depth 1");
    e.send("quit");
    EXPECT_EQ(e.wait_exit(), 0);
}

TEST(BookProtocol, UcciPlaysBookMovesAndSearchesOutOfBook) {
    EngineProcess e;
    start_ucci(e);
    e.send("setoption usemillisec true");
    e.send("setoption bookfiles /nonexistent/BOOK.DAT;" + hand_made_book());
    EXPECT_EQ(e.read_line(), "info message error: book /nonexistent/BOOK.DAT: cannot open /nonexistent/BOOK.DAT; it is not used");
    e.send("setoption usebook true");
    e.send("setoption bookvariety 0");
    e.send("position startpos moves h2e2 h9g7");
    e.send("go time 1000 increment 0");
    EXPECT_EQ(e.read_until("bestmove"),
              (Lines{"info message book move h0g2 games 3 score 66.7% weight 100.0%", "bestmove h0g2"}));
    // banmoves keeps a banned book move from being played: the search moves instead.
    e.send("banmoves h0g2");
    EXPECT_NE(searched(e, "go depth 1").substr(0, 13), "bestmove h0g2");
    e.send("position startpos moves h2e2 h9g7 h0g2");
    searched(e, "go depth 2");
    e.send("position startpos");
    e.send("setoption usebook false");
    searched(e, "go depth 1");
    e.send("setoption usebook true");
    e.send("setoption bookfiles");
    searched(e, "go depth 1");
    e.send("setoption usebook maybe");
    EXPECT_EQ(e.read_line(), "info message error: option usebook takes true or false");
    e.send("setoption bookvariety 101");
    EXPECT_EQ(e.read_line(), "info message error: option bookvariety takes a number from 0 to 100");
    e.send("quit");
    EXPECT_EQ(e.read_until("bye").back(), "bye");
}

TEST(BookProtocol, CorruptAndTruncatedFilesAreRefusedWithTheReason) {
    std::string good = slurp(hand_made_book());
    std::string corrupt = good;
    corrupt[100] ^= 0x40;
    std::string corruptPath = write_temp("protocol_corrupt.book", corrupt);
    std::string cutPath = write_temp("protocol_cut.book", good.substr(0, good.size() - 5));
    EngineProcess e;
    start_uci(e);
    e.send("setoption name OwnBook value true");
    e.send("setoption name BookFile value " + corruptPath);
    EXPECT_EQ(e.read_line(), "info string error: book " + corruptPath +
                                 ": checksum mismatch: the file is corrupt; it is not used");
    e.send("setoption name BookFile value " + cutPath);
    EXPECT_EQ(e.read_line(), "info string error: book " + cutPath +
                                 ": truncated: the header promises 7 records (200 bytes), the file has 195 bytes; it is not used");
    e.send("position startpos");
    searched(e, "go depth 1");  // no book, and the engine keeps running
    e.send("setoption name Book Variety value x");
    EXPECT_EQ(e.read_line(), "info string error: option 'Book Variety' takes a number from 0 to 100");
    e.send("setoption name Random Seed value -1");
    EXPECT_EQ(e.read_line(), "info string error: option 'Random Seed' takes a number from 0 to 2147483647");

    EngineProcess u;
    start_ucci(u);
    u.send("setoption bookfiles " + cutPath + ";" + corruptPath);
    EXPECT_EQ(u.read_line(), "info message error: book " + cutPath +
                                 ": truncated: the header promises 7 records (200 bytes), the file has 195 bytes; it is not used");
    EXPECT_EQ(u.read_line(), "info message error: book " + corruptPath +
                                 ": checksum mismatch: the file is corrupt; it is not used");
    u.send("setoption usebook true");
    u.send("position startpos");
    searched(u, "go depth 1");
}

// An ElephantEye book (the BOOK.DAT that UCCI GUIs ship), known by its content whatever its
// name: it states weights, not games.
TEST(BookProtocol, UcciTakesAnElephantEyeBook) {
    Position start;
    start.set(Position::START_FEN);
    const uint32_t lock = book::eleeye::book_lock(start);
    const std::string path =
        write_temp("protocol_eleeye.bin", book::EleEyeBook::encode(lock, start.parse_move("c3c4"), 1) +
                                              book::EleEyeBook::encode(lock, start.parse_move("h2e2"), 3));
    EngineProcess u;
    start_ucci(u);
    u.send("setoption bookfiles " + path);
    u.send("setoption usebook true");
    u.send("setoption bookvariety 0");
    u.send("position startpos");
    u.send("go time 1000 increment 0");
    EXPECT_EQ(u.read_until("bestmove"), (Lines{"info message book move h2e2 weight 75.0%", "bestmove h2e2"}));
    u.send("position startpos moves h2e2");
    searched(u, "go depth 1");
}

// With a fixed seed and full variety, the choices among the book moves are the same in every
// run and after every new game.
TEST(BookProtocol, FixedSeedGivesTheSameBookMovesEveryTime) {
    auto choices = [](EngineProcess& e) {
        std::string moves;
        for (int i = 0; i < 12; ++i) {
            e.send("position startpos");
            e.send("go depth 1");
            moves += e.read_until("bestmove").back().substr(9) + " ";
        }
        return moves;
    };
    std::string first;
    for (int run = 0; run < 2; ++run) {
        EngineProcess e;
        start_uci(e);
        e.send("setoption name BookFile value " + hand_made_book());
        e.send("setoption name OwnBook value true");
        e.send("setoption name Book Variety value 100");
        e.send("setoption name Random Seed value 42");
        std::string moves = choices(e);
        if (run == 0) first = moves;
        EXPECT_EQ(moves, first);
        e.send("ucinewgame");  // restarts the sequence
        EXPECT_EQ(choices(e), first);
    }
    EXPECT_EQ(first, "b2e2 h2e2 b2e2 b2e2 h2e2 h2e2 h2e2 b2e2 h2e2 b2e2 h2e2 h2e2 ");
    // UCCI: the same seed, the same controller, the same moves.
    EngineProcess u;
    start_ucci(u);
    u.send("setoption bookfiles " + hand_made_book());
    u.send("setoption usebook true");
    u.send("setoption bookvariety 100");
    u.send("setoption randomseed 42");
    EXPECT_EQ(choices(u), first);
}

// 100 games of 10 plies from the start, the engine playing both sides with the built-in book
// (a depth-1 search once out of book): the default variety gives many lines, not one.
TEST(BookProtocol, DefaultBookGivesManyLines) {
    EngineProcess e;
    start_uci(e);
    e.send("setoption name OwnBook value true");
    e.send("setoption name Random Seed value 1");
    // The search out of book on the hand-crafted evaluation: the counts must not move with each net.
    e.send("setoption name Use NNUE value false");
    std::set<std::string> lines;
    int bookMoves = 0;
    for (int game = 0; game < 100; ++game) {
        std::string moves;
        for (int ply = 0; ply < 10; ++ply) {
            e.send("position startpos moves" + moves);
            e.send("go depth 1");
            Lines reply = e.read_until("bestmove");
            bookMoves += has_line_starting(reply, "info string book move");
            moves += " " + reply.back().substr(9, 4);
        }
        lines.insert(moves);
    }
    EXPECT_GE(lines.size(), 20u);
    EXPECT_EQ(lines.size(), 40u);
    EXPECT_EQ(bookMoves, 941);  // of 1,000 plies
}

TEST(BookProtocol, BuiltInBookIsTheDefault) {
    EngineProcess e;
    start_uci(e);
    e.send("setoption name OwnBook value true");
    e.send("position startpos");
    e.send("go depth 1");
    Lines lines = e.read_until("bestmove");
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0].substr(0, 22), "info string book move ");
}

}  // namespace chuhe::test
