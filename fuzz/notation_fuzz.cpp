// libFuzzer target: move notation parsing (Chinese, WXF, ICCS, SAN). The first byte picks a
// position, the rest is the move text. A move read must be legal, and its text in every
// notation must read back as the same move.
#include <cstdint>
#include <string_view>

#include "core/movegen.h"
#include "records/notation.h"

using namespace chuhe;

namespace {

// Positions with stacked pieces, pawns past the river and both sides to move.
const char* const POSITIONS[] = {
    Position::START_FEN,
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    "5k3/4P4/4P4/4P4/4P4/4P4/9/9/9/3K5 w",
    "5k3/9/4P4/2P1P4/2P1P4/9/9/9/9/3K5 w",
    "5k3/9/9/9/9/9/9/4R4/9/3KR4 w",
    "3akab2/9/4b4/p1p1C1p1p/4n4/2P6/P3P1P1P/2N1B4/9/2BAKA3 b",
    "4k4/4a4/4P4/9/9/9/9/4p4/4A4/4K4 w",
};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    Position::init();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    Position pos;
    if (!pos.set(POSITIONS[data[0] % (sizeof POSITIONS / sizeof POSITIONS[0])])) __builtin_trap();
    std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    for (int sanBase : {0, 1}) {
        std::string why;
        Move m = parse_move_text(pos, text, &why, sanBase);
        classify_move_text(text);
        if (m == MOVE_NONE) continue;
        if (!MoveList::of<LEGAL>(pos).contains(m)) __builtin_trap();
        for (Notation n : {Notation::ICCS, Notation::WXF, Notation::CHINESE, Notation::SAN}) {
            for (bool traditional : {false, true}) {
                NotationStyle style;
                style.traditional = traditional;
                style.sanRankBase = 1;
                std::string written = move_to_text(pos, m, n, style);
                // Coordinates are read with the ranks they were written with.
                if (parse_move_text(pos, written, &why, n == Notation::SAN ? 1 : 0) != m) __builtin_trap();
            }
        }
    }
    return 0;
}
