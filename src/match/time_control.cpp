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
        m.size() > 6)
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

}  // namespace

bool parse_clock(const std::string& text, TimeControl& tc, std::string* error) {
    auto fail = [&](const std::string& why) {
        if (error) *error = "bad time control '" + text + "': " + why;
        return false;
    };
    std::string rest = text;
    int moves = 0;
    if (size_t slash = rest.find('/'); slash != std::string::npos) {
        std::string m = rest.substr(0, slash);
        if (m.empty() || m.size() > 4 || m.find_first_not_of("0123456789") != std::string::npos || std::stoi(m) == 0)
            return fail("expected a move count before '/'");
        moves = std::stoi(m);
        rest = rest.substr(slash + 1);
    }
    int64_t base = 0, inc = 0;
    size_t plus = rest.find('+');
    if (!parse_time(rest.substr(0, plus), base) || base <= 0)
        return fail("expected seconds (or minutes:seconds) of base time, e.g. 60+0.5 or 40/300");
    if (plus != std::string::npos && !parse_seconds(rest.substr(plus + 1), inc))
        return fail("expected seconds of increment after '+'");
    tc.baseMs = base;
    tc.incrementMs = inc;
    tc.movesPerPeriod = moves;
    return true;
}

std::string TimeControl::describe() const {
    std::string s;
    if (has_clock()) {
        if (movesPerPeriod) s = std::to_string(movesPerPeriod) + '/';
        s += seconds_text(baseMs);
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
    if (tc_.movesPerPeriod && ++movesInPeriod_ == tc_.movesPerPeriod) {
        movesInPeriod_ = 0;
        remainingMs_ += tc_.baseMs;
    }
    return true;
}

}  // namespace chuhe::match
