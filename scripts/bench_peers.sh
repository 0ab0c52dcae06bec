#!/usr/bin/env bash
# Builds the side-by-side benchmarks of bench/peers/ against the peers' checkouts given, runs
# them in interleaved rounds pinned to one core, and prints one table of ratios pokerarena/peer
# (of the two sides' best rounds, and the median and range of the rounds' ratios) with the CPU
# and the load average.
#
#   scripts/bench_peers.sh --ompeval DIR --skpokereval DIR --acpc DIR [--rounds N] [--core C]
#                          [--min-time S] [--build DIR] [--jobs J] [-- CMAKE_ARGS...]
#
# At least one peer. Each round runs every program once, one after the other, so that a change
# in the machine's load shifts both sides of a ratio alike (the two sides of a comparison are
# in the same program, minutes apart at most). docs/benchmarks.md, "Peers side by side", says
# where to get each peer and what each row measures.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

usage() {
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
fail() {
  echo "bench_peers.sh: $*" >&2
  exit 1
}

ompeval="" skpokereval="" acpc="" rounds=5 core=0 min_time=0.5 jobs=2
build="$root/build-peers"
cmake_args=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --ompeval | --skpokereval | --acpc | --rounds | --core | --min-time | --build | --jobs)
      [[ $# -ge 2 ]] || fail "$1 needs a value"
      case "$1" in
        --ompeval) ompeval=$2 ;;
        --skpokereval) skpokereval=$2 ;;
        --acpc) acpc=$2 ;;
        --rounds) rounds=$2 ;;
        --core) core=$2 ;;
        --min-time) min_time=$2 ;;
        --build) build=$2 ;;
        --jobs) jobs=$2 ;;
      esac
      shift 2 ;;
    --) shift; cmake_args=("$@"); break ;;
    -h | --help) usage ;;
    *) echo "bench_peers.sh: unknown argument '$1'" >&2; usage ;;
  esac
done
[[ -n "$ompeval$skpokereval$acpc" ]] || { echo "bench_peers.sh: name at least one peer" >&2; usage; }
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || fail "--rounds: expected a positive whole number, got '$rounds'"
[[ "$core" =~ ^[0-9]+$ ]] || fail "--core: expected a CPU number, got '$core'"
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || fail "--jobs: expected a positive whole number, got '$jobs'"
[[ "$min_time" =~ ^[0-9]*\.?[0-9]+$ ]] || fail "--min-time: expected seconds, got '$min_time'"
command -v taskset >/dev/null || fail "taskset (util-linux) is needed to pin the runs to one core"
command -v python3 >/dev/null || fail "python3 is needed to print the table"
taskset -c "$core" true 2>/dev/null || fail "--core: cannot pin to CPU $core on this machine"

# Check each directory before configuring (the same check CMake makes, without the rest of the
# configuration), and pass absolute paths.
defines=() programs=()
add_peer() {  # name dir program
  local dir
  dir=$(cd "$2" 2>/dev/null && pwd) || fail "--$1: '$2' is not a directory"
  cmake -DPEER="$1" -DDIR="$dir" -P "$root/bench/peers/peer_dirs.cmake" >/dev/null 2>"$build.check" ||
    { echo "bench_peers.sh: --$1: $(sed -n '/^CMake Error/,/^Call Stack/s/^  //p' "$build.check" | tr '\n' ' ')" >&2
      rm -f "$build.check"; exit 1; }
  rm -f "$build.check"
  local option
  option=POKERARENA_PEER_$(echo "$1" | tr '[:lower:]' '[:upper:]')
  defines+=("-D$option=$dir")
  programs+=("$3")
}
mkdir -p "$(dirname "$build")"
[[ -z "$ompeval" ]] || add_peer ompeval "$ompeval" peer_ompeval_bench
[[ -z "$skpokereval" ]] || add_peer skpokereval "$skpokereval" peer_skpokereval_bench
[[ -z "$acpc" ]] || add_peer acpc "$acpc" peer_acpc_bench

# Peers not named this time are switched off, so a build folder reused with fewer peers does
# not keep the others' options.
for peer in OMPEVAL SKPOKEREVAL ACPC; do
  [[ " ${defines[*]} " == *" -DPOKERARENA_PEER_$peer="* ]] || defines+=("-DPOKERARENA_PEER_$peer=")
done
generator=()
[[ -f "$build/CMakeCache.txt" ]] || ! command -v ninja >/dev/null || generator=(-G Ninja)
cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
  -DPOKERARENA_BUILD_TESTS=OFF "${defines[@]}" "${cmake_args[@]}" >/dev/null
cmake --build "$build" -j "$jobs" --target "${programs[@]}"

out="$build/peer-runs"
rm -rf "$out" && mkdir -p "$out"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for ((round = 1; round <= rounds; ++round)); do
  for program in "${programs[@]}"; do
    echo "round $round/$rounds: $program" >&2
    taskset -c "$core" "$build/bench/peers/$program" --benchmark_min_time="$min_time" \
      --benchmark_format=json --benchmark_out_format=json \
      --benchmark_out="$out/$program.$round.json" >/dev/null
  done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

cpu_model=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
cpu_family=$(lscpu | sed -n 's/^CPU family: *//p' | head -1)
cpu_number=$(lscpu | sed -n 's/^Model: *//p' | head -1)
cpu_flags=$(lscpu | sed -n 's/^Flags: *//p' | tr ' ' '\n' | grep -x -E 'sse4_2|avx2|avx512f|avx512bw' | tr '\n' ' ')
python3 - "$out" "$rounds" "$core" "$cpu_model" "$cpu_family" "$cpu_number" "$cpu_flags" \
  "$load_before" "$load_after" "${programs[@]}" <<'PY'
import json, statistics, sys

out, rounds, core, model, family, number, flags, load_before, load_after = sys.argv[1:10]
programs = sys.argv[10:]
rounds = int(rounds)

# Each row: what is compared, the program, pokerarena's benchmark, the peer's benchmark.
ROWS = [
    ("scalar 7-card, random hands", "peer_ompeval_bench", "OMPEval",
     "scalar_random/pokerarena", "scalar_random/ompeval"),
    ("batch, best kernel vs OMPEval scalar", "peer_ompeval_bench", "OMPEval",
     "batch_random/pokerarena", "scalar_random/ompeval"),
    ("full enumeration, 133,784,560 hands", "peer_ompeval_bench", "OMPEval",
     "enumerate_all/pokerarena", "enumerate_all/ompeval"),
    ("exact AsKs vs QdQc", "peer_ompeval_bench", "OMPEval",
     "exact_equity/pokerarena", "exact_equity/ompeval"),
    ("Monte Carlo AsKs vs 1 random, 1 thread", "peer_ompeval_bench", "OMPEval",
     "monte_carlo/vs1/pokerarena", "monte_carlo/vs1/ompeval"),
    ("Monte Carlo AsKs vs 5 random, 1 thread", "peer_ompeval_bench", "OMPEval",
     "monte_carlo/vs5/pokerarena", "monte_carlo/vs5/ompeval"),
    ("scalar 7-card, random hands", "peer_skpokereval_bench", "SKPokerEval",
     "scalar_random/pokerarena", "scalar_random/skpokereval"),
    ("engine heads-up, random policy", "peer_acpc_bench", "ACPC game.c",
     "engine_heads_up/pokerarena", "engine_heads_up/acpc"),
    ("engine 6-max, random policy", "peer_acpc_bench", "ACPC game.c",
     "engine_six_max/pokerarena", "engine_six_max/acpc"),
    ("engine 6-max, ACPC ranks each showdown hand once", "peer_acpc_bench", "ACPC game.c",
     "engine_six_max/pokerarena", "engine_six_max_ranked_once/acpc"),
]

def load(program, r):
    with open(f"{out}/{program}.{r}.json") as f:
        runs = json.load(f)["benchmarks"]
    by_name = {}
    for b in runs:
        name = b["name"].removesuffix("/real_time")
        if b.get("error_occurred"):
            sys.exit(f"bench_peers.sh: {program} {name}: {b.get('error_message')}")
        by_name[name] = b
    return by_name

results = {p: [load(p, r) for r in range(1, rounds + 1)] for p in programs}

def rate(x):
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if x >= scale:
            return f"{x / scale:.3g} {unit}/s"
    return f"{x:.3g} /s"

print(f"CPU: {model} (family {family}, model {number}); {flags.strip() or 'no sse4_2/avx2/avx512f'}; "
      f"pinned to CPU {core}")
print(f"load average (1, 5, 15 min): {load_before} before, {load_after} after; {rounds} rounds")
print()
# Load only ever slows a run down, so the best figure of each side is the quiet one: the ratio
# of the bests leads, then the median and the range of the rounds' own ratios.
print("| comparison | peer | pokerarena, best | peer, best | ratio of bests | median ratio | range |")
print("|---|---|---|---|---|---|---|")
for label, program, peer, ours, theirs in ROWS:
    if program not in results:
        continue
    runs = results[program]
    ratios = [r[ours]["items_per_second"] / r[theirs]["items_per_second"] for r in runs]
    our_best = max(r[ours]["items_per_second"] for r in runs)
    their_best = max(r[theirs]["items_per_second"] for r in runs)
    note = ""
    if "actions/hand" in runs[0][ours]:
        note = " ({:.2f} / {:.2f} actions a hand)".format(
            statistics.median(r[ours]["actions/hand"] for r in runs),
            statistics.median(r[theirs]["actions/hand"] for r in runs))
    print(f"| {label}{note} | {peer} | {rate(our_best)} | {rate(their_best)} | "
          f"{our_best / their_best:.2f} | {statistics.median(ratios):.2f} | "
          f"{min(ratios):.2f}-{max(ratios):.2f} |")
print()
print("answers of the last round (a benchmark whose sides disagree fails, and the run with it):")
for program, runs in results.items():
    for name, b in sorted(runs[-1].items()):
        if b.get("label"):
            print(f"  {program} {name}: {b['label']}")
PY
