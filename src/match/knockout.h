// Knockout brackets (淘汰制, CXA 2011 competition rules, article 10.4 and appendix 3): single
// elimination (the table for 32) and double elimination (the table for 16), and how an encounter
// and the double elimination final are decided.
//
// The rules text we have holds appendix 3's notes but not its tables, so the brackets are the
// standard ones the notes imply, not copies of the tables: positions 1..S (S a power of two) meet
// k against S+1-k in the first round, laid out so that positions 1 and 2 can meet only in the
// final, 1-4 only in the semi-finals, and so on (seeds on positions 1-8, or 1-4, are spread as the
// notes ask, and missing entrants leave byes to them). In the double elimination the losers of a
// winners' round drop into the losers' bracket in reversed order, so that two who met before meet
// again as late as possible. The positions of the tables' losers' bracket codes could not be
// compared.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace chuhe::match {

// Where a player of a match comes from.
struct Slot {
    enum Kind { POSITION, WINNER, LOSER };
    Kind kind = POSITION;
    int index = 0;  // POSITION: the 0-based bracket position; WINNER, LOSER: the match
};

struct KnockoutMatch {
    std::string name;  // "W1.3": winners' bracket round 1, match 3; "L2.1"; "F" the final
    int round = 1;     // the round of play: every match of a round can be played at once
    Slot a, b;
    bool grandFinal = false;  // the double elimination final (appendix 3, notes (2)-(4))
};

// The matches of a bracket of `size` positions (a power of two, single from 2, double from 4),
// in the order of their rounds of play.
std::vector<KnockoutMatch> single_elimination(int size);
std::vector<KnockoutMatch> double_elimination(int size);

// The bracket positions: the smallest power of two that holds the players (at least 2 single,
// 4 double).
int bracket_size(int players, bool doubleElimination);

// The two players of match m (-1: nobody, a bye; -2: not known yet) given the winners of the
// matches before it (winner[i]: a position, -1 nobody, -2 not decided yet). Players are
// positions; position p is occupied when p < players.
std::pair<int, int> match_players(const std::vector<KnockoutMatch>& bracket, const std::vector<int>& winner, int m,
                                  int players);

// The most games an encounter takes.
int encounter_games(int games, bool grandFinal);

// Who won an encounter from the first player's points in its games so far (2 win, 1 draw, 0
// loss): 0 the first, 1 the second, -1 play on. An ordinary encounter plays `games` games, then
// one at a time while the score is level, at most three more (four games in all with -games 1,
// as the final's note (3)); still level, `firstPreferred` says who goes through (the better
// placed: the rules say nothing, and note (3) favours the player with the better record). The
// double elimination final (a: the winners' bracket player) follows notes (2) and (3).
int encounter_winner(const std::vector<int>& firstPoints, int games, bool grandFinal, bool firstPreferred);

}  // namespace chuhe::match
