// Google Benchmark for the repetition rulings: what a ruling costs when the search meets a
// repeated position. Compare figures as ratios within one run; the machines are shared and noisy.
#include <benchmark/benchmark.h>

#include <sstream>

#include "rules/repetition.h"

using namespace chuhe;

namespace {

struct Line {
    const char* fen;
    const char* moves;
};

const Line LINES[] = {
    // Quiet horse shuffles from the start: a draw, nobody attacks.
    {Position::START_FEN, "b0c2 b9c7 c2b0 c7b9"},
    // A rook chasing an unprotected cannon (the ruling needs the mate-after-capture test).
    {"2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1",
     "c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2"},
    // A middle game with many pieces in contact (AXF diagram 24), twelve plies.
    {"2bak3r/4a4/4b1n2/P2rp3p/2p1c1p2/4R4/N3P3R/4BC1C1/N3A4/4KAB2 w - - 0 1",
     "h2h6 d6d3 f2f3 d3d1 h6h1 d1d6 f3f6 d6d3 h1h3 d3d1 f6f1 d1d6 h3h6 d6d3 f1f3 d3d1 h6h1"},
};

Position position(int index) {
    static bool initialised = (Position::init(), true);
    (void)initialised;
    Position pos;
    pos.set(LINES[index].fen);
    std::istringstream in(LINES[index].moves);
    for (std::string text; in >> text;) pos.do_move(pos.parse_move(text));
    return pos;
}

void BM_RuleCycleAsian(benchmark::State& state) {
    Position pos = position(int(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(rule_cycle(pos, RuleSet::ASIAN));
}
BENCHMARK(BM_RuleCycleAsian)->DenseRange(0, 2);

void BM_RuleCycleChinese(benchmark::State& state) {
    Position pos = position(int(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(rule_cycle(pos, RuleSet::CHINESE));
}
BENCHMARK(BM_RuleCycleChinese)->DenseRange(0, 2);

// The test the search makes at every node before any ruling: is there a repetition at all?
void BM_FindRepetition(benchmark::State& state) {
    Position pos = position(2);
    for (auto _ : state) benchmark::DoNotOptimize(find_repetition(pos));
}
BENCHMARK(BM_FindRepetition);

}  // namespace
