#include "protocol/engine.h"

#include <algorithm>
#include <sstream>

#include "protocol/output.h"
#include "rules/explain.h"

namespace chuhe {

Engine::Engine() : pool_(tt_) { pos_.set(Position::START_FEN); }

Engine::~Engine() {
    pool_.stop();
    pool_.wait();
}

bool Engine::build_position(const std::string& fen, const std::vector<std::string>& moves,
                            Position* pos, std::string* error) {
    Position p;
    std::string why;
    if (!p.set(fen, &why)) {
        *error = "bad FEN " + quote_input(fen) + ": " + why;
        return false;
    }
    for (const std::string& text : moves) {
        Move m = p.parse_move(text, &why);
        if (m == MOVE_NONE) {
            *error = "bad move " + quote_input(text) + " in position: " + why;
            return false;
        }
        p.do_move(m);
    }
    *pos = p;
    return true;
}

bool Engine::set_position(const std::string& fen, const std::vector<std::string>& moves,
                          std::string* error) {
    // A refused position leaves no position: the GUI meant another one, and a search of the
    // old one could answer with a move for the wrong side (go refuses until the next one).
    positionRefused_ = !build_position(fen, moves, &pos_, error);
    banned_.clear();
    return !positionRefused_;
}

bool Engine::set_banmoves(const std::vector<std::string>& moves, std::string* error) {
    std::vector<Move> banned;
    for (const std::string& text : moves) {
        std::string why;
        Move m = pos_.parse_move(text, &why);
        if (m == MOVE_NONE) {
            *error = "bad move " + quote_input(text) + " in banmoves: " + why;
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

void Engine::set_threads(int n) {
    options_.threads = std::clamp(n, 1, MAX_THREADS);
    pool_.set_size(options_.threads);
}

}  // namespace chuhe
