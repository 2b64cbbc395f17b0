// Running a command line from a test (the built chuhe binary, or a tool such as xz).
#pragma once

#include <string>

namespace chuhe::test {

struct CommandResult {
    int status;       // exit status, -1 if the command could not run or was killed
    std::string out;  // its standard output
};

// Runs `commandLine` with /bin/sh; add "2>&1" to capture standard error too.
CommandResult run_command(const std::string& commandLine);

}  // namespace chuhe::test
