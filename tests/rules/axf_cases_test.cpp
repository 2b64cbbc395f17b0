// The repetition cases of ../shared/data/rules/axf-repetition-cases.txt, replayed at run time.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "rules/repetition.h"
#include "search/search_helpers.h"

using namespace chuhe;

namespace {

const bool initialized = (Position::init(), true);

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
        if (key == "kind")
            c.kind = value;
        else if (key == "fen")
            c.fen = value;
        else if (key == "moves")
            c.moves = value;
        else if (key == "moves_3fold")
            c.moves3 = value;
        else if (key == "expected")
            c.expected = value;
        else if (key == "status")
            c.status = value;
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
    {"030",
     {Ruling::BLACK_LOSES,
      "the source leaves the value open. Each black king move (e9f9, f9e9) creates a new threat on "
      "the red cannon f3: leaving the e-file unpins the black e5 horse (the flying general held it), "
      "and returning to it turns the red e1 horse, the cannon's only protector, into a false root "
      "(recapturing would leave the kings facing). A chase made possible by a king move is a chase "
      "(AXF; CXA 26.1.1), so black chases the cannon on every move while red's horse moves threaten "
      "nothing. Black must vary (as Pikafish rules; Fairy-Stockfish says draw)."}},
    {"203",
     {Ruling::RED_LOSES,
      "the red cannon shuttles e4-f4 and each time pins the black e8 advisor, the only protector of "
      "the f7 horse, against the king (via the e7 elephant on the e-file, via the horse on the "
      "f-file), while the red f5 rook attacks the horse: a protector that cannot legally recapture is "
      "a false root, so red chases an unprotected horse on every move (as Fairy-Stockfish, Pikafish "
      "and Cyclone rule; chessdb and XQ-xiaochong say draw)."}},
    {"204",
     {Ruling::RED_LOSES,
      "red's rook b9-b7 attacks the unprotected horse on e7; back on b9 it makes the red c9 cannon "
      "attack the horse on f9 over the black king, whose recapture would step onto the rook's rank: "
      "a false root. The same horse is chased on every move, by rook and cannon in turn, and it is "
      "the only piece chased: a perpetual chase (as Fairy-Stockfish, Pikafish and Cyclone rule)."}},
    {"201",
     {Ruling::RED_LOSES,
      "the red cannon's shuttle opens the e2 elephant's diagonal onto the black rook, on c4 or g4, on "
      "every move. The rook is protected, but an elephant that takes a rook wins material whatever "
      "follows, as a horse or cannon does (the value rule behind AXF's rook clause): red chases the "
      "rook perpetually (chessdb and Tiantian rule the same)."}},
    {"202",
     {Ruling::RED_LOSES, "as 201: the red a2 elephant attacks the protected black rook on every red move."}},
    {"205",
     {Ruling::RED_LOSES,
      "every red king move creates a threat of the e3 horse on the unprotected d5 cannon: on d0 it "
      "unpins the horse, on e0 it makes the black e7 horse a false root (recapturing would face the "
      "kings). A chase made possible by the king counts (CXA 26.1.1 'borrowing the king's power'), so "
      "red chases the cannon on every move."}},
    {"206",
     {Ruling::DRAW,
      "d0e0 lets the d7 rook take the unprotected d3 cannon (new chase), but e0d0 only adds the e3 "
      "rook as a second attacker of a cannon that was already hanging: the threat is not new, so red "
      "chases on one move of two and nobody must vary (the maintainer's ruling)."}},
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
    EXPECT_EQ(checked, 160);
}

// The grounds name the AXF rules that decide: rule 19 (a chased piece that stays put defends:
// case 021, diagram 39) and rule 32 (two rooks taking turns chasing two cannons: case 138).
TEST(AxfCases, GroundsNameTheDecidingRule) {
    for (const auto& [id, rule] :
         {std::pair<std::string, std::string>{"021", "AXF rule 19"}, {"138", "AXF rule 32"}}) {
        bool found = false;
        for (const Case& c : load_cases())
            if (c.id == id) {
                Position pos;
                ASSERT_TRUE(replay(pos, c.fen, c.moves));
                std::string grounds;
                for (const std::string& g : judge_cycle(pos, RuleSet::ASIAN, true).grounds)
                    grounds += g + "\n";
                EXPECT_NE(grounds.find(rule), std::string::npos) << id << ":\n" << grounds;
                found = true;
            }
        EXPECT_TRUE(found) << "case " << id << " missing";
    }
}

// The search cases: positions where engines reported a forced mate that the rules do not give
// (rule verdicts at the second occurrence, verdicts pinned on the side that did not complete the
// cycle, TT entries shared across histories). No mate may be reported at any depth, and the
// score must not be a rule result either: neither side can force a win by the rules here.
TEST(AxfCases, SearchCasesReportNoForcedMate) {
    int searched = 0;
    for (const Case& c : load_cases()) {
        if (c.kind != "search") continue;
        std::vector<std::string> moves;
        std::istringstream in(c.moves);
        for (std::string m; in >> m && m != "(none)";) moves.push_back(m);
        SearchLimits limits;
        limits.nodes = 400000;
        chuhe::test::SearchRun r = chuhe::test::run_search(c.fen + " - - 0 1", limits, 1, moves);
        ASSERT_FALSE(r.infos.empty()) << c.id;
        for (const SearchInfo& info : r.infos)
            EXPECT_FALSE(is_decisive(info.score))
                << "case " << c.id << " depth " << info.depth << " score " << info.score;
        std::cout << "case " << c.id << ": depth " << r.result.depth << " score " << r.result.score
                  << " best " << Position::move_to_string(r.result.best) << "\n";
        ++searched;
    }
    EXPECT_EQ(searched, 8);
}

MoveNature classify_case(const std::string& id) {
    for (const Case& c : load_cases())
        if (c.id == id) {
            Position pos;
            EXPECT_TRUE(replay(pos, c.fen, c.moves));
            return classify_last_move(pos, RuleSet::ASIAN, EXPLAIN);
        }
    ADD_FAILURE() << "case " << id << " missing";
    return {};
}

// 218: after f8f9 the cannon g9 threatens the e9 horse; the d9 king cannot recapture on a square
// the f9 rook covers, so the horse is unprotected: a chase.
TEST(AxfCases, Classification218FalseRootKing) {
    MoveNature n = classify_case("218");
    ASSERT_EQ(n.chaseCount, 1);
    EXPECT_EQ(square_text(n.chases[0].victim), "e9");
    EXPECT_EQ(square_text(n.chases[0].attacker), "g9");
    EXPECT_EQ(n.chases[0].roots, Bitboard(0));
    EXPECT_NE(n.chases[0].falseRoots, Bitboard(0));
}

// 219: the knight on f0 is pinned by the i0 rook against its king: it may not take the e2
// cannon, so there is no chase.
TEST(AxfCases, Classification219PinnedAttacker) {
    MoveNature n = classify_case("219");
    EXPECT_EQ(n.chaseCount, 0);
    EXPECT_FALSE(n.check);
}

// 220: Rxa1 newly attacks the a9 knight along its own line of movement: a chase.
TEST(AxfCases, Classification220AttackAlongTheLine) {
    MoveNature n = classify_case("220");
    ASSERT_EQ(n.chaseCount, 1);
    EXPECT_EQ(square_text(n.chases[0].victim), "a9");
}

// 221: the red rook chases the unprotected knight on every move. The ruling applies when the
// position recurs; whether the side to move may still vary is the caller's business (the
// match runner and the search make it final at the third occurrence).
TEST(AxfCases, Classification221RulingOnRecurrence) {
    for (const Case& c : load_cases())
        if (c.id == "221") {
            Position pos;
            ASSERT_TRUE(replay(pos, c.fen, c.moves));
            EXPECT_EQ(rule_cycle(pos, RuleSet::ASIAN), Ruling::RED_LOSES);
            return;
        }
    FAIL() << "case 221 missing";
}

}  // namespace
