// libFuzzer target: FEN parsing. A FEN that is accepted must print back to a FEN that reads
// the same, and its legal moves must make and unmake cleanly.
#include <cstdint>
#include <string>

#include "core/movegen.h"
#include "core/position.h"

using namespace chuhe;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    Position::init();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string fen(reinterpret_cast<const char*>(data), size);
    Position pos;
    std::string why;
    if (!pos.set(fen, &why)) {
        if (why.empty()) __builtin_trap();  // a refusal always has a reason
        return 0;
    }
    std::string printed = pos.fen();
    Position again;
    if (!again.set(printed, &why) || again.fen() != printed || again.key() != pos.key()) __builtin_trap();
    uint64_t key = pos.key();
    for (Move m : MoveList::of<LEGAL>(pos)) {
        pos.do_move(m);
        pos.undo_move();
        if (pos.key() != key) __builtin_trap();
    }
    return 0;
}
