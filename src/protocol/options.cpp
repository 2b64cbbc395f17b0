#include "protocol/options.h"

#include <functional>

#include "book/choose.h"
#include "protocol/output.h"
#include "protocol/parse.h"

namespace chuhe {

namespace {

ChuheOption spin(const std::string& name, int64_t def, int64_t min, int64_t max, bool analysis = false) {
    return {name, "spin", std::to_string(def), min, max, {}, analysis};
}

ChuheOption check(const std::string& name, bool def, bool analysis = false) {
    return {name, "check", def ? "true" : "false", 0, 0, {}, analysis};
}

ChuheOption text(const std::string& name, const std::string& def, bool analysis = false) {
    return {name, "string", def, 0, 0, {}, analysis};
}

OptionErrors one(const std::string& error) { return {error}; }

// An option that takes a number from 0 to max: set(n), or the error.
OptionErrors set_number(const std::string& optionName, const std::string& value, int64_t max,
                        const std::function<void(int64_t)>& set) {
    int64_t n = 0;
    if (!parse_number(value, max, &n))
        return one("option " + optionName + " takes a number from 0 to " + std::to_string(max));
    set(n);
    return {};
}

}  // namespace

std::string ChuheOption::uci_line() const {
    std::string s = "option name " + name + " type " + type;
    if (type != "button") s += " default " + defaultValue;
    if (type == "spin") s += " min " + std::to_string(min) + " max " + std::to_string(max);
    for (const std::string& v : vars) s += " var " + v;
    return s;
}

std::vector<ChuheOption> uci_options(const Engine& engine) {
    // Rules and MultiPV matter to an analysis too, but a board sets them itself.
    return {
        spin("Hash", 16, 1, Engine::MAX_HASH_MB, true),
        spin("Threads", 1, 1, Engine::MAX_THREADS, true),
        {"Clear Hash", "button", "", 0, 0, {}, false},
        check("Ponder", false),
        spin("MultiPV", 1, 1, MAX_MOVES, true),
        spin("Move Overhead", 10, 0, 5000),
        check("UCI_ShowWDL", false),
        {"UCI_Variant", "combo", "xiangqi", 0, 0, {"xiangqi"}, false},
        {"Rules", "combo", "Asian", 0, 0, {"Asian", "Chinese"}, true},
        text("EvalFile", DEFAULT_EVAL_FILE, true),
        check("Use NNUE", engine.use_nnue(), true),
        check("OwnBook", DEFAULT_USE_BOOK),
        text("BookFile", DEFAULT_BOOK_FILE),
        spin("Book Variety", DEFAULT_BOOK_VARIETY, 0, book::MAX_VARIETY),
        spin("Random Seed", 0, 0, MAX_SEED),
        check("UCI_LimitStrength", false),
        spin("UCI_Elo", strength::MAX_ELO, strength::MIN_ELO, strength::MAX_ELO),
        spin("Skill Level", strength::MAX_LEVEL, 0, strength::MAX_LEVEL),
    };
}

std::string uci_option_value(const Engine& engine, const std::string& typedName) {
    std::string name = to_lower(typedName);
    const EngineOptions& o = engine.options();
    auto flag = [](bool b) -> std::string { return b ? "true" : "false"; };
    if (name == "hash") return std::to_string(engine.hash_megabytes());
    if (name == "threads") return std::to_string(o.threads);
    if (name == "ponder") return flag(o.ponder);
    if (name == "multipv") return std::to_string(o.multiPV);
    if (name == "move overhead") return std::to_string(o.moveOverhead);
    if (name == "uci_showwdl") return flag(o.showWDL);
    if (name == "uci_variant") return "xiangqi";
    if (name == "rules") return o.rules == RuleSet::CHINESE ? "Chinese" : "Asian";
    if (name == "evalfile") return engine.eval_file();
    if (name == "use nnue") return flag(engine.use_nnue());
    if (name == "ownbook") return flag(o.useBook);
    if (name == "bookfile") return engine.book_files();
    if (name == "book variety") return std::to_string(o.bookVariety);
    if (name == "random seed") return std::to_string(engine.seed());
    if (name == "uci_limitstrength") return flag(o.limitStrength);
    if (name == "uci_elo") return std::to_string(o.elo);
    if (name == "skill level") return std::to_string(o.skillLevel);
    return "";
}

OptionErrors set_uci_option(Engine& engine, const std::string& typedName, const std::string& value,
                            const std::string& shown) {
    std::string name = to_lower(typedName);
    int64_t n = 0;
    OptionErrors errors;
    auto spin = [&](int64_t min, int64_t max) {
        bool ok = parse_number(value, max, &n) && n >= min;
        if (!ok)
            errors.push_back("option " + shown + " takes a number from " + std::to_string(min) + " to " +
                             std::to_string(max));
        return ok;
    };
    auto check = [&](bool* target) {
        if (!parse_check_value(value, target)) errors.push_back("option " + shown + " takes true or false");
    };
    EngineOptions& o = engine.options();
    if (name == "hash") {
        if (spin(1, Engine::MAX_HASH_MB) && !engine.set_hash(int(n)))
            errors.push_back("not enough memory for a " + value + " MB hash table; the old one stays");
    } else if (name == "threads") {
        if (spin(1, Engine::MAX_THREADS) && engine.set_threads(int(n)) < n)
            errors.push_back("not enough memory for " + value + " threads; using " + std::to_string(o.threads));
    } else if (name == "clear hash") engine.clear_hash();
    else if (name == "ponder") check(&o.ponder);
    else if (name == "multipv") {
        if (spin(1, MAX_MOVES)) o.multiPV = int(n);
    } else if (name == "move overhead") {
        if (spin(0, 5000)) o.moveOverhead = int(n);
    } else if (name == "uci_showwdl") check(&o.showWDL);
    else if (name == "rules") {
        if (!parse_rule_set(to_lower(value), &o.rules)) errors.push_back("option Rules takes Asian or Chinese");
    } else if (name == "evalfile") return set_eval_file(engine, value);
    else if (name == "use nnue") return set_use_nnue(engine, "'Use NNUE'", value);
    else if (name == "ownbook") return set_use_book(engine, "OwnBook", value);
    else if (name == "bookfile") return set_book_files(engine, value);
    else if (name == "book variety") return set_book_variety(engine, "'Book Variety'", value);
    else if (name == "random seed") return set_seed(engine, "'Random Seed'", value);
    else if (name == "uci_limitstrength") check(&o.limitStrength);
    else if (name == "uci_elo") {
        if (spin(strength::MIN_ELO, strength::MAX_ELO)) o.elo = int(n);
    } else if (name == "skill level") return set_level(engine, "'Skill Level'", value);
    else if (name == "uci_variant") {
        if (!iequals(value, "xiangqi")) errors.push_back("UCI_Variant: only xiangqi is supported");
    } else
        return no_such_option(shown);
    return errors;
}

OptionErrors no_such_option(const std::string& shownName) { return one("no such option " + shownName); }

OptionErrors set_eval_file(Engine& engine, const std::string& value) {
    std::string why;
    return engine.set_eval_file(value, &why) ? OptionErrors{} : one(why);
}

OptionErrors set_use_nnue(Engine& engine, const std::string& optionName, const std::string& value) {
    bool on = false;
    std::string why;
    if (!parse_check_value(value, &on)) return one("option " + optionName + " takes true or false");
    return engine.set_use_nnue(on, &why) ? OptionErrors{} : one(why);
}

OptionErrors set_book_files(Engine& engine, const std::string& value) {
    std::vector<std::string> errors;
    // Some GUIs send an empty string option as "<empty>".
    engine.set_book_files(value == "<empty>" ? "" : value, &errors);
    for (std::string& e : errors) e = "book " + e + "; it is not used";
    return errors;
}

OptionErrors set_use_book(Engine& engine, const std::string& optionName, const std::string& value) {
    if (!parse_check_value(value, &engine.options().useBook)) return one("option " + optionName + " takes true or false");
    return {};
}

OptionErrors set_book_variety(Engine& engine, const std::string& optionName, const std::string& value) {
    return set_number(optionName, value, book::MAX_VARIETY, [&](int64_t n) { engine.options().bookVariety = int(n); });
}

OptionErrors set_seed(Engine& engine, const std::string& optionName, const std::string& value) {
    return set_number(optionName, value, MAX_SEED, [&](int64_t n) { engine.set_seed(uint64_t(n)); });
}

OptionErrors set_level(Engine& engine, const std::string& optionName, const std::string& value) {
    return set_number(optionName, value, strength::MAX_LEVEL, [&](int64_t n) { engine.options().skillLevel = int(n); });
}

}  // namespace chuhe
