// One game between two engines, with the runner's clocks and adjudication.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "match/engine.h"
#include "records/game.h"
#include "rules/rule_set.h"

namespace chuhe::match {

struct Adjudication {
    RuleSet rules = RuleSet::ASIAN;
    // Resign: an engine whose own score is at least resignScore below zero for resignMoveCount
    // consecutive moves loses (0 = off).
    int resignMoveCount = 0, resignScore = 0;
    // Draw: after drawMoveNumber full moves, both engines' scores within drawScore of zero for
    // drawMoveCount consecutive moves each (0 = off).
    int drawMoveNumber = 0, drawMoveCount = 0, drawScore = 0;
    int maxMoves = 0;  // full moves before the game is drawn (0 = no limit)
};

struct GameSetup {
    std::string startFen = Position::START_FEN;
    std::vector<Move> openingMoves;  // played before the engines take over
    std::vector<std::pair<std::string, std::string>> tags;  // Event, Site, Round, ... for the record
    bool pvInComments = false;  // each move's comment ends with the engine's PV
};

struct GameResult {
    std::string result = "*";  // "1-0" red wins, "0-1", "1/2-1/2", "*" aborted
    std::string termination;   // why the game ended, in words
    Game record;
    // An engine that never got ready (its first start or handshake failed): no game can be
    // played with it, so the match stops with this reason instead of forfeiting every game.
    std::string setupError;
    bool aborted() const { return result == "*"; }
};

// The rules' verdict after a move: a repetition ruled at its third occurrence (or drawn), the
// natural limit, or a position neither side can win (CXA 4.2.2). False if the game goes on.
// Mate and stalemate are the caller's (no legal move for the side to move).
bool rules_end_game(Position& pos, RuleSet rules, std::string* result, std::string* why);
// The side to move without a legal move loses (checkmated or stalemated).
bool no_move_ends_game(const Position& pos, std::string* result, std::string* why);
// Whether the game is over at pos, and how: no_move_ends_game, else rules_end_game. The one verdict the match runner, data
// generation and the board all give.
bool game_over(Position& pos, RuleSet rules, std::string* result, std::string* why);
// Moves that lose by the rules at once (UCCI's banmoves).
std::vector<Move> moves_losing_by_rule(Position& pos, RuleSet rules);

// Plays a game: engines[RED] has red. Engines that are not running are started first: a
// failure loses the game, or aborts it with setupError when the engine was never ready
// (EngineClient::proven). stop aborts the game between moves.
GameResult play_game(EngineClient* engines[COLOR_NB], const GameSetup& setup, const Adjudication& adj,
                     const std::atomic<bool>& stop);

}  // namespace chuhe::match
