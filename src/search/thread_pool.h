// The search threads. Worker 0 is the main worker: it watches the clock, reports, stops
// the helpers and delivers the best move. Helpers run the same search on their own
// position copies and help only through the shared transposition table.
#pragma once

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include "search/search.h"

namespace chuhe {

struct SearchOptions {
    int multiPV = 1;
    TimePoint moveOverhead = 10;
    bool ponder = false;  // the GUI ponders: plan for a little more time per move
    RuleSet rules = RuleSet::ASIAN;  // how repetitions are judged
    const nnue::Network* net = nullptr;  // the evaluation network; nullptr: hand-crafted
};

class ThreadPool {
public:
    explicit ThreadPool(TranspositionTable& tt);
    ~ThreadPool();

    void set_size(int n);  // while idle; fewer when memory runs out (see size())
    int size() const { return int(workers_.size()); }
    void clear();  // forget the statistics of earlier searches

    // Starts searching `pos` and returns at once; listener.on_bestmove is called from the
    // main worker's thread when the search ends. Returns the threads that started: when the
    // system refuses some, the search runs without them; when it refuses even the main
    // thread, the caller's thread searches depth 1 alone and delivers its best move.
    int start(const Position& pos, const SearchLimits& limits, const SearchOptions& options,
              SearchListener listener);
    // For tests: thread creation fails after this many threads of one search (-1: never).
    static inline std::atomic<int> threadLimitForTests{-1};
    void stop() { stop_.store(true, std::memory_order_relaxed); }
    void ponderhit();
    void wait();  // until the search has ended and its threads are joined
    bool searching() const { return !threads_.empty(); }
    bool stop_requested() const { return stop_.load(std::memory_order_relaxed); }

    uint64_t nodes_searched() const;
    // Milliseconds since the search started. Reports give this time with all the nodes, so
    // the two (and the speed) count from the same start; the clock of the time management
    // alone starts again at ponderhit.
    TimePoint elapsed() const { return now() - started_; }

private:
    friend class Worker;

    TranspositionTable& tt_;
    std::vector<std::unique_ptr<Worker>> workers_;
    std::vector<std::thread> threads_;
    SearchLimits limits_;
    SearchOptions options_;
    SearchListener listener_;
    TimeManager tm_;
    TimePoint started_ = 0;  // written before the threads start, read by them
    std::atomic<bool> stop_{false};
    std::atomic<bool> ponder_{false};
    std::atomic<int> helpersRunning_{0};
};

}  // namespace chuhe
