#include "tools/judge.h"

#include <algorithm>
#include <iostream>
#include <sstream>

#include "records/record_file.h"
#include "rules/repetition.h"

namespace chuhe {

namespace {

std::string pieces_text(const Position& pos, Bitboard b) {
    std::string text;
    while (b) {
        Square s = pop_lsb(b);
        text += (text.empty() ? "the " : b ? ", the " : " and the ") + piece_at(pos.piece_on(s), s);
    }
    return text;
}

// One chase, as "the black rook on b7 (unprotected), attacked by the red cannon on b2".
std::string chase_text(const Position& pos, const Chase& c, bool chinese) {
    std::string text =
        "the " + piece_at(c.victimPiece, c.victim) + " by the " + piece_at(c.attackerPiece, c.attacker);
    if (c.roots)
        text += ", protected by " + pieces_text(pos, c.roots);
    else
        text += ", unprotected" + std::string(chinese ? " (無根子, 24.15)" : "");
    if (c.falseRoots)
        text += "; " + pieces_text(pos, c.falseRoots) + " cannot legally recapture (false root" +
                (chinese ? ", 假根, 24.16)" : ")");
    if (c.joint)
        text += "; only several attackers together win it (joint chase" +
                std::string(chinese ? ", 聯合捉子, 24.17)" : ")");
    else if (c.roots)
        text +=
            "; it is worth more than its attacker (" +
            std::string(c.rook() && (type_of(c.attackerPiece) == HORSE || type_of(c.attackerPiece) == CANNON)
                            ? "a rook may not be chased by a horse or cannon even when protected)"
                            : "capturing wins material)");
    return text;
}

std::string nature_text(const Position& pos, const MoveNature& n, bool chinese) {
    std::string text;
    if (n.check) text = chinese ? "check (將, 24.1)" : "check";
    if (n.mateThreat)
        text +=
            std::string(text.empty() ? "" : ", ") + (chinese ? "mate threat (殺, 24.2)" : "mate threat (殺)");
    for (int i = 0; i < n.chaseCount; ++i)
        text += std::string(text.empty() ? ""
                            : i          ? "; "
                                         : ", ") +
                (i         ? ""
                 : chinese ? "chase (捉, 24.3) of "
                           : "chase of ") +
                chase_text(pos, n.chases[i], chinese);
    if (text.empty())
        text = chinese ? "idle (閒, 24.8)" : "idle";
    else if (chinese && (n.check + n.mateThreat + (n.chaseCount > 0)) > 1)
        text += " - judged by the heaviest (26.4)";
    for (const std::string& note : n.notes) text += "; " + note;
    return text;
}

}  // namespace

void write_judgement(std::ostream& out, Position& pos, RuleSet rules) {
    CycleJudgement j = judge_cycle(pos, rules, true);
    out << "ruling: " << ruling_text(j.ruling) << "\n";
    out << "rules: " << (rules == RuleSet::ASIAN ? "asian (AXF)" : "chinese (CXA 2011)") << "\n";
    if (j.ruling == Ruling::NO_REPETITION) return;
    bool chinese = rules == RuleSet::CHINESE;
    out << "cycle: the position after ply " << j.first << " recurs";
    for (int i = j.first + 4; i < j.last; i += 2)
        if (pos.history()[i].key == pos.history()[j.last].key) out << " after ply " << i << " and";
    out << " after ply " << j.last << " (" << j.last - j.first << " moves)\n";
    // Replay the cycle to describe each move on the board it was made on.
    int length = j.last - j.first;
    std::vector<Move> moves;
    for (int i = 0; i < length; ++i) moves.push_back(pos.history()[j.first + 1 + i].move);
    for (int i = 0; i < length; ++i) pos.undo_move();
    for (int i = 0; i < length; ++i) {
        pos.do_move(moves[i]);
        const MoveNature& n = j.moves[i];
        out << "  ply " << j.first + 1 + i << "  " << (n.side == RED ? "red  " : "black") << " "
            << Position::move_to_string(n.move) << " (" << piece_text(n.piece)
            << "): " << nature_text(pos, n, chinese) << "\n";
    }
    for (Color c : {RED, BLACK}) out << (c == RED ? "red: " : "black: ") << j.conduct[c].summary << "\n";
    out << "grounds:\n";
    for (const std::string& g : j.grounds) out << "  " << g << "\n";
}

int run_judge(const std::vector<std::string>& args) {
    const char* usage =
        "usage: chuhe judge [--rules asian|chinese] (--fen FEN | --pgn FILE [--game N] [--ply K]) [--moves \"m1 m2 ...\"]\n";
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
    } else if (!pos.set(fen, &error)) {
        return fail("bad FEN: " + error);
    }
    std::istringstream in(moves);
    int n = 0;
    for (std::string text; in >> text;) {
        Move m = pos.parse_move(text, &error);
        if (m == MOVE_NONE) return fail("move " + std::to_string(n + 1) + ": " + error);
        pos.do_move(m);
        ++n;
    }
    write_judgement(std::cout, pos, rules);
    return 0;
}

}  // namespace chuhe
