#!/usr/bin/env python3
"""Check pokerarena's statistics against seeded tournaments whose truth is known.

Usage:
  scripts/validate_stats.py [--pokerarena PATH] [--seeds N] [--jobs J] [--only NAME]
                            [--truth MBB] [--aivat-truth MBB] [--aivat-truth-ring MBB]

Runs the `pokerarena` binary (default: build/sim/pokerarena) over many seeds and prints, with
a 95% Wilson interval for each rate (the binomial uncertainty of N runs):

  coverage   how often the 95% interval of bot 0 covers the truth, for identical bots (the
             truth is 0 mbb/hand, or a prize of 1 buy-in: no bot can be better than its
             twin), heads-up, ring and sit-and-go, from 5 samples up. A run whose interval is
             flagged too_few_samples is counted as it is (an infinite interval covers) and the
             share flagged is printed beside.
  seating    two identical `tag` bots in one 6-max ring, in three orders of --bots: their
             figures and whether they agree within their intervals.
  sprt       the SPRT's error rates with the truth at mu0 (accepting H1 is the error, at most
             alpha) and at mu1 (accepting H0 is the error, at most beta), for identical
             light-tailed bots (tag against tag: truth 0), identical heavy-tailed bots
             (tag:bet_size=3 twice: truth 0), a heavy-tailed pair (tag against
             tag:bet_size=3, whose truth is first measured on 100 million deal pairs, or given
             with --truth) and a pair whose block means and spreads correlate (tag against
             allin, truth given with --truth-allin); with each, the average sample number
             against the fixed-sample test of the same power (known variance, so a lower bound
             on the fixed test's size). Last, far beyond both hypotheses: tag against call
             with --sprt 0,20 (run --help's example), against the fixed test that detects the
             measured edge, and that test's floor of the 20 blocks the SPRT needs at least.
  aivat      AIVAT (--aivat, docs/aivat.md): per run the difference AIVAT - raw of bot 0's
             (heads-up: the pair's) win rate, whose mean over the runs must be 0 within its
             standard error, for random against tag (both report strategies), call against
             equity (no action terms: call's point masses add none, equity reports nothing)
             and a 6-max ring; how often the AIVAT interval covers the truth (random against
             tag, and bot 0 of the ring: the truth from a long raw run, or --aivat-truth and
             --aivat-truth-ring); and the variance ratio AIVAT / raw of tag against equity,
             random against tag and the ring's bots, from one long run each.
  aivat-games  the same in Kuhn and Leduc (--game kuhn|leduc: random against cfr, both
             reporting strategies): AIVAT - raw with mean 0, the AIVAT interval's coverage of
             the truth (a long raw run), and the variance ratios.

Only the Python standard library is needed. Every run is one process with --threads 1;
--jobs runs that many at once (default 2). The whole check plays about 500 million hands
(200 million of them measuring the truth): a quarter of an hour on two shared cores.
docs/benchmarks.md has its output. It is not a ctest: too long for CI.
"""

import argparse
import concurrent.futures
import itertools
import json
import math
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def wilson(successes, n, z=1.959964):
    """The 95% Wilson score interval of a binomial rate."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate_text(successes, n):
    low, high = wilson(successes, n)
    return f"{100 * successes / n:5.1f}% [{100 * low:5.1f}, {100 * high:5.1f}] of {n}"


class Runner:
    def __init__(self, binary, jobs, folder):
        self.binary = binary
        self.jobs = jobs
        self.folder = folder  # where each run writes its report, read and removed at once
        self.names = itertools.count()  # next() on it is atomic: the runs' threads share it

    def run(self, args):
        """One run; returns its report as a dict (JSON with Infinity for infinite figures)."""
        out = os.path.join(self.folder, f"run{next(self.names)}")
        command = [self.binary, "run", *args, "--threads", "1", "--out", out + ".pb",
                   "--json", out + ".json"]
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True)
        if done.returncode != 0:
            sys.exit(f"validate_stats: {' '.join(command)} failed:\n{done.stderr}")
        with open(out + ".json") as f:
            report = json.load(f, parse_constant=float)
        os.remove(out + ".json")
        os.remove(out + ".pb")
        return report

    def run_all(self, arg_lists):
        with concurrent.futures.ThreadPoolExecutor(self.jobs) as pool:
            return list(pool.map(self.run, arg_lists))


def figure(estimate, name):
    value = estimate.get(name, 0)
    return float(value) if isinstance(value, str) else value


def coverage(runner, seeds):
    print("Coverage of the 95% intervals of bot 0, identical bots (truth: 0 mbb/hand; "
          "sit-and-go: a prize of 1 buy-in)")
    # Bots that play at random, so that every sample varies: two deterministic twins (tag
    # against tag) cancel exactly in a duplicate pair, and their intervals are flagged rather
    # than tested.
    six_random = ",".join(f"r{i}=random" for i in range(6))
    six_tags = ",".join(f"t{i}=tag" for i in range(6))
    setups = [
        ("heads-up random x2", ["--bots", "a=random,b=random"], [5, 10, 30, 100], "deal pairs"),
        ("ring random x6", ["--format", "ring", "--bots", six_random], [5, 10, 30, 100],
         "deals"),
        ("sit-and-go random x6", ["--format", "sit-and-go", "--bots", six_random], [5, 10, 30],
         "tournaments"),
        ("sit-and-go tag x6", ["--format", "sit-and-go", "--bots", six_tags], [5, 10, 30],
         "tournaments"),
    ]
    for name, args, sizes, unit in setups:
        for hands in sizes:
            reports = runner.run_all(
                [[*args, "--tournaments" if unit == "tournaments" else "--deals", str(hands),
                  "--seed", str(seed)] for seed in range(seeds)])
            covered = 0
            flagged = 0
            for r in reports:
                bot = r["bots"][0]
                sit_and_go = "prize" in bot and r["config"]["format"] == "SIT_AND_GO"
                e = bot["prize"] if sit_and_go else bot["mbb_per_hand"]
                truth = 1.0 if sit_and_go else 0.0
                if abs(figure(e, "mean") - truth) <= figure(e, "ci95"):
                    covered += 1
                if e.get("too_few_samples"):
                    flagged += 1
            print(f"  {name:28} {hands:4} {unit:12} {rate_text(covered, len(reports))}"
                  f"   flagged {flagged}")


def seating(runner):
    print("Two identical tag bots in one 6-max ring, 20,000 deals, seed 1, three orders "
          "of --bots")
    others = ["call", "random", "equity:samples=20", "fold"]
    orders = [
        ["t1=tag", "t2=tag", *others],
        ["t1=tag", *others[:2], "t2=tag", *others[2:]],
        [others[0], "t1=tag", others[1], others[2], "t2=tag", others[3]],
    ]
    reports = runner.run_all([["--format", "ring", "--bots", ",".join(order), "--deals",
                               "20000", "--seed", "1"] for order in orders])
    for order, r in zip(orders, reports):
        by_name = {b["name"]: b["mbb_per_hand"] for b in r["bots"]}
        one, two = by_name["t1"], by_name["t2"]
        gap = abs(figure(one, "mean") - figure(two, "mean"))
        allowed = math.hypot(figure(one, "ci95"), figure(two, "ci95"))
        print(f"  {','.join(order):48} t1 {figure(one, 'mean'):+8.1f} ± "
              f"{figure(one, 'ci95'):6.1f}  t2 {figure(two, 'mean'):+8.1f} ± "
              f"{figure(two, 'ci95'):6.1f}  {'agree' if gap <= allowed else 'DISAGREE'}")


def truth_of(runner, bots):
    """A pair's mean over 100 million deal pairs (200 million hands), in mbb/hand."""
    args = [["--bots", bots, "--deals", "10000000", "--seed", str(1000 + k)] for k in range(10)]
    reports = runner.run_all(args)
    mean = sum(figure(r["pairs"][0]["mbb_per_hand_a"], "mean") for r in reports) / len(reports)
    ci = math.sqrt(sum(figure(r["pairs"][0]["mbb_per_hand_a"], "ci95") ** 2
                       for r in reports)) / len(reports)
    return mean, ci


Z95 = 1.6448536269514722  # the one-sided 95% normal quantile (alpha = beta = 0.05)
BLOCK_PAIRS = 512  # deal pairs per SPRT block (the unit size with an SPRT)


def block_sd(reports):
    """The spread of one block mean, in mbb/hand, pooled over the runs' deal pairs."""
    squares = weight = 0.0
    for r in reports:
        e = r["pairs"][0]["mbb_per_hand_a"]
        n = int(e["samples"])
        if n > 1:
            squares += (n - 1) * figure(e, "stddev") ** 2
            weight += n - 1
    return math.sqrt(squares / weight / BLOCK_PAIRS)


def fixed_sample_hands(sd, distance):
    """Hands of the fixed-sample test with the SPRT's power: ((z_alpha + z_beta) sd / d)^2
    blocks, known variance (a lower bound for the t test); at least the SPRT's 20 blocks."""
    blocks = ((2 * Z95) * sd / distance) ** 2
    return blocks * 2 * BLOCK_PAIRS, max(blocks, 20) * 2 * BLOCK_PAIRS


def sprt_series(runner, seeds, name, bots, where, mbb0, mbb1, error, distance):
    """One series; `distance`: from the truth to the hypothesis the fixed test rejects."""
    spec = f"{mbb0:.4f},{mbb1:.4f},0.05,0.05"
    reports = runner.run_all([["--bots", bots, "--sprt", spec, "--deals", "5000000",
                               "--seed", str(seed)] for seed in range(seeds)])
    errors = sum(1 for r in reports if r["sprt"]["decision"] == error)
    undecided = sum(1 for r in reports if r["sprt"]["decision"] == "undecided")
    hands = [int(r["sprt"]["hands"]) for r in reports]
    mean_hands = sum(hands) / len(hands)
    fixed, floor = fixed_sample_hands(block_sd(reports), distance)
    print(f"  {name:28} {where:12} ({mbb0:+.1f} vs {mbb1:+.1f}): error "
          f"{rate_text(errors, len(reports))}, undecided {undecided}, mean {mean_hands:,.0f} "
          f"hands = {mean_hands / fixed:.2f} x fixed {fixed:,.0f}"
          + (f" ({mean_hands / floor:.2f} x its 20-block floor)" if floor > fixed else ""))


def sprt_rates(runner, seeds, truth, truth_allin):
    print("SPRT error rates (alpha = beta = 0.05), at most 5,000,000 deal pairs a run; average "
          "sample number against the fixed-sample test of the same power")
    if truth is None:
        truth, truth_ci = truth_of(runner, "a=tag,b=tag:bet_size=3")
        print(f"  tag vs tag:bet_size=3 over 100,000,000 deal pairs: {truth:+.2f} ± "
              f"{truth_ci:.2f} mbb/hand (the truth below)")
    else:
        print(f"  tag vs tag:bet_size=3: {truth:+.2f} mbb/hand as given by --truth")
    print(f"  tag vs allin: {truth_allin:+.2f} mbb/hand as given by --truth-allin")
    # name, bots, the truth, mu1 - mu0
    setups = [("light, identical: tag x2", "a=tag,b=tag", 0.0, 20.0),
              ("heavy, identical: bet_size=3 x2", "a=tag:bet_size=3,b=tag:bet_size=3", 0.0, 20.0),
              ("heavy: tag vs tag:bet_size=3", "a=tag,b=tag:bet_size=3", truth, 27.5),
              # A unit's mean and its spread correlate (+0.55): low blocks come with small
              # spreads.
              ("correlated: tag vs allin", "a=tag,b=allin", truth_allin, 300.0)]
    for name, bots, centre, delta in setups:
        sprt_series(runner, seeds, name, bots, "truth at mu0", centre, centre + delta,
                    "H1 (mbb1)", delta)
        sprt_series(runner, seeds, name, bots, "truth at mu1", centre - delta, centre,
                    "H0 (mbb0)", delta)
    # Far beyond both hypotheses: run --help's example. Tag's edge over call comes from a fixed
    # run of 2,000,000 deal pairs (the SPRT's own stopped runs would give a biased one).
    edge = runner.run_all([["--bots", "a=tag,b=call", "--deals", "2000000", "--seed", "99"]])[0]
    edge_mean = figure(edge["pairs"][0]["mbb_per_hand_a"], "mean")
    print(f"  tag vs call over 2,000,000 deal pairs: {edge_mean:+.1f} mbb/hand")
    sprt_series(runner, max(1, seeds // 5), "far: tag vs call", "a=tag,b=call", "far", 0.0,
                20.0, "H0 (mbb0)", edge_mean)


AIVAT_RING = "r1=random,t1=tag,c=call,r2=random,t2=tag,a=allin"


def aivat_figure(report, ring, name):
    """Bot 0's (ring) or the pair's (heads-up) estimate `name`."""
    if ring:
        return report["bots"][0]["mbb_per_hand" + name]
    return report["pairs"][0]["mbb_per_hand" + name + "_a"]


def aivat_minus_raw(reports, ring):
    """The mean over the runs of AIVAT - raw (bot 0's, or the pair's) and its 95% half-width."""
    diffs = [figure(aivat_figure(r, ring, "_aivat"), "mean") -
             figure(aivat_figure(r, ring, ""), "mean") for r in reports]
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)) if len(diffs) > 1 \
        else 0.0
    return mean, 1.96 * sd / math.sqrt(len(diffs))


def aivat_coverage(reports, ring, truth):
    """How many runs' AIVAT intervals, and how many raw ones, cover the truth."""
    covered = raw_covered = 0
    for r in reports:
        a = aivat_figure(r, ring, "_aivat")
        raw = aivat_figure(r, ring, "")
        covered += abs(figure(a, "mean") - truth) <= figure(a, "ci95")
        raw_covered += abs(figure(raw, "mean") - truth) <= figure(raw, "ci95")
    return covered, raw_covered


def aivat_checks(runner, seeds, truth, truth_ring):
    print("AIVAT: the mean over the runs of (AIVAT - raw), 95% interval; coverage of the "
          "truth by the AIVAT interval; variance ratios")
    setups = [("heads-up random vs tag", ["--bots", "a=random,b=tag"], False, 2000),
              ("heads-up call vs equity", ["--bots", "a=call,b=equity:samples=100"], False, 500),
              ("6-max ring", ["--format", "ring", "--bots", AIVAT_RING], True, 300)]
    for name, args, ring, deals in setups:
        reports = runner.run_all([[*args, "--aivat", "--deals", str(deals), "--seed", str(seed)]
                                  for seed in range(seeds)])
        mean, half = aivat_minus_raw(reports, ring)
        verdict = "zero within it" if abs(mean) <= half else "NOT ZERO"
        print(f"  {name:28} {deals:5} deals x {len(reports)} runs: AIVAT - raw "
              f"{mean:+8.2f} ± {half:6.2f} mbb/hand  {verdict}")

    for name, args, ring, deals, given in [
            ("heads-up random vs tag", ["--bots", "a=random,b=tag"], False, 2000, truth),
            ("6-max ring, bot r1", ["--format", "ring", "--bots", AIVAT_RING], True, 300,
             truth_ring)]:
        if given is None:
            long_deals = 1000000 if ring else 2000000
            long = runner.run_all([[*args, "--deals", str(long_deals), "--seed", "4242"]])[0]
            e = aivat_figure(long, ring, "")
            given = figure(e, "mean")
            print(f"  {name}: truth {given:+.1f} ± {figure(e, 'ci95'):.1f} mbb/hand from "
                  f"{long_deals:,} raw deals")
        else:
            print(f"  {name}: truth {given:+.1f} mbb/hand as given")
        reports = runner.run_all([[*args, "--aivat", "--deals", str(deals), "--seed",
                                   str(5000 + seed)] for seed in range(seeds)])
        covered, raw_covered = aivat_coverage(reports, ring, given)
        print(f"  {name:28} {deals:5} deals: AIVAT covers {rate_text(covered, len(reports))}"
              f"   (raw {rate_text(raw_covered, len(reports))})")

    for name, args, ring, deals in [
            ("heads-up tag vs equity", ["--bots", "a=tag,b=equity:samples=100"], False, 20000),
            ("heads-up random vs tag", ["--bots", "a=random,b=tag"], False, 100000),
            ("heads-up call vs equity", ["--bots", "a=call,b=equity:samples=100"], False, 20000),
            ("6-max ring", ["--format", "ring", "--bots", AIVAT_RING], True, 20000)]:
        r = runner.run_all([[*args, "--aivat", "--deals", str(deals), "--seed", "77"]])[0]
        if ring:
            for bot in r["bots"]:
                ratio = figure(bot, "aivat_variance_ratio")
                print(f"  {name:28} {bot['name']:4} variance ratio {ratio:.3f}, interval x "
                      f"{math.sqrt(ratio):.2f}; strategies for {bot.get('decisions_with_strategy', 0)}"
                      f" of {bot.get('decisions', 0)} decisions")
        else:
            pair = r["pairs"][0]
            ratio = figure(pair, "aivat_variance_ratio")
            raw = pair["mbb_per_hand_a"]
            aivat = pair["mbb_per_hand_aivat_a"]
            print(f"  {name:28} {deals:6} deal pairs: raw {figure(raw, 'mean'):+8.1f} ± "
                  f"{figure(raw, 'ci95'):6.1f}, AIVAT {figure(aivat, 'mean'):+8.1f} ± "
                  f"{figure(aivat, 'ci95'):6.1f}: variance ratio {ratio:.3f}, interval x "
                  f"{math.sqrt(ratio):.2f}")


def aivat_game_checks(runner, seeds):
    print("AIVAT in Kuhn and Leduc (random against cfr): the mean over the runs of "
          "(AIVAT - raw), 95% interval; coverage of the truth by the AIVAT interval; variance "
          "ratios")
    for game, deals in (("kuhn", 2000), ("leduc", 2000)):
        args = ["--game", game, "--bots", "a=random,b=cfr"]
        reports = runner.run_all([[*args, "--aivat", "--deals", str(deals), "--seed", str(seed)]
                                  for seed in range(seeds)])
        mean, half = aivat_minus_raw(reports, False)
        verdict = "zero within it" if abs(mean) <= half else "NOT ZERO"
        print(f"  {game:6} {deals:5} deals x {len(reports)} runs: AIVAT - raw "
              f"{mean:+8.2f} ± {half:6.2f} mbb/hand  {verdict}")
        long_deals = 4000000
        long = runner.run_all([[*args, "--deals", str(long_deals), "--seed", "4242"]])[0]
        e = aivat_figure(long, False, "")
        truth = figure(e, "mean")
        print(f"  {game:6} truth {truth:+.1f} ± {figure(e, 'ci95'):.1f} mbb/hand from "
              f"{long_deals:,} raw deals")
        reports = runner.run_all([[*args, "--aivat", "--deals", str(deals), "--seed",
                                   str(5000 + seed)] for seed in range(seeds)])
        covered, raw_covered = aivat_coverage(reports, False, truth)
        print(f"  {game:6} {deals:5} deals: AIVAT covers {rate_text(covered, len(reports))}"
              f"   (raw {rate_text(raw_covered, len(reports))})")
        r = runner.run_all([[*args, "--aivat", "--deals", "100000", "--seed", "77"]])[0]
        pair = r["pairs"][0]
        ratio = figure(pair, "aivat_variance_ratio")
        print(f"  {game:6} 100000 deal pairs: raw {figure(pair['mbb_per_hand_a'], 'mean'):+8.1f} "
              f"± {figure(pair['mbb_per_hand_a'], 'ci95'):6.1f}, AIVAT "
              f"{figure(pair['mbb_per_hand_aivat_a'], 'mean'):+8.1f} ± "
              f"{figure(pair['mbb_per_hand_aivat_a'], 'ci95'):6.1f}: variance ratio {ratio:.3f}, "
              f"interval x {math.sqrt(ratio):.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pokerarena", default=os.path.join(ROOT, "build", "sim", "pokerarena"))
    parser.add_argument("--seeds", type=int, default=300, help="runs per figure (default 300)")
    parser.add_argument("--jobs", type=int, default=2, help="runs at once (default 2)")
    parser.add_argument("--only", choices=["coverage", "seating", "sprt", "aivat", "aivat-games"])
    parser.add_argument("--truth", type=float,
                        help="tag vs tag:bet_size=3 in mbb/hand, instead of measuring it again")
    parser.add_argument("--truth-allin", type=float, default=1604.2,
                        help="tag vs allin in mbb/hand (default 1604.2: 28 million deal pairs)")
    parser.add_argument("--aivat-truth", type=float,
                        help="random vs tag in mbb/hand, instead of a long raw run")
    parser.add_argument("--aivat-truth-ring", type=float,
                        help="bot r1 of the AIVAT ring in mbb/hand, instead of a long raw run")
    options = parser.parse_args()
    if not os.access(options.pokerarena, os.X_OK):
        sys.exit(f"validate_stats: no pokerarena binary at {options.pokerarena} "
                 "(build it, or give --pokerarena PATH)")
    if options.seeds < 1 or options.jobs < 1:
        sys.exit("validate_stats: --seeds and --jobs must be at least 1")
    # Removed with whatever is in it however the check ends (a failed run exits in between).
    with tempfile.TemporaryDirectory(prefix="validate_stats.") as folder:
        runner = Runner(options.pokerarena, options.jobs, folder)
        if options.only in (None, "coverage"):
            coverage(runner, options.seeds)
        if options.only in (None, "seating"):
            seating(runner)
        if options.only in (None, "sprt"):
            sprt_rates(runner, options.seeds, options.truth, options.truth_allin)
        if options.only in (None, "aivat"):
            aivat_checks(runner, options.seeds, options.aivat_truth, options.aivat_truth_ring)
        if options.only in (None, "aivat-games"):
            aivat_game_checks(runner, options.seeds)


if __name__ == "__main__":
    main()
