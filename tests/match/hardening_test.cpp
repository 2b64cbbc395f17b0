// Match runner faults found by adversarial testing (issue 13): each test names its fault.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <fstream>
#include <sstream>
#include <thread>

#include "match/process.h"
#include "match/tournament.h"

using namespace chuhe;
using namespace chuhe::match;

namespace {

EngineConfig fake(const std::string& name, const std::string& mode, int after = 0) {
    EngineConfig e;
    e.name = name;
    e.command = CHUHE_FAKE_ENGINE;
    e.args = {mode, std::to_string(after)};
    e.tc.baseMs = 2000;
    e.tc.incrementMs = 100;
    e.responseTimeoutMs = 1000;
    return e;
}

struct MatchRun {
    int status;
    std::string output;
};

MatchRun run(const EngineConfig& a, const EngineConfig& b, TournamentSettings s = {}, int games = 2) {
    s.engines = {a, b};
    s.gamesPerEncounter = games;
    s.repeat = games % 2 == 0;
    std::ostringstream out;
    std::atomic<bool> interrupt{false};
    int status = run_tournament(s, out, interrupt);
    return {status, out.str()};
}

std::vector<std::string> finished_lines(const std::string& output) {
    std::vector<std::string> lines;
    std::istringstream in(output);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("Finished game", 0) == 0) lines.push_back(line);
    return lines;
}

// True while the process exists and is not a zombie.
bool alive(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    if (!std::getline(stat, text)) return false;
    size_t paren = text.rfind(')');
    return paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] != 'Z' && text[paren + 2] != 'X';
}

}  // namespace

// Fault 1: an engine behind a wrapper script that does not exec is a grandchild of the
// runner; killing the engine must end it too.
TEST(MatchHardening, KillingAnEngineEndsItsWrappersChildren) {
    std::string pidFile = testing::TempDir() + "chuhe_wrapped_engine.pid";
    std::remove(pidFile.c_str());
    setenv("FAKE_ENGINE_PIDFILE", pidFile.c_str(), 1);
    EngineConfig wrapped = fake("wrapped", "hang", 1);
    wrapped.command = "/bin/sh";
    // "; :" keeps the shell from exec'ing the engine: it stays a child of the shell.
    wrapped.args = {"-c", "\"$0\" hang 1; :", CHUHE_FAKE_ENGINE};
    MatchRun r = run(fake("good", "good"), wrapped, {}, 1);
    unsetenv("FAKE_ENGINE_PIDFILE");
    std::vector<std::string> lines = finished_lines(r.output);
    ASSERT_EQ(lines.size(), 1u) << r.output;
    EXPECT_NE(lines[0].find("black loses on time"), std::string::npos) << lines[0];
    // Both engines append their pid: red's (the good engine) comes first, the wrapped one's
    // second. Every one of them must be gone, the wrapped one above all.
    std::ifstream in(pidFile);
    std::vector<pid_t> pids;
    for (pid_t pid; in >> pid;) pids.push_back(pid);
    ASSERT_EQ(pids.size(), 2u) << "both engines write their pid";
    auto anyAlive = [&] { return std::any_of(pids.begin(), pids.end(), alive); };
    // SIGKILL is delivered at once, but the dead process may take a moment to be reaped.
    for (int i = 0; i < 200 && anyAlive(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_FALSE(alive(pids[1])) << "the engine behind the wrapper still runs";
    EXPECT_FALSE(alive(pids[0])) << "the good engine still runs";
    for (pid_t pid : pids)
        if (alive(pid)) kill(pid, SIGKILL);
}

// Fault 2: a PGN file that cannot be written stops the match with an error and a non-zero
// exit status; the game is not silently lost.
TEST(MatchHardening, PgnWriteErrorsAreReported) {
    TournamentSettings s;
    s.pgnOut = "/dev/full";
    MatchRun r = run(fake("good", "good"), fake("bad", "illegal", 2), s);
    EXPECT_EQ(r.status, 1) << r.output;
    EXPECT_NE(r.output.find("error: cannot write game 1 to PGN file '/dev/full'"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("error: the match stopped"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("Finished match"), std::string::npos) << r.output;
    EXPECT_EQ(finished_lines(r.output).size(), 1u) << "no game after the failed write";
}

// Fault 2, the results: they go to standard output, and a failed write there (stdout on a
// full disk) fails the match too.
TEST(MatchHardening, ResultWriteErrorsAreReported) {
    struct FullDisk : std::streambuf {
        int overflow(int) override { return traits_type::eof(); }  // every write fails
    } full;
    std::ostream out(&full);
    TournamentSettings s;
    s.engines = {fake("good", "good"), fake("bad", "illegal", 2)};
    s.gamesPerEncounter = 2;
    s.repeat = true;
    std::atomic<bool> interrupt{false};
    EXPECT_EQ(run_tournament(s, out, interrupt), 1);
    // The same match with a working output succeeds.
    EXPECT_EQ(run(fake("good", "good"), fake("bad", "illegal", 2)).status, 0);
}

// Fault 4: mate scores past the int range neither overflow nor turn into a losing score that
// the resign adjudication acts on.
TEST(MatchHardening, HugeMateScoresAreClamped) {
    for (Protocol proto : {Protocol::UCI, Protocol::UCCI}) {
        TournamentSettings s;
        s.adjudication.resignMoveCount = 1;
        s.adjudication.resignScore = 100;
        s.adjudication.maxMoves = 4;
        EngineConfig a = fake("a", "good"), b = fake("b", "bigmate");
        a.protocol = b.protocol = proto;
        MatchRun r = run(a, b, s);
        std::vector<std::string> lines = finished_lines(r.output);
        ASSERT_EQ(lines.size(), 2u) << r.output;
        for (const std::string& l : lines)
            EXPECT_NE(l.find("draw: maximum game length"), std::string::npos) << protocol_name(proto) << ": " << l;
    }
}

// Fault 5: the schedule is made game by game; a huge match starts at once.
TEST(MatchHardening, ScheduleIsLazy) {
    TournamentSettings s;
    s.engines.resize(3);
    s.rounds = 1000000;
    s.gamesPerEncounter = 1000000;
    s.repeat = true;
    Schedule huge(s, 7);
    EXPECT_EQ(huge.size(), 3'000'000'000'000);
    ScheduledGame last = huge.at(huge.size() - 1);
    EXPECT_EQ(last.number, huge.size());
    EXPECT_EQ(last.round, 1000000);
    EXPECT_EQ(last.pairId, huge.size() / 2 - 1);
    EXPECT_EQ(last.opening, int(last.pairId % 7));
    // Small schedules are what the eager loop made; check every shape against a direct count.
    for (int engines : {2, 3, 5})
        for (int games : {1, 2, 3})
            for (bool repeat : {false, true}) {
                TournamentSettings t;
                t.engines.resize(engines);
                t.rounds = 3;
                t.gamesPerEncounter = games;
                t.repeat = repeat;
                std::vector<ScheduledGame> all = make_schedule(t, 4);
                int64_t pairs = -1;
                for (size_t i = 0; i < all.size(); ++i) {
                    int g = int(i % games);
                    if (!repeat || g % 2 == 0) ++pairs;
                    EXPECT_EQ(all[i].number, int64_t(i) + 1);
                    EXPECT_EQ(all[i].opening, int(pairs % 4));
                    EXPECT_EQ(all[i].pairId, repeat ? pairs : -1);
                    if (g % 2 == 1) {
                        EXPECT_EQ(all[i].red, all[i - 1].black);
                    }
                }
            }
    // The runner takes it: a match of 10^12 games starts (here interrupted at once, as by
    // Ctrl-C) instead of dying in std::bad_alloc while building its schedule.
    TournamentSettings m;
    m.engines = {fake("a", "good"), fake("b", "good")};
    m.rounds = 1000000;
    m.gamesPerEncounter = 1000000;
    std::ostringstream out;
    std::atomic<bool> interrupt{true};
    EXPECT_EQ(run_tournament(m, out, interrupt), 130) << out.str();
    EXPECT_NE(out.str().find("Interrupted after 0 games"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("Match interrupted"), std::string::npos);
}

// Fault 6: a second `bestmove` is thrown away, not read as the answer to the next search.
TEST(MatchHardening, StaleBestmoveIsDiscarded) {
    TournamentSettings s;
    s.adjudication.maxMoves = 6;
    MatchRun r = run(fake("good", "good"), fake("twice", "twice"), s);
    std::vector<std::string> lines = finished_lines(r.output);
    ASSERT_EQ(lines.size(), 2u) << r.output;
    for (const std::string& l : lines)
        EXPECT_TRUE(l.find("draw: maximum game length") != std::string::npos ||
                    l.find("draw by repetition") != std::string::npos)
            << l;
}

// Fault 10: an engine that closes its output is reported so, not as killed by signal 9 (the
// runner's own kill); an engine that exits is reported with its exit status.
TEST(MatchHardening, ClosedOutputIsReportedAsSuch) {
    MatchRun r = run(fake("good", "good"), fake("bad", "closeout", 1));
    std::vector<std::string> lines = finished_lines(r.output);
    ASSERT_EQ(lines.size(), 2u) << r.output;
    for (const std::string& l : lines) {
        EXPECT_NE(l.find("crashed: the engine closed its output"), std::string::npos) << l;
        EXPECT_EQ(l.find("signal 9"), std::string::npos) << l;
    }
    r = run(fake("good", "good"), fake("bad", "crash", 1));
    for (const std::string& l : finished_lines(r.output))
        EXPECT_NE(l.find("crashed: the engine exited (exit code 3)"), std::string::npos) << l;
}

// Fault 10: a long line is scanned once, not once per chunk that arrives (quadratic time
// charged to the engine's clock).
TEST(MatchHardening, LongLinesAreScannedOnce) {
    Process p;
    std::string error;
    // 1 MB without a line end (Process::MAX_LINE_BYTES, the longest line read; issue 46 capped
    // it, this test once read 20 MB), then a line end, then two short lines.
    ASSERT_TRUE(p.start("/bin/sh", {"-c", "head -c 1048576 /dev/zero | tr '\\0' x; printf '\\nab\\ncd\\n'"}, "", "",
                        &error))
        << error;
    std::string line;
    auto deadline = SteadyClock::now() + std::chrono::seconds(60);
    ASSERT_EQ(p.read_line(line, deadline), Process::Read::LINE);
    EXPECT_EQ(line.size(), 1048576u);
    EXPECT_EQ(line.find_first_not_of('x'), std::string::npos);
    ASSERT_EQ(p.read_line(line, deadline), Process::Read::LINE);
    EXPECT_EQ(line, "ab");
    ASSERT_EQ(p.read_line(line, deadline), Process::Read::LINE);
    EXPECT_EQ(line, "cd");
    EXPECT_EQ(p.read_line(line, deadline), Process::Read::CLOSED);
    EXPECT_EQ(p.bytes_scanned(), 1048583u) << "every byte is looked at exactly once";
}

// Fault 6: unread output is thrown away as a whole.
TEST(MatchHardening, DiscardPendingDropsUnreadLines) {
    Process p;
    std::string error;
    ASSERT_TRUE(p.start("/bin/sh", {"-c", "printf 'one\\ntwo\\nthr'; read x; echo after"}, "", "", &error)) << error;
    std::string line;
    auto deadline = SteadyClock::now() + std::chrono::seconds(60);
    ASSERT_EQ(p.read_line(line, deadline), Process::Read::LINE);
    EXPECT_EQ(line, "one");
    // Wait until the rest has surely arrived: discard_pending reads what is there.
    for (int i = 0; i < 100; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_EQ(p.discard_pending(), 2);
    p.write_line("go");
    ASSERT_EQ(p.read_line(line, deadline), Process::Read::LINE);
    EXPECT_EQ(line, "after");
}

// Fault 4, at the parser: scores of any size stay in range, with their sign.
TEST(MatchHardening, EngineScoresAreClampedWithTheirSign) {
    const std::pair<const char*, int> cases[] = {
        {"info depth 5 score mate 2147483647 pv h2e2", 100000 - 2 * 4999 + 1},
        {"info depth 5 score mate 1073741824 pv h2e2", 100000 - 2 * 4999 + 1},
        {"info depth 5 score mate 99999999999 pv h2e2", 100000 - 2 * 4999 + 1},
        {"info depth 5 score mate -2147483648 pv h2e2", -100000 + 2 * 4999},
        {"info depth 5 score mate 3 pv h2e2", 99995},
        {"info depth 5 score mate -3 pv h2e2", -99994},
        {"info depth 5 score cp -2147483648 pv h2e2", -89999},
        {"info depth 5 score cp 99999999999 pv h2e2", 89999},
        {"info depth 5 score cp 35 pv h2e2", 35},
    };
    for (const auto& [line, score] : cases) {
        SearchResult r;
        parse_engine_info(line, Protocol::UCI, r);
        EXPECT_TRUE(r.hasScore) << line;
        EXPECT_EQ(r.score, score) << line;
    }
    SearchResult u;
    parse_engine_info("info depth 3 score -99999999999 pv h2e2", Protocol::UCCI, u);
    EXPECT_EQ(u.score, -89999);
}
