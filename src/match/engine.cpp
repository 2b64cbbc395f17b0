#include "match/engine.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <iostream>
#include <sstream>

namespace chuhe::match {

namespace {

// Mates are +-(100000 - plies) with plies < 10000; other scores stay below that range.
constexpr long long MAX_MATE_MOVES = 4999;
constexpr long long MAX_CP = 89999;

std::string first_word(const std::string& line) {
    std::istringstream in(line);
    std::string w;
    in >> w;
    return w;
}

std::string seconds_text(int64_t ms) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", ms / 1000.0);
    return buf;
}

int64_t elapsed_ms(SteadyClock::time_point since) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - since).count();
}

// Fairy-Stockfish's chess-style squares count ranks from 1: h10g8 is h9g7 here.
std::string shift_ranks(const std::string& move, int delta) {
    std::string out, digits;
    auto flush = [&] {
        if (!digits.empty()) out += std::to_string(std::stoi(digits) + delta);
        digits.clear();
    };
    for (char c : move) {
        if (std::isdigit(static_cast<unsigned char>(c))) {
            digits += c;
            if (digits.size() > 2) return move;  // not a square: leave it for the move parser to reject
        } else {
            flush();
            out += c;
        }
    }
    flush();
    return out;
}

}  // namespace

const char* protocol_name(Protocol p) {
    switch (p) {
    case Protocol::UCCI: return "ucci";
    case Protocol::UCI: return "uci";
    case Protocol::UCI_VARIANT: return "uci-variant";
    default: return "auto";
    }
}

bool parse_protocol(const std::string& text, Protocol& p) {
    for (Protocol q : {Protocol::AUTO, Protocol::UCCI, Protocol::UCI, Protocol::UCI_VARIANT})
        if (text == protocol_name(q)) {
            p = q;
            return true;
        }
    return false;
}

bool EngineClient::send(const std::string& line) {
    if (config_.debug) std::cerr << config_.name + " < " + line + "\n";
    return process_.write_line(line);
}

Process::Read EngineClient::read(std::string& line, SteadyClock::time_point deadline, bool abortable) {
    Process::Read r = process_.read_line(line, deadline, abortable ? abort_ : nullptr);
    if (config_.debug && r == Process::Read::LINE) std::cerr << config_.name + " > " + line + "\n";
    if (r != Process::Read::TOO_LONG) return r;
    // Nothing it says after that can be trusted to be in step: it is ended (with whatever it
    // started) and answers no more.
    process_.kill();
    lineTooLong_ = true;
    return Process::Read::CLOSED;
}

std::string EngineClient::closed_reason() {
    if (lineTooLong_)
        return "wrote a line of more than " + std::to_string(Process::MAX_LINE_BYTES >> 20) +
               " MB without a line end and was killed";
    return process_.closed_reason();
}

bool EngineClient::wait_for(const std::string& token, int64_t timeoutMs, std::string* error, std::string* complaint) {
    auto deadline = SteadyClock::now() + std::chrono::milliseconds(timeoutMs);
    std::string line;
    for (;;) {
        switch (read(line, deadline)) {
        case Process::Read::LINE:
            if (first_word(line) == token) return true;
            if (first_word(line) == "option") note_option(line);
            if (complaint && complaint->empty()) is_error_reply(line, complaint);
            break;
        case Process::Read::ABORTED:
        case Process::Read::TIMEOUT:
            if (error) *error = "no '" + token + "' within " + seconds_text(timeoutMs) + " s";
            return false;
        case Process::Read::CLOSED:
        case Process::Read::TOO_LONG: {  // read() gives CLOSED for it: the engine was killed
            std::string why = closed_reason();
            if (error) *error = "the engine " + why + " before '" + token + "'";
            return false;
        }
        }
    }
}

// Keeps an announced option (a second announcement of a name replaces the first); lines that
// are no well-formed option are ignored, as GUIs do.
void EngineClient::note_option(const std::string& line) {
    if (protocol_ == Protocol::UCCI && line.find("option usemillisec") == 0) millisec_ = true;
    EngineOption o;
    if (!parse_option(line, protocol_, o)) return;
    for (EngineOption& known : announced_)
        if (known.name == o.name) return void(known = std::move(o));
    announced_.push_back(std::move(o));
}

// A UCI engine of many variants, xiangqi among them (Fairy-Stockfish: its UCI_Variant lists
// chess, janggi, xiangqi, ...), speaks chess-style UCI (ranks 1-10) and plays xiangqi only when
// told. An engine of xiangqi alone (Chuhe announces UCI_Variant with xiangqi only) speaks a0-i9.
bool plays_xiangqi_among_variants(const std::vector<EngineOption>& announced) {
    for (const EngineOption& o : announced) {
        std::string name = o.name;
        for (char& c : name) c = char(std::tolower((unsigned char)c));
        if (name != "uci_variant" || o.type != "combo" || o.vars.size() < 2) continue;
        for (const std::string& v : o.vars)
            if (v == "xiangqi") return true;
    }
    return false;
}

bool EngineClient::start(std::string* error) {
    std::string why;
    auto fail = [&](const std::string& reason) {
        process_.kill();
        if (error) *error = config_.name + ": " + reason;
        return false;
    };
    if (!process_.start(config_.command, config_.args, config_.workDir, config_.stderrPath, &why)) return fail(why);
    millisec_ = false;
    lineTooLong_ = false;
    announced_.clear();
    protocol_ = config_.protocol;
    if (protocol_ == Protocol::AUTO) {
        // Offer UCCI first: a UCCI engine answers ucciok; a UCI engine complains or keeps quiet.
        send("ucci");
        auto deadline = SteadyClock::now() + std::chrono::milliseconds(config_.responseTimeoutMs);
        std::string line;
        std::vector<std::string> options;
        while (protocol_ == Protocol::AUTO && read(line, deadline) == Process::Read::LINE) {
            std::string w = first_word(line);
            if (w == "ucciok")
                protocol_ = Protocol::UCCI;
            else if (w == "option")
                options.push_back(line);  // read once the protocol is known
            else if (w != "id" && w != "copyprotection" && !w.empty())
                break;
        }
        for (const std::string& o : options)
            if (protocol_ == Protocol::UCCI) note_option(o);
        if (protocol_ == Protocol::AUTO) {
            if (!process_.running()) return fail("the engine " + closed_reason() + " at 'ucci'");
            protocol_ = Protocol::UCI;
            send("uci");
            if (!wait_for("uciok", config_.responseTimeoutMs, &why))
                return fail("answered neither 'ucci' nor 'uci': " + why);
            if (plays_xiangqi_among_variants(announced_)) protocol_ = Protocol::UCI_VARIANT;
        }
    } else if (protocol_ == Protocol::UCCI) {
        send("ucci");
        if (!wait_for("ucciok", config_.responseTimeoutMs, &why)) return fail(why);
    } else {
        send("uci");
        if (!wait_for("uciok", config_.responseTimeoutMs, &why)) return fail(why);
    }

    if (protocol_ == Protocol::UCCI && millisec_) send("setoption usemillisec true");
    if (protocol_ == Protocol::UCI_VARIANT) send("setoption name UCI_Variant value xiangqi");
    if (!set_options(&why)) {
        process_.kill();
        if (error) *error = why;
        return false;
    }
    send("isready");
    if (!wait_for("readyok", config_.responseTimeoutMs, &why)) return fail(why);
    return true;
}

// An option the engine drops or refuses would let a match measure something else than it
// was asked to (UCI_Elo=1000 at full strength): the name must be one the engine announced in
// the protocol it speaks, the value must fit the announcement, and the engine must not answer
// it with an error line (read up to the readyok that follows each option).
bool EngineClient::set_options(std::string* error) {
    for (const auto& given : config_.options) {
        std::string name = given.first, value = given.second, why, complaint;
        auto fail = [&](const std::string& reason) {
            if (error) *error = config_.name + ": option " + name + (value.empty() ? "" : "=" + value) + ": " + reason;
            return false;
        };
        const EngineOption* o = find_option(announced_, config_.name, name, nullptr);
        if (!o)
            return fail(std::string("not among the options it announces in ") + protocol_name(protocol_) +
                        (config_.protocol == Protocol::AUTO ? " (the protocol proto=auto found it speaks)" : "") +
                        ": " + option_names(announced_));
        if (!check_option_value(*o, value, &why)) return fail(why.substr(why.find(": ") + 2));
        name = o->name;
        send(setoption_line(protocol_, name, value));
        send("isready");
        if (!wait_for("readyok", config_.responseTimeoutMs, &why, &complaint)) return fail(why);
        if (!complaint.empty()) return fail("the engine refused it: " + complaint);
    }
    return true;
}

bool EngineClient::new_game(std::string* error) {
    send(protocol_ == Protocol::UCCI ? "setoption newgame" : "ucinewgame");
    send("isready");
    std::string why;
    if (wait_for("readyok", config_.responseTimeoutMs, &why)) return proven_ = true;
    if (error) *error = config_.name + ": " + why;
    return false;
}

std::string EngineClient::move_text(Move m) const {
    std::string t = Position::move_to_string(m);
    return protocol_ == Protocol::UCI_VARIANT ? shift_ranks(t, 1) : t;
}

void parse_engine_info(const std::string& line, Protocol protocol, SearchResult& r) {
    std::istringstream in(line);
    std::string w;
    in >> w;
    while (in >> w) {
        if (w == "depth") {
            in >> r.depth;
        } else if (w == "multipv") {
            int k = 1;
            if (in >> k && k >= 1 && k <= 500) r.multiPV = k;
            in.clear();
        } else if (w == "score") {
            std::string kind;
            in >> kind;
            // Scores of any size arrive: centipawns stay below the mate range, mate distances
            // are clamped so that their conversion cannot overflow or change sign.
            long long v = 0;
            auto centipawns = [&](long long cp) {
                r.score = int(std::clamp<long long>(cp, -MAX_CP, MAX_CP));
                r.hasScore = true;
            };
            if (kind == "cp" && (in >> v)) {
                centipawns(v);
            } else if (kind == "mate" && (in >> v)) {
                int moves = int(std::clamp<long long>(v, -MAX_MATE_MOVES, MAX_MATE_MOVES));
                r.score = moves > 0 ? 100000 - 2 * moves + 1 : -100000 - 2 * moves;
                r.hasScore = true;
            } else if (protocol == Protocol::UCCI) {  // UCCI scores are bare numbers
                try {
                    centipawns(std::stoll(kind));
                } catch (...) {
                }
            }
            in.clear();
        } else if (w == "nodes") {
            long long n = -1;
            if (in >> n && n >= 0) r.nodes = n;
            in.clear();
        } else if (w == "pv") {
            // The rest of the line; kept only if every word looks like a move, in ICCS.
            std::string pv, m;
            while (in >> m) {
                if (protocol == Protocol::UCI_VARIANT) m = shift_ranks(m, -1);
                if (m.size() != 4) return;
                pv += (pv.empty() ? "" : " ") + m;
            }
            r.pv = pv;
            break;
        } else if (w == "string" || w == "message") {
            break;
        }
    }
}

bool EngineClient::send_position(const Position& pos, const std::string& startFen,
                                 const std::vector<Move>& gameMoves, SearchResult& r) {
    std::string position;
    if (protocol_ == Protocol::UCCI) {
        // The position after the last capture, and the moves since.
        const auto& history = pos.history();
        size_t n = gameMoves.size(), start = history.size() - 1 - n, lastCapture = 0;
        for (size_t i = 1; i <= n; ++i)
            if (history[start + i].captured) lastCapture = i;
        Position base = pos;
        for (size_t i = lastCapture; i < n; ++i) base.undo_move();
        position = "position fen " + base.fen();
        if (lastCapture < n) position += " moves";
        for (size_t i = lastCapture; i < n; ++i) position += " " + move_text(gameMoves[i]);
    } else {
        position = startFen == Position::START_FEN ? "position startpos" : "position fen " + startFen;
        if (!gameMoves.empty()) position += " moves";
        for (Move m : gameMoves) position += " " + move_text(m);
    }
    // Whatever the engine said since its last reply (a second bestmove, late info lines) must
    // not be read as the answer to this search: drop what has come, then let isready/readyok
    // flush what is still on its way (an engine answers commands in order).
    process_.discard_pending();
    send("isready");
    std::string why;
    if (!wait_for("readyok", config_.responseTimeoutMs, &why)) {
        process_.kill();
        r.status = SearchResult::CRASHED;
        r.reply = abort_ && *abort_ ? "aborted" : "did not answer isready: " + why;
        return false;
    }
    send(position);
    return true;
}

SearchResult EngineClient::go(const Position& pos, const std::string& startFen, const std::vector<Move>& gameMoves,
                              const Clock& own, const Clock& opponent, const std::vector<Move>& banned,
                              bool drawOffered) {
    SearchResult r;
    if (!send_position(pos, startFen, gameMoves, r)) return r;
    if (protocol_ == Protocol::UCCI && !banned.empty()) {
        std::string line = "banmoves";
        for (Move m : banned) line += " " + move_text(m);
        send(line);
    }

    const TimeControl& tc = config_.tc;
    std::string go = "go";
    if (protocol_ == Protocol::UCCI) {
        auto t = [&](int64_t ms) { return std::to_string(millisec_ ? ms : std::max<int64_t>(ms / 1000, ms > 0)); };
        if (drawOffered) go += " draw";
        if (tc.has_clock()) {
            go += " time " + t(own.remaining_ms());
            if (tc.movesPerPeriod)
                go += " movestogo " + std::to_string(own.moves_to_go());
            else
                go += " increment " + t(tc.incrementMs);
            go += " opptime " + t(opponent.remaining_ms());
            if (tc.movesPerPeriod)
                go += " oppmovestogo " + std::to_string(opponent.moves_to_go());
            else
                go += " oppincrement " + t(tc.incrementMs);
        } else if (tc.moveTimeMs) {
            go += " time " + t(tc.moveTimeMs) + " movestogo 1";
        }
    } else {
        if (tc.has_clock()) {
            bool red = pos.side_to_move() == RED;
            int64_t redMs = red ? own.remaining_ms() : opponent.remaining_ms();
            int64_t blackMs = red ? opponent.remaining_ms() : own.remaining_ms();
            go += " wtime " + std::to_string(redMs) + " btime " + std::to_string(blackMs);
            go += " winc " + std::to_string(tc.incrementMs) + " binc " + std::to_string(tc.incrementMs);
            if (tc.movesPerPeriod) go += " movestogo " + std::to_string(own.moves_to_go());
        } else if (tc.moveTimeMs) {
            go += " movetime " + std::to_string(tc.moveTimeMs);
        }
    }
    if (tc.depth) go += " depth " + std::to_string(tc.depth);
    if (tc.nodes) go += " nodes " + std::to_string(tc.nodes);
    if (go == "go" || go == "go draw") go += " infinite";  // no limit at all: cannot happen from the CLI

    auto started = SteadyClock::now();
    send(go);
    int64_t allowance = own.allowance_ms();
    auto deadline = started + std::chrono::milliseconds(allowance >= 0 ? allowance : config_.searchTimeoutMs);
    std::string line;
    for (;;) {
        Process::Read got = read(line, deadline);
        r.elapsedMs = elapsed_ms(started);
        if (got == Process::Read::ABORTED) {
            send("stop");
            r.status = SearchResult::CRASHED;
            r.reply = "aborted";
            return r;
        }
        if (got == Process::Read::CLOSED) {
            r.status = SearchResult::CRASHED;
            r.reply = "the engine " + closed_reason();
            return r;
        }
        if (got == Process::Read::TIMEOUT) {
            // Out of time: stop it, and drop it if it does not even answer that.
            send("stop");
            auto grace = SteadyClock::now() + std::chrono::milliseconds(1000);
            bool answered = false;
            while (!answered && read(line, grace) == Process::Read::LINE)
                answered = first_word(line) == "bestmove" || first_word(line) == "nobestmove";
            if (!answered) process_.kill();
            r.status = SearchResult::TIMEOUT;
            // Without a clock nothing was overstepped but the runner's patience: say which.
            r.reply = allowance >= 0 ? "no move within " + std::to_string(r.elapsedMs) + " ms"
                                     : "no move within " + seconds_text(config_.searchTimeoutMs) +
                                           " s of a search without a clock (searchtimeout)";
            return r;
        }
        std::string w = first_word(line);
        if (w == "info") {
            parse_engine_info(line, protocol_, r);
            continue;
        }
        if (w == "nobestmove") {
            r.status = SearchResult::NO_MOVE;
            r.reply = line;
            return r;
        }
        if (w != "bestmove") continue;  // other chatter is ignored, as GUIs do
        parse_bestmove(line, pos, protocol_, r);
        return r;
    }
}

SearchResult EngineClient::analyse(const Position& pos, const std::string& startFen,
                                   const std::vector<Move>& gameMoves, const InfoSink& onInfo) {
    SearchResult r;
    if (!send_position(pos, startFen, gameMoves, r)) return r;
    auto started = SteadyClock::now();
    send("go infinite");
    std::string line;
    bool stopping = false;
    auto stopDeadline = started;
    auto stop = [&] {
        if (stopping) return;
        send("stop");
        stopping = true;
        stopDeadline = SteadyClock::now() + std::chrono::milliseconds(1000);
    };
    for (;;) {
        auto deadline = stopping ? stopDeadline : SteadyClock::now() + std::chrono::milliseconds(250);
        Process::Read got = read(line, deadline, !stopping);
        r.elapsedMs = elapsed_ms(started);
        if (got == Process::Read::CLOSED) {
            r.status = SearchResult::CRASHED;
            r.reply = "the engine " + closed_reason();
            return r;
        }
        if (got == Process::Read::ABORTED) {
            stop();
            continue;
        }
        if (got == Process::Read::TIMEOUT) {
            if (stopping) {
                process_.kill();
                r.status = SearchResult::CRASHED;
                r.reply = "did not answer stop within 1 s";
                return r;
            }
            if (!onInfo(nullptr)) stop();
            continue;
        }
        std::string w = first_word(line);
        if (w == "info") {
            SearchResult info;
            parse_engine_info(line, protocol_, info);
            if (!info.pv.empty() && !stopping && !onInfo(&info)) stop();
            continue;
        }
        if (w == "nobestmove") {
            r.status = SearchResult::NO_MOVE;
            r.reply = line;
            return r;
        }
        if (w == "bestmove") {
            parse_bestmove(line, pos, protocol_, r);
            return r;
        }
    }
}

void parse_bestmove(const std::string& line, const Position& pos, Protocol protocol, SearchResult& r) {
    r.reply = line;
    std::istringstream in(line);
    std::string token, moveText;
    in >> token >> moveText;
    while (in >> token) {
        r.offersDraw |= token == "draw";
        r.resigns |= token == "resign";
    }
    if (moveText.empty() || moveText == "(none)" || moveText == "0000") {
        r.status = SearchResult::NO_MOVE;
        return;
    }
    if (protocol == Protocol::UCI_VARIANT) moveText = shift_ranks(moveText, -1);
    std::string why;
    r.move = pos.parse_move(moveText, &why);
    r.status = r.move == MOVE_NONE ? SearchResult::ILLEGAL : SearchResult::MOVE;
    if (r.move == MOVE_NONE) r.reply = line + " (" + why + ")";
}

void EngineClient::quit() {
    if (!process_.running()) return;
    send("quit");
    std::string line;
    auto deadline = SteadyClock::now() + std::chrono::milliseconds(1000);
    while (read(line, deadline) == Process::Read::LINE) {
    }
    process_.kill();
}

}  // namespace chuhe::match
