// UCCI 3.0 front end (the first command is `ucci`): ElephantEye's protocol, spoken by
// XQWizard, the UCCI league runner and most Chinese GUIs.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "protocol/front_end.h"

namespace chuhe {

class UcciProtocol : FrontEnd {
public:
    explicit UcciProtocol(Engine& engine) : FrontEnd(engine, "info message ", "nobestmove") {}

    // Handles one command line; false once `quit` has been answered.
    bool handle(const std::string& line);

private:
    void identify();
    void setoption(const std::vector<std::string>& words);
    void banmoves(const std::vector<std::string>& words);
    void go(const std::vector<std::string>& words);
    void probe(const std::vector<std::string>& words);
    bool useMillisec_ = false;  // `go time` is in seconds until the GUI says otherwise
    bool batch_ = false;
    std::atomic<bool> drawOffered_{false};
};

int run_ucci(const std::vector<std::string>& args);

}  // namespace chuhe
