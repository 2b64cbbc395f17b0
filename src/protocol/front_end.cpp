#include "protocol/front_end.h"

#include <cstdio>

#include "book/choose.h"

#include "protocol/output.h"
#include "protocol/parse.h"

namespace chuhe {

void FrontEnd::error(const std::string& text) const { send_line(infoPrefix_ + "error: " + printable(text)); }

bool FrontEnd::require_idle() {
    if (engine_.make_idle()) return true;
    error("the engine is thinking: send stop first");
    return false;
}

void FrontEnd::position(const std::vector<std::string>& words, size_t first) {
    // The GUI meant another position than the one the engine has: a later `go` must not
    // search that one.
    if (!require_idle()) return engine_.refuse_position();
    std::string fen, why;
    std::vector<std::string> moves;
    if (!parse_position_words(words, first, &fen, &moves, &why) || !engine_.set_position(fen, moves, &why))
        error(why), engine_.refuse_position();
}

void FrontEnd::end_search_for_go() {
    if (engine_.make_idle()) return;
    error("go while thinking: the search under way is stopped and answered first");
    stop_and_wait();
}

void FrontEnd::refuse_go(const std::string& why) const {
    error(why);
    send_line(noMove_);
}

bool FrontEnd::refuse_go_without_position() const {
    // Never a move for a side the GUI did not mean: the position it sent was refused.
    if (!engine_.position_refused()) return false;
    refuse_go("no position to search: the last 'position' was refused");
    return true;
}

void FrontEnd::judge(const std::vector<std::string>& words, const std::string& linePrefix) {
    RuleSet rules = engine_.options().rules;
    if (words.size() > 2 || (words.size() == 2 && !parse_rule_set(to_lower(words[1]), &rules)))
        return error("judge takes nothing or a rule set: asian or chinese");
    for (const std::string& line : engine_.judgement(rules)) send_line(linePrefix + line);
    send_line(linePrefix + "judgeok");
}

void FrontEnd::report(const OptionErrors& errors) const {
    for (const std::string& e : errors) error(e);
}

bool FrontEnd::play_book_move(const SearchLimits& limits,
                              const std::function<void(const SearchResult&)>& onBestmove) {
    BookChoice choice = engine_.book_move(limits);
    const book::BookMove& m = choice.move;
    if (!m.move) return false;
    char stats[128];
    double weight = choice.totalWeight ? 100.0 * double(m.weight()) / double(choice.totalWeight) : 0.0;
    // An ElephantEye book states weights only, without games to count.
    if (m.games())
        std::snprintf(stats, sizeof stats, " games %llu score %.1f%% weight %.1f%%", (unsigned long long)m.games(),
                      m.score(), weight);
    else
        std::snprintf(stats, sizeof stats, " weight %.1f%%", weight);
    send_line(infoPrefix_ + "book move " + Position::move_to_string(m.move) + stats);
    SearchResult r;
    r.best = m.move;
    onBestmove(r);
    return true;
}

void FrontEnd::show_time_budget(const SearchLimits& limits) const {
    if (!engine_.options().debug || !limits.use_time_management()) return;
    const EngineOptions& o = engine_.options();
    TimeManager tm;
    tm.init(limits, engine_.position().side_to_move(), o.moveOverhead, o.ponder);
    send_line(infoPrefix_ + "time optimum " + std::to_string(tm.optimum()) + " maximum " +
              std::to_string(tm.maximum()));
}

void FrontEnd::stop_and_wait() {
    engine_.stop();
    engine_.wait();
}

std::string FrontEnd::pv_string(const std::vector<Move>& pv) {
    std::string s;
    for (Move m : pv) {
        s += ' ';
        s += Position::move_to_string(m);
    }
    return s;
}

}  // namespace chuhe
