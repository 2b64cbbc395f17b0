#!/usr/bin/env bash
# Plays a `chuhe match` as N shards with GNU parallel (Debian package `parallel`), on this
# machine's cores or on ssh hosts, then merges the shards' results:
#
#   scripts/match_parallel.sh [-j JOBS] [-S SSHLOGINS] [-c CHUHE] [-b BATCH -t "elo0=E0 elo1=E1 ..."] \
#       OUTDIR N MATCH-ARGUMENTS...
#
# MATCH-ARGUMENTS are those of `chuhe match` without -shard, -resultsout, -pgnout, -resume and
# -sprt. Shard I writes OUTDIR/shard-I.{jsonl,pgn,log} (scripts/match_shard.sh); at the end
# `chuhe match merge` prints the summary of all of them. Running the same command again
# continues where it stopped: every shard resumes from its results file.
#
#   -j JOBS        shards at once per host (default: this machine's cores); give each shard
#                  -concurrency 1 unless the host has cores to spare
#   -S SSHLOGINS   GNU parallel's --sshlogin, e.g. "8/alpha,8/beta,:" (":" is this machine).
#                  The hosts need this repository, the chuhe binary and the openings at the
#                  same paths, and OUTDIR on a file system they share (NFS).
#   -c CHUHE       the chuhe binary that plays and merges (default: build/chuhe of this tree)
#   -b BATCH -t SPRT  a sequential test over many machines: shards are played BATCH at a time
#                  and merged with `-sprt SPRT` after each batch; the script stops once the
#                  test has decided (N is then the most shards it plays)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
chuhe=$here/../build/chuhe jobs=$(nproc) hosts="" batch=0 sprt=""
. "$here/match_common.sh"
while getopts "j:S:c:b:t:" opt; do
  case $opt in
    j) jobs=$OPTARG ;;
    S) hosts=$OPTARG ;;
    c) chuhe=$OPTARG ;;
    b) batch=$OPTARG ;;
    t) sprt=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[[ $batch =~ ^[0-9]+$ ]] || fail "BATCH must be a number"
if [ "$batch" -gt 0 ] && [ -z "$sprt" ]; then fail "-b needs -t"; fi
command -v parallel >/dev/null || fail "GNU parallel is missing (apt-get install parallel)"
match_setup "$@"

merge_args=()
[ -n "$sprt" ] && read -ra sprt_words <<< "$sprt" && merge_args=(-sprt "${sprt_words[@]}")
merge() {
  local files=()
  for ((i = 1; i <= shards; ++i)); do [ -f "$outdir/shard-$i.jsonl" ] && files+=("$outdir/shard-$i.jsonl"); done
  "$chuhe" match merge "${merge_args[@]}" "${files[@]}"
}

step=$([ "$batch" -gt 0 ] && echo "$batch" || echo "$shards")
for ((first = 1; first <= shards; first += step)); do
  last=$((first + step - 1 < shards ? first + step - 1 : shards))
  # -q: the arguments reach match_shard.sh as they are, spaces and all.
  parallel --will-cite -q -j "$jobs" ${hosts:+--sshlogin "$hosts"} --halt soon,fail=1 \
    "$here/match_shard.sh" "$outdir" {} "$shards" ::: $(seq "$first" "$last") ||
    { echo "match_parallel.sh: a shard failed; see $outdir/shard-*.log, then run the same command again" >&2; exit 1; }
  if ! summary=$(merge); then echo "$summary" >&2; exit 2; fi
  if [ "$batch" -gt 0 ]; then
    echo "after shards 1-$last of $shards:"
    echo "$summary"
    if grep -q "was accepted" <<< "$summary"; then exit 0; fi
  fi
done
[ "$batch" -gt 0 ] || echo "$summary"
