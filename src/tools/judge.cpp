#include "tools/judge.h"

#include <algorithm>
#include <iostream>
#include <sstream>

#include "records/notation.h"
#include "records/record_file.h"
#include "rules/explain.h"
#include "rules/rule_set.h"
#include "util/position_text.h"

namespace chuhe {

int run_judge(const std::vector<std::string>& args) {
    const char* usage =
        "usage: chuhe judge [--rules asian|chinese] (--fen FEN|startpos | --pgn FILE [--game N] [--ply K])\n"
        "                   [--moves \"M1 M2 ...\"]\n"
        "  rules on the repetition the position ends with (after --moves, in any notation game\n"
        "  records use: h2e2, H2-E2, C2.5, 炮二平五, Che2); a ruling applies at the third occurrence\n";
    RuleSet rules = RuleSet::ASIAN;
    std::string fen, moves, pgn;
    bool haveFen = false;
    int game = 1, ply = -1;
    auto fail = [&](const std::string& why) {
        std::cerr << "chuhe judge: " << why << "\n";
        return 2;
    };
    auto number = [](const std::string& v, int& out) {
        if (v.empty() || v.size() > 9 || v.find_first_not_of("0123456789") != std::string::npos) return false;
        out = std::stoi(v);
        return true;
    };
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::cout << usage;
            return 0;
        }
        if (i + 1 >= args.size() ||
            (a != "--rules" && a != "--fen" && a != "--moves" && a != "--pgn" && a != "--game" && a != "--ply")) {
            std::cerr << "chuhe judge: unexpected argument '" << a << "'\n" << usage;
            return 2;
        }
        const std::string& v = args[++i];
        if (a == "--rules" && !parse_rule_set(v, &rules)) return fail("unknown rule set '" + v + "' (asian or chinese)");
        if (a == "--game" && (!number(v, game) || game < 1)) return fail("--game takes a game number from 1");
        if (a == "--ply" && !number(v, ply)) return fail("--ply takes a number of plies");
        if (a == "--fen") fen = v, haveFen = true;
        if (a == "--moves") moves = v;
        if (a == "--pgn") pgn = v;
    }
    if (haveFen == !pgn.empty()) {
        std::cerr << "chuhe judge: give either --fen or --pgn\n" << usage;
        return 2;
    }
    Position pos;
    std::string error;
    if (!pgn.empty()) {
        // The position after --ply plies (all by default) of game --game of a PGN or XQF file.
        RecordFile file;
        if (!read_record_file(pgn, file, &error)) return fail(error);
        auto g = std::find_if(file.games.begin(), file.games.end(), [&](const Game& x) { return x.number == game; });
        if (g == file.games.end()) {
            for (const RecordError& e : file.errors)
                if (e.game == game) return fail(pgn + ": game " + std::to_string(game) + ": " + e.message);
            return fail(pgn + " has no game " + std::to_string(game) + " (it has " +
                        std::to_string(file.gamesSeen) + ")");
        }
        if (!g->replay(pos, ply, &error)) return fail(pgn + ": game " + std::to_string(game) + ": " + error);
    } else if (!set_position_text(pos, fen, &error)) {
        return fail("bad FEN: " + error);
    }
    std::istringstream in(moves);
    int n = 0;
    for (std::string text; in >> text;) {
        Move m = parse_move_text(pos, text, &error);
        if (m == MOVE_NONE) return fail("move " + std::to_string(n + 1) + ": " + error);
        pos.do_move(m);
        ++n;
    }
    write_judgement(std::cout, pos, rules);
    return 0;
}

}  // namespace chuhe
