// chuhe: one binary, several subcommands. With no subcommand it runs the protocol loop.
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "core/position.h"
#include "gui/gui.h"
#include "protocol/protocol.h"
#include "protocol/uci.h"
#include "protocol/ucci.h"
#include "tools/bench.h"
#include "tools/book.h"
#include "tools/convert.h"
#include "tools/datagen.h"
#include "tools/ending.h"
#include "tools/judge.h"
#include "tools/match.h"
#include "tools/perft.h"
#include "tools/train.h"
#include "tools/tune.h"

using namespace chuhe;

namespace {

struct Subcommand {
    const char* name;
    int (*run)(const std::vector<std::string>& args);
    const char* usage;
};

const Subcommand SUBCOMMANDS[] = {
    {"perft", run_perft, "perft DEPTH [FEN]   count leaf nodes, one line per root move"},
    {"ucci", run_ucci, "ucci                run the UCCI 3.0 protocol loop"},
    {"uci", run_uci, "uci                 run the UCI protocol loop (xiangqi dialect)"},
    {"bench", run_bench, "bench [DEPTH] [--eval hce|nnue]   fixed search of fixed positions: bench: N nodes M nps"},
    {"convert", run_convert, "convert IN OUT [--format F]   PGN/XQF files; F: chinese|wxf|iccs|san"},
    {"match", run_match, "match -engine cmd=... -engine cmd=... [-each tc=10+0.1] ... | match merge RESULTS...   play engines (see chuhe match --help)"},
    {"ending", run_ending, "ending RED BLACK    solve a small ending, e.g. KN kaabb (the endgame scales' source)"},
    {"judge", run_judge, "judge [--rules R] (--fen FEN | --pgn FILE [--game N] [--ply K]) [--moves \"M1 M2 ...\"]   rule on a repetition"},
    {"datagen", run_datagen, "datagen OUT [--games N --nodes N --threads T ...] | datagen convert|label OUT PGN...   training records for the network"},
    {"train", run_train, "train DATA... [--out NET --epochs N --threads T ...]   train the evaluation network"},
    {"gui", run_gui, "gui [--port N] [--host ADDR] [--engine CMD [ARGS...]]...   the web board: play, analyse, records, rules"},
    {"book", run_book, "book build OUT RECORDS... [--plies N --min-games N --min-score S] | book probe FILE FEN   the opening book"},
    {"tune", run_tune, "tune extract OUT PGN... | tune fit DATA [--out FILE]   fit the evaluation weights"},
};

void print_usage() {
    std::cout << "usage: chuhe [SUBCOMMAND ARGS...]   (no subcommand: UCCI/UCI protocol loop)\n";
    for (const Subcommand& c : SUBCOMMANDS) std::cout << "  chuhe " << c.usage << "\n";
}

}  // namespace

int main(int argc, char** argv) {
    Position::init();
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) return run_protocol(args);  // a GUI started us: speak UCCI or UCI
    if (args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
        print_usage();
        return 0;
    }
    for (const Subcommand& c : SUBCOMMANDS)
        if (args[0] == c.name) return c.run({args.begin() + 1, args.end()});
    std::cerr << "chuhe: unknown subcommand '" << args[0] << "'\n";
    print_usage();
    return 2;
}
