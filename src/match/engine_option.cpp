#include "match/engine_option.h"

#include <sstream>

#include "match/engine.h"
#include "util/text.h"

namespace chuhe::match {

namespace {

bool is_keyword(const std::string& w) {
    return w == "type" || w == "default" || w == "min" || w == "max" || w == "var";
}

// An integer of at most 18 digits (so that it fits in int64_t), with an optional sign.
bool parse_integer(const std::string& text, int64_t& out) {
    if (text.empty()) return false;
    size_t i = text[0] == '-' || text[0] == '+';
    if (i == text.size() || text.size() - i > 18) return false;
    for (size_t j = i; j < text.size(); ++j)
        if (text[j] < '0' || text[j] > '9') return false;
    out = std::stoll(text);
    return true;
}

std::string lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return s;
}

}  // namespace

bool parse_option(const std::string& line, Protocol protocol, EngineOption& out, std::string* why) {
    auto fail = [&](const std::string& reason) {
        if (why) *why = reason;
        return false;
    };
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    if (words.empty() || words[0] != "option") return fail("not an option line");
    EngineOption o;
    size_t i = 1;
    // The name: UCI's runs from `name` to `type` (words with spaces); UCCI's is one word.
    if (protocol != Protocol::UCCI && i < words.size() && words[i] == "name") {
        for (++i; i < words.size() && words[i] != "type"; ++i) o.name += (o.name.empty() ? "" : " ") + words[i];
    } else if (i < words.size() && !is_keyword(words[i])) {
        o.name = words[i++];
    }
    if (o.name.empty()) return fail("option without a name");
    // Then keyword-value pairs; a value runs to the next keyword (string defaults have spaces).
    bool minSeen = false, maxSeen = false;
    while (i < words.size()) {
        std::string key = words[i++];
        if (!is_keyword(key)) return fail("unexpected '" + key + "' in option " + o.name);
        std::string value;
        for (; i < words.size() && !is_keyword(words[i]); ++i) value += (value.empty() ? "" : " ") + words[i];
        if (key == "type") {
            o.type = lower(value);
        } else if (key == "default") {
            o.defaultValue = value == "<empty>" ? "" : value;
        } else if (key == "var") {
            o.vars.push_back(value);
        } else if (!parse_integer(value, key == "min" ? o.min : o.max)) {
            return fail(key + " of option " + o.name + " is not a number: '" + value + "'");
        } else {
            (key == "min" ? minSeen : maxSeen) = true;
        }
    }
    if (o.type != "check" && o.type != "spin" && o.type != "combo" && o.type != "button" && o.type != "string")
        return fail("option " + o.name + " has no known type ('" + o.type + "')");
    o.hasRange = minSeen && maxSeen && o.min <= o.max;
    out = std::move(o);
    return true;
}

bool check_option_value(const EngineOption& option, std::string& value, std::string* why) {
    auto fail = [&](const std::string& reason) {
        if (why) *why = "option " + option.name + ": " + reason;
        return false;
    };
    // The value goes out on the engine's command line: one line, no control characters.
    for (unsigned char c : value)
        if (c < 0x20 || c == 0x7f) return fail("control characters are not allowed");
    if (value.size() > 256) return fail("value too long");
    if (option.type == "button") return value.empty() || fail("a button takes no value");
    if (option.type == "check") {
        value = lower(value);
        return value == "true" || value == "false" || fail("takes true or false");
    }
    if (option.type == "spin") {
        int64_t v = 0;
        if (!parse_integer(value, v)) return fail("takes an integer");
        if (option.hasRange && (v < option.min || v > option.max))
            return fail("takes an integer from " + std::to_string(option.min) + " to " + std::to_string(option.max));
        value = std::to_string(v);
        return true;
    }
    if (option.type == "combo") {
        for (const std::string& v : option.vars)
            if (lower(v) == lower(value)) return value = v, true;
        std::string list;
        for (const std::string& v : option.vars) list += (list.empty() ? "" : ", ") + v;
        return fail("takes one of " + list);
    }
    return true;  // string
}

const EngineOption* find_option(const std::vector<EngineOption>& known, const std::string& engine,
                                const std::string& name, std::string* why) {
    for (const EngineOption& o : known)
        if (lower(o.name) == lower(name)) return &o;
    if (why) *why = "engine " + engine + " has no option '" + excerpt(name) + "'";
    return nullptr;
}

std::string option_names(const std::vector<EngineOption>& known) {
    std::string list;
    for (const EngineOption& o : known) list += (list.empty() ? "" : ", ") + o.name;
    return list.empty() ? "none" : list;
}

bool is_error_reply(const std::string& line, std::string* text) {
    std::istringstream in(line);
    std::string first, second, third;
    in >> first >> second >> third;
    bool error = first == "info" && (second == "string" || second == "message") && lower(third).rfind("error", 0) == 0;
    if (error) {
        if (text) *text = line.substr(line.find(third));
        return true;
    }
    if (line.rfind("No such option", 0) != 0) return false;
    if (text) *text = line;
    return true;
}

std::string setoption_line(Protocol protocol, const std::string& name, const std::string& value) {
    if (protocol == Protocol::UCCI) return "setoption " + name + (value.empty() ? "" : " " + value);
    return "setoption name " + name + (value.empty() ? "" : " value " + value);
}

}  // namespace chuhe::match
