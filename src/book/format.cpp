#include "book/format.h"

#include <algorithm>
#include <cstring>

#include "core/position.h"

namespace chuhe::book {

namespace {

uint64_t checksum(std::string_view bytes) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : bytes) h = (h ^ c) * 0x100000001b3ULL;
    return h;
}

void put(std::string& out, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out += char((v >> (8 * i)) & 0xFF);
}

uint64_t get(std::string_view in, size_t at, int bytes) {
    uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= uint64_t((unsigned char)in[at + i]) << (8 * i);
    return v;
}

uint64_t start_key() {
    Position pos;
    pos.set(Position::START_FEN);
    return pos.key();
}

}  // namespace

std::string encode_book(std::vector<BookRecord> records) {
    std::sort(records.begin(), records.end());
    std::string body;
    body.reserve(records.size() * RECORD_SIZE);
    for (const BookRecord& r : records) {
        put(body, r.key, 8);
        put(body, r.move, 2);
        put(body, 0, 2);
        put(body, r.wins, 4);
        put(body, r.draws, 4);
        put(body, r.losses, 4);
    }
    std::string out(MAGIC, sizeof MAGIC);
    put(out, VERSION, 4);
    put(out, records.size(), 4);
    put(out, start_key(), 8);
    put(out, checksum(body), 8);
    return out + body;
}

bool decode_book(std::string_view bytes, std::vector<BookRecord>* out, std::string* error) {
    if (bytes.size() < HEADER_SIZE || std::memcmp(bytes.data(), MAGIC, sizeof MAGIC) != 0) {
        *error = bytes.size() < sizeof MAGIC || std::memcmp(bytes.data(), MAGIC, sizeof MAGIC) != 0
                     ? "not a Chuhe book (no CHUHEBK magic)"
                     : "truncated: " + std::to_string(bytes.size()) + " bytes, shorter than the header";
        return false;
    }
    if (uint32_t v = uint32_t(get(bytes, 8, 4)); v != VERSION) {
        *error = "book format version " + std::to_string(v) + ", this engine reads version " +
                 std::to_string(VERSION);
        return false;
    }
    uint64_t count = get(bytes, 12, 4);
    if (uint64_t want = HEADER_SIZE + count * RECORD_SIZE; bytes.size() != want) {
        *error = std::string(bytes.size() < want ? "truncated" : "trailing bytes") + ": the header promises " +
                 std::to_string(count) + " records (" + std::to_string(want) + " bytes), the file has " +
                 std::to_string(bytes.size()) + " bytes";
        return false;
    }
    if (get(bytes, 16, 8) != start_key()) {
        *error = "built with other Zobrist keys than this engine's (the start position's key differs)";
        return false;
    }
    std::string_view body = bytes.substr(HEADER_SIZE);
    if (get(bytes, 24, 8) != checksum(body)) {
        *error = "checksum mismatch: the file is corrupt";
        return false;
    }
    std::vector<BookRecord> records(count);
    for (size_t i = 0; i < count; ++i) {
        size_t at = i * RECORD_SIZE;
        BookRecord& r = records[i];
        r.key = get(body, at, 8);
        r.move = Move(get(body, at + 8, 2));
        r.wins = uint32_t(get(body, at + 12, 4));
        r.draws = uint32_t(get(body, at + 16, 4));
        r.losses = uint32_t(get(body, at + 20, 4));
        if (from_sq(r.move) >= SQUARE_NB || to_sq(r.move) >= SQUARE_NB || !is_ok(r.move) ||
            get(body, at + 10, 2) != 0) {
            *error = "record " + std::to_string(i) + " holds no move";
            return false;
        }
        if (i && !(records[i - 1] < r)) {
            *error = "record " + std::to_string(i) + " is out of order";
            return false;
        }
    }
    *out = std::move(records);
    return true;
}

}  // namespace chuhe::book
