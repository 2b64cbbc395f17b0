// UCCI 3.0 front end (the first command is `ucci`): ElephantEye's protocol, spoken by
// XQWizard, the UCCI league runner and most Chinese GUIs.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "protocol/engine.h"

namespace chuhe {

class UcciProtocol {
public:
    explicit UcciProtocol(Engine& engine) : engine_(engine) {}

    // Handles one command line; false once `quit` has been answered.
    bool handle(const std::string& line);

private:
    void identify();
    void setoption(const std::vector<std::string>& words);
    void position(const std::vector<std::string>& words);
    void banmoves(const std::vector<std::string>& words);
    void go(const std::vector<std::string>& words);
    void probe(const std::vector<std::string>& words);
    void judge(const std::vector<std::string>& words);
    void error(const std::string& text);
    bool require_idle();

    Engine& engine_;
    bool useMillisec_ = false;  // `go time` is in seconds until the GUI says otherwise
    bool batch_ = false;
    std::atomic<bool> drawOffered_{false};
};

int run_ucci(const std::vector<std::string>& args);

}  // namespace chuhe
