#include "eval/nnue/network.h"

#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace chuhe::nnue {

namespace {

constexpr char MAGIC[8] = {'C', 'H', 'U', 'H', 'E', 'N', 'N', '\0'};

class Reader {
public:
    explicit Reader(std::string_view bytes) : bytes_(bytes) {}
    bool read(void* out, size_t n) {
        if (bytes_.size() - pos_ < n) return false;
        std::memcpy(out, bytes_.data() + pos_, n);
        pos_ += n;
        return true;
    }
    template <typename T>
    bool read_le(T& v) {
        unsigned char b[sizeof(T)];
        if (!read(b, sizeof(T))) return false;
        std::make_unsigned_t<T> u = 0;
        for (size_t i = 0; i < sizeof(T); ++i) u |= std::make_unsigned_t<T>(b[i]) << (8 * i);
        v = T(u);
        return true;
    }
    template <typename T>
    bool read_array(T* out, size_t n) {
        for (size_t i = 0; i < n; ++i)
            if (!read_le(out[i])) return false;
        return true;
    }
    size_t position() const { return pos_; }
    size_t remaining() const { return bytes_.size() - pos_; }

private:
    std::string_view bytes_;
    size_t pos_ = 0;
};

template <typename T>
void write_le(std::string& out, T v) {
    auto u = std::make_unsigned_t<T>(v);
    for (size_t i = 0; i < sizeof(T); ++i) out += char((u >> (8 * i)) & 0xFF);
}

const std::array<uint32_t, 256> CRC_TABLE = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
        uint32_t c = i;
        for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        t[i] = c;
    }
    return t;
}();

std::unique_ptr<Network> fail(std::string* error, const std::string& why) {
    if (error) *error = why;
    return nullptr;
}

}  // namespace

uint32_t crc32(std::string_view bytes) {
    uint32_t c = 0xFFFFFFFFu;
    for (unsigned char b : bytes) c = CRC_TABLE[(c ^ b) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

Network::Network(Shape s)
    : shape(s),
      featureBias(size_t(s.hidden)),
      featureWeights(size_t(s.inputs()) * s.hidden),
      outputWeights(size_t(s.outputBuckets) * 2 * s.hidden),
      outputBias(size_t(s.outputBuckets)) {}

bool supported(const Shape& s, std::string* why) {
    auto no = [&](const std::string& m) {
        if (why) *why = m;
        return false;
    };
    if (s == SHAPE_V1) return true;
    if (s.mirrorMean) return no("the mirror mean is read only in the v1 shape");
    if (s.kingBuckets != 1 && s.kingBuckets != KING_BUCKETS)
        return no("king buckets " + std::to_string(s.kingBuckets) + " (this build: 1 or " +
                  std::to_string(KING_BUCKETS) + ")");
    if (s.hidden < 16 || s.hidden % 16 || s.hidden * s.views() > MAX_ACCUMULATOR)
        return no("hidden width " + std::to_string(s.hidden) + " (this build: a multiple of 16 up to " +
                  std::to_string(MAX_ACCUMULATOR / 2) + ")");
    if (s.outputBuckets < 1 || s.outputBuckets > MAX_OUTPUT_BUCKETS)
        return no("output buckets " + std::to_string(s.outputBuckets) + " (this build: 1 to " +
                  std::to_string(MAX_OUTPUT_BUCKETS) + ")");
    return true;
}

std::unique_ptr<Network> read_network(std::string_view bytes, std::string* error) {
    Reader in(bytes);
    char magic[8];
    if (!in.read(magic, 8) || std::memcmp(magic, MAGIC, 8) != 0)
        return fail(error, "not a Chuhe net file (bad magic)");
    uint32_t version = 0;
    if (!in.read_le(version)) return fail(error, "truncated net file (header)");
    Shape shape = SHAPE_V1;
    if (version == 1) {
        uint32_t arch = 0;
        if (!in.read_le(arch)) return fail(error, "truncated net file (header)");
        if (arch != V1_ARCHITECTURE_ID) {
            std::ostringstream s;
            s << "net architecture 0x" << std::hex << arch << " is not one this build reads (v1 is 0x"
              << V1_ARCHITECTURE_ID << ")";
            return fail(error, s.str());
        }
    } else if (version == 2) {
        uint32_t buckets = 0, hidden = 0, outputs = 0, flags = 0;
        if (!in.read_le(buckets) || !in.read_le(hidden) || !in.read_le(outputs) || !in.read_le(flags))
            return fail(error, "truncated net file (header)");
        if (buckets > 1024 || hidden > 65536 || outputs > 1024 || flags > 1)
            return fail(error, "net shape out of range (corrupt file)");
        shape = {int(buckets), int(hidden), int(outputs), flags == 1};
        std::string why;
        if (!supported(shape, &why)) return fail(error, "net shape not supported: " + why);
    } else {
        return fail(error, "net file format version " + std::to_string(version) +
                               ", this build reads versions 1 and 2");
    }
    uint32_t length = 0;
    if (!in.read_le(length)) return fail(error, "truncated net file (header)");
    if (length > MAX_DESCRIPTION) return fail(error, "net description too long (corrupt file)");
    // The whole body's size is known from the shape: check it before allocating anything.
    const size_t hidden = size_t(shape.hidden);
    size_t body = length + 2 * (hidden + size_t(shape.inputs()) * hidden + size_t(shape.outputBuckets) * 2 * hidden) +
                  4 * size_t(shape.outputBuckets);
    if (in.remaining() < body) return fail(error, "truncated net file (weights)");
    if (in.remaining() < body + 4) return fail(error, "truncated net file (checksum)");
    if (in.remaining() > body + 4) return fail(error, "net file has trailing bytes (corrupt or another shape)");
    auto net = std::make_unique<Network>(shape);
    net->description.resize(length);
    if (!in.read(net->description.data(), length) ||
        !in.read_array(net->featureBias.data(), net->featureBias.size()) ||
        !in.read_array(net->featureWeights.data(), net->featureWeights.size()) ||
        !in.read_array(net->outputWeights.data(), net->outputWeights.size()) ||
        !in.read_array(net->outputBias.data(), net->outputBias.size()))
        return fail(error, "truncated net file (weights)");
    size_t end = in.position();
    uint32_t stored = 0;
    if (!in.read_le(stored)) return fail(error, "truncated net file (checksum)");
    if (crc32(bytes.substr(0, end)) != stored) return fail(error, "net file checksum mismatch (corrupt)");
    // The output trick multiplies a clipped activation (<= QA) by an output weight in int16.
    for (int16_t w : net->outputWeights)
        if (w * QA > 32767 || w * QA < -32768) return fail(error, "net output weight out of range");
    return net;
}

std::unique_ptr<Network> load_network(const std::string& path, std::string* error) {
    // A device or a pipe may never end (/dev/zero) or block the open: only a regular file is
    // read, and only up to a size no net comes near, so a wrong path costs no memory.
    std::error_code ec;
    std::filesystem::file_status status = std::filesystem::status(path, ec);
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
        return fail(error, "'" + path + "' is not a regular file, so no net file");
    std::ifstream f(path, std::ios::binary);
    if (!f) return fail(error, "cannot open net file '" + path + "'");
    std::string bytes;
    char buffer[1 << 16];
    while (f.read(buffer, sizeof buffer) || f.gcount() > 0) {
        bytes.append(buffer, size_t(f.gcount()));
        if (bytes.size() > MAX_FILE_BYTES)
            return fail(error, "'" + path + "' is larger than " + std::to_string(MAX_FILE_BYTES >> 20) +
                                   " MB, so no net file (a net file is well under that)");
    }
    if (f.bad()) return fail(error, "cannot read net file '" + path + "'");
    std::string why;
    auto net = read_network(bytes, &why);
    if (!net) return fail(error, path + ": " + why);
    return net;
}

std::string write_network(const Network& net) {
    std::string out(MAGIC, 8);
    const Shape& s = net.shape;
    if (s == SHAPE_V1) {
        write_le(out, uint32_t(1));
        write_le(out, V1_ARCHITECTURE_ID);
    } else {
        write_le(out, uint32_t(2));
        for (int v : {s.kingBuckets, s.hidden, s.outputBuckets, int(s.mirrorMean)}) write_le(out, uint32_t(v));
    }
    write_le(out, uint32_t(net.description.size()));
    out += net.description;
    for (int16_t v : net.featureBias) write_le(out, v);
    for (int16_t v : net.featureWeights) write_le(out, v);
    for (int16_t v : net.outputWeights) write_le(out, v);
    for (int32_t v : net.outputBias) write_le(out, v);
    write_le(out, crc32(out));
    return out;
}

}  // namespace chuhe::nnue
