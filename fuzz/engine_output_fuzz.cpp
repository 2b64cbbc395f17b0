// libFuzzer target: the match runner's parser of engine output (info, bestmove and option
// lines, in each protocol). Scores must stay in range; a move accepted must be legal; an
// option's default, if it passes the value check, must be one line fit to send back.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/movegen.h"
#include "match/engine.h"

using namespace chuhe;
using namespace chuhe::match;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    Position::init();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    Position pos;
    pos.set(Position::START_FEN);
    size_t start = 0;
    for (int lines = 0; start <= text.size() && lines < 64; ++lines) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(start, end - start);
        start = end + 1;
        for (Protocol p : {Protocol::UCCI, Protocol::UCI, Protocol::UCI_VARIANT}) {
            SearchResult r;
            parse_engine_info(line, p, r);
            if (r.hasScore && std::abs(r.score) > 100000) __builtin_trap();
            SearchResult b;
            parse_bestmove(line, pos, p, b);
            if (b.status == SearchResult::MOVE && !MoveList::of<LEGAL>(pos).contains(b.move)) __builtin_trap();
            if (b.status == SearchResult::MOVE && p == Protocol::UCI) pos.do_move(b.move);
            if (MoveList::of<LEGAL>(pos).size() == 0) pos.set(Position::START_FEN);
            EngineOption o;
            if (parse_option(line, p, o)) {
                if (o.hasRange && o.min > o.max) __builtin_trap();
                std::string value = o.defaultValue;
                if (check_option_value(o, value, nullptr))
                    for (unsigned char c : value)
                        if (c < 0x20 || c == 0x7f) __builtin_trap();
            }
        }
    }
    return 0;
}
