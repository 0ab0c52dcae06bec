#!/usr/bin/env python3
"""End to end: one tournament, a deterministic Python bot answering in each of the SDK's
ways (synchronous, async, threads, batches) with compact views, and synchronously and in
batches with JSON views; the six reports must agree figure for figure (pokerarena report
--json, without the timing and the bot's command).

    python3 tests/bots/python/same_report_every_way.py build/sim/pokerarena

Small units (deals_per_unit: 2) put dozens of tables in flight, so the async, threaded and
batched ways answer many decisions at once, out of order.
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
WAYS = ("sync", "async", "threads", "batch", "json", "batch-json")
# What may differ between the runs: timings, when and how the run was started, and the
# bot's command line (it names the way).
VARYING = {"timing", "run", "spec", "process", "mean_decision_us", "timing_decision_ns",
           "decision_ns", "command"}

CONFIG = """
format: ROUND_ROBIN
bots {
  name: "ways"
  process { command: ["%(python)s", "%(bot)s", "%(way)s"] }
}
bots { spec: "tag" }
bots { spec: "call" }
deals: 120
seed: 11
deals_per_unit: 2
"""


def figures(value):
    if isinstance(value, dict):
        return {k: figures(v) for k, v in value.items() if k not in VARYING}
    if isinstance(value, list):
        return [figures(v) for v in value]
    return value


def first_difference(a, b, path="report"):
    if type(a) is not type(b):
        return path
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return "%s.%s" % (path, k)
            d = first_difference(a[k], b[k], "%s.%s" % (path, k))
            if d:
                return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return path + " (length)"
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, "%s[%d]" % (path, i))
            if d:
                return d
        return None
    return None if a == b else "%s: %r != %r" % (path, a, b)


def main():
    pokerarena = sys.argv[1]
    reports = {}
    with tempfile.TemporaryDirectory() as tmp:
        for way in WAYS:
            config = os.path.join(tmp, way + ".txtpb")
            with open(config, "w") as f:
                f.write(CONFIG % {"python": sys.executable,
                                  "bot": os.path.join(HERE, "ways_bot.py"), "way": way})
            report = os.path.join(tmp, way + ".pb")
            run = subprocess.run([pokerarena, "run", config, "--tables", "64", "-o", report,
                                  "-q"], capture_output=True, text=True, timeout=300)
            if run.returncode != 0:
                print("FAIL: the %s run exited %d:\n%s%s" % (way, run.returncode, run.stdout,
                                                             run.stderr))
                return 1
            shown = subprocess.run([pokerarena, "report", report, "--json"],
                                   capture_output=True, text=True, timeout=300, check=True)
            reports[way] = json.loads(shown.stdout)
    bot = [b for b in reports["sync"]["bots"] if b["name"] == "ways"][0]
    faults = sum(int(v) for k, v in bot["faults"].items() if k not in ("first_message", "first_forfeit"))
    if int(bot["decisions"]) == 0 or faults:
        print("FAIL: the bot made %s decisions with %d faults" % (bot["decisions"], faults))
        return 1
    failed = 0
    for way in WAYS[1:]:
        d = first_difference(figures(reports["sync"]), figures(reports[way]))
        if d:
            print("FAIL: %s differs from sync at %s" % (way, d))
            failed += 1
        else:
            print("ok: %s gives the sync report (%s decisions, %s mbb/hand)"
                  % (way, bot["decisions"], bot["mbb_per_hand"]["mean"]))
    print("%d passed, %d failed" % (len(WAYS) - 1 - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
