// The books an engine uses: files named in one string separated by ';' (UCCI's bookfiles;
// UCI's BookFile takes the same), asked in that order. The first book that knows the
// position answers; the others are not mixed in, so each book's weights stay its own.
#pragma once

#include <string>
#include <vector>

#include "book/book.h"

namespace chuhe::book {

class BookSet {
public:
    // Replaces the books by the files in `names` (empty: no book). A file that cannot be
    // used is left out and its reason added to *errors ("FILE: reason"); the others load.
    void load(const std::string& names, std::vector<std::string>* errors);
    const std::string& names() const { return names_; }
    bool empty() const { return books_.empty(); }

    // The moves of the first book that has some for pos (Book::probe), or none.
    std::vector<BookMove> probe(const Position& pos) const;

private:
    std::string names_;
    std::vector<Book> books_;
};

}  // namespace chuhe::book
