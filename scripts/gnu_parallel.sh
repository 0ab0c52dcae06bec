#!/usr/bin/env bash
# One tournament split into shards run by GNU parallel, on this machine or over ssh on several
# (its --sshloginfile), then merged into one report: the same report as one run of everything.
#
#   scripts/gnu_parallel.sh CONFIG OUT_DIR [SHARDS] [parallel options...]
#
# e.g. scripts/gnu_parallel.sh sim/configs/round_robin.txtpb results 4
#      scripts/gnu_parallel.sh sim/configs/round_robin.txtpb results 32 --sshloginfile nodes.txt
# Each shard uses every core of the machine it runs on; run one job per machine (-j1 per
# login, the default below). A shard that fails or is interrupted keeps its checkpoint, and
# running the same command again resumes it; shards already done are not played again. Over
# ssh, the binary, the configuration and OUT_DIR must be at the same paths on every machine
# (a shared file system).
set -euo pipefail
if [[ $# -lt 2 ]]; then
  echo "usage: $0 CONFIG OUT_DIR [SHARDS] [parallel options...]" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
pokerarena=${POKERARENA:-$root/build/sim/pokerarena}
config=$(realpath "$1")
out=$(mkdir -p "$2" && realpath "$2")
shards=${3:-4}
shift $(($# < 3 ? $# : 3))
command -v parallel >/dev/null || { echo "$0: GNU parallel is not installed (apt-get install parallel)" >&2; exit 1; }

# One job per shard: skip it when its report exists, resume its checkpoint when there is one.
shard_job='k={1}; n={2}; ckpt={3}/shard-$k.checkpoint.pb; report={3}/shard-$k.pb;
  [ -f "$report" ] && exit 0;
  resume=; [ -f "$ckpt" ] && resume="--resume $ckpt";
  {4} run {5} --shard $k/$n --quiet --checkpoint "$ckpt" $resume --out "$report.tmp" &&
  mv "$report.tmp" "$report"'
parallel -j1 --halt soon,fail=1 --line-buffer "$@" "$shard_job" \
  ::: $(seq 1 "$shards") ::: "$shards" ::: "$out" ::: "$pokerarena" ::: "$config"

shard_files=()
for ((k = 1; k <= shards; ++k)); do shard_files+=("$out/shard-$k.pb"); done
"$pokerarena" merge "${shard_files[@]}" -o "$out/all.pb"
"$pokerarena" report "$out/all.pb"
echo "Report: $out/all.pb"
