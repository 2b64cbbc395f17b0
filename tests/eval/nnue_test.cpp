#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <thread>

#include "core/movegen.h"
#include "eval/evaluator.h"
#include "eval/nnue/accumulator.h"
#include "eval/nnue/network.h"
#include "support/data.h"
#include "support/fen.h"
#include "tools/train.h"

namespace chuhe {
namespace {

using namespace nnue;

// A network with random weights of realistic size: every feature matters, so any slip in
// the incremental updates shows.
const Network& random_network() {
    static const std::unique_ptr<Network> net = [] {
        std::mt19937_64 rng(7);
        FloatNetwork f;
        f.randomize(rng);
        std::uniform_real_distribution<float> bias(-0.2f, 0.4f);
        for (float& b : f.featureBias) b = bias(rng);
        f.outputBias = 0.05f;
        return f.quantize("random test net");
    }();
    return *net;
}

std::vector<std::string> sample_fens(int every) {
    std::vector<std::string> fens;
    std::ifstream in(test::data_path("openings/fairy_xiangqi.epd"));
    std::string line;
    for (int i = 0; std::getline(in, line); ++i)
        if (i % every == 0) fens.push_back(line);
    for (const test::PerftCase& c : test::all_perft_cases()) fens.push_back(c.fen);
    return fens;
}

Position position_of(const std::string& fen) {
    Position pos;
    std::string error;
    EXPECT_TRUE(pos.set(fen, &error)) << fen << ": " << error;
    return pos;
}

// Random moves, captures, king moves, null moves and take-backs; after every step the
// incrementally updated evaluation must equal one computed from scratch. Returns the number
// of positions compared.
int random_walk(const Network& net, uint64_t seed, int steps) {
    std::mt19937_64 rng(seed);
    Position pos = position_of(Position::START_FEN);
    Evaluator eval;
    eval.set_network(&net);
    eval.reset(pos);
    std::vector<bool> wasNull;
    int compared = 0, kingMoves = 0, captures = 0, nulls = 0;
    for (int step = 0; step < steps; ++step) {
        MoveList moves = MoveList::of<LEGAL>(pos);
        int action = int(rng() % 10);
        if ((action == 0 || !moves.size() || wasNull.size() > 200) && !wasNull.empty()) {
            // take back one to three plies
            for (int n = 1 + int(rng() % 3); n && !wasNull.empty(); --n) {
                if (wasNull.back()) eval.undo_null_move(pos);
                else eval.undo_move(pos);
                wasNull.pop_back();
            }
        } else if (action == 1 && !pos.in_check()) {
            eval.do_null_move(pos);
            wasNull.push_back(true);
            ++nulls;
        } else if (moves.size()) {
            // prefer captures and king moves now and then
            Move m = moves.begin()[rng() % moves.size()];
            for (Move c : moves)
                if (action >= 8 && (!pos.empty(to_sq(c)) || type_of(pos.piece_on(from_sq(c))) == KING)) m = c;
            captures += !pos.empty(to_sq(m));
            kingMoves += type_of(pos.piece_on(from_sq(m))) == KING;
            eval.do_move(pos, m);
            wasNull.push_back(false);
        } else {
            pos = position_of(Position::START_FEN);
            eval.reset(pos);
        }
        // Evaluate only now and then: the lazy update must also bridge several plies.
        if (rng() % 3 == 0 || step == steps - 1) {
            EXPECT_EQ(eval.evaluate(pos), evaluate_nnue(net, pos)) << pos.fen() << " seed " << seed << " step " << step;
            ++compared;
        }
    }
    EXPECT_GT(captures, 20);
    EXPECT_GT(kingMoves, 20);
    EXPECT_GT(nulls, 20);
    return compared;
}

TEST(Nnue, IncrementalAccumulatorsEqualRefresh) {
    EXPECT_GT(random_walk(random_network(), 1, 20000), 5000);
}

TEST(Nnue, EveryThreadKeepsItsOwnStack) {
    std::vector<std::thread> threads;
    std::vector<int> compared(4);
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] { compared[t] = random_walk(random_network(), 100 + t, 5000); });
    for (auto& th : threads) th.join();
    for (int c : compared) EXPECT_GT(c, 1000);
}

TEST(Nnue, SimdOutputEqualsReference) {
    const Network& net = random_network();
    for (const std::string& fen : sample_fens(500)) {
        Position pos = position_of(fen);
        Accumulator acc;
        refresh(net, pos, acc);
        for (Color c : {RED, BLACK}) ASSERT_EQ(output(net, acc, c), output_reference(net, acc, c)) << fen;
    }
}

TEST(Nnue, ColourFlippedPositionsEvaluateAlike) {
    // Black's view is red's view of the board flipped: exactly the same features.
    const Network& net = random_network();
    int n = 0;
    for (const std::string& fen : sample_fens(300)) {
        Position pos = position_of(fen);
        Position flipped = position_of(test::colour_flipped_fen(fen));
        EXPECT_EQ(evaluate_nnue(net, pos), evaluate_nnue(net, flipped)) << fen;
        ++n;
    }
    EXPECT_GT(n, 150);
}

TEST(Nnue, BuiltInNetIsNearlyMirrorSymmetric) {
    // Trained on positions mirrored left-right at random, the net is symmetric up to noise.
    const Network* net = embedded_network();
    ASSERT_NE(net, nullptr) << "the build has no nets/default.nnue";
    double sum = 0;
    int n = 0, worst = 0;
    for (const std::string& fen : sample_fens(300)) {
        Position pos = position_of(fen), mirrored = position_of(test::mirrored_fen(fen));
        int d = std::abs(evaluate_nnue(*net, pos) - evaluate_nnue(*net, mirrored));
        sum += d;
        worst = std::max(worst, d);
        ++n;
    }
    EXPECT_LT(sum / n, 8.0);
    EXPECT_LT(worst, 60);
}

TEST(Nnue, QuantisedAgreesWithFloat) {
    std::mt19937_64 rng(3);
    FloatNetwork f;
    f.randomize(rng);
    // Output weights as large as a trained net's (they stay within 0.3).
    std::uniform_real_distribution<float> large(-0.3f, 0.3f);
    for (float& w : f.outputWeights) w = large(rng);
    auto q = f.quantize("test");
    double worst = 0, sum = 0;
    int n = 0;
    for (const std::string& fen : sample_fens(300)) {
        Position pos = position_of(fen);
        Accumulator acc;
        refresh(*q, pos, acc);
        TrainingRecord r = TrainingRecord::from(pos, 0, MOVE_NONE, DRAWN);
        double v = f.evaluate(r), d = std::abs(output(*q, acc, pos.side_to_move()) - v);
        worst = std::max(worst, d);
        sum += d;
        ++n;
    }
    // Rounding (features to 1/1020, the activation to 1/255, output weights to 1/256) moves
    // the evaluation (here up to +-400) by about one unit; a trained net fares alike (the
    // trainer prints the figure on the held-out positions: about 1.0).
    EXPECT_LT(worst, 6.0);
    EXPECT_LT(sum / n, 1.5);
}

TEST(Nnue, NetFileRoundTripsByteForByte) {
    std::string bytes = write_network(random_network());
    std::string error;
    auto net = read_network(bytes, &error);
    ASSERT_TRUE(net) << error;
    EXPECT_EQ(net->description, "random test net");
    EXPECT_EQ(write_network(*net), bytes);
    EXPECT_LT(bytes.size(), size_t(8) << 20);
}

TEST(Nnue, BadNetFilesAreRefusedWithTheReason) {
    std::string good = write_network(random_network());
    auto reason = [](const std::string& bytes) {
        std::string error;
        EXPECT_FALSE(read_network(bytes, &error));
        return error;
    };
    auto rechecksum = [](std::string b) {
        b.resize(b.size() - 4);
        uint32_t c = crc32(b);
        for (int i = 0; i < 4; ++i) b += char(c >> (8 * i));
        return b;
    };
    EXPECT_EQ(reason(""), "not a Chuhe net file (bad magic)");
    EXPECT_EQ(reason("NNUE" + good.substr(4)), "not a Chuhe net file (bad magic)");
    EXPECT_EQ(reason(good.substr(0, 14)), "truncated net file (header)");
    EXPECT_EQ(reason(good.substr(0, good.size() / 2)), "truncated net file (weights)");
    EXPECT_EQ(reason(good.substr(0, good.size() - 2)), "truncated net file (checksum)");
    EXPECT_EQ(reason(good + "x"), "net file has trailing bytes (corrupt or not this architecture)");
    std::string corrupt = good;
    corrupt[5000] ^= 0x10;
    EXPECT_EQ(reason(corrupt), "net file checksum mismatch (corrupt)");
    std::string version = good;
    version[8] = 2;
    EXPECT_EQ(reason(rechecksum(version)), "net file format version 2, this build reads version 1");
    std::string arch = good;
    arch[12] ^= 1;
    EXPECT_NE(reason(rechecksum(arch)).find("does not match this build's"), std::string::npos);
}

}  // namespace
}  // namespace chuhe
