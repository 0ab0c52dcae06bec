#!/usr/bin/env python3
"""A Python bot class in process (pokerarena.run) against the same class as a process bot:
the figures of docs/python.md ("Tournaments").

    PYTHONPATH=build/python /usr/bin/python3 scripts/bench_python_run.py [--rounds 5] [--one-core]

Each case is one heads-up tournament of a class of bots/sdk/python/examples against the
built-in `call` (seed 1, one thread), played by run() twice: with the class itself (in this
process) and with `proc:PYTHON FILE` (the class in a process of its own, through the
protocol). Its figures are the class's decisions over the wall time, and over the CPU time of
this process and its children (the bot processes):
  rule   examples/rule_bot.py: reads the full view (seat, legal, cards, board, stacks, pot);
         100,000 deals in matches of 64
  call   examples/call_bot.py: a legal view, read by nobody; as rule
  mlp    examples/mlp_bot.py: a 4.3-million-weight network over batches (decide_batch);
         4,000 deals, the default matches and units of a bot that posts its decisions
  llm    examples/llm_bot.py: an async decide awaiting a 50 ms reply; as mlp
The rounds interleave the cases; the medians are printed with in-process / process, the CPU
and the load average. --one-core pins this process (and so the bot processes) to CPU 0.

Then the floor of a cheap bot in process: its decide alone, timed over views kept from a
tournament (5,000 deals of the same kind), and the engine with the built-in `call` in both
seats (a decision of seat 0 of the cheap tournament); the host's share of a decision in
process is what remains, and the process bot's time over that floor is the most run() could
gain if that share were nothing.
"""
import argparse
import importlib.util
import os
import resource
import statistics
import sys
import time

import pokerarena as pa
from bench_python_bots import cpu_name  # scripts/ is on the path: this script's folder

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "bots", "sdk", "python", "examples")
CHEAP = dict(deals=100_000, seed=1, threads=1, match_deals=64, deals_per_unit=1024)
EXPENSIVE = dict(deals=4_000, seed=1, threads=1)
CASES = {"rule": ("rule_bot.py", "RuleBot", CHEAP), "call": ("call_bot.py", "CallBot", CHEAP),
         "mlp": ("mlp_bot.py", "MlpBot", EXPENSIVE),
         "llm": ("llm_bot.py", "LanguageModelBot", EXPENSIVE)}


def load(file, name):
    spec = importlib.util.spec_from_file_location(file[:-3], os.path.join(EXAMPLES, file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


def cpu_seconds():
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def play(bot, options):
    """(decisions/s of wall time, decisions/s of CPU time, the report's bots)."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    report = pa.run([bot, "call"], **options)
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    decisions = report["bots"][0]["decisions"]
    return decisions / wall, decisions / cpu, report["bots"]


def decide_alone(cls):
    """Seconds of cls.decide a decision over views kept from a run (best of 5 passes)."""
    views = []

    class Keeper(cls):
        def decide(self, view):
            views.append(view)
            return super().decide(view)

    Keeper.name = cls.name
    pa.run([Keeper, "call"], **dict(CHEAP, deals=5_000))
    decide = cls(1, "").decide
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for view in views:
            decide(view)
        best = min(best, (time.perf_counter() - start) / len(views))
    return best


def engine_alone():
    """Seconds a decision of seat 0 with the built-in call in both seats (best of 3)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        report = pa.run([("call-0", "call"), ("call-1", "call")], **CHEAP)
        best = min(best, (time.perf_counter() - start) / report["bots"][0]["decisions"])
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--one-core", action="store_true")
    args = parser.parse_args()
    if args.one_core:
        os.sched_setaffinity(0, {0})
    figures = {(case, way): [] for case in CASES for way in ("in", "proc")}
    for _ in range(args.rounds):
        for case, (file, name, options) in CASES.items():
            cls = load(file, name)
            inside = play(cls, options)
            outside = play((cls.name, "proc:%s %s" % (sys.executable,
                                                      os.path.join(EXAMPLES, file))), options)
            # The same tournament both ways: the same chips.
            assert [b["net_chips"] for b in inside[2]] == [b["net_chips"] for b in outside[2]]
            figures[case, "in"].append(inside[:2])
            figures[case, "proc"].append(outside[:2])
    print("%s, %s, load %.2f" % (cpu_name(), "one core" if args.one_core else "free",
                                 os.getloadavg()[0]))
    medians_of = {}
    for case in CASES:
        medians = {}
        for way in ("in", "proc"):
            wall = statistics.median(f[0] for f in figures[case, way])
            cpu = statistics.median(f[1] for f in figures[case, way])
            medians[way] = wall, cpu
            print("  %-5s %-7s %9.0f decisions/s  %9.0f per CPU second   (rounds: %s)" % (
                case, "process" if way == "proc" else "run()", wall, cpu,
                ", ".join("%.0f" % f[0] for f in figures[case, way])))
        print("  %-5s run() / process: %.1fx wall, %.1fx CPU" % (
            case, medians["in"][0] / medians["proc"][0], medians["in"][1] / medians["proc"][1]))
        medians_of[case] = medians
    engine = engine_alone()
    print("  engine and the built-in call: %.3f us a decision" % (engine * 1e6))
    for case in ("rule", "call"):
        own = decide_alone(load(*CASES[case][:2]))
        inside = 1 / medians_of[case]["in"][0]
        print("  %-5s decide alone %.3f us; in run() %.3f us, the host's share %.3f us; "
              "at most %.1fx with none" % (case, own * 1e6, inside * 1e6,
                                          (inside - own - engine) * 1e6,
                                          1 / medians_of[case]["proc"][0] / (own + engine)))


if __name__ == "__main__":
    main()
