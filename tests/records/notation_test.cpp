// Move notation: ICCS, WXF, Chinese and SAN, read and written, against the CCPD games with
// verified ICCS conversions, Fairy-Stockfish's notation cases and hand-made stacked-piece cases.
#include <gtest/gtest.h>

#include <cstring>
#include <iostream>
#include <sstream>

#include "core/movegen.h"
#include "core/position.h"
#include "records/notation.h"
#include "support/data.h"

using namespace chuhe;

namespace {

std::vector<std::string> split_words(const std::string& s) {
    std::vector<std::string> words;
    std::istringstream in(s);
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

// Maps traditional and variant characters to the simplified ones the writer uses.
std::string simplified(const std::string& s) {
    static const std::pair<const char*, const char*> variants[] = {
        {"車", "车"}, {"馬", "马"}, {"帥", "帅"}, {"將", "将"}, {"進", "进"}, {"後", "后"},
        {"俥", "车"}, {"傌", "马"}, {"砲", "炮"}};
    std::string out = s;
    for (auto [from, to] : variants)
        for (size_t p; (p = out.find(from)) != std::string::npos;) out.replace(p, strlen(from), to);
    return out;
}

Position position(const std::string& fen) {
    Position pos;
    std::string error;
    EXPECT_TRUE(pos.set(fen, &error)) << fen << ": " << error;
    return pos;
}

// Fairy-Stockfish writes UCI squares with ranks 1-10; ICCS counts 0-9.
std::string uci_to_iccs(const std::string& uci) {
    std::string out;
    size_t i = 0;
    while (i < uci.size()) {
        out += uci[i++];
        size_t j = i;
        while (j < uci.size() && isdigit(uci[j])) ++j;
        out += std::to_string(std::stoi(uci.substr(i, j - i)) - 1);
        i = j;
    }
    return out;
}

std::string wxf_dots(std::string s) {  // Fairy-Stockfish writes '=' for sideways moves
    for (char& c : s)
        if (c == '=') c = '.';
    return s;
}

}  // namespace

bool names_by_position(const std::string& chinese) {
    for (const char* c : {"前", "中", "后", "後"})
        if (chinese.find(c) != std::string::npos) return true;
    return false;
}

// Every verified CCPD record: its Chinese moves read to exactly its ICCS moves; the ICCS moves
// written back in Chinese read to the same moves and, with the CCPD convention (stacked pieces
// named by file when that is unique; traditional characters), give the same text except for 98
// moves where CCPD itself names a stacked piece by position although its file was unique.
// 8 records start from positions Position::set rejects (a side without king, an advisor or
// elephant off its points); Fairy-Stockfish, which verified them, allows those.
TEST(Notation, CcpdChineseToIccsAndBack) {
    int records = 0, moves = 0, positionNamed = 0, badStart = 0;
    NotationStyle ccpd;
    ccpd.fileWhenUnique = true;
    ccpd.traditional = true;
    for (const auto& row : test::read_tsv("games/ccpd/ccpd_iccs_verified.tsv")) {
        ASSERT_EQ(row.size(), 7u);
        if (row[6] != "1") continue;
        ++records;
        std::vector<std::string> chinese = split_words(row[3]), iccs = split_words(row[4]);
        ASSERT_EQ(chinese.size(), iccs.size()) << row[0];
        Position pos;
        std::string fenError;
        if (!pos.set(row[1], &fenError)) {  // Fairy-Stockfish plays positions without a king
            std::cout << row[0] << ": start position rejected: " << fenError << "\n";
            ++badStart;
            continue;
        }
        for (size_t i = 0; i < chinese.size(); ++i, ++moves) {
            std::string error, where = row[0] + " move " + std::to_string(i + 1);
            Move m = parse_move_text(pos, chinese[i], &error);
            ASSERT_EQ(Position::move_to_string(m), iccs[i]) << where << " " << chinese[i] << ": "
                                                             << error;
            for (Notation n : {Notation::CHINESE, Notation::WXF, Notation::SAN}) {
                std::string text = move_to_text(pos, m, n);
                EXPECT_EQ(parse_move_text(pos, text, &error, 1), m) << where << " " << text;
            }
            std::string written = move_to_text(pos, m, Notation::CHINESE, ccpd);
            EXPECT_EQ(parse_move_text(pos, written), m) << where << " " << written;
            if (written != chinese[i]) {
                EXPECT_TRUE(names_by_position(chinese[i]) && !names_by_position(written))
                    << where << ": wrote " << written << ", CCPD has " << chinese[i];
                ++positionNamed;
            }
            EXPECT_EQ(simplified(move_to_text(pos, m, Notation::CHINESE)),
                      simplified(move_to_text(pos, m, Notation::CHINESE, {})));
            pos.do_move(m);
        }
        EXPECT_EQ(pos.fen().substr(0, pos.fen().find(' ')), row[5].substr(0, row[5].find(' ')))
            << row[0];
    }
    EXPECT_EQ(records, 3709);
    EXPECT_EQ(badStart, 8);  // no king, or an advisor/elephant where it can never stand
    EXPECT_EQ(positionNamed, 98);
    EXPECT_EQ(moves, 145657);
    std::cout << records << " records, " << moves << " moves\n";
}

// Fairy-Stockfish's notation cases (test.py): WXF and SAN with ranks 1-10.
TEST(Notation, FairyStockfishCases) {
    int cases = 0;
    for (const auto& row : test::read_tsv("records/fsf_xiangqi_notation_cases.tsv")) {
        ASSERT_EQ(row.size(), 5u);
        Position pos = position(row[1]);
        std::string iccs = uci_to_iccs(row[2]);
        Move m = pos.parse_move(iccs);
        ASSERT_NE(m, MOVE_NONE) << row[0];
        const std::string& expected = row[4];
        std::string error;
        if (row[3] == "NOTATION_XIANGQI_WXF") {
            EXPECT_EQ(parse_move_text(pos, expected, &error), m) << row[0] << ": " << error;
            std::string written = move_to_text(pos, m, Notation::WXF);
            // Stacked pawns: FSF numbers them ("15=6"); WXF marks front/rear ("P+.6").
            static const std::pair<const char*, const char*> wxfForms[] = {
                {"849", "P+.6"}, {"851", "P5.6"}, {"853", "P-+1"}, {"858", "6-.5"},
                {"860", "4-.5"}};
            std::string want = wxf_dots(expected);
            for (auto [line, form] : wxfForms)
                if (row[0] == line) want = form;
            EXPECT_EQ(written, want) << row[0];
            EXPECT_EQ(parse_move_text(pos, written, &error), m) << row[0] << ": " << error;
        } else {
            ASSERT_EQ(row[3], "NOTATION_DEFAULT(SAN)");
            EXPECT_EQ(parse_move_text(pos, expected, &error, 1), m) << row[0] << ": " << error;
            NotationStyle style;  // ranks 1-10 by default
            EXPECT_EQ(move_to_text(pos, m, Notation::SAN, style), expected) << row[0];
        }
        ++cases;
    }
    EXPECT_EQ(cases, 23);
}

// The extra sequence in the FSF file's header: from the start position.
TEST(Notation, FairyStockfishWxfSequence) {
    Position pos;
    const char* uci[] = {"h3e3", "h10g8", "h1g3", "c10e8", "a1a3", "i10h10"};
    const char* wxf[] = {"C2=5", "H8+7", "H2+3", "E3+5", "R9+2", "R9=8"};
    for (int i = 0; i < 6; ++i) {
        Move m = pos.parse_move(uci_to_iccs(uci[i]));
        ASSERT_NE(m, MOVE_NONE);
        EXPECT_EQ(move_to_text(pos, m, Notation::WXF), wxf_dots(wxf[i]));
        EXPECT_EQ(parse_move_text(pos, wxf[i]), m) << wxf[i];
        pos.do_move(m);
    }
}

TEST(Notation, IccsForms) {
    Position pos;
    Move m = make_move(make_square(7, 2), make_square(4, 2));
    EXPECT_EQ(parse_move_text(pos, "h2e2"), m);
    EXPECT_EQ(parse_move_text(pos, "H2-E2"), m);
    EXPECT_EQ(parse_move_text(pos, "H2E2"), m);
    EXPECT_EQ(parse_move_text(pos, "h3e3", nullptr, 1), m);  // xiangqi UCI ranks 1-10
    EXPECT_EQ(move_to_text(pos, m, Notation::ICCS), "h2e2");
    NotationStyle dash;
    dash.iccsDash = true;
    EXPECT_EQ(move_to_text(pos, m, Notation::ICCS, dash), "H2-E2");
    std::string error;
    EXPECT_EQ(parse_move_text(pos, "h2h7", &error), MOVE_NONE);  // no screen before h7
    EXPECT_FALSE(error.empty());
}

TEST(Notation, ChineseVariantsAndDigits) {
    Position pos;
    Move c25 = pos.parse_move("h2e2");
    for (const char* text : {"炮二平五", "砲二平五", "包二平五", " 炮二平五 "})
        EXPECT_EQ(parse_move_text(pos, text), c25) << text;
    EXPECT_EQ(move_to_text(pos, c25, Notation::CHINESE), "炮二平五");
    pos.do_move(c25);
    Move h87 = pos.parse_move("h9g7");
    for (const char* text : {"马8进7", "馬８進７", "马８进７", "傌8进7"})
        EXPECT_EQ(parse_move_text(pos, text), h87) << text;
    EXPECT_EQ(move_to_text(pos, h87, Notation::CHINESE), "马８进７");
    EXPECT_EQ(move_to_text(pos, h87, Notation::WXF), "H8+7");
    pos.do_move(h87);
    Move r12 = pos.parse_move("i0h0");  // 車一平二
    EXPECT_EQ(parse_move_text(pos, "俥一平二"), r12);
    EXPECT_EQ(parse_move_text(pos, "车一平二"), r12);
    EXPECT_EQ(parse_move_text(pos, "R1.2"), r12);
    EXPECT_EQ(parse_move_text(pos, "r1=2"), r12);
}

TEST(Notation, RejectsWithReason) {
    Position pos;
    std::string error;
    EXPECT_EQ(parse_move_text(pos, "炮二进五", &error), MOVE_NONE);  // h7 holds a cannon, no screen
    error.clear();
    EXPECT_EQ(parse_move_text(pos, "炮二退五", &error), MOVE_NONE);
    EXPECT_NE(error.find("no legal move"), std::string::npos) << error;
    EXPECT_EQ(parse_move_text(pos, "炮二平", &error), MOVE_NONE);
    EXPECT_NE(error.find("4 characters"), std::string::npos) << error;
    EXPECT_EQ(parse_move_text(pos, "马二跳三", &error), MOVE_NONE);
    EXPECT_FALSE(error.empty());
    EXPECT_EQ(parse_move_text(pos, "Z2.5", &error), MOVE_NONE);
    EXPECT_FALSE(error.empty());
    EXPECT_EQ(parse_move_text(pos, "", &error), MOVE_NONE);
    EXPECT_FALSE(error.empty());
}

// Stacked pieces: position words and signs in both notations, written and read.
TEST(Notation, StackedPieces) {
    struct Case {
        const char* fen;
        const char* iccs;
        const char* chinese;
        const char* wxf;
        std::vector<const char*> alsoRead;  // other accepted forms
    };
    // e8..e4 on 五 (e7..e3 would put two uncrossed pawns on one file: impossible, issue 13)
    const char* fivePawns = "5k3/4P4/4P4/4P4/4P4/4P4/9/9/9/3K5 w";
    const char* twoFiles = "5k3/9/4P4/2P1P4/2P1P4/9/9/9/9/3K5 w";      // 3 on 五, 2 on 七
    const char* rooks = "5k3/9/9/9/9/9/9/4R4/9/3KR4 w";                // rooks e2, e0
    const Case cases[] = {
        {fivePawns, "e8e9", "一兵进一", "+++1", {"前兵进一", "15+1"}},
        {fivePawns, "e7d7", "二兵平六", "P+.6", {"二兵平6", "P+=6", "25.6"}},
        {fivePawns, "e6f6", "三兵平四", "P5.4", {"中兵平四", "35.4"}},
        {twoFiles, "e7e8", "前五进一", "5++1", {"前兵五进一", "15+1"}},
        {twoFiles, "e6d6", "中五平六", "55.6", {"中兵平六", "中兵五平六", "25=6"}},
        {twoFiles, "e5f5", "后五平四", "5-.4", {"後五平四", "35.4"}},
        {twoFiles, "c6c7", "前七进一", "7++1", {"17+1"}},
        {twoFiles, "c5b5", "后七平八", "7-.8", {"27.8"}},
        {rooks, "e2e5", "前车进三", "R++3", {"前俥進三", "r++3"}},
        {rooks, "e0f0", "后车平四", "R-.4", {"後車平四", "r-.4"}},
    };
    for (const Case& c : cases) {
        Position pos = position(c.fen);
        Move m = pos.parse_move(c.iccs);
        ASSERT_NE(m, MOVE_NONE) << c.iccs;
        EXPECT_EQ(move_to_text(pos, m, Notation::CHINESE), c.chinese) << c.iccs;
        EXPECT_EQ(move_to_text(pos, m, Notation::WXF), c.wxf) << c.iccs;
        std::string error;
        EXPECT_EQ(parse_move_text(pos, c.chinese, &error), m) << c.chinese << ": " << error;
        EXPECT_EQ(parse_move_text(pos, c.wxf, &error), m) << c.wxf << ": " << error;
        for (const char* text : c.alsoRead)
            EXPECT_EQ(parse_move_text(pos, text, &error), m) << text << ": " << error;
        for (const char* junk : {"++.+1", "R+=+3", "P++", "前前兵进一", "兵兵进一"})
            EXPECT_EQ(parse_move_text(pos, junk), MOVE_NONE) << junk;
    }
}

TEST(Notation, AmbiguousStackedPawns) {
    // Front pawns on 五 and 三 can both go to 四: the file must be named.
    Position pos = position("5k3/9/9/4P1P2/4P1P2/9/9/9/9/3K5 w");
    std::string error;
    EXPECT_EQ(parse_move_text(pos, "前兵平四", &error), MOVE_NONE);
    EXPECT_EQ(error, "'前兵平四' is ambiguous: 2 legal moves fit it");
    EXPECT_EQ(parse_move_text(pos, "前五平四"), pos.parse_move("e6f6"));
    EXPECT_EQ(parse_move_text(pos, "前三平四"), pos.parse_move("g6f6"));
    EXPECT_EQ(move_to_text(pos, pos.parse_move("g6f6"), Notation::CHINESE), "前三平四");
    EXPECT_EQ(move_to_text(pos, pos.parse_move("g6f6"), Notation::WXF), "3+.4");
    // A file with a single rook needs no position word; a missing piece is reported.
    EXPECT_EQ(parse_move_text(pos, "前车进一", &error), MOVE_NONE);
    EXPECT_EQ(error, "'前车进一' names no legal move");
}
