#!/usr/bin/env bash
# Runs every libFuzzer target of a CHUHE_FUZZ build for a fixed time each, two at a time, and
# fails on any finding (crash, sanitizer report, timeout, out of memory). The corpora are
# seeded from the shared data (../shared/data beside the repository) into a work directory at
# run time: nothing is copied into the tree.
#   fuzz/run.sh BUILD_DIR SECONDS [WORK_DIR] [TARGET...]
# CI runs it with 20 s per target; a longer hunt is e.g. fuzz/run.sh build-fuzz 600.
# A finding is saved in WORK_DIR/TARGET/crash-* (or timeout-*, oom-*): make it a test.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: fuzz/run.sh BUILD_DIR SECONDS [WORK_DIR] [TARGET...]}
seconds=${2:?seconds per target}
work=${3:-$build/fuzz-work}
shift $(( $# < 3 ? $# : 3 ))
data=${CHUHE_DATA_DIR:-../shared/data}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fen_fuzz uci_fuzz ucci_fuzz pgn_fuzz xqf_fuzz notation_fuzz engine_output_fuzz results_fuzz)

mkdir -p "$work"
work=$(cd "$work" && pwd)  # absolute paths: the targets run inside their own folders
[ -d "$build" ] || { echo "no build folder $build"; exit 2; }
build=$(cd "$build" && pwd)
seed() {  # seed TARGET: writes the seed corpus of TARGET into $work/TARGET/seeds
  local dir=$work/$1/seeds n=0
  local -
  set +o pipefail  # head ends the pipes below early
  [ -d "$dir" ] && return
  mkdir -p "$dir"
  case $1 in
  fen_fuzz)
    awk 'NR % 500 == 1 { print > ("'"$dir"'/epd" NR) }' "$data/openings/fairy_xiangqi.epd"
    cut -f1 "$data/perft/xiangqi_perft_fsf_tests.tsv" | grep / | head -40 | while read -r f; do n=$((n + 1)); printf '%s' "$f" > "$dir/perft$n"; done ;;
  uci_fuzz | ucci_fuzz)
    local hello=uci; [ "$1" = ucci_fuzz ] && hello=ucci
    awk -v h=$hello 'NR % 1000 == 1 { f = "'"$dir"'/s" NR; print h > f; print "position fen " $1 " " $2 " - - 0 1 moves" > f;
      print "go depth 3" > f; print "isready" > f; print "judge" > f; close(f) }' "$data/openings/fairy_xiangqi.epd"
    printf '%s\nposition startpos moves h2e2 h9g7\ngo wtime 1000 btime 1000\nstop\nbanmoves h0g2\ngo infinite\nponderhit\nstop\n' $hello > "$dir/clock"
    printf '%s\nsetoption name MultiPV value 3\nsetoption Rules chinese\ngo perft 2\nstop\nprobe startpos\nquit\n' $hello > "$dir/options" ;;
  pgn_fuzz)
    for f in "$data"/games/ccpd/ccpd_mate_tactics.pgn "$data"/games/ccpd/ccpd_endgames.pgn "$data"/games/mrxq_testgames/*; do
      [ -f "$f" ] || continue
      awk -v dir="$dir" -v base="$(basename "$f")" '/^\[Game|^\[Event/ && !intag { ++g; intag = 1 } /^[^[]/ { intag = 0 }
        g % 10 == 1 && g <= 200 { print > (dir "/" base "." g) }' "$f"
    done
    cp "$data"/records/walker8088_cchess/*.pgn "$data"/games/eleeye/CCGC/CCGC-01.PGN "$dir"/ ;;
  xqf_fuzz)
    find "$data" -iname '*.xqf' -size -64k -exec cp {} "$dir"/ \; ;;
  notation_fuzz)
    cut -f4 "$data/games/ccpd/ccpd_iccs_verified.tsv" | head -30 | tr ' ' '\n' | head -300 | sort -u |
      while read -r m; do n=$((n + 1)); printf '\000%s' "$m" > "$dir/cn$n"; done
    for m in h2e2 H2-E2 C2.5 C2=5 H8+7 R9+2 Ch3e3 Hg10 P+.6 +++1 "前车进三"; do n=$((n + 1)); printf '\002%s' "$m" > "$dir/m$n"; done ;;
  engine_output_fuzz)
    printf 'info depth 3 score cp 20 pv h2e2 h9g7\nbestmove h2e2 ponder h9g7\n' > "$dir/uci"
    printf 'info depth 3 score 20 pv h2e2\ninfo time 5 nodes 300\nbestmove h2e2 draw\n' > "$dir/ucci"
    printf 'info depth 9 score mate -3 pv b0c2\nbestmove (none)\nnobestmove\nbestmove h3e3 resign\n' > "$dir/mate" ;;
  results_fuzz)
    local header='{"format":"chuhe-match-results","version":1,"config":{"engines":[{"name":"a"},{"name":"b"}]},"shard":"1/1","schedule":4,"pgn_start":-1}'
    printf '%s\n{"game":2,"round":1,"pair":0,"opening":3,"red":"b","black":"a","red_engine":1,"black_engine":0,"result":"0-1","termination":"red loses on time","fen":"x","book":1,"moves":["h2e2","h9g7"],"pgn_end":120}\n{"game":1,' "$header" > "$dir/results" ;;
  esac
}

run() {  # run TARGET: fuzzes for $seconds; the log is $work/TARGET.log
  local t=$1 dir=$work/$1
  mkdir -p "$dir/corpus"
  (cd "$dir" && "$build/$t" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -max_len=8192 \
    -print_final_stats=1 corpus seeds > "$work/$t.log" 2>&1)
}

pids=() names=() failed=0
for t in "${targets[@]}"; do
  [ -x "$build/$t" ] || { echo "no fuzz target $build/$t (configure with -DCHUHE_FUZZ=ON, build target fuzzers)"; exit 2; }
  seed "$t"
  run "$t" & pids+=($!) names+=("$t")
  if [ ${#pids[@]} -ge 2 ]; then
    wait "${pids[0]}" || { echo "FINDING: ${names[0]} (see $work/${names[0]}.log)"; failed=1; }
    pids=("${pids[@]:1}") names=("${names[@]:1}")
  fi
done
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || { echo "FINDING: ${names[$i]} (see $work/${names[$i]}.log)"; failed=1; }
done
for t in "${targets[@]}"; do
  execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$work/$t.log" | grep -o '[0-9]*$' || echo '?')
  files=$(find "$work/$t/corpus" -type f | wc -l)
  printf '%-20s %10s executions, corpus %6s files\n' "$t" "$execs" "$files"
done
if [ $failed -ne 0 ]; then
  for t in "${targets[@]}"; do grep -l -E 'ERROR|deadly signal|Timeout|out-of-memory' "$work/$t.log" > /dev/null && tail -40 "$work/$t.log"; done
  exit 1
fi
