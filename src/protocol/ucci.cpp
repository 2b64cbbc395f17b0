#include "protocol/ucci.h"

#include <thread>

#include "book/choose.h"
#include "eval/evaluate.h"
#include "protocol/output.h"
#include "protocol/parse.h"
#include "protocol/protocol.h"

namespace chuhe {

namespace {

// Accept an offered draw only when clearly worse.
constexpr Value DRAW_ACCEPT = -50;

}  // namespace

bool UcciProtocol::handle(const std::string& line) {
    std::vector<std::string> words = split_words(line);
    if (words.empty()) return true;
    std::string cmd = to_lower(words[0]);
    if (cmd == "ucci") identify();
    else if (cmd == "isready") send_line("readyok");
    else if (cmd == "setoption") setoption(words);
    else if (cmd == "position") position(words, 1);
    else if (cmd == "banmoves") banmoves(words);
    else if (cmd == "go") go(words);
    else if (cmd == "probe") probe(words);
    else if (cmd == "judge") judge(words, "");
    else if (cmd == "ponderhit") {
        if (words.size() > 1 && iequals(words[1], "draw")) drawOffered_ = true;
        engine_.ponderhit();
    } else if (cmd == "stop") {
        if (!engine_.stop()) send_line("nobestmove");
    } else if (cmd == "quit") {
        stop_and_wait();
        send_line("bye");
        return false;
    } else
        error("unknown command " + quote_input(words[0]));
    return true;
}

void UcciProtocol::identify() {
    send_line(std::string("id name ") + ENGINE_NAME);
    send_line(std::string("id copyright GPL-3.0, ") + ENGINE_AUTHOR);
    send_line(std::string("id author ") + ENGINE_AUTHOR);
    send_line("option usemillisec type check default false");
    send_line("option batch type check default false");
    send_line("option debug type check default false");
    send_line("option ponder type check default false");
    send_line("option hashsize type spin min 0 max " + std::to_string(Engine::MAX_HASH_MB) +
              " default 16");
    send_line("option threads type spin min 0 max " + std::to_string(Engine::MAX_THREADS) +
              " default 1");
    send_line("option rules type combo default asian var asian var chinese");
    send_line("option newgame type button");
    send_line(std::string("option evalfile type string default ") + DEFAULT_EVAL_FILE);
    send_line(std::string("option usennue type check default ") +
              (engine_.use_nnue() ? "true" : "false"));
    send_line(std::string("option usebook type check default ") + (DEFAULT_USE_BOOK ? "true" : "false"));
    send_line(std::string("option bookfiles type string default ") + DEFAULT_BOOK_FILE);
    send_line("option bookvariety type spin min 0 max " + std::to_string(book::MAX_VARIETY) + " default " +
              std::to_string(DEFAULT_BOOK_VARIETY));
    send_line("option randomseed type spin min 0 max " + std::to_string(MAX_SEED) + " default 0");
    std::string randomness = "option randomness type combo default none";
    for (const char* r : strength::RANDOMNESS_NAMES) randomness += std::string(" var ") + r;
    send_line(randomness);
    send_line("option level type spin min 0 max " + std::to_string(strength::MAX_LEVEL) + " default " +
              std::to_string(strength::MAX_LEVEL));
    // Not in UCCI 3.0: an extension, as UCI's MultiPV (the lines' info carries "multipv K").
    send_line("option multipv type spin min 1 max " + std::to_string(MAX_MOVES) + " default 1");
    send_line("ucciok");
}

void UcciProtocol::setoption(const std::vector<std::string>& words) {
    if (words.size() < 2) return error("setoption needs an option name");
    if (!require_idle()) return;
    std::string name = to_lower(words[1]);
    std::string value = join(words, 2, words.size());
    bool flag = false;
    int64_t n = 0;
    auto check = [&](bool* target) {
        if (!parse_check_value(value, &flag)) return error("option " + name + " takes true or false");
        *target = flag;
    };
    if (name == "usemillisec") check(&useMillisec_);
    else if (name == "batch") check(&batch_);
    else if (name == "debug") check(&engine_.options().debug);
    else if (name == "ponder") check(&engine_.options().ponder);
    else if (name == "newgame") engine_.new_game();
    else if (name == "evalfile") report(set_eval_file(engine_, value));
    else if (name == "usennue") report(set_use_nnue(engine_, "usennue", value));
    else if (name == "usebook") report(set_use_book(engine_, "usebook", value));
    else if (name == "bookfiles") report(set_book_files(engine_, value));
    else if (name == "loadbook") report(set_book_files(engine_, engine_.book_files()));  // reads the files again
    else if (name == "bookvariety") report(set_book_variety(engine_, "bookvariety", value));
    else if (name == "randomseed") report(set_seed(engine_, "randomseed", value));
    else if (name == "level") report(set_level(engine_, "level", value));
    else if (name == "randomness") {
        if (!strength::parse_randomness(to_lower(value).c_str(), &engine_.options().randomness))
            error("option randomness takes none, tiny, small, medium, large or huge");
    } else if (name == "rules") {
        if (!parse_rule_set(to_lower(value), &engine_.options().rules))
            error("option rules takes asian or chinese");
    }
    else if (name == "multipv") {
        if (!parse_number(value, MAX_MOVES, &n) || n < 1)
            return error("multipv takes a number from 1 to " + std::to_string(MAX_MOVES));
        engine_.options().multiPV = int(n);
    } else if (name == "hashsize") {
        if (!parse_number(value, Engine::MAX_HASH_MB, &n))
            return error("hashsize takes megabytes from 0 to " + std::to_string(Engine::MAX_HASH_MB));
        if (!engine_.set_hash(n ? int(n) : 16))
            error("not enough memory for a " + value + " MB hash table; the old one stays");
    } else if (name == "threads") {
        if (!parse_number(value, Engine::MAX_THREADS, &n))
            return error("threads takes a number from 0 to " + std::to_string(Engine::MAX_THREADS));
        int want = n ? int(n) : int(std::max(1u, std::thread::hardware_concurrency()));
        if (engine_.set_threads(want) < want)
            error("not enough memory for " + std::to_string(want) + " threads; using " +
                  std::to_string(engine_.options().threads));
    } else {
        // GUIs send options blindly (promotion, idle, ...). The spec says that is no error for
        // the engine, which goes on as before, but a runner's log or a person should see it.
        report(no_such_option(quote_input(words[1])));
    }
}

void UcciProtocol::banmoves(const std::vector<std::string>& words) {
    if (!require_idle()) return;
    std::string why;
    if (!engine_.set_banmoves({words.begin() + 1, words.end()}, &why)) error(why);
}

void UcciProtocol::probe(const std::vector<std::string>& words) {
    std::string fen, why;
    std::vector<std::string> moves;
    Position pos;
    if (!parse_position_words(words, 1, &fen, &moves, &why) ||
        !Engine::build_position(fen, moves, &pos, &why))
        return error(why);
    std::string reply = "pophash";
    TTData tte;
    if (engine_.probe(pos, &tte)) {
        if (tte.move) reply += " bestmove " + Position::move_to_string(tte.move);
        std::string depth = " depth " + std::to_string(tte.depth);
        if (tte.bound & BOUND_LOWER) reply += " lowerbound " + std::to_string(tte.value) + depth;
        if (tte.bound & BOUND_UPPER) reply += " upperbound " + std::to_string(tte.value) + depth;
    }
    send_line(reply);
}

void UcciProtocol::go(const std::vector<std::string>& words) {
    end_search_for_go();
    SearchLimits limits;
    bool draw = false, timed = false, depthZero = false;
    int64_t time = 0, inc = 0, oppTime = 0, oppInc = 0, n = 0;
    constexpr int64_t MAX = int64_t(1) << 40;
    for (size_t i = 1; i < words.size(); ++i) {
        std::string key = to_lower(words[i]);
        if (key == "ponder") limits.ponder = true;
        else if (key == "draw") draw = true;
        else if (key == "infinite") limits.infinite = true;
        else if (key == "depth" || key == "nodes" || key == "time" || key == "movestogo" ||
                 key == "increment" || key == "opptime" || key == "oppmovestogo" ||
                 key == "oppincrement") {
            // A lagging GUI sends negative clocks: they count as the least time, and we move.
            bool clock = key == "time" || key == "increment" || key == "opptime" || key == "oppincrement";
            if (i + 1 >= words.size() || !(clock ? parse_signed_number(words[i + 1], MAX, &n)
                                                 : parse_number(words[i + 1], MAX, &n)))
                return refuse_go("go " + key + (clock ? " needs a number" : " needs a non-negative number"));
            if (clock) n = std::max<int64_t>(n, 0);
            ++i;
            if (key == "depth") limits.depth = int(std::min<int64_t>(n, MAX_PLY - 1)), depthZero = !n;
            else if (key == "nodes") limits.nodes = uint64_t(std::max<int64_t>(n, 1));
            else if (key == "time") time = n, timed = true;
            else if (key == "movestogo") limits.movestogo = int(std::min<int64_t>(n, 1000));
            else if (key == "increment") inc = n;
            else if (key == "opptime") oppTime = n;
            else if (key == "oppincrement") oppInc = n;
            // oppmovestogo: the opponent's schedule does not change ours.
        } else
            return refuse_go("unknown go parameter " + quote_input(words[i]));
    }
    if (limits.ponder && draw) return refuse_go("go ponder and go draw exclude each other");
    if (refuse_go_without_position()) return;

    const Position& pos = engine_.position();
    if (depthZero) {
        // Only the static evaluation is wanted.
        send_line("info depth 0 score " + std::to_string(evaluate(pos)));
        send_line("nobestmove");
        return;
    }
    if (timed) {
        int64_t unit = useMillisec_ ? 1 : 1000;
        Color us = pos.side_to_move();
        limits.time[us] = std::max<int64_t>(time * unit, 1);
        limits.inc[us] = inc * unit;
        limits.time[~us] = oppTime * unit;
        limits.inc[~us] = oppInc * unit;
    }
    if (!limits.depth && !limits.nodes && !timed) limits.infinite = true;
    drawOffered_ = draw;

    SearchListener listener;
    bool lines = engine_.options().multiPV > 1;
    listener.on_info = [lines](const SearchInfo& info) {
        if (info.bound != BOUND_EXACT) return;
        // Time and nodes on the PV line too: uci2wb and XBoard read nodes only from there.
        // Which line it is only under MultiPV, for GUIs that know no multipv.
        send_line("info depth " + std::to_string(info.depth) +
                  (lines ? " multipv " + std::to_string(info.multiPV) : "") + " score " + std::to_string(info.score) +
                  " time " + std::to_string(info.time) + " nodes " + std::to_string(info.nodes) + " pv" +
                  pv_string(info.pv));
        send_line("info time " + std::to_string(info.time) + " nodes " + std::to_string(info.nodes));
    };
    listener.on_bestmove = [this](const SearchResult& r) {
        if (!r.best) return send_line("nobestmove");
        std::string s = "bestmove " + Position::move_to_string(r.best);
        if (r.ponder) s += " ponder " + Position::move_to_string(r.ponder);
        if (r.depth > 0 && drawOffered_ && r.score <= DRAW_ACCEPT) s += " draw";
        else if (r.depth > 0 && r.score <= VALUE_MATED_IN_MAX_PLY) s += " resign";
        send_line(s);
    };
    if (play_book_move(limits, listener.on_bestmove)) return;
    show_time_budget(limits);
    if (std::string warning = engine_.go(limits, listener); !warning.empty()) error(warning);
    if (batch_ && !limits.infinite && !limits.ponder) engine_.wait();
}

int run_ucci(const std::vector<std::string>&) { return run_protocol_loop(Protocol::UCCI); }

}  // namespace chuhe
