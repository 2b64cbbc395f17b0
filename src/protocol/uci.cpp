#include "protocol/uci.h"

#include <cmath>

#include "book/choose.h"
#include "core/movegen.h"
#include "protocol/output.h"
#include "protocol/parse.h"
#include "protocol/protocol.h"
#include "tools/perft.h"

namespace chuhe {

namespace {

std::string score_string(Value v) {
    if (v >= VALUE_MATE_IN_MAX_PLY) return "mate " + std::to_string((VALUE_MATE - v + 1) / 2);
    if (v <= VALUE_MATED_IN_MAX_PLY) return "mate " + std::to_string(-(VALUE_MATE + v) / 2);
    return "cp " + std::to_string(v);
}

}  // namespace

Wdl wdl_from_score(int score) {
    if (score >= VALUE_MATE_IN_MAX_PLY) return {1000, 0, 0};
    if (score <= VALUE_MATED_IN_MAX_PLY) return {0, 0, 1000};
    // A logistic curve that puts even chances of winning at 1.5 horses up; not yet fitted
    // to game results.
    auto p = [](double v) { return int(std::lround(1000.0 / (1.0 + std::exp((150.0 - v) / 50.0)))); };
    int win = p(score), loss = p(-score);
    return {win, 1000 - win - loss, loss};
}

bool UciProtocol::handle(const std::string& line) {
    std::vector<std::string> words = split_words(line);
    if (words.empty()) return true;
    std::string cmd = to_lower(words[0]);
    if (cmd == "uci") identify();
    else if (cmd == "isready") send_line("readyok");
    else if (cmd == "setoption") setoption(words);
    else if (cmd == "ucinewgame") {
        if (require_idle()) engine_.new_game();
    } else if (cmd == "position") position(words, 1);
    else if (cmd == "fen" || cmd == "startpos") position(words, 0);  // Cyclone dialect
    else if (cmd == "go") go(words);
    else if (cmd == "judge") judge(words, "info string ");
    else if (cmd == "stop") engine_.stop();
    else if (cmd == "ponderhit") engine_.ponderhit();
    else if (cmd == "debug") {
        bool on = words.size() > 1 && iequals(words[1], "on");
        if (words.size() != 2 || (!on && !iequals(words[1], "off"))) error("debug takes on or off");
        else engine_.options().debug = on;
    } else if (cmd == "quit") {
        stop_and_wait();
        return false;
    } else
        error("unknown command " + quote_input(words[0]));
    return true;
}

void UciProtocol::identify() {
    send_line(std::string("id name ") + ENGINE_NAME);
    send_line(std::string("id author ") + ENGINE_AUTHOR);
    for (const ChuheOption& o : uci_options(engine_)) send_line(o.uci_line());
    send_line("uciok");
}

void UciProtocol::setoption(const std::vector<std::string>& words) {
    // setoption name <words...> [value <words...>]
    if (words.size() < 3 || !iequals(words[1], "name"))
        return error("expected 'setoption name <option> [value <value>]'");
    size_t v = 2;
    while (v < words.size() && !iequals(words[v], "value")) ++v;
    std::string name = join(words, 2, v);
    std::string value = join(words, v + 1, words.size());
    if (!require_idle()) return;
    report(set_uci_option(engine_, name, value, quote_input(name)));
}

void UciProtocol::perft(int depth) {
    // On its own thread, like a search: stop, isready and quit are answered meanwhile.
    engine_.perft(depth, [](const std::string& line) { send_line(line); });
}

namespace {

// The keywords of `go`: a list of searchmoves ends at the next one.
bool is_go_keyword(const std::string& key) {
    for (const char* k : {"searchmoves", "ponder", "wtime", "btime", "winc", "binc", "movestogo", "depth",
                          "nodes", "mate", "movetime", "infinite", "perft"})
        if (key == k) return true;
    return false;
}

}  // namespace

bool UciProtocol::parse_go(const std::vector<std::string>& words, SearchLimits* limits, int* perftDepth,
                           std::string* error) const {
    const Position& pos = engine_.position();
    constexpr int64_t MAX = int64_t(1) << 40;
    int64_t n = 0;
    for (size_t i = 1; i < words.size(); ++i) {
        std::string key = to_lower(words[i]);
        if (key == "infinite") limits->infinite = true;
        else if (key == "ponder") limits->ponder = true;
        else if (key == "searchmoves") {
            for (; i + 1 < words.size() && !is_go_keyword(to_lower(words[i + 1])); ++i) {
                std::string why;
                Move m = pos.parse_move(words[i + 1], &why);
                if (m == MOVE_NONE)
                    return *error = "bad move " + quote_input(words[i + 1]) + " in searchmoves: " + why, false;
                limits->searchmoves.push_back(m);
            }
            if (limits->searchmoves.empty()) return *error = "go searchmoves needs moves", false;
        } else if (is_go_keyword(key)) {
            // A lagging GUI sends negative clocks: they count as the least time, and we move.
            bool clock = key == "wtime" || key == "btime" || key == "winc" || key == "binc" || key == "movetime";
            if (i + 1 >= words.size() || !(clock ? parse_signed_number(words[i + 1], MAX, &n)
                                                 : parse_number(words[i + 1], MAX, &n)))
                return *error = "go " + key + (clock ? " needs a number" : " needs a non-negative number"), false;
            ++i;
            if (key == "wtime") limits->time[RED] = std::max<int64_t>(n, 1);
            else if (key == "btime") limits->time[BLACK] = std::max<int64_t>(n, 1);
            else if (key == "winc") limits->inc[RED] = std::max<int64_t>(n, 0);
            else if (key == "binc") limits->inc[BLACK] = std::max<int64_t>(n, 0);
            else if (key == "movestogo") limits->movestogo = int(std::min<int64_t>(n, 1000));
            else if (key == "movetime") limits->movetime = std::max<int64_t>(n, 1);
            else if (key == "depth") limits->depth = int(std::clamp<int64_t>(n, 1, MAX_PLY - 1));
            else if (key == "nodes") limits->nodes = uint64_t(std::max<int64_t>(n, 1));
            else if (key == "mate") limits->mate = int(std::clamp<int64_t>(n, 1, MAX_PLY / 2));
            else if (n < 1 || n > 10) return *error = "go perft takes a depth from 1 to 10", false;
            else *perftDepth = int(n);
        } else
            return *error = "unknown go parameter " + quote_input(words[i]), false;
    }
    if (!limits->use_time_management() && !limits->movetime && !limits->depth && !limits->nodes &&
        !limits->mate)
        limits->infinite = true;
    return true;
}

void UciProtocol::go(const std::vector<std::string>& words) {
    end_search_for_go();
    SearchLimits limits;
    int perftDepth = 0;
    std::string why;
    if (!parse_go(words, &limits, &perftDepth, &why)) return refuse_go(why);
    if (perftDepth) return perft(perftDepth);
    if (refuse_go_without_position()) return;

    show_time_budget(limits);

    bool mated = MoveList::of<LEGAL>(engine_.position()).size() == 0;
    bool showWDL = engine_.options().showWDL;
    SearchListener listener;
    listener.on_info = [showWDL](const SearchInfo& info) {
        std::string s = "info depth " + std::to_string(info.depth) + " seldepth " +
                        std::to_string(info.selDepth) + " multipv " + std::to_string(info.multiPV) +
                        " score " + score_string(info.score);
        if (info.bound == BOUND_LOWER) s += " lowerbound";
        if (info.bound == BOUND_UPPER) s += " upperbound";
        if (showWDL) {
            Wdl w = wdl_from_score(info.score);
            s += " wdl " + std::to_string(w.win) + " " + std::to_string(w.draw) + " " +
                 std::to_string(w.loss);
        }
        s += " nodes " + std::to_string(info.nodes) + " nps " +
             std::to_string(info.nodes * 1000 / uint64_t(std::max<TimePoint>(info.time, 1))) +
             " hashfull " + std::to_string(info.hashfull) + " time " + std::to_string(info.time) +
             " pv" + pv_string(info.pv);
        send_line(s);
    };
    listener.on_bestmove = [mated](const SearchResult& r) {
        if (!r.best) {
            if (mated) send_line("info depth 0 score mate 0");
            return send_line("bestmove (none)");
        }
        std::string s = "bestmove " + Position::move_to_string(r.best);
        if (r.ponder) s += " ponder " + Position::move_to_string(r.ponder);
        send_line(s);
    };
    if (play_book_move(limits, listener.on_bestmove)) return;
    if (std::string warning = engine_.go(limits, listener); !warning.empty()) error(warning);
}

int run_uci(const std::vector<std::string>&) { return run_protocol_loop(Protocol::UCI); }

}  // namespace chuhe
