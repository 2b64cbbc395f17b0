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
        // Its own process group, so a Ctrl-C to the runner does not reach it twice, and kill()
        // ends whatever it starts (an engine behind a wrapper script that does not exec).
        setpgid(0, 0);
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
    setpgid(pid, pid);  // also from here: kill() may come before the child ran setpgid
    close(in[0]);
    close(out[1]);
    close(status[1]);
    int childErr = 0;
    ssize_t n;
    do n = read(status[0], &childErr, sizeof childErr);
    while (n < 0 && errno == EINTR);
    close(status[0]);
    pid_ = group_ = pid;
    toChild_ = in[1];
    fromChild_ = out[0];
    buffer_.clear();
    head_ = searched_ = 0;
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

void Process::fill(int timeoutMs) {
    pollfd p{fromChild_, POLLIN, 0};
    int r = poll(&p, 1, timeoutMs);
    if (r < 0 && errno != EINTR) eof_ = true;
    if (r <= 0) return;
    // Drop what was returned before growing the buffer, so it never holds more than the
    // unread text (moving it costs as much as the reads that filled it).
    if (head_ > 0 && head_ * 2 >= buffer_.size()) {
        buffer_.erase(0, head_);
        searched_ -= head_;
        head_ = 0;
    }
    char chunk[65536];
    ssize_t n = read(fromChild_, chunk, sizeof chunk);
    if (n > 0)
        buffer_.append(chunk, size_t(n));
    else if (n == 0 || (errno != EAGAIN && errno != EINTR))
        eof_ = true;
}

Process::Read Process::read_line(std::string& line, SteadyClock::time_point deadline,
                                 const std::atomic<bool>* abort) {
    for (;;) {
        // Only the bytes that came since the last search are scanned for a line end.
        size_t nl = buffer_.find('\n', searched_);
        scanned_ += (nl == std::string::npos ? buffer_.size() : nl + 1) - searched_;
        if (nl != std::string::npos) {
            line.assign(buffer_, head_, nl - head_);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            head_ = searched_ = nl + 1;
            return Read::LINE;
        }
        searched_ = buffer_.size();
        if (buffer_.size() - head_ > MAX_LINE_BYTES) {
            buffer_.clear();
            head_ = searched_ = 0;
            return Read::TOO_LONG;
        }
        if (eof_ || fromChild_ < 0) {
            if (head_ < buffer_.size()) {  // a last line without its end
                line.assign(buffer_, head_, std::string::npos);
                buffer_.clear();
                head_ = searched_ = 0;
                return Read::LINE;
            }
            return Read::CLOSED;
        }
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now()).count();
        if (left <= 0) return Read::TIMEOUT;
        if (abort && *abort) return Read::ABORTED;
        fill(int(std::min<int64_t>(left, 100)));
    }
}

int Process::discard_pending() {
    if (fromChild_ >= 0 && !eof_) {
        // Everything the engine has written so far (a pipe holds at most 64 KB, so a few reads).
        for (int i = 0; i < 64 && !eof_; ++i) {
            size_t before = buffer_.size();
            fill(0);
            if (buffer_.size() == before) break;
        }
    }
    int lines = 0;
    for (size_t i = head_; i < buffer_.size(); ++i) lines += buffer_[i] == '\n';
    if (head_ < buffer_.size() && buffer_.back() != '\n') ++lines;
    buffer_.clear();
    head_ = searched_ = 0;
    return lines;
}

std::string Process::closed_reason(int graceMs) {
    // An engine that closes its output usually exits: give it the moment to, so the report
    // is its own exit status and not the runner's kill.
    for (int waited = 0; pid_ >= 0 && waited < graceMs; waited += 5) {
        reap(false);
        if (pid_ >= 0) usleep(5000);
    }
    bool exited = pid_ < 0;
    kill();
    return exited ? "exited (" + exitReason_ + ")" : "closed its output";
}

void Process::kill() {
    // The whole group: the children of a wrapper script that did not exec the engine too,
    // even when the wrapper itself has exited.
    if (group_ > 0) ::kill(-group_, SIGKILL);
    group_ = -1;
    if (pid_ >= 0) {
        ::kill(pid_, SIGKILL);  // in case it left its group
        reap(true);
    }
    for (int* fd : {&toChild_, &fromChild_})
        if (*fd >= 0) {
            close(*fd);
            *fd = -1;
        }
}

}  // namespace chuhe::match
