#!/usr/bin/env bash
# The simulator's tests (tests/sim/: the runner's threads, lanes and stop requests among them)
# built with ThreadSanitizer in a build folder of their own, and run; exits non-zero when a
# test fails or TSan reports anything. Usage: scripts/tsan.sh [CATCH2 TEST SPEC...]
# (TSAN_BUILD_DIR: default build-tsan). Several times slower than a Release build.
#
# Only C++ is instrumented: the process bots the tests start are C programs that crash on
# purpose, and TSan's runtime in them would turn their SIGSEGV into its own exit status.
#
# oneTBB from Debian is not built with ThreadSanitizer, so the synchronization of its scheduler
# (inside libtbb.so) is invisible to TSan: it reports the hand-over of a task's data between
# TBB's threads as races (in TBB's headers, suppressed by scripts/tsan.supp, and at the captures
# of the runner's parallel_for, which cannot be told from real races by a suppression). On
# Debian's TBB the report is for reading, not a gate; with a oneTBB built with
# -fsanitize=thread (TBB_DIR=/path/to/its/lib/cmake/TBB) it is exact.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TSAN_BUILD_DIR:-$root/build-tsan}
"$root/scripts/setup.sh"
tbb=()
[ -n "${TBB_DIR:-}" ] && tbb=(-DTBB_DIR="$TBB_DIR")
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS="-fsanitize=thread -fno-omit-frame-pointer" -DCMAKE_C_FLAGS= \
    -DCMAKE_EXE_LINKER_FLAGS= -DCMAKE_SHARED_LINKER_FLAGS= -DPOKERARENA_BUILD_BENCH=OFF \
    "${tbb[@]}" >/dev/null
cmake --build "$build" --target sim_tests -j "$(nproc)"
TSAN_OPTIONS="halt_on_error=0 suppressions=$root/scripts/tsan.supp ${TSAN_OPTIONS:-}" \
    "$build/tests/sim_tests" "$@"
