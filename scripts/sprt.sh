#!/usr/bin/env bash
# Tests a change the way every change to Chuhe is measured: an SPRT of the current build
# against a baseline binary, each opening of the shared book played twice with colours swapped.
#
#   scripts/sprt.sh BASELINE [TC] [ELO0] [ELO1]
#
# BASELINE is a chuhe binary built from the commit to compare against (for example
# `git worktree add /tmp/base main && cmake -S /tmp/base -B /tmp/base/build && cmake --build
# /tmp/base/build`), TC a time control (default 10+0.1), ELO0/ELO1 the SPRT bounds (default 0 5).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 1 ] || [ ! -x "$1" ]; then
  echo "usage: scripts/sprt.sh BASELINE [TC] [ELO0] [ELO1]  (BASELINE: an executable chuhe binary)" >&2
  exit 2
fi
baseline=$1 tc=${2:-10+0.1} elo0=${3:-0} elo1=${4:-5}
[ -x build/chuhe ] || { echo "build/chuhe is missing: build it first (see README)" >&2; exit 2; }

exec build/chuhe match \
  -engine name=new cmd=build/chuhe -engine name=base cmd="$baseline" \
  -each proto=uci tc="$tc" option.Hash=16 \
  -openings file=../shared/data/openings/fairy_xiangqi.epd order=random -srand "$RANDOM" \
  -games 2 -rounds 20000 -repeat -concurrency "$(nproc)" -ratinginterval 20 \
  -pgnout "sprt-$(date +%Y%m%d-%H%M%S).pgn" \
  -sprt elo0="$elo0" elo1="$elo1" alpha=0.05 beta=0.05
