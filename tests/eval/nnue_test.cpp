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
std::unique_ptr<Network> make_random_network(Shape shape, uint64_t seed) {
    std::mt19937_64 rng(seed);
    FloatNetwork f(shape);
    f.randomize(rng);
    std::uniform_real_distribution<float> bias(-0.2f, 0.4f), outputBias(-0.1f, 0.1f);
    for (float& b : f.featureBias) b = bias(rng);
    std::fill(f.outputBias.begin(), f.outputBias.end(), 0.05f);
    if (shape.outputBuckets > 1)
        for (float& b : f.outputBias) b = outputBias(rng);  // the buckets must differ
    return f.quantize("random test net");
}

const Network& random_network() {
    static const std::unique_ptr<Network> net = make_random_network(SHAPE_V1, 7);
    return *net;
}

// The king-bucketed shape: every king move changes a view's bucket or mirror.
const Network& random_v2_network() {
    static const std::unique_ptr<Network> net = make_random_network(SHAPE_V2, 8);
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

// With king buckets, a view whose king moved comes from the refresh cache: the walk's king
// moves (more than 20) and take-backs over them check it against a refresh from scratch.
TEST(Nnue, KingBucketsIncrementalAndCachedEqualRefresh) {
    EXPECT_GT(random_walk(random_v2_network(), 2, 20000), 5000);
}

TEST(Nnue, EveryThreadKeepsItsOwnStack) {
    std::vector<std::thread> threads;
    std::vector<int> compared(4);
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            compared[t] = random_walk(t % 2 ? random_v2_network() : random_network(), 100 + t, 5000);
        });
    for (auto& th : threads) th.join();
    for (int c : compared) EXPECT_GT(c, 1000);
}

TEST(Nnue, SimdOutputEqualsReference) {
    for (const Network* net : {&random_network(), &random_v2_network()})
        for (const std::string& fen : sample_fens(500)) {
            for (const std::string& f : {fen, test::colour_flipped_fen(fen)}) {
                Position pos = position_of(f);
                Accumulator acc;
                refresh(*net, pos, acc);
                ASSERT_EQ(output(*net, acc, pos), output_reference(*net, acc, pos)) << f;
            }
        }
}

TEST(Nnue, ColourFlippedPositionsEvaluateAlike) {
    // Black's view is red's view of the board flipped: exactly the same features (and the
    // same king buckets).
    for (const Network* net : {&random_network(), &random_v2_network()}) {
        int n = 0;
        for (const std::string& fen : sample_fens(300)) {
            Position pos = position_of(fen);
            Position flipped = position_of(test::colour_flipped_fen(fen));
            EXPECT_EQ(evaluate_nnue(*net, pos), evaluate_nnue(*net, flipped)) << fen;
            ++n;
        }
        EXPECT_GT(n, 150);
    }
}

// A king on the f-file sees the board mirrored, one on the d-file as it is: so a position
// whose kings both stand off the e-file and its mirror image have the same features.
TEST(Nnue, KingBucketsMirroredPositionsEvaluateAlike) {
    const Network& net = random_v2_network();
    int n = 0, differ = 0;
    std::mt19937_64 rng(9);
    for (const std::string& fen : sample_fens(100)) {
        Position pos = position_of(fen);
        // Walk until both kings are off the e-file (king moves preferred).
        for (int ply = 0; ply < 200 && (file_of(pos.king_square(RED)) == 4 || file_of(pos.king_square(BLACK)) == 4); ++ply) {
            MoveList moves = MoveList::of<LEGAL>(pos);
            if (!moves.size()) break;
            Move m = moves.begin()[rng() % moves.size()];
            for (Move k : moves)
                if (type_of(pos.piece_on(from_sq(k))) == KING && rng() % 2) m = k;
            pos.do_move(m);
        }
        if (file_of(pos.king_square(RED)) == 4 || file_of(pos.king_square(BLACK)) == 4) continue;
        Position fresh = position_of(pos.fen()), mirrored = position_of(test::mirrored_fen(pos.fen()));
        EXPECT_EQ(evaluate_nnue(net, fresh), evaluate_nnue(net, mirrored)) << pos.fen();
        ++n;
        // With a king on the e-file there is no such symmetry: the test would see it.
        differ += evaluate_nnue(net, position_of(fen)) != evaluate_nnue(net, position_of(test::mirrored_fen(fen)));
    }
    EXPECT_GT(n, 100);
    EXPECT_GT(differ, n / 4);
}

TEST(Nnue, KingBucketKeysOfThePalace) {
    // Red's palace seen by red: d0 side rank 0 (bucket 0), e0 centre (1), f0 mirrored side (0).
    EXPECT_EQ(king_view_key(RED, make_square(3, 0)).bucket, 0);
    EXPECT_FALSE(king_view_key(RED, make_square(3, 0)).mirrored);
    EXPECT_EQ(king_view_key(RED, make_square(4, 0)).bucket, 1);
    EXPECT_EQ(king_view_key(RED, make_square(5, 0)).bucket, 0);
    EXPECT_TRUE(king_view_key(RED, make_square(5, 0)).mirrored);
    EXPECT_EQ(king_view_key(RED, make_square(4, 2)).bucket, 5);
    // Black's e9 is its home square: the same bucket as red's e0.
    EXPECT_EQ(king_view_key(BLACK, make_square(4, 9)).bucket, 1);
    EXPECT_EQ(king_view_key(BLACK, make_square(3, 7)).bucket, 4);
    EXPECT_EQ(output_bucket(8, 32), 7);
    EXPECT_EQ(output_bucket(8, 2), 0);
    EXPECT_EQ(output_bucket(8, 13), 3);
    EXPECT_EQ(output_bucket(1, 32), 0);
}

TEST(Nnue, MirroredPositionsEvaluateAlike) {
    // v1: the evaluation is the mean over the board and its mirror image: exactly symmetric
    // (the built-in net too when it is a v1 net; a v2 net's symmetry is tested above).
    ASSERT_NE(embedded_network(), nullptr) << "the build has no nets/default.nnue";
    std::vector<const Network*> nets{&random_network()};
    if (embedded_network()->shape.mirrorMean) nets.push_back(embedded_network());
    for (const Network* net : nets) {
        int n = 0;
        for (const std::string& fen : sample_fens(300)) {
            Position pos = position_of(fen), mirrored = position_of(test::mirrored_fen(fen));
            EXPECT_EQ(evaluate_nnue(*net, pos), evaluate_nnue(*net, mirrored)) << fen;
            ++n;
        }
        EXPECT_GT(n, 150);
    }
}

class NnueShapes : public ::testing::TestWithParam<Shape> {};

TEST_P(NnueShapes, QuantisedAgreesWithFloat) {
    std::mt19937_64 rng(3);
    FloatNetwork f(GetParam());
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
        double v = f.evaluate(r), d = std::abs(output(*q, acc, pos) - v);
        worst = std::max(worst, d);
        sum += d;
        ++n;
    }
    // Rounding (features to 1/1020, the activation to 1/255, output weights to 1/256) moves
    // the evaluation (here up to +-400) by about one unit; a trained net fares alike (the
    // trainer prints the figure on the held-out positions: about 1.0 for v1). v2 sums twice
    // as many rounded terms per view and has no mirror mean to average half the rounding
    // away: about twice the error (measured: mean 2.1, worst 6.6 units).
    const bool v1 = GetParam() == SHAPE_V1;
    EXPECT_LT(worst, v1 ? 6.0 : 10.0);
    EXPECT_LT(sum / n, v1 ? 1.5 : 3.0);
}

TEST_P(NnueShapes, NetFileRoundTripsByteForByte) {
    std::unique_ptr<Network> random = make_random_network(GetParam(), 12);
    std::string bytes = write_network(*random);
    std::string error;
    auto net = read_network(bytes, &error);
    ASSERT_TRUE(net) << error;
    EXPECT_EQ(net->description, "random test net");
    EXPECT_TRUE(net->shape == GetParam());
    EXPECT_EQ(write_network(*net), bytes);
    EXPECT_LT(bytes.size(), size_t(32) << 20);  // the limit for a net file
    // v1 nets keep the format older binaries read.
    EXPECT_EQ(bytes[8], GetParam() == SHAPE_V1 ? 1 : 2);
}

INSTANTIATE_TEST_SUITE_P(Shapes, NnueShapes, ::testing::Values(SHAPE_V1, SHAPE_V2),
                         [](const ::testing::TestParamInfo<Shape>& i) { return i.param == SHAPE_V1 ? "V1" : "V2"; });

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
    EXPECT_EQ(reason(good + "x"), "net file has trailing bytes (corrupt or another shape)");
    std::string corrupt = good;
    corrupt[5000] ^= 0x10;
    EXPECT_EQ(reason(corrupt), "net file checksum mismatch (corrupt)");
    std::string version = good;
    version[8] = 3;
    EXPECT_EQ(reason(rechecksum(version)), "net file format version 3, this build reads versions 1 and 2");
    std::string arch = good;
    arch[12] ^= 1;
    EXPECT_NE(reason(rechecksum(arch)).find("is not one this build reads (v1 is 0x4ec1002)"), std::string::npos)
        << reason(rechecksum(arch));
    // A v2 file whose shape this build cannot compute, and one whose header is cut.
    std::string v2 = write_network(random_v2_network());
    std::string hidden = v2;
    hidden[16] = 8, hidden[17] = 0;  // hidden width 8
    EXPECT_EQ(reason(rechecksum(hidden)),
              "net shape not supported: hidden width 8 (this build: a multiple of 16 up to 1024)");
    std::string buckets = v2;
    buckets[12] = 5;
    EXPECT_EQ(reason(rechecksum(buckets)), "net shape not supported: king buckets 5 (this build: 1 or 6)");
    std::string huge = v2;
    huge[19] = 0x7f;  // a hidden width of about 2^31: refused before anything is allocated
    EXPECT_EQ(reason(rechecksum(huge)), "net shape out of range (corrupt file)");
    EXPECT_EQ(reason(v2.substr(0, 20)), "truncated net file (header)");
}

}  // namespace
}  // namespace chuhe
