// `chuhe convert`, driven through the built binary: XQF to PGN in each notation, PGN to XQF and
// back, a file with a broken game, and bad arguments.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>

#include "records/pgn.h"
#include "records/record_file.h"
#include "support/data.h"
#include "support/files.h"

using namespace chuhe;

namespace {

struct CommandResult {
    int status;
    std::string out, err;
};

std::string slurp(const std::string& path) {
    std::string bytes;
    read_file_bytes(path, bytes, nullptr);
    return bytes;
}

CommandResult convert(const std::string& args) {
    // Named by the process: ctest -j runs this file's tests side by side.
    std::string out = test::temp_path("convert", "stdout.txt"), err = test::temp_path("convert", "stderr.txt");
    std::string cmd = std::string(CHUHE_BINARY) + " convert " + args + " >" + out + " 2>" + err;
    int status = std::system(cmd.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

std::string shell_quote(const std::string& path) { return "'" + path + "'"; }

}  // namespace

// UnitTest.xqf: comments on both sides and two variations of the first move, kept.
TEST(Convert, XqfToPgnInEachNotation) {
    std::string xqf = shell_quote(test::data_path("records/walker8088_cchess/UnitTest.xqf"));
    const std::string tags =
        "[Game \"Chinese Chess\"]\n[Title \"标题\"]\n[Event \"比赛名称\"]\n[Date \"比赛日期\"]\n"
        "[Site \"比赛地点\"]\n[Red \"红方棋手\"]\n[Black \"黑方棋手\"]\n[TimeControl \"用时规则\"]\n"
        "[RedTime \"红方用时\"]\n[BlackTime \"黑方用时\"]\n[Annotator \"棋谱讲评\"]\n"
        "[Author \"文件作者\"]\n[Result \"1/2-1/2\"]\n";
    CommandResult wxf = convert(xqf + " - --format wxf");
    EXPECT_EQ(wxf.status, 0) << wxf.err;
    EXPECT_EQ(wxf.out, tags +
                           "[Format \"WXF\"]\n\n{棋局注解}\n1. C2.5\n{第一步红注解}\n"
                           "(1. C8.5 H2+3 2. H8+7 R1.2 3. R9.8 C2+4)\n"
                           "(1. C2.6 H8+7 2. H2+3 R9.8 3. R1+1 C8+4 4. E7+5 C8.5)\n"
                           "1... H8+7\n2. H2+3 R9.8\n{第二步黑注解}\n3. R1.2\n1/2-1/2\n");
    EXPECT_EQ(wxf.err, "convert: 1 of 1 games written to -\n");
    CommandResult chinese = convert(xqf + " -");
    EXPECT_EQ(chinese.out, tags +
                               "[Format \"Chinese\"]\n\n{棋局注解}\n1. 炮二平五\n{第一步红注解}\n"
                               "(1. 炮八平五 马２进３ 2. 马八进七 车１平２ 3. 车九平八 炮２进４)\n"
                               "(1. 炮二平六 马８进７ 2. 马二进三 车９平８ 3. 车一进一 炮８进４ "
                               "4. 相七进五 炮８平５)\n"
                               "1... 马８进７\n2. 马二进三 车９平８\n{第二步黑注解}\n"
                               "3. 车一平二\n1/2-1/2\n");
    CommandResult iccs = convert(xqf + " - --format ICCS");
    EXPECT_NE(iccs.out.find("[Format \"ICCS\"]\n"), std::string::npos);
    EXPECT_NE(iccs.out.find("2. H0-G2 I9-H9\n"), std::string::npos) << iccs.out;
    CommandResult san = convert(xqf + " - --format san");
    EXPECT_NE(san.out.find("[White \"红方棋手\"]\n"), std::string::npos) << san.out;
    EXPECT_NE(san.out.find("[Variant \"xiangqi\"]\n"), std::string::npos);
    EXPECT_NE(san.out.find("1... Hg8\n2. Hg3 Rh10\n"), std::string::npos) << san.out;
    CommandResult traditional = convert(xqf + " - --traditional");
    EXPECT_NE(traditional.out.find("2. 馬二進三 車９平８\n"), std::string::npos);
}

TEST(Convert, PgnToXqfAndBack) {
    std::string dir = testing::TempDir();
    std::string pgn = test::data_path("games/eleeye/XQFTOOLS/SAMPLE.PGN");
    CommandResult toXqf = convert(shell_quote(pgn) + " " + shell_quote(dir + "sample.xqf"));
    ASSERT_EQ(toXqf.status, 0) << toXqf.err;
    CommandResult back =
        convert(shell_quote(dir + "sample.xqf") + " " + shell_quote(dir + "sample.pgn"));
    ASSERT_EQ(back.status, 0) << back.err;
    PgnReadResult a = read_pgn(slurp(pgn)), b = read_pgn(slurp(dir + "sample.pgn"));
    ASSERT_EQ(a.games.size(), 1u);
    ASSERT_EQ(b.games.size(), 1u);
    const Game &g = a.games[0], &h = b.games[0];
    EXPECT_EQ(h.startFen, g.startFen);
    EXPECT_EQ(h.result, "1-0");
    EXPECT_EQ(h.comment, g.comment);
    ASSERT_EQ(h.moves.size(), 75u);
    for (size_t i = 0; i < g.moves.size(); ++i) {
        EXPECT_EQ(h.moves[i].move, g.moves[i].move);
        EXPECT_EQ(h.moves[i].comment, g.moves[i].comment);
    }
    EXPECT_EQ(h.tag("Red"), "许银川");
    EXPECT_EQ(h.tag("Event"), "许银川让九子对聂棋圣");
}

TEST(Convert, BrokenGameIsReportedAndTheRestConverted) {
    std::string dir = testing::TempDir();
    std::ofstream(dir + "three.pgn") << "[Game \"Chinese Chess\"]\n1. 炮二平五 马８进７ *\n"
                                        "[Game \"Chinese Chess\"]\n1. 炮二平五 马８进７\n"
                                        "2. 车一进四 *\n"
                                        "[Game \"Chinese Chess\"]\n1. h2e2 h9g7 2. h0g2 *\n";
    CommandResult r = convert(shell_quote(dir + "three.pgn") + " - --format iccs");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, dir + "three.pgn: game 2 (line 5) skipped: move 3: '车一进四' names no "
                           "legal move\nconvert: 2 of 3 games written to -\n");
    PgnReadResult out = read_pgn(r.out);
    ASSERT_EQ(out.games.size(), 2u);
    EXPECT_EQ(out.games[0].moves.size(), 2u);
    EXPECT_EQ(out.games[1].moves.size(), 3u);
    // Several games do not fit in one XQF file.
    CommandResult x =
        convert(shell_quote(dir + "three.pgn") + " " + shell_quote(dir + "three.xqf"));
    EXPECT_EQ(x.status, 2);
    EXPECT_NE(x.err.find("an XQF file holds one game"), std::string::npos) << x.err;
}

TEST(Convert, BadArguments) {
    CommandResult none = convert("");
    EXPECT_EQ(none.status, 2);
    EXPECT_NE(none.err.find("usage: chuhe convert IN OUT"), std::string::npos);
    CommandResult format = convert("a.pgn b.pgn --format fen");
    EXPECT_EQ(format.status, 2);
    EXPECT_NE(format.err.find("unknown format 'fen'"), std::string::npos);
    CommandResult missing = convert("/nonexistent/in.pgn -");
    EXPECT_EQ(missing.status, 2);
    EXPECT_EQ(missing.err, "convert: cannot open /nonexistent/in.pgn\n");
    // A device named by mistake read zeros until the memory ran out (bad_alloc).
    CommandResult zero = convert("/dev/zero -");
    EXPECT_EQ(zero.status, 2);
    EXPECT_EQ(zero.err, "convert: cannot read /dev/zero: it is not a regular file\n");
}

// Issue 13, fault 14: no false success. A directory is not a record file, a full disk is a
// failed write; fault 13: a game XQF cannot hold is refused.
TEST(Convert, FailuresAreNotReportedAsSuccess) {
    std::string dir = testing::TempDir();
    CommandResult d = convert(shell_quote(dir) + " " + shell_quote(dir + "from_dir.pgn"));
    EXPECT_EQ(d.status, 2) << d.err;
    EXPECT_NE(d.err.find("it is a directory"), std::string::npos) << d.err;
    std::ofstream(dir + "one.pgn") << "[Game \"Chinese Chess\"]\n1. h2e2 h9g7 *\n";
    std::string toFull = std::string(CHUHE_BINARY) + " convert " + shell_quote(dir + "one.pgn") +
                         " - --format iccs >/dev/full 2>/dev/null";
    int full = std::system(toFull.c_str());
    EXPECT_TRUE(WIFEXITED(full) && WEXITSTATUS(full) == 2) << full;
    std::ofstream(dir + "empty.pgn") << "";
    CommandResult empty = convert(shell_quote(dir + "empty.pgn") + " -");
    EXPECT_EQ(empty.status, 1) << empty.err;
    EXPECT_NE(empty.err.find("holds no game"), std::string::npos) << empty.err;
    std::ofstream(dir + "black.pgn") << "[Game \"Chinese Chess\"]\n[FEN \"3k5/9/9/9/9/9/9/9/9/4K3R b - - 0 1\"]\n*\n";
    CommandResult black = convert(shell_quote(dir + "black.pgn") + " " + shell_quote(dir + "black.xqf"));
    EXPECT_EQ(black.status, 2) << black.err;
    EXPECT_NE(black.err.find("cannot record that black is to move"), std::string::npos) << black.err;
}
