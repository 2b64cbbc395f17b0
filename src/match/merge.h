// `chuhe match merge`: the summary of a match from the results files of its shards, as one
// run playing them all would print it.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "match/stats.h"

namespace chuhe::match {

// Reads the results files, refuses files of different matches and games that two files (or
// one twice) hold, and prints "Merged G games of S (F files)" and the summary. Returns 0, or
// 2 with "error: ..." on out.
int merge_results(const std::vector<std::string>& files, const std::optional<Sprt>& sprt, std::ostream& out);

}  // namespace chuhe::match
