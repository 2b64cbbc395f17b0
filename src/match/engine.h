// One external engine as the match runner drives it: the process, the protocol (UCCI, the
// a0-i9 xiangqi UCI dialect, or Fairy-Stockfish's chess-style UCI with ranks 1-10), the
// handshake, options, positions and searches with deadlines.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/position.h"
#include "match/engine_option.h"
#include "match/process.h"
#include "match/time_control.h"

namespace chuhe::match {

enum class Protocol { AUTO, UCCI, UCI, UCI_VARIANT };

const char* protocol_name(Protocol p);
bool parse_protocol(const std::string& text, Protocol& p);
// Whether an engine that answered `uci` announced a UCI_Variant listing xiangqi among other
// variants (Fairy-Stockfish): such an engine speaks uci-variant, and auto-detection takes it.
bool plays_xiangqi_among_variants(const std::vector<EngineOption>& announced);

struct EngineConfig {
    std::string name;
    std::string command;
    std::vector<std::string> args;
    std::string workDir;
    std::string stderrPath;  // where the engine's standard error goes (empty: discarded)
    Protocol protocol = Protocol::AUTO;
    std::vector<std::pair<std::string, std::string>> options;
    TimeControl tc;
    int64_t timeMarginMs = 25;          // a move may overstep the clock by this much
    int64_t responseTimeoutMs = 10000;  // handshake and readyok
    int64_t searchTimeoutMs = 60000;    // searchtimeout=: a search without a clock (depth or nodes only)
    bool debug = false;                 // echo all traffic with the engine to standard error
};

struct SearchResult {
    enum Status { MOVE, NO_MOVE, ILLEGAL, TIMEOUT, CRASHED };
    Status status = CRASHED;
    Move move = MOVE_NONE;
    std::string reply;  // the bestmove line (or what came instead), for error messages
    int64_t elapsedMs = 0;
    bool hasScore = false;
    int score = 0;  // centipawns from the engine's point of view; mates as +-(100000 - plies)
    int depth = 0;
    int multiPV = 1;     // which line of a MultiPV search an info line is about
    int64_t nodes = -1;  // -1: not reported
    std::string pv;      // the principal variation, ICCS moves separated by spaces
    bool offersDraw = false, resigns = false;
};

// The runner's parsers of engine output, free for tests and fuzzing. parse_engine_info reads
// depth, score, nodes and PV of an `info` line into r (scores clamped: see engine.cpp);
// parse_bestmove reads a `bestmove` line for pos into r (status MOVE, NO_MOVE or ILLEGAL,
// move, draw offer, resignation; reply says why a move was refused).
void parse_engine_info(const std::string& line, Protocol protocol, SearchResult& r);
void parse_bestmove(const std::string& line, const Position& pos, Protocol protocol, SearchResult& r);

class EngineClient {
public:
    // abort (may be null) makes a search under way give up at once, for Ctrl-C and SPRT stops.
    explicit EngineClient(EngineConfig config, const std::atomic<bool>* abort = nullptr)
        : config_(std::move(config)), abort_(abort) {}

    const EngineConfig& config() const { return config_; }
    Protocol protocol() const { return protocol_; }
    // The options the engine announced in its last handshake, in its order.
    const std::vector<EngineOption>& announced_options() const { return announced_; }

    // Starts the process and completes the handshake (detecting the protocol when it is
    // AUTO) and the options. On failure the process is killed and *error says why: an option
    // the engine does not announce in the protocol it speaks, a value that does not fit the
    // announcement, or one the engine answers with an error line fails the start.
    bool start(std::string* error);
    bool running() { return process_.running(); }
    // Tells the engine a new game starts and waits for readyok.
    bool new_game(std::string* error);
    // Whether the engine has ever been ready for a game. Before that, a failure to start is the
    // setup's (a mistyped path, a wrong protocol), not a game the engine loses.
    bool proven() const { return proven_; }
    // Searches pos (with its history since the game's start position startFen) on the clocks.
    // `banned` are moves that lose by rule (sent to UCCI engines as banmoves); drawOffered
    // tells a UCCI engine that the opponent offers a draw.
    SearchResult go(const Position& pos, const std::string& startFen, const std::vector<Move>& gameMoves,
                    const Clock& own, const Clock& opponent, const std::vector<Move>& banned, bool drawOffered);
    // Infinite analysis of pos (no clock): every info line with a PV goes to onInfo, and
    // onInfo(nullptr) is called when the engine has been quiet for a quarter of a second.
    // When onInfo returns false (or abort is set) the search is stopped. Returns the final
    // bestmove; an engine that does not answer stop within a second is killed (CRASHED).
    using InfoSink = std::function<bool(const SearchResult* info)>;
    SearchResult analyse(const Position& pos, const std::string& startFen, const std::vector<Move>& gameMoves,
                         const InfoSink& onInfo);
    // Asks the engine to quit, then ends the process.
    void quit();

private:
    bool send(const std::string& line);
    // Why the engine's output ended: its exit, or the runner's kill after an endless line.
    std::string closed_reason();
    // abortable: whether abort ends the wait (not while waiting for the answer to stop). An
    // endless line kills the engine and reads as CLOSED, closed_reason() saying why.
    Process::Read read(std::string& line, SteadyClock::time_point deadline, bool abortable = true);
    // Reads until a line starting with token; complaint (if given) gets the first error reply
    // (is_error_reply) read meanwhile.
    bool wait_for(const std::string& token, int64_t timeoutMs, std::string* error, std::string* complaint = nullptr);
    // Checks and sends the configuration's options, each confirmed by isready/readyok.
    bool set_options(std::string* error);
    void note_option(const std::string& line);
    std::string move_text(Move m) const;
    // isready/readyok, then the position command for pos; false (r says why) if the engine
    // does not answer.
    bool send_position(const Position& pos, const std::string& startFen, const std::vector<Move>& gameMoves,
                       SearchResult& r);

    EngineConfig config_;
    Protocol protocol_ = Protocol::AUTO;
    const std::atomic<bool>* abort_;
    Process process_;
    std::vector<EngineOption> announced_;
    bool millisec_ = false;  // UCCI: times in milliseconds once usemillisec is set
    bool proven_ = false;
    bool lineTooLong_ = false;  // killed for a line longer than Process::MAX_LINE_BYTES
};

}  // namespace chuhe::match
