// libFuzzer target: XQF reading. A game read must write as XQF 1.0 (when XQF can hold it) and
// read back with the same start position and moves.
#include <cstdint>
#include <string_view>

#include "records/xqf.h"

using namespace chuhe;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    Position::init();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    Game g;
    std::string why;
    if (!read_xqf(std::string_view(reinterpret_cast<const char*>(data), size), g, &why)) {
        if (why.empty()) __builtin_trap();
        return 0;
    }
    if (!xqf_can_store(g, &why)) return 0;
    Game h;
    if (!read_xqf(write_xqf(g), h, &why)) __builtin_trap();
    if (h.startFen != g.startFen || h.moves.size() != g.moves.size()) __builtin_trap();
    for (size_t i = 0; i < g.moves.size(); ++i)
        if (h.moves[i].move != g.moves[i].move) __builtin_trap();
    return 0;
}
