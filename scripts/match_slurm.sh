#!/usr/bin/env bash
# Plays a `chuhe match` as N shards on a Slurm cluster: one job array task per shard
# (`sbatch --array=1-N`, each running scripts/match_shard.sh), then a merge job that waits for
# the whole array (`--dependency=afterany`) and writes the summary to OUTDIR/merge.out:
#
#   scripts/match_slurm.sh [-c CHUHE] [-t "elo0=E0 elo1=E1 ..."] OUTDIR N MATCH-ARGUMENTS...
#
# MATCH-ARGUMENTS are those of `chuhe match` without -shard, -resultsout, -pgnout, -resume and
# -sprt (-t gives the merge its SPRT bounds). OUTDIR must be on a file system every node sees.
# Extra sbatch options for the shards (partition, time limit, cores: match -concurrency) go
# in CHUHE_SBATCH, e.g. CHUHE_SBATCH="--partition=cpu --cpus-per-task=4 --time=2:00:00".
# A failed or preempted task can be run again (`sbatch --array=7 ...`, or this script again):
# shards resume from their results files. The merge runs after any end of the array, so its
# first line, "Merged G games of S", shows when games are missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
chuhe=$here/../build/chuhe sprt=""
. "$here/match_common.sh"
while getopts "c:t:" opt; do
  case $opt in
    c) chuhe=$OPTARG ;;
    t) sprt=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
command -v sbatch >/dev/null || fail "sbatch is missing (Slurm's client, Debian package slurm-client)"
match_setup "$@"

read -ra extra <<< "${CHUHE_SBATCH:-}"
array=$(sbatch --parsable --job-name=chuhe-shard --array=1-"$shards" --output="$outdir/slurm-%A_%a.out" "${extra[@]}" \
  --wrap="$(printf '%q ' "$here/match_shard.sh" "$outdir") \"\$SLURM_ARRAY_TASK_ID\" $shards")
array=${array%%;*}
merge="$(printf '%q ' "$chuhe" match merge)"
[ -n "$sprt" ] && merge+="-sprt $sprt "
merge+="$(printf '%q' "$outdir")/shard-*.jsonl"
merged=$(sbatch --parsable --job-name=chuhe-merge --dependency=afterany:"$array" --output="$outdir/merge.out" \
  --wrap="$merge")
echo "shards: job $array (array 1-$shards); merge: job ${merged%%;*}, summary in $outdir/merge.out"
