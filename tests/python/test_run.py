"""pokerarena.run(): tournaments from Python, with SDK classes played in process.

The classes of run_bots.py play the same tournament in process and as process bots
(`proc:PYTHON run_bots.py CLASS`): every figure of the report must be the same."""
import contextlib
import importlib.util
import io
import asyncio
import json
import os
import signal
import sys
import tempfile
import threading
import unittest

import pokerarena as pa

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run_bots  # noqa: E402
from pokerarena_bot import Bot, Refuse, call, check  # noqa: E402
import pokerarena_bot as sdk  # noqa: E402

BOTS_FILE = os.path.join(HERE, "run_bots.py")
# What only the way a bot is played changes: its spec and name, its timing, a process
# bot's process.
NOT_FIGURES = ("name", "spec", "mean_decision_us", "process")


def figures(report):
    return [{k: v for k, v in bot.items() if k not in NOT_FIGURES} for bot in report["bots"]]


def process_spec(name):
    return "proc:%s %s %s" % (sys.executable, BOTS_FILE, name)


class SameFiguresAsProcessBots(unittest.TestCase):
    # A process bot's default matches and units are shorter: both runs are given the same
    # (the cards do not depend on them, but a bot's seeds depend on its match, and the AIVAT
    # sums' rounding on the units).
    OPTIONS = dict(deals=400, seed=11, threads=2, match_deals=8, deals_per_unit=8, aivat=True)

    def compare(self, name, cls=None, spec=None, **options):
        options = dict(self.OPTIONS, **options)
        cls = cls or getattr(run_bots, name)
        in_process = pa.run([cls, "tag", "random"], **options)
        # Named as the class names itself, so that the pairs name the same bots.
        as_process = pa.run([(cls.name, spec or process_spec(name)), "tag", "random"],
                            **options)
        self.assertTrue(in_process["complete"])
        self.assertGreater(in_process["bots"][0]["decisions"], 200)
        self.assertEqual(figures(in_process), figures(as_process))
        self.assertEqual(in_process["pairs"], as_process["pairs"])
        return in_process

    def test_deterministic_bot(self):
        self.compare("Pairs")

    def test_bot_drawing_from_its_rng(self):
        report = self.compare("Drawer")
        self.assertEqual(report["bots"][0]["faults"]["exception"], 0)

    def test_legal_and_json_views(self):
        legal = self.compare("LegalDrawer")
        as_json = self.compare("JsonDrawer")
        self.assertEqual(figures(legal), figures(as_json))

    def test_mixed_strategies_reach_aivat(self):
        report = self.compare("Mixer")
        mixer = report["bots"][0]
        self.assertGreater(mixer["decisions_with_strategy"], mixer["decisions"] // 2)

    def test_decide_batch(self):
        run_bots.Batcher.largest = 0
        batched = self.compare("Batcher")
        drawn = pa.run([run_bots.Drawer, "tag", "random"], **self.OPTIONS)
        self.assertEqual(figures(batched), figures(drawn))
        # The paused tables feed the class in process as they feed a process bot's pipe.
        self.assertGreater(run_bots.Batcher.largest, 1)
        self.assertLessEqual(run_bots.Batcher.largest, sdk.Bot.max_batch)

    def test_a_batch_answered_short_is_faults_not_a_failed_run(self):
        options = dict(deals=200, seed=4, match_deals=8, deals_per_unit=8, threads=1)
        with contextlib.redirect_stderr(io.StringIO()):
            in_process = pa.run([run_bots.ShortBatcher, "random"], **options)
        self.assertTrue(in_process["complete"])
        faults = in_process["bots"][0]["faults"]
        self.assertGreater(faults["bad_answer"] + faults["exception"], 0)
        self.assertIn("decide_batch() returned", faults["first_message"])

    def test_max_batch_bounds_the_batches(self):
        class SmallBatches(run_bots.Batcher):
            max_batch = 3

        run_bots.Batcher.largest = 0
        report = pa.run([SmallBatches, "random"], deals=400, seed=4, match_deals=8, deals_per_unit=8)
        self.assertGreater(report["bots"][0]["decisions"], 100)
        self.assertEqual(run_bots.Batcher.largest, 3)

    def test_async_decide_runs_decisions_together(self):
        run_bots.AsyncDrawer.most_in_flight = 0
        together = self.compare("AsyncDrawer")
        drawn = pa.run([run_bots.Drawer, "tag", "random"], **self.OPTIONS)
        self.assertEqual(figures(together), figures(drawn))
        self.assertGreater(run_bots.AsyncDrawer.most_in_flight, 1)
        self.assertEqual(run_bots.AsyncDrawer.in_flight, 0)

    def test_async_concurrency_bounds_the_decisions_in_flight(self):
        class TwoAtOnce(run_bots.AsyncDrawer):
            concurrency = 2

        run_bots.AsyncDrawer.most_in_flight = 0
        pa.run([TwoAtOnce, "random"], deals=400, seed=4, match_deals=8, deals_per_unit=8)
        self.assertEqual(run_bots.AsyncDrawer.most_in_flight, 2)

    def test_threads_run_blocking_decides_on_a_pool(self):
        run_bots.ThreadedDrawer.threads_seen = set()
        threaded = self.compare("ThreadedDrawer")
        drawn = pa.run([run_bots.Drawer, "tag", "random"], **self.OPTIONS)
        self.assertEqual(figures(threaded), figures(drawn))
        seen = run_bots.ThreadedDrawer.threads_seen
        self.assertGreater(len(seen), 1)
        self.assertLessEqual(len(seen), run_bots.ThreadedDrawer.threads)
        self.assertNotIn(threading.get_ident(), seen)

    def test_pot_odds_example_with_the_modules_equity(self):
        path = os.path.join(HERE, "..", "..", "bots", "sdk", "python", "examples",
                            "pot_odds_bot.py")
        spec = importlib.util.spec_from_file_location("pot_odds_bot", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        report = self.compare("PotOddsBot", module.PotOddsBot,
                              "proc:%s %s" % (sys.executable, path), deals=100)
        self.assertNotEqual(report["bots"][0]["net_chips"], 0)
        # Its games are hold'em's: another game is refused, in process and by the SDK's hello.
        with self.assertRaisesRegex(ValueError, "PotOddsBot plays holdem only, not kuhn"):
            pa.run([module.PotOddsBot, "call"], game="kuhn", deals=10)
        self.assertEqual(sdk._hello(module.PotOddsBot, {"game": "leduc"})[0],
                         {"type": "refuse", "reason": "PotOddsBot plays holdem only, not leduc"})
        self.assertEqual(sdk._hello(run_bots.Drawer, {"game": "leduc"})[0]["type"], "hello")

    def test_ring(self):
        self.compare("Drawer", format="ring", deals=60, match_deals=4, deals_per_unit=4,
                     aivat=False)


class ViewChecker(Bot):
    """Checks or calls, and notes every field of its view that differs from what the SDK
    decodes from the protocol's compact line of the same decision. Then it spoils what it was
    given (the host keeps the legal actions' dicts and the ints of its views for the next
    ones): a view that shared a mutable object with another would differ from its line."""
    mismatches = []

    def decide(self, view):
        line = sdk._compact_view(view._raw)
        for key in ("seat", "num_seats", "hand", "button", "round", "big_blind", "legal",
                    "stacks", "bets", "committed", "pot", "current_bet", "dealt_in", "folded",
                    "all_in", "hole", "board", "actions", "actions_truncated", "my_cards"):
            if getattr(view, key) != getattr(line, key):
                ViewChecker.mismatches.append((key, getattr(view, key), getattr(line, key)))
        if view.data != line.data:
            ViewChecker.mismatches.append(("data", view.data, line.data))
        if type(view.legal) is not sdk.Legal:
            ViewChecker.mismatches.append(("legal's type", type(view.legal), sdk.Legal))
        action = check() if view.legal.can_check else call()
        view.legal["call"] = -1
        view.legal.clear()
        for spoilt in (view.stacks, view.board, view.my_cards):
            spoilt.append(-1)
        view.stacks[0] += 1
        return action


class Views(unittest.TestCase):
    def test_view_is_the_sdks_decoding_of_the_line(self):
        ViewChecker.mismatches = []
        report = pa.run([ViewChecker, "tag", "random"], format="ring", deals=30, threads=1)
        self.assertGreater(report["bots"][0]["decisions"], 50)
        # An exception in decide (a field the view lacks) would be a fault, not a mismatch.
        self.assertEqual(report["bots"][0]["faults"]["exception"], 0)
        self.assertEqual(ViewChecker.mismatches, [])


class Refuser(Bot):
    @classmethod
    def check_config(cls, config):
        raise Refuse("cannot play with %r" % config)


class Listener(Bot):
    events = True
    seen = []
    matches = 0

    def on_event(self, event):
        Listener.seen.append(event.kind)

    def new_match(self):
        Listener.matches += 1

    def decide(self, view):
        return call()


class Interrupter(Bot):
    def decide(self, view):
        if view.hand == 2:
            raise KeyboardInterrupt
        return call()


class Nester(Bot):
    """Starts a tournament from inside its own decide."""
    errors = []

    def decide(self, view):
        try:
            pa.run(["call", "random"], deals=2, threads=1)
        except RuntimeError as e:
            Nester.errors.append(str(e))
        return call()


class PooledNester(Nester):
    """The same on a pool of threads (threads = N)."""
    threads = 2


class Rules(unittest.TestCase):
    def test_faults_are_counted_and_tracebacks_printed(self):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            report = pa.run([run_bots.Faulty, "call"], deals=30, seed=2, threads=1)
        faults = report["bots"][0]["faults"]
        self.assertGreater(faults["exception"], 0)  # exceptions and error answers
        self.assertIn("no decision at hand 0", faults["first_message"])
        self.assertEqual(report["bots"][1]["faults"]["exception"], 0)
        self.assertIn("ValueError: no decision at hand", err.getvalue())
        self.assertIn("Traceback", err.getvalue())

    def test_faults_match_process_bots(self):
        options = dict(deals=30, seed=2, threads=1, match_deals=8)
        with contextlib.redirect_stderr(io.StringIO()):
            mine = pa.run([run_bots.Faulty, "call"], **options)
        theirs = pa.run([process_spec("Faulty"), "call"], **options)
        for a, b in zip(mine["bots"], theirs["bots"]):
            self.assertEqual(a["net_chips"], b["net_chips"])
            for kind in ("exception", "illegal_action", "bad_answer"):
                self.assertEqual(a["faults"][kind], b["faults"][kind], kind)

    def test_refused_config_raises(self):
        with self.assertRaisesRegex(ValueError, "refused: cannot play with 'x=1'"):
            pa.run([{"bot": Refuser, "config": "x=1"}, "call"], deals=5)

    def test_events_and_new_match(self):
        Listener.seen, Listener.matches = [], 0
        pa.run([Listener, "call"], deals=4, threads=1)
        self.assertIn("hand_started", Listener.seen)
        self.assertIn("hole_cards", Listener.seen)
        self.assertGreater(Listener.matches, 0)  # duplicate: the second half

    def test_a_run_inside_a_bots_decide_raises(self):
        for bot in (Nester, PooledNester):
            Nester.errors = []
            report = pa.run([bot, "call"], deals=3, threads=1)
            self.assertEqual(report["bots"][0]["faults"]["exception"], 0)
            self.assertEqual(len(Nester.errors), report["bots"][0]["decisions"])
            self.assertIn("called from a bot's code while a run plays it", Nester.errors[0])

    def test_keyboard_interrupt_stops_the_run(self):
        with self.assertRaises(KeyboardInterrupt):
            pa.run([Interrupter, "call"], deals=5000, threads=2)


class Hanger(Bot):
    """An async decide whose every 50th coroutine waits for an event that is never set."""
    name = "hanger"
    calls = 0
    answers_when_cancelled = False

    async def decide(self, view):
        cls = type(self)
        cls.calls += 1
        if cls.calls % 50:
            return call()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            if not cls.answers_when_cancelled:
                raise
            return call()


class Swallower(Hanger):
    """As Hanger, but a hung coroutine catches its cancellation and answers call()."""
    name = "swallower"
    calls = 0
    answers_when_cancelled = True


class StderrWatch(io.StringIO):
    """sys.stderr that sets `event` once a line holding `text` is written."""

    def __init__(self, text):
        super().__init__()
        self.text = text
        self.event = threading.Event()

    def write(self, s):
        if self.text in s:
            self.event.set()
        return super().write(s)


class StalledBatcher(Bot):
    """A decide_batch whose first call blocks until the stall warning is written."""
    watch = None
    calls = 0

    @classmethod
    def decide_batch(cls, items):
        StalledBatcher.calls += 1
        if StalledBatcher.calls == 1:
            StalledBatcher.watch.event.wait()
        return [call()] * len(items)


class StalledDecide(Bot):
    """A blocking decide whose first call blocks until the stall warning is written."""
    watch = None
    calls = 0

    def decide(self, view):
        StalledDecide.calls += 1
        if StalledDecide.calls == 1:
            StalledDecide.watch.event.wait()
        return call()


class Slow(unittest.TestCase):
    """Classes that answer late or never: the time limit, stall warnings, Ctrl-C."""

    def test_hung_coroutines_are_cancelled_as_timeout_faults(self):
        Hanger.calls = 0
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            report = pa.run([Hanger, "call"], deals=200, seed=3, threads=1, bot_timeout=0.05)
        self.assertTrue(report["complete"])
        hung = Hanger.calls // 50
        self.assertGreater(hung, 0)
        faults = report["bots"][0]["faults"]
        # Each coroutine left waiting is one timeout fault; the others answered.
        self.assertEqual(faults["timeout"], hung)
        self.assertEqual(faults["exception"], 0)
        self.assertIn("timeout: no coroutine of decide() answered", faults["first_message"])
        self.assertIn("bot 'hanger': no coroutine of decide() answered for 0.05 s (bot_timeout)",
                      err.getvalue())

    def test_a_cancelled_coroutine_that_answers_anyway_is_still_a_timeout(self):
        # Past the limit as a process bot's late answer is: the answer is not played.
        Swallower.calls = 0
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            report = pa.run([Swallower, "call"], deals=200, seed=3, threads=1,
                            bot_timeout=0.05)
        hung = Swallower.calls // 50
        self.assertGreater(hung, 0)
        self.assertEqual(report["bots"][0]["faults"]["timeout"], hung)
        self.assertIn("bot 'swallower': no coroutine of decide() answered", err.getvalue())

    def stalled_run(self, cls, **options):
        cls.calls = 0
        cls.watch = StderrWatch("has been in decide for")
        with contextlib.redirect_stderr(cls.watch):
            report = pa.run([cls, "call"], deals=64, seed=5, threads=1, stall_warning=0.05,
                            bot_timeout=0.05, **options)
        # The limit does not apply to a blocking call: it is waited for, not a fault.
        self.assertTrue(report["complete"])
        self.assertEqual(report["bots"][0]["faults"]["timeout"], 0)
        self.assertEqual(report["bots"][0]["faults"]["exception"], 0)
        self.assertGreater(report["bots"][0]["decisions"], 0)
        self.assertRegex(cls.watch.getvalue(),
                         r"pokerarena: warning: bot 'python:[\w.]*%s' has been in decide for "
                         r"\d+ s \(unit \d+, hand \d+, seat \d\)" % cls.__name__)

    def test_a_blocking_decide_batch_that_stalls_is_named(self):
        self.stalled_run(StalledBatcher)

    def test_a_blocking_decide_that_stalls_is_named(self):
        self.stalled_run(StalledDecide)


class Interrupted(Bot):
    """A decide_batch that, at its 40th call, sends this process SIGINT `times` times, each
    once the one before was taken (Interruptions below), then waits for `until`."""
    calls = 0
    times = 0
    taken = []  # a threading.Event per SIGINT, set when the handler has run
    until = None  # an event to wait for after the last SIGINT, or None

    @classmethod
    def decide_batch(cls, items):
        Interrupted.calls += 1
        if Interrupted.calls == 40:
            for k in range(Interrupted.times):
                os.kill(os.getpid(), signal.SIGINT)
                Interrupted.taken[k].wait()
            if Interrupted.until is not None:
                Interrupted.until.wait()
        return [call()] * len(items)


class Interruptions(unittest.TestCase):
    """Ctrl-C during run(): the first lets the units in play finish and writes the finished
    ones; the second gives up the units in play at once. Either report resumes to the same
    figures as a run never interrupted."""
    OPTIONS = dict(deals=400, seed=9, threads=1, tables=4, match_deals=4, deals_per_unit=8)

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)
        self.out = os.path.join(self.folder.name, "r.pb")
        self.json = os.path.join(self.folder.name, "r.json")
        seen = []

        def handler(signum, frame):
            seen.append(signum)
            Interrupted.taken[len(seen) - 1].set()
            raise KeyboardInterrupt

        previous = signal.signal(signal.SIGINT, handler)
        self.addCleanup(signal.signal, signal.SIGINT, previous)

    def interrupted_run(self, times, until=None):
        Interrupted.calls = 0
        Interrupted.times = times
        Interrupted.taken = [threading.Event() for _ in range(times)]
        Interrupted.until = until
        with self.assertRaises(KeyboardInterrupt):
            pa.run([Interrupted, "call"], out=self.out, json=self.json, **self.OPTIONS)
        with open(self.json) as f:
            partial = json.load(f)
        for key in ("units_done", "units_total"):  # 64-bit integers: strings in JSON
            partial[key] = int(partial[key])
        self.assertFalse(partial["complete"])
        self.assertGreater(partial["units_done"], 0)
        self.assertLess(partial["units_done"], partial["units_total"])
        Interrupted.times = 0
        resumed = pa.run([Interrupted, "call"], resume=self.out, **self.OPTIONS)
        whole = pa.run([Interrupted, "call"], **self.OPTIONS)
        self.assertTrue(resumed["complete"])
        self.assertEqual(figures(resumed), figures(whole))
        self.assertEqual(resumed["pairs"], whole["pairs"])
        return partial

    def test_first_interrupt_writes_the_finished_units(self):
        self.interrupted_run(1)

    def test_second_interrupt_gives_up_the_units_in_play(self):
        watch = StderrWatch("the units in play are given up")
        with contextlib.redirect_stderr(watch):
            partial = self.interrupted_run(2, until=watch.event)
        self.assertIn("interrupted again: the units in play are given up; %d of %d work units "
                      "finished, written to %s" % (partial["units_done"], partial["units_total"],
                                                   self.out), watch.getvalue())


class Options(unittest.TestCase):
    def test_names_and_command_line_spellings(self):
        report = pa.run({"me": run_bots.Pairs, "t": "tag", "c": "call"}, hero="me", deals=20,
                        stack=50, blinds=(5, 10), bot_timeout=3, format="gauntlet", seed=4)
        config = report["config"]
        self.assertEqual(config["format"], "GAUNTLET")
        self.assertEqual(config["hero"], 0)
        self.assertEqual(config["stack_big_blinds"], 50)
        self.assertEqual((config["small_blind"], config["big_blind"]), (5, 10))
        self.assertEqual(config["decision_timeout"], 3)
        self.assertEqual([b["name"] for b in report["bots"]], ["me", "t", "c"])
        self.assertIsInstance(report["hands"], int)

    def test_same_seed_same_report(self):
        a = pa.run([run_bots.Drawer, "tag"], deals=50, seed=9, threads=1)
        b = pa.run([run_bots.Drawer, "tag"], deals=50, seed=9, threads=2)
        self.assertEqual(figures(a), figures(b))

    def test_intervals_without_spread_are_infinite_floats(self):
        # call against call has no spread: the JSON writer's "Infinity" comes back as a float.
        report = pa.run({"a": "call", "b": "call"}, deals=20, seed=1)
        for bot in report["bots"]:
            ci = bot["mbb_per_hand"]["ci95"]
            self.assertIsInstance(ci, float)
            self.assertEqual(ci, float("inf"))
            self.assertIsInstance(bot["mbb_per_hand"]["mean"], float)

    def test_numpy_integers_are_integers(self):
        import numpy as np
        a = pa.run(["tag", "call"], deals=np.int64(20), match_deals=np.int32(5), seed=np.uint64(3))
        b = pa.run(["tag", "call"], deals=20, match_deals=5, seed=3)
        self.assertEqual(figures(a), figures(b))
        c = pa.run(["tag", "call"], deals=20, match_deals=5, seed=3, stall_warning=np.int64(5))
        self.assertEqual(figures(c), figures(b))
        with self.assertRaisesRegex(ValueError, "hh_sample: expected a whole number from 1"):
            pa.run(["tag", "call"], deals=10, hh_sample=np.int64(0))

    def test_bad_options(self):
        for options, message in (
                (dict(deals=0), "deals: 0"),
                (dict(handz=3), "unknown option 'handz'"),
                (dict(hands=3), "not hands; give deals=N"),
                (dict(format="ringg"), "format: 'ringg'; expected round-robin"),
                (dict(hero="nobody"), "no bot is named 'nobody'"),
                (dict(blinds=3), "blinds: expected"),
                (dict(threads=4097), "threads: expected a whole number from 0 to 4096, got 4097"),
                (dict(threads=-1), "threads: expected a whole number from 0 to 4096, got -1"),
                (dict(threads=2**64), "threads: .* got 18446744073709551616"),
                (dict(threads=1.5), "threads: expected a whole number"),
                (dict(tables=0), "tables: expected a whole number from 1 to 1048576, got 0"),
                (dict(stall_warning=0), "stall_warning: expected seconds from 0.001 to 86400, got 0"),
                (dict(stall_warning="1"), "stall_warning: expected seconds .* got '1'"),
                (dict(resume="/nonexistent/r.pb"), "resume: .*/nonexistent/r.pb"),
                (dict(tables=2**20 + 1), "tables: .* got 1048577"),
                (dict(seed=-1), "seed: expected a whole number from 0 to 18446744073709551615"),
                (dict(seed=2**64), "seed: .* got 18446744073709551616"),
                (dict(hero="call", format="round-robin"),
                 "hero: 'call' with format 'round-robin': only a gauntlet has a hero"),
                (dict(tournaments=3), "tournaments=3: only a sit-and-go plays tournaments"),
                (dict(deals=3, tournaments=3), "deals and tournaments: give one"),
                (dict(match_deals=0), "match_deals: expected a whole number from 1 to"),
                (dict(hh_sample=0), "hh_sample: expected a whole number from 1 to"),
                (dict(bot_timeout=0), "bot_timeout: expected seconds from 0.001 to 86400, got 0"),
                (dict(decision_timeout=1e9), "decision_timeout: expected seconds from 0.001")):
            with self.subTest(options=options), self.assertRaisesRegex(ValueError, message):
                pa.run(["tag", "call"], **options)
        sit_and_go = ["tag", "call", "random"]
        with self.assertRaisesRegex(ValueError, "deals=3: a sit-and-go counts tournaments"):
            pa.run(sit_and_go, format="sit-and-go", deals=3)
        with self.assertRaisesRegex(ValueError, "deals and tournaments: give one"):
            pa.run(sit_and_go, format="sit-and-go", tournaments=3, deals=5)
        report = pa.run(sit_and_go, format="sit-and-go", tournaments=2, threads=1)
        self.assertEqual(int(report["config"]["deals"]), 2)
        with self.assertRaisesRegex(ValueError, "unknown bot 'tagg'"):
            pa.run(["tagg", "call"])
        with self.assertRaisesRegex(ValueError, "nor a subclass of pokerarena_bot.Bot"):
            pa.run([int, "call"])

    def test_config_file_and_outputs(self):
        path = os.path.join(tempfile.mkdtemp(), "t.txtpb")
        with open(path, "w") as f:
            f.write('bots { spec: "tag" }\nbots { spec: "call" }\ndeals: 40\nseed: 5\n')
        json_path = path + ".json"
        report = pa.run(config=path, deals=30, out=path + ".pb", json=json_path)
        self.assertEqual(report["config"]["deals"], 30)
        self.assertEqual(report["config"]["seed"], 5)
        self.assertTrue(os.path.getsize(path + ".pb") > 0)
        with open(json_path) as f:
            self.assertIn('"net_chips"', f.read())


class Frames(unittest.TestCase):
    def test_report_frames(self):
        try:
            import pandas  # noqa: F401
        except ImportError:
            self.skipTest("pandas is not installed")
        report = pa.run(["tag", "call", "random"], deals=20)
        frames = pa.report_frames(report)
        bots = frames["bots"]
        self.assertEqual(list(bots["name"]), ["tag", "call", "random"])
        self.assertIn("mbb_per_hand.mean", bots.columns)
        self.assertEqual(len(frames["pairs"]), 3)
        self.assertEqual(int(bots["net_chips"].sum()), 0)


if __name__ == "__main__":
    unittest.main()
