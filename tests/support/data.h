// Access to the shared reference data (../shared/data) for tests. A missing file fails the
// test loudly: a test that silently checks nothing would be worse than no test.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace chuhe::test {

// Full path of a file under the shared data directory; throws if it does not exist.
std::string data_path(const std::string& relative);

// Rows of a tab-separated file, without '#' comment lines and without the header row.
std::vector<std::vector<std::string>> read_tsv(const std::string& relative);

struct PerftCase {
    std::string fen;
    std::vector<uint64_t> counts;  // counts[d - 1] = leaves at depth d; 0 = not given
    std::string origin;            // file and row, for failure messages
};

// Every perft position of the shared data with its counts at every listed depth.
std::vector<PerftCase> all_perft_cases();

}  // namespace chuhe::test
