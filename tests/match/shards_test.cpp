// Matches beyond one machine (issue 16): shards of the schedule, the results file, merging the
// shards' results and resuming a killed match. The games are Chuhe's at a fixed depth with one
// thread, which are deterministic, so a match played whole, in shards or with a kill in the
// middle gives the same games.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "match/results_file.h"
#include "match/tournament.h"
#include "support/command.h"
#include "support/data.h"
#include "support/files.h"

using namespace chuhe;
using namespace chuhe::match;
using chuhe::test::file_text;

namespace {

std::string temp_path(const std::string& name) { return test::temp_path("shards", name); }

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// The game lines of a results file, sorted (shards write them in any order), without the
// offset into the PGN file (which is each file's own).
std::vector<std::string> sorted_games(const std::string& path) {
    std::vector<std::string> lines = lines_of(file_text(path));
    EXPECT_FALSE(lines.empty()) << path;
    if (!lines.empty()) lines.erase(lines.begin());
    for (std::string& line : lines) line = std::regex_replace(line, std::regex(",\"pgn_end\":[0-9]+"), "");
    std::sort(lines.begin(), lines.end());
    return lines;
}

// The output from the summary on: from the last score line (the summary repeats the last
// game's) or the standings.
std::string summary_of(const std::string& output) {
    size_t at = output.rfind(output.find("\nRank Name") != std::string::npos ? "\nRank Name" : "\nScore of ");
    return at == std::string::npos ? "" : output.substr(at + 1);
}

// The arguments of a `chuhe match` of Chuhe at depth 2 (one thread), short games, openings in
// random order.
std::string match_arguments(int engines, int rounds) {
    std::string c;
    for (int i = 0; i < engines; ++i) c += " -engine name=e" + std::to_string(i + 1) + " cmd=" + CHUHE_BINARY;
    return c + " -each proto=uci depth=2 option.Threads=1 option.Hash=4 -games 2 -repeat -rounds " +
           std::to_string(rounds) + " -maxmoves 40 -srand 7 -openings file=" +
           test::data_path("openings/fairy_xiangqi.epd") + " order=random";
}

std::string match_command(int engines, int rounds) {
    return std::string(CHUHE_BINARY) + " match" + match_arguments(engines, rounds);
}

}  // namespace

TEST(MatchShards, AreDisjointCoverTheScheduleAndKeepPairsTogether) {
    TournamentSettings s;
    s.engines.resize(2);
    s.rounds = 5;
    s.gamesPerEncounter = 2;
    s.repeat = true;
    Schedule schedule(s, 100);
    ASSERT_EQ(schedule.size(), 10);
    // Pairs are dealt in turn: shard 1 of 3 gets pairs 0 and 3, games 1, 2, 7 and 8.
    std::vector<int64_t> first;
    for (int64_t i = 0; i < schedule.size(); ++i)
        if (schedule.in_shard(i, {1, 3})) first.push_back(schedule.at(i).number);
    EXPECT_EQ(first, (std::vector<int64_t>{1, 2, 7, 8}));
    // Any number of shards, odd games per encounter, three engines: every game in exactly one
    // shard, both games of a pair in the same one.
    s.engines.resize(3);
    s.gamesPerEncounter = 3;
    s.rounds = 2;
    Schedule odd(s, 100);
    ASSERT_EQ(odd.size(), 18);
    for (int n = 1; n <= 7; ++n) {
        std::vector<int> owner(size_t(odd.size()), 0);
        for (int64_t i = 0; i < odd.size(); ++i)
            for (int k = 1; k <= n; ++k)
                if (odd.in_shard(i, {k, n})) owner[size_t(i)] = owner[size_t(i)] ? -1 : k;
        for (int64_t i = 0; i < odd.size(); ++i) {
            EXPECT_GT(owner[size_t(i)], 0) << "game " << i << " of " << n << " shards";
            for (int64_t j = 0; j < odd.size(); ++j)
                if (odd.at(i).pairId == odd.at(j).pairId) {
                    EXPECT_EQ(owner[size_t(i)], owner[size_t(j)]) << i << " " << j;
                }
        }
    }
    // Without -repeat each game is a unit of its own.
    s.repeat = false;
    Schedule single(s, 100);
    EXPECT_TRUE(single.in_shard(0, {1, 2}));
    EXPECT_TRUE(single.in_shard(1, {2, 2}));
    EXPECT_TRUE(single.in_shard(2, {1, 2}));
}

// Done when: a match played whole and the same match played as 3 shards through GNU parallel
// (scripts/match_parallel.sh, 2 jobs at a time) and merged give identical results files up to order and the same summary;
// for two engines (with the SPRT of the merge's bounds) and for a three-engine round robin.
TEST(MatchShards, ThreeShardsThroughGnuParallelMergeToTheWholeMatch) {
    ASSERT_EQ(test::run_command("command -v parallel >/dev/null").status, 0)
        << "GNU parallel is missing (Debian package parallel; .ci/run installs it)";
    for (int engines : {2, 3}) {
        std::string base = temp_path(std::to_string(engines) + "e_");
        std::string command = match_command(engines, engines == 2 ? 6 : 1);
        std::string sprt = engines == 2 ? " -sprt elo0=-50 elo1=50" : "";
        test::run_command("rm -rf " + base + "*");
        auto whole = test::run_command(command + sprt + " -concurrency 2 -resultsout " + base + "whole.jsonl 2>&1");
        ASSERT_EQ(whole.status, 0) << whole.out;
        // scripts/match_parallel.sh: the shards through GNU parallel, two at a time, then the merge.
        std::string dir = base + "shards";
        auto merged = test::run_command(std::string(CHUHE_SOURCE_DIR) + "/scripts/match_parallel.sh -j 2 -c " +
                                        CHUHE_BINARY + (engines == 2 ? " -t 'elo0=-50 elo1=50' " : " ") + dir +
                                        " 3" + match_arguments(engines, engines == 2 ? 6 : 1) + " 2>&1");
        ASSERT_EQ(merged.status, 0) << merged.out;
        std::vector<std::string> all;
        for (int i = 1; i <= 3; ++i)
            for (const std::string& line : sorted_games(dir + "/shard-" + std::to_string(i) + ".jsonl"))
                all.push_back(line);
        std::sort(all.begin(), all.end());
        EXPECT_EQ(all, sorted_games(base + "whole.jsonl"));
        EXPECT_EQ(all.size(), engines == 2 ? 12u : 6u);

        std::vector<std::string> m = lines_of(merged.out);
        ASSERT_FALSE(m.empty());
        EXPECT_EQ(m[0], engines == 2 ? "Merged 12 games of 12 (3 files)" : "Merged 6 games of 6 (3 files)");
        std::string expected;
        for (size_t i = 1; i < m.size(); ++i) expected += m[i] + "\n";
        EXPECT_EQ(summary_of(whole.out), expected + "Finished match\n") << whole.out;
        EXPECT_NE(expected.find(engines == 2 ? "SPRT: llr " : "Rank Name"), std::string::npos) << expected;
        test::run_command("rm -rf " + base + "*");
    }
}

// Done when: a match killed with SIGKILL midway and resumed gives the same summary as the
// whole run. A half-written last line (and PGN game) is dropped and that game played again.
TEST(MatchShards, KilledMatchResumesToTheSameGamesAndSummary) {
    std::string base = temp_path("resume_");
    test::run_command("rm -f " + base + "*");
    std::string command = match_command(2, 6);
    auto whole = test::run_command(command + " -resultsout " + base + "whole.jsonl -pgnout " + base + "whole.pgn 2>&1");
    ASSERT_EQ(whole.status, 0) << whole.out;

    // Kill the runner (not its engines: they see their input close and quit) once four games
    // are written, then leave the files as a kill in the middle of a write would.
    std::string results = base + "killed.jsonl", pgn = base + "killed.pgn";
    auto killed = test::run_command(command + " -resultsout " + results + " -pgnout " + pgn + " >/dev/null 2>&1 & pid=$!; " +
                                    "while [ \"$(cat " + results + " 2>/dev/null | wc -l)\" -lt 5 ]; do sleep 0.02; done; " +
                                    "{ kill -9 $pid; wait $pid; } 2>/dev/null; echo killed");
    EXPECT_NE(killed.out.find("killed"), std::string::npos);
    size_t linesAtKill = lines_of(file_text(results)).size();
    ASSERT_GE(linesAtKill, 5u);
    ASSERT_LT(linesAtKill, 13u) << "the match ended before the kill";
    std::ofstream(results, std::ios::app) << "{\"game\":12,\"round\":6,\"pa";
    std::ofstream(pgn, std::ios::app) << "[Game \"Chinese Chess\"]\n[Event \"chuhe ma";

    auto resumed = test::run_command(command + " -resume -resultsout " + results + " -pgnout " + pgn + " 2>&1");
    ASSERT_EQ(resumed.status, 0) << resumed.out;
    EXPECT_NE(resumed.out.find("Resuming: " + std::to_string(linesAtKill - 1) + " games finished before"),
              std::string::npos)
        << resumed.out;
    EXPECT_EQ(summary_of(resumed.out), summary_of(whole.out)) << resumed.out;
    // One game at a time: the files are the uninterrupted run's, byte for byte (the PGN but
    // for the date and the times the moves took).
    EXPECT_EQ(file_text(results), file_text(base + "whole.jsonl"));
    auto undated = [](std::string text) {
        std::string out;
        for (const std::string& line : lines_of(text))
            if (line.rfind("[Date ", 0) != 0) out += std::regex_replace(line, std::regex(" [0-9.]+s([,}])"), "$1") + "\n";
        return out;
    };
    EXPECT_EQ(undated(file_text(pgn)), undated(file_text(base + "whole.pgn")));

    // Resuming a finished match plays nothing and prints the same summary again.
    auto again = test::run_command(command + " -resume -resultsout " + results + " 2>&1");
    EXPECT_EQ(again.status, 0);
    EXPECT_EQ(again.out.find("Started game"), std::string::npos) << again.out;
    EXPECT_EQ(summary_of(again.out), summary_of(whole.out)) << again.out;
    test::run_command("rm -f " + base + "*");
}

TEST(MatchShards, MergeAndResumeRefuseWhatDoesNotBelong) {
    std::string base = temp_path("refuse_");
    test::run_command("rm -f " + base + "*");
    std::string fake = std::string(" -engine name=a cmd=") + CHUHE_FAKE_ENGINE + " -engine name=b cmd=" + CHUHE_FAKE_ENGINE;
    std::string command = std::string(CHUHE_BINARY) + " match" + fake + " -each depth=1 -games 2 -repeat -rounds 2 -maxmoves 3";
    auto merge = [&](const std::string& files) {
        return test::run_command(std::string(CHUHE_BINARY) + " match merge " + files + " 2>&1");
    };
    ASSERT_EQ(test::run_command(command + " -shard 1/2 -resultsout " + base + "a1.jsonl").status, 0);
    ASSERT_EQ(test::run_command(command + " -shard 2/2 -resultsout " + base + "a2.jsonl").status, 0);
    ASSERT_EQ(test::run_command(command + " -maxmoves 4 -shard 2/2 -resultsout " + base + "b2.jsonl").status, 0);
    auto ok = merge(base + "a1.jsonl " + base + "a2.jsonl");
    EXPECT_EQ(ok.status, 0) << ok.out;
    EXPECT_EQ(lines_of(ok.out)[0], "Merged 4 games of 4 (2 files)");

    auto r = merge(base + "a1.jsonl " + base + "a1.jsonl");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "error: game 1 is in both '" + base + "a1.jsonl' and '" + base +
                         "a1.jsonl' (overlapping shards, or a file given twice)\n");
    r = merge(base + "a1.jsonl " + base + "b2.jsonl");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "error: '" + base + "b2.jsonl' and '" + base +
                         "a1.jsonl' are results of different matches (their configurations differ)\n");
    std::ofstream(base + "games.pgn") << "[Game \"Chinese Chess\"]\n";
    r = merge(base + "games.pgn");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "error: " + base + "games.pgn line 1: not a chuhe match results file (its first line is no results header)\n");
    r = merge(base + "missing.jsonl");
    EXPECT_EQ(r.out, "error: cannot read results file '" + base + "missing.jsonl'\n");
    r = merge("/dev/zero");  // read for ever before
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "error: cannot read results file '/dev/zero': it is not a regular file\n");
    // A damaged line that is not the last is an error, not a game quietly lost.
    std::vector<std::string> lines = lines_of(file_text(base + "a1.jsonl"));
    ASSERT_EQ(lines.size(), 3u);
    std::ofstream(base + "bad.jsonl") << lines[0] << "\n" << lines[1].substr(0, 20) << "\n" << lines[2] << "\n";
    r = merge(base + "bad.jsonl");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out.rfind("error: " + base + "bad.jsonl line 2: ", 0), 0u) << r.out;
    std::ofstream(base + "bad.jsonl") << lines[0] << "\n" << lines[1].substr(0, lines[1].find("\"result\"")) +
                                              "\"result\":\"2-0\"}\n";
    r = merge(base + "bad.jsonl");
    EXPECT_NE(r.out.find("line 2: "), std::string::npos) << r.out;

    // The runner will not append to another match's file, nor resume it.
    r = test::run_command(command + " -shard 1/2 -resultsout " + base + "a1.jsonl 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("error: results file '" + base + "a1.jsonl' already holds a match: -resume continues it, or remove it"),
              std::string::npos)
        << r.out;
    r = test::run_command(command + " -maxmoves 4 -resume -shard 1/2 -resultsout " + base + "a1.jsonl 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("error: results file '" + base + "a1.jsonl' is of another match"), std::string::npos) << r.out;
    r = test::run_command(command + " -resume -shard 2/2 -resultsout " + base + "a1.jsonl 2>&1");
    EXPECT_EQ(r.status, 2) << "the right match, the wrong shard";
    EXPECT_EQ(file_text(base + "a1.jsonl"), lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n") << "untouched";
    // A file that is no results file, not even one line of one, is left alone.
    std::ofstream(base + "notes.txt") << "my notes, no newline";
    r = test::run_command(command + " -resume -resultsout " + base + "notes.txt 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("error: " + base + "notes.txt line 1: not a chuhe match results file"), std::string::npos)
        << r.out;
    EXPECT_EQ(file_text(base + "notes.txt"), "my notes, no newline");
    // A header cut short by a kill is started afresh.
    std::ofstream(base + "cut.jsonl") << "{\"format\":\"chuhe-match-res";
    r = test::run_command(command + " -resume -resultsout " + base + "cut.jsonl 2>&1");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(lines_of(file_text(base + "cut.jsonl")).size(), 5u);
    // Command line mistakes.
    r = test::run_command(command + " -shard 3/2 2>&1");
    EXPECT_NE(r.out.find("-shard takes I/N with 1 <= I <= N"), std::string::npos) << r.out;
    r = test::run_command(command + " -resume 2>&1");
    EXPECT_NE(r.out.find("-resume needs -resultsout"), std::string::npos) << r.out;
    r = test::run_command(command + " -shard 1/2 -sprt elo0=0 elo1=5 2>&1");
    EXPECT_NE(r.out.find("-sprt would stop a shard on its own games"), std::string::npos) << r.out;
    test::run_command("rm -f " + base + "*");
}

TEST(MatchShards, ResumeRefusesAPgnFileOfAnotherMatch) {
    // A resume cut the PGN file to the results file's pgn_end, whatever file it was: another
    // match's 219 KB PGN ended as 5.5 KB.
    std::string base = temp_path("pgn_");
    test::run_command("rm -f " + base + "*");
    std::string engines = std::string(" -engine name=a cmd=") + CHUHE_FAKE_ENGINE + " -engine name=b cmd=" + CHUHE_FAKE_ENGINE;
    std::string command = std::string(CHUHE_BINARY) + " match" + engines + " -each depth=1 -games 2 -repeat -maxmoves ";
    ASSERT_EQ(test::run_command(command + "3 -rounds 2 -resultsout " + base + "a.jsonl -pgnout " + base + "a.pgn").status, 0);
    ASSERT_EQ(test::run_command(command + "4 -rounds 6 -pgnout " + base + "other.pgn").status, 0);
    command += "3";
    std::string other = file_text(base + "other.pgn");
    ASSERT_GT(other.size(), file_text(base + "a.pgn").size());
    auto r = test::run_command(command + " -rounds 2 -resume -resultsout " + base + "a.jsonl -pgnout " + base +
                               "other.pgn 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("error: PGN file '" + base + "other.pgn' is not the one results file '" + base +
                         "a.jsonl' describes (game 1 of the results file is not there: "),
              std::string::npos)
        << r.out;
    EXPECT_EQ(file_text(base + "other.pgn"), other) << "untouched";
    // Its own PGN file, with a game the results file never got (number 5), resumes.
    std::string own = file_text(base + "a.pgn");
    size_t fifth = other.rfind("[Game", other.find("[Round \"3.5\"]"));
    std::ofstream(base + "a.pgn", std::ios::app) << other.substr(fifth, other.find("\n\n[Game", fifth) + 2 - fifth);
    r = test::run_command(command + " -rounds 2 -resume -resultsout " + base + "a.jsonl -pgnout " + base + "a.pgn 2>&1");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(file_text(base + "a.pgn"), own);
    // Games after the last one recorded that the results file has (1.1 ...): another file's.
    std::ofstream(base + "a.pgn", std::ios::app) << other;
    r = test::run_command(command + " -rounds 2 -resume -resultsout " + base + "a.jsonl -pgnout " + base + "a.pgn 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("(a game after the last one the results file records is not of this match (a - b, round "
                         "1.1)): cannot resume"),
              std::string::npos)
        << r.out;
    test::run_command("rm -f " + base + "*");
}

TEST(MatchShards, PgnAndResultsFilesMustDiffer) {
    std::string base = temp_path("same_");
    test::run_command("rm -f " + base + "*");
    std::string command = std::string(CHUHE_BINARY) + " match -engine name=a cmd=" + CHUHE_FAKE_ENGINE +
                          " -engine name=b cmd=" + CHUHE_FAKE_ENGINE + " -each depth=1 -maxmoves 3";
    std::string name = base.substr(testing::TempDir().size()) + "x";
    auto r = test::run_command(command + " -pgnout " + base + "x -resultsout " + testing::TempDir() + "./" + name + " 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("error: -pgnout and -resultsout name the same file '" + testing::TempDir() + "./" + name +
                         "': each needs its own"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("Started game"), std::string::npos) << r.out;
    test::run_command("rm -f " + base + "*");
}

// -resultsout /dev/full read zeros for ever: a results file that is no regular file is
// refused before the first game, as is an openings file that is none (/dev/zero is one
// endless line).
TEST(MatchShards, ResultsAndOpeningsFilesMustBeRegularFiles) {
    std::string command = std::string(CHUHE_BINARY) + " match -engine name=a cmd=" + CHUHE_FAKE_ENGINE +
                          " -engine name=b cmd=" + CHUHE_FAKE_ENGINE + " -each depth=1 -maxmoves 3";
    auto r = test::run_command("timeout 60 " + command + " -resultsout /dev/full 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("error: cannot read results file '/dev/full': it is not a regular file\n"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("Started game"), std::string::npos) << r.out;
    r = test::run_command("timeout 60 " + command + " -openings file=/dev/zero format=epd 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("cannot read openings file '/dev/zero': it is not a regular file"),
              std::string::npos)
        << r.out;
}

// Done when: the results file of a crashed engine's game still records the loss and reason.
TEST(MatchShards, ResultsFileRecordsACrashedEnginesLoss) {
    std::string path = temp_path("crash.jsonl");
    std::remove(path.c_str());
    EngineConfig good, bad;
    good.name = "good", good.command = CHUHE_FAKE_ENGINE, good.args = {"good"}, good.tc.depth = 1;
    bad.name = "bad", bad.command = CHUHE_FAKE_ENGINE, bad.args = {"crash", "2"}, bad.tc.depth = 1;
    TournamentSettings s;
    s.engines = {good, bad};
    s.gamesPerEncounter = 2;
    s.repeat = true;
    s.resultsOut = path;
    std::ostringstream out;
    std::atomic<bool> interrupt{false};
    ASSERT_EQ(run_tournament(s, out, interrupt), 0) << out.str();
    ResultsFile file;
    std::string error;
    ASSERT_TRUE(read_results_file(path, file, &error)) << error;
    ASSERT_TRUE(file.hasHeader);
    EXPECT_EQ(file.engines, (std::vector<std::string>{"good", "bad"}));
    EXPECT_EQ(file.shard, "1/1");
    EXPECT_EQ(file.scheduleSize, 2);
    ASSERT_EQ(file.games.size(), 2u);
    const FinishedGame& g = file.games[0];
    EXPECT_EQ(g.number, 1);
    EXPECT_EQ(g.pairId, 0);
    EXPECT_EQ(g.redName, "good");
    EXPECT_EQ(g.blackName, "bad");
    EXPECT_EQ(g.result, "1-0");
    EXPECT_EQ(g.termination, "black engine (bad) crashed: the engine exited (exit code 3)");
    EXPECT_EQ(g.fen, Position::START_FEN);
    EXPECT_EQ(g.moves.size(), 5u) << "two moves each, then red's third; black crashes on its third search";
    EXPECT_EQ(file.games[1].result, "0-1");
    EXPECT_EQ(file.games[1].termination, "red engine (bad) crashed: the engine exited (exit code 3)");
    std::remove(path.c_str());
}
