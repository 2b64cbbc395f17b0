// chuhe: one binary, several subcommands. With no subcommand it runs the protocol loop.
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "core/position.h"
#include "tools/convert.h"
#include "tools/judge.h"
#include "tools/match.h"
#include "tools/perft.h"

using namespace chuhe;

namespace {

struct Subcommand {
    const char* name;
    int (*run)(const std::vector<std::string>& args);
    const char* usage;
};

const Subcommand SUBCOMMANDS[] = {
    {"perft", run_perft, "perft DEPTH [FEN]   count leaf nodes, one line per root move"},
    {"convert", run_convert, "convert IN OUT [--format F]   PGN/XQF files; F: chinese|wxf|iccs|san"},
    {"match", run_match, "match -engine cmd=... -engine cmd=... [-each tc=10+0.1] ...   play engines (see chuhe match --help)"},
    {"judge", run_judge, "judge [--rules asian|chinese] --fen FEN --moves \"M1 M2 ...\"   rule on a repetition"},
};

void print_usage() {
    std::cout << "usage: chuhe [SUBCOMMAND ARGS...]\n";
    for (const Subcommand& c : SUBCOMMANDS) std::cout << "  chuhe " << c.usage << "\n";
}

}  // namespace

int main(int argc, char** argv) {
    Position::init();
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        print_usage();
        return 0;
    }
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
