// A hand-made PGN for the book tests: six short games whose counts are easy to work out.
// Game 4 is the mirror image of games 1-2 (b2e2 b9c7 b0c2 against h2e2 h9g7 h0g2); game 5
// has no result.
#pragma once

namespace chuhe::test {

inline constexpr const char* HAND_MADE_PGN =
    "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n[Format \"ICCS\"]\n\n"
    "1. H2-E2 H9-G7 2. H0-G2 I9-H9 1-0\n\n"
    "[Game \"Chinese Chess\"]\n[Result \"0-1\"]\n[Format \"ICCS\"]\n\n"
    "1. H2-E2 H9-G7 2. H0-G2 0-1\n\n"
    "[Game \"Chinese Chess\"]\n[Result \"1/2-1/2\"]\n[Format \"ICCS\"]\n\n"
    "1. H2-E2 B9-C7 1/2-1/2\n\n"
    "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n[Format \"ICCS\"]\n\n"
    "1. B2-E2 B9-C7 2. B0-C2 1-0\n\n"
    "[Game \"Chinese Chess\"]\n[Result \"*\"]\n[Format \"ICCS\"]\n\n"
    "1. C3-C4 *\n\n"
    "[Game \"Chinese Chess\"]\n[Result \"0-1\"]\n[Format \"ICCS\"]\n\n"
    "1. G3-G4 G6-G5 0-1\n";

}  // namespace chuhe::test
