#include "protocol/engine.h"

#include <algorithm>
#include <sstream>

#include "rules/explain.h"

namespace chuhe {

Engine::Engine() : pool_(tt_) {
    pos_.set(Position::START_FEN);
    // The built-in net is never freed: a non-owning pointer to it.
    if (const nnue::Network* builtIn = nnue::embedded_network())
        net_ = std::shared_ptr<const nnue::Network>(builtIn, [](const nnue::Network*) {});
    useNnue_ = DEFAULT_USE_NNUE && net_;
}

Engine::~Engine() {
    pool_.stop();
    pool_.wait();
}

bool Engine::build_position(const std::string& fen, const std::vector<std::string>& moves,
                            Position* pos, std::string* error) {
    Position p;
    std::string why;
    if (!p.set(fen, &why)) {
        *error = "bad FEN '" + fen + "': " + why;
        return false;
    }
    for (const std::string& text : moves) {
        Move m = p.parse_move(text, &why);
        if (m == MOVE_NONE) {
            *error = "bad move '" + text + "' in position: " + why;
            return false;
        }
        p.do_move(m);
    }
    *pos = p;
    return true;
}

bool Engine::set_position(const std::string& fen, const std::vector<std::string>& moves,
                          std::string* error) {
    if (!build_position(fen, moves, &pos_, error)) return false;
    banned_.clear();
    return true;
}

bool Engine::set_banmoves(const std::vector<std::string>& moves, std::string* error) {
    std::vector<Move> banned;
    for (const std::string& text : moves) {
        std::string why;
        Move m = pos_.parse_move(text, &why);
        if (m == MOVE_NONE) {
            *error = "bad move '" + text + "' in banmoves: " + why;
            return false;
        }
        banned.push_back(m);
    }
    banned_ = banned;
    return true;
}

void Engine::go(SearchLimits limits, SearchListener listener) {
    limits.banmoves = banned_;
    SearchOptions so;
    so.multiPV = options_.multiPV;
    so.moveOverhead = options_.moveOverhead;
    so.ponder = options_.ponder;
    so.rules = options_.rules;
    so.net = network();
    {
        std::lock_guard<std::mutex> lock(mutex_);
        thinking_ = true;
    }
    auto onBestmove = [this, inner = std::move(listener.on_bestmove)](const SearchResult& r) {
        // The flag changes together with the reply, so `stop` can tell whether one is due.
        std::lock_guard<std::mutex> lock(mutex_);
        inner(r);
        thinking_ = false;
    };
    pool_.start(pos_, limits, so, {std::move(listener.on_info), onBestmove});
}

bool Engine::stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!thinking_) return false;
    pool_.stop();
    return true;
}

std::vector<std::string> Engine::judgement(RuleSet rules) const {
    Position pos = pos_;  // the judgement walks the cycle back and forth
    std::ostringstream out;
    write_judgement(out, pos, rules);
    std::vector<std::string> lines;
    std::istringstream in(out.str());
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

void Engine::ponderhit() { pool_.ponderhit(); }

bool Engine::make_idle() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (thinking_ && !pool_.stop_requested()) return false;
    }
    pool_.wait();
    return true;
}

void Engine::new_game() {
    tt_.clear();
    pool_.clear();
}

bool Engine::set_eval_file(const std::string& path, std::string* error) {
    std::shared_ptr<const nnue::Network> net;
    if (path.empty() || path == DEFAULT_EVAL_FILE) {
        if (const nnue::Network* builtIn = nnue::embedded_network())
            net = std::shared_ptr<const nnue::Network>(builtIn, [](const nnue::Network*) {});
        else {
            *error = "this build has no built-in net; the current net stays";
            return false;
        }
    } else {
        std::string why;
        net = nnue::load_network(path, &why);
        if (!net) {
            *error = why + "; the current net stays";
            return false;
        }
    }
    net_ = std::move(net);
    evalFile_ = path.empty() ? DEFAULT_EVAL_FILE : path;
    tt_.clear();  // static evaluations in the table came from the old net
    return true;
}

bool Engine::set_use_nnue(bool on, std::string* error) {
    if (on && !net_) {
        *error = "no net is loaded (set EvalFile first); the hand-crafted evaluation stays";
        return false;
    }
    if (on != useNnue_) tt_.clear();  // static evaluations in the table came from the other one
    useNnue_ = on;
    return true;
}

void Engine::set_threads(int n) {
    options_.threads = std::clamp(n, 1, MAX_THREADS);
    pool_.set_size(options_.threads);
}

}  // namespace chuhe
