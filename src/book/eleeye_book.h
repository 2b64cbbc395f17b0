// ElephantEye's opening books (BOOK.DAT, shipped with many UCCI GUIs): no header, only
// records of 8 bytes, little-endian, sorted by lock:
//
//   0  u32  the position's lock (book/eleeye_keys.h)
//   4  u16  the move, in ElephantEye's squares
//   6  u16  its weight
//
// A position is kept once for it and its mirror image (both when it is symmetric), so a
// position the book lacks is looked up again mirrored.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "book/book_move.h"
#include "core/position.h"

namespace chuhe::book {

class EleEyeBook {
public:
    static constexpr size_t RECORD_SIZE = 8;

    // False with the reason, and the book unchanged, unless the bytes are whole records (at
    // least one) in order with moves on the board.
    bool read(std::string_view bytes, std::string* error);

    // The legal moves the book has for pos, most weight first, ties in file order.
    std::vector<BookMove> probe(const Position& pos) const;

    size_t records() const { return records_.size(); }
    size_t positions() const;

    // One record's bytes, for tests and tools that write such files.
    static std::string encode(uint32_t lock, Move move, uint16_t weight);

private:
    struct Record {
        uint32_t lock = 0;
        Move move = MOVE_NONE;  // ours, as stored (not mirrored)
        uint16_t weight = 0;
    };
    std::vector<BookMove> moves(uint32_t lock, bool mirrored, const Position& pos) const;

    std::vector<Record> records_;
};

}  // namespace chuhe::book
