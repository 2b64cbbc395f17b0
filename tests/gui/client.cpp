#include "gui/client.h"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace chuhe::test {

HttpReply raw_request(int port, const std::string& bytes, int timeoutMs, bool halfClose) {
    HttpReply reply;
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return reply;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(uint16_t(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) < 0) {
        ::close(fd);
        return reply;
    }
    size_t sent = 0;
    while (sent < bytes.size()) {
        ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;  // the server may refuse early (413) and close
        sent += size_t(n);
    }
    if (halfClose) ::shutdown(fd, SHUT_WR);
    std::string data;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    char buf[8192];
    for (;;) {
        int left = int(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count());
        if (left <= 0) break;
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, left) <= 0) break;
        ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        data.append(buf, size_t(n));
    }
    ::close(fd);
    size_t end = data.find("\r\n\r\n");
    if (data.rfind("HTTP/1.1 ", 0) != 0 || end == std::string::npos) return reply;
    reply.status = std::atoi(data.c_str() + 9);
    reply.head = data.substr(0, end);
    reply.body = data.substr(end + 4);
    return reply;
}

HttpReply request(int port, const std::string& method, const std::string& target, const std::string& body,
                  const std::string& extraHeaders) {
    std::string r = method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) + "\r\n" +
                    extraHeaders + "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
    return raw_request(port, r);
}

gui::GuiOptions GuiServer::default_options() {
    gui::GuiOptions o;
    match::EngineConfig chuhe;
    chuhe.name = "Chuhe";
    chuhe.command = CHUHE_BINARY;
    chuhe.args = {"ucci"};
    chuhe.protocol = match::Protocol::UCCI;
    o.engines.push_back(chuhe);
    o.maxAnalysers = 2;
    o.hashMb = 1;
    o.maxAnalysisThreads = 2;  // the same on every machine
    return o;
}

GuiServer::GuiServer(gui::GuiOptions options, gui::HttpLimits limits) {
    app_ = std::make_unique<gui::GuiApp>(options);
    gui::GuiApp* app = app_.get();
    server_ = std::make_unique<gui::HttpServer>(
        limits, [app](const gui::HttpRequest& r, gui::HttpStream& s) { return app->handle(r, s); });
    std::string error;
    if (!server_->listen("127.0.0.1", 0, &error)) throw std::runtime_error(error);
    app_->set_port(server_->port());
    thread_ = std::thread([this, app] { server_->serve([app] { app->shutdown(); }); });
}

void GuiServer::stop() {
    if (!thread_.joinable()) return;
    server_->stop();
    thread_.join();
    app_->shutdown();
}

GuiServer::~GuiServer() { stop(); }

int child_processes() {
    int n = 0;
    pid_t self = ::getpid();
    DIR* d = ::opendir("/proc");
    if (!d) return -1;
    while (dirent* e = ::readdir(d)) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        std::ifstream status(std::string("/proc/") + e->d_name + "/status");
        for (std::string line; std::getline(status, line);)
            if (line.rfind("PPid:", 0) == 0) {
                if (std::atoi(line.c_str() + 5) == self) ++n;
                break;
            }
    }
    ::closedir(d);
    return n;
}

}  // namespace chuhe::test
