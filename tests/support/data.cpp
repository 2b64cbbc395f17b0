#include "support/data.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "core/position.h"

namespace chuhe::test {

std::string data_path(const std::string& relative) {
    std::string path = std::string(CHUHE_DATA_DIR) + "/" + relative;
    if (!std::filesystem::exists(path))
        throw std::runtime_error("shared data file missing: " + path +
                                 " (the tests need ../shared/data beside the repository)");
    return path;
}

std::vector<std::vector<std::string>> read_tsv(const std::string& relative) {
    std::ifstream in(data_path(relative));
    std::vector<std::vector<std::string>> rows;
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        if (header) {
            header = false;
            continue;
        }
        std::vector<std::string> fields;
        std::stringstream ss(line);
        for (std::string f; std::getline(ss, f, '\t');) fields.push_back(f);
        rows.push_back(fields);
    }
    if (rows.empty()) throw std::runtime_error("no data rows in " + relative);
    return rows;
}

std::vector<PerftCase> all_perft_cases() {
    std::vector<PerftCase> cases;
    auto add = [&](const std::string& file, size_t fenColumn, size_t firstDepthColumn, size_t depths,
                   uint64_t firstDepth) {
        int row = 0;
        for (const auto& fields : read_tsv(file)) {
            ++row;
            PerftCase c{fields.at(fenColumn) + " - - 0 1", std::vector<uint64_t>(firstDepth - 1 + depths, 0),
                        file + " row " + std::to_string(row)};
            for (size_t d = 0; d < depths; ++d) {
                const std::string& v = fields.at(firstDepthColumn + d);
                if (!v.empty() && v != "-") c.counts[firstDepth - 1 + d] = std::stoull(v);
            }
            cases.push_back(c);
        }
    };
    add("perft/xiangqi_perft_pikafish_bench.tsv", 1, 2, 5, 1);
    add("perft/xiangqi_perft_ccpd_sample150.tsv", 0, 1, 4, 1);
    add("perft/xiangqi_perft_fsf_tests.tsv", 0, 1, 4, 1);
    add("perft/xiangqi_perft_deep_published.tsv", 0, 1, 5, 6);
    return cases;
}

}  // namespace chuhe::test

namespace {

// Attack tables and Zobrist keys are set up once, before any test runs.
struct InitTables : ::testing::Environment {
    void SetUp() override { chuhe::Position::init(); }
};
[[maybe_unused]] ::testing::Environment* const initTables =
    ::testing::AddGlobalTestEnvironment(new InitTables);

}  // namespace
