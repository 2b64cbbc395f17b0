// A child process with its standard input and output on pipes, read line by line with
// deadlines: an engine that hangs or dies must never hang the match runner.
#pragma once

#include <chrono>
#include <string>
#include <sys/types.h>
#include <vector>

namespace chuhe::match {

using SteadyClock = std::chrono::steady_clock;

class Process {
public:
    Process() = default;
    Process(const Process&) = delete;
    Process& operator=(const Process&) = delete;
    ~Process() { kill(); }

    // Starts program (looked up in PATH when it has no slash) with args in workDir (empty: the
    // current directory). Its standard error goes to stderrPath (empty: /dev/null).
    bool start(const std::string& program, const std::vector<std::string>& args, const std::string& workDir,
               const std::string& stderrPath, std::string* error);
    bool running();
    // False when the process is gone (broken pipe).
    bool write_line(const std::string& line);

    enum class Read { LINE, TIMEOUT, CLOSED };
    // Reads one line (without its end) before the deadline.
    Read read_line(std::string& line, SteadyClock::time_point deadline);

    // Ends the process at once and reaps it.
    void kill();
    // Exit status after the process ended: "exit code N" or "signal N".
    const std::string& exit_reason() const { return exitReason_; }

private:
    void reap(bool wait);

    pid_t pid_ = -1;
    int toChild_ = -1, fromChild_ = -1;
    std::string buffer_;
    bool eof_ = false;
    std::string exitReason_;
};

}  // namespace chuhe::match
