// Google Benchmark for the board: move generation, make/unmake and perft.
// Compare figures as ratios within one run; the machines are shared and noisy.
#include <benchmark/benchmark.h>

#include "core/movegen.h"
#include "core/position.h"
#include "tools/perft.h"

using namespace chuhe;

namespace {

const char* const FENS[] = {
    Position::START_FEN,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "2bak4/9/3a5/p2Np3p/3n1P3/3pc3P/P4r1c1/B2CC2R1/4A4/3AK1B2 b - - 0 1",
};

Position position(int index) {
    static bool initialised = (Position::init(), true);
    (void)initialised;
    Position pos;
    pos.set(FENS[index]);
    return pos;
}

void BM_GenerateLegal(benchmark::State& state) {
    Position pos = position(int(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(MoveList::of<LEGAL>(pos));
}
BENCHMARK(BM_GenerateLegal)->DenseRange(0, 2);

void BM_CountLegal(benchmark::State& state) {
    Position pos = position(int(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(count_legal_moves(pos));
}
BENCHMARK(BM_CountLegal)->DenseRange(0, 2);

void BM_MakeUnmake(benchmark::State& state) {
    Position pos = position(int(state.range(0)));
    MoveList moves = MoveList::of<LEGAL>(pos);
    for (auto _ : state)
        for (Move m : moves) {
            pos.do_move(m);
            pos.undo_move();
        }
    state.SetItemsProcessed(state.iterations() * moves.size());
}
BENCHMARK(BM_MakeUnmake)->DenseRange(0, 2);

void BM_Perft(benchmark::State& state) {
    Position pos = position(int(state.range(0)));
    uint64_t leaves = 0;
    for (auto _ : state) leaves += perft(pos, 4);
    state.SetItemsProcessed(int64_t(leaves));  // items/s = leaves per second
}
BENCHMARK(BM_Perft)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);

}  // namespace
