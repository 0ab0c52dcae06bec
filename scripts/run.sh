#!/usr/bin/env bash
# Set-up, build, then the main job: a heads-up round robin of the built-in bots
# (sim/configs/round_robin.txtpb: random, call, allin, two tags and equity), 50000 duplicate
# deals per pair (1.5 million hands), on every core. Prints the results table (win rates in
# mbb/hand with 95% confidence intervals, the crosstable, ratings) and where the report is.
# Extra arguments go to `pokerarena run`, e.g. scripts/run.sh --deals 200000 --threads 2.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
"$root/scripts/build.sh"

mkdir -p "$build/reports"
report="$build/reports/round-robin.pb"
echo "== pokerarena run: round robin of the built-in bots"
"$build/sim/pokerarena" run "$root/sim/configs/round_robin.txtpb" --deals 50000 \
  --out "$report" --json "${report%.pb}.json" "$@"
echo
echo "Show it again: $build/sim/pokerarena report $report"
# The plot script runs with Debian's python3 (its first line), which has matplotlib.
echo "Plot it:       $root/scripts/plot_report.py $report --out $build/reports"
