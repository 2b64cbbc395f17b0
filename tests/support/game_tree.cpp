#include "support/game_tree.h"

#include <stdexcept>

namespace chuhe::test {

namespace {

void append_line(const std::vector<GameMove>& line, std::string& out) {
    for (const GameMove& m : line) {
        if (!out.empty()) out += ' ';
        out += Position::move_to_string(m.move);
        for (int nag : m.nags) out += " $" + std::to_string(nag);
        if (!m.comment.empty()) out += " {" + m.comment + "}";
        for (const Variation& v : m.variations) {
            std::string inner = v.comment.empty() ? "" : "{" + v.comment + "}";
            append_line(v.moves, inner);
            out += " (" + inner + ")";
        }
    }
}

void collect_lines(const std::string& prefix, const std::vector<GameMove>& line,
                   std::vector<std::string>& out) {
    std::string text = prefix;
    std::vector<std::pair<std::string, const Variation*>> branches;
    for (const GameMove& m : line) {
        for (const Variation& v : m.variations) branches.emplace_back(text, &v);
        text += (text.empty() ? "" : " ") + Position::move_to_string(m.move);
    }
    out.push_back(text);
    for (const auto& [before, v] : branches) collect_lines(before, v->moves, out);
}

}  // namespace

std::string tree_text(const Game& game) {
    std::string out = game.comment.empty() ? "" : "{" + game.comment + "}";
    append_line(game.moves, out);
    return out;
}

std::vector<std::string> tree_lines(const Game& game) {
    std::vector<std::string> out;
    collect_lines("", game.moves, out);
    return out;
}

Game game_of(const std::string& fen, const std::vector<std::string>& moves) {
    Game g;
    g.startFen = fen;
    Position pos;
    if (!pos.set(fen)) throw std::runtime_error("bad FEN " + fen);
    for (const std::string& m : moves) {
        Move mv = pos.parse_move(m);
        if (mv == MOVE_NONE) throw std::runtime_error("not legal: " + m);
        g.moves.emplace_back(mv);
        pos.do_move(mv);
    }
    return g;
}

}  // namespace chuhe::test
