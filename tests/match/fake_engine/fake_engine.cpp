// A misbehaving engine for the match runner's tests. It answers both `ucci` and `uci` and
// plays the first legal move, until it has played `after` moves; then it misbehaves as its
// mode says:
//   good      keeps playing legal moves        illegal   plays a move that is not legal
//   garbage   answers "bestmove xyz"           crash     exits when told to search
//   hang      never answers a search           noready   never answers isready
//   slow      answers after 3 seconds          nomove    answers "bestmove (none)"
//   resign    answers with "resign"            draw      offers a draw with every move
//   twice     answers "bestmove" twice         closeout  closes its output, keeps running
//   bigmate   reports mate scores past the int range (2147483647, 1073741824, ...)
//   variant   starts as Fairy-Stockfish does: a banner line first, and over UCI the options of
//             an engine of many variants (Protocol, UCI_Chess960, UCI_Variant with xiangqi)
// It announces a few options in either protocol's wording (a spin, a check, a combo, a
// button, a string and MultiPV) and, told `go infinite`, sends one info line per MultiPV line
// (the first legal moves, in order) and its best move only when told `stop`.
// Usage: fake_engine MODE [AFTER [LOG]]. With FAKE_ENGINE_PIDFILE set, it appends its process
// id to that file at start; with LOG, every line it reads is appended to that file.
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <unistd.h>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>

#include "core/movegen.h"
#include "core/position.h"

using namespace chuhe;

int main(int argc, char** argv) {
    Position::init();
    std::string mode = argc > 1 ? argv[1] : "good";
    int after = argc > 2 ? std::atoi(argv[2]) : 0;
    std::ofstream log;
    if (argc > 3) log.open(argv[3], std::ios::app);
    if (const char* pidFile = std::getenv("FAKE_ENGINE_PIDFILE")) std::ofstream(pidFile, std::ios::app) << getpid() << "\n";
    int played = 0, multiPV = 1;
    bool ucci = false, infinite = false;
    Position pos;
    std::string line;
    if (mode == "variant") std::cout << "Fake-Stockfish 1.0 by nobody" << std::endl;
    while (std::getline(std::cin, line)) {
        if (log.is_open()) log << line << std::endl;
        std::istringstream in(line);
        std::string cmd;
        in >> cmd;
        bool misbehave = played >= after;
        if (cmd == "ucci" || cmd == "uci") {
            ucci = cmd == "ucci";
            std::cout << "id name fake-" << mode << "\n";
            if (ucci)
                std::cout << "option level type spin min 0 max 20 default 20\n"
                             "option usebook type check default true\n"
                             "option style type combo default normal var solid var normal var risky\n"
                             "option clearhash type button\n"
                             "option bookfiles type string default fake.book\n"
                             "option multipv type spin min 1 max 4 default 1\n";
            else
                std::cout << "option name Skill Level type spin default 20 min 0 max 20\n"
                             "option name OwnBook type check default true\n"
                             "option name Play Style type combo default Normal var Solid var Normal var Risky\n"
                             "option name Clear Hash type button\n"
                             "option name BookFile type string default <empty>\n"
                             "option name MultiPV type spin default 1 min 1 max 4\n";
            if (!ucci && mode == "variant")
                std::cout << "option name Protocol type combo default uci var uci var usi var ucci var xboard\n"
                             "option name UCI_Chess960 type check default false\n"
                             "option name UCI_Variant type combo default chess var chess var janggi var xiangqi\n";
            std::cout << (ucci ? "ucciok" : "uciok") << std::endl;
        } else if (cmd == "setoption") {
            std::string word, last;
            while (in >> word) last = word;
            if (line.find("MultiPV") != std::string::npos || line.find("multipv") != std::string::npos) multiPV = std::atoi(last.c_str());
        } else if (cmd == "stop") {
            if (infinite) {
                MoveList moves = MoveList::of<LEGAL>(pos);
                std::cout << "bestmove " << (moves.size() ? Position::move_to_string(*moves.begin()) : "(none)")
                          << std::endl;
            }
            infinite = false;
        } else if (cmd == "isready") {
            if (mode != "noready") std::cout << "readyok" << std::endl;
        } else if (cmd == "position") {
            std::string kind, word;
            in >> kind;
            std::string fen;
            if (kind == "startpos")
                fen = Position::START_FEN;
            while (in >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
            pos.set(fen);
            while (in >> word) pos.do_move(pos.parse_move(word));
        } else if (cmd == "go" && line.find("infinite") != std::string::npos && mode == "good") {
            infinite = true;
            int k = 0;
            for (Move m : MoveList::of<LEGAL>(pos)) {
                if (++k > multiPV) break;
                std::cout << "info depth 5 multipv " << k << " score " << (ucci ? "" : "cp ") << 10 - k
                          << " nodes 1000 pv " << Position::move_to_string(m) << "\n";
            }
            std::cout << std::flush;
        } else if (cmd == "go") {
            MoveList moves = MoveList::of<LEGAL>(pos);
            std::string best = moves.size() ? Position::move_to_string(*moves.begin()) : "(none)";
            ++played;
            if (!misbehave || mode == "good") {
                std::cout << "info depth 1 score " << (ucci ? "" : "cp ") << "0 pv " << best << "\n";
                std::cout << "bestmove " << best << std::endl;
                continue;
            }
            if (mode == "twice") {
                std::cout << "bestmove " << best << std::endl;
                std::cout << "bestmove " << best << std::endl;
            } else if (mode == "closeout") {
                close(1);
                std::this_thread::sleep_for(std::chrono::hours(1));
            } else if (mode == "bigmate") {
                const char* scores[] = {"mate 2147483647", "mate 1073741824", "mate 99999999999", "cp 2147483647"};
                std::cout << "info depth 1 score " << (ucci ? "" : "cp ") << "99999999999 pv " << best << "\n";
                std::cout << "info depth 2 score " << scores[played % 4] << " pv " << best << "\n";
                std::cout << "bestmove " << best << std::endl;
            } else if (mode == "illegal") std::cout << "bestmove a0a9" << std::endl;
            else if (mode == "garbage") std::cout << "bestmove xyz" << std::endl;
            else if (mode == "crash") return 3;
            else if (mode == "hang") std::this_thread::sleep_for(std::chrono::hours(1));
            else if (mode == "slow") {
                std::this_thread::sleep_for(std::chrono::seconds(3));
                std::cout << "bestmove " << best << std::endl;
            } else if (mode == "nomove") std::cout << "bestmove (none)" << std::endl;
            else if (mode == "resign") std::cout << "bestmove " << best << " resign" << std::endl;
            else if (mode == "draw") std::cout << "bestmove " << best << " draw" << std::endl;
        } else if (cmd == "quit") {
            if (ucci) std::cout << "bye" << std::endl;
            return 0;
        }
    }
    return 0;
}
