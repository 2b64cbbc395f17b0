#!/usr/bin/env bash
# Retrains the built-in network from its data and rewrites nets/default.nnue.
# Usage: scripts/train_net.sh [BUILD_DIR] [EPOCHS]   (run from the repository root; needs xz;
# CHUHE=path/to/chuhe uses that binary instead of BUILD_DIR/chuhe; THREADS=N, default 2;
# LAST=NAME stops after the chunk whose name starts with NAME, e.g. LAST=2026-12-01f gives
# the data of net 6 when newer chunks exist; NET5_SELFPLAY=0 leaves out the shared net-5
# self-play records (nets 1-5 had none); ARGS="--arch v2" and the like go to chuhe train)
#
# Data, in this order (the trainer is deterministic for a seed and thread count, and the
# order of the records is part of its input):
#   1. ../shared/data/selfplay/: 21,072 games of Chuhe against itself, 5000 nodes per move,
#      with the search score of every move (chuhe datagen convert takes the scores);
#   2. data/nnue/*.rec.xz: training records made by later sessions (see data/nnue/MANIFEST.md),
#      in the order of their names;
#   3. ../shared/data/selfplay/chuhe-net5-selfplay-20261207.rec.xz: 3,880,370 records of net 5
#      against itself (see its SOURCE.txt).
# See nets/README.md for the figures of the committed net.
set -euo pipefail
build=${1:-build}
epochs=${2:-12}
chuhe=${CHUHE:-$build/chuhe}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

xz -dc ../shared/data/selfplay/chuhe-selfplay-5000n-20261201.pgn.xz | "$chuhe" datagen convert "$work/1-shared.rec" -
inputs=("$work/1-shared.rec")
for chunk in data/nnue/*.rec.xz; do
  [ -e "$chunk" ] || continue
  if [ -n "${done:-}" ]; then break; fi
  [[ -n "${LAST:-}" && $(basename "$chunk") == "$LAST"* ]] && done=1
  out="$work/2-$(basename "$chunk" .xz)"
  xz -dc "$chunk" > "$out"
  inputs+=("$out")
done
if [ "${NET5_SELFPLAY:-1}" = 1 ]; then
  xz -dc ../shared/data/selfplay/chuhe-net5-selfplay-20261207.rec.xz > "$work/3-net5-selfplay.rec"
  inputs+=("$work/3-net5-selfplay.rec")
fi
# shellcheck disable=SC2086
"$chuhe" train "${inputs[@]}" --epochs "$epochs" --threads "${THREADS:-2}" ${ARGS:-} --out "$work/net.nnue"
cp "$work/net.nnue" nets/default.nnue
echo "wrote nets/default.nnue; rebuild to build it in"
