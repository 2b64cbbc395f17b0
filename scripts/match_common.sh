# Sourced by match_parallel.sh and match_slurm.sh: what both do before they start shards.
# The calling script sets $chuhe (its default or -c) before match_setup.

# The usage text is the calling script's header comment.
usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
  exit 2
}

fail() {
  echo "$(basename "$0"): $*" >&2
  exit 2
}

# match_setup OUTDIR N MATCH-ARGUMENTS...: checks N and $chuhe, makes $chuhe an absolute path,
# creates OUTDIR (sets $outdir, absolute, and $shards) and writes the match's command line to
# OUTDIR/match.args, NUL-separated, for match_shard.sh.
match_setup() {
  [ $# -ge 2 ] || usage
  outdir=$1 shards=$2
  shift 2
  [[ $shards =~ ^[1-9][0-9]*$ ]] || fail "N must be a positive number"
  [ -x "$chuhe" ] || fail "$chuhe is not an executable chuhe (build it, or give -c)"
  chuhe=$(cd "$(dirname "$chuhe")" && pwd)/$(basename "$chuhe")
  mkdir -p "$outdir"
  outdir=$(cd "$outdir" && pwd)
  printf '%s\0' "$chuhe" match "$@" > "$outdir/match.args"
}
