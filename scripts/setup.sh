#!/usr/bin/env bash
# Installs whatever pokerarena needs from Debian's packages and does nothing when all of it
# is present. Called by scripts/test.sh and scripts/run.sh; safe to run by hand.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config
  libhwy-dev libtbb-dev libbenchmark-dev libprotobuf-dev protobuf-compiler
  libspdlog-dev catch2 libcli11-dev libtomlplusplus-dev libsimdjson-dev
  libboost-math-dev  # Boost.Math: Student's t and chi-square in sim/src/stats/stats.cpp
  libssl-dev  # libcrypto: the SHA-256 of plugins and reports (bots/src/plugin/sha256.cpp)
  python3 python3-matplotlib python3-protobuf
  python3-pandas  # the CSV example of docs/formats.md
  python3-numpy libopenblas0-pthread  # bots/sdk/python/examples/mlp_bot.py (OpenBLAS: fast matrix products)
  pybind11-dev python3-dev  # the Python module (sim/python; numpy arrays through python3-numpy)
  clang libclang-rt-14-dev  # scripts/fuzz.sh: libFuzzer and the sanitizers' runtimes
  # The cluster tests (tests/cli/cluster_real.sh): a single-node Slurm cluster, GNU parallel.
  munge slurmctld slurmd slurm-client parallel
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "setup: installing ${missing[*]}" >&2
sudo=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
