// libFuzzer target: the match results file (`-resultsout`, read by merge and -resume). Whatever
// it reads must write back as lines that read the same.
#include <cstdint>
#include <string>

#include "match/results_file.h"

using namespace chuhe;
using namespace chuhe::match;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    Position::init();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size), error;
    ResultsFile file;
    if (!parse_results(text, "fuzz", file, &error)) {
        if (error.empty()) __builtin_trap();
        return 0;
    }
    if (file.completeBytes > int64_t(size)) __builtin_trap();
    if (!file.hasHeader) return 0;
    // The header line as read, then every game written anew.
    std::string again = text.substr(0, text.find('\n') + 1);
    for (const FinishedGame& g : file.games) again += results_line(g);
    ResultsFile back;
    if (!parse_results(again, "again", back, &error) || back.games.size() != file.games.size()) __builtin_trap();
    for (size_t i = 0; i < file.games.size(); ++i)
        if (results_line(back.games[i]) != results_line(file.games[i])) __builtin_trap();
    return 0;
}
