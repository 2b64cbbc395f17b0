// `chuhe match -tournament swiss|knockout|double-knockout`: the command line, and short runs of
// Chuhe at depth 1 (deterministic with one thread) through the round-by-round runner.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "support/command.h"
#include "support/files.h"
#include "tools/match.h"

using namespace chuhe;
using namespace chuhe::match;
using chuhe::test::file_text;

namespace {

std::string temp_path(const std::string& name) { return test::temp_path("formats", name); }

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (size_t at = 0; (at = text.find(what, at)) != std::string::npos; at += what.size()) ++n;
    return n;
}

std::string engines(int n) {
    std::string c;
    for (int i = 1; i <= n; ++i) c += " -engine name=e" + std::to_string(i) + " cmd=" + CHUHE_BINARY;
    return c + " -each proto=uci depth=1 option.Threads=1 option.Hash=1 -maxmoves 12";
}

}  // namespace

TEST(MatchFormats, CommandLineRefusesWhatCannotWork) {
    const std::vector<std::string> three = {"-engine", "cmd=a", "-engine", "cmd=b", "-engine", "cmd=c", "-each", "depth=1"};
    const std::pair<std::vector<std::string>, const char*> cases[] = {
        {{"-tournament", "league"}, "-tournament takes round-robin, gauntlet, swiss, knockout or double-knockout"},
        {{"-tournament", "swiss", "-shard", "1/2"}, "cannot be sharded"},
        {{"-tournament", "knockout", "-shard", "2/3"}, "cannot be sharded"},
        {{"-tournament", "swiss", "-rounds", "4"}, "with 3 engines has at most 3 rounds"},
        {{"-tournament", "swiss", "-games", "2"}, "one game a pairing"},
        {{"-tournament", "swiss", "-repeat"}, "plays no -repeat pairs"},
        {{"-tournament", "knockout", "-rounds", "3"}, "no -rounds"},
        {{"-tiebreak", "buchholz"}, "-tiebreak takes opponents (14.3.1) or progressive (14.3.2)"},
    };
    for (const auto& [extra, reason] : cases) {
        std::vector<std::string> args = three;
        args.insert(args.end(), extra.begin(), extra.end());
        TournamentSettings s;
        std::string error;
        EXPECT_FALSE(parse_match_args(args, s, &error)) << reason;
        EXPECT_NE(error.find(reason), std::string::npos) << error;
    }
    std::vector<std::string> args = three;
    for (int i = 0; i < 15; ++i) args.insert(args.end(), {"-engine", "cmd=x"});
    args.insert(args.end(), {"-tournament", "double-knockout"});
    TournamentSettings s;
    std::string error;
    EXPECT_FALSE(parse_match_args(args, s, &error));
    EXPECT_NE(error.find("double-knockout takes 3 to 16 engines"), std::string::npos) << error;
    ASSERT_TRUE(parse_match_args({"-engine", "cmd=a", "-engine", "cmd=b", "-engine", "cmd=c", "-each", "depth=1",
                                  "-tournament", "swiss", "-rounds", "3", "-tiebreak", "progressive"},
                                 s, &error))
        << error;
    EXPECT_EQ(s.type, TournamentType::SWISS);
    EXPECT_EQ(s.swissTieBreaks, TieBreaks::SWISS_PROGRESSIVE);
}

TEST(MatchFormats, SwissRunsRoundByRoundAndResumes) {
    // Five engines, three rounds: two games a round and a bye; then the same command with
    // -resume finds everything played and prints the same standings.
    std::string pgn = temp_path("swiss.pgn"), results = temp_path("swiss.jsonl");
    std::remove(pgn.c_str());
    std::remove(results.c_str());
    std::string command = std::string(CHUHE_BINARY) + " match" + engines(5) +
                          " -tournament swiss -rounds 3 -pgnout " + pgn + " -resultsout " + results;
    test::CommandResult r = test::run_command(command + " 2>&1");
    ASSERT_EQ(r.status, 0) << r.out;
    // 二.1: near numbers, the last number has the bye.
    EXPECT_NE(r.out.find("Round 1: e1 - e2, e4 - e3, e5 has the bye"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Round 2: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Round 3: "), std::string::npos) << r.out;
    EXPECT_EQ(count(r.out, "Finished game "), 6) << r.out;
    EXPECT_EQ(count(r.out, " has the bye"), 3) << r.out;
    // Standings with the points and 對手分 (14.3.1): the points of the five add up to three
    // rounds of two games and a bye (2 points each).
    size_t table = r.out.find("Rank Name                 Points    Opp");
    ASSERT_NE(table, std::string::npos) << r.out;
    std::istringstream rows(r.out.substr(table));
    std::string line;
    std::getline(rows, line);
    int total = 0;
    for (int i = 0; i < 5 && std::getline(rows, line); ++i) {
        std::istringstream words(line);
        int rank, points;
        std::string name;
        ASSERT_TRUE(words >> rank >> name >> points) << line;
        EXPECT_EQ(rank, i + 1);
        total += points;
    }
    EXPECT_EQ(total, 3 * (2 * 2 + 2));
    EXPECT_EQ(count(file_text(pgn), "[Game \"Chinese Chess\"]"), 6);

    test::CommandResult again = test::run_command(command + " -resume 2>&1");
    ASSERT_EQ(again.status, 0) << again.out;
    EXPECT_NE(again.out.find("Resuming: 6 games finished before"), std::string::npos) << again.out;
    EXPECT_EQ(count(again.out, "Started game "), 0) << again.out;
    EXPECT_EQ(again.out.substr(again.out.find("Rank Name")), r.out.substr(table)) << again.out;
    // Cut back to round 1 (as a kill would leave it): the resumed run pairs rounds 2 and 3 from
    // round 1's results again and plays them, two games at once, to the same standings.
    std::string lines = file_text(results);
    size_t cut = 0;
    for (int line = 0; line < 3; ++line) cut = lines.find('\n', cut) + 1;
    std::ofstream(results, std::ios::trunc) << lines.substr(0, cut) << lines.substr(cut, 40);  // and half a line
    test::CommandResult resumed = test::run_command(command + " -resume -concurrency 2 2>&1");
    ASSERT_EQ(resumed.status, 0) << resumed.out;
    EXPECT_NE(resumed.out.find("Resuming: 2 games finished before"), std::string::npos) << resumed.out;
    EXPECT_EQ(count(resumed.out, "Started game "), 4) << resumed.out;
    EXPECT_EQ(resumed.out.find("Round 1:"), std::string::npos) << resumed.out;
    EXPECT_NE(resumed.out.find("Round 2:"), std::string::npos) << resumed.out;
    EXPECT_EQ(resumed.out.substr(resumed.out.find("Rank Name")), r.out.substr(table)) << resumed.out;
    // The results of a Swiss are not merged as shards.
    test::CommandResult merged = test::run_command(std::string(CHUHE_BINARY) + " match merge " + results + " 2>&1");
    EXPECT_EQ(merged.status, 2);
    EXPECT_NE(merged.out.find("never sharded"), std::string::npos) << merged.out;
}

TEST(MatchFormats, KnockoutFindsAChampion) {
    // Three engines: e1 has the bye, e2 and e3 play until one wins (at most four games), then the
    // final.
    test::CommandResult r =
        test::run_command(std::string(CHUHE_BINARY) + " match" + engines(3) + " -tournament knockout -srand 0 2>&1");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("Round 1: W1.2 e2 - e3"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Round 2: W2.1 e1 - "), std::string::npos) << r.out;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(r.out, m, std::regex("Champion: (e[123])"))) << r.out;
    EXPECT_NE(r.out.find("W2.1: e1 - "), std::string::npos) << r.out;
    int games = count(r.out, "Finished game ");
    EXPECT_GE(games, 2);
    EXPECT_LE(games, 8);
}
