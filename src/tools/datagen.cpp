#include "tools/datagen.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>

#include "core/movegen.h"
#include "eval/nnue/network.h"
#include "match/game.h"
#include "match/tournament.h"
#include "records/pgn.h"
#include "records/record_file.h"
#include "search/thread_pool.h"
#include "tools/training_data.h"

namespace chuhe {

namespace {

const char* const USAGE =
    "usage: chuhe datagen OUT [--games N] [--nodes N] [--threads T] [--seed S] [--openings FILE]\n"
    "                     [--random-plies K|K1-K2] [--shard I/N] [--eval nnue|hce] [--net FILE] [--hash MB]\n"
    "       chuhe datagen convert OUT PGN...\n"
    "       chuhe datagen label OUT PGN... [--nodes N] [--threads T] [--skip PLIES]\n"
    "  (self-play) games of the engine against itself at a fixed node budget per move\n"
    "      (default 5000), from the openings of FILE (EPD or PGN; default the start position)\n"
    "      plus K random plies (default 2; K1-K2: a number drawn per game, so that either side\n"
    "      may make the last random move), one game per thread (default 1); --games: how many\n"
    "      (default: until Ctrl-C); --seed (default 1) and --shard I/N (default 1/1) choose the\n"
    "      games, so the same seed gives the same records and the N shards never repeat a game;\n"
    "      --eval: the evaluation that plays (default nnue when a net is built in or given);\n"
    "      games are adjudicated by the rules (repetition, 60-move limit, CXA 4.2.2), a proven\n"
    "      mate, a score of 1000 or more for 4 moves, 200 moves (draw)\n"
    "  convert  positions of game records whose moves carry search scores as comments\n"
    "      ({+0.35/12 ...}, as chuhe match writes them); PGN '-' reads standard input\n"
    "  label    positions of game records (e.g. the CCPD master games), each searched for its\n"
    "      score (--nodes, default 5000), one game per thread; --skip: opening plies left out\n"
    "      (default 6); the same input gives the same file for any thread count\n"
    "  Records go to OUT (appended: files can be extended and concatenated). Positions in\n"
    "  check, whose best move is a capture, or with a mate or rule score are left out.\n";

int fail(const std::string& message) {
    std::cerr << "chuhe datagen: " << message << "\n" << USAGE;
    return 2;
}

std::atomic<bool> interrupted{false};
extern "C" void on_datagen_interrupt(int) { interrupted.store(true); }

// The filters every source applies: only quiet, undecided positions teach the evaluation.
bool keep_position(const Position& pos, Move best, int score) {
    return !pos.in_check() && best != MOVE_NONE && pos.empty(to_sq(best)) && std::abs(score) < 2000;
}

GameOutcome outcome_of(const std::string& result) {
    return result == "1-0" ? RED_WON : result == "0-1" ? BLACK_WON : DRAWN;
}

struct Options {
    std::string out;
    std::vector<std::string> inputs;
    uint64_t games = 0;
    uint64_t nodes = 5000;
    int threads = 1;
    uint64_t seed = 1;
    std::string openings;
    int randomPlies = 2;
    int randomPliesMax = 2;  // above randomPlies: each game draws its count from the range
    int shard = 1, shards = 1;
    std::string eval;
    std::string net;
    int hashMb = 16;
    int skip = 6;
};

bool parse_number(const std::string& s, uint64_t max, uint64_t* out) {
    if (s.empty() || s.size() > 19 || s.find_first_not_of("0123456789") != std::string::npos) return false;
    *out = std::stoull(s);
    return *out <= max;
}

bool parse_options(const std::vector<std::string>& args, size_t first, Options& o, std::string* error) {
    for (size_t i = first; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a.rfind("--", 0) != 0) {
            if (o.out.empty()) o.out = a;
            else o.inputs.push_back(a);
            continue;
        }
        if (i + 1 >= args.size()) {
            *error = a + " needs a value";
            return false;
        }
        const std::string& v = args[++i];
        uint64_t n = 0;
        auto number = [&](uint64_t min, uint64_t max) {
            if (parse_number(v, max, &n) && n >= min) return true;
            *error = a + " takes a number from " + std::to_string(min) + " to " + std::to_string(max);
            return false;
        };
        if (a == "--games") {
            if (!number(1, 1'000'000'000)) return false;
            o.games = n;
        } else if (a == "--nodes") {
            if (!number(1, 100'000'000)) return false;
            o.nodes = n;
        } else if (a == "--threads") {
            if (!number(1, 256)) return false;
            o.threads = int(n);
        } else if (a == "--seed") {
            if (!number(0, UINT64_MAX / 2)) return false;
            o.seed = n;
        } else if (a == "--random-plies") {
            // K, or K1-K2: the side that makes the last random move has it answered by the
            // other side's search, so a fixed count favours one colour (net 5's self-play
            // with 2: black won 60% of the decisive games); a range lets both sides have it.
            size_t dash = v.find('-');
            uint64_t lo = 0, hi = 0;
            if (dash == std::string::npos ? !parse_number(v, 40, &lo)
                                          : !parse_number(v.substr(0, dash), 40, &lo) ||
                                                !parse_number(v.substr(dash + 1), 40, &hi) || hi < lo) {
                *error = "--random-plies takes K or K1-K2 with 0 <= K1 <= K2 <= 40";
                return false;
            }
            o.randomPlies = int(lo);
            o.randomPliesMax = dash == std::string::npos ? int(lo) : int(hi);
        } else if (a == "--hash") {
            if (!number(1, 4096)) return false;
            o.hashMb = int(n);
        } else if (a == "--skip") {
            if (!number(0, 1000)) return false;
            o.skip = int(n);
        } else if (a == "--openings") o.openings = v;
        else if (a == "--net") o.net = v;
        else if (a == "--eval") {
            if (v != "nnue" && v != "hce") {
                *error = "--eval takes nnue or hce";
                return false;
            }
            o.eval = v;
        } else if (a == "--shard") {
            size_t slash = v.find('/');
            uint64_t i1 = 0, n1 = 0;
            if (slash == std::string::npos || !parse_number(v.substr(0, slash), 1'000'000, &i1) ||
                !parse_number(v.substr(slash + 1), 1'000'000, &n1) || n1 == 0 || i1 == 0 || i1 > n1) {
                *error = "--shard takes I/N with 1 <= I <= N";
                return false;
            }
            o.shard = int(i1), o.shards = int(n1);
        } else {
            *error = "unknown option " + a;
            return false;
        }
    }
    if (o.out.empty()) {
        *error = "no output file";
        return false;
    }
    return true;
}

// The network the searches use: --net, else the built-in one (unless --eval hce).
bool choose_network(const Options& o, std::unique_ptr<nnue::Network>& owned, const nnue::Network** net,
                    std::string* error) {
    *net = nullptr;
    if (o.eval == "hce") return true;
    if (!o.net.empty()) {
        owned = nnue::load_network(o.net, error);
        if (!owned) return false;
        *net = owned.get();
        return true;
    }
    *net = nnue::embedded_network();
    if (!*net && o.eval == "nnue") {
        *error = "--eval nnue: this build has no built-in net (give --net FILE)";
        return false;
    }
    return true;
}

// One search of pos at a node budget, synchronously.
struct Searcher {
    TranspositionTable tt;
    ThreadPool pool{tt};
    SearchOptions options;

    Searcher(int hashMb, const nnue::Network* net) {
        tt.resize(hashMb);
        options.net = net;
    }
    void new_game() {
        tt.clear();
        pool.clear();
    }
    SearchResult search(const Position& pos, uint64_t nodes, std::vector<Move> banned = {}) {
        SearchLimits limits;
        limits.nodes = nodes;
        limits.banmoves = std::move(banned);
        SearchResult result;
        pool.start(pos, limits, options, {[](const SearchInfo&) {}, [&](const SearchResult& r) { result = r; }});
        pool.wait();
        return result;
    }
    void stop() { pool.stop(); }
};

// Writes games in the order of their numbers, whichever thread finished first, so that a
// seed (or an input) always gives the same file. The first write error is kept and stops
// the workers.
class OrderedWriter {
public:
    OrderedWriter(RecordWriter& writer, uint64_t first) : writer_(writer), next_(first) {}
    void add(uint64_t game, std::vector<TrainingRecord> records) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (failed_) return;
        pending_[game] = std::move(records);
        while (!pending_.empty() && pending_.begin()->first == next_) {
            if (!writer_.write(pending_.begin()->second, &error_)) {
                failed_ = true;
                return;
            }
            positions_ += pending_.begin()->second.size();
            pending_.erase(pending_.begin());
            ++next_, ++games_;
        }
    }
    uint64_t games() const { return games_.load(); }
    uint64_t positions() const { return positions_.load(); }
    bool failed() const { return failed_.load(); }
    std::string error() {
        std::lock_guard<std::mutex> lock(mutex_);
        return error_;
    }

private:
    RecordWriter& writer_;
    std::mutex mutex_;
    std::map<uint64_t, std::vector<TrainingRecord>> pending_;
    uint64_t next_;
    std::atomic<uint64_t> games_{0}, positions_{0};
    std::atomic<bool> failed_{false};
    std::string error_;
};

struct SelfPlay {
    const Options& o;
    const std::vector<match::Opening>& openings;
    const nnue::Network* net;

    // Plays game number g (its random choices come from the seed, the shard and g only).
    // Returns false if interrupted before the game ended.
    bool play(Searcher& s, uint64_t g, std::vector<TrainingRecord>& records) {
        std::seed_seq seq{uint32_t(o.seed), uint32_t(o.seed >> 32), uint32_t(o.shard), uint32_t(o.shards),
                          uint32_t(g), uint32_t(g >> 32)};
        std::mt19937_64 rng(seq);
        Position pos;
        for (;;) {  // an opening whose random plies end the game is drawn again
            const match::Opening& op = openings[rng() % openings.size()];
            pos.set(op.fen);
            for (Move m : op.moves) pos.do_move(m);
            // A fixed count draws nothing, so its seeds give the records they always gave.
            const int randomPlies =
                o.randomPliesMax > o.randomPlies
                    ? o.randomPlies + int(rng() % uint64_t(o.randomPliesMax - o.randomPlies + 1))
                    : o.randomPlies;
            int ply = 0;
            for (; ply < randomPlies; ++ply) {
                MoveList moves = MoveList::of<LEGAL>(pos);
                if (!moves.size()) break;
                pos.do_move(moves.begin()[rng() % moves.size()]);
            }
            std::string r, why;
            if (ply == randomPlies && MoveList::of<LEGAL>(pos).size() &&
                !match::rules_end_game(pos, RuleSet::ASIAN, &r, &why))
                break;
        }
        s.new_game();
        records.clear();
        std::string result;
        int winningStreak[COLOR_NB] = {0, 0}, drawStreak = 0;
        for (int moves = 0;; ++moves) {
            if (interrupted) return false;
            Color us = pos.side_to_move();
            if (!MoveList::of<LEGAL>(pos).size()) {
                result = us == RED ? "0-1" : "1-0";
                break;
            }
            SearchResult r = s.search(pos, o.nodes, match::moves_losing_by_rule(pos, RuleSet::ASIAN));
            if (interrupted) return false;
            if (r.best == MOVE_NONE) {  // every move loses by rule
                result = us == RED ? "0-1" : "1-0";
                break;
            }
            if (keep_position(pos, r.best, r.score) && !is_decisive(r.score))
                records.push_back(TrainingRecord::from(pos, r.score, r.best, DRAWN));
            if (is_mate_score(r.score)) {  // a proven mate: the game is decided
                result = (r.score > 0) == (us == RED) ? "1-0" : "0-1";
                break;
            }
            pos.do_move(r.best);
            std::string why;
            if (match::rules_end_game(pos, RuleSet::ASIAN, &result, &why)) break;
            winningStreak[us] = r.score >= 1000 ? winningStreak[us] + 1 : 0;
            if (winningStreak[us] >= 4) {
                result = us == RED ? "1-0" : "0-1";
                break;
            }
            drawStreak = std::abs(r.score) <= 5 ? drawStreak + 1 : 0;
            if ((moves >= 100 && drawStreak >= 20) || moves >= 400) {
                result = "1/2-1/2";
                break;
            }
        }
        for (TrainingRecord& rec : records) rec.result = outcome_of(result);
        return true;
    }
};

void print_progress(uint64_t games, uint64_t positions, uint64_t target, double seconds) {
    double rate = seconds > 0 ? positions / seconds : 0;
    std::fprintf(stderr, "games %llu  positions %llu  %.0f positions/s", (unsigned long long)games,
                 (unsigned long long)positions, rate);
    if (target && games) {
        double eta = seconds / games * (target - games);
        std::fprintf(stderr, "  ETA %dm%02ds", int(eta) / 60, int(eta) % 60);
    }
    std::fprintf(stderr, "\n");
}

// Runs work(t) on `threads` threads, reporting progress every 10 s (target: the games
// expected, 0 if open-ended), until they end; Ctrl-C or SIGTERM (or a write error) calls
// stop() to cut the searches short. Then closes the file. Returns the exit status.
int run_workers(int threads, const std::function<void(int)>& work, const std::function<void()>& stop,
                OrderedWriter& ordered, RecordWriter& writer, uint64_t target) {
    std::signal(SIGINT, on_datagen_interrupt);
    std::signal(SIGTERM, on_datagen_interrupt);
    std::atomic<int> running{threads};
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            work(t);
            --running;
        });
    auto start = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    double lastReport = 0;
    while (running > 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (interrupted || ordered.failed()) {
            stop();
            break;
        }
        if (seconds() - lastReport >= 10) {
            lastReport = seconds();
            print_progress(ordered.games(), ordered.positions(), target, seconds());
        }
    }
    for (auto& th : pool) th.join();
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    print_progress(ordered.games(), ordered.positions(), target, seconds());
    std::string error = ordered.failed() ? ordered.error() : "";
    if (error.empty()) writer.close(&error);
    if (!error.empty()) {
        std::cerr << "chuhe datagen: " << error << "\n";
        return 1;
    }
    if (interrupted) std::fprintf(stderr, "datagen: interrupted; every finished game is written\n");
    return 0;
}

int self_play(const Options& o) {
    std::vector<match::Opening> openings;
    std::string error;
    if (o.openings.empty()) openings.push_back({Position::START_FEN, {}});
    else if (!match::read_openings({o.openings, "", false, 1, -1}, openings, &error))
        return fail(error);
    if (openings.empty()) return fail("no openings in " + o.openings);
    std::unique_ptr<nnue::Network> owned;
    const nnue::Network* net = nullptr;
    if (!choose_network(o, owned, &net, &error)) return fail(error);

    RecordWriter writer;
    if (!writer.open(o.out, true, &error)) return fail(error);
    std::fprintf(stderr, "datagen: %s evaluation, %llu nodes per move, %d thread(s), seed %llu, shard %d/%d\n",
                 net ? "network" : "hand-crafted", (unsigned long long)o.nodes, o.threads,
                 (unsigned long long)o.seed, o.shard, o.shards);

    OrderedWriter ordered(writer, 0);
    std::atomic<uint64_t> nextGame{0};
    SelfPlay play{o, openings, net};
    std::vector<std::unique_ptr<Searcher>> searchers;
    for (int t = 0; t < o.threads; ++t) searchers.push_back(std::make_unique<Searcher>(o.hashMb, net));
    auto work = [&](int t) {
        std::vector<TrainingRecord> records;
        while (!interrupted && !ordered.failed()) {
            uint64_t g = nextGame++;
            if (o.games && g >= o.games) break;
            if (!play.play(*searchers[t], g, records)) break;
            ordered.add(g, records);
        }
    };
    auto stop = [&] {
        for (auto& s : searchers) s->stop();
    };
    return run_workers(o.threads, work, stop, ordered, writer, o.games);
}

// Reads PGN files (or standard input for '-') game by game.
bool read_games(const std::string& path, RecordFile& file, std::string* error) {
    if (path != "-") return read_record_file(path, file, error);
    std::ostringstream s;
    s << std::cin.rdbuf();
    PgnReadResult r = read_pgn(s.str());
    file.games = std::move(r.games);
    file.errors = std::move(r.errors);
    file.gamesSeen = r.gamesSeen;
    return true;
}

// "+0.35/12 0.004s" -> 35; false for mates ("+M3/..") and comments without a score.
bool score_from_comment(const std::string& c, int* score) {
    if (c.size() < 2 || (c[0] != '+' && c[0] != '-') || c[1] == 'M') return false;
    char* end = nullptr;
    double pawns = std::strtod(c.c_str(), &end);
    if (end == c.c_str() || *end != '/') return false;
    *score = int(std::lround(pawns * 100));
    return true;
}

int convert_or_label(const Options& o, bool label) {
    if (o.inputs.empty()) return fail("no game files");
    std::unique_ptr<nnue::Network> owned;
    const nnue::Network* net = nullptr;
    std::string error;
    if (label && !choose_network(o, owned, &net, &error)) return fail(error);
    // Every file is read before anything is written: a bad file name costs no work.
    std::vector<Game> games;
    uint64_t unreadable = 0;
    for (const std::string& path : o.inputs) {
        RecordFile file;
        if (!read_games(path, file, &error)) {
            std::cerr << "chuhe datagen: " << error << "\n";
            return 1;
        }
        unreadable += file.errors.size();
        for (Game& g : file.games) games.push_back(std::move(g));
    }
    RecordWriter writer;
    if (!writer.open(o.out, true, &error)) return fail(error);
    if (label)
        std::fprintf(stderr, "datagen label: %zu games, %s evaluation, %llu nodes per position, %d thread(s)\n",
                     games.size(), net ? "network" : "hand-crafted", (unsigned long long)o.nodes, o.threads);

    // Labelling searches, one game per thread, and writes the games in their order, so the
    // file is the same for any thread count; converting is cheap and takes one thread.
    const int threads = label ? o.threads : 1;
    OrderedWriter ordered(writer, 0);
    std::atomic<size_t> next{0};
    std::vector<std::unique_ptr<Searcher>> searchers;
    if (label)
        for (int t = 0; t < threads; ++t) searchers.push_back(std::make_unique<Searcher>(o.hashMb, net));
    auto work = [&](int t) {
        for (size_t i; !interrupted && !ordered.failed() && (i = next++) < games.size();) {
            const Game& game = games[i];
            std::vector<TrainingRecord> out;
            Position pos;
            if (is_result(game.result) && game.result != "*" && pos.set(game.startFen)) {
                if (label) searchers[t]->new_game();
                for (size_t ply = 0; ply < game.moves.size() && !interrupted; ++ply) {
                    Move m = game.moves[ply].move;
                    if (!MoveList::of<LEGAL>(pos).contains(m)) break;
                    int score = 0;
                    if (!label) {
                        if (score_from_comment(game.moves[ply].comment, &score) && keep_position(pos, m, score))
                            out.push_back(TrainingRecord::from(pos, score, m, outcome_of(game.result)));
                    } else if (int(ply) >= o.skip && !pos.in_check()) {
                        SearchResult r = searchers[t]->search(pos, o.nodes);
                        if (!is_decisive(r.score) && keep_position(pos, r.best, r.score))
                            out.push_back(TrainingRecord::from(pos, r.score, r.best, outcome_of(game.result)));
                    }
                    pos.do_move(m);
                }
            }
            if (interrupted) break;  // a game cut short is not written
            ordered.add(i, std::move(out));
        }
    };
    auto stop = [&] {
        for (auto& s : searchers) s->stop();
    };
    int status = run_workers(threads, work, stop, ordered, writer, games.size());
    if (unreadable) std::fprintf(stderr, "unreadable games %llu\n", (unsigned long long)unreadable);
    return status;
}

}  // namespace

int run_datagen(const std::vector<std::string>& args) {
    if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
        std::cout << USAGE;
        return 0;
    }
    bool convert = !args.empty() && args[0] == "convert";
    bool label = !args.empty() && args[0] == "label";
    Options o;
    std::string error;
    if (!parse_options(args, convert || label ? 1 : 0, o, &error)) return fail(error);
    if (convert || label) return convert_or_label(o, label);
    if (!o.inputs.empty()) return fail("unexpected argument '" + o.inputs[0] + "'");
    return self_play(o);
}

}  // namespace chuhe
