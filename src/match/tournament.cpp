#include "match/tournament.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "core/movegen.h"
#include "match/append_file.h"
#include "match/planner.h"
#include "match/results_file.h"
#include "match/scoreboard.h"
#include "records/pgn.h"
#include "records/record_file.h"
#include "util/safe_file.h"

namespace chuhe::match {

namespace {

bool fen_field(const std::string& t) {
    return t == "-" || (!t.empty() && t.size() <= 6 && t.find_first_not_of("0123456789") == std::string::npos);
}

// The date for the PGN Date tag. Called once, before the workers start: the C library's
// time zone state is not safe to touch from several threads.
std::string today() {
    std::time_t t = std::time(nullptr);
    std::tm local{};
    localtime_r(&t, &local);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y.%m.%d", &local);
    return buf;
}

}  // namespace

const char* tournament_name(TournamentType type) {
    switch (type) {
    case TournamentType::GAUNTLET: return "gauntlet";
    case TournamentType::SWISS: return "swiss";
    case TournamentType::KNOCKOUT: return "knockout";
    case TournamentType::DOUBLE_KNOCKOUT: return "double-knockout";
    default: return "round-robin";
    }
}

bool check_format(const TournamentSettings& s, std::string* error) {
    auto fail = [&](const std::string& why) {
        *error = why;
        return false;
    };
    int n = int(s.engines.size());
    bool knockout = s.type == TournamentType::KNOCKOUT || s.type == TournamentType::DOUBLE_KNOCKOUT;
    if (s.type != TournamentType::SWISS && !knockout) return true;
    std::string name = std::string("-tournament ") + tournament_name(s.type);
    // Each round depends on the results of the one before: no machine can play a part of the
    // schedule on its own.
    if (s.shard.count > 1) return fail(name + " cannot be sharded: its rounds depend on the results before them");
    if (s.repeat) return fail(name + " plays no -repeat pairs (" + (knockout ? "colours alternate in an encounter" : "one game a pairing") + ")");
    if (s.sprt) return fail(name + " runs no -sprt");
    if (s.type == TournamentType::SWISS) {
        if (n < 3) return fail("-tournament swiss needs at least three engines");
        if (s.gamesPerEncounter != 1) return fail("-tournament swiss plays one game a pairing: no -games");
        // 一.6: no rematches, so nobody can play more rounds than there are opponents.
        if (s.rounds > n - 1 + n % 2)
            return fail("-tournament swiss with " + std::to_string(n) + " engines has at most " +
                        std::to_string(n - 1 + n % 2) + " rounds (no rematches)");
        return true;
    }
    if (s.rounds != 1) return fail(name + " has the rounds of its bracket: no -rounds");
    if (s.type == TournamentType::KNOCKOUT && n > 32) return fail("-tournament knockout takes at most 32 engines (appendix 3's table)");
    if (s.type == TournamentType::DOUBLE_KNOCKOUT && (n < 3 || n > 16))
        return fail("-tournament double-knockout takes 3 to 16 engines (appendix 3's table)");
    return true;
}

bool read_openings(const OpeningBook& book, std::vector<Opening>& out, std::string* error) {
    std::string format = book.format;
    if (format.empty())
        format = book.file.size() > 4 && book.file.substr(book.file.size() - 4) == ".pgn" ? "pgn" : "epd";
    out.clear();
    if (format == "pgn") {
        RecordFile records;
        if (!read_record_file(book.file, records, error)) return false;
        if (!records.errors.empty()) {
            const RecordError& e = records.errors.front();
            if (error)
                *error = book.file + ": game " + std::to_string(e.game) + " (line " + std::to_string(e.line) +
                         "): " + e.message;
            return false;
        }
        for (const Game& g : records.games) {
            Opening o{g.startFen, {}};
            for (size_t i = 0; i < g.moves.size() && (book.plies < 0 || int(i) < book.plies); ++i)
                o.moves.push_back(g.moves[i].move);
            out.push_back(o);
        }
    } else if (format == "epd" || format == "fen") {
        // Read whole, as a regular file of bounded size: /dev/zero is one endless line.
        std::string bytes, why;
        if (!read_input_file(book.file, bytes, &why)) {
            std::string detail = input_error_detail(book.file, why);
            if (error) *error = "cannot read openings file '" + book.file + "'" + (detail.empty() ? "" : ": " + detail);
            return false;
        }
        std::istringstream in(bytes);
        std::string line;
        for (int number = 1; std::getline(in, line); ++number) {
            std::istringstream words(line);
            std::string board, side, t;
            if (!(words >> board) || board[0] == '#') continue;
            words >> side;
            std::string fen = board + " " + side;
            for (int i = 0; i < 4 && (words >> t) && fen_field(t); ++i) fen += " " + t;
            Position pos;
            std::string why;
            if (!pos.set(fen, &why)) {
                if (error) *error = book.file + " line " + std::to_string(number) + ": " + why;
                return false;
            }
            out.push_back({pos.fen(), {}});
        }
    } else {
        if (error) *error = "unknown openings format '" + format + "' (epd or pgn)";
        return false;
    }
    if (out.empty()) {
        if (error) *error = "no openings in '" + book.file + "'";
        return false;
    }
    return true;
}

std::vector<std::vector<std::pair<int, int>>> round_robin_rounds(int players) {
    // The CXA rule: the largest number M (players, or players + 1 when odd, the bye) meets in
    // each new round the number that stood last in the previous round's table; the others meet
    // the way they stood across neighbouring pairs, paired from the back; M alternates colours
    // and has red in round 2.
    int m = players % 2 ? players + 1 : players;
    std::vector<std::vector<std::pair<int, int>>> rounds;
    std::vector<std::pair<int, int>> table;
    for (int i = 1; i <= m / 2; ++i) table.push_back({i, m + 1 - i});
    for (int r = 1; r < m; ++r) {
        if (r > 1) {
            std::vector<int> order;  // the previous table, flattened, without M
            for (auto [a, b] : table)
                for (int x : {a, b})
                    if (x != m) order.push_back(x);
            int opponent = order.back();
            order.pop_back();
            std::vector<std::pair<int, int>> next;
            next.push_back(r % 2 == 0 ? std::pair{m, opponent} : std::pair{opponent, m});
            for (int i = int(order.size()) - 2; i >= 0; i -= 2) next.push_back({order[i], order[i + 1]});
            table = next;
        }
        std::vector<std::pair<int, int>> games;
        for (auto [a, b] : table)
            if (a <= players && b <= players) games.push_back({a - 1, b - 1});
        rounds.push_back(games);
    }
    return rounds;
}

Schedule::Schedule(const TournamentSettings& s, int openingCount)
    : games_(std::max(s.gamesPerEncounter, 1)), openingCount_(openingCount), repeat_(s.repeat) {
    int n = int(s.engines.size());
    if (s.type == TournamentType::GAUNTLET)
        for (int j = 1; j < n; ++j) cycle_.push_back({0, j});
    else
        for (const auto& round : round_robin_rounds(n))
            for (const auto& p : round) cycle_.push_back(p);
    size_ = int64_t(std::max(s.rounds, 0)) * int64_t(cycle_.size()) * games_;
}

ScheduledGame Schedule::at(int64_t index) const {
    int64_t encounter = index / games_;
    int g = int(index % games_);
    int64_t perRound = int64_t(cycle_.size());
    auto [a, b] = cycle_[size_t(encounter % perRound)];
    ScheduledGame sg;
    sg.number = index + 1;
    sg.round = int(encounter / perRound) + 1;
    // Each game takes a new opening, or with -repeat each pair of games does.
    int64_t pairsPerEncounter = repeat_ ? (games_ + 1) / 2 : games_;
    int64_t pairId = encounter * pairsPerEncounter + (repeat_ ? g / 2 : g);
    sg.pairId = repeat_ ? pairId : -1;
    sg.opening = openingCount_ ? int(pairId % openingCount_) : -1;
    // Colours alternate between the games of an encounter and, when an encounter has an odd
    // number of games, between rounds.
    bool swap = (g % 2 == 1) != (games_ % 2 == 1 && sg.round % 2 == 0);
    sg.red = swap ? b : a;
    sg.black = swap ? a : b;
    return sg;
}

bool Schedule::in_shard(int64_t index, Shard shard) const {
    // The unit dealt out is the pair: both games of a -repeat pair go to one shard.
    int64_t unit = repeat_ ? (index / games_) * ((games_ + 1) / 2) + (index % games_) / 2 : index;
    return unit % shard.count == shard.index - 1;
}

std::vector<ScheduledGame> make_schedule(const TournamentSettings& s, int openingCount) {
    Schedule schedule(s, openingCount);
    std::vector<ScheduledGame> games;
    for (int64_t i = 0; i < schedule.size(); ++i) games.push_back(schedule.at(i));
    return games;
}

namespace {

// Everything the workers share.
struct Shared {
    Shared(const TournamentSettings& s, std::ostream& o)
        : settings(s), out(o),
          board(names(s), s.type == TournamentType::SWISS ? s.swissTieBreaks : TieBreaks::ROUND_ROBIN) {}
    static std::vector<std::string> names(const TournamentSettings& s) {
        std::vector<std::string> n;
        for (const EngineConfig& e : s.engines) n.push_back(e.name);
        return n;
    }
    const TournamentSettings& settings;
    std::ostream& out;
    const std::string date = today();
    std::vector<Opening> openings;
    Schedule schedule;
    // A Swiss or knockout: the games of the round being played, and the game numbers of the
    // whole tournament.
    std::unique_ptr<Planner> planner;
    const std::vector<ScheduledGame>* batch = nullptr;
    int64_t total = 0;  // the schedule's size, or the planner's
    std::set<int64_t> done;  // game numbers finished before a -resume
    std::atomic<int64_t> next{0};
    std::atomic<bool> stop{false};
    std::mutex mutex;  // guards everything below and the output
    AppendFile pgn, results;
    Scoreboard board;
    std::map<int64_t, FinishedGame> finished;  // the games the planner's next rounds depend on
    std::string writeError;  // the first failed write of the PGN or results file
    std::string setupError;  // the first engine that could not be started at all
};

// Whether something is at path (opening it to find out would block on a FIFO).
bool exists(const std::string& path) {
    std::error_code ec;
    return std::filesystem::exists(path, ec);
}

bool sprt_decided(const Shared& sh) {
    return sh.settings.sprt && sh.settings.sprt->decide(sh.board.results(0, 1)) != Sprt::CONTINUE;
}

// Whether the PGN file is the one the results file describes, before a resume cuts it.
bool check_pgn(const TournamentSettings& s, const ResultsFile& previous, std::string* error) {
    std::string bytes, why;
    if (!read_file_bytes(s.pgnOut, bytes, &why) || !pgn_matches_results(bytes, previous, &why)) {
        *error = "PGN file '" + s.pgnOut + "' is not the one results file '" + s.resultsOut + "' describes (" + why +
                 "): cannot resume";
        return false;
    }
    return true;
}

// Opens the PGN and results files. With -resume, takes the finished games of the results
// file and cuts both files back to the last game the results file records whole: a game
// written to the PGN file but not to the results file is played again.
bool open_outputs(Shared& sh, std::string* error) {
    const TournamentSettings& s = sh.settings;
    if (!s.pgnOut.empty() && !s.resultsOut.empty() && same_file(s.pgnOut, s.resultsOut)) {
        // Both would append to one file, and neither could be read back.
        *error = "-pgnout and -resultsout name the same file '" + s.resultsOut + "': each needs its own";
        return false;
    }
    if (!s.pgnOut.empty() && !sh.pgn.open(s.pgnOut, error)) return false;
    if (s.resultsOut.empty()) return true;
    ResultsFile previous;
    // Any file there is read (a FIFO or a device is refused by the reading, not opened).
    if (exists(s.resultsOut) && !read_results_file(s.resultsOut, previous, error)) return false;
    if (!sh.results.open(s.resultsOut, error)) return false;
    if (!previous.hasHeader) {
        // A new match (or one killed before its header was whole): start the file afresh.
        if (!sh.results.truncate(0, error)) return false;
        std::string why;
        if (sh.results.append(results_header(s, sh.total, sh.pgn.is_open() ? sh.pgn.size() : -1), &why))
            return true;
        *error = "cannot write results file '" + s.resultsOut + "': " + why;
        return false;
    }
    if (!s.resume) {
        *error = "results file '" + s.resultsOut + "' already holds a match: -resume continues it, or remove it";
        return false;
    }
    std::string shard = std::to_string(s.shard.index) + "/" + std::to_string(s.shard.count);
    if (previous.config.dump() != match_config(s).dump() || previous.shard != shard ||
        previous.scheduleSize != sh.total) {
        *error = "results file '" + s.resultsOut + "' is of another match (shard " + previous.shard +
                 "; engines, time controls, schedule, openings, seed or adjudication differ): cannot resume it";
        return false;
    }
    // Every check first: a file is cut only when the resume will go ahead.
    for (const FinishedGame& g : previous.games)
        if (!sh.schedule.in_shard(g.number - 1, s.shard)) {
            *error = s.resultsOut + ": game " + std::to_string(g.number) + " is not in shard " + shard;
            return false;
        }
    int64_t pgnEnd = previous.games.empty() ? previous.pgnStart : previous.games.back().pgnEnd;
    if (sh.pgn.is_open() && pgnEnd >= 0 && !check_pgn(s, previous, error)) return false;
    if (!sh.results.truncate(previous.completeBytes, error)) return false;
    if (sh.pgn.is_open() && pgnEnd >= 0 && !sh.pgn.truncate(pgnEnd, error)) return false;
    for (const FinishedGame& g : previous.games) {
        sh.board.add(g.red, g.black, g.result, g.pairId, g.round, g.termination);
        sh.done.insert(g.number);
        sh.finished[g.number] = g;
    }
    sh.out << "Resuming: " << previous.games.size() << " games finished before" << std::endl;
    return true;
}

// Stores a finished game: the PGN file first, then the results line that records where the
// PGN file ended, so that a resume can cut a PGN game the results file never got.
void store_game(Shared& sh, const ScheduledGame& g, const GameResult& r) {
    const TournamentSettings& s = sh.settings;
    if (!sh.writeError.empty()) return;
    std::string why, file;
    FinishedGame f = finished_game(g, r, s);
    if (sh.pgn.is_open()) {
        if (!sh.pgn.append(write_pgn(r.record, Notation::ICCS) + "\n", &why)) file = "PGN file '" + s.pgnOut + "'";
        f.pgnEnd = sh.pgn.size();
    }
    if (file.empty() && sh.results.is_open() && !sh.results.append(results_line(f), &why))
        file = "results file '" + s.resultsOut + "'";
    if (sh.planner) sh.finished[f.number] = f;
    if (!file.empty()) {
        // A match whose games are not stored is not worth playing on.
        sh.writeError = "cannot write game " + std::to_string(g.number) + " to " + file + ": " + why;
        sh.out << "error: " << sh.writeError << std::endl;
        sh.stop = true;
    }
}

void worker(Shared& sh) {
    const TournamentSettings& s = sh.settings;
    std::vector<std::unique_ptr<EngineClient>> engines;
    for (const EngineConfig& c : s.engines) engines.push_back(std::make_unique<EngineClient>(c, &sh.stop));
    for (;;) {
        int64_t idx = sh.next.fetch_add(1);
        if (sh.stop) break;
        ScheduledGame g;
        if (sh.batch) {
            if (idx >= int64_t(sh.batch->size())) break;
            g = (*sh.batch)[size_t(idx)];
        } else {
            if (idx >= sh.schedule.size()) break;
            if (!sh.schedule.in_shard(idx, s.shard) || sh.done.count(idx + 1)) continue;
            g = sh.schedule.at(idx);
        }
        const std::string& redName = s.engines[g.red].name;
        const std::string& blackName = s.engines[g.black].name;
        {
            std::lock_guard lock(sh.mutex);
            // A Swiss or knockout knows its games only round by round (a knockout's number is
            // the most it can take): it names the round.
            sh.out << "Started game " << g.number << (sh.planner ? " of round " + std::to_string(g.round)
                                                                  : " of " + std::to_string(sh.total))
                   << " (" << redName << " vs "
                   << blackName << ")" << std::endl;
        }
        GameSetup setup;
        setup.pvInComments = s.pgnPv;
        if (g.opening >= 0) {
            setup.startFen = sh.openings[g.opening].fen;
            setup.openingMoves = sh.openings[g.opening].moves;
        }
        setup.tags = {{"Game", "Chinese Chess"}, {"Event", s.event}, {"Site", "chuhe match"},
                      {"Date", sh.date}, {"Round", std::to_string(g.round) + "." + std::to_string(g.number)}};
        EngineClient* players[COLOR_NB] = {engines[g.red].get(), engines[g.black].get()};
        GameResult r = play_game(players, setup, s.adjudication, sh.stop);
        if (!r.setupError.empty()) {
            std::lock_guard lock(sh.mutex);
            if (sh.setupError.empty()) sh.setupError = r.setupError;
            sh.stop = true;
        }
        if (r.aborted()) continue;

        std::lock_guard lock(sh.mutex);
        sh.board.add(g.red, g.black, r.result, g.pairId, g.round, r.termination);
        store_game(sh, g, r);
        sh.out << "Finished game " << g.number << " (" << redName << " vs " << blackName << "): " << r.result
               << " {" << r.termination << "}" << std::endl;
        if (s.engines.size() == 2) {
            sh.out << sh.board.score_line() << std::endl;
            if (s.ratingInterval && sh.board.games() % s.ratingInterval == 0)
                sh.out << elo_line(sh.board.results(0, 1)) << std::endl;
            if (sprt_decided(sh)) sh.stop = true;
        }
    }
    for (auto& e : engines) e->quit();
}

// Plays the games of the schedule (or of the batch) with up to -concurrency workers.
void play(Shared& sh, int64_t games, const std::atomic<bool>& interrupt) {
    int threads = int(std::clamp<int64_t>(sh.settings.concurrency, 1, std::max<int64_t>(games, 1)));
    std::vector<std::thread> workers;
    for (int i = 0; i < threads; ++i) workers.emplace_back(worker, std::ref(sh));
    // Ctrl-C: stop the workers (a search under way is abandoned at once).
    std::atomic<int> running{threads};
    std::thread watcher([&] {
        while (running > 0) {
            if (interrupt) sh.stop = true;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    });
    for (auto& w : workers) {
        w.join();
        --running;
    }
    watcher.join();
}

// The seed of a match without -srand where one decides anything (random openings, a
// knockout's lots): the resumed match's, else a random one, printed so that the run can be
// repeated. A fixed default played the same openings in every run. false when shards could
// not agree on it.
bool choose_seed(TournamentSettings& s, std::ostream& out, std::string* error) {
    bool matters = (s.openings && s.openings->random) || s.type == TournamentType::KNOCKOUT ||
                   s.type == TournamentType::DOUBLE_KNOCKOUT;
    if (s.seed || !matters) {
        if (!s.seed) s.seed = 0;
        return true;
    }
    ResultsFile previous;
    if (s.resume && exists(s.resultsOut) && read_results_file(s.resultsOut, previous, nullptr) &&
        previous.hasHeader) {
        try {
            s.seed = std::stoull(previous.config["srand"].as_string());
            out << "Seed: " << *s.seed << " (the resumed match's)" << std::endl;
            return true;
        } catch (...) {
        }  // no seed to take: the resume refuses the file as of another match
    }
    if (s.shard.count > 1) {
        *error = "-shard with order=random needs -srand: every shard must deal the same schedule";
        return false;
    }
    std::random_device device;
    s.seed = uint64_t(device()) << 32 | device();
    out << "Seed: " << *s.seed << " (random: -srand " << *s.seed << " plays the same openings again)" << std::endl;
    return true;
}

}  // namespace

int run_tournament(const TournamentSettings& given, std::ostream& out, const std::atomic<bool>& interrupt) {
    TournamentSettings settings = given;
    std::string error;
    if (!choose_seed(settings, out, &error)) {
        out << "error: " << error << "\n";
        return 2;
    }
    Shared sh(settings, out);
    if (settings.engines.size() < 2) {
        out << "error: a tournament needs at least two engines\n";
        return 2;
    }
    if (settings.shard.count < 1 || settings.shard.index < 1 || settings.shard.index > settings.shard.count) {
        out << "error: shard " << settings.shard.index << "/" << settings.shard.count << " does not exist\n";
        return 2;
    }
    if (!check_format(settings, &error)) {
        out << "error: " << error << "\n";
        return 2;
    }
    if (settings.openings) {
        if (!read_openings(*settings.openings, sh.openings, &error)) {
            out << "error: " << error << "\n";
            return 2;
        }
        int start = std::clamp(settings.openings->start, 1, int(sh.openings.size()));
        std::rotate(sh.openings.begin(), sh.openings.begin() + (start - 1), sh.openings.end());
        if (settings.openings->random) {
            std::mt19937_64 rng(*settings.seed);
            std::shuffle(sh.openings.begin(), sh.openings.end(), rng);
        }
    }
    sh.planner = make_planner(settings, int(sh.openings.size()));
    if (sh.planner) {
        sh.total = sh.planner->size();
    } else {
        sh.schedule = Schedule(settings, int(sh.openings.size()));
        sh.total = sh.schedule.size();
    }
    if (!open_outputs(sh, &error)) {
        out << "error: " << error << "\n";
        return 2;
    }
    if (sh.board.games() && sprt_decided(sh)) sh.stop = true;

    if (!sh.planner) {
        play(sh, sh.total, interrupt);
    } else {
        // Round by round: each batch's games depend on the results of those before.
        std::vector<ScheduledGame> batch;
        while (!sh.stop && !interrupt) {
            if (!sh.planner->next(sh.finished, batch, out, &error)) {
                sh.writeError = error;  // the workers are stopped: no lock needed
                break;
            }
            if (batch.empty()) break;
            sh.batch = &batch;
            sh.next = 0;
            play(sh, int64_t(batch.size()), interrupt);
        }
        for (const CrossGame& bye : sh.planner->byes()) sh.board.add_bye(bye.red, bye.round);
        sh.planner->print_result(out);
    }

    std::lock_guard lock(sh.mutex);
    if (!sh.setupError.empty()) {
        // No game said anything about the engines: a summary would only mislead.
        out << "error: the match stopped: " << sh.setupError << std::endl;
        return 2;
    }
    if (interrupt) out << "Interrupted after " << sh.board.games() << " games\n";
    sh.board.print_summary(out, settings.sprt);
    if (!sh.writeError.empty()) {
        out << "error: the match stopped: " << sh.writeError << std::endl;
        return 1;
    }
    if (interrupt) {
        // Not a finished match: a script must not take it for one (128 + SIGINT, as shells do).
        out << "Match interrupted: the games under way were dropped"
            << (settings.resultsOut.empty() ? "" : "; -resume plays them") << std::endl;
        return 130;
    }
    out << "Finished match" << std::endl;
    // The results go to standard output: a failed write there is a failed match too.
    return out ? 0 : 1;
}

}  // namespace chuhe::match
