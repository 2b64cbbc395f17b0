// A quantised network and its file format.
//
// File (little-endian): magic "CHUHENN\0", uint32 format version, uint32 architecture id,
// uint32 description length + that many bytes of UTF-8, the feature biases (int16 x HIDDEN),
// the feature weights (int16 x INPUTS x HIDDEN, one feature's HIDDEN values together), the
// output weights (int16 x 2 HIDDEN: side to move's half first), the output bias (int32),
// then a CRC-32 of every byte before it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "eval/nnue/architecture.h"

namespace chuhe::nnue {

constexpr uint32_t FORMAT_VERSION = 1;
constexpr size_t MAX_DESCRIPTION = 4096;
constexpr size_t MAX_FILE_BYTES = size_t(32) << 20;

struct Network {
    alignas(64) int16_t featureBias[HIDDEN];
    alignas(64) int16_t featureWeights[INPUTS * HIDDEN];
    alignas(64) int16_t outputWeights[2 * HIDDEN];
    int32_t outputBias = 0;
    std::string description;

    const int16_t* column(int feature) const { return featureWeights + feature * HIDDEN; }
};

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
