#!/usr/bin/env bash
# One tournament split over a Slurm job array: array task K of N runs shard K/N (work units
# K-1, K-1+N, K-1+2N, ..., counting units from 0) on one node, then a job that depends on the
# whole array merges the shards into one report, the same report as one run of everything on
# one machine.
#
#   scripts/slurm_array.sh CONFIG OUT_DIR [SHARDS]     # submits the array and the merge
#
# e.g. scripts/slurm_array.sh sim/configs/round_robin.txtpb results 16, then, once the merge
# job is done: pokerarena report results/all.pb. Each task writes a checkpoint every 30
# seconds (pokerarena run's --checkpoint-every default) and when it ends or is interrupted, and
# a requeued or resubmitted task resumes from it instead of starting over.
# POKERARENA (default build/sim/pokerarena) must be reachable from the compute nodes.
#SBATCH --job-name=pokerarena
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
#SBATCH --requeue
set -euo pipefail

if [[ -z "${SLURM_ARRAY_TASK_ID:-}" ]]; then
  if [[ $# -lt 2 ]]; then
    echo "usage: $0 CONFIG OUT_DIR [SHARDS]" >&2
    exit 2
  fi
  root=$(cd "$(dirname "$0")/.." && pwd)
  config=$(realpath "$1")
  out=$(mkdir -p "$2" && realpath "$2")
  shards=${3:-8}
  export POKERARENA=${POKERARENA:-$root/build/sim/pokerarena}
  array=$(sbatch --parsable --export=ALL --array="1-$shards" --output="$out/shard-%a.log" \
    "$0" "$config" "$out")
  shard_files=()
  for ((k = 1; k <= shards; ++k)); do shard_files+=("$out/shard-$k.pb"); done
  sbatch --parsable --job-name=pokerarena-merge --dependency="afterok:$array" \
    --output="$out/merge.log" --wrap="'$POKERARENA' merge ${shard_files[*]} -o '$out/all.pb'"
  echo "submitted array $array ($shards shards) and its merge into $out/all.pb"
  exit 0
fi

# Inside array task K of N.
config=$1
out=$2
k=$SLURM_ARRAY_TASK_ID
n=$SLURM_ARRAY_TASK_COUNT
checkpoint="$out/shard-$k.checkpoint.pb"
resume=()
[[ -f "$checkpoint" ]] && resume=(--resume "$checkpoint")
"$POKERARENA" run "$config" --shard "$k/$n" --threads "${SLURM_CPUS_PER_TASK:-1}" \
  --checkpoint "$checkpoint" "${resume[@]}" --out "$out/shard-$k.pb"
