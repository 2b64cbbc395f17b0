#include "protocol/protocol.h"

#include <iostream>
#include <memory>

#include "protocol/parse.h"
#include "protocol/uci.h"
#include "protocol/ucci.h"
#include "util/text.h"

namespace chuhe {

int run_protocol_loop(Protocol protocol) {
    Engine engine;
    std::unique_ptr<UcciProtocol> ucci;
    std::unique_ptr<UciProtocol> uci;
    if (protocol == Protocol::UCCI) ucci = std::make_unique<UcciProtocol>(engine);
    if (protocol == Protocol::UCI) uci = std::make_unique<UciProtocol>(engine);

    std::string line;
    for (bool first = true; std::getline(std::cin, line); first = false) {
        if (!line.empty() && line.back() == '\r') line.pop_back();  // Windows GUIs
        // A GUI or a command file written on Windows may start with a byte order mark: it is
        // no part of the first command.
        if (first) line = std::string(strip_utf8_bom(line));
        if (!ucci && !uci) {
            std::vector<std::string> words = split_words(line);
            if (words.empty()) continue;
            // `ucci` selects UCCI; anything else is taken as UCI, as most GUIs speak it.
            if (iequals(words[0], "ucci")) ucci = std::make_unique<UcciProtocol>(engine);
            else uci = std::make_unique<UciProtocol>(engine);
        }
        if (!(ucci ? ucci->handle(line) : uci->handle(line))) return 0;
    }
    // End of input: the GUI is gone. Stop thinking and leave quietly.
    engine.stop();
    engine.wait();
    return 0;
}

int run_protocol(const std::vector<std::string>&) { return run_protocol_loop(Protocol::DETECT); }

}  // namespace chuhe
