#include "gui/assets.h"

namespace chuhe::gui {

const Asset* find_asset(std::string_view path) {
    for (size_t i = 0; i < EMBEDDED_ASSET_COUNT; ++i)
        if (path == EMBEDDED_ASSETS[i].path) return &EMBEDDED_ASSETS[i];
    return nullptr;
}

}  // namespace chuhe::gui
