// `chuhe book build` and `chuhe book probe`, driven through the built binary.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "book/hand_made.h"
#include "support/command.h"

using namespace chuhe;

namespace {

std::string write_temp(const std::string& name, const std::string& bytes) {
    std::string path = testing::TempDir() + name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

const std::string BIN = CHUHE_BINARY;

}  // namespace

TEST(BookCli, BuildsAndProbesTheHandMadeBook) {
    std::string pgn = write_temp("book_cli.pgn", test::HAND_MADE_PGN);
    std::string out = testing::TempDir() + "book_cli.book";
    test::CommandResult r = test::run_command(BIN + " book build " + out + " " + pgn + " --plies 3 2>&1");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, pgn + ": 1 games without a result skipped\n"
                           "games 5 used, 1 skipped; positions 4, moves 7, 200 bytes\n");
    r = test::run_command(BIN + " book probe " + out + " startpos");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out,
              "h2e2 games 3 won 1 drawn 1 lost 1 score 50.0% weight 60.0%\n"
              "b2e2 games 1 won 1 drawn 0 lost 0 score 100.0% weight 40.0%\n"
              "g3g4 games 1 won 0 drawn 0 lost 1 score 0.0% weight 0.0%\n");
    // After b2e2: the entries of the position after h2e2, mirrored.
    r = test::run_command(BIN + " book probe " + out +
                          " rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/4C2C1/9/RNBAKABNR b - - 1 1");
    EXPECT_EQ(r.out,
              "b9c7 games 3 won 1 drawn 0 lost 2 score 33.3% weight 66.7%\n"
              "h9g7 games 1 won 0 drawn 1 lost 0 score 50.0% weight 33.3%\n");
    r = test::run_command(BIN + " book probe " + out + " 4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    EXPECT_EQ(r.out, "not in book\n");
    // The filters: h2e2 at the start (3 games, 50%) and h0g2 after h2e2 h9g7 (3 games, 66.7%)
    // stay; black's h9g7 (33.3%) goes.
    r = test::run_command(BIN + " book build " + out + " " + pgn + " --plies 3 --min-games 2 --min-score 50 2>/dev/null");
    EXPECT_EQ(r.out, "games 5 used, 1 skipped; positions 2, moves 2, 80 bytes\n");
}

TEST(BookCli, BadInputIsRefusedWithTheReason) {
    std::string pgn = write_temp("book_cli_bad.pgn", test::HAND_MADE_PGN);
    std::string out = testing::TempDir() + "book_cli_bad.book";
    test::CommandResult r = test::run_command(BIN + " book build " + out + " " + pgn + " --plies x 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "chuhe book: bad value 'x' for --plies");
    r = test::run_command(BIN + " book build " + out + " /nonexistent.pgn 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "chuhe book: cannot open /nonexistent.pgn");
    std::string cut = write_temp("book_cli_cut.book", std::string("CHUHEBK\x1a\x01\0\0\0\x05\0\0\0", 16));
    r = test::run_command(BIN + " book probe " + cut + " startpos 2>&1");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.out, "chuhe book: " + cut + ": truncated: 16 bytes, shorter than the header\n");
    r = test::run_command(BIN + " book probe " + pgn + " startpos 2>&1");
    // 480 bytes, whole ElephantEye records, but "e " is no move: 0x20 is off its board.
    EXPECT_EQ(r.out, "chuhe book: " + pgn +
                         ": not a Chuhe book (no CHUHEBK magic) nor an ElephantEye book (record 0 holds no move on the "
                         "board)\n");
    r = test::run_command(BIN + " book probe " + out + " not-a-fen 2>&1");
    EXPECT_EQ(r.status, 2);
}

TEST(BookCli, BuildNeverRemovesWhatItDidNotWrite) {
    // Run as root, a failed write once removed the output whatever it was (/dev/full). An
    // empty directory stands for it here: the old code's remove(3) took it away.
    std::string pgn = write_temp("book_cli_keep.pgn", test::HAND_MADE_PGN);
    std::string dir = testing::TempDir() + "book_cli_keep_dir";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directory(dir);
    test::CommandResult r = test::run_command(BIN + " book build " + dir + " " + pgn + " 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "chuhe book: '" + dir + "' exists and is not a regular file\n");
    EXPECT_TRUE(std::filesystem::is_directory(dir));
    std::filesystem::remove_all(dir);
    r = test::run_command(BIN + " book build /dev/null " + pgn + " 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "chuhe book: '/dev/null' exists and is not a regular file\n");
    // A book written beside nothing else: no temporary file is left behind.
    std::filesystem::create_directory(dir);
    r = test::run_command(BIN + " book build " + dir + "/x.book " + pgn + " 2>/dev/null");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 1);
    std::filesystem::remove_all(dir);
}
