#include "match/time_control.h"

#include <algorithm>
#include <cstdio>

namespace chuhe::match {

bool parse_seconds(const std::string& text, int64_t& ms) {
    if (text.empty() || text.size() > 12 || text.find_first_not_of("0123456789.") != std::string::npos ||
        text.find('.') != text.rfind('.') || text == ".")
        return false;
    ms = int64_t(std::stod(text) * 1000 + 0.5);
    return true;
}

namespace {

bool parse_time(const std::string& text, int64_t& ms) {
    size_t colon = text.find(':');
    if (colon == std::string::npos) return parse_seconds(text, ms);
    int64_t minutes, seconds;
    std::string m = text.substr(0, colon), s = text.substr(colon + 1);
    if (m.empty() || m.find_first_not_of("0123456789") != std::string::npos || !parse_seconds(s, seconds) ||
        m.size() > 6 || seconds >= 60000)
        return false;
    minutes = std::stoll(m);
    ms = minutes * 60000 + seconds;
    return true;
}

std::string seconds_text(int64_t ms) {
    char buf[32];
    if (ms % 1000 == 0)
        std::snprintf(buf, sizeof buf, "%lld", (long long)(ms / 1000));
    else
        std::snprintf(buf, sizeof buf, "%g", ms / 1000.0);
    return buf;
}

// One period, "MOVES/TIME" or just "TIME" (for the whole game); an empty string or the reason.
std::string parse_period(const std::string& text, Period& p) {
    std::string rest = text;
    p.moves = 0;
    if (size_t slash = rest.find('/'); slash != std::string::npos) {
        std::string m = rest.substr(0, slash);
        if (m.empty() || m.size() > 4 || m.find_first_not_of("0123456789") != std::string::npos || std::stoi(m) == 0)
            return "expected a move count before '/'";
        p.moves = std::stoi(m);
        rest = rest.substr(slash + 1);
    }
    if (!parse_time(rest, p.ms) || p.ms <= 0)
        return "expected seconds (or minutes:seconds) of base time, e.g. 60+0.5, 40/300 or 30/3600:10/600";
    return "";
}

}  // namespace

bool parse_clock(const std::string& text, TimeControl& tc, std::string* error) {
    auto fail = [&](const std::string& why) {
        if (error) *error = "bad time control '" + text + "': " + why;
        return false;
    };
    size_t plus = text.find('+');
    std::string periods = text.substr(0, plus);
    int64_t inc = 0;
    if (plus != std::string::npos && !parse_seconds(text.substr(plus + 1), inc))
        return fail("expected seconds of increment after '+'");
    // Split at the colons that a move count follows ("/" before the next colon); the others
    // are minutes:seconds.
    std::vector<std::string> parts;
    size_t start = 0;
    for (size_t colon = periods.find(':'); colon != std::string::npos; colon = periods.find(':', colon + 1)) {
        size_t next = periods.find(':', colon + 1);
        if (periods.substr(colon + 1, next - colon - 1).find('/') != std::string::npos) {
            parts.push_back(periods.substr(start, colon - start));
            start = colon + 1;
        }
    }
    parts.push_back(periods.substr(start));
    std::vector<Period> list;
    for (const std::string& part : parts) {
        Period p;
        if (std::string why = parse_period(part, p); !why.empty()) return fail(why);
        if (parts.size() > 1 && !p.moves) return fail("every period of 30/3600:10/600 needs its move count");
        list.push_back(p);
    }
    tc.baseMs = list[0].ms;
    tc.movesPerPeriod = list[0].moves;
    tc.laterPeriods.assign(list.begin() + 1, list.end());
    tc.incrementMs = inc;
    return true;
}

Period TimeControl::period(int completed) const {
    if (completed == 0 || laterPeriods.empty()) return {movesPerPeriod, baseMs};
    return laterPeriods[size_t(std::min<int>(completed, int(laterPeriods.size())) - 1)];
}

std::string TimeControl::describe() const {
    std::string s;
    if (has_clock()) {
        if (movesPerPeriod) s = std::to_string(movesPerPeriod) + '/';
        s += seconds_text(baseMs);
        for (const Period& p : laterPeriods) s += ':' + std::to_string(p.moves) + '/' + seconds_text(p.ms);
        if (incrementMs) s += '+' + seconds_text(incrementMs);
    }
    auto add = [&](const std::string& part) {
        if (!s.empty()) s += ' ';
        s += part;
    };
    if (moveTimeMs) add("st=" + seconds_text(moveTimeMs));
    if (depth) add("depth=" + std::to_string(depth));
    if (nodes) add("nodes=" + std::to_string(nodes));
    return s.empty() ? "-" : s;
}

int64_t Clock::allowance_ms() const {
    if (tc_.moveTimeMs) return tc_.moveTimeMs + toleranceMs_;
    if (tc_.has_clock()) return remainingMs_ + toleranceMs_;
    return -1;  // no clock: depth or node limits only
}

bool Clock::charge(int64_t elapsedMs) {
    if (tc_.moveTimeMs && elapsedMs > tc_.moveTimeMs + toleranceMs_) return false;
    if (!tc_.has_clock()) return true;
    remainingMs_ -= elapsedMs;
    if (remainingMs_ < -toleranceMs_) return false;
    remainingMs_ = std::max<int64_t>(remainingMs_, 0) + tc_.incrementMs;
    if (tc_.movesPerPeriod && ++movesInPeriod_ == tc_.period(periods_).moves) {
        // 6.2: the time of the next period is added to what is left of this one.
        movesInPeriod_ = 0;
        remainingMs_ += tc_.period(++periods_).ms;
    }
    return true;
}

}  // namespace chuhe::match
