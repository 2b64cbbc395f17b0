#!/usr/bin/env bash
# Re-fits the evaluation weights from scratch and rewrites src/eval/weights.cpp.
# Usage: scripts/tune.sh [BUILD_DIR] [EPOCHS]   (run from the repository root; needs xz;
# CHUHE=path/to/chuhe uses that binary instead of BUILD_DIR/chuhe)
#
# Data: the CCPD master games (../shared/data/games/ccpd, CC BY 4.0, Yu-Han Tseng and
# Bo-Nian Chen) and Chuhe's own games (scripts/data/chuhe-selfplay-*.pgn.xz: chuhe against
# chuhe builds with other evaluations, from the matches that measured this evaluation). Every
# position after the tenth ply whose side to move is not in check is resolved by a material
# quiescence search and labelled with the game's result; the fit starts from value.h's piece
# values. Both steps are deterministic, so the same build and
# data give the same weights.cpp. Rebuild afterwards: the weights are compiled in.
set -euo pipefail
build=${1:-build}
epochs=${2:-800}
games=../shared/data/games/ccpd/ccpd_master_games.pgn.xz
data=$(mktemp --suffix=.tune)
trap 'rm -f "$data"' EXIT

xz -dc "$games" | "${CHUHE:-$build/chuhe}" tune extract "$data" - \
  <(xz -dc scripts/data/chuhe-selfplay-20261130.pgn.xz) --skip 10 --sample 1 --seed 1
"${CHUHE:-$build/chuhe}" tune fit "$data" --epochs "$epochs" --out src/eval/weights.cpp
