#include "match/game.h"

#include <cstdio>
#include <cstdlib>

#include "core/movegen.h"
#include "eval/endgame.h"
#include "rules/natural_limit.h"
#include "rules/repetition.h"

namespace chuhe::match {

namespace {

const char* side_name(Color c) { return c == RED ? "red" : "black"; }

std::string win_for(Color c) { return c == RED ? "1-0" : "0-1"; }

// The record's comment for a move, as fastchess writes it: score (pawns, from the mover's
// view) / depth and time, then the nodes and, when asked, the PV:
// "+0.35/12 0.120s, n=53211, pv=\"h2e2 h9g7\"".
std::string move_comment(const SearchResult& r, bool withPv) {
    char buf[64];
    if (!r.hasScore) {
        std::snprintf(buf, sizeof buf, "%.3fs", r.elapsedMs / 1000.0);
    } else if (std::abs(r.score) >= 90000) {
        int plies = 100000 - std::abs(r.score);
        std::snprintf(buf, sizeof buf, "%sM%d/%d %.3fs", r.score > 0 ? "+" : "-", (plies + 1) / 2, r.depth,
                      r.elapsedMs / 1000.0);
    } else {
        std::snprintf(buf, sizeof buf, "%+.2f/%d %.3fs", r.score / 100.0, r.depth, r.elapsedMs / 1000.0);
    }
    std::string c = buf;
    if (r.nodes >= 0) c += ", n=" + std::to_string(r.nodes);
    if (withPv && !r.pv.empty()) c += ", pv=\"" + r.pv + "\"";
    return c;
}

}  // namespace

std::vector<Move> moves_losing_by_rule(Position& pos, RuleSet rules) {
    std::vector<Move> banned;
    for (Move m : MoveList::of<LEGAL>(pos))
        if (loses_by_rule(pos, m, rules)) banned.push_back(m);
    return banned;
}

bool rules_end_game(Position& pos, RuleSet rules, std::string* result, std::string* why) {
    auto end = [&](const char* r, const char* w) {
        *result = r;
        *why = w;
        return true;
    };
    if (int previous = find_repetition(pos); previous >= 0 && occurrence_before(pos, previous) >= 0) {
        switch (rule_cycle(pos, rules)) {
        case Ruling::RED_LOSES: return end("0-1", "red loses by the repetition rules");
        case Ruling::BLACK_LOSES: return end("1-0", "black loses by the repetition rules");
        default: return end("1/2-1/2", "draw by repetition");
        }
    }
    if (natural_limit_reached(pos)) return end("1/2-1/2", "draw by the 60-move rule");
    // CXA 4.2.2: 雙方均無取勝可能的簡單局勢 (a simple position in which neither side can win).
    if (neither_side_can_win(pos)) return end("1/2-1/2", "draw: neither side can win (CXA 4.2.2)");
    return false;
}

bool no_move_ends_game(const Position& pos, std::string* result, std::string* why) {
    if (MoveList::of<LEGAL>(pos).size() != 0) return false;
    Color us = pos.side_to_move();
    *result = win_for(~us);
    *why = std::string(side_name(us)) + (pos.in_check() ? " is checkmated" : " is stalemated");
    return true;
}

bool game_over(Position& pos, RuleSet rules, std::string* result, std::string* why) {
    return no_move_ends_game(pos, result, why) || rules_end_game(pos, rules, result, why);
}

GameResult play_game(EngineClient* engines[COLOR_NB], const GameSetup& setup, const Adjudication& adj,
                     const std::atomic<bool>& stop) {
    GameResult out;
    Game& record = out.record;
    record.tags = setup.tags;
    record.set_tag("Red", engines[RED]->config().name);
    record.set_tag("Black", engines[BLACK]->config().name);
    record.startFen = setup.startFen;

    Position pos;
    std::string error;
    auto finish = [&](const std::string& result, const std::string& why) {
        out.result = record.result = result;
        out.termination = why;
        record.set_tag("Termination", why);
        return out;
    };
    if (!pos.set(setup.startFen, &error)) return finish("*", "bad opening position: " + error);
    std::vector<Move> moves;
    for (Move m : setup.openingMoves) {
        if (!MoveList::of<LEGAL>(pos).contains(m)) return finish("*", "illegal opening move " + Position::move_to_string(m));
        pos.do_move(m);
        moves.push_back(m);
        record.moves.push_back({m, "book"});
    }
    record.set_tag("TimeControl", engines[RED]->config().tc.describe());

    for (Color c : {RED, BLACK}) {
        EngineClient& e = *engines[c];
        // A stop (Ctrl-C) during the handshake is no fault of the engine; an engine that was
        // never ready cannot play at all, and forfeiting every game would pass for a result.
        auto not_ready = [&](const std::string& what) {
            if (stop) return finish("*", "match stopped");
            std::string why = std::string(side_name(c)) + " engine " + what + ": " + error;
            if (e.proven()) return finish(win_for(~c), why);
            out.setupError = "engine " + error + " (before its first game)";
            return finish("*", why);
        };
        if (!e.running() && !e.start(&error)) return not_ready("failed to start");
        if (!e.new_game(&error)) return not_ready("did not get ready");
    }

    Clock clocks[COLOR_NB] = {Clock(engines[RED]->config().tc, engines[RED]->config().timeMarginMs),
                              Clock(engines[BLACK]->config().tc, engines[BLACK]->config().timeMarginMs)};
    int losingStreak[COLOR_NB] = {0, 0}, drawStreak = 0;
    bool drawOffered = false;

    for (;;) {
        if (stop) return finish("*", "match stopped");
        Color us = pos.side_to_move();
        const char* who = side_name(us);
        if (std::string result, why; no_move_ends_game(pos, &result, &why)) return finish(result, why);

        std::vector<Move> banned;
        if (engines[us]->protocol() == Protocol::UCCI) banned = moves_losing_by_rule(pos, adj.rules);
        SearchResult r = engines[us]->go(pos, setup.startFen, moves, clocks[us], clocks[~us], banned, drawOffered);
        if (stop) return finish("*", "match stopped");
        std::string engine = std::string(who) + " engine (" + engines[us]->config().name + ")";
        switch (r.status) {
        case SearchResult::CRASHED: return finish(win_for(~us), engine + " crashed: " + r.reply);
        case SearchResult::TIMEOUT:
            if (clocks[us].allowance_ms() < 0) return finish(win_for(~us), engine + " hung: " + r.reply);
            return finish(win_for(~us), std::string(who) + " loses on time");
        case SearchResult::ILLEGAL: return finish(win_for(~us), engine + " played an illegal move: " + r.reply);
        case SearchResult::NO_MOVE: return finish(win_for(~us), engine + " gave no move: " + r.reply);
        case SearchResult::MOVE: break;
        }
        if (!clocks[us].charge(r.elapsedMs)) return finish(win_for(~us), std::string(who) + " loses on time");
        if (r.resigns) return finish(win_for(~us), std::string(who) + " resigns");
        if (drawOffered && r.offersDraw) return finish("1/2-1/2", "draw by agreement");
        drawOffered = r.offersDraw;

        pos.do_move(r.move);
        moves.push_back(r.move);
        record.moves.push_back({r.move, move_comment(r, setup.pvInComments)});

        // Adjudication by the rules, before the engines' scores are looked at.
        if (std::string result, why; rules_end_game(pos, adj.rules, &result, &why)) return finish(result, why);

        // Adjudication by the engines' scores.
        int fullMoves = int(moves.size()) / 2;
        if (adj.resignMoveCount && r.hasScore) {
            losingStreak[us] = r.score <= -adj.resignScore ? losingStreak[us] + 1 : 0;
            if (losingStreak[us] >= adj.resignMoveCount)
                return finish(win_for(~us), std::string(who) + "'s score is hopeless (resign adjudication)");
        }
        if (adj.drawMoveCount) {
            drawStreak = r.hasScore && std::abs(r.score) <= adj.drawScore ? drawStreak + 1 : 0;
            if (fullMoves >= adj.drawMoveNumber && drawStreak >= 2 * adj.drawMoveCount)
                return finish("1/2-1/2", "draw adjudication: both scores near zero");
        }
        if (adj.maxMoves && fullMoves >= adj.maxMoves) return finish("1/2-1/2", "draw: maximum game length");
    }
}

}  // namespace chuhe::match
