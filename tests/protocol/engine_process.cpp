#include "protocol/engine_process.h"

#include <chrono>
#include <csignal>
#include <poll.h>
#include <stdexcept>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace chuhe::test {

namespace {

constexpr int GUARD_MS = 60000;

}  // namespace

EngineProcess::EngineProcess(const std::vector<std::string>& args) {
    int toChild[2], fromChild[2];
    if (pipe(toChild) || pipe(fromChild)) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
        dup2(toChild[0], 0);
        dup2(fromChild[1], 1);
        close(toChild[0]), close(toChild[1]), close(fromChild[0]), close(fromChild[1]);
        std::vector<char*> argv{const_cast<char*>(CHUHE_BINARY)};
        for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(CHUHE_BINARY, argv.data());
        _exit(127);
    }
    close(toChild[0]);
    close(fromChild[1]);
    in_ = toChild[1];
    out_ = fromChild[0];
    signal(SIGPIPE, SIG_IGN);
}

EngineProcess::~EngineProcess() {
    close_input();
    if (pid_ > 0) wait_exit();
    if (out_ >= 0) close(out_);
}

void EngineProcess::send(const std::string& line) {
    std::string data = line + "\n";
    if (write(in_, data.data(), data.size()) != ssize_t(data.size()))
        throw std::runtime_error("cannot write to the engine: " + line);
}

void EngineProcess::close_input() {
    if (in_ >= 0) close(in_);
    in_ = -1;
}

std::string EngineProcess::read_line() {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(GUARD_MS);
    while (true) {
        size_t nl = buffer_.find('\n');
        if (nl != std::string::npos) {
            std::string line = buffer_.substr(0, nl);
            buffer_.erase(0, nl + 1);
            return line;
        }
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                        deadline - std::chrono::steady_clock::now()).count();
        if (left <= 0) throw std::runtime_error("no reply from the engine (guard time)");
        pollfd p{out_, POLLIN, 0};
        if (poll(&p, 1, int(left)) <= 0) continue;
        char chunk[4096];
        ssize_t n = read(out_, chunk, sizeof(chunk));
        if (n <= 0) throw std::runtime_error("the engine closed its output; pending: " + buffer_);
        buffer_.append(chunk, size_t(n));
    }
}

std::vector<std::string> EngineProcess::read_until(const std::string& prefix) {
    std::vector<std::string> lines;
    do lines.push_back(read_line());
    while (lines.back().rfind(prefix, 0) != 0);
    return lines;
}

int EngineProcess::wait_exit() {
    int status = 0;
    for (int i = 0; i < GUARD_MS / 10; ++i) {
        pid_t r = waitpid(pid_, &status, WNOHANG);
        if (r == pid_) {
            pid_ = -1;
            return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    kill(pid_, SIGKILL);
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return -1;
}

bool has_line_starting(const std::vector<std::string>& lines, const std::string& prefix) {
    for (const std::string& l : lines)
        if (l.rfind(prefix, 0) == 0) return true;
    return false;
}

std::string last_pv_move(const std::vector<std::string>& lines) {
    for (auto l = lines.rbegin(); l != lines.rend(); ++l) {
        size_t at = l->find(" pv ");
        if (l->rfind("info depth ", 0) == 0 && at != std::string::npos) return l->substr(at + 4, 4);
    }
    return "";
}

}  // namespace chuhe::test
