#!/usr/bin/env bash
# The simulator's tests (tests/sim/: the runner's threads, lanes and stop requests among them)
# and the bots' tests built with ThreadSanitizer in a build folder of their own, and run; exits
# non-zero when a test fails or TSan reports anything. Usage: scripts/tsan.sh [TEST SPEC...]
# (the Catch2 test spec is given to both test programs; TSAN_BUILD_DIR: default build-tsan).
# Several times slower than a Release build.
#
# TSan sees only what is instrumented. Debian's libtbb.so is not, so the synchronization of
# oneTBB's scheduler would be invisible, and every hand-over of a task's data between TBB's
# threads would be reported as a race: proof of nothing either way. So the script builds oneTBB
# itself with -fsanitize=thread, from Debian's source package of the very version installed
# (apt-get source through a private apt state in the build folder: the machine's apt
# configuration is not touched), into BUILD/onetbb, once, and the tests link that. With
# TBB_DIR=/path/to/lib/cmake/TBB an instrumented oneTBB of one's own is used instead.
#
# Only C++ is instrumented: the process bots the tests start are C programs that crash on
# purpose, and TSan's runtime in them would turn their SIGSEGV into its own exit status.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TSAN_BUILD_DIR:-$root/build-tsan}
"$root/scripts/setup.sh"
mkdir -p "$build"

tbb_dir=${TBB_DIR:-}
if [ -z "$tbb_dir" ]; then
    tbb_prefix=$build/onetbb
    tbb_dir=$tbb_prefix/lib/cmake/TBB
    if [ ! -f "$tbb_dir/TBBConfig.cmake" ]; then
        # apt-get source unpacks with dpkg-source.
        command -v dpkg-source >/dev/null || apt-get install -y -qq dpkg-dev >/dev/null
        version=$(dpkg-query -W -f='${source:Version}' libtbb-dev)
        apt_dir=$build/onetbb-apt
        mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial" "$apt_dir/source"
        suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
        echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
            "http://deb.debian.org/debian $suite main" >"$apt_dir/sources.list"
        echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
            "http://deb.debian.org/debian-security $suite-security main" >>"$apt_dir/sources.list"
        apt_options=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=-"
            -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache::Archives=$apt_dir/archives"
            -o "APT::Sandbox::User=root")
        echo "tsan: oneTBB $version from Debian's source package, built with ThreadSanitizer" >&2
        apt-get -qq "${apt_options[@]}" update
        (cd "$apt_dir/source" && apt-get -qq "${apt_options[@]}" source "onetbb=$version" >/dev/null)
        source_dir=$(find "$apt_dir/source" -mindepth 1 -maxdepth 1 -type d | head -n 1)
        cmake -S "$source_dir" -B "$build/onetbb-build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
            -DTBB_SANITIZE=thread -DTBB_TEST=OFF -DTBB_EXAMPLES=OFF -DTBB_STRICT=OFF \
            -DTBBMALLOC_BUILD=OFF -DCMAKE_INSTALL_PREFIX="$tbb_prefix" >/dev/null
        cmake --build "$build/onetbb-build" --target tbb -j "$(nproc)"
        cmake --install "$build/onetbb-build" >/dev/null
    fi
fi

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS="-fsanitize=thread -fno-omit-frame-pointer" -DCMAKE_C_FLAGS= \
    -DCMAKE_EXE_LINKER_FLAGS= -DCMAKE_SHARED_LINKER_FLAGS= -DPOKERARENA_BUILD_BENCH=OFF \
    -DTBB_DIR="$tbb_dir" >/dev/null
cmake --build "$build" --target sim_tests bots_tests -j "$(nproc)"
status=0
for tests in sim_tests bots_tests; do
    echo "tsan: $tests" >&2
    TSAN_OPTIONS="halt_on_error=0 ${TSAN_OPTIONS:-}" "$build/tests/$tests" "$@" || status=1
done
exit $status
