// The options an engine announces in its handshake (`option ...` lines) and the check of a
// value before it is sent back with setoption. UCI names options after `name` and may use
// spaces in them; UCCI names them with one word after `option`. Both then list
// `type`, `default`, `min`, `max` and `var` in any order.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace chuhe::match {

enum class Protocol;

struct EngineOption {
    std::string name;
    std::string type;          // check, spin, combo, button or string
    std::string defaultValue;  // as announced (UCI's "<empty>" is kept as the empty string)
    bool hasRange = false;     // spin: min and max were given
    int64_t min = 0, max = 0;
    std::vector<std::string> vars;  // combo: the choices
};

// Reads one `option ...` line; false (with the reason) when it is not a well-formed option.
bool parse_option(const std::string& line, Protocol protocol, EngineOption& out, std::string* why = nullptr);

// True when value fits the option (check: true/false; spin: an integer in range; combo: one
// of the choices, case-insensitively, rewritten as announced; string: one line of printable
// text). Buttons take no value. The reason otherwise.
bool check_option_value(const EngineOption& option, std::string& value, std::string* why);

// The option of known called name, in any case (UCI's names are case-insensitive; UCCI's are
// single words that engines, Chuhe included, read in any case); nullptr when none is, with the
// reason "engine ENGINE has no option 'NAME'".
const EngineOption* find_option(const std::vector<EngineOption>& known, const std::string& engine,
                                const std::string& name, std::string* why);

// The names of the options, comma-separated, for a message that says which there are.
std::string option_names(const std::vector<EngineOption>& known);

// Whether an engine's line is its complaint about a command it was sent: Chuhe's (and the
// common) "info string error: ..." (UCI) and "info message error: ..." (UCCI), and the
// Stockfish family's "No such option: ...". *text is the complaint without "info string".
bool is_error_reply(const std::string& line, std::string* text);

// The setoption line for name and value in the protocol (an empty value sets a button).
std::string setoption_line(Protocol protocol, const std::string& name, const std::string& value);

}  // namespace chuhe::match
