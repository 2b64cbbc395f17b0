#include "tools/perft.h"

#include <chrono>
#include <iostream>

#include "core/movegen.h"
#include "util/position_text.h"

namespace chuhe {

uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return count_legal_moves(pos);
    uint64_t nodes = 0;
    for (Move m : MoveList::of<LEGAL>(pos)) {
        pos.do_move(m);
        nodes += perft(pos, depth - 1);
        pos.undo_move();
    }
    return nodes;
}

uint64_t perft(Position& pos, int depth, const std::atomic<bool>* stop) {
    if (depth <= 0) return 1;
    if (depth == 1) return count_legal_moves(pos);
    uint64_t nodes = 0;
    for (Move m : MoveList::of<LEGAL>(pos)) {
        if (stop->load(std::memory_order_relaxed)) break;
        pos.do_move(m);
        nodes += perft(pos, depth - 1, stop);
        pos.undo_move();
    }
    return nodes;
}

int run_perft(const std::vector<std::string>& args) {
    if (args.empty() || args[0].find_first_not_of("0123456789") != std::string::npos || args[0].size() > 2 ||
        args[0].find_first_not_of('0') == std::string::npos) {
        std::cerr << "usage: chuhe perft DEPTH [FEN|startpos]   (DEPTH a whole number from 1 to 99)\n";
        return 2;
    }
    int depth = std::stoi(args[0]);
    Position pos;
    std::string error, fen;
    for (size_t i = 1; i < args.size(); ++i) fen += (i > 1 ? " " : "") + args[i];  // quoted or not
    if (args.size() > 1 && !set_position_text(pos, fen, &error)) {
        std::cerr << "chuhe perft: bad FEN: " << error << "\n";
        return 2;
    }
    auto start = std::chrono::steady_clock::now();
    uint64_t total = 0;
    for (Move m : MoveList::of<LEGAL>(pos)) {
        pos.do_move(m);
        uint64_t n = perft(pos, depth - 1);
        pos.undo_move();
        total += n;
        std::cout << Position::move_to_string(m) << ' ' << n << '\n';
    }
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    std::cout << "nodes " << total << " time " << ms << " nps " << total * 1000 / std::max<int64_t>(ms, 1)
              << std::endl;
    return 0;
}

}  // namespace chuhe
