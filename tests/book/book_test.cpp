// The opening book: building from a hand-made PGN gives exactly the expected moves and counts,
// mirror images share their entries, the filters, the choice of a move, and files that are
// corrupt or cut short are refused with the reason.
#include <gtest/gtest.h>

#include "book/book.h"
#include "book/builder.h"
#include "book/choose.h"
#include "book/format.h"
#include "book/mirror.h"
#include "records/pgn.h"
#include "book/hand_made.h"

using namespace chuhe;
using namespace chuhe::book;

namespace {

Book build(const BuildOptions& options) {
    BookBuilder builder(options);
    for (const Game& g : read_pgn(test::HAND_MADE_PGN).games) {
        std::string why;
        builder.add(g, &why);
    }
    Book b;
    std::string error;
    EXPECT_TRUE(b.read(encode_book(builder.records()), &error)) << error;
    return b;
}

Position after(const std::string& moves) {
    Position pos;
    pos.set(Position::START_FEN);
    std::string m;
    for (size_t i = 0; i <= moves.size(); ++i) {
        if (i < moves.size() && moves[i] != ' ') m += moves[i];
        else if (!m.empty()) pos.do_move(pos.parse_move(m)), m.clear();
    }
    return pos;
}

// "move W D L" for each book move, in probe order.
std::vector<std::string> listing(const Book& b, const Position& pos) {
    std::vector<std::string> out;
    for (const BookMove& m : b.probe(pos))
        out.push_back(Position::move_to_string(m.move) + " " + std::to_string(m.wins) + " " +
                      std::to_string(m.draws) + " " + std::to_string(m.losses));
    return out;
}

using Lines = std::vector<std::string>;

}  // namespace

TEST(Book, HandMadeGamesGiveExactMovesAndCounts) {
    BookBuilder builder(BuildOptions{3, 1, 0});
    int added = 0;
    std::vector<std::string> reasons;
    for (const Game& g : read_pgn(test::HAND_MADE_PGN).games) {
        std::string why;
        if (builder.add(g, &why)) ++added;
        else reasons.push_back(why);
    }
    EXPECT_EQ(added, 5);
    EXPECT_EQ(reasons, Lines{"no result"});
    Book b;
    std::string error;
    ASSERT_TRUE(b.read(encode_book(builder.records()), &error)) << error;
    // start, after h2e2 (= after b2e2), after h2e2 h9g7 (= b2e2 b9c7), after g3g4
    EXPECT_EQ(b.positions(), 4u);
    EXPECT_EQ(b.records(), 7u);
    EXPECT_EQ(listing(b, after("")), (Lines{"h2e2 1 1 1", "b2e2 1 0 0", "g3g4 0 0 1"}));
    // Black's moves after h2e2, from the games with h2e2 and, mirrored, the one with b2e2.
    EXPECT_EQ(listing(b, after("h2e2")), (Lines{"h9g7 1 0 2", "b9c7 0 1 0"}));
    EXPECT_EQ(listing(b, after("h2e2 h9g7")), (Lines{"h0g2 2 0 1"}));
    EXPECT_EQ(listing(b, after("g3g4")), (Lines{"g6g5 1 0 0"}));
    // The ply limit: the fourth move of game 1 is not in the book, nor is what follows.
    EXPECT_EQ(listing(b, after("h2e2 h9g7 h0g2")), Lines{});
    // c3c4, played only in the game without a result, is not a move at the start; the
    // position after it is the mirror image of the one after g3g4.
    EXPECT_EQ(listing(b, after("c3c4")), Lines{"c6c5 1 0 0"});
}

TEST(Book, MirroredPositionsHitTheSameEntries) {
    Book b = build(BuildOptions{3, 1, 0});
    // After b2e2 the book has the mirror image of the position after h2e2: the same counts,
    // the moves mirrored.
    EXPECT_EQ(listing(b, after("b2e2")), (Lines{"b9c7 1 0 2", "h9g7 0 1 0"}));
    EXPECT_EQ(listing(b, after("b2e2 b9c7")), (Lines{"b0c2 2 0 1"}));
    EXPECT_EQ(book_key(after("h2e2")).key, book_key(after("b2e2")).key);
    EXPECT_NE(book_key(after("h2e2")).mirrored, book_key(after("b2e2")).mirrored);
    EXPECT_EQ(mirrored_key(after("h2e2")), after("b2e2").key());
}

TEST(Book, FiltersByGamesAndScore) {
    Book popular = build(BuildOptions{3, 2, 0});
    EXPECT_EQ(listing(popular, after("")), Lines{"h2e2 1 1 1"});
    EXPECT_EQ(listing(popular, after("h2e2")), Lines{"h9g7 1 0 2"});
    EXPECT_EQ(listing(popular, after("g3g4")), Lines{});
    Book scoring = build(BuildOptions{3, 1, 50});
    EXPECT_EQ(listing(scoring, after("")), (Lines{"h2e2 1 1 1", "b2e2 1 0 0"}));
    EXPECT_EQ(listing(scoring, after("h2e2")), (Lines{"b9c7 0 1 0"}));
    Book shallow = build(BuildOptions{1, 1, 0});
    EXPECT_EQ(shallow.positions(), 1u);
}

TEST(Book, VarietyAdmitsMovesNearTheBest) {
    Book b = build(BuildOptions{3, 1, 0});
    std::vector<BookMove> moves = b.probe(after(""));  // weights 3, 2, 0
    EXPECT_EQ(candidates(moves, 0).size(), 1u);
    EXPECT_EQ(candidates(moves, 33).size(), 1u);  // 2 < 3 * 0.67
    EXPECT_EQ(candidates(moves, 34).size(), 2u);
    EXPECT_EQ(candidates(moves, 100).size(), 2u);  // a move that never scored is never played
    for (uint64_t r = 0; r < 10; ++r) EXPECT_EQ(Position::move_to_string(choose(moves, 0, r)), "h2e2");
    // Weights 3 and 2: random values 0-2 (mod 5) pick the first, 3-4 the second.
    EXPECT_EQ(Position::move_to_string(choose(moves, 100, 2)), "h2e2");
    EXPECT_EQ(Position::move_to_string(choose(moves, 100, 3)), "b2e2");
    EXPECT_EQ(Position::move_to_string(choose(moves, 100, 9)), "b2e2");
    EXPECT_EQ(choose(b.probe(after("g3g4 g6g5")), 100, 0), MOVE_NONE);
}

TEST(Book, CorruptAndTruncatedFilesAreRefusedWithTheReason) {
    BookBuilder builder(BuildOptions{3, 1, 0});
    for (const Game& g : read_pgn(test::HAND_MADE_PGN).games) {
        std::string why;
        builder.add(g, &why);
    }
    const std::string good = encode_book(builder.records());
    ASSERT_EQ(good.size(), 32u + 7 * 24);
    auto refusal = [](const std::string& bytes) {
        Book b;
        std::string error;
        EXPECT_FALSE(b.read(bytes, &error));
        return error;
    };
    EXPECT_EQ(refusal(""), "not a Chuhe book (no CHUHEBK magic)");
    EXPECT_EQ(refusal("BOOK.DAT is something else entirely, longer than a header"),
              "not a Chuhe book (no CHUHEBK magic) nor an ElephantEye book (57 bytes, not whole 8-byte records)");
    EXPECT_EQ(refusal(good.substr(0, 20)), "truncated: 20 bytes, shorter than the header");
    EXPECT_EQ(refusal(good.substr(0, good.size() - 1)),
              "truncated: the header promises 7 records (200 bytes), the file has 199 bytes");
    EXPECT_EQ(refusal(good + "x"), "trailing bytes: the header promises 7 records (200 bytes), the file has 201 bytes");
    std::string version = good;
    version[8] = 2;
    EXPECT_EQ(refusal(version), "book format version 2, this engine reads version 1");
    std::string keys = good;
    keys[16] ^= 1;
    EXPECT_EQ(refusal(keys), "built with other Zobrist keys than this engine's (the start position's key differs)");
    std::string flipped = good;
    flipped[100] ^= 0x40;
    EXPECT_EQ(refusal(flipped), "checksum mismatch: the file is corrupt");
    // A refused read leaves the book as it was.
    Book b;
    std::string error;
    ASSERT_TRUE(b.read(good, &error));
    EXPECT_FALSE(b.read(flipped, &error));
    EXPECT_EQ(b.records(), 7u);
    EXPECT_FALSE(b.load("/nonexistent/x.book", &error));
    EXPECT_EQ(error, "cannot open /nonexistent/x.book");
    EXPECT_FALSE(b.load("/dev/zero", &error));  // would never end
    EXPECT_EQ(error, "not a regular file");
    EXPECT_FALSE(b.load("/tmp", &error));
    EXPECT_EQ(error, "not a regular file");
}

// Every cut and every single-bit flip of a sound file is refused: nothing in the format goes
// unchecked, and no damage reads as a different book.
TEST(Book, EveryCutAndEveryBitFlipIsRefused) {
    BookBuilder builder(BuildOptions{3, 1, 0});
    for (const Game& g : read_pgn(test::HAND_MADE_PGN).games) {
        std::string why;
        builder.add(g, &why);
    }
    const std::string good = encode_book(builder.records());
    int accepted = 0;
    for (size_t n = 0; n < good.size(); ++n) {
        Book b;
        std::string error;
        accepted += b.read(good.substr(0, n), &error);
    }
    for (size_t i = 0; i < good.size(); ++i)
        for (int bit = 0; bit < 8; ++bit) {
            std::string bad = good;
            bad[i] ^= char(1 << bit);
            Book b;
            std::string error;
            accepted += b.read(bad, &error);
            EXPECT_FALSE(error.empty());
        }
    EXPECT_EQ(accepted, 0);
}

TEST(Book, BuiltInBookReads) {
    Book b;
    std::string error;
    ASSERT_TRUE(b.load(BUILT_IN, &error)) << error;
    std::vector<BookMove> start = b.probe(after(""));
    ASSERT_FALSE(start.empty());
    EXPECT_EQ(Position::move_to_string(start[0].move), "h2e2");  // the central cannon leads
    // scripts/book.sh's filters hold for every move: 3 games at least, the mover 40% or more.
    std::vector<BookRecord> records;
    ASSERT_TRUE(decode_book(embedded_book(), &records, &error)) << error;
    EXPECT_EQ(records.size(), 20912u);
    EXPECT_EQ(b.positions(), 17877u);
    size_t weak = 0;
    for (const BookRecord& r : records) {
        BookMove m{r.move, r.wins, r.draws, r.losses};
        weak += m.games() < 3 || m.score() < 40.0;
    }
    EXPECT_EQ(weak, 0u);
}
