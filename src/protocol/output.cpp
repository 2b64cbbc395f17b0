#include "protocol/output.h"

#include <iostream>
#include <mutex>

namespace chuhe {

void send_line(std::string_view line) {
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    std::cout << line << '\n' << std::flush;
}

std::string printable(std::string_view text, size_t maxBytes) {
    static const char* HEX = "0123456789abcdef";
    std::string out;
    size_t i = 0;
    while (i < text.size()) {
        unsigned char c = static_cast<unsigned char>(text[i]);
        // The length of a valid UTF-8 sequence starting here (0: not one).
        size_t len = 0;
        if (c >= 0x20 && c < 0x7f) len = 1;
        else if (c >= 0xc2 && c <= 0xf4) {
            size_t need = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
            if (i + need <= text.size()) {
                len = need;
                for (size_t k = 1; k < need; ++k)
                    if ((static_cast<unsigned char>(text[i + k]) & 0xc0) != 0x80) len = 0;
                unsigned char c1 = static_cast<unsigned char>(text[i + 1]);
                // Overlong forms, surrogates and code points past U+10FFFF.
                if ((c == 0xe0 && c1 < 0xa0) || (c == 0xed && c1 >= 0xa0) || (c == 0xf0 && c1 < 0x90) ||
                    (c == 0xf4 && c1 >= 0x90))
                    len = 0;
            }
        }
        std::string piece = len ? std::string(text.substr(i, len)) : std::string{'\\', 'x', HEX[c >> 4], HEX[c & 15]};
        if (out.size() + piece.size() > maxBytes) {
            out += "...";
            break;
        }
        out += piece;
        i += len ? len : 1;
    }
    return out;
}

std::string quote_input(std::string_view token) { return "'" + printable(token, 64) + "'"; }

}  // namespace chuhe
