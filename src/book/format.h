// The book file format (version 1), little-endian throughout:
//
//   header, 32 bytes:
//     0  8 bytes  magic "CHUHEBK\x1a"
//     8  u32      version (1)
//    12  u32      number of records
//    16  u64      the Zobrist key of the start position: keys come from core/zobrist.cpp's
//                 fixed seed, and a book written with other keys would hit nothing or, worse,
//                 the wrong positions, so such a file is refused
//    24  u64      checksum (64-bit FNV-1a) of the record bytes
//   records, 24 bytes each, sorted by key, then move, no two alike:
//     0  u64      book key of the position (book/mirror.h: the smaller of its own key and
//                 its mirror image's)
//     8  u16      the move, as core/types.h encodes it, in the keyed orientation
//    10  u16      zero
//    12  u32      games in which the side to move won after this move
//    16  u32      ... drew
//    20  u32      ... lost
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"

namespace chuhe::book {

constexpr char MAGIC[8] = {'C', 'H', 'U', 'H', 'E', 'B', 'K', '\x1a'};
constexpr uint32_t VERSION = 1;
constexpr size_t HEADER_SIZE = 32;
constexpr size_t RECORD_SIZE = 24;

struct BookRecord {
    uint64_t key = 0;
    Move move = MOVE_NONE;
    uint32_t wins = 0, draws = 0, losses = 0;  // for the side that makes the move

    bool operator<(const BookRecord& o) const { return key != o.key ? key < o.key : move < o.move; }
};

// The file's bytes for these records (sorted here; each key and move must appear once).
std::string encode_book(std::vector<BookRecord> records);
// Checks everything the header promises (magic, version, size, keys, checksum, order, moves
// on the board); false with the reason, and *out untouched, if anything is wrong.
bool decode_book(std::string_view bytes, std::vector<BookRecord>* out, std::string* error);

}  // namespace chuhe::book
