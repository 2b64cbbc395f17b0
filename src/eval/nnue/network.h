// A quantised network and its file format.
//
// File (little-endian): magic "CHUHENN\0", uint32 format version, then
// - version 1 (v1 nets): uint32 architecture id (V1_ARCHITECTURE_ID);
// - version 2: uint32 king buckets, hidden, output buckets, flags (bit 0: mirror mean);
// then uint32 description length + that many bytes of UTF-8, the feature biases (int16 x
// hidden), the feature weights (int16 x inputs x hidden, one feature's values together), the
// output weights (int16 x output buckets x 2 hidden: per bucket the side to move's half
// first), the output biases (int32 x output buckets), then a CRC-32 of every byte before it.
// A v1 shape is written as version 1, so older binaries still read the nets they could.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "eval/nnue/architecture.h"

namespace chuhe::nnue {

constexpr uint32_t FORMAT_VERSION = 2;
constexpr size_t MAX_DESCRIPTION = 4096;
constexpr size_t MAX_FILE_BYTES = size_t(32) << 20;

struct Network {
    Shape shape;
    std::vector<int16_t> featureBias, featureWeights, outputWeights;
    std::vector<int32_t> outputBias;
    std::string description;

    // Zero weights of a shape (which must be supported()).
    explicit Network(Shape s);
    const int16_t* column(int feature) const { return featureWeights.data() + size_t(feature) * shape.hidden; }
    const int16_t* output_weights(int bucket) const {
        return outputWeights.data() + size_t(bucket) * 2 * shape.hidden;
    }
};

// The shapes this build computes: v1, or king buckets with a hidden width that is a multiple
// of 16 up to the accumulator's room and 1 to MAX_OUTPUT_BUCKETS output buckets.
bool supported(const Shape& s, std::string* why);

// Reads a whole net file. Returns nullptr and the reason when the bytes are not a complete,
// intact net of this architecture; nothing half-read is ever returned.
std::unique_ptr<Network> read_network(std::string_view bytes, std::string* error);
// Reads a net file; a path that is no regular file or holds more than MAX_FILE_BYTES is
// refused unread (a net of this architecture is about 0.6 MB).
std::unique_ptr<Network> load_network(const std::string& path, std::string* error);
std::string write_network(const Network& net);

// The net built into the binary (nets/default.nnue at build time), or nullptr if the build
// had none.
const Network* embedded_network();

uint32_t crc32(std::string_view bytes);

}  // namespace chuhe::nnue
