#include "match/tournament.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>

#include "core/movegen.h"
#include "records/pgn.h"
#include "records/record_file.h"

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
        std::ifstream in(book.file);
        if (!in) {
            if (error) *error = "cannot read openings file '" + book.file + "'";
            return false;
        }
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

std::vector<ScheduledGame> make_schedule(const TournamentSettings& s, int openingCount) {
    Schedule schedule(s, openingCount);
    std::vector<ScheduledGame> games;
    for (int64_t i = 0; i < schedule.size(); ++i) games.push_back(schedule.at(i));
    return games;
}

namespace {

// Everything the workers share.
struct Shared {
    Shared(const TournamentSettings& s, std::ostream& o) : settings(s), out(o) {}
    const TournamentSettings& settings;
    std::ostream& out;
    const std::string date = today();
    std::vector<Opening> openings;
    Schedule schedule;
    std::atomic<int64_t> next{0};
    std::atomic<bool> stop{false};
    std::mutex mutex;  // guards everything below and the output
    std::ofstream pgn;
    // results[i][j]: engine i's results against engine j.
    std::vector<std::vector<Results>> results;
    std::map<int64_t, std::pair<int, double>> openPairs;  // pairId -> games seen, first engine's points
    int64_t finished = 0;
    std::string writeError;  // the first failed write of the PGN file
};

double points_for(const std::string& result, bool red) {
    if (result == "1/2-1/2") return 0.5;
    return (result == "1-0") == red ? 1.0 : 0.0;
}

void record_result(Shared& sh, const ScheduledGame& g, const GameResult& r) {
    double redPoints = points_for(r.result, true);
    auto add = [&](Results& res, double points) {
        if (points == 1) ++res.wins;
        else if (points == 0) ++res.losses;
        else ++res.draws;
    };
    add(sh.results[g.red][g.black], redPoints);
    add(sh.results[g.black][g.red], 1 - redPoints);
    if (g.pairId >= 0) {
        // Pair statistics from the lower-numbered engine's point of view.
        int low = std::min(g.red, g.black), high = std::max(g.red, g.black);
        double lowPoints = g.red == low ? redPoints : 1 - redPoints;
        auto& [seen, points] = sh.openPairs[g.pairId];
        points += lowPoints;
        if (++seen == 2) {
            int idx = int(points * 2 + 0.5);
            ++sh.results[low][high].pairs[idx];
            ++sh.results[high][low].pairs[4 - idx];
            sh.openPairs.erase(g.pairId);
        }
    }
}

std::string score_line(const TournamentSettings& s, const Results& r) {
    char buf[256];
    std::snprintf(buf, sizeof buf, "Score of %s vs %s: %d - %d - %d  [%.3f] %d", s.engines[0].name.c_str(),
                  s.engines[1].name.c_str(), r.wins, r.losses, r.draws, r.score(), r.games());
    return buf;
}

std::string pentanomial_line(const Results& r) {
    std::ostringstream o;
    o << "Ptnml(0-2): [" << r.pairs[0] << ", " << r.pairs[1] << ", " << r.pairs[2] << ", " << r.pairs[3] << ", "
      << r.pairs[4] << "]";
    return o.str();
}

void print_summary(Shared& sh) {
    const TournamentSettings& s = sh.settings;
    std::ostream& out = sh.out;
    if (s.engines.size() == 2) {
        const Results& r = sh.results[0][1];
        out << score_line(s, r) << "\n";
        if (r.pair_count()) out << pentanomial_line(r) << "\n";
        out << elo_line(r) << "\n";
        if (s.sprt) out << sprt_line(*s.sprt, r) << "\n";
        return;
    }
    // Standings against the field.
    struct Row {
        int index;
        Results total;
    };
    std::vector<Row> rows;
    for (size_t i = 0; i < s.engines.size(); ++i) {
        Row row{int(i), {}};
        for (const Results& r : sh.results[i]) {
            row.total.wins += r.wins;
            row.total.losses += r.losses;
            row.total.draws += r.draws;
        }
        rows.push_back(row);
    }
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        return a.total.wins + 0.5 * a.total.draws > b.total.wins + 0.5 * b.total.draws;
    });
    char buf[256];
    std::snprintf(buf, sizeof buf, "%4s %-20s %7s %7s %6s %7s %6s", "Rank", "Name", "Elo", "+/-", "Games", "Score",
                  "Draw");
    out << buf << "\n";
    int rank = 0;
    for (const Row& row : rows) {
        EloEstimate e = estimate_elo(row.total);
        int games = row.total.games();
        std::snprintf(buf, sizeof buf, "%4d %-20s %7.1f %7.1f %6d %6.1f%% %5.1f%%", ++rank,
                      s.engines[row.index].name.c_str(), games ? e.elo : 0.0, games ? e.margin : 0.0, games,
                      games ? 100 * row.total.score() : 0.0, games ? 100.0 * row.total.draws / games : 0.0);
        out << buf << "\n";
    }
}

void worker(Shared& sh) {
    const TournamentSettings& s = sh.settings;
    std::vector<std::unique_ptr<EngineClient>> engines;
    for (const EngineConfig& c : s.engines) engines.push_back(std::make_unique<EngineClient>(c, &sh.stop));
    for (;;) {
        int64_t idx = sh.next.fetch_add(1);
        if (idx >= sh.schedule.size() || sh.stop) break;
        const ScheduledGame g = sh.schedule.at(idx);
        const std::string& redName = s.engines[g.red].name;
        const std::string& blackName = s.engines[g.black].name;
        {
            std::lock_guard lock(sh.mutex);
            sh.out << "Started game " << g.number << " of " << sh.schedule.size() << " (" << redName << " vs "
                   << blackName << ")" << std::endl;
        }
        GameSetup setup;
        if (g.opening >= 0) {
            setup.startFen = sh.openings[g.opening].fen;
            setup.openingMoves = sh.openings[g.opening].moves;
        }
        setup.tags = {{"Game", "Chinese Chess"}, {"Event", s.event}, {"Site", "chuhe match"},
                      {"Date", sh.date}, {"Round", std::to_string(g.round) + "." + std::to_string(g.number)}};
        EngineClient* players[COLOR_NB] = {engines[g.red].get(), engines[g.black].get()};
        GameResult r = play_game(players, setup, s.adjudication, sh.stop);
        if (r.aborted()) continue;

        std::lock_guard lock(sh.mutex);
        record_result(sh, g, r);
        ++sh.finished;
        if (sh.pgn.is_open() && sh.writeError.empty()) {
            errno = 0;
            sh.pgn << write_pgn(r.record, Notation::ICCS) << "\n";
            sh.pgn.flush();  // a killed match loses no finished game
            if (!sh.pgn) {
                // A match whose games are not stored is not worth playing on.
                sh.writeError = "cannot write game " + std::to_string(g.number) + " to PGN file '" +
                                s.pgnOut + "'" + (errno ? std::string(": ") + std::strerror(errno) : "");
                sh.out << "error: " << sh.writeError << std::endl;
                sh.stop = true;
            }
        }
        sh.out << "Finished game " << g.number << " (" << redName << " vs " << blackName << "): " << r.result
               << " {" << r.termination << "}" << std::endl;
        if (s.engines.size() == 2) {
            const Results& res = sh.results[0][1];
            sh.out << score_line(s, res) << std::endl;
            if (s.ratingInterval && sh.finished % s.ratingInterval == 0) sh.out << elo_line(res) << std::endl;
            if (s.sprt && s.sprt->decide(res) != Sprt::CONTINUE) sh.stop = true;
        }
    }
    for (auto& e : engines) e->quit();
}

}  // namespace

int run_tournament(const TournamentSettings& settings, std::ostream& out, const std::atomic<bool>& interrupt) {
    Shared sh(settings, out);
    std::string error;
    if (settings.engines.size() < 2) {
        out << "error: a tournament needs at least two engines\n";
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
            std::mt19937_64 rng(settings.seed);
            std::shuffle(sh.openings.begin(), sh.openings.end(), rng);
        }
    }
    if (!settings.pgnOut.empty()) {
        sh.pgn.open(settings.pgnOut, std::ios::app);
        if (!sh.pgn) {
            out << "error: cannot write PGN file '" << settings.pgnOut << "'\n";
            return 2;
        }
    }
    sh.schedule = Schedule(settings, int(sh.openings.size()));
    sh.results.assign(settings.engines.size(), std::vector<Results>(settings.engines.size()));

    int threads = int(std::clamp<int64_t>(settings.concurrency, 1, std::max<int64_t>(sh.schedule.size(), 1)));
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

    std::lock_guard lock(sh.mutex);
    if (interrupt) out << "Interrupted after " << sh.finished << " games\n";
    print_summary(sh);
    if (!sh.writeError.empty()) {
        out << "error: the match stopped: " << sh.writeError << std::endl;
        return 1;
    }
    out << "Finished match" << std::endl;
    // The results go to standard output: a failed write there is a failed match too.
    return out ? 0 : 1;
}

}  // namespace chuhe::match
