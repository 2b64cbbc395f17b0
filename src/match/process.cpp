#include "match/process.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace chuhe::match {

bool Process::start(const std::string& program, const std::vector<std::string>& args, const std::string& workDir,
                    const std::string& stderrPath, std::string* error) {
    kill();
    // Writing to an engine that died must give an error, not kill the runner.
    std::signal(SIGPIPE, SIG_IGN);
    int in[2], out[2], status[2];
    if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(status, O_CLOEXEC)) {
        if (error) *error = std::string("cannot create pipes: ") + std::strerror(errno);
        return false;
    }
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(program.c_str()));
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);

    pid_t pid = fork();
    if (pid < 0) {
        if (error) *error = std::string("cannot fork: ") + std::strerror(errno);
        for (int fd : {in[0], in[1], out[0], out[1], status[0], status[1]}) close(fd);
        return false;
    }
    if (pid == 0) {
        // Child: report a failed chdir or exec through the status pipe (closed on exec success).
        int errFd = open(stderrPath.empty() ? "/dev/null" : stderrPath.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        dup2(in[0], 0);
        dup2(out[1], 1);
        if (errFd >= 0) dup2(errFd, 2);
        setpgid(0, 0);  // its own process group, so a Ctrl-C to the runner does not reach it twice
        int err = 0;
        if (!workDir.empty() && chdir(workDir.c_str()) != 0)
            err = errno;
        else {
            execvp(program.c_str(), argv.data());
            err = errno;
        }
        ssize_t ignored = write(status[1], &err, sizeof err);
        (void)ignored;
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(status[1]);
    int childErr = 0;
    ssize_t n;
    do n = read(status[0], &childErr, sizeof childErr);
    while (n < 0 && errno == EINTR);
    close(status[0]);
    pid_ = pid;
    toChild_ = in[1];
    fromChild_ = out[0];
    buffer_.clear();
    eof_ = false;
    exitReason_.clear();
    if (n == sizeof childErr) {
        if (error)
            *error = "cannot start '" + program + "'" + (workDir.empty() ? "" : " in '" + workDir + "'") + ": " +
                     std::strerror(childErr);
        kill();
        return false;
    }
    fcntl(fromChild_, F_SETFL, fcntl(fromChild_, F_GETFL) | O_NONBLOCK);
    return true;
}

void Process::reap(bool wait) {
    if (pid_ < 0) return;
    int status = 0;
    pid_t r = waitpid(pid_, &status, wait ? 0 : WNOHANG);
    if (r == pid_) {
        exitReason_ = WIFSIGNALED(status) ? "signal " + std::to_string(WTERMSIG(status))
                                          : "exit code " + std::to_string(WEXITSTATUS(status));
        pid_ = -1;
    }
}

bool Process::running() {
    reap(false);
    return pid_ >= 0;
}

bool Process::write_line(const std::string& line) {
    if (toChild_ < 0) return false;
    std::string data = line + "\n";
    size_t done = 0;
    while (done < data.size()) {
        ssize_t n = write(toChild_, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += size_t(n);
    }
    return true;
}

Process::Read Process::read_line(std::string& line, SteadyClock::time_point deadline) {
    for (;;) {
        if (size_t nl = buffer_.find('\n'); nl != std::string::npos) {
            line = buffer_.substr(0, nl);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            buffer_.erase(0, nl + 1);
            return Read::LINE;
        }
        if (eof_ || fromChild_ < 0) {
            if (!buffer_.empty()) {  // a last line without its end
                line = std::move(buffer_);
                buffer_.clear();
                return Read::LINE;
            }
            return Read::CLOSED;
        }
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now()).count();
        if (left <= 0) return Read::TIMEOUT;
        pollfd p{fromChild_, POLLIN, 0};
        int r = poll(&p, 1, int(std::min<int64_t>(left, 1000)));
        if (r < 0 && errno != EINTR) return Read::CLOSED;
        if (r <= 0) continue;
        char chunk[4096];
        ssize_t n = read(fromChild_, chunk, sizeof chunk);
        if (n > 0)
            buffer_.append(chunk, size_t(n));
        else if (n == 0 || (errno != EAGAIN && errno != EINTR))
            eof_ = true;
    }
}

void Process::kill() {
    if (pid_ >= 0) {
        ::kill(pid_, SIGKILL);
        reap(true);
    }
    for (int* fd : {&toChild_, &fromChild_})
        if (*fd >= 0) {
            close(*fd);
            *fd = -1;
        }
}

}  // namespace chuhe::match
