// Reference values were computed independently (Python: the same formulas, the maximum
// likelihood distributions found by Newton's method instead of bisection).
#include <gtest/gtest.h>

#include <sstream>

#include "match/scoreboard.h"
#include "match/stats.h"

using namespace chuhe::match;

TEST(MatchStats, TrinomialEloErrorBarAndLos) {
    Results r;
    r.wins = 60, r.losses = 40, r.draws = 100;
    EloEstimate e = estimate_elo(r);
    EXPECT_NEAR(e.elo, 34.8601, 1e-3);
    EXPECT_NEAR(e.margin, 34.1593, 1e-3);
    EXPECT_NEAR(e.los, 0.978324, 1e-5);
    EXPECT_EQ(elo_line(r), "Elo difference: 34.9 +/- 34.2, LOS: 97.8 %, DrawRatio: 50.0 %");
}

TEST(MatchStats, PentanomialEloErrorBarAndLos) {
    Results r;
    r.pairs = {5, 20, 50, 25, 10};
    r.wins = 70, r.losses = 50, r.draws = 100;  // games total 220 = 2 x 110 pairs
    EloEstimate e = estimate_elo(r);
    EXPECT_NEAR(e.elo, 23.7256, 1e-3);
    EXPECT_NEAR(e.margin, 31.6418, 1e-3);
    EXPECT_NEAR(e.los, 0.930339, 1e-5);
}

TEST(MatchStats, EloAndScoreConvert) {
    EXPECT_NEAR(elo_to_score(0), 0.5, 1e-12);
    EXPECT_NEAR(score_to_elo(elo_to_score(123.4)), 123.4, 1e-9);
    EXPECT_NEAR(score_to_elo(0.75), 190.8485, 1e-3);
}

TEST(MatchStats, SprtLogLikelihoodRatioAndDecision) {
    Sprt sprt{0, 10, 0.05, 0.05};
    EXPECT_NEAR(sprt.lower_bound(), -2.944439, 1e-6);
    EXPECT_NEAR(sprt.upper_bound(), 2.944439, 1e-6);

    Results tri;
    tri.wins = 60, tri.losses = 40, tri.draws = 100;
    EXPECT_NEAR(sprt.llr(tri), 0.988083, 1e-4);

    Results penta;
    penta.pairs = {5, 20, 50, 25, 10};
    EXPECT_NEAR(sprt.llr(penta), 0.721577, 1e-4);
    EXPECT_EQ(sprt.decide(penta), Sprt::CONTINUE);

    Sprt narrow{0, 5, 0.05, 0.05};
    Results strong, stronger, weak;
    strong.pairs = {10, 60, 200, 100, 30};
    stronger.pairs = {5, 40, 200, 110, 45};
    weak.pairs = {30, 100, 200, 60, 10};
    EXPECT_NEAR(narrow.llr(strong), 2.691804, 1e-4);
    EXPECT_EQ(narrow.decide(strong), Sprt::CONTINUE);
    EXPECT_NEAR(narrow.llr(stronger), 4.669216, 1e-4);
    EXPECT_EQ(narrow.decide(stronger), Sprt::ACCEPT_H1);
    EXPECT_NEAR(narrow.llr(weak), -3.057487, 1e-4);
    EXPECT_EQ(narrow.decide(weak), Sprt::ACCEPT_H0);
    EXPECT_EQ(sprt_line(narrow, weak), "SPRT: llr -3.06 (-103.8%), lbound -2.94, ubound 2.94 - H0 was accepted");

    Results allWins;
    allWins.wins = 12;
    EXPECT_GT(sprt.llr(allWins), 0) << "a one-sided result is evidence for the stronger hypothesis";
    EXPECT_EQ(sprt.llr(Results{}), 0);
}

TEST(MatchStats, PerfectScoreGivesABoundNotInfinity) {
    // 200 wins in 200 games: below a score of 0.05^(1/200) they would be rarer than 5%.
    Results r;
    r.wins = 200;
    EXPECT_NEAR(perfect_score_bound(r), 728.508, 1e-3);
    EXPECT_EQ(elo_line(r), "Elo difference: > +728.5 (95%), LOS: 100.0 %, DrawRatio: 0.0 %");
    r.wins = 0, r.losses = 4;
    EXPECT_EQ(elo_line(r), "Elo difference: < +18.9 (95%), LOS: 0.0 %, DrawRatio: 0.0 %");
    r.draws = 1;
    EXPECT_EQ(perfect_score_bound(r), 0.0);
}

TEST(Scoreboard, StandingsBoundAPerfectScore) {
    // Three engines, c lost every game: its row read "-2400.0 -0.0" (a clamped estimate).
    Scoreboard board({"a", "b", "c"});
    for (int i = 0; i < 2; ++i) {
        board.add(0, 1, "1/2-1/2", -1);
        board.add(0, 2, "1-0", -1);
        board.add(1, 2, "1-0", -1);
    }
    std::ostringstream out;
    board.print_summary(out, std::nullopt);
    std::string text = out.str();
    EXPECT_NE(text.find("   3 c                        < +18.9 (95%)      4    0.0%   0.0%"), std::string::npos)
        << text;
    EXPECT_NE(text.find(" a                      190.8 +/- 458.0      4   75.0%  50.0%"), std::string::npos) << text;
    EXPECT_EQ(text.find("2400"), std::string::npos) << text;
}
