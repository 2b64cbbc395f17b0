// The default book, built into the binary: CMake passes the path of books/default.book as
// CHUHE_DEFAULT_BOOK and the assembler includes the file's bytes as they are.
#include "book/book.h"

#ifdef CHUHE_DEFAULT_BOOK
asm(".section .rodata\n"
    ".balign 8\n"
    ".globl chuhe_embedded_book\n"
    "chuhe_embedded_book:\n"
    ".incbin \"" CHUHE_DEFAULT_BOOK "\"\n"
    ".globl chuhe_embedded_book_end\n"
    "chuhe_embedded_book_end:\n"
    ".previous\n");
extern "C" const char chuhe_embedded_book[];
extern "C" const char chuhe_embedded_book_end[];
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
