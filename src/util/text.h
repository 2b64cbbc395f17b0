// Small text helpers shared by the protocol loop, the record readers and the web board's
// replies: the byte order mark, UTF-8 sequences, and excerpts of text a reply quotes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace chuhe {

// The UTF-8 byte order mark that Windows editors and some GUIs put before the first line.
constexpr std::string_view UTF8_BOM = "\xEF\xBB\xBF";

// `text` without a leading UTF-8 byte order mark.
inline std::string_view strip_utf8_bom(std::string_view text) {
    return text.substr(0, UTF8_BOM.size()) == UTF8_BOM ? text.substr(UTF8_BOM.size()) : text;
}

// Length of the UTF-8 sequence at s[i], or 0 if it is not a valid one; *out is its code point.
inline size_t utf8_sequence(std::string_view s, size_t i, char32_t* out) {
    unsigned char c = s[i];
    size_t len;
    char32_t cp;
    if (c < 0x80) { *out = c; return 1; }
    if (c >= 0xC2 && c <= 0xDF) { len = 2; cp = c & 0x1F; }
    else if (c >= 0xE0 && c <= 0xEF) { len = 3; cp = c & 0x0F; }
    else if (c >= 0xF0 && c <= 0xF4) { len = 4; cp = c & 0x07; }
    else return 0;
    if (i + len > s.size()) return 0;
    for (size_t k = 1; k < len; ++k) {
        unsigned char d = s[i + k];
        if ((d & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (d & 0x3F);
    }
    // Overlong forms, surrogates and values above U+10FFFF are invalid.
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    *out = cp;
    return len;
}

// Text a reply quotes back (a move, a name, a header sent by a client): its first maxChars
// characters and "..." when there are more, each byte that is not UTF-8 as U+FFFD. A reply
// then stays short and valid whatever the request held (megabytes, NULs, stray bytes).
inline std::string excerpt(std::string_view text, size_t maxChars = 80) {
    std::string out;
    size_t chars = 0;
    char32_t cp;
    for (size_t i = 0; i < text.size(); ++chars) {
        if (chars == maxChars) return out + "...";
        size_t n = utf8_sequence(text, i, &cp);
        if (n)
            out.append(text.substr(i, n));
        else
            out += "\xEF\xBF\xBD";  // U+FFFD
        i += n ? n : 1;
    }
    return out;
}

}  // namespace chuhe
