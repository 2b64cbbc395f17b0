// Google Benchmark for the evaluation: the network (incremental update and full refresh) and
// the hand-crafted evaluation, the data generator and the trainer's throughput.
// Compare figures as ratios within one run; the machines are shared and noisy.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <random>

#include "core/movegen.h"
#include "eval/evaluate.h"
#include "eval/evaluator.h"
#include "tools/train.h"

using namespace chuhe;

namespace {

const char* const MIDDLEGAME = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

Position position() {
    static bool initialised = (Position::init(), true);
    (void)initialised;
    Position pos;
    pos.set(MIDDLEGAME);
    return pos;
}

const nnue::Network& network() {
    if (const nnue::Network* net = nnue::embedded_network()) return *net;
    static const std::unique_ptr<nnue::Network> random = [] {
        std::mt19937_64 rng(1);
        FloatNetwork f;
        f.randomize(rng);
        return f.quantize("random");
    }();
    return *random;
}

// One move made, evaluated (the network incrementally), and taken back: what the search pays
// per node with each evaluation (net nullptr: the hand-crafted one).
void make_evaluate_unmake(benchmark::State& state, const nnue::Network* net) {
    Position pos = position();
    Evaluator eval;
    eval.set_network(net);
    eval.reset(pos);
    MoveList moves = MoveList::of<LEGAL>(pos);
    size_t i = 0;
    for (auto _ : state) {
        eval.do_move(pos, moves.begin()[i++ % moves.size()]);
        benchmark::DoNotOptimize(eval.evaluate(pos));
        eval.undo_move(pos);
    }
}

void BM_NnueIncremental(benchmark::State& state) { make_evaluate_unmake(state, &network()); }
BENCHMARK(BM_NnueIncremental);

void BM_HandCrafted(benchmark::State& state) { make_evaluate_unmake(state, nullptr); }
BENCHMARK(BM_HandCrafted);

void BM_NnueRefresh(benchmark::State& state) {
    Position pos = position();
    for (auto _ : state) benchmark::DoNotOptimize(evaluate_nnue(network(), pos));
}
BENCHMARK(BM_NnueRefresh);

// The king-bucketed shape (v2), random weights: the same three costs, and a king move, whose
// view comes from the refresh cache (a hit: the king goes back and forth, so only the
// pieces that changed since the cached board are added and taken away).
const nnue::Network& v2_network() {
    static const std::unique_ptr<nnue::Network> net = [] {
        std::mt19937_64 rng(2);
        FloatNetwork f(nnue::SHAPE_V2);
        f.randomize(rng);
        return f.quantize("random v2");
    }();
    return *net;
}

void BM_NnueV2Incremental(benchmark::State& state) { make_evaluate_unmake(state, &v2_network()); }
BENCHMARK(BM_NnueV2Incremental);

void BM_NnueV2Refresh(benchmark::State& state) {
    Position pos = position();
    for (auto _ : state) benchmark::DoNotOptimize(evaluate_nnue(v2_network(), pos));
}
BENCHMARK(BM_NnueV2Refresh);

void BM_NnueV2KingMoveCacheHit(benchmark::State& state) {
    Position pos = position();
    Evaluator eval;
    eval.set_network(&v2_network());
    eval.reset(pos);
    Move kingMove = MOVE_NONE;
    for (Move m : MoveList::of<LEGAL>(pos))
        if (type_of(pos.piece_on(from_sq(m))) == KING) kingMove = m;
    if (kingMove == MOVE_NONE) {
        state.SkipWithError("no king move in the position");
        return;
    }
    for (auto _ : state) {
        eval.do_move(pos, kingMove);
        benchmark::DoNotOptimize(eval.evaluate(pos));
        eval.undo_move(pos);
    }
}
BENCHMARK(BM_NnueV2KingMoveCacheHit);

// Trainer throughput: one epoch over self-play records (positions/s in the counters).
void BM_TrainEpoch(benchmark::State& state) {
    std::string data = "/tmp/chuhe_bench_train.rec", out = "/tmp/chuhe_bench_train.nnue";
    std::remove(data.c_str());
    {
        RecordWriter w;
        std::string error;
        w.open(data, false, &error);
        std::mt19937_64 rng(5);
        std::vector<TrainingRecord> recs;
        for (int g = 0; g < 200; ++g) {
            Position pos = position();
            for (int ply = 0; ply < 100; ++ply) {
                MoveList moves = MoveList::of<LEGAL>(pos);
                if (!moves.size()) break;
                recs.push_back(TrainingRecord::from(pos, int(rng() % 400) - 200, *moves.begin(), DRAWN));
                pos.do_move(moves.begin()[rng() % moves.size()]);
            }
        }
        w.write(recs, &error);
        w.close(&error);
    }
    TrainOptions o;
    o.inputs = {data};
    o.out = out;
    o.epochs = 1;
    o.threads = int(state.range(0));
    o.k = 125;
    o.quiet = true;
    uint64_t positions = 0;
    for (auto _ : state) {
        std::vector<EpochStats> stats;
        std::string error;
        train_network(o, &stats, &error);
        positions += stats.back().positions;
    }
    state.counters["positions/s"] = benchmark::Counter(double(positions), benchmark::Counter::kIsRate);
    for (const std::string& f : {data, out, out + ".ckpt"}) std::remove(f.c_str());
}
BENCHMARK(BM_TrainEpoch)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
