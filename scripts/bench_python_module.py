#!/usr/bin/env python3
"""The Python module against the C++ calls it wraps, in one run: docs/python.md's figures.

    PYTHONPATH=build/python /usr/bin/python3 scripts/bench_python_module.py build [--rounds 5]

Each round runs every case once, C++ and Python interleaved, pinned to one core (taskset -c 0
when present):
  batch-4096   evaluate_batch of the same 20,000,000 random seven-card hands in calls of
               4,096: bench/evaluator evaluate_batch_4096 against pokerarena.evaluate_batch on
               slices of one (N, 7) uint8 numpy array (hands/s)
  equity-10k   Monte Carlo equity of AsKs against one random hand, 10,000 samples a call:
               BM_EquityMonteCarlo10000 against pokerarena.equity (calls/s)
  env-4096     pokerarena.VectorEnv of 4,096 heads-up tables (200-chip stacks, blinds 1-2):
               table steps/s with a random legal policy drawn with numpy each step, and with
               every table calling (the environment alone)
Both sides are timed in CPU time (Google Benchmark's cpu_time, Python's process_time), which
other work on a shared machine disturbs less than the wall clock. Prints the medians,
Python / C++ per case, the CPU and the load average.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

import numpy as np

import pokerarena as pa
from bench_python_bots import cpu_name  # scripts/ is on the path: this script's folder

HANDS = 20_000_000
BATCH = 4096


def random_hands(n, seed):
    """As bench/evaluator makes them: n rows of seven distinct codes (a different generator,
    the same distribution)."""
    rng = np.random.default_rng(seed)
    hands = np.empty((n, 7), dtype=np.uint8)
    for start in range(0, n, 250000):
        block = rng.random((min(250000, n - start), 52), dtype=np.float32)
        hands[start:start + len(block)] = np.argpartition(block, 7, axis=1)[:, :7]
    return hands


def random_legal(obs, rng):
    """Fold, check or call, or raise (uniform in the legal range), each a third, where open."""
    n = len(obs["seat"])
    kinds = rng.integers(0, 3, n)
    kinds[(kinds == 0) & ~obs["can_fold"]] = 1
    kinds[(kinds == 2) & ~obs["can_raise"]] = 1
    low = obs["min_raise_to"]
    return kinds, low + (rng.random(n) * (obs["max_raise_to"] - low)).astype(np.int64)


def python_env(policy):
    tables, steps = 4096, 500
    env = pa.VectorEnv(tables, seed=1)
    obs = env.reset()
    rng = np.random.default_rng(1)
    calls = np.ones(tables, dtype=np.int64)
    start = time.process_time()
    for _ in range(steps):
        obs = env.step(*random_legal(obs, rng))[0] if policy else env.step(calls)[0]
    return tables * steps / (time.process_time() - start)


def cpp(binary, name):
    """items/s (or calls/s) of one Google Benchmark, median of three repetitions."""
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    out = subprocess.run(pin + [binary, "--benchmark_filter=^%s$" % name,
                                "--benchmark_repetitions=3", "--benchmark_format=json",
                                "--benchmark_min_time=0.3"],
                         capture_output=True, text=True, check=True).stdout
    runs = [b for b in json.loads(out)["benchmarks"] if b.get("run_type") == "iteration"]
    if "items_per_second" in runs[0] and not name.startswith("BM_Equity"):
        return statistics.median(b["items_per_second"] for b in runs)
    seconds = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
    return statistics.median(1 / (b["cpu_time"] * seconds[b["time_unit"]]) for b in runs)


def python_batch(hands):
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for i in range(0, len(hands), BATCH):
            pa.evaluate_batch(hands[i:i + BATCH])
        best = min(best, time.process_time() - start)
    return len(hands) / best


def python_equity():
    calls = 2000
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for seed in range(calls):
            pa.equity("AsKs", random_opponents=1, method="monte_carlo", samples=10000,
                      seed=seed + 1)
        best = min(best, time.process_time() - start)
    return calls / best


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build", help="the build folder (with bench/evaluator_bench)")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    binary = os.path.join(args.build, "bench", "evaluator_bench")
    if not os.access(binary, os.X_OK):
        sys.exit("bench_python_module: no %s (build the evaluator_bench target)" % binary)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
    hands = random_hands(HANDS, 20240601)
    figures = {k: [] for k in ("batch C++", "batch Python", "equity C++", "equity Python",
                               "env random", "env calls")}
    for r in range(args.rounds):
        figures["batch C++"].append(cpp(binary, "evaluate_batch_4096"))
        figures["batch Python"].append(python_batch(hands))
        figures["equity C++"].append(cpp(binary, "BM_EquityMonteCarlo10000"))
        figures["equity Python"].append(python_equity())
        figures["env random"].append(python_env(True))
        figures["env calls"].append(python_env(False))
        print("round %d: %s" % (r + 1, ", ".join("%s %.4g" % (k, v[-1])
                                                for k, v in figures.items())), flush=True)
    med = {k: statistics.median(v) for k, v in figures.items()}
    print("\nMedians of %d interleaved rounds, %s (best kernel %s), load average %.1f:"
          % (args.rounds, cpu_name(), pa.best_kernel(), os.getloadavg()[0]))
    print("  evaluate_batch, calls of 4,096: C++ %.1f M hands/s, Python %.1f M hands/s: %.2f"
          % (med["batch C++"] / 1e6, med["batch Python"] / 1e6,
             med["batch Python"] / med["batch C++"]))
    print("  equity, 10,000 samples a call:  C++ %.0f calls/s, Python %.0f calls/s: %.2f"
          % (med["equity C++"], med["equity Python"], med["equity Python"] / med["equity C++"]))
    print("  VectorEnv, 4,096 tables: %.2f M table steps/s with a random policy from numpy, "
          "%.2f M calling" % (med["env random"] / 1e6, med["env calls"] / 1e6))


if __name__ == "__main__":
    main()
