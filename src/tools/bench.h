// `chuhe bench`: a fixed search over fixed positions. The node count identifies the search
// (a change meant to keep the search identical must keep it); the speed is a benchmark.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace chuhe {

struct BenchResult {
    uint64_t nodes = 0;
    int64_t milliseconds = 0;
};

// Searches every bench position to `depth` with one thread and a fresh table.
BenchResult bench(int depth, bool verbose);

// `chuhe bench [DEPTH]`: last line "bench: N nodes M nps".
int run_bench(const std::vector<std::string>& args);

}  // namespace chuhe
