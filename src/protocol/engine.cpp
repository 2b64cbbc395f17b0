#include "protocol/engine.h"

#include <algorithm>
#include <chrono>
#include <random>
#include <sstream>

#include "book/choose.h"

#include "core/movegen.h"
#include "protocol/output.h"
#include "tools/perft.h"
#include "rules/explain.h"

namespace chuhe {

Engine::Engine() : pool_(tt_) {
    pos_.set(Position::START_FEN);
    // The built-in net is never freed: a non-owning pointer to it.
    if (const nnue::Network* builtIn = nnue::embedded_network())
        net_ = std::shared_ptr<const nnue::Network>(builtIn, [](const nnue::Network*) {});
    useNnue_ = DEFAULT_USE_NNUE && net_;
    std::vector<std::string> errors;  // a build without a built-in book simply has no book
    books_.load(DEFAULT_BOOK_FILE, &errors);
    set_seed(0);
}

Engine::~Engine() {
    stop();
    wait();
}

void Engine::wait() {
    pool_.wait();
    if (perftThread_.joinable()) perftThread_.join();
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

std::string Engine::go(SearchLimits limits, SearchListener listener) {
    if (perftThread_.joinable()) perftThread_.join();  // idle: a perft has ended
    if (shrinkTo_ && shrinkTo_ < pool_.size()) {
        options_.threads = shrinkTo_;
        pool_.set_size(shrinkTo_);
    }
    shrinkTo_ = 0;
    limits.banmoves = banned_;
    SearchOptions so;
    so.multiPV = options_.multiPV;
    so.moveOverhead = options_.moveOverhead;
    so.ponder = options_.ponder;
    so.rules = options_.rules;
    so.net = network();
    if (!strength::full_strength(options_.level(), options_.randomness))
        listener = weakened(limits, so, std::move(listener));
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
    int wanted = pool_.size();
    int started = pool_.start(pos_, limits, so, {std::move(listener.on_info), onBestmove});
    if (started >= wanted) return "";
    // Keep what the system gave: the next search (once this one ends) uses that many.
    shrinkTo_ = std::max(started, 1);
    return "only " + std::to_string(started) + " of " + std::to_string(wanted) +
           " threads could start; searching with " + std::to_string(std::max(started, 1)) +
           (started ? "" : " (no thread to search on: depth 1 only, on this one)");
}

SearchListener Engine::weakened(SearchLimits& limits, SearchOptions& so, SearchListener listener) {
    strength::Params p = strength::params(options_.level(), options_.randomness);
    if (p.depth && (!limits.depth || limits.depth > p.depth)) limits.depth = p.depth;
    if (p.nodes && (!limits.nodes || limits.nodes > p.nodes)) limits.nodes = p.nodes;
    int shown = so.multiPV;
    so.multiPV = std::max(so.multiPV, p.candidates);
    // The latest line of each MultiPV index: the candidates when the search ends. The GUI
    // sees only the lines it asked for.
    auto lines = std::make_shared<std::vector<SearchInfo>>();
    SearchListener out;
    out.on_info = [lines, shown, inner = std::move(listener.on_info)](const SearchInfo& info) {
        if (info.bound == BOUND_EXACT && !info.pv.empty()) {
            if (lines->size() < size_t(info.multiPV)) lines->resize(info.multiPV);
            (*lines)[info.multiPV - 1] = info;
        }
        if (info.multiPV <= shown) inner(info);
    };
    out.on_bestmove = [this, lines, p, inner = std::move(listener.on_bestmove)](const SearchResult& r) {
        std::vector<strength::Candidate> candidates;
        for (const SearchInfo& line : *lines)
            if (!line.pv.empty()) candidates.push_back({line.pv[0], line.score});
        SearchResult chosen = r;
        if (r.best && !candidates.empty() && candidates[0].move == r.best) {
            uint64_t r1 = random(), r2 = random();
            Move m = strength::choose(candidates, p, r1, r2);
            for (const SearchInfo& line : *lines)
                if (m != r.best && !line.pv.empty() && line.pv[0] == m) {
                    chosen.best = m;
                    chosen.ponder = line.pv.size() > 1 ? line.pv[1] : MOVE_NONE;
                    chosen.score = line.score;
                }
        }
        inner(chosen);
    };
    return out;
}

void Engine::perft(int depth, std::function<void(const std::string&)> onLine) {
    wait();
    {
        std::lock_guard<std::mutex> lock(mutex_);
        thinking_ = perftRunning_ = true;
    }
    perftStop_ = false;
    auto job = [this, depth, onLine = std::move(onLine), pos = pos_]() mutable {
        uint64_t total = 0;
        bool stopped = false;
        for (Move m : MoveList::of<LEGAL>(pos)) {
            pos.do_move(m);
            uint64_t n = depth > 1 ? chuhe::perft(pos, depth - 1, &perftStop_) : 1;
            pos.undo_move();
            if (perftStop_) {
                stopped = true;
                break;
            }
            total += n;
            onLine(Position::move_to_string(m) + ": " + std::to_string(n));
        }
        std::lock_guard<std::mutex> lock(mutex_);
        if (stopped) {
            onLine("info string perft stopped");
        } else {
            onLine("");
            onLine("Nodes searched: " + std::to_string(total));
        }
        thinking_ = perftRunning_ = false;
    };
    try {
        perftThread_ = std::thread(std::move(job));
    } catch (const std::exception&) {
        job();  // no thread to spare: count here
    }
}

bool Engine::stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!thinking_) return false;
    pool_.stop();
    perftStop_ = true;
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
        // A perft is idle once told to stop; a search once its pool is (the pool's flag stays
        // set after a stopped search, so it says nothing about a perft).
        if (thinking_ && (perftRunning_ ? !perftStop_ : !pool_.stop_requested())) return false;
    }
    wait();
    return true;
}

void Engine::new_game() {
    tt_.clear();
    pool_.clear();
    if (seed_) random_ = seed_;
}

void Engine::set_book_files(const std::string& files, std::vector<std::string>* errors) {
    books_.load(files, errors);
}

BookChoice Engine::book_move(const SearchLimits& limits) {
    BookChoice choice;
    if (!options_.useBook || books_.empty() || limits.ponder || limits.infinite || limits.mate)
        return choice;
    const auto& history = pos_.history();
    for (size_t i = 0; i + 1 < history.size(); ++i)
        if (history[i].key == pos_.key()) return choice;
    std::vector<book::BookMove> moves;
    for (const book::BookMove& m : books_.probe(pos_)) {
        choice.totalWeight += m.weight();
        bool allowed = std::find(banned_.begin(), banned_.end(), m.move) == banned_.end() &&
                       (limits.searchmoves.empty() ||
                        std::find(limits.searchmoves.begin(), limits.searchmoves.end(), m.move) !=
                            limits.searchmoves.end());
        if (allowed) moves.push_back(m);
    }
    Move best = book::choose(moves, options_.bookVariety, random());
    for (const book::BookMove& m : moves)
        if (m.move == best) choice.move = m;
    return choice;
}

void Engine::set_seed(uint64_t seed) {
    seed_ = seed;
    random_ = seed;
    if (seed) return;
    random_ = uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
    try {
        std::random_device device;
        random_ ^= uint64_t(device()) << 32 ^ device();
    } catch (const std::exception&) {
        // No entropy source: the clock alone still differs from run to run.
    }
}

uint64_t Engine::random() {
    // splitmix64: small, fast, and every seed gives a good sequence.
    uint64_t z = (random_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
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

int Engine::set_threads(int n) {
    shrinkTo_ = 0;
    options_.threads = std::clamp(n, 1, MAX_THREADS);
    pool_.set_size(options_.threads);
    options_.threads = pool_.size();  // fewer when memory ran out
    return options_.threads;
}

}  // namespace chuhe
