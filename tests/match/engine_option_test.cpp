// Engine options as announced in handshakes (UCI and UCCI wording), their values, and the
// engine client's infinite analysis.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "core/position.h"
#include "match/engine.h"
#include "support/command.h"

using namespace chuhe;
using namespace chuhe::match;

namespace {

EngineOption parsed(const std::string& line, Protocol p) {
    EngineOption o;
    std::string why;
    EXPECT_TRUE(parse_option(line, p, o, &why)) << line << ": " << why;
    return o;
}

TEST(EngineOption, UciLinesWithSpacesInNamesAndDefaults) {
    EngineOption o = parsed("option name Skill Level type spin default 20 min 0 max 20", Protocol::UCI);
    EXPECT_EQ(o.name, "Skill Level");
    EXPECT_EQ(o.type, "spin");
    EXPECT_EQ(o.defaultValue, "20");
    EXPECT_TRUE(o.hasRange);
    EXPECT_EQ(o.min, 0);
    EXPECT_EQ(o.max, 20);

    EngineOption c = parsed("option name Rules type combo default Asian var Asian var Chinese", Protocol::UCI);
    EXPECT_EQ(c.name, "Rules");
    EXPECT_EQ(c.type, "combo");
    EXPECT_EQ(c.defaultValue, "Asian");
    EXPECT_EQ(c.vars, (std::vector<std::string>{"Asian", "Chinese"}));

    EngineOption b = parsed("option name Clear Hash type button", Protocol::UCI);
    EXPECT_EQ(b.name, "Clear Hash");
    EXPECT_EQ(b.type, "button");

    EngineOption s = parsed("option name BookFile type string default <empty>", Protocol::UCI);
    EXPECT_EQ(s.defaultValue, "");
    EngineOption path = parsed("option name NNUE File type string default my nets/a b.nnue", Protocol::UCI);
    EXPECT_EQ(path.name, "NNUE File");
    EXPECT_EQ(path.defaultValue, "my nets/a b.nnue");
}

TEST(EngineOption, UcciLinesInTheirOwnOrder) {
    EngineOption o = parsed("option hashsize type spin min 0 max 1024 default 16", Protocol::UCCI);
    EXPECT_EQ(o.name, "hashsize");
    EXPECT_EQ(o.type, "spin");
    EXPECT_EQ(o.min, 0);
    EXPECT_EQ(o.max, 1024);
    EXPECT_EQ(o.defaultValue, "16");
    EngineOption c = parsed("option randomness type combo default none var none var tiny var huge", Protocol::UCCI);
    EXPECT_EQ(c.vars, (std::vector<std::string>{"none", "tiny", "huge"}));
    EXPECT_EQ(parsed("option newgame type button", Protocol::UCCI).type, "button");
}

TEST(EngineOption, MalformedLinesAreRefusedWithAReason) {
    EngineOption o;
    std::string why;
    EXPECT_FALSE(parse_option("option", Protocol::UCI, o, &why));
    EXPECT_FALSE(parse_option("option name X", Protocol::UCI, o, &why));
    EXPECT_NE(why.find("no known type"), std::string::npos) << why;
    EXPECT_FALSE(parse_option("option name X type spin min low max 3", Protocol::UCI, o, &why));
    EXPECT_NE(why.find("not a number"), std::string::npos) << why;
    EXPECT_FALSE(parse_option("option name X type dial", Protocol::UCI, o, &why));
    // Numbers beyond 64 bits are refused, not thrown.
    EXPECT_FALSE(parse_option("option name X type spin min 0 max 9999999999999999999", Protocol::UCI, o, &why));
    EXPECT_FALSE(parse_option("id name X", Protocol::UCI, o, &why));
    // A spin whose min is above its max has no usable range.
    EXPECT_TRUE(parse_option("option name X type spin min 5 max 1", Protocol::UCI, o, &why));
    EXPECT_FALSE(o.hasRange);
}

TEST(EngineOption, ValuesAreCheckedAgainstTheAnnouncement) {
    struct Case {
        const char* option;
        std::string value;
        bool ok;
        std::string after;  // the value as sent (ok) or the reason (refused)
    };
    const char* spin = "option name Skill Level type spin default 20 min 0 max 20";
    const char* check = "option name OwnBook type check default true";
    const char* combo = "option name Style type combo default Normal var Solid var Normal";
    for (const Case& c : std::vector<Case>{
             {spin, "7", true, "7"},
             {spin, "21", false, "option Skill Level: takes an integer from 0 to 20"},
             {spin, "3 ", false, "option Skill Level: takes an integer"},
             {check, "FALSE", true, "false"},
             {check, "maybe", false, "option OwnBook: takes true or false"},
             {combo, "solid", true, "Solid"},  // as announced
             {combo, "Wild", false, "option Style: takes one of Solid, Normal"},
         }) {
        std::string v = c.value, why;
        EXPECT_EQ(check_option_value(parsed(c.option, Protocol::UCI), v, &why), c.ok) << c.option << " = " << c.value;
        EXPECT_EQ(c.ok ? v : why, c.after);
    }
    std::string v, why;
    // Nothing may smuggle a second command onto the engine's input.
    EngineOption text = parsed("option name Name type string default x", Protocol::UCI);
    v = "a\nquit";
    EXPECT_FALSE(check_option_value(text, v, &why));
    EXPECT_NE(why.find("control characters"), std::string::npos);
    EXPECT_EQ(setoption_line(Protocol::UCI, "Skill Level", "5"), "setoption name Skill Level value 5");
    EXPECT_EQ(setoption_line(Protocol::UCCI, "level", "5"), "setoption level 5");
}

// The options in Chuhe's own handshakes, as the real binary prints them.
TEST(EngineOption, ChuhesHandshakesParseCompletely) {
    for (auto [command, protocol] : {std::pair{"uci", Protocol::UCI}, std::pair{"ucci", Protocol::UCCI}}) {
        auto r = test::run_command("printf '" + std::string(command) + "\\nquit\\n' | " CHUHE_BINARY);
        ASSERT_EQ(r.status, 0);
        std::istringstream in(r.out);
        int lines = 0;
        std::map<std::string, EngineOption> byName;
        for (std::string line; std::getline(in, line);)
            if (line.rfind("option ", 0) == 0) {
                ++lines;
                EngineOption o = parsed(line, protocol);
                byName[o.name] = o;
            }
        EXPECT_GE(lines, 15) << command;
        EXPECT_EQ(int(byName.size()), lines);
        const char* level = protocol == Protocol::UCI ? "Skill Level" : "level";
        const char* book = protocol == Protocol::UCI ? "OwnBook" : "usebook";
        ASSERT_TRUE(byName.count(level)) << command;
        EXPECT_EQ(byName[level].type, "spin");
        EXPECT_EQ(byName[level].min, 0);
        EXPECT_EQ(byName[level].max, 20);
        ASSERT_TRUE(byName.count(book));
        EXPECT_EQ(byName[book].type, "check");
        if (protocol == Protocol::UCI) {
            EXPECT_EQ(byName["UCI_Elo"].type, "spin");
            EXPECT_EQ(byName["Book Variety"].type, "spin");
        }
    }
}

EngineConfig fake(const std::string& mode, Protocol p, const std::string& log = "") {
    EngineConfig e;
    e.name = "fake";
    e.command = CHUHE_FAKE_ENGINE;
    e.args = {mode, "0"};
    if (!log.empty()) e.args.push_back(log);
    e.protocol = p;
    e.responseTimeoutMs = 2000;
    return e;
}

TEST(EngineOption, TheClientKeepsTheAnnouncedOptionsAndSetsChosenOnes) {
    for (Protocol p : {Protocol::AUTO, Protocol::UCI}) {
        std::string log = testing::TempDir() + "/engine_option_log.txt";
        std::remove(log.c_str());
        EngineConfig c = fake("good", p, log);
        // Each protocol's own name, in any case: it goes out as announced.
        c.options = {{p == Protocol::AUTO ? "LEVEL" : "skill level", "3"}};
        EngineClient client(c);
        std::string error;
        ASSERT_TRUE(client.start(&error)) << error;
        const auto& options = client.announced_options();
        ASSERT_EQ(options.size(), 6u);
        // AUTO finds UCCI first: the fake answers it, with UCCI's one-word names.
        bool ucci = client.protocol() == Protocol::UCCI;
        EXPECT_EQ(ucci, p == Protocol::AUTO);
        EXPECT_EQ(options[0].name, ucci ? "level" : "Skill Level");
        EXPECT_EQ(options[0].max, 20);
        EXPECT_EQ(options[2].vars.size(), 3u);
        EXPECT_EQ(options[3].type, "button");
        client.quit();
        std::ifstream in(log);
        std::stringstream text;
        text << in.rdbuf();
        EXPECT_NE(text.str().find(ucci ? "setoption level 3\nisready" : "setoption name Skill Level value 3\nisready"),
                  std::string::npos)
            << text.str();
    }
}

// The start's error for chuhe (in protocol p) given options, "" when it starts.
std::string start_error(Protocol p, const std::vector<std::pair<std::string, std::string>>& options) {
    EngineConfig c;
    c.name = "chuhe";
    c.command = CHUHE_BINARY;
    c.protocol = p;
    c.options = options;
    c.responseTimeoutMs = 10000;
    EngineClient client(c);
    std::string error;
    bool started = client.start(&error);
    client.quit();
    return started ? "" : error;
}

// An option the engine does not announce in the protocol it speaks was dropped: proto=auto
// picks UCCI for Chuhe, which has no UCI_Elo, and the engine played at full strength.
TEST(EngineOption, TheClientRefusesOptionsTheEngineDoesNotAnnounce) {
    std::string uciElo = start_error(Protocol::AUTO, {{"UCI_Elo", "1000"}});
    EXPECT_EQ(uciElo.rfind("chuhe: option UCI_Elo=1000: not among the options it announces in ucci (the protocol "
                           "proto=auto found it speaks): usemillisec, ",
                           0),
              0u)
        << uciElo;
    EXPECT_NE(uciElo.find(", level, "), std::string::npos) << uciElo;
    EXPECT_EQ(start_error(Protocol::UCCI, {{"Use NNUE", "false"}}).rfind(
                  "chuhe: option Use NNUE=false: not among the options it announces in ucci: ", 0),
              0u);
    // In UCI both are Chuhe's, and names are read in any case.
    EXPECT_EQ(start_error(Protocol::UCI, {{"uci_elo", "1000"}, {"Use NNUE", "false"}, {"hash", "4"}}), "");
    EXPECT_EQ(start_error(Protocol::AUTO, {{"usennue", "false"}, {"hashsize", "4"}}), "");
}

// Values outside the announcement were sent anyway and ignored by the engine (with an error
// line nobody read); they fail the start with the announcement's terms.
TEST(EngineOption, TheClientRefusesValuesOutsideTheAnnouncement) {
    const std::pair<std::pair<std::string, std::string>, std::string> cases[] = {
        {{"Hash", "0"}, "chuhe: option Hash=0: takes an integer from 1 to "},
        {{"Threads", "999"}, "chuhe: option Threads=999: takes an integer from 1 to 256"},
        {{"UCI_Elo", "5000"}, "chuhe: option UCI_Elo=5000: takes an integer from "},
        {{"Rules", "martian"}, "chuhe: option Rules=martian: takes one of Asian, Chinese"},
        {{"Use NNUE", "maybe"}, "chuhe: option Use NNUE=maybe: takes true or false"},
    };
    for (const auto& [option, reason] : cases) {
        std::string error = start_error(Protocol::UCI, {option});
        EXPECT_EQ(error.rfind(reason, 0), 0u) << option.first << ": " << error;
    }
}

// A value the engine itself refuses (a net file that is not there) fails the start with the
// engine's own error line, in either protocol's form.
TEST(EngineOption, TheClientFailsOnTheEnginesErrorReply) {
    EXPECT_EQ(start_error(Protocol::UCI, {{"EvalFile", "/nonexistent/x.nnue"}}),
              "chuhe: option EvalFile=/nonexistent/x.nnue: the engine refused it: error: cannot open net file "
              "'/nonexistent/x.nnue'; the current net stays");
    EXPECT_EQ(start_error(Protocol::UCCI, {{"evalfile", "/nonexistent/x.nnue"}}),
              "chuhe: option evalfile=/nonexistent/x.nnue: the engine refused it: error: cannot open net file "
              "'/nonexistent/x.nnue'; the current net stays");
    std::string text;
    EXPECT_TRUE(is_error_reply("info string error: no such option 'x'", &text));
    EXPECT_EQ(text, "error: no such option 'x'");
    EXPECT_TRUE(is_error_reply("info message error: hashsize takes megabytes", &text));
    EXPECT_TRUE(is_error_reply("No such option: Foo", &text));
    EXPECT_FALSE(is_error_reply("info depth 3 score cp 12 pv h2e2", &text));
    EXPECT_FALSE(is_error_reply("info string book move h2e2", &text));
}

TEST(EngineOption, InfiniteAnalysisStreamsLinesUntilStopped) {
    EngineConfig c = fake("good", Protocol::UCI);
    c.options = {{"MultiPV", "3"}};
    EngineClient client(c);
    std::string error;
    ASSERT_TRUE(client.start(&error)) << error;
    Position pos;
    std::vector<std::pair<int, std::string>> lines;
    int quiet = 0;
    SearchResult r = client.analyse(pos, Position::START_FEN, {}, [&](const SearchResult* info) {
        if (info) lines.emplace_back(info->multiPV, info->pv);
        else ++quiet;
        return quiet < 2;  // stop after half a second of quiet
    });
    EXPECT_EQ(r.status, SearchResult::MOVE) << r.reply;
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0].first, 1);
    EXPECT_EQ(lines[2].first, 3);
    EXPECT_NE(lines[0].second, lines[1].second);
    EXPECT_EQ(Position::move_to_string(r.move), lines[0].second);
    EXPECT_TRUE(client.running());
    client.quit();

    // An engine that never answers stop is killed within about a second.
    EngineClient hang(fake("hang", Protocol::UCI));
    ASSERT_TRUE(hang.start(&error)) << error;
    auto t0 = SteadyClock::now();
    SearchResult h = hang.analyse(pos, Position::START_FEN, {}, [](const SearchResult*) { return false; });
    EXPECT_EQ(h.status, SearchResult::CRASHED);
    EXPECT_LT(SteadyClock::now() - t0, std::chrono::seconds(3));
    EXPECT_FALSE(hang.running());
}

}  // namespace
