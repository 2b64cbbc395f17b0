// The web board's server side: the JSON API behind the page and the embedded page itself.
// The API is stateless: every request names its game (start FEN and moves), so the page,
// scripts and concurrent clients never share a board. Chuhe analyses in process by default
// (the engine controller, MultiPV lines streamed as server-sent events); moves in play, and
// analysis by a chosen engine, come from engine processes driven by the match runner's engine
// code (Chuhe itself as a child, plus any UCCI/UCI engine named with --engine), with the
// options each announces in its handshake.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "gui/http.h"
#include "util/json.h"
#include "match/engine.h"

namespace chuhe {
class Engine;
}

namespace chuhe::gui {

struct GuiOptions {
    std::string host = "127.0.0.1";
    int port = 0;
    std::string token;  // when not empty, /api/ requests must carry it (X-Chuhe-Token or ?token=)
    // Engines for play: the first is normally Chuhe itself as a child process.
    std::vector<match::EngineConfig> engines;
    int maxAnalysers = 4;  // in-process Chuhe instances for analysis at once
    int hashMb = 16;       // hash of each of them, unless analysisOptions set Hash
    // Search threads of all in-process analyses together (0: the machine's hardware threads);
    // one analysis may ask for as many, and each gets at least one.
    int maxAnalysisThreads = 0;
    // Options of Chuhe in process by their UCI names (protocol/options.h), as given with
    // `chuhe gui --option analysis:NAME=VALUE`: what its analyses start from; a request's
    // "options" override them for that analysis. (An engine process's are in its config.)
    std::vector<std::pair<std::string, std::string>> analysisOptions;
};

// True for 127.0.0.0/8, ::1 and "localhost".
bool is_loopback(const std::string& host);
// A random token of 32 hex digits (from /dev/urandom).
std::string random_token();

class GuiApp {
public:
    explicit GuiApp(GuiOptions options);
    ~GuiApp();
    GuiApp(const GuiApp&) = delete;
    GuiApp& operator=(const GuiApp&) = delete;

    // Checks the options given on the command line (each engine's config.options, and
    // analysisOptions) against what the engine announces, running each handshake once;
    // false with the reason. Names and values are rewritten as announced.
    bool check_options(std::string& error);
    // The port the server listens on, for the Host and Origin checks.
    void set_port(int port) { port_ = port; }
    HttpResponse handle(const HttpRequest& request, HttpStream& stream);
    // Stops every search and ends every engine process.
    void shutdown();
    // Engine processes running now (for the load test: none may leak).
    int engine_processes();
    int searches_running();
    // Search threads the in-process engines hold now, running or not (for tests).
    int analysis_threads();

private:
    struct Analyser;
    struct PlayEngine;

    bool host_allowed(const std::string& host) const;
    HttpResponse route(const HttpRequest& request, const Json& body, HttpStream& stream);
    HttpResponse info();
    HttpResponse engine_list();
    HttpResponse position(const Json& body);
    HttpResponse move(const Json& body);
    HttpResponse judge(const Json& body);
    HttpResponse analyse(const Json& body, HttpStream& stream);
    HttpResponse analyse_with(PlayEngine& e, const Json& body, HttpStream& stream);
    HttpResponse engine_move(const Json& body);
    HttpResponse stop(const Json& body);
    HttpResponse load_record(const std::string& bytes);
    HttpResponse save_record(const Json& body);

    // With e's mutex held: the options e announces (its handshake is run once to learn them).
    const std::vector<match::EngineOption>* announced(PlayEngine& e, std::string& error);
    // With e's mutex held: e's process running with tc and the request's "options" (checked
    // against the announced ones) plus `extra`, restarted when they change. 0, or the HTTP
    // status of the failure with error set.
    int ready_engine(PlayEngine& e, const match::TimeControl& tc, const std::string& key, const Json& body,
                     std::vector<std::pair<std::string, std::string>> extra, std::string& error);

    // A new in-process engine; the first one also fills inProcessOptions_.
    std::unique_ptr<Analyser> new_analyser();
    Analyser* acquire_analyser();
    // Sets a's options to the request's `chosen`, or else the command line's, or else the
    // defaults (each only when it changes); false with the reason.
    bool prepare_analyser(Analyser& a, const std::vector<std::pair<std::string, std::string>>& chosen,
                          std::string& error);
    void release_analyser(Analyser* a);
    // The threads an analysis gets (written into chosen): what it chose, or the command
    // line's, within what the other analyses leave of maxAnalysisThreads; then given back.
    int grant_threads(std::vector<std::pair<std::string, std::string>>& chosen);
    // After an analysis: its extra search threads end (each holds megabytes of tables), the
    // memory goes back to the system, and its threads count no more.
    void finish_analysis(Analyser& a, int threads);
    // Registers a search under its id, or under a key of its own when it has none (ids take no
    // '#'), so that shutdown and a stop without id reach every search; false if that id is
    // running. key is what to unregister. Once shutting down, the search is stopped at once.
    bool register_search(const std::string& id, std::function<void()> stopper, std::string& key);
    void unregister_search(const std::string& key);

    GuiOptions options_;
    int port_ = 0;
    std::mutex mutex_;
    std::vector<std::unique_ptr<Analyser>> analysers_;
    std::vector<std::unique_ptr<PlayEngine>> engines_;
    // Chuhe's options that matter to an analysis in process, with their defaults at start.
    std::vector<match::EngineOption> inProcessOptions_;
    std::map<std::string, std::function<void()>> searches_;
    std::atomic<int> running_{0};
    int maxThreads_ = 1;      // options_.maxAnalysisThreads, or the machine's
    int threadsInUse_ = 0;    // by the analyses in process running now (mutex_)
    std::atomic<bool> shuttingDown_{false};
    uint64_t searchCount_ = 0;  // for the keys of searches without an id (mutex_)
};

}  // namespace chuhe::gui
