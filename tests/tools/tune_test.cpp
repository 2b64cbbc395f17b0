// `chuhe tune`: the quiet-position search, extraction and the weights file it writes.
#include "tools/tune.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "records/record_file.h"
#include "support/command.h"

namespace chuhe {
namespace {

test::CommandResult tune(const std::string& args) {
    return test::run_command(std::string(CHUHE_BINARY) + " tune " + args + " 2>&1");
}

std::string temp_path(const std::string& name) {
    return testing::TempDir() + "chuhe_tune_" + name;
}

void write_file(const std::string& path, const std::string& text) {
    std::ofstream(path) << text;
}

std::string read_text(const std::string& path) {
    std::string bytes, error;
    EXPECT_TRUE(read_file_bytes(path, bytes, &error)) << error;
    return bytes;
}

TEST(Tune, QuietLeafPlaysOutTheWinningCapture) {
    // Red's rook takes the undefended black horse; nothing can take back.
    Position pos;
    ASSERT_TRUE(pos.set("3akab2/9/4b4/9/R3n4/9/9/9/9/3AK4 w - - 0 1"));
    quiet_leaf(pos);
    EXPECT_EQ(pos.fen(), "3akab2/9/4b4/9/4R4/9/9/9/9/3AK4 b - - 0 1");
}

TEST(Tune, QuietLeafKeepsAQuietPosition) {
    Position pos;
    ASSERT_TRUE(pos.set(Position::START_FEN));
    quiet_leaf(pos);
    EXPECT_EQ(pos.fen(), Position::START_FEN);
}

TEST(Tune, WeightsFileIsWhatTheTunerWrites) {
    // Starting from the weights built in, with no fitting epochs, the tuner writes them back:
    // weights.cpp must be exactly that file (the tuner's format, never edited by hand).
    std::string data = temp_path("one.txt"), out = temp_path("weights.cpp");
    write_file(data, std::string(Position::START_FEN) + ";0.5\n");
    test::CommandResult r = tune("fit " + data + " --epochs 0 --k 1 --start current --out " + out);
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(read_text(out), read_text(std::string(CHUHE_SOURCE_DIR) + "/src/eval/weights.cpp"));
}

TEST(Tune, WithoutHoldsBlocksAtZero) {
    std::string data = temp_path("one.txt"), out = temp_path("without.cpp");
    write_file(data, std::string(Position::START_FEN) + ";0.5\n");
    test::CommandResult r = tune("fit " + data + " --epochs 0 --k 1 --start current --without TEMPO,LINKED_PAWNS --out " + out);
    ASSERT_EQ(r.status, 0) << r.out;
    std::string text = read_text(out);
    EXPECT_NE(text.find("    // TEMPO\n    S(0, 0),\n"), std::string::npos) << text;
    EXPECT_NE(text.find("    // LINKED_PAWNS\n    S(0, 0),\n"), std::string::npos) << text;
    r = tune("fit " + data + " --without TEMPO,NOSUCH");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("no weight block named 'NOSUCH'"), std::string::npos) << r.out;
}

TEST(Tune, ExtractWritesQuietPositionsWithTheResult) {
    std::string pgn = temp_path("game.pgn"), data = temp_path("game.txt");
    // Only the kings: no captures, so every position is its own quiet leaf.
    write_file(pgn,
               "[Game \"Chinese Chess\"]\n[Result \"1/2-1/2\"]\n[Format \"ICCS\"]\n"
               "[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n\n"
               "1. D0-D1 E9-E8 2. D1-D2 E8-E7 3. D2-D1 E7-E8 1/2-1/2\n");
    test::CommandResult r = tune("extract " + data + " " + pgn + " --sample 1 --skip 0");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("games 1 positions "), std::string::npos) << r.out;
    std::istringstream lines(read_text(data));
    std::string line;
    int count = 0;
    while (std::getline(lines, line)) {
        ++count;
        size_t semi = line.rfind(';');
        ASSERT_NE(semi, std::string::npos) << line;
        EXPECT_EQ(line.substr(semi + 1), "0.5") << line;
        Position pos;
        std::string error;
        EXPECT_TRUE(pos.set(line.substr(0, semi), &error)) << line << ": " << error;
        EXPECT_FALSE(pos.in_check()) << line;
    }
    // 6 plies; the last position repeats the one after the second ply and is written once.
    EXPECT_EQ(count, 5);
}

TEST(Tune, BadInputGetsAReason) {
    std::string data = temp_path("bad.txt");
    write_file(data, std::string(Position::START_FEN) + ";1\nnot a fen;0\n");
    test::CommandResult r = tune("fit " + data + " --epochs 0");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("bad.txt:2: expected \"FEN;1|0.5|0\""), std::string::npos) << r.out;
    r = tune("fit /nonexistent/data.txt");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("cannot open /nonexistent/data.txt"), std::string::npos) << r.out;
    r = tune("extract " + temp_path("x.txt"));
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("needs an output file and at least one PGN file"), std::string::npos);
    r = tune("polish");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("unknown tune command 'polish'"), std::string::npos);
}

}  // namespace
}  // namespace chuhe
