// chuhe train: fits the evaluation network to training records (training_data.h) on the CPU.
//
// The float network has one of the shapes of nnue/architecture.h (TrainOptions::shape). Each
// record gives the features of both perspectives; the target blends the search score and the
// game's result:
//   target = lambda * sigmoid(score / K) + (1 - lambda) * result   (side to move's view)
// and the loss is (sigmoid(output * OUTPUT_SCALE / K) - target)^2. Adam over mini-batches,
// the batch split over threads and the gradients summed in a fixed order, so a seed and a
// thread count always give the same net. Positions are mirrored left-right at random (the
// board is symmetric). The exported net is quantised as nnue/network.h reads it.
//
// With king buckets, every piece feature also has a factor: a weight shared by all buckets,
// added to the bucket's own in training and folded into it on export. A bucket the data
// seldom reaches (a king on its palace's top rank) then starts from what the others learned
// instead of from noise. Only the feature rows a batch touches are summed and updated
// (lazy Adam): a position activates about 64 of 8,820 rows.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "eval/nnue/network.h"
#include "tools/training_data.h"

namespace chuhe {

struct FloatNetwork {
    nnue::Shape shape;
    // featureWeights: inputs() rows of hidden; factorWeights: PIECE_FEATURES rows with king
    // buckets, none without.
    std::vector<float> featureWeights, factorWeights, featureBias, outputWeights, outputBias;

    explicit FloatNetwork(nnue::Shape s = nnue::SHAPE_V1);
    void randomize(std::mt19937_64& rng);
    // The evaluation in engine units, side to move's view (no endgame scaling), as the engine
    // computes it (v1: the mean of the outputs for the board and its mirror image).
    float evaluate(const TrainingRecord& r) const;
    // Rounded to the integer network; description goes into the file.
    std::unique_ptr<nnue::Network> quantize(const std::string& description) const;
};

struct TrainOptions {
    nnue::Shape shape = nnue::SHAPE_V1;
    std::vector<std::string> inputs;
    std::string out = "chuhe.nnue";
    int epochs = 10;
    int batch = 16384;
    int threads = 1;
    double rate = 0.001;
    double lambda = 0.75;
    double k = 0;            // sigmoid scale in engine units; 0: fitted to the data
    uint64_t seed = 1;
    uint64_t chunk = 1 << 20;  // records read (and shuffled) at a time
    int validationEvery = 32;  // one block of 256 records in this many is held out
    uint64_t maxRecords = 0;   // 0: all
    std::string resume;        // checkpoint to start from
    bool quiet = false;
};

struct EpochStats {
    int epoch;
    double trainLoss, validationLoss;
    uint64_t positions;
    double seconds;
};

// Trains and writes the net (and OUT.ckpt after every epoch). Returns false with the reason.
bool train_network(const TrainOptions& o, std::vector<EpochStats>* stats, std::string* error);

// The sigmoid scale K that best predicts the results from the scores of the records.
double fit_k(const std::vector<TrainingRecord>& records);

int run_train(const std::vector<std::string>& args);

}  // namespace chuhe
