#include "gui/gui.h"

#include <climits>
#include <csignal>
#include <iostream>
#include <unistd.h>

#include "gui/api.h"
#include "gui/http.h"

namespace chuhe {

namespace {

gui::HttpServer* runningServer = nullptr;

void on_signal(int) {
    if (runningServer) runningServer->request_stop();
}

std::string own_binary() {
    char buf[PATH_MAX];
    ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return "chuhe";
    return std::string(buf, size_t(n));
}

std::string base_name(const std::string& path) {
    size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// One --option: "[ENGINE:]NAME=VALUE". ENGINE is an engine's id (as /api/engines numbers
// them) or "analysis"; "" when not given.
bool parse_option_arg(const std::string& arg, std::string& engine, std::string& name, std::string& value) {
    size_t eq = arg.find('=');
    if (eq == std::string::npos) return false;
    name = arg.substr(0, eq);
    value = arg.substr(eq + 1);
    engine.clear();
    size_t colon = name.find(':');
    if (colon != std::string::npos) {
        std::string prefix = name.substr(0, colon);
        if (prefix == "analysis" || (!prefix.empty() && prefix.size() <= 3 &&
                                     prefix.find_first_not_of("0123456789") == std::string::npos)) {
            engine = prefix;
            name = name.substr(colon + 1);
        }
    }
    return !name.empty();
}

// One word after --engine's command: the match runner's keys name=, proto= and option.NAME=
// (the board sets the time control and the rest itself), or else an argument of the engine.
bool engine_key(match::EngineConfig& e, const std::string& arg, std::string& error) {
    size_t eq = arg.find('=');
    std::string key = arg.substr(0, eq == std::string::npos ? 0 : eq), value = arg.substr(eq + 1);
    if (key == "proto") {
        if (!match::parse_protocol(value, e.protocol))
            return error = "proto=" + value + ": expected ucci, uci, uci-variant or auto", false;
    } else if (key == "name" && !value.empty()) {
        e.name = value;
    } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
        e.options.emplace_back(key.substr(7), value);
    } else {
        e.args.push_back(arg);
    }
    return true;
}

}  // namespace

int run_gui(const std::vector<std::string>& args) {
    const char* usage =
        "usage: chuhe gui [--port N] [--host ADDR] [--engine CMD [ARGS...] [KEY=VALUE...]]... [--option [ENGINE:]NAME=VALUE]...\n"
        "  --engine takes the match runner's keys after the command's arguments: name=NAME,\n"
        "  proto=auto|ucci|uci|uci-variant, option.NAME=VALUE.\n"
        "  --option sets an engine's option for every game and analysis (repeatable): without ENGINE,\n"
        "  for each engine given by --engine; ENGINE is an engine's number (0: Chuhe's UCCI child,\n"
        "  1, 2, ...: the --engine ones in order) or 'analysis' (Chuhe in process, UCI names).\n";
    gui::GuiOptions options;
    match::EngineConfig self;
    self.name = "Chuhe";
    self.command = own_binary();
    self.args = {"ucci"};
    self.protocol = match::Protocol::UCCI;
    options.engines.push_back(self);
    auto ours = [](const std::string& a) {
        return a == "--port" || a == "--host" || a == "--engine" || a == "--option";
    };
    struct Given {
        std::string engine, name, value;
    };
    std::vector<Given> given;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (!ours(a) || i + 1 >= args.size()) {
            std::cerr << "chuhe gui: unexpected argument '" << a << "'\n" << usage;
            return 2;
        }
        const std::string& v = args[++i];
        if (a == "--port") {
            if (v.empty() || v.size() > 5 || v.find_first_not_of("0123456789") != std::string::npos ||
                std::stoi(v) > 65535) {
                std::cerr << "chuhe gui: --port takes a number from 0 to 65535\n";
                return 2;
            }
            options.port = std::stoi(v);
        } else if (a == "--host") {
            options.host = v;
        } else if (a == "--option") {
            Given g;
            if (!parse_option_arg(v, g.engine, g.name, g.value)) {
                std::cerr << "chuhe gui: --option takes [ENGINE:]NAME=VALUE, not '" << v << "'\n" << usage;
                return 2;
            }
            given.push_back(g);
        } else {
            match::EngineConfig e;
            e.command = v;
            e.name = base_name(v);
            while (i + 1 < args.size() && !ours(args[i + 1])) {
                const std::string& arg = args[++i];
                std::string error;
                if (!engine_key(e, arg, error)) {
                    std::cerr << "chuhe gui: --engine " << v << ": " << error << "\n" << usage;
                    return 2;
                }
            }
            options.engines.push_back(e);
        }
    }
    for (const Given& g : given) {
        if (g.engine == "analysis") {
            options.analysisOptions.emplace_back(g.name, g.value);
        } else if (g.engine.empty()) {
            if (options.engines.size() < 2) {
                std::cerr << "chuhe gui: --option " << g.name << "=... applies to the engines given by --engine, and "
                          << "there is none (0:NAME=VALUE sets Chuhe's, analysis:NAME=VALUE Chuhe's in process)\n";
                return 2;
            }
            for (size_t i = 1; i < options.engines.size(); ++i) options.engines[i].options.emplace_back(g.name, g.value);
        } else if (size_t n = std::stoul(g.engine); n < options.engines.size()) {
            options.engines[n].options.emplace_back(g.name, g.value);
        } else {
            std::cerr << "chuhe gui: --option " << g.engine << ":" << g.name << ": there is no engine " << g.engine
                      << " (0 to " << options.engines.size() - 1 << ")\n";
            return 2;
        }
    }
    if (!gui::is_loopback(options.host)) options.token = gui::random_token();
    gui::GuiApp app(options);
    if (std::string error; !app.check_options(error)) {
        std::cerr << "chuhe gui: --option: " << error << "\n";
        return 2;
    }
    gui::HttpServer server({}, [&app](const gui::HttpRequest& r, gui::HttpStream& s) { return app.handle(r, s); });
    std::string error;
    std::string bindHost = options.host == "localhost" ? "127.0.0.1" : options.host;
    if (!server.listen(bindHost, options.port, &error)) {
        std::cerr << "chuhe gui: " << error << "\n";
        return 1;
    }
    app.set_port(server.port());
    bool everywhere = options.host == "0.0.0.0" || options.host == "::" || options.host == "[::]";
    std::string shown = gui::is_loopback(options.host) || everywhere ? "127.0.0.1" : options.host;
    if (shown.find(':') != std::string::npos && shown.front() != '[') shown = "[" + shown + "]";
    std::cout << "open http://" << shown << ":" << server.port() << "/"
              << (options.token.empty() ? "" : "?token=" + options.token) << std::endl;
    if (!options.token.empty())
        std::cout << "listening beyond loopback" << (everywhere ? " (on every address: use this machine's name or address)" : "")
                  << ": the API needs the token in that address" << std::endl;
    runningServer = &server;
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    std::signal(SIGPIPE, SIG_IGN);
    server.serve([&app] { app.shutdown(); });
    runningServer = nullptr;
    std::cout << "chuhe gui: stopped" << std::endl;
    return 0;
}

}  // namespace chuhe
