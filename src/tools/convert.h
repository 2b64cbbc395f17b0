// `chuhe convert IN OUT [--format chinese|wxf|iccs|san]`: converts game files between XQF and
// PGN and between move notations.
#pragma once

#include <string>
#include <vector>

namespace chuhe {

int run_convert(const std::vector<std::string>& args);

}  // namespace chuhe
