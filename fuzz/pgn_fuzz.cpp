// libFuzzer target: PGN reading. Every game read must write out (in each notation) and read
// back with the same start position and moves.
#include <cstdint>
#include <string_view>

#include "records/pgn.h"

using namespace chuhe;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    Position::init();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    PgnReadResult r = read_pgn(std::string_view(reinterpret_cast<const char*>(data), size));
    if (r.gamesSeen != int(r.games.size() + r.errors.size())) __builtin_trap();
    for (const Game& g : r.games) {
        for (Notation n : {Notation::ICCS, Notation::WXF, Notation::CHINESE, Notation::SAN}) {
            PgnReadResult back = read_pgn(write_pgn(g, n));
            if (back.games.size() != 1) __builtin_trap();
            const Game& h = back.games[0];
            if (h.startFen != g.startFen || h.moves.size() != g.moves.size()) __builtin_trap();
            for (size_t i = 0; i < g.moves.size(); ++i)
                if (h.moves[i].move != g.moves[i].move) __builtin_trap();
        }
    }
    return 0;
}
