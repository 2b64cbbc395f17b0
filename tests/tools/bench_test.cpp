#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <regex>

#include <unistd.h>

#include "eval/nnue/network.h"
#include "protocol/engine.h"
#include "protocol/engine_process.h"
#include "support/command.h"
#include "tools/bench.h"
#include "tools/train.h"

namespace chuhe::test {

TEST(Bench, SubcommandPrintsNodesAndSpeed) {
    EngineProcess e({"bench", "5"});
    std::vector<std::string> lines = e.read_until("bench:");
    EXPECT_EQ(lines.size(), 21u);  // two lines per position, then the total
    EXPECT_TRUE(std::regex_match(lines.back(), std::regex("bench: \\d+ nodes \\d+ nps"))) << lines.back();
    // The same count as the in-process bench: the node count identifies the search.
    EXPECT_EQ(lines.back().substr(7, lines.back().find(" nodes") - 7), std::to_string(bench(5, false, DEFAULT_USE_NNUE ? nnue::embedded_network() : nullptr).nodes));
    EXPECT_EQ(e.wait_exit(), 0);
}

// --net searches with a net file (a v2 net written here): the count is the in-process
// bench's with that net, and differs from the built-in net's; a missing file is an error.
TEST(Bench, SearchesWithANetFile) {
    std::mt19937_64 rng(4);
    FloatNetwork f(nnue::SHAPE_V2);
    f.randomize(rng);
    std::unique_ptr<nnue::Network> net = f.quantize("bench test net");
    std::string path = "/tmp/chuhe_bench_test_" + std::to_string(::getpid()) + ".nnue";
    {
        std::ofstream out(path, std::ios::binary);
        out << nnue::write_network(*net);
    }
    EngineProcess e({"bench", "4", "--net", path});
    std::vector<std::string> lines = e.read_until("bench:");
    EXPECT_EQ(e.wait_exit(), 0);
    std::string nodes = std::to_string(bench(4, false, net.get()).nodes);
    EXPECT_EQ(lines.back().substr(7, lines.back().find(" nodes") - 7), nodes);
    EXPECT_NE(nodes, std::to_string(bench(4, false, nnue::embedded_network()).nodes));
    std::remove(path.c_str());
    CommandResult missing = run_command(std::string(CHUHE_BINARY) + " bench 4 --net " + path + " 2>&1");
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.out.find("chuhe bench: cannot open net file '" + path + "'"), std::string::npos) << missing.out;
}

TEST(Bench, RejectsABadDepth) {
    EngineProcess e({"bench", "deep"});
    EXPECT_EQ(e.wait_exit(), 2);
}

}  // namespace chuhe::test
