// Protocol faults found by adversarial testing and with real clients (issue 13), both front
// ends driven through pipes. Each test names the fault number it covers.
#include <gtest/gtest.h>

#include <regex>

#include "protocol/engine_process.h"
#include "protocol/output.h"
#include "protocol/parse.h"

namespace chuhe::test {

namespace {

void start_uci(EngineProcess& e) {
    e.send("uci");
    e.read_until("uciok");
}

void start_ucci(EngineProcess& e) {
    e.send("ucci");
    e.read_until("ucciok");
}

// The next line after an isready: "readyok" when the commands before it printed nothing.
std::string next_after_isready(EngineProcess& e) {
    e.send("isready");
    return e.read_line();
}

const std::regex UCI_BEST("bestmove [a-i][0-9][a-i][0-9]( ponder [a-i][0-9][a-i][0-9])?");
const std::regex UCCI_BEST("bestmove [a-i][0-9][a-i][0-9]( ponder [a-i][0-9][a-i][0-9])?( draw| resign)?");

}  // namespace

// Fault 7: a lagging GUI's negative clock still gets a move (UCI).
TEST(ProtocolHardening, UciNegativeClocksStillMove) {
    EngineProcess e;
    start_uci(e);
    e.send("position startpos");
    for (const char* go : {"go wtime -50 btime 1000", "go wtime 1000 btime 1000 winc -20 binc -20", "go movetime -5"}) {
        e.send(go);
        std::vector<std::string> lines = e.read_until("bestmove");
        EXPECT_TRUE(std::regex_match(lines.back(), UCI_BEST)) << go << ": " << lines.back();
        for (const std::string& l : lines) EXPECT_EQ(l.find("error"), std::string::npos) << go << ": " << l;
    }
}

// Fault 7 (UCCI): `go time -1` moves too.
TEST(ProtocolHardening, UcciNegativeClocksStillMove) {
    EngineProcess e;
    start_ucci(e);
    e.send("position startpos");
    for (const char* go : {"go time -1", "go time 5 increment -1 opptime -3 oppincrement -1"}) {
        e.send(go);
        std::vector<std::string> lines = e.read_until("bestmove");
        EXPECT_TRUE(std::regex_match(lines.back(), UCCI_BEST)) << go << ": " << lines.back();
        for (const std::string& l : lines) EXPECT_EQ(l.find("error"), std::string::npos) << go << ": " << l;
    }
}

// Fault 9: echoed input is cut and escaped.
TEST(ProtocolHardening, EchoIsBoundedAndEscaped) {
    EXPECT_EQ(printable(std::string("a\0b\x1b[2Jc", 8)), "a\\x00b\\x1b[2Jc");
    EXPECT_EQ(printable("\xff\xfe ok \xe4\xb8\xad \xe4"), "\\xff\\xfe ok \xe4\xb8\xad \\xe4");
    EXPECT_EQ(printable("\xc0\xaf \xed\xa0\x80"), "\\xc0\\xaf \\xed\\xa0\\x80") << "overlong form, surrogate";
    EXPECT_EQ(printable(std::string(100, 'x'), 10), "xxxxxxxxxx...");
    EXPECT_EQ(printable("\xe4\xb8\xad\xe4\xb8\xad", 4), "\xe4\xb8\xad...") << "cut at a character boundary";
    EXPECT_EQ(quote_input(std::string(1000, 'y')), "'" + std::string(64, 'y') + "...'");

    for (bool ucci : {false, true}) {
        EngineProcess e;
        ucci ? start_ucci(e) : start_uci(e);
        std::string prefix = ucci ? "info message error: " : "info string error: ";
        e.send(std::string(1 << 20, 'z'));
        std::string line = e.read_line();
        EXPECT_EQ(line, prefix + "unknown command '" + std::string(64, 'z') + "...'");
        e.send(std::string("fly\0\x1b[31m\xff", 10));
        EXPECT_EQ(e.read_line(), prefix + "unknown command 'fly\\x00\\x1b[31m\\xff'");
        // A FEN with a multi-byte letter: the reason names its first byte, escaped.
        e.send("position fen \xe8\xbd\xa6" "8/9/9/9/9/9/9/9/9/4K4 w");
        line = e.read_line();
        EXPECT_NE(line.find("unknown piece letter '\\xe8'"), std::string::npos) << line;
        e.send("position fen " + std::string(1 << 20, '9') + " w");
        line = e.read_line();
        EXPECT_LE(line.size(), 600u);
        EXPECT_EQ(line.rfind(prefix + "bad FEN '999", 0), 0u) << line.substr(0, 100);
        for (unsigned char c : line) EXPECT_TRUE(c >= 0x20 && c < 0x7f) << int(c);
    }
}

// Fault 16: UCCILEAG appends " - - 0 1" to a full FEN; the fields past the sixth are ignored,
// and black to move gets a black move.
TEST(ProtocolHardening, FenWithExtraFieldsIsAccepted) {
    const std::string fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR b - - 0 4 - - 0 1";
    for (bool ucci : {false, true}) {
        EngineProcess e;
        ucci ? start_ucci(e) : start_uci(e);
        e.send("position fen " + fen);
        e.send("go depth 3");
        std::vector<std::string> lines = e.read_until("bestmove");
        for (const std::string& l : lines) EXPECT_EQ(l.find("error"), std::string::npos) << l;
        std::string move = lines.back().substr(9, 4);
        EXPECT_GE(move[1], '5') << "a black move from black's half of the board: " << lines.back();
        EXPECT_LE(move[1], '9');
    }
}

// Fault 16: after a refused `position`, go never plays for the other side: it refuses until
// the next good position (documented in the README).
TEST(ProtocolHardening, GoAfterARefusedPositionGivesNoMove) {
    for (bool ucci : {false, true}) {
        EngineProcess e;
        ucci ? start_ucci(e) : start_uci(e);
        std::string prefix = ucci ? "info message error: " : "info string error: ";
        e.send("position startpos moves h2e2");  // black to move
        e.send("position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR q");
        EXPECT_EQ(e.read_line().rfind(prefix + "bad FEN", 0), 0u);
        e.send("go depth 2");
        EXPECT_EQ(e.read_line(), prefix + "no position to search: the last 'position' was refused");
        EXPECT_EQ(e.read_line(), ucci ? "nobestmove" : "bestmove (none)");
        e.send("position fen");  // malformed: refused as well
        e.read_line();
        e.send("go depth 2");
        e.read_line();
        EXPECT_EQ(e.read_line(), ucci ? "nobestmove" : "bestmove (none)");
        e.send("position startpos moves h2e2");
        e.send("go depth 2");
        std::string best = e.read_until("bestmove").back();
        EXPECT_TRUE(std::regex_match(best, ucci ? UCCI_BEST : UCI_BEST)) << best;
        EXPECT_GE(best[10], '5') << "black moves: " << best;
    }
}

// Fault 18: check options take true/false, on/off, 1/0 and yes/no.
TEST(ProtocolHardening, CheckOptionsTakeEveryCommonSpelling) {
    bool v = false;
    for (const char* t : {"true", "on", "1", "yes", "TRUE", "Yes"}) {
        v = false;
        EXPECT_TRUE(parse_check_value(t, &v) && v) << t;
    }
    for (const char* f : {"false", "off", "0", "no", "Off"}) {
        v = true;
        EXPECT_TRUE(parse_check_value(f, &v) && !v) << f;
    }
    EXPECT_FALSE(parse_check_value("2", &v));
    EXPECT_FALSE(parse_check_value("", &v));

    EngineProcess uci;
    start_uci(uci);
    for (const char* value : {"1", "0", "on", "off", "yes", "no"}) {
        uci.send(std::string("setoption name Ponder value ") + value);
        EXPECT_EQ(next_after_isready(uci), "readyok") << value;
        uci.send(std::string("setoption name UCI_ShowWDL value ") + value);
        EXPECT_EQ(next_after_isready(uci), "readyok") << value;
    }
    EngineProcess ucci;
    start_ucci(ucci);
    for (const char* value : {"1", "0", "yes", "no", "on", "off"}) {
        ucci.send(std::string("setoption ponder ") + value);
        EXPECT_EQ(next_after_isready(ucci), "readyok") << value;
        ucci.send(std::string("setoption usemillisec ") + value);
        EXPECT_EQ(next_after_isready(ucci), "readyok") << value;
    }
    ucci.send("setoption ponder maybe");
    EXPECT_EQ(ucci.read_line(), "info message error: option ponder takes true or false");
}

// Fault 19: UCCI puts time and nodes on the PV line, where uci2wb and XBoard read them.
TEST(ProtocolHardening, UcciPvLineCarriesTimeAndNodes) {
    EngineProcess e;
    start_ucci(e);
    e.send("position startpos");
    e.send("go depth 4");
    std::vector<std::string> lines = e.read_until("bestmove");
    std::regex pvLine("info depth \\d+ score -?\\d+ time \\d+ nodes (\\d+) pv( [a-i][0-9][a-i][0-9])+");
    int pvLines = 0;
    for (const std::string& l : lines) {
        std::smatch m;
        if (l.find(" pv ") == std::string::npos) continue;
        ++pvLines;
        ASSERT_TRUE(std::regex_match(l, m, pvLine)) << l;
        EXPECT_GT(std::stoll(m[1]), 1) << l;
    }
    EXPECT_GE(pvLines, 4);
}

}  // namespace chuhe::test
