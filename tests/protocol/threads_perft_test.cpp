// Issue 13, faults 3 and 8: a search when the system will not start all its threads, and
// `go perft` run like a search (interruptible, isready answered meanwhile).
#include <gtest/gtest.h>

#include <regex>

#include "core/movegen.h"
#include "protocol/engine.h"
#include "protocol/engine_process.h"
#include "support/command.h"
#include "support/sanitizers.h"

namespace chuhe::test {

namespace {

struct Answer {
    Move best = MOVE_NONE;
    int calls = 0;
};

SearchListener capture(Answer& a) {
    SearchListener l;
    l.on_info = [](const SearchInfo&) {};
    l.on_bestmove = [&a](const SearchResult& r) {
        a.best = r.best;
        ++a.calls;
    };
    return l;
}

// Resets the test limit whatever happens in the test.
struct ThreadLimit {
    explicit ThreadLimit(int n) { ThreadPool::threadLimitForTests = n; }
    ~ThreadLimit() { ThreadPool::threadLimitForTests = -1; }
};

}  // namespace

// Fault 3: threads that cannot start are reported, the search runs with those that did (and
// later searches use that many), and a best move always comes.
TEST(EngineThreads, SearchesWithTheThreadsThatStarted) {
    Engine engine;
    engine.set_threads(8);
    SearchLimits limits;
    limits.depth = 4;
    {
        ThreadLimit limit(3);
        Answer a;
        EXPECT_EQ(engine.go(limits, capture(a)), "only 3 of 8 threads could start; searching with 3");
        engine.wait();
        EXPECT_EQ(a.calls, 1);
        EXPECT_TRUE(MoveList::of<LEGAL>(engine.position()).contains(a.best));
        Answer b;
        EXPECT_EQ(engine.go(limits, capture(b)), "") << "the next search asks only for 3";
        engine.wait();
        EXPECT_EQ(engine.options().threads, 3);
        EXPECT_EQ(b.calls, 1);
    }
    {
        ThreadLimit none(0);
        Answer a;
        limits.infinite = true;  // even an infinite search answers when it cannot run at all
        EXPECT_EQ(engine.go(limits, capture(a)),
                  "only 0 of 3 threads could start; searching with 1 (no thread to search on: depth 1 only, on this one)");
        engine.wait();
        EXPECT_EQ(a.calls, 1);
        EXPECT_TRUE(MoveList::of<LEGAL>(engine.position()).contains(a.best));
    }
    engine.set_threads(2);  // a new Threads setting asks again
    Answer c;
    limits.infinite = false;
    EXPECT_EQ(engine.go(limits, capture(c)), "");
    engine.wait();
    EXPECT_EQ(c.calls, 1);
}

// Fault 3 with a real limit: 128 threads under a 600 MB address-space limit (thread stacks
// are 8 MB). Sanitizer runtimes cannot run under such a limit, so only plain builds test it.
TEST(EngineThreads, ManyThreadsUnderAMemoryLimit) {
#ifdef CHUHE_TEST_SANITIZED
    GTEST_SKIP() << "sanitizer builds reserve more address space than the limit";
#else
    for (std::string setoption : {"uci\nsetoption name Threads value 128", "ucci\nsetoption threads 128"}) {
        CommandResult r = run_command("printf '" + setoption + "\\nposition startpos\\ngo depth 3\\n' | "
                                      "(ulimit -s 8192; ulimit -v 600000; exec " CHUHE_BINARY ") 2>&1");
        EXPECT_EQ(r.status, 0) << r.out;
        // Either the threads' tables (4 MB of continuation history each) do not all fit, and
        // fewer are made, or their stacks do not, and fewer start; both are said.
        EXPECT_TRUE(std::regex_search(
            r.out, std::regex("error: (only \\d+ of 128 threads could start|not enough memory "
                              "for 128 threads; using \\d+)")))
            << r.out;
        EXPECT_TRUE(std::regex_search(r.out, std::regex("\nbestmove [a-i][0-9][a-i][0-9]"))) << r.out;
    }
#endif
}

// Fault 8: go perft runs on its own thread: isready is answered, stop ends it, and the
// engine goes on as usual.
TEST(UciPerft, RunsLikeASearch) {
    EngineProcess e;
    e.send("uci");
    e.read_until("uciok");
    // A stopped search first: its stop must not make the perft below look idle.
    e.send("position startpos");
    e.send("go infinite");
    e.send("stop");
    e.read_until("bestmove");
    e.send("go perft 7");  // most of an hour
    e.send("isready");
    EXPECT_EQ(e.read_until("readyok").back(), "readyok");
    e.send("position startpos moves h2e2");
    EXPECT_EQ(e.read_line(), "info string error: the engine is thinking: send stop first");
    e.send("stop");
    std::vector<std::string> lines = e.read_until("info string perft stopped");
    for (size_t i = 0; i + 1 < lines.size(); ++i)
        EXPECT_TRUE(std::regex_match(lines[i], std::regex("[a-i][0-9][a-i][0-9]: \\d+"))) << lines[i];
    e.send("isready");
    EXPECT_EQ(e.read_line(), "readyok");
    e.send("go perft 2");
    lines = e.read_until("Nodes searched");
    EXPECT_EQ(lines.size(), 46u);
    EXPECT_EQ(lines.back(), "Nodes searched: 1920");
    e.send("go perft 7");
    e.send("quit");  // quit ends a perft too
    EXPECT_EQ(e.wait_exit(), 0);
}

}  // namespace chuhe::test
