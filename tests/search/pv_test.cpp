// Issue 13, fault 17: every principal variation the search reports replays legally move by
// move and stops at a mate (no move after a position without legal moves).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/movegen.h"
#include "search/search_helpers.h"
#include "support/data.h"

namespace chuhe::test {

namespace {

// "" when the PV replays legally from pos, otherwise what went wrong.
std::string pv_problem(Position pos, const std::vector<Move>& pv) {
    for (size_t i = 0; i < pv.size(); ++i) {
        if (!MoveList::of<LEGAL>(pos).contains(pv[i])) {
            std::string line;
            for (Move m : pv) line += " " + Position::move_to_string(m);
            return "move " + std::to_string(i + 1) + " (" + Position::move_to_string(pv[i]) + ") of pv" + line +
                   " is not legal in " + pos.fen();
        }
        pos.do_move(pv[i]);
    }
    return "";
}

void expect_legal_pvs(const std::string& fen, const std::vector<std::string>& moves, int depth, int threads = 1) {
    Position pos;
    ASSERT_TRUE(pos.set(fen)) << fen;
    for (const std::string& m : moves) pos.do_move(pos.parse_move(m));
    SearchRun run = run_search(fen, depth_limit(depth), threads, moves);
    for (const SearchInfo& info : run.infos) {
        std::string problem = pv_problem(pos, info.pv);
        EXPECT_EQ(problem, "") << fen << " depth " << info.depth;
    }
    if (run.result.best) {
        EXPECT_TRUE(MoveList::of<LEGAL>(pos).contains(run.result.best)) << fen;
        if (run.result.ponder) {
            Position after = pos;
            after.do_move(run.result.best);
            EXPECT_TRUE(MoveList::of<LEGAL>(after).contains(run.result.ponder)) << fen;
        }
    }
}

}  // namespace

// The game of the issue: red is mated after e6f6, yet the PV went on with i3i4.
TEST(PrincipalVariation, StopsAtMateInTheReportedGame) {
    const std::string fen = "1hea1aeC1/3k5/6h2/p5p1p/7c1/1p2P4/P1P3r1P/3c5/9/2E2K3 w - - 0 1";
    const std::vector<std::string> moves = {"h9h6", "g3f3", "f0e0", "f3e3", "e0f0", "d8e8", "h6a6",
                                            "e3e4", "c0e2", "e4e2", "f0f1", "e2e3", "a6e6", "e3e6"};
    for (int depth = 1; depth <= 8; ++depth) expect_legal_pvs(fen, moves, depth);
    expect_legal_pvs(fen, moves, 9, 2);  // the main thread's PV with a helper sharing the table
}

// Many searches: the composed mates (mating lines end in positions without moves) and
// middlegame openings, to a modest depth.
TEST(PrincipalVariation, ReplaysLegallyOverManySearches) {
    std::ifstream in(data_path("tactics/composed_mates_105.epd"));
    ASSERT_TRUE(in);
    int searched = 0;
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string board, side;
        if (!(words >> board >> side)) continue;
        expect_legal_pvs(board + " " + side + " - - 0 1", {}, 7);
        ++searched;
    }
    EXPECT_EQ(searched, 105);
    std::ifstream openings(data_path("openings/fairy_xiangqi.epd"));
    int n = 0;
    for (std::string line; std::getline(openings, line) && n < 400; ++n) {
        if (n % 20) continue;
        std::istringstream words(line);
        std::string board, side;
        words >> board >> side;
        expect_legal_pvs(board + " " + side, {}, 8);
    }
}

}  // namespace chuhe::test
