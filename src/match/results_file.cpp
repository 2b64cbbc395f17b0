#include "match/results_file.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>

#include "records/pgn.h"
#include "util/safe_file.h"

namespace chuhe::match {

namespace {

Json strings(const std::vector<std::string>& v) {
    Json a = Json::array();
    for (const std::string& s : v) a.push(s);
    return a;
}

Json engine_config(const EngineConfig& e) {
    Json j = Json::object();
    j.set("name", e.name);
    j.set("cmd", e.command);
    j.set("args", strings(e.args));
    j.set("dir", e.workDir);
    j.set("proto", protocol_name(e.protocol));
    Json options = Json::array();
    for (const auto& [name, value] : e.options) options.push(strings({name, value}));
    j.set("options", options);
    j.set("tc", e.tc.describe());
    j.set("timemargin", e.timeMarginMs);
    return j;
}

// Reads an integer member; false when it is missing, not a whole number or out of range.
bool integer(const Json& j, const char* key, int64_t min, int64_t max, int64_t& out) {
    const Json& v = j[key];
    // Whole numbers a double holds exactly; anything else (1e300, 0.5) is no count of ours.
    if (!v.is_number() || !(std::fabs(v.as_number()) <= 9e15) || v.as_number() != std::floor(v.as_number()))
        return false;
    out = int64_t(v.as_number());
    return out >= min && out <= max;
}

bool parse_game(const Json& j, const ResultsFile& file, FinishedGame& g, std::string* why) {
    auto bad = [&](const std::string& what) {
        *why = what;
        return false;
    };
    int64_t n;
    if (!integer(j, "game", 1, file.scheduleSize, g.number))
        return bad("\"game\" is not a game number from 1 to " + std::to_string(file.scheduleSize));
    if (!integer(j, "round", 1, INT32_MAX, n)) return bad("bad \"round\"");
    g.round = int(n);
    int64_t engines = int64_t(file.engines.size());
    if (!integer(j, "red_engine", 0, engines - 1, n)) return bad("bad \"red_engine\"");
    g.red = int(n);
    if (!integer(j, "black_engine", 0, engines - 1, n) || n == g.red) return bad("bad \"black_engine\"");
    g.black = int(n);
    if (!integer(j, "opening", -1, INT32_MAX, n)) return bad("bad \"opening\"");
    g.opening = int(n);
    if (!integer(j, "pair", -1, INT64_MAX / 2, g.pairId)) return bad("bad \"pair\"");
    if (!integer(j, "book", 0, INT32_MAX, n)) return bad("bad \"book\"");
    g.bookMoves = int(n);
    if (j.has("pgn_end") && !integer(j, "pgn_end", 0, INT64_MAX / 2, g.pgnEnd)) return bad("bad \"pgn_end\"");
    for (auto [key, field] : {std::pair{"red", &g.redName}, {"black", &g.blackName}, {"fen", &g.fen},
                              {"result", &g.result}, {"termination", &g.termination}}) {
        if (!j[key].is_string()) return bad(std::string("\"") + key + "\" is not a string");
        *field = j[key].as_string();
    }
    if (g.result != "1-0" && g.result != "0-1" && g.result != "1/2-1/2")
        return bad("bad \"result\" '" + g.result + "'");
    if (g.redName != file.engines[g.red] || g.blackName != file.engines[g.black])
        return bad("the engine names do not match the header's engines");
    if (!j["moves"].is_array()) return bad("\"moves\" is not an array");
    for (const Json& m : j["moves"].items()) {
        if (!m.is_string()) return bad("\"moves\" holds a value that is not a move");
        g.moves.push_back(m.as_string());
    }
    return true;
}

bool parse_header(const Json& j, ResultsFile& file, std::string* why) {
    if (!j.is_object() || j["format"].as_string() != RESULTS_FORMAT) {
        *why = "not a chuhe match results file (its first line is no results header)";
        return false;
    }
    int64_t version = 0;
    if (!integer(j, "version", 1, 1, version)) {
        *why = "results file version not understood (this chuhe reads version 1)";
        return false;
    }
    const Json& engines = j["config"]["engines"];
    if (!engines.is_array() || engines.items().size() < 2 || !j["shard"].is_string() ||
        !integer(j, "schedule", 0, INT64_MAX / 2, file.scheduleSize) ||
        !integer(j, "pgn_start", -1, INT64_MAX / 2, file.pgnStart)) {
        *why = "malformed results header";
        return false;
    }
    for (const Json& e : engines.items()) file.engines.push_back(e["name"].as_string());
    file.config = j["config"];
    file.shard = j["shard"].as_string();
    file.hasHeader = true;
    return true;
}

}  // namespace

Json match_config(const TournamentSettings& s) {
    Json c = Json::object();
    Json engines = Json::array();
    for (const EngineConfig& e : s.engines) engines.push(engine_config(e));
    c.set("engines", engines);
    c.set("tournament", tournament_name(s.type));
    if (s.type == TournamentType::SWISS)
        c.set("tiebreak", s.swissTieBreaks == TieBreaks::SWISS_OPPONENTS ? "opponents" : "progressive");
    c.set("rounds", s.rounds);
    c.set("games", s.gamesPerEncounter);
    c.set("repeat", s.repeat);
    if (s.openings) {
        Json o = Json::object();
        o.set("file", s.openings->file);
        o.set("format", s.openings->format);
        o.set("order", s.openings->random ? "random" : "sequential");
        o.set("start", s.openings->start);
        o.set("plies", s.openings->plies);
        c.set("openings", o);
    } else {
        c.set("openings", nullptr);
    }
    c.set("srand", std::to_string(s.seed.value_or(0)));  // a string: 64 bits do not fit a JSON number exactly
    const Adjudication& a = s.adjudication;
    c.set("rules", a.rules == RuleSet::CHINESE ? "chinese" : "asian");
    c.set("resign", strings({std::to_string(a.resignMoveCount), std::to_string(a.resignScore)}));
    c.set("draw", strings({std::to_string(a.drawMoveNumber), std::to_string(a.drawMoveCount),
                           std::to_string(a.drawScore)}));
    c.set("maxmoves", a.maxMoves);
    c.set("event", s.event);
    return c;
}

std::string results_header(const TournamentSettings& s, int64_t scheduleSize, int64_t pgnStart) {
    Json h = Json::object();
    h.set("format", RESULTS_FORMAT);
    h.set("version", 1);
    h.set("config", match_config(s));
    h.set("shard", std::to_string(s.shard.index) + "/" + std::to_string(s.shard.count));
    h.set("schedule", scheduleSize);
    h.set("pgn_start", pgnStart);
    return h.dump() + "\n";
}

FinishedGame finished_game(const ScheduledGame& g, const GameResult& r, const TournamentSettings& s) {
    FinishedGame f;
    f.number = g.number;
    f.round = g.round;
    f.red = g.red;
    f.black = g.black;
    f.redName = s.engines[g.red].name;
    f.blackName = s.engines[g.black].name;
    f.opening = g.opening;
    f.pairId = g.pairId;
    f.fen = r.record.startFen;
    for (const auto& m : r.record.moves) {
        f.moves.push_back(Position::move_to_string(m.move));
        f.bookMoves += m.comment == "book";
    }
    f.result = r.result;
    f.termination = r.termination;
    return f;
}

std::string results_line(const FinishedGame& g) {
    Json j = Json::object();
    j.set("game", g.number);
    j.set("round", g.round);
    j.set("pair", g.pairId);
    j.set("opening", g.opening);
    j.set("red", g.redName);
    j.set("black", g.blackName);
    j.set("red_engine", g.red);
    j.set("black_engine", g.black);
    j.set("result", g.result);
    j.set("termination", g.termination);
    j.set("fen", g.fen);
    j.set("book", g.bookMoves);
    j.set("moves", strings(g.moves));
    if (g.pgnEnd >= 0) j.set("pgn_end", g.pgnEnd);
    return j.dump() + "\n";
}

bool read_results_file(const std::string& path, ResultsFile& out, std::string* error) {
    // Only a regular file of a sane size: -resultsout /dev/full read zeros for ever.
    std::string bytes, why;
    if (!read_input_file(path, bytes, &why)) {
        out = ResultsFile{};
        std::string detail = input_error_detail(path, why);
        if (error) *error = "cannot read results file '" + path + "'" + (detail.empty() ? "" : ": " + detail);
        return false;
    }
    return parse_results(bytes, path, out, error);
}

bool parse_results(const std::string& text, const std::string& name, ResultsFile& out, std::string* error) {
    out = ResultsFile{};
    std::set<int64_t> seen;
    size_t at = 0;
    for (int number = 1;; ++number) {
        size_t end = text.find('\n', at);
        if (end == std::string::npos) break;  // nothing left, or a line cut short by a kill
        std::string line = text.substr(at, end - at), why;
        auto fail = [&](const std::string& reason) {
            if (error) *error = name + " line " + std::to_string(number) + ": " + reason;
            return false;
        };
        Json j;
        bool parsed = Json::parse(line, j, &why, 8);
        if (number == 1) {
            if (!parsed) return fail("not a chuhe match results file (its first line is no results header)");
            if (!parse_header(j, out, &why)) return fail(why);
        } else {
            if (!parsed) return fail(why);
            FinishedGame g;
            if (!j.is_object() || !parse_game(j, out, g, &why)) return fail(why);
            if (!seen.insert(g.number).second) return fail("game " + std::to_string(g.number) + " appears twice");
            out.games.push_back(std::move(g));
        }
        at = end + 1;
        out.completeBytes = int64_t(at);
    }
    // Not one whole line: a header cut short, which the runner may start afresh, or some
    // other file, which it must not touch.
    const std::string start = std::string("{\"format\":\"") + RESULTS_FORMAT + "\"";
    if (at == 0 && text.compare(0, start.size(), start, 0, std::min(start.size(), text.size())) != 0) {
        if (error) *error = name + " line 1: not a chuhe match results file (its first line is no results header)";
        return false;
    }
    return true;
}

namespace {

// Why the PGN text of one game is not the game g of the results file ("" when it is).
std::string pgn_game_differs(std::string_view text, const FinishedGame& g) {
    PgnReadResult read = read_pgn(text);
    if (read.games.size() != 1 || !read.errors.empty() || read.gamesSeen != 1)
        return "not one readable game where it should be";
    const Game& p = read.games[0];
    std::string round = std::to_string(g.round) + "." + std::to_string(g.number);
    if (p.tag("Round") != round) return "its Round is '" + p.tag("Round") + "', not " + round;
    std::vector<std::string> moves;
    for (const GameMove& m : p.moves) moves.push_back(Position::move_to_string(m.move));
    auto normal = [](const std::string& fen) {  // as a reader may write it otherwise
        Position pos;
        return pos.set(fen) ? pos.fen() : fen;
    };
    if (normal(p.startFen) != normal(g.fen) || moves != g.moves) return "other moves";
    if (p.result != g.result) return "result " + p.result + ", not " + g.result;
    return "";
}

}  // namespace

bool pgn_matches_results(const std::string& pgn, const ResultsFile& results, std::string* error) {
    auto fail = [&](const std::string& why) {
        if (error) *error = why;
        return false;
    };
    int64_t at = results.pgnStart;
    if (at < 0) return true;  // no PGN file was written
    for (const FinishedGame& g : results.games) {
        if (g.pgnEnd < at)
            return fail("game " + std::to_string(g.number) + " has no place in it (pgn_end " +
                        std::to_string(g.pgnEnd) + ")");
        if (g.pgnEnd > int64_t(pgn.size()))
            return fail("it is shorter than its results file records (" + std::to_string(pgn.size()) +
                        " bytes, not " + std::to_string(g.pgnEnd) + ")");
        std::string why = pgn_game_differs(std::string_view(pgn).substr(size_t(at), size_t(g.pgnEnd - at)), g);
        if (!why.empty()) return fail("game " + std::to_string(g.number) + " of the results file is not there: " + why);
        at = g.pgnEnd;
    }
    if (at > int64_t(pgn.size()))
        return fail("it is shorter than its results file records (" + std::to_string(pgn.size()) + " bytes, not " +
                    std::to_string(at) + ")");
    // After the last recorded game only games of this match the results file lacks (a kill
    // between the two writes, a results file cut back by hand), never another match's.
    std::set<int64_t> recorded;
    for (const FinishedGame& g : results.games) recorded.insert(g.number);
    auto engine = [&](const std::string& name) {
        return std::find(results.engines.begin(), results.engines.end(), name) != results.engines.end();
    };
    for (const Game& p : read_pgn(std::string_view(pgn).substr(size_t(at))).games) {
        std::string round = p.tag("Round");
        int64_t number = std::atoll(round.substr(round.find('.') + 1).c_str());
        if (!engine(p.tag("Red")) || !engine(p.tag("Black")) || round.find('.') == std::string::npos ||
            recorded.count(number))
            return fail("a game after the last one the results file records is not of this match (" + p.tag("Red") +
                        " - " + p.tag("Black") + ", round " + round + ")");
    }
    return true;
}

}  // namespace chuhe::match
