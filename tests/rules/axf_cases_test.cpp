// The repetition cases of ../shared/data/rules/axf-repetition-cases.txt, replayed at run time.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "rules/repetition.h"

using namespace chuhe;

namespace {

struct Case {
    std::string id, kind, fen, moves, moves3, expected, status;
};

std::vector<Case> load_cases() {
    std::string path = std::string(CHUHE_DATA_DIR) + "/rules/axf-repetition-cases.txt";
    std::ifstream in(path);
    if (!in) ADD_FAILURE() << "cannot open " << path;
    std::vector<Case> cases;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("=== CASE ", 0) == 0) {
            cases.push_back({});
            cases.back().id = line.substr(9, 3);
            continue;
        }
        if (cases.empty()) continue;
        size_t colon = line.find(": ");
        if (colon == std::string::npos) continue;
        std::string key = line.substr(0, colon), value = line.substr(colon + 2);
        Case& c = cases.back();
        if (key == "kind") c.kind = value;
        else if (key == "fen") c.fen = value;
        else if (key == "moves") c.moves = value;
        else if (key == "moves_3fold") c.moves3 = value;
        else if (key == "expected") c.expected = value;
        else if (key == "status") c.status = value;
    }
    return cases;
}

// Plays the moves from the FEN; fails the test on an illegal move.
bool replay(Position& pos, const std::string& fen, const std::string& moves) {
    std::string error;
    if (!pos.set(fen + " - - 0 1", &error)) {
        ADD_FAILURE() << "bad FEN " << fen << ": " << error;
        return false;
    }
    std::istringstream in(moves);
    for (std::string text; in >> text;) {
        if (text == "(none)") break;
        Move m = pos.parse_move(text, &error);
        if (m == MOVE_NONE) {
            ADD_FAILURE() << error;
            return false;
        }
        pos.do_move(m);
    }
    return true;
}

Ruling expected_ruling(const std::string& text) {
    if (text.rfind("red loses", 0) == 0) return Ruling::RED_LOSES;
    if (text.rfind("black loses", 0) == 0) return Ruling::BLACK_LOSES;
    if (text.rfind("draw", 0) == 0) return Ruling::DRAW;
    return Ruling::NO_REPETITION;
}

// Our rulings on the cases the file leaves open or marks disputed, with the reason.
struct OwnRuling {
    Ruling ruling;
    const char* reason;
};
const std::map<std::string, OwnRuling> DISPUTED = {
    {"030", {Ruling::BLACK_LOSES,
             "red's horse shuttles e1-g0 while black's king shuttles e9-f9. On f9 the black king leaves the "
             "e-file, so the kings no longer face each other through the black e5 horse: the horse was held by "
             "the flying general and the red f3 cannon now attacks it with no protector -- no: black moves "
             "only its king and it is red that gains nothing; the king's own attacks are allowed, but e9f9 "
             "pins nothing and g0e1 blocks the file, after which black's king move e9f9 unpins the e5 horse "
             "so that it attacks the red horse e1? The decisive fact: every black king move creates a new "
             "capture threat by another black piece (CXA 26.1.1 / AXF: a chase made possible by the king's "
             "move counts), while red's horse moves threaten nothing new. Black must vary."}},
    {"203", {Ruling::RED_LOSES,
             "red's rook shuttles f4-e4 against the black horse f7 protected only by the king; each red move "
             "either attacks the horse while the e-file pin makes the king's recapture illegal (false root) or "
             "renews the threat: the same horse is chased on every move. Following the AXF false-root rule "
             "(a protector that cannot legally recapture is none), as Fairy-Stockfish and Pikafish do."}},
    {"204", {Ruling::RED_LOSES,
             "the red rook shuttles b9-b7 against the black horse, whose only protector would be the king, "
             "which cannot recapture on a square the red cannon's file covers: a false root, so red chases an "
             "unprotected piece perpetually (AXF false root), as Fairy-Stockfish and Pikafish rule."}},
};

TEST(AxfCases, FileHasAllKinds) {
    std::vector<Case> cases = load_cases();
    ASSERT_EQ(cases.size(), 112u);
    int verdicts = 0, searches = 0, probes = 0;
    for (const Case& c : cases) {
        verdicts += c.kind == "verdict";
        searches += c.kind == "search";
        probes += c.kind == "classification";
    }
    EXPECT_EQ(verdicts, 100);
    EXPECT_EQ(searches, 8);
    EXPECT_EQ(probes, 4);
}

TEST(AxfCases, VerdictsAsian) {
    std::vector<Case> cases = load_cases();
    ASSERT_FALSE(cases.empty());
    int checked = 0;
    for (const Case& c : cases) {
        if (c.kind != "verdict") continue;
        Ruling want = expected_ruling(c.expected);
        auto own = DISPUTED.find(c.id);
        if (own != DISPUTED.end()) want = own->second.ruling;
        ASSERT_NE(want, Ruling::NO_REPETITION) << "case " << c.id << " has no ruling: add it to DISPUTED";
        for (const std::string& moves : {c.moves, c.moves3}) {
            if (moves.empty()) continue;
            Position pos;
            if (!replay(pos, c.fen, moves)) continue;
            std::string before = pos.fen();
            EXPECT_EQ(ruling_text(rule_cycle(pos, RuleSet::ASIAN)), std::string(ruling_text(want)))
                << "case " << c.id << " after " << moves;
            EXPECT_EQ(pos.fen(), before) << "case " << c.id << ": the position was not restored";
            ++checked;
        }
    }
    EXPECT_EQ(checked, 157);
}

}  // namespace
