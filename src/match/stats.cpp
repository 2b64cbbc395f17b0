#include "match/stats.h"

#include <cmath>
#include <cstdio>
#include <vector>

namespace chuhe::match {

namespace {

constexpr double Z95 = 1.959963984540054;  // two-sided 95% quantile of the normal law

// A discrete distribution of outcomes (score per game, 0..1) with observed counts.
struct Outcomes {
    std::vector<double> values;
    std::vector<double> counts;
    double total = 0;
};

Outcomes outcomes(const Results& r) {
    Outcomes o;
    if (r.pair_count() > 0) {
        for (int i = 0; i < 5; ++i) {
            o.values.push_back(i / 4.0);
            o.counts.push_back(r.pairs[i]);
        }
    } else {
        o.values = {0.0, 0.5, 1.0};
        o.counts = {double(r.losses), double(r.draws), double(r.wins)};
    }
    for (double c : o.counts) o.total += c;
    return o;
}

double mean(const Outcomes& o) {
    double m = 0;
    for (size_t i = 0; i < o.values.size(); ++i) m += o.counts[i] * o.values[i];
    return m / o.total;
}

double variance(const Outcomes& o, double m) {
    double v = 0;
    for (size_t i = 0; i < o.values.size(); ++i) v += o.counts[i] * (o.values[i] - m) * (o.values[i] - m);
    return v / o.total;
}

// The distribution closest (maximum likelihood) to the observed frequencies p whose mean is t:
// q_i = p_i / (1 + lambda (x_i - t)), with lambda found by bisection so that the mean is t.
std::vector<double> mle_with_mean(const std::vector<double>& x, const std::vector<double>& p, double t) {
    double lo = -1e9, hi = 1e9;
    for (double xi : x) {  // keep every 1 + lambda (x_i - t) positive
        if (xi > t) lo = std::max(lo, -1 / (xi - t));
        if (xi < t) hi = std::min(hi, 1 / (t - xi));
    }
    auto meanMinusT = [&](double lambda) {
        double s = 0;
        for (size_t i = 0; i < x.size(); ++i) s += p[i] * (x[i] - t) / (1 + lambda * (x[i] - t));
        return s;  // decreasing in lambda
    };
    for (int it = 0; it < 200; ++it) {
        double mid = (lo + hi) / 2;
        (meanMinusT(mid) > 0 ? lo : hi) = mid;
    }
    double lambda = (lo + hi) / 2;
    std::vector<double> q(x.size());
    for (size_t i = 0; i < x.size(); ++i) q[i] = p[i] / (1 + lambda * (x[i] - t));
    return q;
}

}  // namespace

double Results::score() const {
    int n = games();
    return n ? (wins + 0.5 * draws) / n : 0.5;
}

double score_to_elo(double score) { return -400.0 * std::log10(1.0 / score - 1.0); }
double elo_to_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloEstimate estimate_elo(const Results& r) {
    EloEstimate e;
    Outcomes o = outcomes(r);
    if (o.total == 0) return e;
    double m = mean(o), se = std::sqrt(variance(o, m) / o.total);
    auto clampScore = [](double s) { return std::min(std::max(s, 1e-6), 1 - 1e-6); };
    e.elo = m == 0.5 ? 0.0 : score_to_elo(clampScore(m));
    e.margin = (score_to_elo(clampScore(m + Z95 * se)) - score_to_elo(clampScore(m - Z95 * se))) / 2;
    e.los = se > 0 ? 0.5 * std::erfc(-(m - 0.5) / (se * std::sqrt(2.0))) : (m > 0.5 ? 1.0 : m < 0.5 ? 0.0 : 0.5);
    return e;
}

double Sprt::lower_bound() const { return std::log(beta / (1 - alpha)); }
double Sprt::upper_bound() const { return std::log((1 - beta) / alpha); }

double Sprt::llr(const Results& r) const {
    Outcomes o = outcomes(r);
    if (o.total == 0) return 0;
    // Unseen outcomes get a tiny frequency (as fishtest regularises), so that a one-sided
    // result such as all wins still has distributions with the hypotheses' means.
    std::vector<double> p(o.counts.size());
    double sum = 0;
    for (size_t i = 0; i < p.size(); ++i) sum += p[i] = o.counts[i] > 0 ? o.counts[i] : 1e-3;
    for (double& pi : p) pi /= sum;
    std::vector<double> q0 = mle_with_mean(o.values, p, elo_to_score(elo0));
    std::vector<double> q1 = mle_with_mean(o.values, p, elo_to_score(elo1));
    double llr = 0;
    for (size_t i = 0; i < p.size(); ++i)
        if (o.counts[i] > 0) llr += o.counts[i] * std::log(q1[i] / q0[i]);
    return llr;
}

Sprt::Decision Sprt::decide(const Results& r) const {
    double l = llr(r);
    return l >= upper_bound() ? ACCEPT_H1 : l <= lower_bound() ? ACCEPT_H0 : CONTINUE;
}

double perfect_score_bound(const Results& r) {
    int n = r.games();
    if (n == 0 || (r.wins != n && r.losses != n)) return 0;
    double bound = score_to_elo(std::pow(0.05, 1.0 / n));
    return r.wins ? bound : -bound;
}

std::string elo_text(const Results& r) {
    char buf[64];
    if (double bound = perfect_score_bound(r)) {
        std::snprintf(buf, sizeof buf, "%s %+.1f (95%%)", r.wins ? ">" : "<", bound);
        return buf;
    }
    EloEstimate e = r.games() ? estimate_elo(r) : EloEstimate{};
    std::snprintf(buf, sizeof buf, "%.1f +/- %.1f", e.elo, e.margin);
    return buf;
}

std::string elo_line(const Results& r) {
    EloEstimate e = estimate_elo(r);
    char buf[160];
    std::snprintf(buf, sizeof buf, "Elo difference: %s, LOS: %.1f %%, DrawRatio: %.1f %%", elo_text(r).c_str(),
                  e.los * 100, r.games() ? 100.0 * r.draws / r.games() : 0.0);
    return buf;
}

std::string sprt_line(const Sprt& sprt, const Results& r) {
    double l = sprt.llr(r);
    double range = l >= 0 ? sprt.upper_bound() : -sprt.lower_bound();
    const char* verdict = "";
    switch (sprt.decide(r)) {
    case Sprt::ACCEPT_H0: verdict = " - H0 was accepted"; break;
    case Sprt::ACCEPT_H1: verdict = " - H1 was accepted"; break;
    case Sprt::CONTINUE: break;
    }
    char buf[200];
    std::snprintf(buf, sizeof buf, "SPRT: llr %.2f (%.1f%%), lbound %.2f, ubound %.2f%s", l, 100 * l / range,
                  sprt.lower_bound(), sprt.upper_bound(), verdict);
    return buf;
}

}  // namespace chuhe::match
