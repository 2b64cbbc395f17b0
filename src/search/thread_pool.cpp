#include "search/thread_pool.h"

#include <algorithm>
#include <system_error>

#include "core/movegen.h"

namespace chuhe {

ThreadPool::ThreadPool(TranspositionTable& tt) : tt_(tt) { set_size(1); }

ThreadPool::~ThreadPool() {
    stop();
    wait();
}

void ThreadPool::set_size(int n) {
    wait();
    n = std::max(n, 1);
    workers_.clear();
    try {
        for (int i = 0; i < n; ++i) workers_.push_back(std::make_unique<Worker>(*this, i));
    } catch (const std::bad_alloc&) {
        if (workers_.empty()) throw;  // not even one: nothing sensible is left to do
    }
}

void ThreadPool::clear() {
    wait();
    for (auto& w : workers_) w->clear();
}

int ThreadPool::start(const Position& pos, const SearchLimits& limits,
                      const SearchOptions& options, SearchListener listener) {
    wait();
    limits_ = limits;
    options_ = options;
    listener_ = std::move(listener);
    stop_ = false;
    ponder_ = limits.ponder;
    started_ = now();
    tm_.init(limits, pos.side_to_move(), options.moveOverhead, options.ponder);
    tt_.new_search();

    std::vector<RootMove> rootMoves;
    auto listed = [](const std::vector<Move>& list, Move m) {
        return std::find(list.begin(), list.end(), m) != list.end();
    };
    for (Move m : MoveList::of<LEGAL>(pos))
        if ((limits.searchmoves.empty() || listed(limits.searchmoves, m)) &&
            !listed(limits.banmoves, m))
            rootMoves.emplace_back(m);
    // Never complete a repetition that the rules make us lose while another move is left.
    Position root = pos;
    std::vector<RootMove> allowed;
    for (const RootMove& rm : rootMoves)
        if (!loses_by_rule(root, rm.pv[0], options.rules)) allowed.push_back(rm);
    if (!allowed.empty()) rootMoves = std::move(allowed);

    for (auto& w : workers_) w->prepare(pos, rootMoves);
    helpersRunning_ = size() - 1;
    // Thread creation orders everything written above before the workers read it.
    int started = 0;
    try {
        threads_.reserve(workers_.size());
        for (auto& w : workers_) {
            if (threadLimitForTests >= 0 && started >= threadLimitForTests)
                throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again));
            threads_.emplace_back([worker = w.get()] { worker->run(); });
            ++started;
        }
    } catch (const std::exception&) {
        // Out of threads (or memory for their stacks): search with those that started.
        helpersRunning_.fetch_sub(size() - std::max(started, 1));
        if (started == 0) {
            stop_ = true;
            workers_[0]->run();  // stopped at once: searches depth 1 (Worker::stopped), here
        }
    }
    return started;
}

void ThreadPool::ponderhit() {
    // The opponent played the expected move: our clock runs from now.
    if (!ponder_) return;
    tm_.restart();
    ponder_ = false;  // sequentially consistent: the restart above is seen first
}

void ThreadPool::wait() {
    for (std::thread& t : threads_) t.join();
    threads_.clear();
}

uint64_t ThreadPool::nodes_searched() const {
    uint64_t n = 0;
    for (const auto& w : workers_) n += w->nodes();
    return n;
}

}  // namespace chuhe
