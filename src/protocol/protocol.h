// The protocol loop: reads commands from stdin until `quit` or end of input. The first
// command decides the protocol (`ucci` or `uci`) unless one is forced.
#pragma once

#include <string>
#include <vector>

namespace chuhe {

enum class Protocol { DETECT, UCCI, UCI };

int run_protocol_loop(Protocol protocol);

// `chuhe` with no subcommand.
int run_protocol(const std::vector<std::string>& args);

}  // namespace chuhe
