"""Tests of the Python SDK's ways of answering expensive bots: decide_batch, async decide,
threads (and the synchronous path's early writes).

    python3 -m unittest bots/sdk/python/test_expensive_bots.py -v

Nothing here sleeps or times anything: a decision that must stay pending waits on an event
that the test (or a later request) releases, and a read that would hang fails after a
generous guard instead.
"""
import json
import os
import select
import subprocess
import sys
import threading
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import pokerarena_bot as sdk  # noqa: E402
from test_pokerarena_bot import (TempBot, create, decide, encode, full_view, hello,  # noqa: E402
                                 legal_view, talk)

GUARD_SECONDS = 60   # a read that waits this long has hung: the test fails

try:
    import numpy  # noqa: F401
    HAVE_NUMPY = True
except ImportError:
    HAVE_NUMPY = False

# One deterministic bot answered in every way: its action depends on its seed, on its events
# and new_match calls and on the view, so an answer given out of turn changes.
WAYS_SOURCE = """
    import asyncio
    from pokerarena_bot import Bot, run, call, check, fold, raise_to

    class Sync(Bot):
        view = "full"
        events = True

        def __init__(self, seed, config):
            super().__init__(seed, config)
            self.seen = 0

        def on_event(self, event):
            self.seen += event.get("amount", 1)

        def new_match(self):
            self.seen = 100

        def choose(self, view):
            legal = view.legal
            x = self.rng.random() + 0.01 * (self.seen % 7) + 0.001 * view.pot
            if legal.can_raise and x > 0.8:
                return raise_to(min(legal.min_to + self.seen % 5, legal.max_to))
            if legal.check:
                return check()
            return call() if x > 0.3 else fold()

        def decide(self, view):
            return self.choose(view)

    class Async(Sync):
        async def decide(self, view):
            await asyncio.sleep(0)
            return self.choose(view)

    class Threads(Sync):
        threads = 3

    class Batch(Sync):
        max_batch = 4
        decide = None

        @classmethod
        def decide_batch(cls, items):
            return [bot.choose(view) for bot, view in items]

    run({"sync": Sync, "async": Async, "threads": Threads, "batch": Batch}[sys.argv[1]])
"""


def ways_messages():
    """Messages for five instances: decisions interleaved with events, new_match, destroy and
    a re-created instance, several decisions of one instance in one read."""
    ev = lambda inst, amount: {"type": "event", "instance": inst,  # noqa: E731
                               "event": {"kind": "action", "hand": 0, "amount": amount}}
    msgs = [hello()] + [create(i, seed=1000 + i) for i in range(1, 6)]
    rid = 0
    for step in range(12):
        for inst in range(1, 6):
            rid += 1
            msgs.append(decide(rid, inst, full_view(["As", "Td"], ["2c", "7h", "Jd"],
                                                    pot=10 + step * inst)))
            msgs.append(ev(inst, step + inst))
            if (step + inst) % 4 == 0:
                msgs.append({"type": "new_match", "instance": inst})
        if step == 6:
            msgs.append({"type": "destroy", "instance": 3})
            msgs.append(create(3, seed=77))
    return msgs


class WaysGiveTheSameAnswersTest(unittest.TestCase):
    def test_async_threads_batch_answer_as_one_at_a_time(self):
        msgs = ways_messages()
        results = {}
        with TempBot(WAYS_SOURCE) as cmd:
            for way in ("sync", "async", "threads", "batch"):
                r = talk(cmd + [way], msgs)
                self.assertEqual(r.returncode, 0, r.stderr)
                self.assertEqual(r.lines[0]["type"], "hello", r.stderr)
                results[way] = r.answers()
        self.assertEqual(len(results["sync"]), 60)
        self.assertFalse([a for a in results["sync"].values() if "error" in a])
        kinds = {a["action"] for a in results["sync"].values()}
        self.assertTrue({"raise", "call"} <= kinds, kinds)  # the seeds and events matter
        for way in ("async", "threads", "batch"):
            self.assertEqual(results[way], results["sync"], way)


def write_all(fd, data):
    while data:
        data = data[os.write(fd, data):]


class Pipe:
    """A bot run by the test, its output read line by line with a guard against hanging."""

    def __init__(self, cmd):
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=dict(os.environ,
                                                                      PYTHONPATH=HERE))
        self.buffer = b""

    def send(self, messages):
        self.proc.stdin.write(encode(messages))
        self.proc.stdin.flush()

    def line(self):
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([self.proc.stdout], [], [], GUARD_SECONDS)
            if not ready:
                raise AssertionError("no answer from the bot within %d s" % GUARD_SECONDS)
            chunk = os.read(self.proc.stdout.fileno(), 1 << 16)
            if not chunk:
                raise AssertionError("the bot closed its output: %s"
                                     % self.proc.stderr.read().decode(errors="replace"))
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return json.loads(line)

    def close(self):
        self.proc.stdin.close()
        rest = self.proc.stdout.read()
        err = self.proc.stderr.read().decode(errors="replace")
        self.proc.wait(timeout=GUARD_SECONDS)
        self.proc.stdout.close()
        self.proc.stderr.close()
        return self.proc.returncode, rest, err


# A decision of hand 1 waits until a decision of hand 2 releases it.
GATED_ASYNC = """
    import asyncio
    class Gated(Bot):
        view = "legal"
        gate = None
        async def decide(self, view):
            if Gated.gate is None:
                Gated.gate = asyncio.Event()
            if view.hand == 1:
                await Gated.gate.wait()
            if view.hand == 2:
                Gated.gate.set()
            return raise_to(view.hand + 10)
    run(Gated)
"""

GATED_THREADS = """
    import threading
    gate = threading.Event()
    class Gated(Bot):
        view = "legal"
        threads = 2
        def decide(self, view):
            if view.hand == 1:
                gate.wait()
            if view.hand == 2:
                gate.set()
            return raise_to(view.hand + 10)
    run(Gated)
"""


def hand_view(hand):
    v = legal_view()
    v["hand"] = hand
    return v


class AnswersAreWrittenWhenReadyTest(unittest.TestCase):
    def check_early_answer(self, source):
        with TempBot(source) as cmd:
            bot = Pipe(cmd)
            try:
                bot.send([hello(), create(1), create(2), decide(1, 1, hand_view(1)),
                          decide(2, 2, hand_view(0))])
                self.assertEqual(bot.line()["type"], "hello")
                # Decision 1 is still waiting; decision 2's answer must already be out.
                self.assertEqual(bot.line(), {"id": 2, "action": "raise", "to": 10})
                bot.send([decide(3, 2, hand_view(2))])  # releases decision 1
                answers = {a["id"]: a for a in (bot.line(), bot.line())}
                self.assertEqual(answers, {1: {"id": 1, "action": "raise", "to": 11},
                                           3: {"id": 3, "action": "raise", "to": 12}})
            finally:
                code, rest, err = bot.close()
        self.assertEqual(code, 0, err)
        self.assertEqual(rest, b"")

    def test_async(self):
        self.check_early_answer(GATED_ASYNC)

    def test_threads(self):
        self.check_early_answer(GATED_THREADS)

    def test_batch_answers_go_out_after_each_call(self):
        # In process: decide_batch's second call waits on an event that the test sets only
        # after it has read the first call's answer.
        gate = threading.Event()

        class Gated(sdk.Bot):
            view = "legal"
            max_batch = 1

            @classmethod
            def decide_batch(cls, items):
                if items[0][1].hand == 1:
                    gate.wait(GUARD_SECONDS)
                return [sdk.raise_to(view.hand + 10) for _, view in items]

        answers = run_in_thread(Gated, [hello(), create(1), create(2),
                                        decide(1, 1, hand_view(0)), decide(2, 2, hand_view(1))],
                                on_answer=lambda n: gate.set() if n == 1 else None)
        self.assertEqual(answers, [{"id": 1, "action": "raise", "to": 10},
                                   {"id": 2, "action": "raise", "to": 11}])
        self.assertTrue(gate.is_set())

    def test_sync_writes_answers_that_waited(self):
        # The synchronous path writes when answers have waited 2 ms on its clock. A decide
        # that moves a fake clock 5 ms must find the answer before it on the output already;
        # with a clock that stands still, answers wait for the end of the read.
        out_r, out_w = os.pipe()
        os.set_blocking(out_r, False)
        now = [0.0]
        seen = []

        def pending_output():
            try:
                return os.read(out_r, 1 << 16)
            except BlockingIOError:
                return b""

        class Slow(sdk.Bot):
            view = "legal"

            def decide(self, view):
                seen.append(pending_output())
                now[0] += view.hand * 0.005
                return sdk.call()

        replies = sdk._Server(Slow, "", out_w, clock=lambda: now[0])
        replies.process("\n".join(json.dumps(m, separators=(",", ":")) for m in
                                  [create(1)] + [decide(i, 1, hand_view(1)) for i in (1, 2, 3)]))
        replies.process("\n".join(json.dumps(m, separators=(",", ":")) for m in
                                  [decide(i, 1, hand_view(0)) for i in (4, 5)]))
        replies.flush()
        self.assertEqual(seen[0], b"")
        self.assertEqual(seen[1], b'{"id":1,"action":"call"}\n')
        self.assertEqual(seen[2], b'{"id":2,"action":"call"}\n')
        self.assertEqual(seen[3], b'{"id":3,"action":"call"}\n')  # the end of the read
        self.assertEqual(seen[4], b"")  # the clock stood still: held for the end
        self.assertEqual(pending_output(), b'{"id":4,"action":"call"}\n{"id":5,"action":"call"}\n')
        os.close(out_r)
        os.close(out_w)


def run_in_thread(cls, messages, on_answer):
    """Runs ``cls`` in this process on pipes; writes ``messages``, reads answers one by one
    (calling ``on_answer`` with their count), closes the input; returns the answers."""
    in_r, in_w = os.pipe()
    out_r, out_w = os.pipe()
    server = threading.Thread(target=sdk.run, args=(cls, in_r, out_w), daemon=True)
    server.start()
    write_all(in_w, encode(messages))
    expected = sum(1 for m in messages if m["type"] == "decide")
    # Unbuffered: a buffered reader may hold the next answer already, and select() on the pipe
    # would then wait for one that has come.
    reader = os.fdopen(out_r, "rb", buffering=0)
    answers = []
    try:
        assert json.loads(reader.readline())["type"] == "hello"
        while len(answers) < expected:
            ready, _, _ = select.select([reader], [], [], GUARD_SECONDS)
            if not ready:
                raise AssertionError("no answer within %d s" % GUARD_SECONDS)
            answers.append(json.loads(reader.readline()))
            on_answer(len(answers))
    finally:
        os.close(in_w)
        server.join(GUARD_SECONDS)
        reader.close()
        os.close(in_r)
        os.close(out_w)
    return answers


class BatchTest(unittest.TestCase):
    SOURCE = """
        class Batcher(Bot):
            view = "legal"
            max_batch = 3
            calls = []
            @classmethod
            def decide_batch(cls, items):
                hands = [view.hand for _, view in items]
                print("batch", len(items), file=sys.stderr)
                if 13 in hands:
                    raise ValueError("unlucky batch")
                if 14 in hands:
                    return [call()] * (len(items) - 1)
                if 15 in hands:
                    return None
                return [("raise", 8) if view.hand == 0 else "bet" if view.hand == 1 else call()
                        for _, view in items]
        run(Batcher)
    """

    def run_hands(self, hands, extra=()):
        with TempBot(self.SOURCE) as cmd:
            msgs = [hello()] + [create(i) for i in range(len(hands))] + list(extra)
            msgs += [decide(i, i, hand_view(h)) for i, h in enumerate(hands)]
            r = talk(cmd, msgs)
        self.assertEqual(r.returncode, 0, r.stderr)
        return r

    def test_batches_of_max_batch_and_bad_items(self):
        r = self.run_hands([0, 1, 2, 2, 2, 0, 2])
        a = r.answers()
        self.assertEqual(a[0], {"id": 0, "action": "raise", "to": 8})
        self.assertIn("unknown action", a[1]["error"])  # only its own item is wrong
        self.assertEqual([a[i]["action"] for i in (2, 3, 4, 6)], ["call"] * 4)
        self.assertEqual(a[5], {"id": 5, "action": "raise", "to": 8})
        sizes = [int(line.split()[1]) for line in r.stderr.splitlines()
                 if line.startswith("batch ")]
        self.assertEqual(sum(sizes), 7)
        self.assertTrue(all(s <= 3 for s in sizes), sizes)

    def test_an_exception_answers_every_item_of_its_call_with_an_error(self):
        r = self.run_hands([2, 13, 2])
        a = r.answers()
        self.assertEqual(sorted(a), [0, 1, 2])
        for answer in a.values():
            self.assertEqual(answer["error"], "ValueError: unlucky batch")
        self.assertIn("decide_batch() raised", r.stderr)
        self.assertIn("Traceback", r.stderr)

    def test_a_wrong_length_or_no_list_answers_every_item_with_an_error(self):
        for hand, got in ((14, "2 actions"), (15, "NoneType")):
            r = self.run_hands([2, hand, 2])
            a = r.answers()
            self.assertEqual(sorted(a), [0, 1, 2])
            for answer in a.values():
                self.assertEqual(answer["error"], "ValueError: decide_batch() returned %s for "
                                                  "3 views" % got)
            self.assertIn("decide_batch() returned", r.stderr)

    def test_unknown_and_failed_instances_never_reach_the_batch(self):
        src = """
            class Picky(Bot):
                view = "legal"
                def __init__(self, seed, config):
                    super().__init__(seed, config)
                    if seed == 666:
                        raise RuntimeError("no model")
                @classmethod
                def decide_batch(cls, items):
                    assert all(isinstance(bot, Picky) for bot, _ in items)
                    return [call() for _ in items]
            run(Picky)
        """
        with TempBot(src) as cmd:
            r = talk(cmd, [hello(), create(1), create(2, seed=666), decide(1, 1, legal_view()),
                           decide(2, 2, legal_view()), decide(3, 9, legal_view())])
        a = r.answers()
        self.assertEqual(a[1], {"id": 1, "action": "call"})
        self.assertIn("RuntimeError: the instance could not be created: RuntimeError: no model",
                      a[2]["error"])
        self.assertIn("unknown instance 9", a[3]["error"])


class ConcurrencyTest(unittest.TestCase):
    def test_the_cap_is_honoured_and_reached(self):
        # Each decision waits until `concurrency` of them are in flight at once, and reports
        # how many were in flight when it started: never more than the cap (3), and the wait
        # ends only if the SDK lets 3 run together.
        src = """
            import asyncio
            class Capped(Bot):
                view = "legal"
                concurrency = 3
                active = 0
                full = None
                async def decide(self, view):
                    cls = Capped
                    if cls.full is None:
                        cls.full = asyncio.Event()
                    cls.active += 1
                    started_with = cls.active
                    if cls.active == cls.concurrency:
                        cls.full.set()
                    await cls.full.wait()
                    await asyncio.sleep(0)
                    cls.active -= 1
                    raise ValueError("in flight %d" % started_with)
            run(Capped)
        """
        with TempBot(src) as cmd:
            r = talk(cmd, [hello()] + [create(i) for i in range(10)] +
                     [decide(i, i, legal_view()) for i in range(10)], timeout=GUARD_SECONDS)
        self.assertEqual(r.returncode, 0, r.stderr)
        counts = [int(a["error"].split()[-1]) for a in r.answers().values()]
        self.assertEqual(len(counts), 10)
        self.assertEqual(max(counts), 3)

    def test_a_decide_that_raises_or_returns_at_once(self):
        src = """
            class Mixed(Bot):
                view = "legal"
                threads = 2
                def decide(self, view):
                    if view.hand == 1:
                        raise KeyError("no key")
                    return check()
            class MixedAsync(Bot):
                view = "legal"
                async def decide(self, view):
                    if view.hand == 1:
                        raise KeyError("no key")
                    return check()
            run(MixedAsync if sys.argv[1:] == ["async"] else Mixed)
        """
        with TempBot(src) as cmd:
            for args in ([], ["async"]):
                r = talk(cmd + args, [hello(), create(1), create(2), decide(1, 1, hand_view(1)),
                                      decide(2, 2, hand_view(0)), decide(3, 7, hand_view(0))])
                a = r.answers()
                self.assertEqual(a[1], {"id": 1, "error": "KeyError: 'no key'"}, args)
                self.assertEqual(a[2], {"id": 2, "action": "check"}, args)
                self.assertIn("unknown instance 7", a[3]["error"])
                self.assertIn("Traceback", r.stderr)


class RefusalTest(unittest.TestCase):
    def test_two_ways_at_once_or_bad_numbers_are_refused(self):
        src = """
            import asyncio
            class Both(Bot):
                threads = 2
                async def decide(self, view):
                    return call()
            class BatchAndThreads(Bot):
                threads = 2
                @classmethod
                def decide_batch(cls, items):
                    return []
            class BadThreads(Bot):
                threads = -1
            class BadBatch(Bot):
                max_batch = 0
                @classmethod
                def decide_batch(cls, items):
                    return []
            class BadConcurrency(Bot):
                concurrency = 2.5
                async def decide(self, view):
                    return call()
            class FromConfig(Bot):
                @classmethod
                def check_config(cls, config):
                    cls.threads = int(config)
                def decide(self, view):
                    return call()
            run(globals()[sys.argv[1]])
        """
        expected = {"Both": "asks for an async decide and threads = 2 at once",
                    "BatchAndThreads": "asks for decide_batch and threads = 2 at once",
                    "BadThreads": "BadThreads.threads must be a whole number from 0, not -1",
                    "BadBatch": "BadBatch.max_batch must be a whole number from 1, not 0",
                    "BadConcurrency": "must be a whole number from 1, not 2.5",
                    "FromConfig": "FromConfig.threads must be a whole number from 0, not -3"}
        with TempBot(src) as cmd:
            for name, reason in expected.items():
                r = talk(cmd + [name], [hello("-3"), create(1), decide(1, 1, legal_view())])
                self.assertEqual(r.returncode, 0, r.stderr)
                self.assertEqual(len(r.lines), 1, name)
                self.assertEqual(r.lines[0]["type"], "refuse", name)
                self.assertIn(reason, r.lines[0]["reason"], name)
            ok = talk(cmd + ["FromConfig"], [hello("2"), create(1), decide(1, 1, legal_view())])
        self.assertEqual(ok.answers(), {1: {"id": 1, "action": "call"}})


class ExampleBotsTest(unittest.TestCase):
    def views(self, count):
        rng = __import__("random").Random(5)
        out = []
        for i in range(count):
            cards = [sdk.card_str(c) for c in rng.sample(range(52), 7)]
            board = cards[2:2 + rng.choice((0, 3, 4, 5))]
            call = rng.choice((0, 4, 30))
            out.append(full_view(cards[:2], board, call=call, pot=40 + i, current_bet=call))
        return out

    def run_bot(self, path, config, views):
        msgs = [hello(config)] + [create(i, seed=i * 31) for i in range(len(views))]
        msgs += [decide(i, i, v) for i, v in enumerate(views)]
        r = talk([sys.executable, os.path.join(HERE, "examples", path)], msgs)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.lines[0]["type"], "hello", r.stderr)
        return r.answers()

    def check_legal(self, answers, views):
        self.assertEqual(sorted(answers), list(range(len(views))))
        for rid, a in answers.items():
            legal = views[rid]["legal"]
            self.assertNotIn("error", a)
            if a["action"] == "raise":
                self.assertTrue(legal["min_to"] <= a["to"] <= legal["max_to"], a)
            if a["action"] == "fold":
                self.assertFalse(legal["check"], a)

    @unittest.skipUnless(HAVE_NUMPY, "numpy is not installed for this Python (python3-numpy)")
    def test_mlp_bot_plays_the_same_in_batches_and_one_view_at_a_time(self):
        views = self.views(40)
        batched = self.run_bot("mlp_bot.py", "hidden=64,batch=16", views)
        single = self.run_bot("mlp_bot.py", "hidden=64,batch=1", views)
        self.check_legal(batched, views)
        self.assertEqual(batched, single)
        self.assertGreater(len({a["action"] for a in batched.values()}), 1)

    def test_mlp_bot_refuses_a_bad_config(self):
        r = talk([sys.executable, os.path.join(HERE, "examples", "mlp_bot.py")],
                 [hello("batch=0")])
        if not HAVE_NUMPY:
            self.assertNotEqual(r.returncode, 0)  # cannot even import numpy
            return
        self.assertEqual(r.lines[0]["type"], "refuse")
        self.assertIn("batch=N", r.lines[0]["reason"])

    def test_llm_bot_answers_every_decision_legally_and_deterministically(self):
        views = self.views(30)
        a = self.run_bot("llm_bot.py", "latency=0", views)
        b = self.run_bot("llm_bot.py", "latency=0,concurrency=2", views)
        self.check_legal(a, views)
        self.assertEqual(a, b)
        r = talk([sys.executable, os.path.join(HERE, "examples", "llm_bot.py")],
                 [hello("latency=soon")])
        self.assertEqual(r.lines[0]["type"], "refuse")

    def test_rule_bot_answers_legally(self):
        views = self.views(30)
        self.check_legal(self.run_bot("rule_bot.py", "", views), views)


class ViewDecodingTest(unittest.TestCase):
    """The fields read from the host's layout equal json's reading of the same text."""

    FIELDS = ("seat", "num_seats", "hand", "button", "round", "big_blind", "legal", "stacks",
              "bets", "committed", "pot", "current_bet", "dealt_in", "folded", "all_in", "hole",
              "board", "actions", "actions_truncated")

    def texts(self):
        view = full_view(["As", "Td"], ["2c", "7h", "Jd"], call=4, pot=12, current_bet=4)
        view["actions"] = [[0, "call", 1, 0, False], [1, "raise", 12, 1, True]]
        view["actions_truncated"] = True
        host = json.dumps(view, separators=(",", ":"))
        later = host[:-1] + ',"later":{"pot":1,"seat":9}}'
        spaced = json.dumps(view)                       # another layout: json decodes it
        reordered = json.dumps(dict(reversed(list(view.items()))), separators=(",", ":"))
        legal_only = json.dumps(legal_view(), separators=(",", ":"))
        return view, [host, later, spaced, reordered], legal_only

    def test_every_field_in_any_order_of_reading(self):
        view, texts, _ = self.texts()
        for text in texts:
            for order in (self.FIELDS, tuple(reversed(self.FIELDS))):
                v = sdk.View(text)
                got = {k: getattr(v, k) for k in order}
                self.assertEqual(got, {k: view[k] for k in self.FIELDS}, text)
                self.assertIsInstance(v.legal, sdk.Legal)
                self.assertEqual(v.my_cards, ["As", "Td"])
                self.assertIs(v.stacks, v.stacks)  # kept, as a dict's value would be
        v = sdk.View(texts[1])
        self.assertEqual((v.pot, v.seat, v.later), (12, 1, {"pot": 1, "seat": 9}))

    def test_each_view_has_its_own_legal_actions(self):
        # Legal actions come from a table of the texts seen before: a bot that changes its
        # copy does not change the next view's.
        _, texts, _ = self.texts()
        first = sdk.View(texts[0]).legal
        first["call"] = 999
        first["min_to"] = -1
        again = sdk.View(texts[0]).legal
        self.assertEqual((again.call, again.min_to, again["call"]), (4, 8, 4))
        self.assertIsNot(again, first)

    def test_coroutine_functions_are_told_apart_without_inspect(self):
        import functools
        import inspect

        async def waits(view):
            return "call"

        def plain(view):
            return "call"

        class Waiting:
            async def decide(self, view):
                return "call"

        for f in (waits, plain, functools.partial(waits), functools.partial(plain),
                  Waiting.decide, Waiting().decide, None, 3):
            self.assertEqual(sdk._is_coroutine_function(f), inspect.iscoroutinefunction(f), f)

    def test_a_legal_view_has_only_the_legal_fields(self):
        _, _, text = self.texts()
        v = sdk.View(text)
        self.assertEqual((v.seat, v.legal.call, v.legal.can_raise), (1, 4, True))
        for key in ("stacks", "pot", "hole", "board", "actions", "actions_truncated"):
            with self.assertRaises(AttributeError) as e:
                getattr(v, key)
            self.assertIn("a 'legal' view holds only", str(e.exception))
        self.assertFalse(hasattr(v, "my_cards"))
        with self.assertRaises(AttributeError):
            v.nothing_like_this


if __name__ == "__main__":
    unittest.main()
