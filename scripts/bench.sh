#!/usr/bin/env bash
# Builds (Release) and runs every benchmark program, printing medians of repeated runs: the
# figures docs/benchmarks.md quotes. Pass a Google Benchmark filter to run a subset, e.g.
#   scripts/bench.sh 'random|enumerate'
# Run it on a quiet machine: other load shows up directly in the figures.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
"$root/scripts/build.sh"
filter=${1:-.}
for program in evaluator_bench engine_bench bots_bench sim_bench; do
  echo "== $program"
  "$build/bench/$program" --benchmark_filter="$filter" --benchmark_repetitions="${REPETITIONS:-5}" \
    --benchmark_report_aggregates_only=true --benchmark_display_aggregates_only=true 2>&1 |
    grep -E '^(Benchmark|-{10}|.*_median)' || true
done
