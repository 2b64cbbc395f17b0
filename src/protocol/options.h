// Chuhe's UCI options in one table: the UCI front end announces them from it and sets them
// through it, and the web board's in-process analysis (src/gui) reads it to offer, check and
// set the ones that matter to analysis, with the same names and errors. The option setters
// that UCCI shares (network, book, strength) are here too, each giving its errors in words.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "protocol/engine.h"

namespace chuhe {

// What went wrong while setting an option, one message per problem (empty: it was set).
using OptionErrors = std::vector<std::string>;

struct ChuheOption {
    std::string name;  // as announced
    std::string type;  // check, spin, combo, button or string
    std::string defaultValue;
    int64_t min = 0, max = 0;  // spin
    std::vector<std::string> vars;  // combo
    bool analysis = false;  // matters to an analysis (the web board offers it in process)

    // The announcement: "option name <name> type <type> [default ...] [min ... max ...] [var ...]".
    std::string uci_line() const;
};

// Every UCI option in the order `uci` announces them; defaults as engine has them at start.
std::vector<ChuheOption> uci_options(const Engine& engine);

// The value the UCI option `name` (any case) has in engine now, as setoption would give it
// ("" for a button or an unknown name).
std::string uci_option_value(const Engine& engine, const std::string& name);

// Sets the UCI option `name` (any case) to value on an idle engine. shownName is the name
// as the GUI typed it, for the messages.
OptionErrors set_uci_option(Engine& engine, const std::string& name, const std::string& value,
                            const std::string& shownName);

// The error of a setoption for a name the engine does not have, in both protocols.
OptionErrors no_such_option(const std::string& shownName);

// The setters both protocols use; optionName as the messages show it.
OptionErrors set_eval_file(Engine& engine, const std::string& value);
OptionErrors set_use_nnue(Engine& engine, const std::string& optionName, const std::string& value);
OptionErrors set_book_files(Engine& engine, const std::string& value);
OptionErrors set_use_book(Engine& engine, const std::string& optionName, const std::string& value);
OptionErrors set_book_variety(Engine& engine, const std::string& optionName, const std::string& value);
OptionErrors set_seed(Engine& engine, const std::string& optionName, const std::string& value);
OptionErrors set_level(Engine& engine, const std::string& optionName, const std::string& value);

}  // namespace chuhe
