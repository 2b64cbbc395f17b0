#include "tools/tune.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <sstream>
#include <unordered_set>

#include "core/movegen.h"
#include "eval/endgame.h"
#include "eval/evaluate.h"
#include "records/pgn.h"
#include "records/record_file.h"
#include "util/safe_file.h"

namespace chuhe {

namespace {

const char* const USAGE =
    "usage: chuhe tune extract OUT PGN... [--skip PLIES] [--sample P] [--seed N]\n"
    "       chuhe tune fit DATA [--out FILE] [--epochs N] [--rate R] [--k K] [--start S]\n"
    "                     [--without BLOCKS]\n"
    "  extract  quiet positions with their game's result, one \"FEN;RESULT\" a line;\n"
    "           PGN '-' reads standard input; --skip: opening plies left out (default 10);\n"
    "           --sample: share of positions taken (default 0.25); --seed (default 1)\n"
    "  fit      Texel fit of the weights to DATA; writes weights.cpp to --out (default\n"
    "           stdout); --epochs (default 2000), --rate: Adam step (default 1.0),\n"
    "           --k: sigmoid scale (default: fitted to DATA at the start), --start:\n"
    "           material (default: value.h's piece values, all else 0) or current\n"
    "           (the weights built in); --without B1,B2,...: weight blocks of weights.h\n"
    "           held at 0 (to measure what a term is worth)\n";

int fail(const std::string& message) {
    std::cerr << "chuhe tune: " << message << "\n" << USAGE;
    return 2;
}

// ---- Quiescence search to a quiet position ----

constexpr int QS_MAX_PLY = 32;

// Material balance for the side to move: the extraction resolves captures by material only,
// so the positions it picks do not depend on the weights being fitted.
Value material(const Position& pos) {
    Value v = 0;
    for (PieceType pt : {ROOK, ADVISOR, CANNON, PAWN, HORSE, ELEPHANT})
        v += PieceValue[pt] * (pos.count(RED, pt) - pos.count(BLACK, pt));
    return pos.side_to_move() == RED ? v : -v;
}

// Captures only, best first by victim then attacker; fills pv with the principal variation.
Value qsearch(Position& pos, Value alpha, Value beta, int ply, Move* pv, int& pvLength) {
    pvLength = 0;
    Value standPat = material(pos);
    // A position in check is not quiet; the caller drops it.
    if (pos.in_check() || ply >= QS_MAX_PLY || standPat >= beta) return standPat;
    alpha = std::max(alpha, standPat);

    Move moves[MAX_MOVES];
    Move* end = generate<CAPTURES>(pos, moves);
    auto order = [&](Move m) {
        return piece_value(pos.piece_on(to_sq(m))) * 16 - piece_value(pos.piece_on(from_sq(m))) / 16;
    };
    std::stable_sort(moves, end, [&](Move a, Move b) { return order(a) > order(b); });

    Move childPv[QS_MAX_PLY];
    for (Move* m = moves; m != end; ++m) {
        if (!pos.legal(*m)) continue;
        int childLength;
        pos.do_move(*m);
        Value v = -qsearch(pos, -beta, -alpha, ply + 1, childPv, childLength);
        pos.undo_move();
        if (v > alpha) {
            alpha = v;
            pv[0] = *m;
            std::copy(childPv, childPv + childLength, pv + 1);
            pvLength = childLength + 1;
            if (v >= beta) break;
        }
    }
    return alpha;
}

// ---- extract ----

bool parse_double(const std::string& text, double& out) {
    std::istringstream in(text);
    return (in >> out) && in.eof();
}

bool read_input(const std::string& path, std::string& bytes, std::string* error) {
    if (path != "-") return read_file_bytes(path, bytes, error);
    bytes.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return true;
}

int run_extract(const std::vector<std::string>& args) {
    std::vector<std::string> files;
    int skip = 10;
    double sample = 0.25;
    uint64_t seed = 1;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a.size() > 2 && a.rfind("--", 0) == 0) {
            if (i + 1 >= args.size()) return fail(a + " needs a value");
            const std::string& v = args[++i];
            double x;
            if (!parse_double(v, x)) return fail("bad value '" + v + "' for " + a);
            if (a == "--skip" && x >= 0) skip = int(x);
            else if (a == "--sample" && x > 0 && x <= 1) sample = x;
            else if (a == "--seed" && x >= 0) seed = uint64_t(x);
            else return fail("unknown option or bad value: " + a + " " + v);
        } else {
            files.push_back(a);
        }
    }
    if (files.size() < 2) return fail("extract needs an output file and at least one PGN file");

    std::ofstream out(files[0]);
    if (!out) return fail("cannot write " + files[0]);
    std::mt19937_64 rng(seed);
    // A position is taken when rng() <= threshold. sample * 2^64 would overflow the conversion
    // for sample 1 (undefined; it gave 0 in some builds), so "all" is spelt out.
    const uint64_t threshold = sample >= 1 ? UINT64_MAX : uint64_t(sample * 0x1p64);
    std::unordered_set<uint64_t> seen;
    long games = 0, written = 0;

    for (size_t f = 1; f < files.size(); ++f) {
        std::string bytes, error;
        if (!read_input(files[f], bytes, &error)) return fail(error);
        PgnReadResult read = read_pgn(bytes);
        if (!read.errors.empty())
            std::cerr << files[f] << ": " << read.errors.size() << " games skipped (first: game "
                      << read.errors[0].game << ": " << read.errors[0].message << ")\n";
        for (const Game& game : read.games) {
            const char* result = game.result == "1-0"       ? "1"
                                 : game.result == "0-1"     ? "0"
                                 : game.result == "1/2-1/2" ? "0.5"
                                                            : nullptr;
            if (!result) continue;
            Position pos;
            if (!game.replay(pos, 0)) continue;
            ++games;
            for (size_t ply = 0; ply < game.moves.size(); ++ply) {
                if (!pos.legal(game.moves[ply].move)) break;  // replay() accepted it; be safe
                pos.do_move(game.moves[ply].move);
                if (int(ply) + 1 < skip || pos.in_check() || rng() > threshold) continue;
                Position leaf = pos;
                quiet_leaf(leaf);
                if (leaf.in_check() || !seen.insert(leaf.key()).second) continue;
                out << leaf.fen() << ';' << result << '\n';
                ++written;
            }
        }
    }
    std::cerr << "games " << games << " positions " << written << "\n";
    return out ? 0 : fail("error writing " + files[0]);
}

// ---- fit ----

struct Sample {
    int begin, end;  // its counts in the shared arrays
    float mgShare;   // phase / PHASE_MAX
    float result;    // 1, 0.5, 0 for red
    float scale[COLOR_NB];  // endgame scale / SCALE_NORMAL of the side the evaluation favours
};

struct Dataset {
    std::vector<Sample> samples;
    std::vector<int> param;
    std::vector<float> count;
};

bool load(const std::string& path, Dataset& data, std::string* error) {
    if (!check_input_file(path, error)) return false;
    std::ifstream in(path);
    if (!in) return *error = "cannot read " + path, false;
    std::string line;
    int lineNo = 0;
    Position pos;
    EvalTrace trace;
    while (std::getline(in, line)) {
        ++lineNo;
        size_t semi = line.rfind(';');
        double result;
        std::string why;
        if (semi == std::string::npos || !parse_double(line.substr(semi + 1), result) ||
            (result != 0 && result != 0.5 && result != 1) || !pos.set(line.substr(0, semi), &why)) {
            *error = path + ":" + std::to_string(lineNo) + ": expected \"FEN;1|0.5|0\"" +
                     (why.empty() ? "" : " (" + why + ")");
            return false;
        }
        trace_evaluation(pos, trace);
        Sample s{int(data.param.size()), 0, float(trace.phase) / PHASE_MAX, float(result),
                 {float(trace.scale[RED]) / SCALE_NORMAL, float(trace.scale[BLACK]) / SCALE_NORMAL}};
        for (int p = 0; p < PARAM_COUNT; ++p)
            if (trace.count[p]) {
                data.param.push_back(p);
                data.count.push_back(float(trace.count[p]));
            }
        s.end = int(data.param.size());
        data.samples.push_back(s);
    }
    if (data.samples.empty()) return *error = path + ": no positions", false;
    return true;
}

// Weights as real numbers while they are fitted: [param][0 = mg, 1 = eg].
using RealWeights = std::vector<std::array<double, 2>>;

// The evaluation of a sample as evaluate() computes it (in real numbers), and the endgame
// scale it was multiplied by.
double evaluation(const Dataset& d, const Sample& s, const RealWeights& w, double* scale = nullptr) {
    double mg = 0, eg = 0;
    for (int i = s.begin; i < s.end; ++i) {
        mg += d.count[i] * w[d.param[i]][0];
        eg += d.count[i] * w[d.param[i]][1];
    }
    double blended = mg * s.mgShare + eg * (1 - s.mgShare);
    double k = s.scale[blended > 0 ? RED : BLACK];
    if (scale) *scale = k;
    return blended * k;
}

double sigmoid(double k, double e) { return 1 / (1 + std::pow(10.0, -k * e / 400)); }

double mean_error(const Dataset& d, const RealWeights& w, double k) {
    double total = 0;
    for (const Sample& s : d.samples) {
        double diff = s.result - sigmoid(k, evaluation(d, s, w));
        total += diff * diff;
    }
    return total / double(d.samples.size());
}

// The K that makes the current weights predict the results best (golden-section search).
double fit_k(const Dataset& d, const RealWeights& w) {
    double lo = 0.1, hi = 10;
    const double ratio = (std::sqrt(5.0) - 1) / 2;
    for (int i = 0; i < 40; ++i) {
        double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
        if (mean_error(d, w, a) < mean_error(d, w, b)) hi = b;
        else lo = a;
    }
    return (lo + hi) / 2;
}

// Full-batch Adam on the mean squared error; weights with frozen[p] set keep their value.
void fit(const Dataset& d, RealWeights& w, const std::vector<bool>& frozen, double k, int epochs,
         double rate) {
    const double n = double(d.samples.size());
    RealWeights m(w.size(), {0, 0}), v(w.size(), {0, 0}), grad(w.size());
    const double beta1 = 0.9, beta2 = 0.999;
    for (int epoch = 1; epoch <= epochs; ++epoch) {
        std::fill(grad.begin(), grad.end(), std::array<double, 2>{0, 0});
        double error = 0;
        for (const Sample& s : d.samples) {
            double scale;
            double p = sigmoid(k, evaluation(d, s, w, &scale));
            error += (s.result - p) * (s.result - p);
            // d(error)/d(blended sum), before the count and phase share of each weight
            double g = -2 * (s.result - p) * p * (1 - p) * k * std::log(10.0) / 400 / n * scale;
            for (int i = s.begin; i < s.end; ++i) {
                grad[d.param[i]][0] += g * d.count[i] * s.mgShare;
                grad[d.param[i]][1] += g * d.count[i] * (1 - s.mgShare);
            }
        }
        for (size_t p = 0; p < w.size(); ++p)
            for (int phase : {0, 1}) {
                if (frozen[p]) continue;
                m[p][phase] = beta1 * m[p][phase] + (1 - beta1) * grad[p][phase];
                v[p][phase] = beta2 * v[p][phase] + (1 - beta2) * grad[p][phase] * grad[p][phase];
                double mHat = m[p][phase] / (1 - std::pow(beta1, epoch));
                double vHat = v[p][phase] / (1 - std::pow(beta2, epoch));
                w[p][phase] -= rate * mHat / (std::sqrt(vHat) + 1e-12);
            }
        if (epoch % 100 == 0 || epoch == 1)
            std::cerr << "epoch " << epoch << " error " << error / n << "\n";
    }
}

const char* const PIECE_NAMES[PIECE_TYPE_NB] = {"none",  "rook",  "advisor",  "cannon",
                                                "pawn",  "horse", "elephant", "king"};

void write_weights(std::ostream& out, const RealWeights& w) {
    out << "// The evaluation's weights, S(middlegame, endgame), in the units of value.h (a horse is\n"
           "// about 100). Written by `chuhe tune fit` (scripts/tune.sh reproduces it): re-tune rather\n"
           "// than edit by hand. The block layout is in weights.h.\n"
           "#include \"eval/weights.h\"\n\nnamespace chuhe {\n\nconst Score WEIGHTS[PARAM_COUNT] = {\n";
    for (const ParamBlock& block : PARAM_BLOCKS) {
        if (block.offset != PST) {
            out << "    // " << block.name;
            if (block.byPieceType)
                for (int pt = 0; pt < PIECE_TYPE_NB; ++pt) out << (pt ? ", " : ": ") << PIECE_NAMES[pt];
            out << "\n";
        }
        for (int i = 0; i < block.size; ++i) {
            int p = block.offset + i;
            if (block.offset == PST && i % PST_SIZE == 0)
                out << "    // PST " << PIECE_NAMES[i / PST_SIZE + 1]
                    << ": rank 0 (own back rank) first, files a-e\n";
            out << (i % block.columns == 0 ? "    " : " ") << "S(" << std::lround(w[p][0]) << ", "
                << std::lround(w[p][1]) << "),";
            if (i % block.columns == block.columns - 1 || i == block.size - 1) out << "\n";
        }
    }
    out << "};\n\n}  // namespace chuhe\n";
}

int run_fit(const std::vector<std::string>& args) {
    std::string dataPath, outPath;
    int epochs = 2000;
    double rate = 1.0, k = 0;
    bool fromCurrent = false;
    std::vector<bool> frozen(PARAM_COUNT, false);
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a.rfind("--", 0) != 0) {
            if (!dataPath.empty()) return fail("unexpected argument '" + a + "'");
            dataPath = a;
            continue;
        }
        if (i + 1 >= args.size()) return fail(a + " needs a value");
        const std::string& v = args[++i];
        double x;
        if (a == "--out") outPath = v;
        else if (a == "--start" && (v == "material" || v == "current")) fromCurrent = v == "current";
        else if (a == "--without") {
            std::istringstream names(v);
            for (std::string name; std::getline(names, name, ',');) {
                auto block = std::find_if(std::begin(PARAM_BLOCKS), std::end(PARAM_BLOCKS),
                                          [&](const ParamBlock& b) { return name == b.name; });
                if (block == std::end(PARAM_BLOCKS)) return fail("no weight block named '" + name + "'");
                std::fill_n(frozen.begin() + block->offset, block->size, true);
            }
        }
        else if (!parse_double(v, x)) return fail("bad value '" + v + "' for " + a);
        else if (a == "--epochs" && x >= 0) epochs = int(x);
        else if (a == "--rate" && x > 0) rate = x;
        else if (a == "--k" && x > 0) k = x;
        else return fail("unknown option or bad value: " + a + " " + v);
    }
    if (dataPath.empty()) return fail("fit needs a data file");

    Dataset data;
    std::string error;
    if (!load(dataPath, data, &error)) return fail(error);
    RealWeights w(PARAM_COUNT);
    for (int p = 0; p < PARAM_COUNT; ++p)
        if (frozen[p]) w[p] = {0, 0};
        else if (fromCurrent) w[p] = {double(WEIGHTS[p].mg), double(WEIGHTS[p].eg)};
        else if (p < PIECE_VALUE + PIECE_TYPE_NB) w[p] = {double(PieceValue[p]), double(PieceValue[p])};
    w[PIECE_VALUE + KING] = {0, 0};
    if (k == 0) k = fit_k(data, w);
    std::cerr << "positions " << data.samples.size() << " K " << k << " error "
              << mean_error(data, w, k) << "\n";
    fit(data, w, frozen, k, epochs, rate);
    std::cerr << "final error " << mean_error(data, w, k) << "\n";

    if (outPath.empty()) {
        write_weights(std::cout, w);
        return 0;
    }
    std::ofstream out(outPath);
    write_weights(out, w);
    return out ? 0 : fail("error writing " + outPath);
}

}  // namespace

void quiet_leaf(Position& pos) {
    Move pv[QS_MAX_PLY];
    int length;
    qsearch(pos, -VALUE_INFINITE, VALUE_INFINITE, 0, pv, length);
    for (int i = 0; i < length; ++i) pos.do_move(pv[i]);
}

int run_tune(const std::vector<std::string>& args) {
    if (args.empty()) return fail("missing extract or fit");
    std::vector<std::string> rest(args.begin() + 1, args.end());
    if (args[0] == "extract") return run_extract(rest);
    if (args[0] == "fit") return run_fit(rest);
    return fail("unknown tune command '" + args[0] + "'");
}

}  // namespace chuhe
