// Match statistics: Elo difference with its 95% error bar, likelihood of superiority and the
// sequential probability ratio test, from game results (trinomial) or, when games are played in
// pairs with colours swapped, from pair results (pentanomial, as fastchess does).
#pragma once

#include <array>
#include <string>

namespace chuhe::match {

// Results from the first engine's point of view.
struct Results {
    int wins = 0, losses = 0, draws = 0;
    // Pairs of games on one opening with colours swapped, by the pair's score 0, 0.5, ..., 2.
    std::array<int, 5> pairs{};

    int games() const { return wins + losses + draws; }
    int pair_count() const { return pairs[0] + pairs[1] + pairs[2] + pairs[3] + pairs[4]; }
    double score() const;  // points per game, 0..1
};

struct EloEstimate {
    double elo = 0;     // logistic Elo difference
    double margin = 0;  // half width of the 95% confidence interval, in Elo
    double los = 0.5;   // likelihood of superiority, 0..1
};

// Uses the pentanomial counts when there are any, the trinomial ones otherwise.
EloEstimate estimate_elo(const Results& r);

double score_to_elo(double score);
double elo_to_score(double elo);

struct Sprt {
    double elo0 = 0, elo1 = 5;  // logistic Elo of the two hypotheses
    double alpha = 0.05, beta = 0.05;

    double lower_bound() const;  // log(beta / (1 - alpha)): H0 accepted at or below
    double upper_bound() const;  // log((1 - beta) / alpha): H1 accepted at or above
    // Generalised SPRT log-likelihood ratio (maximum likelihood distributions with the
    // hypotheses' expected scores), over pairs when there are any, otherwise over games.
    double llr(const Results& r) const;

    enum Decision { CONTINUE, ACCEPT_H0, ACCEPT_H1 };
    Decision decide(const Results& r) const;
};

// A perfect score (every game won, or every game lost) has no finite estimate, only a bound:
// n wins in n games are less likely than 5% if the score is below 0.05^(1/n) (one-sided 95%).
// That bound in Elo, positive for wins and negative for losses; 0 when the score is not perfect.
double perfect_score_bound(const Results& r);
// The Elo estimate as text: "X +/- Y", or at a perfect score the bound, "> +X (95%)" or
// "< -X (95%)".
std::string elo_text(const Results& r);

// "Elo difference: X +/- Y, LOS: Z %, DrawRatio: D %" (cutechess's line; the bound at a perfect
// score).
std::string elo_line(const Results& r);
// "SPRT: llr 1.23 (41.8%), lbound -2.94, ubound 2.94 - H1 was accepted" (or no verdict yet).
std::string sprt_line(const Sprt& sprt, const Results& r);

}  // namespace chuhe::match
