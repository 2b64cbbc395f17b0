// Runs the built chuhe binary with pipes on stdin and stdout, as a GUI does.
#pragma once

#include <string>
#include <sys/types.h>
#include <vector>

namespace chuhe::test {

class EngineProcess {
public:
    // Starts CHUHE_BINARY with the given arguments.
    explicit EngineProcess(const std::vector<std::string>& args = {});
    ~EngineProcess();

    void send(const std::string& line);
    void close_input();

    // The next line of output. Throws if none comes within the guard time: the guard only
    // turns a hang into a failure, no test depends on timing.
    std::string read_line();
    // Lines up to and including the first one that starts with `prefix`.
    std::vector<std::string> read_until(const std::string& prefix);
    // Exit status once the process has ended (or -1 if it had to be killed).
    int wait_exit();

private:
    pid_t pid_ = -1;
    int in_ = -1, out_ = -1;
    std::string buffer_;
};

// True if some line in `lines` starts with `prefix`.
bool has_line_starting(const std::vector<std::string>& lines, const std::string& prefix);
// The first move of the PV of the last `info depth` line in `lines` ("" if none has a PV).
std::string last_pv_move(const std::vector<std::string>& lines);

}  // namespace chuhe::test
