// Text encodings of game records: UTF-8 checks and GBK (GB18030) to UTF-8 decoding.
#pragma once

#include <string>
#include <string_view>

namespace chuhe {

bool is_valid_utf8(std::string_view s);

// Decodes GBK/GB18030 bytes to UTF-8 with iconv(3) from the C library. Bytes that are not
// valid GBK become U+FFFD; the result is always valid UTF-8.
std::string gbk_to_utf8(std::string_view s);

// Encodes UTF-8 as GB18030 (GBK for the characters GBK has) with iconv(3); returns the
// UTF-8 text unchanged if no converter is installed or the text is not valid UTF-8.
std::string utf8_to_gbk(std::string_view s);

// Text of a record file as UTF-8: a UTF-8 byte order mark is dropped, valid UTF-8 is kept,
// anything else is taken to be GBK (what xqbase tools and XQStudio write).
std::string decode_record_text(std::string_view bytes);

// Text of a PGN file as UTF-8, decided game by game (a game starts at a tag line that
// follows movetext): one bad byte, or a file cut in the middle of a character, costs at most
// the game it is in. A game's bytes are taken as UTF-8 when they are valid, or when valid
// multi-byte UTF-8 characters outnumber the invalid bytes (those become U+FFFD); otherwise
// as GBK. Lines stay where they were.
std::string decode_pgn_text(std::string_view bytes);

// Splits UTF-8 text into code points; invalid bytes become U+FFFD.
std::u32string utf8_to_u32(std::string_view s);
void append_utf8(std::string& out, char32_t c);

}  // namespace chuhe
