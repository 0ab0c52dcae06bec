#!/usr/bin/env python3
"""Decisions per second of Python process bots through the simulator: the figures of
docs/python-bots.md ("Neural-network and language-model bots") and docs/benchmarks.md
("Python SDK for expensive bots").

    python3 scripts/bench_python_bots.py build/sim/pokerarena [--rounds 3] [--only NAME,...]

Each case is a heads-up tournament of one Python bot against the built-in `call`; its figures
are the bot's decisions (from `pokerarena report --json`) over the run's wall time, and the
CPU time (user + system) of the host and every process it started over those decisions,
which the load of a shared machine changes far less than the wall time. The cases
run in interleaved rounds (every case once, then again) and the median of the rounds is
printed, with the CPU. The Python that runs this script runs the bots (numpy must import
in it for the MLP cases).

Cases:
  llm-50ms, llm-1s     examples/llm_bot.py (async, a reply after 50 ms or 1 s), 10,000
                       tables in flight (deals_per_unit: 1, --tables 10000)
  mlp-batch, mlp-one   examples/mlp_bot.py in batches of up to 256 views, and one view at a
                       time (batch=1); OpenBLAS on one thread
  rule-*, call-*       examples/rule_bot.py (reads the full view) and examples/call_bot.py
                       (reads nothing) with this SDK (new) and the one of commit ba6f57d
                       (old), host and bot on one core (taskset -c 0: "1core") or free
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SDK = os.path.join(ROOT, "bots", "sdk", "python")
OLD_COMMIT = "ba6f57d"

CONFIG = """
format: ROUND_ROBIN
bots {
  name: "bot"
  process {
    command: [%(command)s]
    config: "%(config)s"
    env: ["OPENBLAS_NUM_THREADS=1"]
  }
}
bots { spec: "call" }
deals: %(deals)d
seed: 21
%(units)s
"""


def cases(old_examples):
    new_examples = os.path.join(SDK, "examples")
    many = "deals_per_unit: 1"
    out = {
        "llm-50ms": ("llm_bot.py", new_examples, "latency=0.05", 10000, many, 10000, False),
        "llm-1s": ("llm_bot.py", new_examples, "latency=1", 10000, many, 10000, False),
        "mlp-batch": ("mlp_bot.py", new_examples, "batch=256", 1000, many, 2048, False),
        "mlp-one": ("mlp_bot.py", new_examples, "batch=1", 1000, many, 2048, False),
    }
    for bot in ("rule", "call"):
        for sdk, folder in (("new", new_examples), ("old", old_examples)):
            for cores, one_core in (("1core", True), ("free", False)):
                out["%s-%s-%s" % (bot, sdk, cores)] = (bot + "_bot.py", folder, "", 50000, "",
                                                      2048, one_core)
    return out


def old_sdk(folder):
    """The SDK of OLD_COMMIT with this tree's rule and call bots beside it."""
    text = subprocess.run(["git", "-C", ROOT, "show", OLD_COMMIT +
                           ":bots/sdk/python/pokerarena_bot.py"], capture_output=True, text=True,
                          check=True).stdout
    examples = os.path.join(folder, "examples")
    os.makedirs(examples)
    with open(os.path.join(folder, "pokerarena_bot.py"), "w") as f:
        f.write(text)
    for name in ("rule_bot.py", "call_bot.py"):
        with open(os.path.join(SDK, "examples", name)) as src, \
                open(os.path.join(examples, name), "w") as dst:
            dst.write(src.read())
    return examples


def run_case(pokerarena, tmp, name, case):
    script, folder, config, deals, units, tables, one_core = case
    path = os.path.join(tmp, name + ".txtpb")
    command = ", ".join(json.dumps(a) for a in (sys.executable, os.path.join(folder, script)))
    with open(path, "w") as f:
        f.write(CONFIG % {"command": command, "config": config, "deals": deals, "units": units})
    report = os.path.join(tmp, name + ".pb")
    cmd = [pokerarena, "run", path, "--tables", str(tables), "-o", report, "-q"]
    if one_core:
        cmd = ["taskset", "-c", "0"] + cmd + ["--threads", "1"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    shown = json.loads(subprocess.run([pokerarena, "report", report, "--json"],
                                      capture_output=True, text=True, check=True).stdout)
    bot = [b for b in shown["bots"] if b["name"] == "bot"][0]
    faults = sum(int(v) for k, v in bot["faults"].items() if not k.startswith("first_"))
    decisions = int(bot["decisions"])
    return decisions / shown["timing"]["wall_seconds"], cpu / decisions * 1e6, decisions, faults


def cpu_name():
    for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
        if line.startswith("Model name:"):
            return line.split(":", 1)[1].strip()
    return "unknown CPU"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pokerarena")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated case names")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        table = cases(old_sdk(os.path.join(tmp, "old")))
        names = [n for n in table if not args.only or n in args.only.split(",")]
        rates = {n: [] for n in names}
        cpus = {n: [] for n in names}
        for r in range(args.rounds):
            for name in names:
                rate, cpu, decisions, faults = run_case(args.pokerarena, tmp, name, table[name])
                rates[name].append(rate)
                cpus[name].append(cpu)
                print("round %d  %-16s %10.0f decisions/s  %6.2f CPU us/decision  (%d decisions,"
                      " %d faults)" % (r + 1, name, rate, cpu, decisions, faults), flush=True)
    print("\nMedians of %d interleaved rounds, %s, %d CPUs, %s:"
          % (args.rounds, cpu_name(), os.cpu_count(), sys.executable))
    for name in names:
        print("  %-16s %10.0f decisions/s  %6.2f CPU us/decision   (rounds: %s)" % (
            name, statistics.median(rates[name]), statistics.median(cpus[name]),
            ", ".join("%.0f" % x for x in rates[name])))


if __name__ == "__main__":
    main()
