// Drives one front end (UCI or UCCI) of one engine object with the lines of a fuzz input.
// Searches get a tiny node limit; options that would allocate a lot (Hash, Threads) are
// left out; after the input the engine is stopped and reset.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "core/position.h"
#include "protocol/engine.h"
#include "protocol/parse.h"

namespace chuhe::fuzz {

inline Engine& engine() {
    static Engine* e = [] {
        Position::init();
        std::freopen("/dev/null", "w", stdout);  // the replies are not checked, only survived
        auto* made = new Engine;
        made->set_hash(1);
        return made;
    }();
    return *e;
}

// Each line of data goes to handle(line) (false: quit); returns after the last line.
template <typename Protocol>
void drive(const uint8_t* data, size_t size) {
    Engine& e = engine();
    Protocol protocol(e);
    std::string text(reinterpret_cast<const char*>(data), size);
    size_t start = 0;
    for (int lines = 0; start <= text.size() && lines < 64; ++lines) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(start, end - start);
        start = end + 1;
        std::string lower = to_lower(line);
        if (lower.find("hash") != std::string::npos || lower.find("threads") != std::string::npos) continue;
        std::vector<std::string> words = split_words(line);
        if (!words.empty() && iequals(words[0], "go")) line += " nodes 300";
        if (!protocol.handle(line)) break;
    }
    e.stop();
    e.wait();
    std::string error;
    e.set_position(Position::START_FEN, {}, &error);
    e.options() = EngineOptions{};
}

}  // namespace chuhe::fuzz
