// The match runner's child process: lines read with deadlines, and a cap on their length so
// that a process writing without ever ending its line cannot fill the runner's memory.
#include <gtest/gtest.h>

#include <string>

#include "match/process.h"

using namespace chuhe::match;

namespace {

Process::Read read_from(const std::string& script, std::string& line, uint64_t* scanned = nullptr) {
    Process p;
    std::string error;
    EXPECT_TRUE(p.start("/bin/sh", {"-c", script}, "", "", &error)) << error;
    Process::Read r = p.read_line(line, SteadyClock::now() + std::chrono::seconds(30));
    if (scanned) *scanned = p.bytes_scanned();
    p.kill();
    return r;
}

}  // namespace

// `yes | tr -d '\n'` grew the runner to 1 GB and killed it (bad_alloc).
TEST(Process, AnEndlessLineIsCutAtTheCap) {
    std::string line;
    uint64_t scanned = 0;
    EXPECT_EQ(read_from("yes | tr -d '\\n'", line, &scanned), Process::Read::TOO_LONG);
    EXPECT_GT(scanned, Process::MAX_LINE_BYTES);
    EXPECT_LE(scanned, Process::MAX_LINE_BYTES + 65536);  // one read past the cap at most
}

TEST(Process, ALongLineUnderTheCapIsReadWhole) {
    std::string line;
    ASSERT_EQ(read_from("head -c 1000000 /dev/zero | tr '\\0' a; echo; sleep 5", line), Process::Read::LINE);
    EXPECT_EQ(line, std::string(1000000, 'a'));
}
