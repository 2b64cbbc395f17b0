#include "records/encoding.h"

#include <algorithm>
#include <cerrno>
#include <iconv.h>

#include "util/text.h"

namespace chuhe {

bool is_valid_utf8(std::string_view s) {
    char32_t cp;
    for (size_t i = 0; i < s.size();) {
        size_t n = utf8_sequence(s, i, &cp);
        if (!n) return false;
        i += n;
    }
    return true;
}

std::u32string utf8_to_u32(std::string_view s) {
    std::u32string out;
    char32_t cp;
    for (size_t i = 0; i < s.size();) {
        size_t n = utf8_sequence(s, i, &cp);
        out += n ? cp : U'\uFFFD';
        i += n ? n : 1;
    }
    return out;
}

void append_utf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += char(c);
    } else if (c < 0x800) {
        out += char(0xC0 | (c >> 6));
        out += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += char(0xE0 | (c >> 12));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    } else {
        out += char(0xF0 | (c >> 18));
        out += char(0x80 | ((c >> 12) & 0x3F));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    }
}

namespace {

// Converts s with an open converter; a byte it cannot convert (or a truncated sequence at the
// end) becomes `replacement` and the conversion goes on.
std::string convert(iconv_t cd, std::string_view s, std::string_view replacement) {
    std::string out;
    char buffer[4096];
    char* in = const_cast<char*>(s.data());
    size_t inLeft = s.size();
    while (inLeft > 0) {
        // At most 4 KB of input a call: a sanitizer's iconv interceptor examines the whole
        // input range on every call, so megabytes of bad bytes (one call each) took minutes.
        size_t chunk = std::min<size_t>(inLeft, 4096), chunkLeft = chunk;
        char* dst = buffer;
        size_t dstLeft = sizeof(buffer);
        size_t r = iconv(cd, &in, &chunkLeft, &dst, &dstLeft);
        out.append(buffer, dst - buffer);
        inLeft -= chunk - chunkLeft;
        if (r != size_t(-1) || errno == E2BIG) continue;
        // EINVAL: a sequence cut by the chunk's end is read again with the next chunk; at the
        // end of the input, and for EILSEQ, the byte is replaced.
        if (errno == EINVAL && inLeft > chunkLeft) continue;
        out += replacement;
        ++in;
        --inLeft;
    }
    iconv_close(cd);
    return out;
}

}  // namespace

std::string gbk_to_utf8(std::string_view s) {
    iconv_t cd = iconv_open("UTF-8", "GB18030");
    if (cd == iconv_t(-1)) {
        // No GB18030 converter installed: keep ASCII, mark every other byte as unknown.
        std::string out;
        for (unsigned char c : s)
            if (c < 0x80) out += char(c);
            else append_utf8(out, U'\uFFFD');
        return out;
    }
    return convert(cd, s, "\uFFFD");
}

std::string utf8_to_gbk(std::string_view s) {
    if (!is_valid_utf8(s)) return std::string(s);
    iconv_t cd = iconv_open("GB18030", "UTF-8");
    if (cd == iconv_t(-1)) return std::string(s);
    return convert(cd, s, "?");  // never needed: all of Unicode has a GB18030 form
}

std::string decode_record_text(std::string_view bytes) {
    bytes = strip_utf8_bom(bytes);
    return is_valid_utf8(bytes) ? std::string(bytes) : gbk_to_utf8(bytes);
}

namespace {

// One game's bytes as UTF-8 (see decode_pgn_text).
std::string decode_game_bytes(std::string_view bytes) {
    size_t multiByte = 0, invalid = 0;
    char32_t cp;
    for (size_t i = 0; i < bytes.size();) {
        size_t n = utf8_sequence(bytes, i, &cp);
        if (n == 0) ++invalid, ++i;
        else multiByte += n > 1, i += n;
    }
    if (invalid == 0) return std::string(bytes);
    if (multiByte <= invalid) return gbk_to_utf8(bytes);
    std::string out;  // mostly UTF-8: keep it, mark the bad bytes
    for (size_t i = 0; i < bytes.size();) {
        size_t n = utf8_sequence(bytes, i, &cp);
        if (n == 0) append_utf8(out, U'\uFFFD'), ++i;
        else out.append(bytes.substr(i, n)), i += n;
    }
    return out;
}

}  // namespace

std::string decode_pgn_text(std::string_view bytes) {
    bytes = strip_utf8_bom(bytes);
    if (is_valid_utf8(bytes)) return std::string(bytes);
    // Cut before each line that starts a tag section after other text. A line start is a
    // character start in both encodings, so the cut never splits a character.
    std::string out;
    size_t gameStart = 0;
    bool inTags = false;  // the last non-blank line was a tag line
    for (size_t line = 0; line < bytes.size();) {
        size_t end = bytes.find('\n', line);
        end = end == std::string_view::npos ? bytes.size() : end + 1;
        size_t first = bytes.find_first_not_of(" \t\r", line);
        if (first < end && bytes[first] != '\n') {
            bool tag = bytes[first] == '[';
            if (tag && !inTags && line > gameStart) {
                out += decode_game_bytes(bytes.substr(gameStart, line - gameStart));
                gameStart = line;
            }
            inTags = tag;
        }
        line = end;
    }
    out += decode_game_bytes(bytes.substr(gameStart));
    return out;
}

}  // namespace chuhe
