#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ (one per parser of outside input: PHH, configuration
# text and JSON, report files, bot specifications, the process-bot protocol, the ACPC protocol)
# with clang under AddressSanitizer and UndefinedBehaviorSanitizer, in a build folder of their
# own, and runs each for SECONDS (default 60) from seeds made of tests/data and sim/configs. A
# crash, a sanitizer report, a leak or an input slower than 10 s fails the script; the input is
# kept in BUILD/artifacts/TARGET/ (replay it with BUILD/fuzz/TARGET FILE). What a run finds new
# is kept in BUILD/corpus/TARGET/ for the next run.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]     (FUZZ_BUILD_DIR: default build-fuzz)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_phh fuzz_config fuzz_report fuzz_bot_spec fuzz_protocol fuzz_acpc)
"$root/scripts/setup.sh"

# The libraries are instrumented for coverage (fuzzer-no-link) and checked like the targets;
# UBSan stops at the first report, so that libFuzzer counts it as a crash. Its `function` check
# is left out: clang 14 cannot compile it into the coroutines of sim/ ("Cannot represent a
# difference across sections"). -O1 with line tables and assertions on (no NDEBUG): the
# engine's invariants are checked too, and the build takes a fraction of -O2's time.
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize=function"
flags+=" -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
# The evaluator's SIMD kernels are built for Highway's static target only (so the library
# offers its scalar kernels): the fuzzers drive parsers, not kernels, and the Monte Carlo
# kernels of every x86 target take about six minutes to compile under the sanitizers.
flags+=" -DHWY_COMPILE_ONLY_STATIC"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
    -DPOKERARENA_BUILD_TESTS=OFF -DPOKERARENA_BUILD_BENCH=OFF -DPOKERARENA_BUILD_FUZZ=ON >/dev/null
cmake --build "$build" --target "${targets[@]}" -j "$(nproc)"

# Seeds: PHH and configuration targets read a first byte that picks the form (.phh or .phhs,
# text or JSON), so their seeds carry it.
seeds=$build/seeds
rm -rf "$seeds"
mkdir -p "$seeds"/{fuzz_phh,fuzz_config,fuzz_report,fuzz_bot_spec,fuzz_protocol,fuzz_acpc}
with_byte() {  # with_byte BYTE FILE OUT
    { printf "$1"; cat "$2"; } >"$3"
}
n=0
while IFS= read -r -d '' file; do
    n=$((n + 1))
    case $file in *.phhs) byte='\001' ;; *) byte='\000' ;; esac
    with_byte "$byte" "$file" "$seeds/fuzz_phh/$n"
done < <(find "$root/tests/data/phh" "$root/tests/data/hostile" -name '*.phh*' -print0)
for file in "$root"/sim/configs/*; do
    n=$((n + 1))
    case $file in *.json) byte='\001' ;; *) byte='\000' ;; esac
    with_byte "$byte" "$file" "$seeds/fuzz_config/$n"
done
# Reports as files (those in tests/data are bodies without a header, as written before the
# checksum) and, after a 'C', as bodies the target gives a valid header (fuzz_report.cpp).
cp "$root"/tests/data/reports/* "$root"/tests/data/hostile/*.pb "$seeds/fuzz_report/"
for file in "$root"/tests/data/hostile/*.pb; do
    with_byte 'C' "$file" "$seeds/fuzz_report/C-$(basename "$file")"
done
n=0
for spec in tag call random fold allin 'tag:tightness=0.3,aggression=0.8' 'equity:samples=200' \
    'random:fold=0.1' 'proc[procs=2,timeout=5]:./bot --fast' 'isolated:bot.so:k=v'; do
    n=$((n + 1))
    printf '%s' "$spec" >"$seeds/fuzz_bot_spec/$n"
done
n=0
for line in '{"type":"hello","protocol":1,"name":"b","view":"legal","events":true}' \
    '{"type":"hello","refused":"no model"}' '{"id":5,"action":"raise","to":300}' \
    '{"action":"check","id":6}' '{"id":7,"error":"model not loaded"}' '{"id":8,"action":"fold"}' \
    '{"id":9,"action":"call","probabilities":[0.1,0.9]}'; do
    n=$((n + 1))
    printf '%s' "$line" >"$seeds/fuzz_protocol/$n"
done
n=0
for line in 'MATCHSTATE:1:7::|AsKd' 'MATCHSTATE:0:7:r300c/r900r2100c/:QhQc|/2c3d4h/5s' \
    'MATCHSTATE:1:3:r300c/r900:|AsKd/2c3d4h:r20000' 'MATCHSTATE:2:0:rrc/rc/c:|JhJs|AcAd/2c7d9h/Ts' \
    'f' 'c' 'r' 'r12345'; do
    n=$((n + 1))
    printf '%s' "$line" >"$seeds/fuzz_acpc/$n"
done
cp "$root"/tests/data/acpc/*.game "$seeds/fuzz_acpc/"

failed=()
for target in "${targets[@]}"; do
    mkdir -p "$build/corpus/$target" "$build/artifacts/$target"
    echo "== $target: $seconds s"
    if ! "$build/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$build/artifacts/$target/" \
        "$build/corpus/$target" "$seeds/$target" 2>"$build/$target.log"; then
        tail -n 40 "$build/$target.log"
        failed+=("$target")
    fi
    grep -E '^(stat::number_of_executed_units|stat::new_units_added)' "$build/$target.log" || true
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: ${failed[*]} failed; the inputs are in $build/artifacts/" >&2
    exit 1
fi
echo "fuzz: ${targets[*]}: no crash in $seconds s each"
