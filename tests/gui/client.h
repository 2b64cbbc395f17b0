// A loopback HTTP client and a server fixture for the web board's tests.
#pragma once

#include <memory>
#include <string>
#include <thread>

#include "gui/api.h"
#include "gui/http.h"

namespace chuhe::test {

struct HttpReply {
    int status = 0;  // 0: no reply (connection refused or closed without one)
    std::string head, body;
};

// Sends raw bytes to 127.0.0.1:port, half-closes the connection (unless halfClose is false)
// and reads the reply to EOF (at most timeoutMs).
HttpReply raw_request(int port, const std::string& bytes, int timeoutMs = 20000, bool halfClose = true);
// A well-formed request with the right Host header.
HttpReply request(int port, const std::string& method, const std::string& target, const std::string& body = "",
                  const std::string& extraHeaders = "");

// An HttpServer with a GuiApp on a free loopback port, served by a thread.
class GuiServer {
public:
    explicit GuiServer(gui::GuiOptions options = default_options(), gui::HttpLimits limits = {});
    ~GuiServer();
    static gui::GuiOptions default_options();  // Chuhe (this build's binary) as the play engine

    int port() const { return server_->port(); }
    gui::GuiApp& app() { return *app_; }
    gui::HttpServer& server() { return *server_; }
    // Stops the server and the engines; idempotent.
    void stop();

private:
    std::unique_ptr<gui::GuiApp> app_;
    std::unique_ptr<gui::HttpServer> server_;
    std::thread thread_;
};

// Child processes of this process right now (from /proc).
int child_processes();

}  // namespace chuhe::test
