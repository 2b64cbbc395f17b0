// `chuhe gui`: the web board (src/gui/web) served on a local HTTP port.
#pragma once

#include <string>
#include <vector>

namespace chuhe {

int run_gui(const std::vector<std::string>& args);

}  // namespace chuhe
