#include "rules/explain.h"

#include <string>
#include <vector>

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
    // Nothing is ruled at a second occurrence: the offender may still vary.
    if (int previous = find_repetition(pos); previous >= 0 && occurrence_before(pos, previous) < 0)
        out << "occurrence: the second; play goes on, and the ruling applies if the position occurs a third time\n";
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

}  // namespace chuhe
