// Runs a search to completion in-process, for the search tests.
#pragma once

#include <string>

#include "search/thread_pool.h"

namespace chuhe::test {

struct SearchRun {
    SearchResult result;
    uint64_t nodes = 0;
    std::vector<SearchInfo> infos;
};

inline SearchRun run_search(const std::string& fen, SearchLimits limits, int threads = 1,
                            const std::vector<std::string>& moves = {},
                            SearchOptions options = {}) {
    Position pos;
    std::string error;
    if (!pos.set(fen, &error)) throw std::runtime_error("bad test FEN " + fen + ": " + error);
    for (const std::string& m : moves) pos.do_move(pos.parse_move(m));
    TranspositionTable tt;
    ThreadPool pool(tt);
    pool.set_size(threads);
    SearchRun run;
    pool.start(pos, limits, options,
               {[&](const SearchInfo& i) { run.infos.push_back(i); },
                [&](const SearchResult& r) { run.result = r; }});
    pool.wait();
    run.nodes = pool.nodes_searched();
    return run;
}

inline SearchLimits depth_limit(int depth) {
    SearchLimits l;
    l.depth = depth;
    return l;
}

}  // namespace chuhe::test
