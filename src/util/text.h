// Small text helpers shared by the protocol loop and the record readers.
#pragma once

#include <string_view>

namespace chuhe {

// The UTF-8 byte order mark that Windows editors and some GUIs put before the first line.
constexpr std::string_view UTF8_BOM = "\xEF\xBB\xBF";

// `text` without a leading UTF-8 byte order mark.
inline std::string_view strip_utf8_bom(std::string_view text) {
    return text.substr(0, UTF8_BOM.size()) == UTF8_BOM ? text.substr(UTF8_BOM.size()) : text;
}

}  // namespace chuhe
