#!/usr/bin/env bash
# Plays shard I of N of the match that match_parallel.sh or match_slurm.sh set up in OUTDIR
# (its command line is OUTDIR/match.args, NUL-separated, so arguments may hold spaces):
#
#   scripts/match_shard.sh OUTDIR I N
#
# The shard writes OUTDIR/shard-I.jsonl, OUTDIR/shard-I.pgn and its output to OUTDIR/shard-I.log.
# It runs with -resume: started again after a crash, a kill or a requeue, it plays only the
# games its results file lacks.
set -euo pipefail
if [ $# -ne 3 ] || [ ! -f "$1/match.args" ]; then
  echo "usage: scripts/match_shard.sh OUTDIR I N  (OUTDIR/match.args is written by match_parallel.sh or match_slurm.sh)" >&2
  exit 2
fi
outdir=$1 i=$2 n=$3
mapfile -d '' command < "$outdir/match.args"
exec "${command[@]}" -shard "$i/$n" -resume -resultsout "$outdir/shard-$i.jsonl" -pgnout "$outdir/shard-$i.pgn" \
  >> "$outdir/shard-$i.log" 2>&1
