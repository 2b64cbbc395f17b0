#!/usr/bin/env bash
# Rebuilds books/default.book, the opening book built into the binary, from the CCPD master
# games (../shared/data/games/ccpd, CC BY 4.0, Yu-Han Tseng and Bo-Nian Chen).
# Usage: scripts/book.sh [BUILD_DIR]   (run from the repository root; needs xz;
# CHUHE=path/to/chuhe uses that binary instead of BUILD_DIR/chuhe). Rebuild the binary
# afterwards: the book is compiled in. The same games give the same file byte for byte.
#
# The positions of the first 40 plies; a move stays when at least 3 masters played it and its
# mover scored at least 40% (draws half) with it.
set -euo pipefail
build=${1:-build}
games=../shared/data/games/ccpd/ccpd_master_games.pgn.xz
xz -dc "$games" | "${CHUHE:-$build/chuhe}" book build books/default.book - --plies 40 --min-games 3 --min-score 40
