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
    if (!require_idle()) return;
    std::string fen, why;
    std::vector<std::string> moves;
    if (!parse_position_words(words, first, &fen, &moves, &why) || !engine_.set_position(fen, moves, &why))
        error(why), engine_.refuse_position();
}

void FrontEnd::judge(const std::vector<std::string>& words, const std::string& linePrefix) {
    RuleSet rules = engine_.options().rules;
    if (words.size() > 2 || (words.size() == 2 && !parse_rule_set(to_lower(words[1]), &rules)))
        return error("judge takes nothing or a rule set: asian or chinese");
    for (const std::string& line : engine_.judgement(rules)) send_line(linePrefix + line);
    send_line(linePrefix + "judgeok");
}

void FrontEnd::set_eval_file(const std::string& value) {
    std::string why;
    if (!engine_.set_eval_file(value, &why)) error(why);
}

void FrontEnd::set_use_nnue(const std::string& optionName, const std::string& value) {
    bool on = false;
    std::string why;
    if (!parse_check_value(value, &on)) error("option " + optionName + " takes true or false");
    else if (!engine_.set_use_nnue(on, &why)) error(why);
}

void FrontEnd::set_book_files(const std::string& value) {
    std::vector<std::string> errors;
    // Some GUIs send an empty string option as "<empty>".
    engine_.set_book_files(value == "<empty>" ? "" : value, &errors);
    for (const std::string& e : errors) error("book " + e + "; it is not used");
}

void FrontEnd::set_use_book(const std::string& optionName, const std::string& value) {
    if (!parse_check_value(value, &engine_.options().useBook)) error("option " + optionName + " takes true or false");
}

void FrontEnd::set_book_variety(const std::string& optionName, const std::string& value) {
    int64_t n = 0;
    if (!parse_number(value, book::MAX_VARIETY, &n))
        return error("option " + optionName + " takes a number from 0 to " + std::to_string(book::MAX_VARIETY));
    engine_.options().bookVariety = int(n);
}

void FrontEnd::set_seed(const std::string& optionName, const std::string& value) {
    int64_t n = 0;
    if (!parse_number(value, MAX_SEED, &n))
        return error("option " + optionName + " takes a number from 0 to " + std::to_string(MAX_SEED));
    engine_.set_seed(uint64_t(n));
}

void FrontEnd::set_level(const std::string& optionName, const std::string& value) {
    int64_t n = 0;
    if (!parse_number(value, strength::MAX_LEVEL, &n))
        return error("option " + optionName + " takes a number from 0 to " + std::to_string(strength::MAX_LEVEL));
    engine_.options().skillLevel = int(n);
}

bool FrontEnd::play_book_move(const SearchLimits& limits,
                              const std::function<void(const SearchResult&)>& onBestmove) {
    BookChoice choice = engine_.book_move(limits);
    const book::BookMove& m = choice.move;
    if (!m.move) return false;
    char stats[128];
    std::snprintf(stats, sizeof stats, " games %llu score %.1f%% weight %.1f%%", (unsigned long long)m.games(),
                  m.score(), choice.totalWeight ? 100.0 * double(m.weight()) / double(choice.totalWeight) : 0.0);
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
