// Randomized corruption of PGN and XQF bytes: the readers must never crash, hang or produce
// an inconsistent game (the ASan/UBSan build runs this too). Seeds are fixed, so a failure
// reproduces; CHUHE_FUZZ_ROUNDS raises the number of rounds for a longer local run.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

#include "core/movegen.h"
#include "records/pgn.h"
#include "records/record_file.h"
#include "records/xqf.h"
#include "support/data.h"

using namespace chuhe;

namespace {

int rounds(int normal) {
    const char* env = std::getenv("CHUHE_FUZZ_ROUNDS");
    return env ? std::atoi(env) : normal;
}

std::string data_bytes(const std::string& relative) {
    std::string bytes, error;
    if (!read_file_bytes(test::data_path(relative), bytes, &error)) throw std::runtime_error(error);
    return bytes;
}

// One random edit: flip, overwrite with a byte PGN/XQF readers care about, insert, delete,
// duplicate a chunk, or truncate.
void mutate(std::string& s, std::mt19937& rng) {
    static const char special[] = "{}()[]\";.$*-+=10\n\r \xFF\x80\xE3\xA1\x00";
    auto pick = [&](size_t n) { return n ? size_t(rng() % n) : 0; };
    size_t at = pick(s.size() + 1);
    switch (rng() % 6) {
    case 0:
        if (at < s.size()) s[at] = char(s[at] ^ (1 << (rng() % 8)));
        break;
    case 1:
        if (at < s.size()) s[at] = special[pick(sizeof(special) - 1)];
        break;
    case 2: s.insert(at, 1, char(rng() % 256)); break;
    case 3: s.erase(at, 1 + pick(16)); break;
    case 4: {
        size_t from = pick(s.size()), len = std::min<size_t>(1 + pick(64), s.size() - from);
        s.insert(at, s.substr(from, len));
        break;
    }
    case 5: s.resize(at); break;
    }
}

// Whatever a reader returns must be a consistent game that the writers can handle.
void check_game(const Game& g) {
    Position pos;
    std::string why;
    ASSERT_TRUE(g.replay(pos, -1, &why)) << why;
    ASSERT_TRUE(is_result(g.result)) << g.result;
    for (Notation n : {Notation::CHINESE, Notation::WXF, Notation::ICCS, Notation::SAN}) {
        PgnReadResult back = read_pgn(write_pgn(g, n));
        ASSERT_EQ(back.games.size(), 1u) << notation_name(n);
        ASSERT_EQ(back.games[0].moves.size(), g.moves.size()) << notation_name(n);
    }
    Game x;
    ASSERT_TRUE(read_xqf(write_xqf(g), x, &why)) << why;
    ASSERT_EQ(x.moves.size(), g.moves.size());
}

}  // namespace

TEST(RecordFuzz, CorruptedPgn) {
    const char* files[] = {"records/walker8088_cchess/test.pgn",  // GBK
                           "games/eleeye/XQFTOOLS/SAMPLE.PGN",    // GBK, comments
                           "games/mrxq_testgames/game02.pgn",     // Western SAN
                           "games/xqwlight/juzhongmi_51.pgn"};    // UTF-8, many games
    std::mt19937 rng(20261130);
    int games = 0, errors = 0;
    for (const char* f : files) {
        std::string original = data_bytes(f);
        if (original.size() > 8000) original.resize(8000);  // keep the rounds quick
        for (int round = 0; round < rounds(300); ++round) {
            std::string s = original;
            for (int k = 1 + int(rng() % 8); k > 0; --k) mutate(s, rng);
            PgnReadResult r = read_pgn(s);
            ASSERT_EQ(int(r.games.size() + r.errors.size()), r.gamesSeen) << f << " " << round;
            for (const RecordError& e : r.errors) ASSERT_FALSE(e.message.empty());
            for (const Game& g : r.games) {
                check_game(g);
                if (HasFatalFailure()) FAIL() << f << " round " << round;
            }
            games += int(r.games.size());
            errors += int(r.errors.size());
        }
    }
    EXPECT_GT(games, 100);   // the edits leave many games readable ...
    EXPECT_GT(errors, 100);  // ... and break many others
}

TEST(RecordFuzz, CorruptedXqf) {
    const char* files[] = {"test1.xqf", "UnitTest.xqf", "BadMoveTest2.xqf", "ucci_test1.xqf",
                           "WildHouse.xqf", "pawn_move.xqf"};  // versions 10, 12, 16, 18
    std::mt19937 rng(7);
    int read = 0, rejected = 0;
    for (const char* f : files) {
        std::string original = data_bytes(std::string("records/walker8088_cchess/") + f);
        for (int round = 0; round < rounds(400); ++round) {
            std::string s = original;
            for (int k = 1 + int(rng() % 4); k > 0; --k) mutate(s, rng);
            if (rng() % 2) s[0] = 'X', s[1] = 'Q';  // keep the magic half of the time
            Game g;
            std::string error;
            if (read_xqf(s, g, &error)) {
                ++read;
                check_game(g);
                if (HasFatalFailure()) FAIL() << f << " round " << round;
            } else {
                ++rejected;
                ASSERT_FALSE(error.empty());
            }
            // The same bytes as a PGN: binary junk must not upset the text reader either.
            PgnReadResult r = read_pgn(s);
            ASSERT_EQ(int(r.games.size() + r.errors.size()), r.gamesSeen);
        }
    }
    EXPECT_GT(read, 100);
    EXPECT_GT(rejected, 100);
}

// Random bytes with valid XQF headers: every version byte, random keys and piece tables.
TEST(RecordFuzz, RandomXqfHeaders) {
    std::mt19937 rng(11);
    for (int round = 0; round < rounds(3000); ++round) {
        std::string s(1024 + rng() % 200, '\0');
        for (char& c : s) c = char(rng() % 256);
        s[0] = 'X';
        s[1] = 'Q';
        s[2] = char(10 + rng() % 9);
        Game g;
        std::string error;
        if (read_xqf(s, g, &error)) check_game(g);
        else ASSERT_FALSE(error.empty());
        if (HasFatalFailure()) FAIL() << "round " << round;
    }
}
