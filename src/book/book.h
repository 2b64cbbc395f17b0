// An opening book in memory: the positions of a book file (book/format.h) and, for each, the
// moves played in it with the results the side to move had after them. A file in
// ElephantEye's format (book/eleeye_book.h) is read too, told apart by its content.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "book/book_move.h"
#include "book/eleeye_book.h"
#include "book/format.h"
#include "core/position.h"

namespace chuhe::book {

// The name of the book built into the binary, wherever a file name is taken.
constexpr const char* BUILT_IN = "<built-in>";

class Book {
public:
    // 2^26 records: far more than any collection of games gives in its openings.
    static constexpr uint64_t MAX_FILE_BYTES = HEADER_SIZE + RECORD_SIZE * (uint64_t(1) << 26);

    // From a file's bytes, or from a file (BUILT_IN: the book built into the binary). False
    // with the reason, and the book unchanged, when the bytes are not a sound book.
    bool read(std::string_view bytes, std::string* error);
    bool load(const std::string& path, std::string* error);

    // The legal moves the book has for pos (its mirror image's, mirrored, when the book
    // keeps that one), most weight first, ties by move order.
    std::vector<BookMove> probe(const Position& pos) const;

    size_t records() const { return eleeye_ ? eleeye_book_.records() : records_.size(); }
    size_t positions() const;

private:
    std::vector<BookRecord> records_;
    bool eleeye_ = false;  // the book is eleeye_book_, records_ is empty
    EleEyeBook eleeye_book_;
};

// The bytes of the book built into the binary (empty when the build has none).
std::string_view embedded_book();

}  // namespace chuhe::book
