// ElephantEye's opening books (BOOK.DAT): its locks and move encoding, exact probes of a small
// file written here (its own orientation and the mirrored one), corrupt files refused with
// the reason, and a list of books mixing both formats.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "book/book.h"
#include "book/book_set.h"
#include "book/eleeye_keys.h"
#include "book/mirror.h"
#include "support/files.h"

using namespace chuhe;
using namespace chuhe::book;

namespace {

Position after(std::initializer_list<const char*> moves) {
    Position pos;
    pos.set(Position::START_FEN);
    for (const char* m : moves) pos.do_move(pos.parse_move(m));
    return pos;
}

// A move from its text, legal or not ("a0a5").
Move move(const char* t) { return make_move(make_square(t[0] - 'a', t[1] - '0'), make_square(t[2] - 'a', t[3] - '0')); }

// The start position's lock, from ElephantEye's algorithm worked through outside this code
// (RC4 of a four-zero-byte key, the third long of each triple); the real BOOK.DAT files the
// start position under it. After h2e2 the book keeps the mirror image (the b2e2 position).
constexpr uint32_t START_LOCK = 0x052656d5;
constexpr uint32_t AFTER_H2E2_LOCK = 0xeb505d7d, AFTER_B2E2_LOCK = 0x5396644f;

// A small book: the start position and the position after b2e2, in lock order, with a move
// not legal in the start position (the rook cannot pass the pawn on a3).
std::string small_book() {
    std::string start = EleEyeBook::encode(START_LOCK, move("h2e2"), 1473) +
                        EleEyeBook::encode(START_LOCK, move("a0a5"), 999) +
                        EleEyeBook::encode(START_LOCK, move("c3c4"), 546) +
                        EleEyeBook::encode(START_LOCK, move("b2e2"), 1473);
    std::string b2e2 = EleEyeBook::encode(AFTER_B2E2_LOCK, move("h9g7"), 172) +
                       EleEyeBook::encode(AFTER_B2E2_LOCK, move("b9c7"), 761);
    return start + b2e2;  // START_LOCK < AFTER_B2E2_LOCK
}

std::vector<std::string> listing(const Book& b, const Position& pos) {
    std::vector<std::string> out;
    for (const BookMove& m : b.probe(pos))
        out.push_back(Position::move_to_string(m.move) + " " + std::to_string(m.weight()));
    return out;
}

using Lines = std::vector<std::string>;

std::string write_temp(const std::string& name, const std::string& bytes) {
    std::string path = test::temp_path("eleeye", name);
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

}  // namespace

TEST(EleEyeBook, LocksAreElephantEyes) {
    const Position start = after({});
    EXPECT_EQ(eleeye::book_lock(start), START_LOCK);
    EXPECT_EQ(eleeye::book_lock(start, true), START_LOCK);  // the start position is symmetric
    EXPECT_EQ(eleeye::book_lock(after({"h2e2"})), AFTER_H2E2_LOCK);
    EXPECT_EQ(eleeye::book_lock(after({"h2e2"}), true), AFTER_B2E2_LOCK);
    EXPECT_EQ(eleeye::book_lock(after({"b2e2"})), AFTER_B2E2_LOCK);
}

TEST(EleEyeBook, MovesOnItsBoard) {
    // h2: x 3 + 7, y 12 - 2; e2: x 3 + 4: squares 0xAA and 0xA7.
    EXPECT_EQ(eleeye::move_of(move("h2e2")), 0xA7AA);
    EXPECT_EQ(eleeye::our_move(0xA7AA), move("h2e2"));
    EXPECT_EQ(eleeye::square_of(make_square(0, 9)), 0x33);  // a9, the top left corner
    EXPECT_EQ(eleeye::our_square(0xCB), make_square(8, 0));  // i0
    EXPECT_EQ(eleeye::our_move(0x0000), MOVE_NONE);  // square 0 is off the board
    EXPECT_EQ(eleeye::our_move(0xA7AD), MOVE_NONE);  // x 13 is beyond file i
    EXPECT_EQ(eleeye::our_move(0xAAAA), MOVE_NONE);  // no move from a square to itself
}

TEST(EleEyeBook, ProbeGivesExactMovesAndWeights) {
    Book b;
    std::string error;
    ASSERT_TRUE(b.read(small_book(), &error)) << error;
    EXPECT_EQ(b.records(), 6u);
    EXPECT_EQ(b.positions(), 2u);
    // Most weight first, ties in file order; a0a5 is not legal and left out.
    EXPECT_EQ(listing(b, after({})), (Lines{"h2e2 1473", "b2e2 1473", "c3c4 546"}));
    EXPECT_EQ(listing(b, after({"b2e2"})), (Lines{"b9c7 761", "h9g7 172"}));
    // After h2e2 the book has only the mirror image: its moves come mirrored.
    EXPECT_EQ(listing(b, after({"h2e2"})), (Lines{"h9g7 761", "b9c7 172"}));
    EXPECT_TRUE(b.probe(after({"c3c4"})).empty());
    // Stated weights, no games: the choice counts the weight alone.
    const BookMove first = b.probe(after({})).front();
    EXPECT_EQ(first.games(), 0u);
    EXPECT_EQ(first.stated, 1473u);
}

TEST(EleEyeBook, CorruptFilesAreRefusedWithTheReason) {
    const std::string good = small_book();
    std::string unsorted = good.substr(32) + good.substr(0, 32);  // the b2e2 records first
    std::string offBoard = good;
    offBoard[4] = 0;  // the first move's from-square: 0 is off the board
    const std::pair<std::string, std::string> cases[] = {
        {good.substr(0, good.size() - 3),
         "not a Chuhe book (no CHUHEBK magic) nor an ElephantEye book (45 bytes, not whole 8-byte records)"},
        {unsorted, "not a Chuhe book (no CHUHEBK magic) nor an ElephantEye book (record 2 is out of order)"},
        {offBoard, "not a Chuhe book (no CHUHEBK magic) nor an ElephantEye book (record 0 holds no move on the board)"},
        {"", "not a Chuhe book (no CHUHEBK magic)"},
    };
    for (const auto& [bytes, reason] : cases) {
        Book b;
        std::string error;
        ASSERT_TRUE(b.read(good, &error)) << error;
        EXPECT_FALSE(b.read(bytes, &error)) << reason;
        EXPECT_EQ(error, reason);
        EXPECT_EQ(b.records(), 6u) << "a refused file leaves the book as it was: " << reason;
    }
}

TEST(EleEyeBook, BookFilesMixBothFormats) {
    // A Chuhe book that knows only the position after h2e2 (one move, 3 wins).
    const Position afterH2e2 = after({"h2e2"});
    BookKey k = book_key(afterH2e2);
    Move h9g7 = move("h9g7");
    BookRecord r;
    r.key = k.key;
    r.move = k.mirrored ? mirror_move(h9g7) : h9g7;
    r.wins = 3;
    const std::string ours = write_temp("ours.book", encode_book({r}));
    const std::string theirs = write_temp("BOOK.DAT", small_book());
    const std::string cut = write_temp("cut.dat", small_book().substr(0, 13));

    BookSet set;
    std::vector<std::string> errors;
    set.load(ours + ";" + cut + " ; " + theirs, &errors);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0], cut + ": not a Chuhe book (no CHUHEBK magic) nor an ElephantEye book (13 bytes, not "
                               "whole 8-byte records)");
    // The Chuhe book answers where it knows the position; the ElephantEye book elsewhere.
    std::vector<BookMove> moves = set.probe(afterH2e2);
    ASSERT_EQ(moves.size(), 1u);
    EXPECT_EQ(moves[0].move, h9g7);
    EXPECT_EQ(moves[0].wins, 3u);
    moves = set.probe(after({}));
    ASSERT_EQ(moves.size(), 3u);
    EXPECT_EQ(moves[0].move, move("h2e2"));
    EXPECT_EQ(moves[0].stated, 1473u);
    for (const std::string& p : {ours, theirs, cut}) std::remove(p.c_str());
}
