// `chuhe match`: plays engines against each other (see src/match/).
#pragma once

#include <string>
#include <vector>

#include "match/tournament.h"

namespace chuhe {

// Reads the cutechess-like command line into settings; false with the reason on a bad one.
bool parse_match_args(const std::vector<std::string>& args, match::TournamentSettings& settings,
                      std::string* error);

int run_match(const std::vector<std::string>& args);

}  // namespace chuhe
