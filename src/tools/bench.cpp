#include "tools/bench.h"

#include <iostream>
#include <memory>

#include "eval/nnue/network.h"
#include "protocol/engine.h"
#include "search/thread_pool.h"

namespace chuhe {

namespace {

constexpr int DEFAULT_DEPTH = 11;

// Opening, middlegame and endgame positions (from Pikafish's bench list).
const char* const BENCH_FENS[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "1r1akabr1/1c7/2n1b1n2/p1p1p3p/6p2/PN3R3/1cP1P1P1P/2C1C1N2/1R7/2BAKAB2 b - - 0 1",
    "2bak1b1r/4a4/2n4cn/p6C1/4pN3/P2N4R/4P1P1P/3CB4/4A2r1/c1BAKR3 w - - 0 1",
    "3akab2/3r5/8n/8p/2P1C1b2/8P/cR2N2r1/2n1B1N2/4A4/2B1KR3 w - - 0 1",
    "1rb1kabr1/4a4/1c7/p1p1R3p/7n1/2P3p2/P3P1c1P/C1N6/4N4/1RBAKAB2 w - - 0 1",
    "rnbakab2/2r6/1c4nc1/p3p1C1p/2p3p2/2P6/P3P1P1P/1CN3N2/8R/R1BAKAB2 b - - 0 1",
    "4kab2/4a4/2n1bcc2/p1N1p1Crp/5RP2/2P2N3/P3r4/4B4/C3A2n1/2BAK3R w - - 0 1",
    "6b2/3ka1N2/5a3/p3p4/1n3P3/P1N5C/5nc2/3AB4/9/3AK1B2 b - - 0 1",
    "3ak4/3Pa4/4b3b/5r3/1R3N3/9/9/B8/2p1A4/2B1KA3 w - - 0 1",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
};

}  // namespace

BenchResult bench(int depth, bool verbose, const nnue::Network* net) {
    TranspositionTable tt;
    ThreadPool pool(tt);
    BenchResult total;
    for (const char* fen : BENCH_FENS) {
        Position pos;
        pos.set(fen);
        tt.clear();
        pool.clear();
        SearchLimits limits;
        limits.depth = depth;
        SearchResult result;
        TimePoint start = now();
        SearchOptions options;
        options.net = net;
        pool.start(pos, limits, options, {[](const SearchInfo&) {},
                                                  [&](const SearchResult& r) { result = r; }});
        pool.wait();
        total.milliseconds += now() - start;
        uint64_t nodes = pool.nodes_searched();
        total.nodes += nodes;
        if (verbose)
            std::cout << fen << "\n  bestmove " << Position::move_to_string(result.best)
                      << " score " << result.score << " nodes " << nodes << "\n";
    }
    return total;
}

int run_bench(const std::vector<std::string>& args) {
    int depth = DEFAULT_DEPTH;
    bool useNet = DEFAULT_USE_NNUE;
    std::string netFile;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--eval" && i + 1 < args.size() && (args[i + 1] == "hce" || args[i + 1] == "nnue")) {
            useNet = args[++i] == "nnue";
            continue;
        }
        if (args[i] == "--net" && i + 1 < args.size()) {  // another net than the built-in one
            netFile = args[++i];
            useNet = true;
            continue;
        }
        try {
            depth = std::stoi(args[i]);
        } catch (...) {
            depth = 0;
        }
        if (depth < 1 || depth > 64) {
            std::cerr << "chuhe bench: usage: chuhe bench [DEPTH 1-64] [--eval hce|nnue] [--net FILE]\n";
            return 2;
        }
    }
    std::unique_ptr<nnue::Network> loaded;
    if (!netFile.empty()) {
        std::string error;
        loaded = nnue::load_network(netFile, &error);
        if (!loaded) {
            std::cerr << "chuhe bench: " << error << "\n";
            return 2;
        }
    }
    const nnue::Network* net = loaded ? loaded.get() : useNet ? nnue::embedded_network() : nullptr;
    if (useNet && !net) {
        std::cerr << "chuhe bench: this build has no built-in net\n";
        return 2;
    }
    BenchResult r = bench(depth, true, net);
    std::cout << "bench: " << r.nodes << " nodes " << r.nodes * 1000 / std::max<int64_t>(r.milliseconds, 1)
              << " nps" << std::endl;
    return 0;
}

}  // namespace chuhe
