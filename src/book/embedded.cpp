// The default book, built into the binary: CMake passes the path of books/default.book as
// CHUHE_DEFAULT_BOOK and the assembler includes the file's bytes as they are.
#include "book/book.h"
#include "util/incbin.h"

#ifdef CHUHE_DEFAULT_BOOK
CHUHE_INCBIN(chuhe_embedded_book, CHUHE_DEFAULT_BOOK, 8);
#endif

namespace chuhe::book {

std::string_view embedded_book() {
#ifdef CHUHE_DEFAULT_BOOK
    return {chuhe_embedded_book, size_t(chuhe_embedded_book_end - chuhe_embedded_book)};
#else
    return {};
#endif
}

}  // namespace chuhe::book
