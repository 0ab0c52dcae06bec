#!/usr/bin/env bash
# Set-up, build, then the main job. Until the tournament runner exists this is a tour of
# what does: the evaluator's self-check (its full test suite), the engine replaying real
# hands against their recorded finishing stacks, and a short benchmark summary.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
"$root/scripts/build.sh"

echo "== evaluator self-check (every 5- and 7-card hand, reference evaluator, SIMD kernels)"
"$build/tests/evaluator_tests" --reporter compact

echo
echo "== engine: replaying real hands (tests/data/phh) through the rules engine"
"$build/sim/pokerarena" replay "$root/tests/data/phh"

echo
echo "== benchmark summary (Release, one thread)"
"$build/bench/evaluator_bench" --benchmark_min_time=0.2 \
  --benchmark_filter='Scalar|Batch|Enumerat|Exact'
"$build/bench/engine_bench" --benchmark_min_time=0.2
