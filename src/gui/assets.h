// The web board's files (HTML, CSS, JavaScript in src/gui/web), embedded in the binary at
// build time: CMake writes them into a generated source file (src/gui/embed.cmake).
#pragma once

#include <cstddef>
#include <string_view>

namespace chuhe::gui {

struct Asset {
    const char* path;  // "/index.html"
    const char* type;  // its Content-Type
    const unsigned char* data;
    size_t size;
};

// The file served at path, or null.
const Asset* find_asset(std::string_view path);

// All of them (defined in the generated file).
extern const Asset EMBEDDED_ASSETS[];
extern const size_t EMBEDDED_ASSET_COUNT;

}  // namespace chuhe::gui
