#!/usr/bin/env bash
# Tells two nets apart: a candidate net against the binary's built-in net, in the same binary,
# an SPRT at 10+0.1 s, and the result as a row of nets/README.md's gauntlet table.
#
#   scripts/net_gauntlet.sh NET [NAME]      (from the repository root, after a Release build)
#
# NAME (default: the net file's name without .nnue) names the engine, the results file
# RUNS/gauntlet-NAME.jsonl (RUNS default ../runs, outside the repository) and the table row.
# The same command resumes a stopped run (`-resume`: the finished games are kept).
# Environment: CHUHE (binary, default build/chuhe; copy it elsewhere if you go on building),
# TC (default 10+0.1), LIMIT (instead of TC, a fixed budget per move such as nodes=20000: a
# screen that the load on the machine cannot bias, for nets of one shape and speed only;
# net 6 against net 5 gave +85.0 +/- 29.1 at nodes=20000 and +89.5 +/- 28.0 at 10+0.1), ELO0/ELO1 (default 0/10), CONCURRENCY (default 2: run nothing else
# heavy beside it; stop datagen with kill -STOP and -CONT), SEED (default 20261207),
# ROUNDS (opening pairs at most, default 1000), OPTIONS (more -each keys, e.g.
# "option.Threads=1"), BASE_NET (a net file for the baseline instead of the built-in one).
#
# Openings: fairy_xiangqi.epd in random order, each played twice with colours swapped; the
# adjudication of every match in nets/README.md: resign after 4 moves at 1000 or more, draw
# from move 80 after 10 moves within 10.
set -euo pipefail
if [ $# -lt 1 ] || [ ! -f "$1" ]; then
  echo "usage: scripts/net_gauntlet.sh NET [NAME]   (NET: a net file; see the header of $0)" >&2
  exit 2
fi
net=$(readlink -f "$1")
name=${2:-$(basename "$1" .nnue)}
chuhe=$(readlink -f "${CHUHE:-build/chuhe}")
runs=${RUNS:-../runs}
[ -x "$chuhe" ] || { echo "net_gauntlet.sh: no binary at $chuhe (build first)" >&2; exit 2; }
[ -f README.md ] && [ -d nets ] || { echo "net_gauntlet.sh: run from the repository root" >&2; exit 2; }
mkdir -p "$runs"
limit=${LIMIT:-tc=${TC:-10+0.1}}
results="$runs/gauntlet-$name.jsonl"
log="$runs/gauntlet-$name.log"
base=(-engine name=default cmd="$chuhe" proto=uci)
[ -n "${BASE_NET:-}" ] && base+=("option.EvalFile=$(readlink -f "$BASE_NET")")

# shellcheck disable=SC2086
"$chuhe" match \
  -engine name="$name" cmd="$chuhe" proto=uci "option.EvalFile=$net" "${base[@]}" \
  -each "$limit" option.Hash=16 ${OPTIONS:-} \
  -openings file=../shared/data/openings/fairy_xiangqi.epd order=random -srand "${SEED:-20261207}" \
  -games 2 -rounds "${ROUNDS:-1000}" -repeat -concurrency "${CONCURRENCY:-2}" -ratinginterval 20 \
  -resign movecount=4 score=1000 -draw movenumber=80 movecount=10 score=10 \
  -resultsout "$results" -pgnout "$runs/gauntlet-$name.pgn" -resume \
  -sprt elo0="${ELO0:-0}" elo1="${ELO1:-10}" alpha=0.05 beta=0.05 2>&1 | tee "$log"

# The summary's last lines: "Score of A vs B: W - L - D ...", "Elo difference: ...", "SPRT: llr ...".
score=$(grep -a "^Score of $name vs default" "$log" | tail -1 | sed 's/^Score of [^:]*: //')
elo=$(grep -a "^Elo difference" "$log" | tail -1 | sed 's/^Elo difference: //; s/, LOS.*//')
llr=$(grep -a "^SPRT: " "$log" | tail -1 | sed "s/^SPRT: //")
[ -n "$score" ] || { echo "net_gauntlet.sh: no summary in $log; nothing written" >&2; exit 1; }
row="| $(date -u +%Y-%m-%d) | $name (sha256 $(sha256sum "$net" | cut -c1-12)) | ${limit#tc=} | $score | $elo | $llr |"
grep -q '^## Gauntlet' nets/README.md || printf '\n## Gauntlet\n\nEach row: `scripts/net_gauntlet.sh NET NAME`, the net against the built-in net of the binary of its day.\n\n| date | net | tc | W - L - D | Elo | SPRT |\n|---|---|---|---|---|---|\n' >> nets/README.md
echo "$row" >> nets/README.md
echo "net_gauntlet.sh: added to nets/README.md: $row"
