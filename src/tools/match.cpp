#include "tools/match.h"

#include <csignal>
#include <iostream>
#include <sstream>

#include "match/merge.h"

namespace chuhe {

using namespace match;

namespace {

std::atomic<bool> interrupted{false};

extern "C" void on_interrupt(int) { interrupted = true; }

bool parse_int(const std::string& text, int64_t& out, int64_t min, int64_t max) {
    if (text.empty() || text.size() > 18 || text.find_first_not_of("-0123456789") != std::string::npos ||
        text.find('-', 1) != std::string::npos || text == "-")
        return false;
    out = std::stoll(text);
    return out >= min && out <= max;
}

bool parse_double(const std::string& text, double& out) {
    std::istringstream in(text);
    char extra;
    return (in >> out) && !(in >> extra);
}

bool parse_sprt(const std::vector<std::pair<std::string, std::string>>& keys, Sprt& sprt, std::string* error) {
    auto fail = [&](const std::string& why) {
        *error = why;
        return false;
    };
    bool e0 = false, e1 = false;
    for (auto& [k, val] : keys) {
        double d;
        if (!parse_double(val, d)) return fail("bad -sprt value '" + k + "=" + val + "'");
        if (k == "elo0") sprt.elo0 = d, e0 = true;
        else if (k == "elo1") sprt.elo1 = d, e1 = true;
        else if (k == "alpha" && d > 0 && d < 0.5) sprt.alpha = d;
        else if (k == "beta" && d > 0 && d < 0.5) sprt.beta = d;
        else return fail("bad -sprt setting '" + k + "=" + val + "'");
    }
    if (!e0 || !e1 || sprt.elo1 <= sprt.elo0) return fail("-sprt needs elo0 and elo1 with elo1 > elo0");
    return true;
}

// "I/N" with 1 <= I <= N.
bool parse_shard(const std::string& text, Shard& shard) {
    size_t slash = text.find('/');
    int64_t i, n;
    if (slash == std::string::npos || !parse_int(text.substr(0, slash), i, 1, 1000000) ||
        !parse_int(text.substr(slash + 1), n, 1, 1000000) || i > n)
        return false;
    shard = {int(i), int(n)};
    return true;
}

// Applies one key=value of -engine or -each.
bool apply_engine_key(EngineConfig& e, const std::string& key, const std::string& value, std::string* error) {
    auto bad = [&](const std::string& what) {
        *error = "bad engine setting '" + key + "=" + value + "': " + what;
        return false;
    };
    int64_t n = 0;
    if (key == "name") e.name = value;
    else if (key == "cmd") e.command = value;
    else if (key == "dir") e.workDir = value;
    else if (key == "stderr") e.stderrPath = value;
    else if (key == "arg") e.args.push_back(value);
    else if (key == "args") {
        std::istringstream in(value);
        for (std::string a; in >> a;) e.args.push_back(a);
    } else if (key == "proto") {
        if (!parse_protocol(value, e.protocol)) return bad("expected ucci, uci, uci-variant or auto");
    } else if (key == "tc") {
        if (value == "inf") e.tc.baseMs = 0;
        else if (!parse_clock(value, e.tc, error)) return false;
    } else if (key == "st") {
        if (!parse_seconds(value, e.tc.moveTimeMs) || e.tc.moveTimeMs <= 0) return bad("expected seconds per move");
    } else if (key == "depth") {
        if (!parse_int(value, n, 1, 1000)) return bad("expected a depth from 1 to 1000");
        e.tc.depth = int(n);
    } else if (key == "nodes") {
        if (!parse_int(value, n, 1, int64_t(1) << 50)) return bad("expected a positive node count");
        e.tc.nodes = n;
    } else if (key == "timemargin") {
        if (!parse_int(value, n, 0, 3600000)) return bad("expected milliseconds");
        e.timeMarginMs = n;
    } else if (key == "timeout") {
        if (!parse_seconds(value, e.responseTimeoutMs) || e.responseTimeoutMs <= 0) return bad("expected seconds");
    } else if (key == "searchtimeout") {
        if (!parse_seconds(value, e.searchTimeoutMs) || e.searchTimeoutMs <= 0) return bad("expected seconds");
    } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
        e.options.push_back({key.substr(7), value});
    } else
        return bad("unknown key");
    return true;
}

const char* const USAGE = R"(usage: chuhe match -engine KEY=VALUE... -engine KEY=VALUE... [OPTIONS]
engine keys (also for -each, which applies to every engine):
  name=NAME cmd=PROGRAM dir=DIR arg=ARG args="A B" proto=auto|ucci|uci|uci-variant
  tc=[MOVES/]SECONDS[:MOVES/SECONDS...][+INC] st=SECONDS depth=N nodes=N timemargin=MS
  timeout=SECONDS (handshake and isready, default 10)  searchtimeout=SECONDS (a search
  without a clock, depth= or nodes= only, that gives no move in this time hung: default 60)
  option.NAME=VALUE stderr=FILE
options:
  -tournament round-robin|gauntlet|swiss|knockout|double-knockout  -rounds N  -games N
  -tiebreak opponents|progressive (a Swiss's tie-break, 14.3.1 or 14.3.2)  -repeat  -concurrency N
  -openings file=FILE [format=epd|pgn] [order=sequential|random] [start=N] [plies=N]
  -srand N (default: random, printed)  -pgnout FILE [pv=true]  -resultsout FILE (JSON lines)  -resume  -shard I/N
  -event NAME  -rules asian|chinese  -maxmoves N  -ratinginterval N
  -debug (all engine traffic to standard error)
  -sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]
  -resign movecount=N score=CP  -draw movenumber=N movecount=N score=CP
usage: chuhe match merge [-sprt elo0=E0 elo1=E1 [alpha=A] [beta=B]] RESULTS...
  the summary of the games of the results files (-resultsout) of a match's shards
)";

int run_merge(const std::vector<std::string>& args) {
    std::optional<Sprt> sprt;
    std::vector<std::string> files;
    std::string error;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "-sprt") {
            std::vector<std::pair<std::string, std::string>> keys;
            for (; i + 1 < args.size() && args[i + 1].find('=') != std::string::npos && args[i + 1][0] != '-'; ++i)
                keys.push_back({args[i + 1].substr(0, args[i + 1].find('=')),
                                args[i + 1].substr(args[i + 1].find('=') + 1)});
            sprt.emplace();
            if (!parse_sprt(keys, *sprt, &error)) {
                std::cerr << "chuhe match merge: " << error << "\n";
                return 2;
            }
        } else if (args[i].size() > 1 && args[i][0] == '-') {
            std::cerr << "chuhe match merge: unknown option '" << args[i] << "'\n";
            return 2;
        } else {
            files.push_back(args[i]);
        }
    }
    return merge_results(files, sprt, std::cout);
}

}  // namespace

bool parse_match_args(const std::vector<std::string>& args, TournamentSettings& s, std::string* error) {
    std::vector<std::vector<std::pair<std::string, std::string>>> engineKeys;
    std::vector<std::pair<std::string, std::string>> eachKeys;
    bool debug = false;
    auto isPair = [](const std::string& t) { return !t.empty() && t[0] != '-' && t.find('=') != std::string::npos; };
    auto keyValues = [&](size_t& i) {
        std::vector<std::pair<std::string, std::string>> kv;
        while (i + 1 < args.size() && isPair(args[i + 1])) {
            const std::string& t = args[++i];
            size_t eq = t.find('=');
            kv.push_back({t.substr(0, eq), t.substr(eq + 1)});
        }
        return kv;
    };
    auto fail = [&](const std::string& why) {
        *error = why;
        return false;
    };
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&](std::string& out) {
            if (i + 1 >= args.size()) return false;
            out = args[++i];
            return true;
        };
        auto intValue = [&](int& out, int64_t min, int64_t max) {
            std::string v;
            int64_t n;
            if (!value(v) || !parse_int(v, n, min, max)) return false;
            out = int(n);
            return true;
        };
        std::string v;
        if (a == "-engine") engineKeys.push_back(keyValues(i));
        else if (a == "-each") for (auto& kv : keyValues(i)) eachKeys.push_back(kv);
        else if (a == "-tournament") {
            bool known = false, given = value(v);
            for (TournamentType t : {TournamentType::ROUND_ROBIN, TournamentType::GAUNTLET, TournamentType::SWISS,
                                     TournamentType::KNOCKOUT, TournamentType::DOUBLE_KNOCKOUT})
                if (given && v == tournament_name(t)) s.type = t, known = true;
            if (!known) return fail("-tournament takes round-robin, gauntlet, swiss, knockout or double-knockout");
        } else if (a == "-tiebreak") {
            if (!value(v) || (v != "opponents" && v != "progressive"))
                return fail("-tiebreak takes opponents (14.3.1) or progressive (14.3.2)");
            s.swissTieBreaks = v == "opponents" ? TieBreaks::SWISS_OPPONENTS : TieBreaks::SWISS_PROGRESSIVE;
        } else if (a == "-rounds") {
            if (!intValue(s.rounds, 1, 1000000)) return fail("-rounds takes a positive number");
        } else if (a == "-games") {
            if (!intValue(s.gamesPerEncounter, 1, 1000000)) return fail("-games takes a positive number");
        } else if (a == "-concurrency") {
            if (!intValue(s.concurrency, 1, 256)) return fail("-concurrency takes a number from 1 to 256");
        } else if (a == "-repeat") s.repeat = true;
        else if (a == "-debug") debug = true;
        else if (a == "-srand") {
            int64_t n;
            if (!value(v) || !parse_int(v, n, 0, INT64_MAX)) return fail("-srand takes a non-negative number");
            s.seed = uint64_t(n);
        } else if (a == "-pgnout") {
            if (!value(s.pgnOut)) return fail("-pgnout takes a file name");
            for (auto& [k, val] : keyValues(i)) {
                if (k != "pv" || (val != "true" && val != "false"))
                    return fail("bad -pgnout setting '" + k + "=" + val + "' (pv=true or pv=false)");
                s.pgnPv = val == "true";
            }
        } else if (a == "-event") {
            if (!value(s.event)) return fail("-event takes a name");
        } else if (a == "-rules") {
            if (!value(v) || !parse_rule_set(v, &s.adjudication.rules)) return fail("-rules takes asian or chinese");
        } else if (a == "-maxmoves") {
            if (!intValue(s.adjudication.maxMoves, 1, 100000)) return fail("-maxmoves takes a positive number");
        } else if (a == "-ratinginterval") {
            if (!intValue(s.ratingInterval, 0, 1000000)) return fail("-ratinginterval takes a number");
        } else if (a == "-openings") {
            OpeningBook book;
            for (auto& [k, val] : keyValues(i)) {
                int64_t n;
                if (k == "file") book.file = val;
                else if (k == "format") book.format = val;
                else if (k == "order" && (val == "random" || val == "sequential")) book.random = val == "random";
                else if (k == "start" && parse_int(val, n, 1, INT32_MAX)) book.start = int(n);
                else if (k == "plies" && parse_int(val, n, 0, 10000)) book.plies = int(n);
                else return fail("bad -openings setting '" + k + "=" + val + "'");
            }
            if (book.file.empty()) return fail("-openings needs file=FILE");
            s.openings = book;
        } else if (a == "-sprt") {
            Sprt sprt;
            if (!parse_sprt(keyValues(i), sprt, error)) return false;
            s.sprt = sprt;
        } else if (a == "-shard") {
            if (!value(v) || !parse_shard(v, s.shard)) return fail("-shard takes I/N with 1 <= I <= N");
        } else if (a == "-resultsout") {
            if (!value(s.resultsOut)) return fail("-resultsout takes a file name");
        } else if (a == "-resume") {
            s.resume = true;
        } else if (a == "-resign" || a == "-draw") {
            Adjudication& adj = s.adjudication;
            for (auto& [k, val] : keyValues(i)) {
                int64_t n;
                if (!parse_int(val, n, 0, 100000)) return fail("bad " + a + " value '" + k + "=" + val + "'");
                if (a == "-resign" && k == "movecount") adj.resignMoveCount = int(n);
                else if (a == "-resign" && k == "score") adj.resignScore = int(n);
                else if (a == "-draw" && k == "movenumber") adj.drawMoveNumber = int(n);
                else if (a == "-draw" && k == "movecount") adj.drawMoveCount = int(n);
                else if (a == "-draw" && k == "score") adj.drawScore = int(n);
                else return fail("bad " + a + " setting '" + k + "'");
            }
        } else
            return fail("unknown option '" + a + "'");
    }

    if (engineKeys.size() < 2) return fail("at least two -engine are needed");
    s.engines.clear();
    for (const auto& keys : engineKeys) {
        EngineConfig e;
        for (const auto& [k, val] : eachKeys)
            if (!apply_engine_key(e, k, val, error)) return false;
        for (const auto& [k, val] : keys)
            if (!apply_engine_key(e, k, val, error)) return false;
        if (e.command.empty()) return fail("an -engine has no cmd=");
        e.debug = debug;
        if (e.name.empty()) e.name = e.command.substr(e.command.find_last_of('/') + 1);
        if (!e.tc.limited())
            return fail("engine '" + e.name + "' has no time control: give tc=, st=, depth= or nodes=");
        s.engines.push_back(e);
    }
    for (size_t i = 0; i < s.engines.size(); ++i)
        for (size_t j = 0; j < i; ++j)
            if (s.engines[i].name == s.engines[j].name) s.engines[i].name += "-" + std::to_string(i + 1);
    if (s.sprt && s.engines.size() != 2) return fail("-sprt needs exactly two engines");
    if (s.sprt && s.shard.count > 1)
        return fail("-sprt would stop a shard on its own games: merge the shards with 'chuhe match merge -sprt ...'");
    if (s.resume && s.resultsOut.empty()) return fail("-resume needs -resultsout (the file it resumes from)");
    return check_format(s, error);
}

int run_match(const std::vector<std::string>& args) {
    TournamentSettings settings;
    std::string error;
    if (args.empty() || args[0] == "-h" || args[0] == "--help") {
        std::cout << USAGE;
        return args.empty() ? 2 : 0;
    }
    if (args[0] == "merge") return run_merge({args.begin() + 1, args.end()});
    if (!parse_match_args(args, settings, &error)) {
        std::cerr << "chuhe match: " << error << "\n" << USAGE;
        return 2;
    }
    std::signal(SIGINT, on_interrupt);
    return run_tournament(settings, std::cout, interrupted);
}

}  // namespace chuhe
