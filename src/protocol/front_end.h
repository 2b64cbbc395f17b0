// What the UCI and UCCI front ends do alike: both drive one Engine and differ only in how a
// line is worded (UCI's errors go out as `info string error: ...`, UCCI's as `info message
// error: ...`), so the shared commands are written once here.
#pragma once

#include <string>
#include <vector>

#include "protocol/engine.h"
#include "protocol/options.h"

namespace chuhe {

class FrontEnd {
protected:
    // infoPrefix: how the protocol sends free text ("info string " or "info message ");
    // noMove: its answer to a `go` without a move ("bestmove (none)" or "nobestmove").
    FrontEnd(Engine& engine, std::string infoPrefix, std::string noMove)
        : engine_(engine), infoPrefix_(std::move(infoPrefix)), noMove_(std::move(noMove)) {}

    void error(const std::string& text) const;
    // True when no search runs (a finished one is joined); otherwise says so and is false.
    bool require_idle();
    // `position` from words[first] on: "startpos|fen ... [moves ...]". A refused position is
    // remembered, so that `go` never moves for a side the GUI did not mean; so is one sent
    // while the engine thinks.
    void position(const std::vector<std::string>& words, size_t first);
    // The first step of every `go`: a search still running is stopped and answered (with an
    // error line saying so), so that each `go` gets its own answer, in order.
    void end_search_for_go();
    // A `go` that cannot search: the reason, then the answer without a move. A GUI waits for
    // an answer to every `go`, so it must never get only the error.
    void refuse_go(const std::string& why) const;
    // A `go` when the last position was refused: refuses it and returns true.
    bool refuse_go_without_position() const;
    // `judge [asian|chinese]`: the ruling of the current position, each line after
    // linePrefix, then linePrefix + "judgeok".
    void judge(const std::vector<std::string>& words, const std::string& linePrefix);
    // Says each error of setting an option (protocol/options.h).
    void report(const OptionErrors& errors) const;
    // Plays the book move, if the engine has one for these limits: an info line saying it is
    // a book move, then the best move through onBestmove. False when the search must move.
    bool play_book_move(const SearchLimits& limits, const std::function<void(const SearchResult&)>& onBestmove);
    // Under `debug`: the time budget the clocks of limits give.
    void show_time_budget(const SearchLimits& limits) const;
    // quit: stops any search and waits for it.
    void stop_and_wait();

    static std::string pv_string(const std::vector<Move>& pv);

    Engine& engine_;

private:
    std::string infoPrefix_;
    std::string noMove_;
};

}  // namespace chuhe
