#!/usr/bin/env bash
# The data engine: self-play training records in finished chunks that outlive a session.
#
# Usage (from the repository root, after a Release build):
#   scripts/datagen_chunks.sh [--chunks K] [--games G] [--threads T] [--nodes N] [-- DATAGEN ARGS...]
#   BINARY=ID   how the binary is named in the MANIFEST (default: the commit of HEAD; give the
#               commit the binary was built from when they differ)
#   CHUHE=PATH  the binary (default build/chuhe; copy it elsewhere first if you go on
#               building: the chunks must come from one binary)
#
# Each chunk is one `chuhe datagen` run of G games (default 2000, about 250k records, 10-20
# minutes of two threads) with a new seed (the time in seconds, checked against the
# MANIFEST). It is written to data/nnue/.partial/ (ignored by git), and only a run that ended by
# itself, or that SIGTERM (or Ctrl-C in a terminal) to this script stopped (datagen then writes every game it
# finished and nothing of the games in play), is finished: its records counted and checked
# (whole 40-byte records), xz-packed, moved into data/nnue/ under its final name and given its
# MANIFEST row (with the games it holds). A chunk that a kill cut short (the session's end,
# SIGKILL) is never finished: the next start reports it as lost, deletes it and goes on with a
# new seed, so nothing in data/nnue/ is ever half-written. Before the session ends, stop the
# script with `kill PID` (SIGTERM, to the script, not to datagen; a script started in the
# background ignores SIGINT), wait for it to end, and commit the finished chunks
# (`git add data/nnue`).
#
# Default datagen arguments: 5000 nodes per move, the fairy_xiangqi.epd openings, 1-2 random
# plies (either colour makes the last random move; a fixed 2 favoured black), 2 threads.
set -euo pipefail
chunks=1000000 games=2000 threads=2 nodes=5000
while [ $# -gt 0 ]; do
  case "$1" in
    --chunks) chunks=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "datagen_chunks.sh: unknown argument '$1' (see the header of $0)" >&2; exit 2 ;;
  esac
done
extra=("$@")
chuhe=${CHUHE:-build/chuhe}
binary=${BINARY:-$(git rev-parse --short HEAD)}
openings=../shared/data/openings/fairy_xiangqi.epd
dir=data/nnue
stage=$dir/.partial
manifest=$dir/MANIFEST.md
[ -x "$chuhe" ] || { echo "datagen_chunks.sh: no binary at $chuhe (build first)" >&2; exit 2; }
[ -f "$openings" ] || { echo "datagen_chunks.sh: no openings at $openings" >&2; exit 2; }
[ -f "$manifest" ] || { echo "datagen_chunks.sh: no $manifest (run from the repository root)" >&2; exit 2; }
mkdir -p "$stage"

# What a cut-short chunk left: its records are lost (a new seed follows), and a finished
# chunk whose MANIFEST row was not yet appended gets it now.
for row in "$stage"/*.row; do
  [ -e "$row" ] || continue
  name=$(basename "$row" .row)
  if [ -f "$dir/$name.rec.xz" ] && ! grep -q "^| $name.rec.xz " "$manifest"; then
    cat "$row" >> "$manifest"
    echo "datagen_chunks.sh: appended the MANIFEST row of $name.rec.xz"
  fi
  rm -f "$row"
done
for part in "$stage"/*; do
  [ -e "$part" ] || continue
  echo "datagen_chunks.sh: $(basename "$part") was cut short by an earlier stop: lost, deleted"
  rm -f "$part"
done

stopping=0
child=
on_signal() {
  stopping=1
  [ -n "$child" ] && kill -INT "$child" 2>/dev/null || true
}
trap on_signal INT TERM

net_desc() {
  for ((i = 0; i < ${#extra[@]}; i++)); do
    if [ "${extra[i]}" = --net ]; then
      echo "net $(basename "${extra[i + 1]}") (sha256 $(sha256sum "${extra[i + 1]}" | cut -c1-16))"
      return
    fi
  done
  echo "the built-in net (nets/default.nnue at $binary, sha256 $(git show "$binary:nets/default.nnue" 2>/dev/null | sha256sum | cut -c1-16))"
}

for ((k = 0; k < chunks && !stopping; k++)); do
  seed=$(date +%s)
  while grep -q -- "--seed $seed " "$manifest"; do seed=$((seed + 1)); done
  name="$(date -u +%Y-%m-%d)-s$seed-selfplay"
  part="$stage/$name.rec"
  args=(datagen "$part" --games "$games" --nodes "$nodes" --threads "$threads" --seed "$seed"
        --openings "$openings" --random-plies 1-2 "${extra[@]}")
  echo "datagen_chunks.sh: chunk $name: $chuhe ${args[*]}"
  start=$(date +%s)
  log="$stage/$name.log"
  "$chuhe" "${args[@]}" 2> >(tee "$log" >&2) &
  child=$!
  # wait returns early (status 128+n) when a trapped signal arrives while the child goes on
  # writing its last games: wait until it has ended, then take its own status.
  while kill -0 "$child" 2>/dev/null; do wait "$child" || true; done
  status=0
  wait "$child" || status=$?
  child=
  if [ "$status" != 0 ]; then
    echo "datagen_chunks.sh: chunk $name failed (status $status): not finished, deleted" >&2
    rm -f "$part" "$log"
    exit 1
  fi
  # Stopped by Ctrl-C/SIGTERM: datagen wrote its finished games; their count is in its log.
  done_games=$games
  if [ "$stopping" = 1 ]; then
    done_games=$(grep -a '^games ' "$log" | tail -1 | cut -d' ' -f2)
    [ -s "$part" ] || { echo "datagen_chunks.sh: chunk $name stopped before its first game: deleted"; rm -f "$part" "$log"; break; }
  fi
  bytes=$(stat -c %s "$part")
  if [ $((bytes % 40)) != 0 ] || [ "$bytes" = 0 ]; then
    echo "datagen_chunks.sh: $part holds $bytes bytes, not whole 40-byte records: deleted" >&2
    rm -f "$part"
    exit 1
  fi
  records=$((bytes / 40))
  seconds=$(($(date +%s) - start))
  sha=$(sha256sum "$part" | cut -d' ' -f1)
  xz -6 -T1 -c "$part" > "$part.xz.tmp"
  stopped=""
  [ "$stopping" = 1 ] && stopped=", stopped by a signal after $done_games games (whole games only)"
  printf '| %s.rec.xz | %s | %s | %s games of self-play by `chuhe %s` (binary %s, %s%s), %s s (%s records/s) |\n' \
    "$name" "$records" "$sha" "$done_games" "datagen OUT ${args[*]:2}" "$binary" "$(net_desc)" "$stopped" \
    "$seconds" "$((records / (seconds > 0 ? seconds : 1)))" > "$stage/$name.row"
  mv "$part.xz.tmp" "$dir/$name.rec.xz"
  cat "$stage/$name.row" >> "$manifest"
  rm -f "$stage/$name.row" "$part" "$log"
  echo "datagen_chunks.sh: finished $dir/$name.rec.xz: $records records in $seconds s"
done
