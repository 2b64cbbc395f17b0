#include "tools/train.h"

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "eval/nnue/accumulator.h"
#include "util/safe_file.h"

namespace chuhe {

using namespace nnue;

namespace {

constexpr int MAX_PIECES = 32;
constexpr uint64_t VALIDATION_BLOCK = 256;

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

double result_for_stm(const TrainingRecord& r) {
    double red = r.result == RED_WON ? 1 : r.result == DRAWN ? 0.5 : 0;
    return r.stm == RED ? red : 1 - red;
}

constexpr int MAX_HIDDEN = MAX_ACCUMULATOR / 2;

// The active features of a record from both perspectives: [0] side to move's, [1] the other's,
// as indices into the shape's inputs; bucket: the output bucket.
struct Sample {
    uint16_t features[2][MAX_PIECES];
    int count;
    int bucket;
    float target;
};

void make_sample(const Shape& shape, const TrainingRecord& r, bool mirror, Sample& s) {
    // The board mirrored first (a random mirror is a new position of the same value), then
    // seen from each perspective with its king's bucket, as the engine sees that board.
    Square king[COLOR_NB] = {0, 0};
    for (Square sq = 0; sq < SQUARE_NB; ++sq)
        if (type_of(r.board[sq]) == KING) king[color_of(r.board[sq])] = mirror ? mirror_file(sq) : sq;
    Color persp[2] = {r.stm, ~r.stm};
    ViewKey key[2];
    for (int q = 0; q < 2; ++q)
        key[q] = shape.kingBuckets > 1 ? king_view_key(persp[q], king[persp[q]]) : ViewKey{0, false};
    s.count = 0;
    for (Square sq = 0; sq < SQUARE_NB; ++sq) {
        Piece pc = r.board[sq];
        if (!pc || s.count == MAX_PIECES) continue;
        Square seen = mirror ? mirror_file(sq) : sq;
        for (int q = 0; q < 2; ++q) s.features[q][s.count] = uint16_t(view_feature(persp[q], key[q], pc, seen));
        ++s.count;
    }
    s.bucket = output_bucket(shape.outputBuckets, s.count);
}

// A feature's weights, with its factor's (king buckets) added: the effective column.
void add_feature(const FloatNetwork& n, int feature, float* h) {
    const int H = n.shape.hidden;
    const float* w = &n.featureWeights[size_t(feature) * H];
    for (int j = 0; j < H; ++j) h[j] += w[j];
    if (!n.factorWeights.empty()) {
        const float* f = &n.factorWeights[size_t(feature % PIECE_FEATURES) * H];
        for (int j = 0; j < H; ++j) h[j] += f[j];
    }
}

// Forward pass: the hidden sums of both perspectives and the output (before OUTPUT_SCALE).
float forward(const FloatNetwork& n, const Sample& s, float hidden[2][MAX_HIDDEN]) {
    const int H = n.shape.hidden;
    float out = n.outputBias[s.bucket];
    for (int p = 0; p < 2; ++p) {
        float* h = hidden[p];
        std::copy(n.featureBias.begin(), n.featureBias.end(), h);
        for (int i = 0; i < s.count; ++i) add_feature(n, s.features[p][i], h);
        const float* ow = &n.outputWeights[size_t(s.bucket * 2 + p) * H];
        float sum = 0;
        for (int j = 0; j < H; ++j) {
            float c = std::clamp(h[j], 0.0f, 1.0f);
            sum += c * c * ow[j];
        }
        out += sum;
    }
    return out;
}

// A thread's gradient: dense for the biases and the output layer, and the feature rows (and
// factor rows after them) the thread touched, listed in the order it touched them. Rows not
// listed are zero.
struct Gradient {
    FloatNetwork g;
    std::vector<uint32_t> rows;
    std::vector<uint8_t> touched;

    explicit Gradient(Shape s) : g(s), touched(size_t(s.inputs() + (s.kingBuckets > 1 ? PIECE_FEATURES : 0))) {}
    float* row(uint32_t r) {
        const size_t H = size_t(g.shape.hidden), inputs = size_t(g.shape.inputs());
        return r < inputs ? &g.featureWeights[r * H] : &g.factorWeights[(r - inputs) * H];
    }
    float* touch(uint32_t r) {
        if (!touched[r]) touched[r] = 1, rows.push_back(r);
        return row(r);
    }
    void clear() {
        const int H = g.shape.hidden;
        for (uint32_t r : rows) std::fill(row(r), row(r) + H, 0.0f), touched[r] = 0;
        rows.clear();
        std::fill(g.featureBias.begin(), g.featureBias.end(), 0.0f);
        std::fill(g.outputWeights.begin(), g.outputWeights.end(), 0.0f);
        std::fill(g.outputBias.begin(), g.outputBias.end(), 0.0f);
    }
    // Adds another thread's gradient (in a fixed order of threads: the same sums every run).
    void add(Gradient& o) {
        const int H = g.shape.hidden;
        for (uint32_t r : o.rows) {
            float *dst = touch(r), *src = o.row(r);
            for (int j = 0; j < H; ++j) dst[j] += src[j];
        }
        auto sum = [](std::vector<float>& a, const std::vector<float>& b) {
            for (size_t i = 0; i < a.size(); ++i) a[i] += b[i];
        };
        sum(g.featureBias, o.g.featureBias);
        sum(g.outputWeights, o.g.outputWeights);
        sum(g.outputBias, o.g.outputBias);
    }
};

// Loss of one sample; adds its gradient to gr.
double backward(const FloatNetwork& n, const Sample& s, double k, Gradient& gr) {
    const int H = n.shape.hidden;
    const uint32_t inputs = uint32_t(n.shape.inputs());
    const bool factors = !n.factorWeights.empty();
    float hidden[2][MAX_HIDDEN];
    float out = forward(n, s, hidden);
    double p = sigmoid(out * OUTPUT_SCALE / k);
    double diff = p - s.target;
    float d = float(2 * diff * p * (1 - p) * OUTPUT_SCALE / k);  // dLoss/dOut
    FloatNetwork& g = gr.g;
    g.outputBias[s.bucket] += d;
    for (int q = 0; q < 2; ++q) {
        float* h = hidden[q];
        float* gow = &g.outputWeights[size_t(s.bucket * 2 + q) * H];
        const float* ow = &n.outputWeights[size_t(s.bucket * 2 + q) * H];
        float dh[MAX_HIDDEN];
        for (int j = 0; j < H; ++j) {
            float c = std::clamp(h[j], 0.0f, 1.0f);
            gow[j] += d * c * c;
            dh[j] = h[j] > 0 && h[j] < 1 ? d * ow[j] * 2 * c : 0;
        }
        for (int j = 0; j < H; ++j) g.featureBias[j] += dh[j];
        for (int i = 0; i < s.count; ++i) {
            float* gw = gr.touch(s.features[q][i]);
            for (int j = 0; j < H; ++j) gw[j] += dh[j];
            if (factors) {
                float* gf = gr.touch(inputs + s.features[q][i] % PIECE_FEATURES);
                for (int j = 0; j < H; ++j) gf[j] += dh[j];
            }
        }
    }
    return diff * diff;
}

double loss_of(const FloatNetwork& n, const Sample& s, double k) {
    float hidden[2][MAX_HIDDEN];
    double p = sigmoid(forward(n, s, hidden) * OUTPUT_SCALE / k);
    return (p - s.target) * (p - s.target);
}

struct Adam {
    FloatNetwork m, v;
    uint64_t step = 0;
    explicit Adam(Shape s) : m(s), v(s) {}

    void update(FloatNetwork& net, Gradient& grad, double rate, double scale) {
        ++step;
        const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
        const double c1 = 1 - std::pow(b1, double(step)), c2 = 1 - std::pow(b2, double(step));
        auto span = [&](float* w, float* mm, float* vv, const float* gg, size_t n, float limit) {
            for (size_t j = 0; j < n; ++j) {
                float g = float(gg[j] * scale);
                mm[j] = float(b1 * mm[j] + (1 - b1) * g);
                vv[j] = float(b2 * vv[j] + (1 - b2) * g * g);
                double upd = rate * (mm[j] / c1) / (std::sqrt(vv[j] / c2) + eps);
                w[j] = std::clamp(float(w[j] - upd), -limit, limit);
            }
        };
        span(net.featureBias.data(), m.featureBias.data(), v.featureBias.data(), grad.g.featureBias.data(),
             net.featureBias.size(), FEATURE_WEIGHT_LIMIT);
        span(net.outputWeights.data(), m.outputWeights.data(), v.outputWeights.data(),
             grad.g.outputWeights.data(), net.outputWeights.size(), OUTPUT_WEIGHT_LIMIT);
        span(net.outputBias.data(), m.outputBias.data(), v.outputBias.data(), grad.g.outputBias.data(),
             net.outputBias.size(), 1e6f);
        // Lazy Adam: a row no sample of the batch touched keeps its moments.
        const size_t H = size_t(net.shape.hidden), inputs = size_t(net.shape.inputs());
        for (uint32_t r : grad.rows) {
            auto at = [&](FloatNetwork& x) {
                return r < inputs ? &x.featureWeights[r * H] : &x.factorWeights[(r - inputs) * H];
            };
            span(at(net), at(m), at(v), grad.row(r), H, FEATURE_WEIGHT_LIMIT);
        }
    }
};

// The record files as one sequence of records.
class RecordSource {
public:
    bool open(const std::vector<std::string>& paths, uint64_t maxRecords, std::string* error) {
        for (const std::string& p : paths) {
            if (!check_input_file(p, error)) return false;
            std::ifstream f(p, std::ios::binary | std::ios::ate);
            if (!f) {
                *error = "cannot open '" + p + "'";
                return false;
            }
            uint64_t bytes = uint64_t(f.tellg());
            if (bytes % RECORD_SIZE)
                std::fprintf(stderr, "train: %s: %llu trailing bytes (a cut record) left out\n", p.c_str(),
                             (unsigned long long)(bytes % RECORD_SIZE));
            files_.push_back({p, total_, bytes / RECORD_SIZE});
            total_ += bytes / RECORD_SIZE;
        }
        if (maxRecords && total_ > maxRecords) total_ = maxRecords;
        return true;
    }
    uint64_t size() const { return total_; }
    // Records [first, first + count) decoded.
    bool read(uint64_t first, uint64_t count, std::vector<TrainingRecord>& out, std::string* error) const {
        out.clear();
        count = std::min(count, total_ - first);
        std::vector<unsigned char> buf;
        for (const File& f : files_) {
            uint64_t lo = std::max(first, f.first), hi = std::min(first + count, f.first + f.count);
            if (lo >= hi) continue;
            std::ifstream in(f.path, std::ios::binary);
            in.seekg(std::streamoff((lo - f.first) * RECORD_SIZE));
            buf.resize((hi - lo) * RECORD_SIZE);
            if (!in.read(reinterpret_cast<char*>(buf.data()), std::streamsize(buf.size()))) {
                *error = "cannot read '" + f.path + "'";
                return false;
            }
            for (uint64_t i = 0; i < hi - lo; ++i) {
                TrainingRecord r;
                std::string why;
                if (!decode_record(&buf[i * RECORD_SIZE], r, &why)) {
                    *error = f.path + ": record " + std::to_string(lo - f.first + i) + ": " + why;
                    return false;
                }
                out.push_back(r);
            }
        }
        return true;
    }

private:
    struct File {
        std::string path;
        uint64_t first, count;
    };
    std::vector<File> files_;
    uint64_t total_ = 0;
};

bool is_validation(uint64_t index, int every) { return every > 0 && (index / VALIDATION_BLOCK) % every == 0; }

double target_of(const TrainingRecord& r, double k, double lambda) {
    return lambda * sigmoid(r.score / k) + (1 - lambda) * result_for_stm(r);
}

// Checkpoints hold the float network, Adam's moments and the epoch: "CHUHECK2", the shape
// (king buckets, hidden, output buckets, mirror mean), epoch, step, then every parameter of
// the net, m and v in the order of for_each_param. "CHUHECK1" (v1 only, before shapes) had
// the architecture id in place of the shape and the same body.
const char CHECKPOINT_MAGIC[8] = {'C', 'H', 'U', 'H', 'E', 'C', 'K', '2'};
const char CHECKPOINT_MAGIC_V1[8] = {'C', 'H', 'U', 'H', 'E', 'C', 'K', '1'};

template <typename F>
void for_each_param(FloatNetwork& a, F f) {
    for (std::vector<float>* v : {&a.featureWeights, &a.factorWeights, &a.featureBias, &a.outputWeights, &a.outputBias})
        f(v->data(), v->size());
}

std::string shape_text(const Shape& s) {
    std::ostringstream o;
    o << "(" << s.inputs() << "->" << s.hidden << ")x2->" << s.outputBuckets << (s.mirrorMean ? " mirror mean" : "");
    return o.str();
}

bool write_checkpoint(const std::string& path, FloatNetwork& net, Adam& adam, int epoch, std::string* error) {
    std::ostringstream f(std::ios::binary);
    f.write(CHECKPOINT_MAGIC, 8);
    const Shape& s = net.shape;
    for (int32_t v : {s.kingBuckets, s.hidden, s.outputBuckets, int(s.mirrorMean)})
        f.write(reinterpret_cast<const char*>(&v), 4);
    f.write(reinterpret_cast<const char*>(&epoch), 4);
    f.write(reinterpret_cast<const char*>(&adam.step), 8);
    for (FloatNetwork* n : {&net, &adam.m, &adam.v})
        for_each_param(*n, [&](float* p, size_t c) {
            f.write(reinterpret_cast<const char*>(p), std::streamsize(c * sizeof(float)));
        });
    return write_file_safely(path, f.str(), error);
}

bool read_checkpoint(const std::string& path, FloatNetwork& net, Adam& adam, int* epoch, std::string* error) {
    std::ifstream f(path, std::ios::binary);
    if (!f) {
        *error = "cannot open checkpoint '" + path + "': " + std::strerror(errno);
        return false;
    }
    char magic[8];
    Shape shape{};
    bool ok = bool(f.read(magic, 8));
    if (ok && std::memcmp(magic, CHECKPOINT_MAGIC, 8) == 0) {
        int32_t v[4];
        ok = bool(f.read(reinterpret_cast<char*>(v), 16));
        shape = {v[0], v[1], v[2], v[3] != 0};
    } else if (ok && std::memcmp(magic, CHECKPOINT_MAGIC_V1, 8) == 0) {
        uint32_t arch = 0;
        ok = f.read(reinterpret_cast<char*>(&arch), 4) && (arch & ~0xFu) == (V1_ARCHITECTURE_ID & ~0xFu);
        shape = SHAPE_V1;
    } else {
        ok = false;
    }
    if (!ok) {
        *error = "'" + path + "' is not a checkpoint of chuhe train";
        return false;
    }
    if (!(shape == net.shape)) {
        *error = "checkpoint '" + path + "' is of the shape " + shape_text(shape) + ", the training's is " +
                 shape_text(net.shape);
        return false;
    }
    f.read(reinterpret_cast<char*>(epoch), 4);
    f.read(reinterpret_cast<char*>(&adam.step), 8);
    for (FloatNetwork* n : {&net, &adam.m, &adam.v})
        for_each_param(*n, [&](float* p, size_t c) {
            f.read(reinterpret_cast<char*>(p), std::streamsize(c * sizeof(float)));
        });
    if (!f) {
        *error = "checkpoint '" + path + "' is truncated";
        return false;
    }
    return true;
}

}  // namespace

FloatNetwork::FloatNetwork(Shape s)
    : shape(s),
      featureWeights(size_t(s.inputs()) * s.hidden),
      factorWeights(s.kingBuckets > 1 ? size_t(PIECE_FEATURES) * s.hidden : 0),
      featureBias(size_t(s.hidden)),
      outputWeights(size_t(s.outputBuckets) * 2 * s.hidden),
      outputBias(size_t(s.outputBuckets)) {}

void FloatNetwork::randomize(std::mt19937_64& rng) {
    // About 32 features are active: their sum starts with a spread of about 0.5. With factors
    // each feature is the sum of two weights, each drawn with the spread divided by sqrt(2).
    const float spread = factorWeights.empty() ? 0.15f : 0.106f;
    std::uniform_real_distribution<float> feature(-spread, spread), output(-0.05f, 0.05f);
    for (float& w : featureWeights) w = feature(rng);
    for (float& w : factorWeights) w = feature(rng);
    for (float& b : featureBias) b = 0.1f;
    for (float& w : outputWeights) w = output(rng);
    std::fill(outputBias.begin(), outputBias.end(), 0.0f);
}

float FloatNetwork::evaluate(const TrainingRecord& r) const {
    float hidden[2][MAX_HIDDEN], out = 0;
    const int orientations = shape.mirrorMean ? 2 : 1;
    for (int m = 0; m < orientations; ++m) {
        Sample s;
        make_sample(shape, r, m == 1, s);
        out += forward(*this, s, hidden);
    }
    return out / orientations * OUTPUT_SCALE;
}

std::unique_ptr<Network> FloatNetwork::quantize(const std::string& description) const {
    auto net = std::make_unique<Network>(shape);
    auto q = [](float v, double scale, double limit) {
        return std::clamp(std::lround(v * scale), long(-limit), long(limit));
    };
    const size_t H = size_t(shape.hidden);
    // Factors folded into every bucket's weights, the sum kept within the limit that keeps a
    // full accumulator inside int16.
    const double featureLimit = std::floor(FEATURE_WEIGHT_LIMIT * QF);
    for (size_t i = 0; i < featureWeights.size(); ++i) {
        float w = featureWeights[i];
        if (!factorWeights.empty()) w += factorWeights[(i / H) % PIECE_FEATURES * H + i % H];
        net->featureWeights[i] = int16_t(q(w, QF, factorWeights.empty() ? 32767 : featureLimit));
    }
    for (size_t i = 0; i < H; ++i) net->featureBias[i] = int16_t(q(featureBias[i], QF, 32767));
    for (size_t i = 0; i < outputWeights.size(); ++i) net->outputWeights[i] = int16_t(q(outputWeights[i], QB, 32767 / QA));
    for (size_t i = 0; i < outputBias.size(); ++i) net->outputBias[i] = int32_t(q(outputBias[i], double(QA) * QB, 2e9));
    net->description = description.substr(0, MAX_DESCRIPTION);
    return net;
}

double fit_k(const std::vector<TrainingRecord>& records) {
    auto error = [&](double k) {
        double e = 0;
        for (const TrainingRecord& r : records) {
            double d = sigmoid(r.score / k) - result_for_stm(r);
            e += d * d;
        }
        return e;
    };
    double lo = 10, hi = 2000;
    const double phi = (std::sqrt(5.0) - 1) / 2;
    for (int i = 0; i < 60; ++i) {
        double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
        if (error(a) < error(b)) hi = b;
        else lo = a;
    }
    return (lo + hi) / 2;
}

bool train_network(const TrainOptions& o, std::vector<EpochStats>* stats, std::string* error) {
    RecordSource source;
    if (!source.open(o.inputs, o.maxRecords, error)) return false;
    if (source.size() < 2) {
        *error = "not enough training records";
        return false;
    }
    // The held-out records stay in memory; the training records are streamed chunk by chunk.
    std::vector<TrainingRecord> chunk, validation;
    for (uint64_t first = 0; first < source.size(); first += o.chunk) {
        if (!source.read(first, o.chunk, chunk, error)) return false;
        for (uint64_t i = 0; i < chunk.size(); ++i)
            if (is_validation(first + i, o.validationEvery)) validation.push_back(chunk[i]);
    }
    uint64_t trainCount = source.size() - validation.size();
    if (trainCount == 0) {
        *error = "every record is held out for validation";
        return false;
    }
    double k = o.k;
    if (k <= 0) {
        std::vector<TrainingRecord> sample;
        if (!source.read(0, std::min<uint64_t>(source.size(), 200000), sample, error)) return false;
        k = fit_k(sample);
    }

    std::mt19937_64 rng(o.seed);
    std::string why;
    if (!supported(o.shape, &why)) {
        *error = "cannot train this shape: " + why;
        return false;
    }
    FloatNetwork net(o.shape);
    net.randomize(rng);
    Adam adam(o.shape);
    int firstEpoch = 1;
    if (!o.resume.empty()) {
        int done = 0;
        if (!read_checkpoint(o.resume, net, adam, &done, error)) return false;
        firstEpoch = done + 1;
    }
    std::vector<Sample> validationSamples(validation.size());
    for (size_t i = 0; i < validation.size(); ++i) {
        make_sample(o.shape, validation[i], false, validationSamples[i]);
        validationSamples[i].target = float(target_of(validation[i], k, o.lambda));
    }
    const int threads = std::max(1, o.threads);
    auto validation_loss = [&] {
        std::vector<double> part(threads, 0);
        std::vector<std::thread> ts;
        for (int t = 0; t < threads; ++t)
            ts.emplace_back([&, t] {
                for (size_t i = t; i < validationSamples.size(); i += threads)
                    part[t] += loss_of(net, validationSamples[i], k);
            });
        for (auto& th : ts) th.join();
        double sum = 0;
        for (double p : part) sum += p;
        return validationSamples.empty() ? 0.0 : sum / validationSamples.size();
    };
    if (!o.quiet)
        std::fprintf(stderr, "train: %llu records (%llu held out), K %.1f, lambda %.2f, %d thread(s)\n",
                     (unsigned long long)source.size(), (unsigned long long)validation.size(), k, o.lambda,
                     threads);
    if (stats && firstEpoch == 1) stats->push_back({0, 0, validation_loss(), 0, 0});

    // Writes the quantised net (through a temporary file: a reader never sees half a net).
    auto export_net = [&](int epoch, double validationLoss) {
        std::ostringstream desc;
        desc << "Chuhe net " << shape_text(o.shape) << " SCReLU; " << source.size() << " records; epoch "
             << epoch << "/" << o.epochs << "; K " << k << "; lambda " << o.lambda << "; seed " << o.seed
             << "; validation loss " << validationLoss;
        std::unique_ptr<Network> quantised = net.quantize(desc.str());
        if (!o.quiet) {
            // What rounding the weights costs, on the held-out positions.
            double sum = 0;
            size_t n = std::min<size_t>(validation.size(), 20000);
            for (size_t i = 0; i < n; ++i) {
                Position pos;
                pos.set(validation[i].fen());
                Accumulator acc;
                refresh(*quantised, pos, acc);
                sum += std::abs(output(*quantised, acc, pos) - net.evaluate(validation[i]));
            }
            std::fprintf(stderr, "  quantisation: mean |int - float| %.2f on %zu positions\n", n ? sum / n : 0, n);
        }
        return write_file_safely(o.out, write_network(*quantised), error);
    };

    std::vector<Gradient> grads(threads, Gradient(o.shape));
    std::vector<double> losses(threads);
    // The training data is read in blocks of VALIDATION_BLOCK records taken at random from
    // every file, a chunk's worth at a time: each chunk mixes all the sources, so no part of
    // an epoch trains on one source alone (the files are in the order they were made).
    std::vector<uint64_t> trainBlocks;
    for (uint64_t b = 0; b * VALIDATION_BLOCK < source.size(); ++b)
        if (!is_validation(b * VALIDATION_BLOCK, o.validationEvery)) trainBlocks.push_back(b);
    const size_t blocksPerChunk = size_t(std::max<uint64_t>(1, o.chunk / VALIDATION_BLOCK));
    std::vector<Sample> samples;
    for (int epoch = firstEpoch; epoch <= o.epochs; ++epoch) {
        auto start = std::chrono::steady_clock::now();
        // The step drops to a tenth over the last third of the epochs.
        double rate = epoch > o.epochs * 2 / 3 ? o.rate / 10 : o.rate;
        std::mt19937_64 erng(o.seed * 1000003 + epoch);
        std::shuffle(trainBlocks.begin(), trainBlocks.end(), erng);
        double lossSum = 0;
        uint64_t seen = 0;
        for (size_t first = 0; first < trainBlocks.size(); first += blocksPerChunk) {
            samples.clear();
            for (size_t i = first; i < std::min(trainBlocks.size(), first + blocksPerChunk); ++i) {
                if (!source.read(trainBlocks[i] * VALIDATION_BLOCK, VALIDATION_BLOCK, chunk, error)) return false;
                for (const TrainingRecord& r : chunk) {
                    Sample s;
                    make_sample(o.shape, r, erng() & 1, s);
                    s.target = float(target_of(r, k, o.lambda));
                    samples.push_back(s);
                }
            }
            std::shuffle(samples.begin(), samples.end(), erng);
            for (size_t b = 0; b < samples.size(); b += o.batch) {
                size_t end = std::min(samples.size(), b + size_t(o.batch));
                std::vector<std::thread> ts;
                for (int t = 0; t < threads; ++t)
                    ts.emplace_back([&, t] {
                        grads[t].clear();
                        losses[t] = 0;
                        size_t per = (end - b + threads - 1) / threads;
                        size_t lo = b + t * per, hi = std::min(end, lo + per);
                        for (size_t i = lo; i < hi; ++i) losses[t] += backward(net, samples[i], k, grads[t]);
                    });
                for (auto& th : ts) th.join();
                // Summed in thread order: the same for every run with this thread count.
                for (int t = 1; t < threads; ++t) grads[0].add(grads[t]);
                for (double l : losses) lossSum += l;
                seen += end - b;
                adam.update(net, grads[0], rate, 1.0 / double(end - b));
            }
        }
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        EpochStats s{epoch, seen ? lossSum / seen : 0, validation_loss(), seen, seconds};
        if (stats) stats->push_back(s);
        if (!o.quiet)
            std::fprintf(stderr, "epoch %d  train loss %.6f  validation loss %.6f  %.0f positions/s\n", epoch,
                         s.trainLoss, s.validationLoss, seconds > 0 ? seen / seconds : 0);
        if (!write_checkpoint(o.out + ".ckpt", net, adam, epoch, error)) return false;
        if (!export_net(epoch, s.validationLoss)) return false;
    }
    if (firstEpoch > o.epochs && !export_net(firstEpoch - 1, validation_loss())) return false;
    return true;
}

namespace {

const char* const TRAIN_USAGE =
    "usage: chuhe train DATA... [--out NET] [--epochs N] [--batch N] [--threads T] [--rate R]\n"
    "                   [--lambda L] [--k K] [--seed S] [--max-records N] [--resume CKPT]\n"
    "                   [--arch v1|v2] [--hidden N] [--output-buckets N] [--king-buckets 1|6]\n"
    "  Trains the evaluation network on training records (chuhe datagen) and writes the\n"
    "  quantised net to NET (default chuhe.nnue) and a checkpoint to NET.ckpt after each\n"
    "  epoch. --epochs (default 10; the step drops to a tenth for the last third), --batch\n"
    "  (default 16384), --rate: Adam step (default 0.001), --lambda: weight of the search\n"
    "  score against the game result (default 0.75), --k: sigmoid scale in engine units\n"
    "  (default: fitted to the data), --resume: continue from a checkpoint.\n"
    "  --arch: the net's shape (default v1: (1260->256)x2->1 with the mirror mean; v2: 6 king\n"
    "  buckets, (7560->512)x2->8 output buckets by piece count); --hidden, --output-buckets,\n"
    "  --king-buckets change a v2 shape (after --arch v2).\n";

}  // namespace

int run_train(const std::vector<std::string>& args) {
    TrainOptions o;
    auto fail = [](const std::string& m) {
        std::cerr << "chuhe train: " << m << "\n" << TRAIN_USAGE;
        return 2;
    };
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::cout << TRAIN_USAGE;
            return 0;
        }
        if (a.rfind("--", 0) != 0) {
            o.inputs.push_back(a);
            continue;
        }
        if (i + 1 >= args.size()) return fail(a + " needs a value");
        const std::string& v = args[++i];
        char* end = nullptr;
        double x = std::strtod(v.c_str(), &end);
        bool number = !v.empty() && *end == '\0' && std::isfinite(x);
        auto whole = [&](double min, double max) { return number && x == std::floor(x) && x >= min && x <= max; };
        if (a == "--out") o.out = v;
        else if (a == "--resume") o.resume = v;
        else if (a == "--epochs" && whole(1, 100000)) o.epochs = int(x);
        else if (a == "--batch" && whole(1, 1 << 24)) o.batch = int(x);
        else if (a == "--threads" && whole(1, 256)) o.threads = int(x);
        else if (a == "--seed" && whole(0, 1e15)) o.seed = uint64_t(x);
        else if (a == "--max-records" && whole(0, 1e15)) o.maxRecords = uint64_t(x);
        else if (a == "--rate" && number && x > 0 && x < 10) o.rate = x;
        else if (a == "--lambda" && number && x >= 0 && x <= 1) o.lambda = x;
        else if (a == "--k" && number && x > 0 && x < 100000) o.k = x;
        else if (a == "--arch" && (v == "v1" || v == "v2")) o.shape = v == "v1" ? SHAPE_V1 : SHAPE_V2;
        else if (a == "--hidden" && whole(16, MAX_ACCUMULATOR / 2) && !o.shape.mirrorMean) o.shape.hidden = int(x);
        else if (a == "--output-buckets" && whole(1, MAX_OUTPUT_BUCKETS) && !o.shape.mirrorMean) o.shape.outputBuckets = int(x);
        else if (a == "--king-buckets" && (x == 1 || x == KING_BUCKETS) && !o.shape.mirrorMean) o.shape.kingBuckets = int(x);
        else return fail("bad option or value: " + a + " " + v);
    }
    if (o.inputs.empty()) return fail("no training data");
    std::string error;
    // Before any work: a mistyped path should not cost an epoch.
    if (!check_output_path(o.out, &error) || !check_output_path(o.out + ".ckpt", &error)) return fail(error);
    for (const std::string& input : o.inputs)
        if (!check_input_file(input, &error)) return fail(error);
    if (!o.resume.empty() && !std::ifstream(o.resume))
        return fail("cannot open checkpoint '" + o.resume + "': " + std::strerror(errno));
    if (!train_network(o, nullptr, &error)) {
        std::cerr << "chuhe train: " << error << "\n";
        return 1;
    }
    return 0;
}

}  // namespace chuhe
