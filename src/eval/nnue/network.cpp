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

std::unique_ptr<Network> read_network(std::string_view bytes, std::string* error) {
    Reader in(bytes);
    char magic[8];
    if (!in.read(magic, 8) || std::memcmp(magic, MAGIC, 8) != 0)
        return fail(error, "not a Chuhe net file (bad magic)");
    uint32_t version = 0, arch = 0, length = 0;
    if (!in.read_le(version) || !in.read_le(arch) || !in.read_le(length))
        return fail(error, "truncated net file (header)");
    if (version != FORMAT_VERSION)
        return fail(error, "net file format version " + std::to_string(version) +
                               ", this build reads version " + std::to_string(FORMAT_VERSION));
    if (arch != ARCHITECTURE_ID) {
        std::ostringstream s;
        s << "net architecture 0x" << std::hex << arch << " does not match this build's 0x"
          << ARCHITECTURE_ID;
        return fail(error, s.str());
    }
    if (length > MAX_DESCRIPTION) return fail(error, "net description too long (corrupt file)");
    auto net = std::make_unique<Network>();
    net->description.resize(length);
    if (!in.read(net->description.data(), length) ||
        !in.read_array(net->featureBias, HIDDEN) ||
        !in.read_array(net->featureWeights, size_t(INPUTS) * HIDDEN) ||
        !in.read_array(net->outputWeights, 2 * HIDDEN) || !in.read_le(net->outputBias))
        return fail(error, "truncated net file (weights)");
    size_t body = in.position();
    uint32_t stored = 0;
    if (!in.read_le(stored)) return fail(error, "truncated net file (checksum)");
    if (in.remaining()) return fail(error, "net file has trailing bytes (corrupt or not this architecture)");
    if (crc32(bytes.substr(0, body)) != stored) return fail(error, "net file checksum mismatch (corrupt)");
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
    write_le(out, FORMAT_VERSION);
    write_le(out, ARCHITECTURE_ID);
    write_le(out, uint32_t(net.description.size()));
    out += net.description;
    for (int16_t v : net.featureBias) write_le(out, v);
    for (int16_t v : net.featureWeights) write_le(out, v);
    for (int16_t v : net.outputWeights) write_le(out, v);
    write_le(out, net.outputBias);
    write_le(out, crc32(out));
    return out;
}

}  // namespace chuhe::nnue
