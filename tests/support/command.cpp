#include "support/command.h"

#include <cstdio>
#include <sys/wait.h>

namespace chuhe::test {

CommandResult run_command(const std::string& commandLine) {
    FILE* pipe = popen(commandLine.c_str(), "r");
    if (!pipe) return {-1, ""};
    std::string out;
    char buffer[1 << 16];
    for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
    int status = pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

}  // namespace chuhe::test
