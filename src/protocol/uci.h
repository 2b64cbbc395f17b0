// UCI front end (the first command is `uci`), in the xiangqi dialect of Pikafish and the
// Chinese GUIs: squares a0-i9, `position` with optional bare `fen`/`startpos` lines of the
// older Cyclone dialect, and `UCI_Variant xiangqi` for multi-variant GUIs.
#pragma once

#include <string>
#include <vector>

#include "protocol/front_end.h"

namespace chuhe {

class UciProtocol : FrontEnd {
public:
    explicit UciProtocol(Engine& engine) : FrontEnd(engine, "info string ", "bestmove (none)") {}

    // Handles one command line; false after `quit`.
    bool handle(const std::string& line);

private:
    void identify();
    void setoption(const std::vector<std::string>& words);
    void go(const std::vector<std::string>& words);
    // The limits of `go` (or, for `go perft N`, *perftDepth), or false and the reason.
    bool parse_go(const std::vector<std::string>& words, SearchLimits* limits, int* perftDepth,
                  std::string* error) const;
    void perft(int depth);
};

int run_uci(const std::vector<std::string>& args);

// Rough win/draw/loss chances in per mille for a score, as UCI_ShowWDL reports them.
struct Wdl {
    int win, draw, loss;
};
Wdl wdl_from_score(int score);

}  // namespace chuhe
