// A child process with its standard input and output on pipes, read line by line with
// deadlines: an engine that hangs or dies must never hang the match runner.
#pragma once

#include <atomic>
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

    // The longest line read: an engine's longest lines (a PV, an option list) are a few KB,
    // and one that writes without ever ending its line would otherwise fill the memory.
    static constexpr size_t MAX_LINE_BYTES = size_t(1) << 20;

    // TOO_LONG: more than MAX_LINE_BYTES came without a line end (what came is dropped; the
    // process is left to the caller, who should end it).
    enum class Read { LINE, TIMEOUT, CLOSED, ABORTED, TOO_LONG };
    // Reads one line (without its end) before the deadline; gives up early when *abort is set.
    Read read_line(std::string& line, SteadyClock::time_point deadline, const std::atomic<bool>* abort = nullptr);
    // Throws away the output that has come and not been read (unsolicited lines); returns how
    // many lines (counting an unfinished one) were dropped.
    int discard_pending();

    // Ends the process and everything it started (its process group) at once, and reaps it.
    void kill();
    // After read_line gave CLOSED: waits up to graceMs for the process to exit by itself, then
    // kills it. The cause in words: "exited (exit code N)", "exited (signal N)", or "closed its
    // output" when it was still running.
    std::string closed_reason(int graceMs = 500);
    // Exit status after the process ended: "exit code N" or "signal N".
    const std::string& exit_reason() const { return exitReason_; }
    // Bytes examined in the search for line ends, over the process's life (each byte once).
    uint64_t bytes_scanned() const { return scanned_; }

private:
    void reap(bool wait);
    void fill(int timeoutMs);  // one poll and read into the buffer

    pid_t pid_ = -1;
    pid_t group_ = -1;  // the process group; kept after the leader is reaped, for its children
    int toChild_ = -1, fromChild_ = -1;
    std::string buffer_;
    size_t head_ = 0;     // buffer_[0, head_) is already returned
    size_t searched_ = 0; // buffer_[head_, searched_) has no line end
    uint64_t scanned_ = 0;
    bool eof_ = false;
    std::string exitReason_;
};

}  // namespace chuhe::match
