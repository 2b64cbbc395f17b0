// Knockout brackets (appendix 3 of the CXA 2011 competition rules): the 32 single and 16 double
// elimination tables as worked out by hand from the standard layout (the rules text we have
// lacks the tables themselves), byes to the seeds, and the final's rules of notes (2)-(3).
#include <gtest/gtest.h>

#include <sstream>

#include "match/knockout.h"
#include "match/planner.h"

using namespace chuhe::match;

namespace {

// Plays a bracket in which the better position (the smaller number) always wins; returns each
// match as "NAME a-b" with 1-based positions (0: nobody), in the order of play.
std::vector<std::string> play_out(const std::vector<KnockoutMatch>& bracket, int players) {
    std::vector<int> winner(bracket.size(), -2);
    std::vector<std::string> out;
    for (size_t m = 0; m < bracket.size(); ++m) {
        auto [a, b] = match_players(bracket, winner, int(m), players);
        EXPECT_TRUE(a != -2 && b != -2) << bracket[m].name;
        winner[m] = a < 0 ? b : b < 0 ? a : std::min(a, b);
        out.push_back(bracket[m].name + " " + std::to_string(a + 1) + "-" + std::to_string(b + 1));
    }
    return out;
}

std::vector<std::string> of_round(const std::vector<KnockoutMatch>& bracket, const std::vector<std::string>& played,
                                  int round) {
    std::vector<std::string> out;
    for (size_t m = 0; m < bracket.size(); ++m)
        if (bracket[m].round == round) out.push_back(played[m]);
    return out;
}

}  // namespace

// A planner for three engines a, b and c (indices 0-2), and the games it has been told of.
class KnockoutPlanner : public ::testing::Test {
protected:
    void start(TournamentType type) {
        s.type = type;
        for (const char* name : {"a", "b", "c"}) {
            EngineConfig e;
            e.name = name;
            s.engines.push_back(e);
        }
        planner = make_planner(s, 0);
        ASSERT_TRUE(planner);
    }
    bool next() { return planner->next(done, batch, out, &error); }
    void finish(const ScheduledGame& g, const char* result) {
        FinishedGame f;
        f.number = g.number, f.round = g.round, f.red = g.red, f.black = g.black, f.result = result;
        done[g.number] = f;
    }
    std::string result() const {
        std::ostringstream text;
        planner->print_result(text);
        return text.str();
    }

    TournamentSettings s;
    std::unique_ptr<Planner> planner;
    std::map<int64_t, FinishedGame> done;
    std::vector<ScheduledGame> batch;
    std::ostringstream out;
    std::string error;
};

TEST(Knockout, SingleEliminationFor32) {
    std::vector<KnockoutMatch> b = single_elimination(32);
    ASSERT_EQ(b.size(), 31u);
    std::vector<std::string> played = play_out(b, 32);
    // Positions k and 33-k meet first; 1 and 2 are in different halves, 1-4 in different
    // quarters, the seeds 1-8 in different eighths.
    EXPECT_EQ(of_round(b, played, 1),
              (std::vector<std::string>{"W1.1 1-32", "W1.2 16-17", "W1.3 8-25", "W1.4 9-24", "W1.5 4-29", "W1.6 13-20",
                                        "W1.7 5-28", "W1.8 12-21", "W1.9 2-31", "W1.10 15-18", "W1.11 7-26",
                                        "W1.12 10-23", "W1.13 3-30", "W1.14 14-19", "W1.15 6-27", "W1.16 11-22"}));
    EXPECT_EQ(of_round(b, played, 2), (std::vector<std::string>{"W2.1 1-16", "W2.2 8-9", "W2.3 4-13", "W2.4 5-12",
                                                                "W2.5 2-15", "W2.6 7-10", "W2.7 3-14", "W2.8 6-11"}));
    EXPECT_EQ(of_round(b, played, 3), (std::vector<std::string>{"W3.1 1-8", "W3.2 4-5", "W3.3 2-7", "W3.4 3-6"}));
    EXPECT_EQ(of_round(b, played, 4), (std::vector<std::string>{"W4.1 1-4", "W4.2 2-3"}));
    EXPECT_EQ(of_round(b, played, 5), (std::vector<std::string>{"W5.1 1-2"}));
}

TEST(Knockout, ByesGoToTheSeeds) {
    // 24 entrants in the table for 32: positions 25-32 are empty, so seeds 1-8 have byes.
    EXPECT_EQ(bracket_size(24, false), 32);
    std::vector<KnockoutMatch> b = single_elimination(32);
    std::vector<std::string> played = play_out(b, 24);
    EXPECT_EQ(of_round(b, played, 1),
              (std::vector<std::string>{"W1.1 1-0", "W1.2 16-17", "W1.3 8-0", "W1.4 9-24", "W1.5 4-0", "W1.6 13-20",
                                        "W1.7 5-0", "W1.8 12-21", "W1.9 2-0", "W1.10 15-18", "W1.11 7-0",
                                        "W1.12 10-23", "W1.13 3-0", "W1.14 14-19", "W1.15 6-0", "W1.16 11-22"}));
    EXPECT_EQ(bracket_size(5, true), 8);
    EXPECT_EQ(bracket_size(2, false), 2);
}

TEST(Knockout, DoubleEliminationFor16) {
    std::vector<KnockoutMatch> b = double_elimination(16);
    ASSERT_EQ(b.size(), 15u + 14u + 1u);  // winners' bracket, losers' bracket, final
    std::vector<std::string> played = play_out(b, 16);
    using V = std::vector<std::string>;
    EXPECT_EQ(of_round(b, played, 1), (V{"W1.1 1-16", "W1.2 8-9", "W1.3 4-13", "W1.4 5-12", "W1.5 2-15", "W1.6 7-10",
                                         "W1.7 3-14", "W1.8 6-11"}));
    // The first-round losers meet in pairs of neighbouring matches.
    EXPECT_EQ(of_round(b, played, 2),
              (V{"W2.1 1-8", "W2.2 4-5", "W2.3 2-7", "W2.4 3-6", "L1.1 16-9", "L1.2 13-12", "L1.3 15-10", "L1.4 14-11"}));
    // The second round's losers drop in reversed order: L2.1 takes W2.4's loser.
    EXPECT_EQ(of_round(b, played, 3), (V{"W3.1 1-4", "W3.2 2-3", "L2.1 9-6", "L2.2 12-7", "L2.3 10-5", "L2.4 11-8"}));
    EXPECT_EQ(of_round(b, played, 4), (V{"W4.1 1-2", "L3.1 6-7", "L3.2 5-8"}));
    EXPECT_EQ(of_round(b, played, 5), (V{"L4.1 6-3", "L4.2 5-4"}));
    EXPECT_EQ(of_round(b, played, 6), (V{"L5.1 3-4"}));
    EXPECT_EQ(of_round(b, played, 7), (V{"L6.1 3-2"}));
    EXPECT_EQ(of_round(b, played, 8), (V{"F 1-2"}));
    EXPECT_TRUE(b.back().grandFinal);
}

TEST(Knockout, EncountersAndTheFinal) {
    // An ordinary encounter of one game: a draw plays on, four draws send the better placed on.
    EXPECT_EQ(encounter_winner({2}, 1, false, false), 0);
    EXPECT_EQ(encounter_winner({1}, 1, false, true), -1);
    EXPECT_EQ(encounter_winner({1, 0}, 1, false, true), 1);
    EXPECT_EQ(encounter_winner({1, 1, 1, 1}, 1, false, true), 0);
    EXPECT_EQ(encounter_winner({1, 1, 1, 1}, 1, false, false), 1);
    // Two games: both are played, a level score plays on.
    EXPECT_EQ(encounter_winner({2}, 2, false, true), -1);
    EXPECT_EQ(encounter_winner({2, 1}, 2, false, true), 0);
    EXPECT_EQ(encounter_winner({2, 0}, 2, false, true), -1);
    EXPECT_EQ(encounter_winner({2, 0, 0}, 2, false, true), 1);
    // The final, the winners' bracket player first. Note (2): his first win takes the title;
    // the other must win twice.
    EXPECT_EQ(encounter_winner({2}, 1, true, true), 0);
    EXPECT_EQ(encounter_winner({0}, 1, true, true), -1);
    EXPECT_EQ(encounter_winner({0, 2}, 1, true, true), 0);
    EXPECT_EQ(encounter_winner({0, 0}, 1, true, true), 1);
    EXPECT_EQ(encounter_winner({1, 0, 1, 0}, 1, true, true), 1);
    // Note (3): four draws, the winners' bracket player; the other's 1 win 2 draws, then a draw: his.
    EXPECT_EQ(encounter_winner({1, 1, 1}, 1, true, true), -1);
    EXPECT_EQ(encounter_winner({1, 1, 1, 1}, 1, true, true), 0);
    EXPECT_EQ(encounter_winner({1, 0, 1, 1}, 1, true, true), 1);
    EXPECT_EQ(encounter_winner({1, 1, 1, 0}, 1, true, true), 1);  // not in the text: as 1 win 2 draws
    EXPECT_EQ(encounter_games(1, true), 4);
}

TEST_F(KnockoutPlanner, PlaysRoundByRound) {
    // Three engines, single elimination: 1 has the bye, 2-3 play (red always wins here), then the
    // final; draws play on.
    start(TournamentType::KNOCKOUT);
    ASSERT_TRUE(next()) << error;
    ASSERT_EQ(batch.size(), 1u);
    EXPECT_EQ(std::min(batch[0].red, batch[0].black), 1);  // b against c; a has the bye
    EXPECT_EQ(std::max(batch[0].red, batch[0].black), 2);
    finish(batch[0], "1/2-1/2");
    ASSERT_TRUE(next());
    ASSERT_EQ(batch.size(), 1u);  // the draw plays on, colours swapped
    EXPECT_EQ(batch[0].round, 1);
    finish(batch[0], "1-0");
    int semiWinner = batch[0].red;
    ASSERT_TRUE(next());
    ASSERT_EQ(batch.size(), 1u);
    EXPECT_EQ(batch[0].round, 2);
    EXPECT_EQ(std::min(batch[0].red, batch[0].black), 0);
    EXPECT_EQ(std::max(batch[0].red, batch[0].black), semiWinner);
    finish(batch[0], "0-1");
    int champion = batch[0].black;
    ASSERT_TRUE(next());
    EXPECT_TRUE(batch.empty());
    EXPECT_NE(result().find("Champion: " + s.engines[size_t(champion)].name), std::string::npos) << result();
    EXPECT_NE(out.str().find("Round 1: W1.2"), std::string::npos) << out.str();
}

TEST_F(KnockoutPlanner, DoubleEliminationFinalNeedsTwoWinsFromTheLosersBracket) {
    // Three engines in the table for 4: b beats c, a beats b, b comes back through the losers'
    // bracket (c drops in with the bye of the first losers' round), then wins the final's first
    // game, which only levels it (note (2)), and the second, which takes the title.
    start(TournamentType::DOUBLE_KNOCKOUT);
    int finalGames = 0;
    for (int batches = 0; batches < 20; ++batches) {
        ASSERT_TRUE(next()) << error;
        if (batch.empty()) break;
        for (const ScheduledGame& g : batch) {
            // The smaller index wins, but in the final (round 4) b wins.
            int winner = std::min(g.red, g.black);
            if (g.round == 4) winner = 1, ++finalGames;
            finish(g, winner == g.red ? "1-0" : "0-1");
        }
    }
    EXPECT_TRUE(batch.empty());
    EXPECT_EQ(finalGames, 2);
    const std::string text = result();
    EXPECT_NE(text.find("W1.2: b - c 1-0, b goes through"), std::string::npos) << text;
    EXPECT_NE(text.find("W2.1: a - b 1-0, a goes through"), std::string::npos) << text;
    EXPECT_NE(text.find("L2.1: c - b 0-1, b goes through"), std::string::npos) << text;
    EXPECT_NE(text.find("F: a - b 0-2, b goes through"), std::string::npos) << text;
    EXPECT_NE(text.find("Champion: b"), std::string::npos) << text;
}
