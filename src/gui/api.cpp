#include "gui/api.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <sstream>
#include <thread>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "core/movegen.h"
#include "eval/value.h"
#include "gui/assets.h"
#include "match/game.h"
#include "protocol/engine.h"
#include "protocol/options.h"
#include "records/notation.h"
#include "records/pgn.h"
#include "records/xqf.h"
#include "rules/explain.h"
#include "rules/repetition.h"
#include "util/text.h"

namespace chuhe::gui {

namespace {

constexpr size_t MAX_MOVES = 1000;   // plies in a game named by a request
constexpr int MAX_MULTIPV = 8;
constexpr size_t MAX_GAMES_RETURNED = 2000;
constexpr size_t MAX_ERRORS_RETURNED = 100;
constexpr const char* IN_PROCESS = "Chuhe (in process)";
constexpr int HEARTBEAT_MS = 1000;
constexpr int64_t GUI_TIME_MARGIN_MS = 500;  // a comment line on idle event streams finds gone clients

HttpResponse json_reply(const Json& j, int status = 200) {
    HttpResponse r;
    r.status = status;
    r.body = j.dump();
    return r;
}

constexpr size_t MAX_MOVE_TEXT = 40;  // bytes: the longest notation (Chinese, 前/後 forms) takes 15

HttpResponse error_reply(int status, const std::string& reason) {
    Json j = Json::object();
    // Reasons quote the request through excerpt(); this bounds any other way in.
    j.set("error", excerpt(reason, 1000));
    return json_reply(j, status);
}

// A number from JSON (or a query parameter's text). false with the reason if it is there and
// is not an integer in [lo, hi].
bool get_int(const Json& body, const char* key, int64_t lo, int64_t hi, int64_t& out, std::string& error) {
    const Json& v = body[key];
    if (v.is_null()) return true;
    double d = 0;
    if (v.is_number()) {
        d = v.as_number();
    } else if (v.is_string()) {
        const std::string& s = v.as_string();
        char* end = nullptr;
        if (s.empty() || s.size() > 18) return error = std::string(key) + " must be a number", false;
        d = std::strtod(s.c_str(), &end);
        if (*end) return error = std::string(key) + " must be a number", false;
    } else {
        return error = std::string(key) + " must be a number", false;
    }
    if (!(d >= double(lo) && d <= double(hi)) || d != double(int64_t(d)))
        return error = std::string(key) + " must be an integer from " + std::to_string(lo) + " to " +
                       std::to_string(hi),
               false;
    out = int64_t(d);
    return true;
}

bool get_bool(const Json& body, const char* key, bool def) {
    const Json& v = body[key];
    if (v.is_bool()) return v.as_bool();
    if (v.is_string()) return v.as_string() == "true" || v.as_string() == "1" || v.as_string() == "yes";
    if (v.is_number()) return v.as_number() != 0;
    return def;
}

std::string get_string(const Json& body, const char* key, const std::string& def = "") {
    const Json& v = body[key];
    return v.is_string() ? v.as_string() : def;
}

// The game a request names: "fen" (default the start position; "startpos" too) and "moves"
// (an array of moves or one string of moves separated by spaces, in any notation the records
// module reads: h2e2, 炮二平五, C2.5 ...).
struct GameInput {
    std::string startFen = Position::START_FEN;
    std::vector<Move> moves;
    Position pos;
};

bool read_game(const Json& body, GameInput& g, std::string& error) {
    const Json& fen = body["fen"];
    if (!fen.is_null()) {
        if (!fen.is_string()) return error = "fen must be a string", false;
        if (!fen.as_string().empty() && fen.as_string() != "startpos") g.startFen = fen.as_string();
    }
    if (g.startFen.size() > 200) return error = "fen too long", false;
    std::string why;
    if (!g.pos.set(g.startFen, &why)) return error = "bad FEN: " + why, false;
    g.startFen = g.pos.fen();
    std::vector<std::string> texts;
    const Json& moves = body["moves"];
    if (moves.is_string()) {
        std::istringstream in(moves.as_string());
        for (std::string t; in >> t;) texts.push_back(t);
    } else if (moves.is_array()) {
        for (const Json& m : moves.items()) {
            if (!m.is_string()) return error = "moves must be strings", false;
            texts.push_back(m.as_string());
        }
    } else if (!moves.is_null()) {
        return error = "moves must be an array of strings or a string", false;
    }
    if (texts.size() > MAX_MOVES) return error = "too many moves (limit " + std::to_string(MAX_MOVES) + ")", false;
    for (size_t i = 0; i < texts.size(); ++i) {
        if (texts[i].size() > MAX_MOVE_TEXT)
            return error = "move " + std::to_string(i + 1) + " '" + excerpt(texts[i]) + "' is too long for a move", false;
        Move m = parse_move_text(g.pos, texts[i], &why);
        if (m == MOVE_NONE) return error = "move " + std::to_string(i + 1) + ": " + why, false;
        g.pos.do_move(m);
        g.moves.push_back(m);
    }
    return true;
}

bool read_notation(const Json& body, Notation& n, NotationStyle& style, std::string& error) {
    n = Notation::CHINESE;
    std::string name = get_string(body, "notation", "chinese");
    if (!parse_notation_name(name, &n)) return error = "unknown notation '" + excerpt(name) + "' (chinese, wxf, iccs or san)", false;
    style.traditional = get_bool(body, "traditional", true);
    return true;
}

bool read_rules(const Json& body, RuleSet& rules, std::string& error) {
    rules = RuleSet::ASIAN;
    std::string name = get_string(body, "rules", "asian");
    if (!parse_rule_set(name, &rules)) return error = "unknown rule set '" + excerpt(name) + "' (asian or chinese)", false;
    return true;
}

std::string iccs(Move m) { return Position::move_to_string(m); }

// The moves of pos's game (the last `count` plies) in a notation, each written on the board it
// was played on.
Json move_texts(const Position& end, const std::vector<Move>& moves, Notation n, const NotationStyle& style) {
    Position pos = end;
    for (size_t i = 0; i < moves.size(); ++i) pos.undo_move();
    Json out = Json::array();
    for (Move m : moves) {
        Json j = Json::object();
        j.set("iccs", iccs(m));
        j.set("text", move_to_text(pos, m, n, style));
        bool capture = !pos.empty(to_sq(m));
        pos.do_move(m);
        j.set("capture", capture);
        j.set("check", pos.in_check());
        out.push(std::move(j));
    }
    return out;
}

const char* side_name(Color c) { return c == RED ? "red" : "black"; }

// How the game stands at pos, as the match runner adjudicates: mate or stalemate (both lose),
// the repetition ruled at the third occurrence, the 60-move limit, CXA 4.2.2.
Json game_status(Position& pos, RuleSet rules) {
    Json s = Json::object();
    std::string result, reason;
    bool over = match::game_over(pos, rules, &result, &reason);
    s.set("over", over);
    s.set("result", over ? result : "*");
    if (over) s.set("reason", reason);
    return s;
}

// The ruling on the repetition pos ends with (null when it ends none), as `chuhe judge` writes it.
Json repetition(Position& pos, RuleSet rules) {
    int previous = find_repetition(pos);
    if (previous < 0) return Json();
    CycleJudgement j = judge_cycle(pos, rules, false);
    std::ostringstream text;
    write_judgement(text, pos, rules);
    Json lines = Json::array();
    std::istringstream in(text.str());
    for (std::string line; std::getline(in, line);) lines.push(line);
    Json r = Json::object();
    r.set("ruling", ruling_text(j.ruling));
    r.set("rules", rule_set_name(rules));
    r.set("occurrence", occurrence_before(pos, previous) >= 0 ? 3 : 2);
    // Plies counted from the position the request started with (history index 0).
    r.set("first", j.first);
    r.set("last", j.last);
    r.set("lines", std::move(lines));
    return r;
}

Json score_json(Value v) {
    Json s = Json::object();
    if (v >= VALUE_MATE_IN_MAX_PLY)
        s.set("mate", (VALUE_MATE - v + 1) / 2);
    else if (v <= VALUE_MATED_IN_MAX_PLY)
        s.set("mate", -(VALUE_MATE + v) / 2);
    else
        s.set("cp", int(v));
    if (is_rule_score(v)) s.set("rule", v > 0 ? "win" : "loss");
    return s;
}

Json pv_texts(const Position& root, const std::vector<Move>& pv, Notation n, const NotationStyle& style,
              Json& iccsOut) {
    Position pos = root;
    Json texts = Json::array();
    iccsOut = Json::array();
    for (Move m : pv) {
        if (!MoveList::of<LEGAL>(pos).contains(m)) break;
        iccsOut.push(iccs(m));
        texts.push(move_to_text(pos, m, n, style));
        pos.do_move(m);
    }
    return texts;
}

std::string sse_event(const char* event, const Json& data) {
    return std::string("event: ") + event + "\ndata: " + data.dump() + "\n\n";
}

bool valid_id(const std::string& id) {
    if (id.size() > 64) return false;
    for (char c : id)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
            return false;
    return true;
}

bool constant_time_equal(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    unsigned char d = 0;
    for (size_t i = 0; i < a.size(); ++i) d |= (unsigned char)(a[i] ^ b[i]);
    return d == 0;
}

std::string to_lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return s;
}

// Why the page (or, with commandLine, `chuhe gui --option`) may not set an announced option
// (null: it may). The board itself drives the protocol's own options, and the page names no
// files: string options (book and network files) are for the command line.
const char* unsettable_reason(const match::EngineOption& o, bool commandLine = false) {
    if (o.type == "button") return "a button";
    if (o.type == "string" && !commandLine) return "a file name or text: give it with chuhe gui --option";
    // The protocol (Fairy-Stockfish's Protocol: another one hangs the board) and the UCI_
    // switches of the game played and the output (variant, Chess960, analysis mode, WDL, ...)
    // are the board's; of UCI_ only the strength options are the user's.
    static const char* driven[] = {"multipv", "ponder", "protocol", "rules", "usemillisec", "batch", "debug", "newgame"};
    std::string name = to_lower(o.name);
    for (const char* d : driven)
        if (name == d) return "set by the board";
    if (name.rfind("uci_", 0) == 0 && name != "uci_limitstrength" && name != "uci_elo") return "set by the board";
    return nullptr;
}

using OptionValues = std::vector<std::pair<std::string, std::string>>;

// The value `given` has for option name (in any case), or nullptr.
const std::string* given_value(const OptionValues& given, const std::string& name) {
    for (const auto& [n, v] : given)
        if (to_lower(n) == to_lower(name)) return &v;
    return nullptr;
}

// An option for the page; its default is what the command line gave, if it did.
Json option_json(const match::EngineOption& o, const OptionValues& given) {
    Json j = Json::object();
    j.set("name", o.name);
    j.set("type", o.type);
    const std::string* value = given_value(given, o.name);
    if (o.type != "button") j.set("default", value ? *value : o.defaultValue);
    if (o.hasRange) {
        j.set("min", o.min);
        j.set("max", o.max);
    }
    if (o.type == "combo") {
        Json vars = Json::array();
        for (const std::string& v : o.vars) vars.push(v);
        j.set("vars", std::move(vars));
    }
    const char* why = unsettable_reason(o);
    j.set("settable", why == nullptr);
    if (why) j.set("why", why);
    return j;
}

// The option of known called name (in any case, as UCI says), if it may be set; nullptr and
// the reason otherwise.
const match::EngineOption* settable_option(const std::vector<match::EngineOption>& known, const std::string& engine,
                                           const std::string& name, bool commandLine, std::string& error) {
    const match::EngineOption* o = match::find_option(known, engine, name, &error);  // as the match runner's
    if (!o) return nullptr;
    if (const char* why = unsettable_reason(*o, commandLine))
        return error = "option " + o->name + " is not set here: " + why, nullptr;
    return o;
}

// Options given on the command line, checked against known and rewritten as announced.
bool check_given_options(const std::vector<match::EngineOption>& known, const std::string& engine,
                         OptionValues& given, std::string& error) {
    for (auto& [name, value] : given) {
        const match::EngineOption* o = settable_option(known, engine, name, true, error);
        if (o && match::check_option_value(*o, value, &error)) {
            name = o->name;
            continue;
        }
        if (error.rfind("engine " + engine + " ", 0) != 0) error = "engine " + engine + ": " + error;
        return false;
    }
    return true;
}

// Chuhe's own options that matter to an analysis, read from the UCI table's announcement
// (protocol/options.h) like any engine's.
std::vector<match::EngineOption> in_process_options(const Engine& engine) {
    std::vector<match::EngineOption> out;
    for (const ChuheOption& c : uci_options(engine)) {
        match::EngineOption o;
        if (c.analysis && match::parse_option(c.uci_line(), match::Protocol::UCI, o)) out.push_back(o);
    }
    return out;
}

// The request's "options" ({"name": value, ...}), each checked against what the engine
// announced; names match case-insensitively (as UCI says) and go out as announced.
bool read_engine_options(const Json& body, const std::vector<match::EngineOption>& known, const std::string& engine,
                         std::vector<std::pair<std::string, std::string>>& out, std::string& error) {
    const Json& options = body["options"];
    if (options.is_null()) return true;
    if (!options.is_object()) return error = "options must be an object of names and values", false;
    if (options.members().size() > 64) return error = "too many options", false;
    for (const auto& [name, v] : options.members()) {
        const match::EngineOption* o = settable_option(known, engine, name, false, error);
        if (!o) return false;
        std::string value;
        if (v.is_string())
            value = v.as_string();
        else if (v.is_bool())
            value = v.as_bool() ? "true" : "false";
        else if (v.is_number() && v.as_number() == double(int64_t(v.as_number())))
            value = std::to_string(int64_t(v.as_number()));
        else
            return error = "option " + o->name + ": give a string, an integer or true/false", false;
        if (!match::check_option_value(*o, value, &error)) return false;
        out.emplace_back(o->name, value);
    }
    return true;
}

// A match-runner score (centipawns, mates as +-(100000 - plies)) for the page.
Json engine_score_json(int score) {
    Json s = Json::object();
    if (std::abs(score) >= 90000)
        s.set("mate", score > 0 ? (100000 - score + 1) / 2 : -(100000 + score) / 2);
    else
        s.set("cp", score);
    return s;
}

// An engine's PV (ICCS moves separated by spaces) as moves, up to the first that is not legal.
std::vector<Move> parse_pv(const Position& root, const std::string& pv) {
    Position pos = root;
    std::vector<Move> moves;
    std::istringstream in(pv);
    for (std::string t; in >> t;) {
        Move m = pos.parse_move(t);
        if (m == MOVE_NONE) break;
        moves.push_back(m);
        pos.do_move(m);
    }
    return moves;
}

}  // namespace

bool is_loopback(const std::string& host) {
    std::string h = to_lower(host);
    if (h.size() > 2 && h.front() == '[' && h.back() == ']') h = h.substr(1, h.size() - 2);
    return h == "localhost" || h == "::1" || h.rfind("127.", 0) == 0;
}

std::string random_token() {
    unsigned char bytes[16] = {};
    std::ifstream in("/dev/urandom", std::ios::binary);
    in.read(reinterpret_cast<char*>(bytes), sizeof bytes);
    if (!in) {
        // No /dev/urandom: fall back on the clock and addresses (still unguessable enough
        // across the network for a session, but say so).
        uint64_t t = uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
        for (int i = 0; i < 16; ++i) bytes[i] = (unsigned char)(t >> (i % 8 * 8) ^ uintptr_t(&in) >> i);
    }
    std::string token;
    char buf[3];
    for (unsigned char b : bytes) {
        std::snprintf(buf, sizeof buf, "%02x", b);
        token += buf;
    }
    return token;
}

// One in-process Chuhe for analysis.
struct GuiApp::Analyser {
    std::unique_ptr<Engine> engine;
    bool busy = false;
    std::map<std::string, std::string> applied;  // the in-process options' values it has now
};

// An engine process for play, driven by the match runner's engine client. It is restarted
// when the time control changes (the client's configuration fixes it) or after a failure.
struct GuiApp::PlayEngine {
    match::EngineConfig config;
    std::mutex mutex;  // held while it searches
    std::unique_ptr<match::EngineClient> client;
    std::string tcKey;  // the time control and options the running process was started with
    std::atomic<bool> abort{false};
    // What its handshake announced, for the engine list (read without waiting for a search).
    std::mutex infoMutex;
    bool probed = false;
    std::string probeError;
    std::vector<match::EngineOption> options;
    std::string protocol;  // as detected

    void learned(const match::EngineClient& c) {
        options = c.announced_options();
        protocol = match::protocol_name(c.protocol());
    }
};

GuiApp::GuiApp(GuiOptions options) : options_(std::move(options)) {
    for (const match::EngineConfig& c : options_.engines) {
        auto e = std::make_unique<PlayEngine>();
        e->config = c;
        // A board on a busy desktop is no tournament: a move may overstep its time by half a
        // second before it loses on time (the match runner's default is 25 ms).
        e->config.timeMarginMs = std::max<int64_t>(c.timeMarginMs, GUI_TIME_MARGIN_MS);
        engines_.push_back(std::move(e));
    }
    maxThreads_ = options_.maxAnalysisThreads > 0 ? options_.maxAnalysisThreads
                                                  : int(std::max(1u, std::thread::hardware_concurrency()));
    analysers_.push_back(new_analyser());  // the first one now: it lists the in-process options
    // More threads than the machine has only cost memory (each has its own tables): the page
    // offers, and a request or --option may ask for, at most the machine's.
    for (match::EngineOption& o : inProcessOptions_)
        if (o.name == "Threads" && o.hasRange) o.max = std::min<int64_t>(o.max, maxThreads_);
    // Hash as --option sets it, else hashMb.
    if (!given_value(options_.analysisOptions, "Hash"))
        options_.analysisOptions.insert(options_.analysisOptions.begin(), {"Hash", std::to_string(options_.hashMb)});
}

bool GuiApp::check_options(std::string& error) {
    for (auto& e : engines_) {
        if (e->config.options.empty()) continue;
        std::lock_guard<std::mutex> lock(e->mutex);
        const std::vector<match::EngineOption>* known = announced(*e, error);
        if (!known || !check_given_options(*known, e->config.name, e->config.options, error)) return false;
    }
    if (!check_given_options(inProcessOptions_, IN_PROCESS, options_.analysisOptions, error)) return false;
    Analyser* a = acquire_analyser();
    if (!a) return error = "no analysis engine", false;
    bool ok = prepare_analyser(*a, {}, error);  // a file that will not load says so now
    release_analyser(a);
    if (!ok) error = "engine " + std::string(IN_PROCESS) + ": " + error;
    return ok;
}

GuiApp::~GuiApp() { shutdown(); }

void GuiApp::shutdown() {
    shuttingDown_ = true;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        for (auto& s : searches_) s.second();
    }
    // Searches end soon after they are stopped; wait for them, then end the processes.
    while (running_.load() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    for (auto& e : engines_) {
        std::lock_guard<std::mutex> lock(e->mutex);
        if (e->client) e->client->quit();
        e->client.reset();
    }
    // The in-process analysers stay until the app is destroyed: a request that got past the
    // shutdown check may still hold one.
}

int GuiApp::engine_processes() {
    int n = 0;
    for (auto& e : engines_) {
        std::unique_lock<std::mutex> lock(e->mutex, std::try_to_lock);
        if (!lock.owns_lock()) {
            ++n;  // searching
            continue;
        }
        if (e->client && e->client->running()) ++n;
    }
    return n;
}

int GuiApp::searches_running() { return running_.load(); }

int GuiApp::analysis_threads() {
    std::lock_guard<std::mutex> lock(mutex_);
    int n = 0;
    for (auto& a : analysers_) n += a->engine->options().threads;
    return n;
}

int GuiApp::grant_threads(OptionValues& chosen) {
    const std::string* asked = given_value(chosen, "Threads");
    if (!asked) asked = given_value(options_.analysisOptions, "Threads");
    int wanted = asked ? std::atoi(asked->c_str()) : 1;
    int granted;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        granted = std::clamp(wanted, 1, std::max(1, maxThreads_ - threadsInUse_));
        threadsInUse_ += granted;
    }
    bool found = false;
    for (auto& [name, value] : chosen)
        if (to_lower(name) == "threads") value = std::to_string(granted), found = true;
    if (!found) chosen.emplace_back("Threads", std::to_string(granted));
    return granted;
}

void GuiApp::finish_analysis(Analyser& a, int threads) {
    if (a.engine->options().threads > 1) {
        a.engine->set_threads(1);
        a.applied["Threads"] = "1";
    }
#if defined(__GLIBC__)
    malloc_trim(0);  // glibc keeps freed memory in its arenas otherwise
#endif
    std::lock_guard<std::mutex> lock(mutex_);
    threadsInUse_ -= threads;
}

bool GuiApp::host_allowed(const std::string& hostHeader) const {
    std::string h = to_lower(hostHeader);
    // Listening on every address, the server cannot know the names it is reached by; the
    // token (always set beyond loopback) keeps other sites' pages out instead.
    if ((options_.host == "0.0.0.0" || options_.host == "::" || options_.host == "[::]") && !options_.token.empty())
        return h.size() > 0 && h.size() < 256;
    std::string port = ":" + std::to_string(port_);
    std::vector<std::string> names = {"127.0.0.1", "localhost", "[::1]"};
    if (!is_loopback(options_.host)) {
        std::string bound = to_lower(options_.host);
        if (bound.find(':') != std::string::npos && bound.front() != '[') bound = "[" + bound + "]";
        names.push_back(bound);
    }
    for (const std::string& n : names)
        if (h == n + port) return true;
    return false;
}

HttpResponse GuiApp::handle(const HttpRequest& req, HttpStream& stream) {
    // DNS rebinding: a page of another site that resolves its name to us names its own host.
    if (!host_allowed(req.header("host")))
        return error_reply(403, "Host '" + excerpt(req.header("host")) + "' is not this server (open the address chuhe gui printed)");
    // Cross-site requests: browsers name the page's origin.
    if (req.has_header("origin")) {
        std::string origin = to_lower(req.header("origin"));
        // Only the page this server served (same origin) may call it.
        if (origin.rfind("http://", 0) != 0 || origin.substr(7) != to_lower(req.header("host")))
            return error_reply(403, "cross-origin request refused (Origin " + excerpt(req.header("origin")) + ")");
    }
    if (req.header("sec-fetch-site") == "cross-site") return error_reply(403, "cross-site request refused");

    bool api = req.path.rfind("/api/", 0) == 0;
    if (!api) {
        if (req.method != "GET" && req.method != "HEAD") return error_reply(405, "only GET serves the page");
        std::string path = req.path == "/" ? "/index.html" : req.path;
        const Asset* a = find_asset(path);
        if (!a) return error_reply(404, "no such page: " + excerpt(req.path));
        HttpResponse r;
        r.contentType = a->type;
        r.body.assign(reinterpret_cast<const char*>(a->data), a->size);
        r.headers.emplace_back("Content-Security-Policy",
                               "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                               "frame-ancestors 'none'");
        r.headers.emplace_back("X-Frame-Options", "DENY");
        return r;
    }
    // Pages of other sites, and of other ports of this machine ("same-site": Chromium sends no
    // Origin with <img src=http://127.0.0.1:PORT/api/...>), may not call the API: only this
    // server's page ("same-origin"), an address typed by the user ("none") and clients that are
    // no browser (no Sec-Fetch-Site) may.
    if (std::string site = to_lower(req.header("sec-fetch-site")); !site.empty() && site != "same-origin" && site != "none")
        return error_reply(403, "request from another site or port refused (Sec-Fetch-Site " + site.substr(0, 20) + ")");
    if (!options_.token.empty()) {
        std::string token = req.has_header("x-chuhe-token") ? req.header("x-chuhe-token") : req.param("token");
        if (!constant_time_equal(token, options_.token))
            return error_reply(403, "missing or wrong token (open the address chuhe gui printed)");
    }
    if (shuttingDown_) return error_reply(503, "the server is stopping");
    Json body = Json::object();
    if (req.method == "GET" || req.method == "HEAD") {
        for (const auto& q : req.query)
            if (q.first != "token") body.set(q.first, q.second);
    } else if (req.method == "POST") {
        if (req.path != "/api/record/load" && !req.body.empty()) {
            std::string error;
            if (!Json::parse(req.body, body, &error)) return error_reply(400, error);
            if (!body.is_object()) return error_reply(400, "the request body must be a JSON object");
        }
    } else {
        return error_reply(405, "method " + req.method + " not allowed");
    }
    return route(req, body, stream);
}

HttpResponse GuiApp::route(const HttpRequest& req, const Json& body, HttpStream& stream) {
    const std::string& p = req.path;
    bool post = req.method == "POST";
    if (p == "/api/info") return info();
    if (!post) {
        // Whatever starts work (a search, an engine's handshake) takes POST: a GET can be sent
        // by any page (an image, a link), and browsers name the page's origin on a POST.
        if (p == "/api/analyse" || p == "/api/engines" || p == "/api/position" || p == "/api/move" ||
            p == "/api/judge" || p == "/api/engine/move" || p == "/api/stop" || p == "/api/record/load" ||
            p == "/api/record/save")
            return error_reply(405, p + " takes POST");
        return error_reply(404, "no such API call: " + excerpt(p));
    }
    if (p == "/api/analyse") return analyse(body, stream);
    if (p == "/api/engines") return engine_list();
    if (p == "/api/position") return position(body);
    if (p == "/api/move") return move(body);
    if (p == "/api/judge") return judge(body);
    if (p == "/api/engine/move") return engine_move(body);
    if (p == "/api/stop") return stop(body);
    if (p == "/api/record/load") return load_record(req.body);
    if (p == "/api/record/save") return save_record(body);
    return error_reply(404, "no such API call: " + excerpt(p));
}

HttpResponse GuiApp::info() {
    Json j = Json::object();
    j.set("name", ENGINE_NAME);
    Json engines = Json::array();
    for (size_t i = 0; i < engines_.size(); ++i) {
        Json e = Json::object();
        e.set("id", int(i));
        e.set("name", engines_[i]->config.name);
        e.set("command", engines_[i]->config.command);
        engines.push(std::move(e));
    }
    j.set("engines", std::move(engines));
    j.set("analysis", IN_PROCESS);
    j.set("maxMultiPV", MAX_MULTIPV);
    Json rules = Json::array();
    rules.push("asian");
    rules.push("chinese");
    j.set("rules", std::move(rules));
    j.set("startFen", Position::START_FEN);
    return json_reply(j);
}

const std::vector<match::EngineOption>* GuiApp::announced(PlayEngine& e, std::string& error) {
    std::lock_guard<std::mutex> lock(e.infoMutex);
    if (!e.probed) {
        // Not started yet: run its handshake once to learn its options (without the options
        // given: they are checked against what it announces, after this).
        match::EngineConfig bare = e.config;
        bare.options.clear();
        match::EngineClient probe(bare, &shuttingDown_);  // Ctrl-C ends a handshake at once
        e.probed = true;
        if (probe.start(&e.probeError)) {
            e.learned(probe);
            e.probeError.clear();
        }
        probe.quit();
    }
    if (!e.probeError.empty()) {
        error = "engine " + e.config.name + " did not start: " + e.probeError;
        e.probed = false;  // try again next time
        return nullptr;
    }
    return &e.options;
}

HttpResponse GuiApp::engine_list() {
    Json list = Json::array();
    for (size_t i = 0; i < engines_.size(); ++i) {
        PlayEngine& e = *engines_[i];
        std::string error;
        {
            // A busy engine has run its handshake already.
            std::unique_lock<std::mutex> lock(e.mutex, std::try_to_lock);
            if (lock.owns_lock() && !shuttingDown_) announced(e, error);
        }
        Json j = Json::object();
        j.set("id", int(i));
        j.set("name", e.config.name);
        j.set("command", e.config.command);
        std::lock_guard<std::mutex> lock(e.infoMutex);
        if (!e.protocol.empty()) j.set("protocol", e.protocol);
        Json options = Json::array();
        for (const match::EngineOption& o : e.options) options.push(option_json(o, e.config.options));
        j.set("options", std::move(options));
        if (!error.empty()) j.set("error", error);
        list.push(std::move(j));
    }
    Json out = Json::object();
    out.set("engines", std::move(list));
    // Chuhe analysing in process: its options in the same shape (no id: "engine" left out).
    Json analysis = Json::object();
    analysis.set("name", IN_PROCESS);
    analysis.set("protocol", "in process");
    Json options = Json::array();
    for (const match::EngineOption& o : inProcessOptions_) options.push(option_json(o, options_.analysisOptions));
    analysis.set("options", std::move(options));
    out.set("analysis", std::move(analysis));
    return json_reply(out);
}

int GuiApp::ready_engine(PlayEngine& e, const match::TimeControl& tc, const std::string& key, const Json& body,
                         std::vector<std::pair<std::string, std::string>> extra, std::string& error) {
    const std::vector<match::EngineOption>* known = announced(e, error);
    if (!known) return 502;
    std::vector<std::pair<std::string, std::string>> chosen;
    if (!read_engine_options(body, *known, e.config.name, chosen, error)) return 422;
    chosen.insert(chosen.end(), extra.begin(), extra.end());
    std::string fullKey = key;
    for (const auto& [name, value] : chosen) fullKey += "\n" + name + "=" + value;
    bool fresh = !e.client || fullKey != e.tcKey || !e.client->running();
    if (fresh) {
        if (e.client) e.client->quit();
        match::EngineConfig c = e.config;
        c.tc = tc;
        c.options.insert(c.options.end(), chosen.begin(), chosen.end());
        auto client = std::make_unique<match::EngineClient>(c, &e.abort);
        e.client.reset();
        if (!client->start(&error)) {
            error = "engine " + e.config.name + " did not start: " + error;
            return 502;
        }
        {
            std::lock_guard<std::mutex> lock(e.infoMutex);
            e.learned(*client);
        }
        e.client = std::move(client);
        e.tcKey = fullKey;
    }
    if ((fresh || get_bool(body, "newgame", false)) && !e.client->new_game(&error)) {
        e.client->quit();
        e.client.reset();
        error = "engine " + e.config.name + " did not get ready: " + error;
        return 502;
    }
    return 0;
}

HttpResponse GuiApp::position(const Json& body) {
    GameInput g;
    std::string error;
    Notation n;
    NotationStyle style;
    RuleSet rules;
    if (!read_game(body, g, error) || !read_notation(body, n, style, error) || !read_rules(body, rules, error))
        return error_reply(422, error);
    Json j = Json::object();
    j.set("startFen", g.startFen);
    j.set("fen", g.pos.fen());
    j.set("side", side_name(g.pos.side_to_move()));
    j.set("check", g.pos.in_check());
    j.set("moves", move_texts(g.pos, g.moves, n, style));
    Json legal = Json::array();
    for (Move m : MoveList::of<LEGAL>(g.pos)) legal.push(iccs(m));
    j.set("legal", std::move(legal));
    j.set("lastMove", g.moves.empty() ? Json() : Json(iccs(g.moves.back())));
    j.set("status", game_status(g.pos, rules));
    j.set("repetition", repetition(g.pos, rules));
    return json_reply(j);
}

HttpResponse GuiApp::move(const Json& body) {
    std::string text = get_string(body, "move");
    if (text.empty()) return error_reply(400, "move missing");
    GameInput g;
    std::string error;
    if (!read_game(body, g, error)) return error_reply(422, error);
    if (text.size() > MAX_MOVE_TEXT) return error_reply(422, "'" + excerpt(text) + "' is too long for a move");
    Move m = parse_move_text(g.pos, text, &error);
    if (m == MOVE_NONE) return error_reply(422, error);  // it names the move and why
    Json next = Json::object();
    for (const auto& member : body.members())
        if (member.first != "move" && member.first != "moves" && member.first != "fen") next.set(member.first, member.second);
    next.set("fen", g.startFen);
    Json moves = Json::array();
    for (Move x : g.moves) moves.push(iccs(x));
    moves.push(iccs(m));
    next.set("moves", std::move(moves));
    return position(next);
}

HttpResponse GuiApp::judge(const Json& body) {
    GameInput g;
    std::string error;
    RuleSet rules;
    if (!read_game(body, g, error) || !read_rules(body, rules, error)) return error_reply(422, error);
    Json r = repetition(g.pos, rules);
    if (r.is_null()) {
        r = Json::object();
        r.set("ruling", "no repetition");
        r.set("rules", rule_set_name(rules));
        Json lines = Json::array();
        std::ostringstream text;
        write_judgement(text, g.pos, rules);
        std::istringstream in(text.str());
        for (std::string line; std::getline(in, line);) lines.push(line);
        r.set("lines", std::move(lines));
    }
    return json_reply(r);
}

bool GuiApp::register_search(const std::string& id, std::function<void()> stopper, std::string& key) {
    std::lock_guard<std::mutex> lock(mutex_);
    key = id.empty() ? "#" + std::to_string(++searchCount_) : id;
    if (searches_.count(key)) return false;
    // shutdown() set the flag before it stopped the searches it found under this lock.
    if (shuttingDown_) stopper();
    searches_[key] = std::move(stopper);
    return true;
}

void GuiApp::unregister_search(const std::string& key) {
    std::lock_guard<std::mutex> lock(mutex_);
    searches_.erase(key);
}

HttpResponse GuiApp::stop(const Json& body) {
    std::string id = get_string(body, "id");
    std::lock_guard<std::mutex> lock(mutex_);
    Json j = Json::object();
    if (id.empty()) {
        // No id: stop every search.
        for (auto& s : searches_) s.second();
        j.set("stopped", int(searches_.size()));
        return json_reply(j);
    }
    auto it = searches_.find(id);
    if (it != searches_.end()) it->second();
    j.set("stopped", it != searches_.end() ? 1 : 0);
    return json_reply(j);
}

std::unique_ptr<GuiApp::Analyser> GuiApp::new_analyser() {
    auto a = std::make_unique<Analyser>();
    a->engine = std::make_unique<Engine>();
    if (inProcessOptions_.empty()) inProcessOptions_ = in_process_options(*a->engine);  // the first (constructor)
    for (const match::EngineOption& o : inProcessOptions_) a->applied[o.name] = o.defaultValue;
    return a;
}

GuiApp::Analyser* GuiApp::acquire_analyser() {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto& a : analysers_)
        if (!a->busy) {
            a->busy = true;
            return a.get();
        }
    if (int(analysers_.size()) >= options_.maxAnalysers) return nullptr;
    auto a = new_analyser();
    a->busy = true;
    analysers_.push_back(std::move(a));
    return analysers_.back().get();
}

bool GuiApp::prepare_analyser(Analyser& a, const OptionValues& chosen, std::string& error) {
    for (const match::EngineOption& o : inProcessOptions_) {
        if (unsettable_reason(o, true)) continue;  // MultiPV and Rules: the request's own fields
        const std::string* value = given_value(chosen, o.name);
        if (!value) value = given_value(options_.analysisOptions, o.name);
        if (!value) value = &o.defaultValue;
        std::string& now = a.applied[o.name];
        if (*value == now) continue;
        OptionErrors errors = set_uci_option(*a.engine, o.name, *value, o.name);
        if (!errors.empty()) {
            a.applied.erase(o.name);  // unknown now: set it again next time
            return error = "option " + o.name + ": " + errors.front(), false;
        }
        now = *value;
    }
    return true;
}

void GuiApp::release_analyser(Analyser* a) {
    std::lock_guard<std::mutex> lock(mutex_);
    a->busy = false;
}

namespace {

// Events from the search threads to the connection's thread.
struct SearchEvents {
    std::mutex mutex;
    std::condition_variable cv;
    std::deque<SearchInfo> infos;
    bool done = false;
    SearchResult result;
    std::atomic<bool> stopRequested{false};
};

bool read_limits(const Json& body, SearchLimits& limits, std::string& error) {
    int64_t depth = 0, nodes = 0, movetime = 0, red = 0, black = 0, redInc = 0, blackInc = 0, inc = 0;
    const int64_t HOUR = 3600 * 1000;
    if (!get_int(body, "depth", 1, 100, depth, error) || !get_int(body, "nodes", 1, int64_t(1) << 40, nodes, error) ||
        !get_int(body, "movetime", 1, HOUR, movetime, error) || !get_int(body, "redtime", 1, 10 * HOUR, red, error) ||
        !get_int(body, "blacktime", 1, 10 * HOUR, black, error) || !get_int(body, "increment", 0, HOUR, inc, error) ||
        !get_int(body, "redinc", 0, HOUR, redInc, error) || !get_int(body, "blackinc", 0, HOUR, blackInc, error))
        return false;
    limits.depth = int(depth);
    limits.nodes = uint64_t(nodes);
    limits.movetime = movetime;
    limits.time[RED] = red;
    limits.time[BLACK] = black;
    limits.inc[RED] = redInc ? redInc : inc;
    limits.inc[BLACK] = blackInc ? blackInc : inc;
    limits.infinite = !depth && !nodes && !movetime && !red && !black;
    return true;
}

}  // namespace

HttpResponse GuiApp::analyse(const Json& body, HttpStream& stream) {
    GameInput g;
    std::string error;
    Notation n;
    NotationStyle style;
    RuleSet rules;
    SearchLimits limits;
    int64_t multiPV = 1;
    if (!read_game(body, g, error) || !read_notation(body, n, style, error) || !read_rules(body, rules, error) ||
        !read_limits(body, limits, error) || !get_int(body, "multipv", 1, MAX_MULTIPV, multiPV, error))
        return error_reply(422, error);
    std::string id = get_string(body, "id");
    if (!valid_id(id)) return error_reply(400, "id: up to 64 letters, digits, '-' and '_'");
    if (MoveList::of<LEGAL>(g.pos).size() == 0) return error_reply(422, "no legal move in this position");
    if (!body["engine"].is_null()) {
        int64_t index = 0;
        if (engines_.empty()) return error_reply(422, "no engine but Chuhe in process");
        if (!get_int(body, "engine", 0, int64_t(engines_.size()) - 1, index, error)) return error_reply(422, error);
        return analyse_with(*engines_[size_t(index)], body, stream);
    }

    OptionValues chosen;
    if (!read_engine_options(body, inProcessOptions_, IN_PROCESS, chosen, error)) return error_reply(422, error);
    Analyser* a = acquire_analyser();
    if (!a) return error_reply(503, "all analysis engines are busy");
    int threads = grant_threads(chosen);
    if (!prepare_analyser(*a, chosen, error)) {
        finish_analysis(*a, threads);
        release_analyser(a);
        return error_reply(422, error);
    }
    auto events = std::make_shared<SearchEvents>();
    Engine& engine = *a->engine;
    std::string key;
    if (!register_search(
            id,
            [events, &engine] {
                events->stopRequested = true;
                engine.stop();
            },
            key)) {
        finish_analysis(*a, threads);
        release_analyser(a);
        return error_reply(409, "a search with id '" + id + "' is running");
    }
    ++running_;
    std::vector<std::string> moves;
    for (Move m : g.moves) moves.push_back(iccs(m));
    engine.set_position(g.startFen, moves, &error);
    engine.options().multiPV = int(multiPV);
    engine.options().rules = rules;

    bool clientGone = !stream.begin(200, "text/event-stream; charset=utf-8");
    {
        Json start = Json::object();
        start.set("fen", g.pos.fen());
        start.set("side", side_name(g.pos.side_to_move()));
        start.set("multipv", int(multiPV));
        start.set("id", id);
        Json values = Json::object();  // as the engine has them now
        for (const match::EngineOption& o : inProcessOptions_) values.set(o.name, uci_option_value(engine, o.name));
        start.set("options", std::move(values));
        stream.write(sse_event("start", start));
    }
    SearchListener listener;
    listener.on_info = [events](const SearchInfo& info) {
        std::lock_guard<std::mutex> lock(events->mutex);
        if (events->infos.size() < 1000) events->infos.push_back(info);
        events->cv.notify_all();
    };
    listener.on_bestmove = [events](const SearchResult& r) {
        std::lock_guard<std::mutex> lock(events->mutex);
        events->result = r;
        events->done = true;
        events->cv.notify_all();
    };
    engine.go(limits, listener);

    auto lastWrite = std::chrono::steady_clock::now();
    Position root = g.pos;
    for (;;) {
        std::deque<SearchInfo> infos;
        bool done;
        {
            std::unique_lock<std::mutex> lock(events->mutex);
            events->cv.wait_for(lock, std::chrono::milliseconds(HEARTBEAT_MS / 4),
                                [&] { return events->done || !events->infos.empty(); });
            infos.swap(events->infos);
            done = events->done;
        }
        if (!clientGone) {
            for (const SearchInfo& info : infos) {
                Json j = Json::object();
                j.set("multipv", info.multiPV);
                j.set("depth", info.depth);
                j.set("seldepth", info.selDepth);
                j.set("score", score_json(info.score));
                if (info.bound != BOUND_EXACT) j.set("bound", info.bound == BOUND_LOWER ? "lower" : "upper");
                j.set("nodes", info.nodes);
                j.set("time", int64_t(info.time));
                j.set("nps", info.time > 0 ? info.nodes * 1000 / uint64_t(info.time) : info.nodes);
                Json pvIccs;
                Json texts = pv_texts(root, info.pv, n, style, pvIccs);
                j.set("pv", std::move(pvIccs));
                j.set("pvText", std::move(texts));
                if (!stream.write(sse_event("info", j))) clientGone = true;
                lastWrite = std::chrono::steady_clock::now();
            }
            if (!clientGone && std::chrono::steady_clock::now() - lastWrite > std::chrono::milliseconds(HEARTBEAT_MS)) {
                if (!stream.write(": keep-alive\n\n")) clientGone = true;
                lastWrite = std::chrono::steady_clock::now();
            }
        }
        if (clientGone || shuttingDown_ || events->stopRequested) engine.stop();
        if (done) break;
    }
    engine.wait();
    unregister_search(key);
    if (!clientGone) {
        Json j = Json::object();
        const SearchResult& r = events->result;
        j.set("move", r.best == MOVE_NONE ? Json() : Json(iccs(r.best)));
        j.set("text", r.best == MOVE_NONE ? Json() : Json(move_to_text(root, r.best, n, style)));
        j.set("ponder", r.ponder == MOVE_NONE ? Json() : Json(iccs(r.ponder)));
        j.set("depth", r.depth);
        j.set("score", score_json(r.score));
        j.set("stopped", events->stopRequested.load());
        stream.write(sse_event("bestmove", j));
    }
    finish_analysis(*a, threads);
    release_analyser(a);
    --running_;
    return {};
}

// Analysis by an engine process: infinite, with MultiPV when the engine announces it, the
// lines streamed as for Chuhe in process.
HttpResponse GuiApp::analyse_with(PlayEngine& e, const Json& body, HttpStream& stream) {
    GameInput g;
    std::string error;
    Notation n;
    NotationStyle style;
    int64_t multiPV = 1;
    read_game(body, g, error);  // checked by analyse()
    read_notation(body, n, style, error);
    get_int(body, "multipv", 1, MAX_MULTIPV, multiPV, error);
    std::string id = get_string(body, "id");

    std::unique_lock<std::mutex> lock(e.mutex, std::try_to_lock);
    if (!lock.owns_lock()) return error_reply(409, "engine " + e.config.name + " is busy");
    if (shuttingDown_) return error_reply(503, "the server is stopping");
    const std::vector<match::EngineOption>* known = announced(e, error);
    if (!known) return error_reply(502, error);
    int lines = 1;
    std::vector<std::pair<std::string, std::string>> extra;
    for (const match::EngineOption& o : *known)
        if (to_lower(o.name) == "multipv" && o.type == "spin") {
            lines = int(o.hasRange ? std::clamp<int64_t>(multiPV, std::max<int64_t>(o.min, 1), o.max) : multiPV);
            extra.emplace_back(o.name, std::to_string(lines));
        }
    // Registered before the engine starts: a stop (or Ctrl-C) ends its handshake too.
    e.abort = false;
    std::string key;
    if (!register_search(id, [&e] { e.abort = true; }, key))
        return error_reply(409, "a search with id '" + id + "' is running");
    if (int status = ready_engine(e, match::TimeControl(), "analysis", body, extra, error)) {
        unregister_search(key);
        return error_reply(status, error);
    }
    ++running_;

    bool clientGone = !stream.begin(200, "text/event-stream; charset=utf-8");
    {
        Json start = Json::object();
        start.set("fen", g.pos.fen());
        start.set("side", side_name(g.pos.side_to_move()));
        start.set("multipv", lines);
        start.set("id", id);
        start.set("engine", e.config.name);
        stream.write(sse_event("start", start));
    }
    const Position& root = g.pos;
    auto started = std::chrono::steady_clock::now(), lastWrite = started;
    auto on_info = [&](const match::SearchResult* info) {
        auto now = std::chrono::steady_clock::now();
        if (info && !clientGone && info->multiPV <= lines) {
            int64_t ms = std::chrono::duration_cast<std::chrono::milliseconds>(now - started).count();
            Json j = Json::object();
            j.set("multipv", info->multiPV);
            j.set("depth", info->depth);
            if (info->hasScore) j.set("score", engine_score_json(info->score));
            if (info->nodes >= 0) {
                j.set("nodes", info->nodes);
                j.set("nps", ms > 0 ? info->nodes * 1000 / ms : info->nodes);
            }
            j.set("time", ms);
            Json pvIccs;
            Json texts = pv_texts(root, parse_pv(root, info->pv), n, style, pvIccs);
            j.set("pv", std::move(pvIccs));
            j.set("pvText", std::move(texts));
            if (!stream.write(sse_event("info", j))) clientGone = true;
            lastWrite = now;
        } else if (!clientGone && now - lastWrite > std::chrono::milliseconds(HEARTBEAT_MS)) {
            if (!stream.write(": keep-alive\n\n")) clientGone = true;
            lastWrite = now;
        }
        return !clientGone && !shuttingDown_;
    };
    match::SearchResult r = e.client->analyse(g.pos, g.startFen, g.moves, on_info);
    bool stopped = e.abort.load();
    unregister_search(key);
    if (r.status != match::SearchResult::MOVE && r.status != match::SearchResult::NO_MOVE) {
        e.client->quit();  // its state is unknown now: start it afresh next time
        e.client.reset();  // ends and reaps the process, whatever became of it
    }
    if (!clientGone && r.status == match::SearchResult::CRASHED && !stopped) {
        // The engine died (or hung) under the search: no move to give, but the reason.
        Json j = Json::object();
        j.set("error", "engine " + e.config.name + " crashed: " + excerpt(r.reply, 200));
        stream.write(sse_event("error", j));
    } else if (!clientGone) {
        Json j = Json::object();
        bool moved = r.status == match::SearchResult::MOVE;
        j.set("move", moved ? Json(iccs(r.move)) : Json());
        j.set("text", moved ? Json(move_to_text(root, r.move, n, style)) : Json());
        j.set("stopped", stopped);
        if (!moved) j.set("reply", r.reply);
        stream.write(sse_event("bestmove", j));
    }
    --running_;
    return {};
}

HttpResponse GuiApp::engine_move(const Json& body) {
    GameInput g;
    std::string error;
    Notation n;
    NotationStyle style;
    RuleSet rules;
    int64_t index = 0, depth = 0, nodes = 0, movetime = 0, red = 0, black = 0, inc = 0;
    const int64_t HOUR = 3600 * 1000;
    if (!read_game(body, g, error) || !read_notation(body, n, style, error) || !read_rules(body, rules, error) ||
        !get_int(body, "engine", 0, int64_t(engines_.size()) - 1, index, error) ||
        !get_int(body, "depth", 1, 100, depth, error) || !get_int(body, "nodes", 1, int64_t(1) << 40, nodes, error) ||
        !get_int(body, "movetime", 1, HOUR, movetime, error) || !get_int(body, "redtime", 1, 10 * HOUR, red, error) ||
        !get_int(body, "blacktime", 1, 10 * HOUR, black, error) || !get_int(body, "increment", 0, HOUR, inc, error))
        return error_reply(engines_.empty() ? 503 : 422, engines_.empty() ? "no engine for play" : error);
    std::string id = get_string(body, "id");
    if (!valid_id(id)) return error_reply(400, "id: up to 64 letters, digits, '-' and '_'");
    if ((red > 0) != (black > 0)) return error_reply(422, "give both redtime and blacktime, or neither");
    if (!red && !movetime && !depth && !nodes) return error_reply(422, "give a limit: redtime/blacktime, movetime, depth or nodes");
    if (MoveList::of<LEGAL>(g.pos).size() == 0) return error_reply(422, "no legal move in this position");

    PlayEngine& e = *engines_[size_t(index)];
    std::unique_lock<std::mutex> lock(e.mutex, std::try_to_lock);
    if (!lock.owns_lock()) return error_reply(409, "engine " + e.config.name + " is busy");
    if (shuttingDown_) return error_reply(503, "the server is stopping");

    match::TimeControl tc;
    tc.baseMs = red ? std::max(red, black) : 0;
    tc.incrementMs = red ? inc : 0;
    tc.moveTimeMs = red ? 0 : movetime;
    tc.depth = int(depth);
    tc.nodes = nodes;
    std::string key = std::to_string(red > 0) + "/" + std::to_string(tc.incrementMs) + "/" +
                      std::to_string(tc.moveTimeMs) + "/" + std::to_string(depth) + "/" + std::to_string(nodes) +
                      "/" + rule_set_name(rules);
    e.abort = false;
    std::string searchKey;
    if (!register_search(id, [&e] { e.abort = true; }, searchKey))
        return error_reply(409, "a search with id '" + id + "' is running");
    if (int status = ready_engine(e, tc, key, body, {}, error)) {
        unregister_search(searchKey);
        return error_reply(status, error);
    }
    ++running_;
    Color us = g.pos.side_to_move();
    match::TimeControl own = tc, opp = tc;
    if (red) {
        own.baseMs = us == RED ? red : black;
        opp.baseMs = us == RED ? black : red;
    }
    match::Clock ownClock(own, e.config.timeMarginMs), oppClock(opp, e.config.timeMarginMs);
    std::vector<Move> banned;
    if (e.client->protocol() == match::Protocol::UCCI)
        for (Move m : MoveList::of<LEGAL>(g.pos))
            if (loses_by_rule(g.pos, m, rules)) banned.push_back(m);
    match::SearchResult r =
        e.client->go(g.pos, g.startFen, g.moves, ownClock, oppClock, banned, get_bool(body, "drawoffer", false));
    bool aborted = e.abort.load();
    unregister_search(searchKey);
    --running_;
    if (r.status != match::SearchResult::MOVE) {
        // The engine's state is unknown now: start it afresh next time.
        e.client->quit();
        e.client.reset();
    }
    Json j = Json::object();
    const char* status = "move";
    switch (r.status) {
    case match::SearchResult::MOVE: status = "move"; break;
    case match::SearchResult::NO_MOVE: status = "nomove"; break;
    case match::SearchResult::ILLEGAL: status = "illegal"; break;
    case match::SearchResult::TIMEOUT: status = "timeout"; break;
    case match::SearchResult::CRASHED: status = aborted ? "stopped" : "crashed"; break;
    }
    j.set("status", status);
    j.set("engine", e.config.name);
    j.set("reply", r.reply);
    j.set("elapsed", r.elapsedMs);
    if (r.status == match::SearchResult::MOVE) {
        j.set("move", iccs(r.move));
        j.set("text", move_to_text(g.pos, r.move, n, style));
    }
    if (r.hasScore) {
        j.set("score", engine_score_json(r.score));
        j.set("depth", r.depth);
    }
    j.set("offersDraw", r.offersDraw);
    j.set("resigns", r.resigns);
    return json_reply(j);
}

HttpResponse GuiApp::load_record(const std::string& bytes) {
    if (bytes.empty()) return error_reply(400, "empty file");
    std::vector<Game> games;
    Json errors = Json::array();
    int seen = 0;
    auto add_error = [&](int game, int line, const std::string& message) {
        // The messages quote the file: each is cut short, and a file of nothing but errors
        // gets the first ones.
        if (errors.items().size() >= MAX_ERRORS_RETURNED) return;
        Json e = Json::object();
        e.set("game", game);
        e.set("line", line);
        e.set("message", excerpt(message, 200));
        errors.push(std::move(e));
    };
    if (looks_like_xqf(bytes)) {
        Game g;
        std::string why;
        seen = 1;
        if (read_xqf(bytes, g, &why)) {
            g.number = 1;
            games.push_back(std::move(g));
        } else {
            add_error(1, 0, why);
        }
    } else {
        PgnReadResult r = read_pgn(bytes);
        games = std::move(r.games);
        seen = r.gamesSeen;
        for (const RecordError& e : r.errors) add_error(e.game, e.line, e.message);
    }
    Json out = Json::object();
    Json list = Json::array();
    for (size_t i = 0; i < games.size() && i < MAX_GAMES_RETURNED; ++i) {
        const Game& game = games[i];
        Json j = Json::object();
        j.set("number", game.number);
        Json tags = Json::object();
        for (const auto& t : game.tags) tags.set(t.first, t.second);
        j.set("tags", std::move(tags));
        j.set("fen", game.startFen);
        j.set("result", game.result);
        j.set("comment", game.comment);
        Json moves = Json::array(), comments = Json::array();
        for (const GameMove& m : game.moves) {
            moves.push(iccs(m.move));
            comments.push(m.comment);
        }
        j.set("moves", std::move(moves));
        j.set("comments", std::move(comments));
        list.push(std::move(j));
    }
    out.set("games", std::move(list));
    out.set("gamesSeen", seen);
    out.set("truncated", games.size() > MAX_GAMES_RETURNED);
    out.set("errors", std::move(errors));
    if (games.empty()) {
        out.set("error", seen ? "no readable game in the file" : "no game in the file");
        return json_reply(out, 422);
    }
    return json_reply(out);
}

HttpResponse GuiApp::save_record(const Json& body) {
    GameInput g;
    std::string error;
    Notation n;
    NotationStyle style;
    if (!read_game(body, g, error) || !read_notation(body, n, style, error)) return error_reply(422, error);
    Game game;
    game.startFen = g.startFen;
    const Json& tags = body["tags"];
    if (tags.is_object())
        for (const auto& t : tags.members())
            if (t.second.is_string() && t.first != "FEN" && t.first != "Result" && t.first.size() < 64 &&
                t.first.find_first_of(" \"]\n") == std::string::npos)
                game.set_tag(t.first, t.second.as_string());
    std::string result = get_string(body, "result", "*");
    if (!is_result(result)) return error_reply(422, "result must be 1-0, 0-1, 1/2-1/2 or *");
    game.result = result;
    const Json& comments = body["comments"];
    for (size_t i = 0; i < g.moves.size(); ++i) {
        GameMove m{g.moves[i], ""};
        if (comments.is_array() && i < comments.items().size() && comments.items()[i].is_string())
            m.comment = comments.items()[i].as_string();
        game.moves.push_back(m);
    }
    HttpResponse r;
    if (get_string(body, "format", "pgn") == "xqf") {
        r.body = write_xqf(game);
        r.contentType = "application/octet-stream";
        r.headers.emplace_back("Content-Disposition", "attachment; filename=\"game.xqf\"");
    } else {
        if (n == Notation::ICCS) style.iccsDash = true;
        r.body = write_pgn(game, n, style);
        r.contentType = "application/x-chess-pgn; charset=utf-8";
        r.headers.emplace_back("Content-Disposition", "attachment; filename=\"game.pgn\"");
    }
    return r;
}

}  // namespace chuhe::gui
