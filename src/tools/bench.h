// `chuhe bench`: a fixed search over fixed positions. The node count identifies the search
// (a change meant to keep the search identical must keep it); the speed is a benchmark.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace chuhe {

namespace nnue {
struct Network;
}

struct BenchResult {
    uint64_t nodes = 0;
    int64_t milliseconds = 0;
};

// Searches every bench position to `depth` with one thread and a fresh table, evaluating with
// `net` (nullptr: the hand-crafted evaluation).
BenchResult bench(int depth, bool verbose, const nnue::Network* net = nullptr);

// `chuhe bench [DEPTH] [--eval hce|nnue]`: last line "bench: N nodes M nps". The evaluation
// defaults to the engine's default.
int run_bench(const std::vector<std::string>& args);

}  // namespace chuhe
