"""Tests of the Python process-bot SDK (and of the C example bot when it is built).

    python3 -m unittest bots/sdk/python/test_pokerarena_bot.py -v
    POKERARENA_PROCESS_CALL_BOT=build/bots/process_call_bot python3 -m unittest ...

The example bots run as subprocesses and are fed protocol lines (docs/bot-protocol.md).
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "examples")
CALL_BOT = [sys.executable, os.path.join(EXAMPLES, "call_bot.py")]
POT_ODDS_BOT = [sys.executable, os.path.join(EXAMPLES, "pot_odds_bot.py")]
C_BOT = os.environ.get("POKERARENA_PROCESS_CALL_BOT")

sys.path.insert(0, HERE)
import pokerarena_bot as sdk  # noqa: E402


def hello(config=""):
    return {"type": "hello", "protocol": 1, "bot": "mine", "config": config}


def create(instance, seed=1):
    return {"type": "create", "instance": instance, "seed": seed}


def legal_view(seat=1, call=4, check=False, can_raise=True, min_to=8, max_to=196, rnd=1):
    return {"seat": seat, "num_seats": 2, "hand": 12, "button": 0, "round": rnd,
            "big_blind": 2,
            "legal": {"fold": not check, "check": check, "call": call, "raise": can_raise,
                      "min_to": min_to if can_raise else 0,
                      "max_to": max_to if can_raise else 0, "all_in_to": max_to}}


def full_view(hole, board, seat=1, call=4, pot=12, current_bet=4, rnd=None, can_raise=True,
              min_to=8, max_to=196):
    view = legal_view(seat=seat, call=call, check=call == 0, can_raise=can_raise,
                      min_to=min_to, max_to=max_to,
                      rnd={0: 0, 3: 1, 4: 2, 5: 3}[len(board)] if rnd is None else rnd)
    view.update({"stacks": [192, 192], "bets": [current_bet, current_bet - call],
                 "committed": [8, 4], "pot": pot, "current_bet": current_bet,
                 "dealt_in": 3, "folded": 0, "all_in": 0,
                 "hole": [None, None], "board": board,
                 "actions": [[0, "call", 1, 0], [1, "check", 0, 0]],
                 "actions_truncated": False})
    view["hole"][seat] = hole
    return view


def decide(rid, instance, view):
    return {"type": "decide", "id": rid, "instance": instance, "view": view}


def encode(messages):
    """Protocol lines as the host writes them (compact JSON, type first)."""
    return b"".join(json.dumps(m, separators=(",", ":")).encode() + b"\n" for m in messages)


class Result:
    def __init__(self, proc):
        self.returncode = proc.returncode
        self.stdout = proc.stdout
        self.stderr = proc.stderr.decode(errors="replace")
        self.lines = [json.loads(line) for line in proc.stdout.decode().splitlines()]

    def answers(self):
        """Decision answers by id (the hello answer left out)."""
        out = {}
        for line in self.lines:
            if "id" in line:
                assert line["id"] not in out, "id %r answered twice" % line["id"]
                out[line["id"]] = line
        return out


def talk(cmd, data, env=None, timeout=60):
    """Writes `data` (bytes or messages) in one write, closes stdin, returns a Result."""
    if not isinstance(data, bytes):
        data = encode(data)
    e = dict(os.environ, PYTHONPATH=HERE)
    if env:
        e.update(env)
    proc = subprocess.run(cmd, input=data, capture_output=True, timeout=timeout, env=e)
    return Result(proc)


SDK_PREAMBLE = """
    from pokerarena_bot import (Bot, Refuse, run, fold, check, call, raise_to)
    import sys
"""


class TempBot:
    """A bot program written to a temporary file (after SDK_PREAMBLE's imports)."""

    def __init__(self, source):
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "bot.py")
        with open(self.path, "w") as f:
            f.write(textwrap.dedent(SDK_PREAMBLE) + textwrap.dedent(source))

    def __enter__(self):
        return [sys.executable, self.path]

    def __exit__(self, *exc):
        self.dir.cleanup()


def compact_fields(view):
    """A view (a dict) as the fields of a compact decide line (docs/bot-protocol.md,
    "Compact views"), written the slow, obvious way."""
    bit = lambda b: "1" if b else "0"  # noqa: E731
    legal = view["legal"]
    fields = [str(view[k]) for k in ("seat", "num_seats", "hand", "button", "round",
                                     "big_blind")]
    fields.append(",".join([bit(legal["fold"]), bit(legal["check"]), str(legal["call"]),
                            bit(legal["raise"]), str(legal["min_to"]), str(legal["max_to"]),
                            str(legal["all_in_to"])]))
    if "stacks" in view:
        fields += [",".join(map(str, view[k])) for k in ("stacks", "bets", "committed")]
        fields += [str(view[k]) for k in ("pot", "current_bet", "dealt_in", "folded",
                                          "all_in")]
        fields.append(",".join("-" if h is None else "".join(h) for h in view["hole"]))
        fields.append("".join(view["board"]) or "-")
        fields.append(bit(view["actions_truncated"]))
        fields.append(";".join("%d,%s,%d,%d,%s" % (a[0], a[1], a[2], a[3], bit(a[4]))
                               for a in view["actions"]) or "-")
    return " ".join(fields)


def compact_decide(rid, instance, view):
    return ("d %d %d %s\n" % (rid, instance, compact_fields(view))).encode()


def three_seat_view():
    """A river view at three seats: a fold, an all-in, shown cards, long numbers."""
    return {"seat": 2, "num_seats": 3, "hand": 123456, "button": 1, "round": 3,
            "big_blind": 50,
            "legal": {"fold": True, "check": False, "call": 12345, "raise": False,
                      "min_to": 0, "max_to": 0, "all_in_to": 20000},
            "stacks": [0, 98765, 7655], "bets": [20000, 0, 7655], "committed": [40000, 150, 7655],
            "pot": 47805, "current_bet": 20000, "dealt_in": 7, "folded": 2, "all_in": 1,
            "hole": [["Kc", "Kd"], None, ["2s", "7h"]], "board": ["Ah", "Td", "3c", "9s", "Qh"],
            "actions": [[0, "raise", 150, 0, False], [1, "fold", 0, 0, False],
                        [2, "call", 100, 0, False], [0, "raise", 20000, 3, True]],
            "actions_truncated": True}


FIELDS = ("seat", "num_seats", "hand", "button", "round", "big_blind", "legal", "stacks",
          "bets", "committed", "pot", "current_bet", "dealt_in", "folded", "all_in", "hole",
          "board", "actions", "actions_truncated")


class CompactViewTest(unittest.TestCase):
    """A compact view gives, field for field, what the JSON view of the same decision does."""

    def views(self):
        flop = full_view(["As", "Td"], ["2c", "7h", "Jd"])
        flop["actions"] = [[0, "call", 1, 0, False], [1, "check", 0, 0, False]]
        preflop = full_view(["9h", "9c"], [], seat=0, call=0)
        preflop["actions"] = []
        return [flop, preflop, three_seat_view()]

    def test_fields_and_data_as_the_json_view(self):
        for view in self.views():
            compact = sdk._compact_view(compact_fields(view))
            self.assertIsInstance(compact, sdk.View)
            for key in FIELDS:
                self.assertEqual(getattr(compact, key), view[key], key)
            self.assertEqual(compact.legal.__class__, sdk.Legal)
            self.assertIs(compact.legal.can_fold, view["legal"]["fold"])
            self.assertIs(compact.actions_truncated, view["actions_truncated"])
            self.assertEqual(compact.my_cards, view["hole"][view["seat"]])
            self.assertIs(compact.hole[compact.seat], compact.my_cards)
            self.assertEqual(compact.opponents_in_hand(),
                             sdk.View("", view).opponents_in_hand())
            # data (and what reads it) is the dict json gives, in the same key order.
            fresh = sdk._compact_view(compact_fields(view))
            self.assertEqual(list(fresh.data.items()), list(view.items()))
            self.assertEqual(fresh["pot"], view["pot"])

    def test_legal_view(self):
        view = legal_view(seat=0, call=0, check=True, can_raise=False, rnd=2)
        for key in ("board", "stacks", "pot", "hole", "actions", "actions_truncated"):
            with self.assertRaisesRegex(AttributeError, "declare view = 'full'"):
                getattr(sdk._compact_view(compact_fields(view)), key)
        compact = sdk._compact_view(compact_fields(view))
        for key in ("seat", "num_seats", "hand", "button", "round", "big_blind", "legal"):
            self.assertEqual(getattr(compact, key), view[key], key)
        self.assertEqual(compact.data, view)
        self.assertFalse(hasattr(compact, "stacks"))
        with self.assertRaisesRegex(AttributeError, "declare view = 'full'"):
            compact.board

    def test_legal_views_read_alike(self):
        src = """
            class Reader(Bot):
                view = "legal"
                def decide(self, view):
                    raise ValueError(repr([view.seat, view.round, view.legal, view.data,
                                           hasattr(view, "pot")]))
            run(Reader)
        """
        views = [legal_view(), legal_view(seat=0, call=0, check=True, can_raise=False, rnd=3)]
        data = encode([hello(), create(1), create(2)])
        with TempBot(src) as cmd:
            from_json = talk(cmd, data + encode([decide(7 + i, i + 1, v)
                                                 for i, v in enumerate(views)]))
            from_compact = talk(cmd, data + b"".join(compact_decide(7 + i, i + 1, v)
                                                     for i, v in enumerate(views)))
        self.assertEqual(from_compact.answers(), from_json.answers())
        self.assertEqual(from_compact.answers()[8]["error"],
                         "ValueError: " + repr([0, 3, views[1]["legal"], views[1], False]))

    def test_compact_and_json_lines_answered_alike(self):
        src = """
            class Reader(Bot):
                def decide(self, view):
                    facts = [view.seat, view.legal.call, view.stacks, view.board,
                             view.my_cards, view.actions[-1:], view.to_call]
                    return raise_to(sum(len(repr(f)) for f in facts))
            run(Reader)
        """
        views = self.views()
        data = encode([hello()] + [create(i + 1) for i in range(len(views))])
        json_data = data + encode([decide(100 + i, i + 1, v) for i, v in enumerate(views)])
        compact_data = data + b"".join(compact_decide(100 + i, i + 1, v)
                                       for i, v in enumerate(views))
        with TempBot(src) as cmd:
            from_json = talk(cmd, json_data)
            from_compact = talk(cmd, compact_data)
        self.assertEqual(from_compact.returncode, 0, from_compact.stderr)
        self.assertEqual(len(from_compact.answers()), len(views))
        self.assertEqual(from_compact.answers(), from_json.answers())
        self.assertEqual(from_compact.answers()[100]["action"], "raise")


class CallBotTest(unittest.TestCase):
    def test_handshake_answer(self):
        r = talk(CALL_BOT, [hello()])
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.lines, [{"type": "hello", "protocol": 1, "name": "py-call",
                                    "view": "legal", "encoding": "compact", "events": False}])

    def test_many_decisions_batched_out_of_order_instances(self):
        rng = random.Random(7)
        instances = [17, 3, 250, 9, 1 << 40]
        msgs = [hello()] + [create(i, seed=i * 11) for i in instances]
        ids = list(range(1000, 4000))
        rng.shuffle(ids)
        for rid in ids:
            msgs.append(decide(rid, rng.choice(instances), legal_view()))
        msgs.append({"type": "destroy", "instance": 3})
        r = talk(CALL_BOT, msgs)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.lines[0]["type"], "hello")
        answers = r.answers()
        self.assertEqual(sorted(answers), sorted(ids))
        self.assertEqual(len(r.lines), 1 + len(ids))
        for a in answers.values():
            self.assertEqual(a["action"], "call")
        # Answered in the order read, since this bot answers at once.
        self.assertEqual([line["id"] for line in r.lines[1:]], ids)

    def test_keys_in_another_order_and_spaces(self):
        lines = (encode([hello(), create(5)]) +
                 b'{"instance": 5, "view": {"seat": 0}, "id": 77, "type": "decide"}\n'
                 b'{"type":"decide","instance":5,"id":78,"view":{"seat":1}}\r\n'
                 b'\n'
                 b'{"type":"decide","id":79,"instance":5,"view":{"seat":1},"later":[1,2]}\n')
        r = talk(CALL_BOT, lines)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.answers(), {77: {"id": 77, "action": "call"},
                                       78: {"id": 78, "action": "call"},
                                       79: {"id": 79, "action": "call"}})

    def test_unknown_instance_and_garbage_lines(self):
        lines = encode([hello(), create(1)]) + b"not json\n[1,2]\n{\"type\":\"future\"}\n" + \
            encode([decide(5, 2, legal_view()), decide(6, 1, legal_view())])
        r = talk(CALL_BOT, lines)
        self.assertEqual(r.returncode, 0, r.stderr)
        answers = r.answers()
        self.assertIn("unknown instance", answers[5]["error"])
        self.assertEqual(answers[6], {"id": 6, "action": "call"})
        self.assertIn("not JSON", r.stderr)

    def test_lines_split_across_writes(self):
        data = encode([hello(), create(4)] + [decide(i, 4, legal_view()) for i in range(50)])
        env = dict(os.environ, PYTHONPATH=HERE)
        proc = subprocess.Popen(CALL_BOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env)
        pieces = [data[i:i + 97] for i in range(0, len(data), 97)]
        for piece in pieces:
            proc.stdin.write(piece)
            proc.stdin.flush()
            time.sleep(0.001)
        out, err = proc.communicate(timeout=60)
        self.assertEqual(proc.returncode, 0, err)
        ids = [json.loads(line).get("id") for line in out.decode().splitlines()[1:]]
        self.assertEqual(ids, list(range(50)))

    def test_answers_flushed_before_end_of_input(self):
        # The host waits for answers before writing more: the bot must not hold them back.
        env = dict(os.environ, PYTHONPATH=HERE)
        proc = subprocess.Popen(CALL_BOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env)
        try:
            proc.stdin.write(encode([hello(), create(1), decide(42, 1, legal_view())]))
            proc.stdin.flush()
            first = json.loads(proc.stdout.readline())
            second = json.loads(proc.stdout.readline())
            self.assertEqual(first["type"], "hello")
            self.assertEqual(second, {"id": 42, "action": "call"})
            proc.stdin.write(encode([decide(43, 1, legal_view())]))
            proc.stdin.flush()
            self.assertEqual(json.loads(proc.stdout.readline()), {"id": 43, "action": "call"})
        finally:
            proc.stdin.close()
            proc.wait(timeout=60)
            proc.stdout.close()
            proc.stderr.close()
        self.assertEqual(proc.returncode, 0)

    def test_eof_right_away_exits_zero(self):
        r = talk(CALL_BOT, b"")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.lines, [])


class PotOddsBotTest(unittest.TestCase):
    def run_views(self, views, seed=99, config=""):
        msgs = [hello(config), create(8, seed=seed)]
        msgs += [decide(i, 8, v) for i, v in enumerate(views)]
        r = talk(POT_ODDS_BOT, msgs)
        self.assertEqual(r.returncode, 0, r.stderr)
        return r

    def test_handshake_full_view(self):
        r = self.run_views([])
        self.assertEqual(r.lines[0]["type"], "hello")
        self.assertEqual(r.lines[0]["view"], "full")
        self.assertFalse(r.lines[0]["events"])

    def test_decisions_are_legal_and_sensible(self):
        views = [
            # Aces preflop facing a raise: raise (or call, 15% of the time).
            full_view(["As", "Ad"], [], call=4, pot=12, current_bet=8, rnd=0),
            # 7-2 offsuit facing a big bet preflop: fold.
            full_view(["7s", "2d"], [], call=150, pot=200, current_bet=160, rnd=0,
                      min_to=196, max_to=196),
            # Nothing owed with air on the river: check (folding would be illegal).
            full_view(["7s", "2d"], ["Ac", "Kh", "Qd", "9c", "4h"], call=0, pot=40,
                      current_bet=0),
            # The nut straight on the turn facing a small bet: raise or call, never fold.
            full_view(["Js", "Td"], ["Ac", "Kh", "Qd", "2c"], call=4, pot=40, current_bet=4),
            # Raising impossible (call is all in): only fold or call.
            full_view(["As", "Kd"], ["Ac", "Kh", "2d"], call=192, pot=400, current_bet=192,
                      can_raise=False),
        ]
        answers = self.run_views(views).answers()
        self.assertEqual(sorted(answers), list(range(len(views))))
        self.assertIn(answers[0]["action"], ("raise", "call"))
        self.assertEqual(answers[1]["action"], "fold")
        self.assertEqual(answers[2]["action"], "check")
        self.assertIn(answers[3]["action"], ("raise", "call"))
        self.assertEqual(answers[4]["action"], "call")
        for rid, a in answers.items():
            legal = views[rid]["legal"]
            if a["action"] == "raise":
                self.assertTrue(legal["raise"])
                self.assertTrue(legal["min_to"] <= a["to"] <= legal["max_to"], a)
            if a["action"] == "fold":
                self.assertTrue(legal["fold"])

    def test_deterministic_given_the_seed(self):
        rng = random.Random(3)
        views = []
        for _ in range(40):
            cards = sdk.parse_cards("".join(sdk.card_str(c) for c in rng.sample(range(52), 7)))
            board = cards[2:2 + rng.choice((0, 3, 4, 5))]
            views.append(full_view(cards[:2], board, call=rng.choice((0, 4, 30, 100)), pot=60,
                                   current_bet=100, rnd=None))
        a = self.run_views(views, seed=12345).stdout
        b = self.run_views(views, seed=12345).stdout
        self.assertEqual(a, b)
        self.assertEqual(len(a.splitlines()), 1 + len(views))

    def test_refuses_a_bad_config(self):
        r = talk(POT_ODDS_BOT, [hello("samples=lots"), create(1)])
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(len(r.lines), 1)
        self.assertEqual(r.lines[0]["type"], "refuse")
        self.assertIn("samples=N", r.lines[0]["reason"])

    def test_accepts_a_good_config(self):
        r = self.run_views([full_view(["As", "Ad"], ["2c", "7h", "Td"], call=0, pot=20,
                                      current_bet=0)], config="samples=10")
        self.assertEqual(r.lines[0]["type"], "hello")
        self.assertIn(r.answers()[0]["action"], ("raise", "check"))


class SdkBehaviourTest(unittest.TestCase):
    def test_exception_in_decide_is_an_error_answer(self):
        src = """
            class Boom(Bot):
                view = "legal"
                def decide(self, view):
                    if view.legal.call == 13:
                        raise ValueError("unlucky %d" % view.seat)
                    return call()
            run(Boom)
        """
        with TempBot(src) as cmd:
            r = talk(cmd, [hello(), create(1), decide(1, 1, legal_view(call=13, seat=1)),
                           decide(2, 1, legal_view(call=4)),
                           decide(3, 1, legal_view(call=13, seat=0))])
        self.assertEqual(r.returncode, 0, r.stderr)
        answers = r.answers()
        self.assertEqual(answers[1], {"id": 1, "error": "ValueError: unlucky 1"})
        self.assertEqual(answers[2], {"id": 2, "action": "call"})
        self.assertEqual(answers[3], {"id": 3, "error": "ValueError: unlucky 0"})
        self.assertIn("Traceback", r.stderr)

    def test_bad_actions_and_constructor_errors(self):
        src = """
            class Odd(Bot):
                view = "legal"
                def __init__(self, seed, config):
                    super().__init__(seed, config)
                    if seed == 666:
                        raise RuntimeError("no model")
                def decide(self, view):
                    return [raise_to(view.legal.min_to), "raise", "bet", ("raise", 8.5),
                            ("raise", 12.0), {"action": "fold"}, None, check()][view.hand]
            run(Odd)
        """
        views = []
        for hand in range(8):
            v = legal_view()
            v["hand"] = hand
            views.append(v)
        with TempBot(src) as cmd:
            r = talk(cmd, [hello(), create(1), create(2, seed=666)] +
                     [decide(i, 1, v) for i, v in enumerate(views)] +
                     [decide(100, 2, views[0])])
        self.assertEqual(r.returncode, 0, r.stderr)
        a = r.answers()
        self.assertEqual(a[0], {"id": 0, "action": "raise", "to": 8})
        self.assertIn("without an amount", a[1]["error"])
        self.assertIn("unknown action", a[2]["error"])
        self.assertIn("integer", a[3]["error"])
        self.assertEqual(a[4], {"id": 4, "action": "raise", "to": 12})
        self.assertEqual(a[5], {"id": 5, "action": "fold"})
        self.assertIn("unknown action", a[6]["error"])
        self.assertEqual(a[7], {"id": 7, "action": "check"})
        self.assertIn("RuntimeError: no model", a[100]["error"])

    def test_refusal_from_check_config(self):
        src = """
            class Picky(Bot):
                @classmethod
                def check_config(cls, config):
                    if config != "level=3":
                        raise Refuse("level must be 3, got " + repr(config))
                def decide(self, view):
                    return call()
            run(Picky)
        """
        with TempBot(src) as cmd:
            refused = talk(cmd, [hello("level=9"), create(1), decide(1, 1, legal_view())])
            accepted = talk(cmd, [hello("level=3"), create(1), decide(1, 1, legal_view())])
        self.assertEqual(refused.returncode, 0, refused.stderr)
        self.assertEqual(refused.lines, [{"type": "refuse",
                                          "reason": "level must be 3, got 'level=9'"}])
        self.assertEqual(accepted.lines[0]["type"], "hello")
        self.assertEqual(accepted.answers(), {1: {"id": 1, "action": "call"}})

    def test_bad_view_or_encoding_declaration_is_refused(self):
        for declaration, reason in (
                ('view = "lgal"', "Typo.view must be 'full' or 'legal', not 'lgal'"),
                ('encoding = "xml"', "Typo.encoding must be 'compact' or 'json', not 'xml'")):
            src = """
                class Typo(Bot):
                    %s
                run(Typo)
            """ % declaration
            with TempBot(src) as cmd:
                r = talk(cmd, [hello()])
            self.assertEqual(r.lines, [{"type": "refuse", "reason": reason}], declaration)

    def test_events_new_match_and_config_reach_the_instance(self):
        src = """
            class Watcher(Bot):
                name = "watcher"
                events = True
                def __init__(self, seed, config):
                    super().__init__(seed, config)
                    self.kinds = []
                    self.matches = 0
                def on_event(self, event):
                    self.kinds.append(event.kind)
                    if event.kind == "action" and event.get("to") is not None:
                        self.kinds.append("to=%d" % event.to)
                def new_match(self):
                    self.matches += 1
                def decide(self, view):
                    print("diagnostics go to stderr")   # must not reach the protocol
                    print("straight to stderr", file=sys.stderr)
                    raise ValueError("|".join(
                        [self.config, str(self.seed), str(self.matches)] + self.kinds))
            run(Watcher)
        """
        ev = lambda inst, e: {"type": "event", "instance": inst, "event": e}  # noqa: E731
        msgs = [hello("cfg"), create(1, seed=18446744073709551615), create(2, seed=5),
                ev(1, {"kind": "hand_started", "hand": 0, "button": 0, "chips": 400}),
                ev(2, {"kind": "hand_ended", "hand": 0}),
                ev(1, {"kind": "action", "hand": 0, "seat": 0, "round": 0, "action": "raise",
                       "to": 12, "amount": 8, "all_in": False}),
                {"type": "new_match", "instance": 1},
                {"type": "new_match", "instance": 1},
                ev(1, {"kind": "hand_ended", "hand": 0}),
                decide(10, 1, full_view(["As", "Kd"], [])),
                decide(11, 2, full_view(["As", "Kd"], []))]
        with TempBot(src) as cmd:
            r = talk(cmd, msgs)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.lines[0], {"type": "hello", "protocol": 1, "name": "watcher",
                                      "view": "full", "encoding": "compact", "events": True})
        a = r.answers()
        self.assertEqual(a[10]["error"], "ValueError: cfg|18446744073709551615|2|"
                                         "hand_started|action|to=12|hand_ended")
        self.assertEqual(a[11]["error"], "ValueError: cfg|5|0|hand_ended")
        self.assertIn("diagnostics go to stderr", r.stderr)
        self.assertIn("straight to stderr", r.stderr)

    def test_full_view_attributes(self):
        src = """
            from pokerarena_bot import rank, suit
            class Reader(Bot):
                def decide(self, view):
                    me = view.seat
                    cards = view.hole[me]
                    facts = [view.stacks[me], view.pot, view.legal.call, view.legal.can_raise,
                             view.legal.min_to, view.round, view.board, cards,
                             [rank(c) for c in cards], [suit(c) for c in cards],
                             view.my_cards == cards, view.opponents_in_hand(),
                             view.in_hand(0), view.actions[0], view.to_call,
                             view["pot"], "num_seats" in view, view.later_key]
                    raise ValueError(repr(facts))
            run(Reader)
        """
        view = full_view(["As", "Td"], ["2c", "7h", "Jd"], call=4, pot=12, current_bet=4)
        view["later_key"] = "x"
        with TempBot(src) as cmd:
            r = talk(cmd, [hello(), create(1), decide(1, 1, view)])
        self.assertEqual(r.answers()[1]["error"],
                         "ValueError: [192, 12, 4, True, 8, 1, ['2c', '7h', 'Jd'], "
                         "['As', 'Td'], [14, 10], ['s', 'd'], True, 1, True, "
                         "[0, 'call', 1, 0], 4, 12, True, 'x']")

    def test_a_synchronous_bot_imports_nothing_for_concurrency(self):
        # asyncio, concurrent.futures and inspect take about 70 ms of CPU to import: a bot
        # that answers one decision at a time does not pay for them; an async one gets them.
        src = """
            import sys
            class Plain(Bot):
                view = "legal"
                def decide(self, view):
                    raise ValueError(repr([m for m in ("asyncio", "concurrent.futures",
                                                       "inspect") if m in sys.modules]))
            class Waiting(Bot):
                view = "legal"
                async def decide(self, view):
                    raise ValueError(repr([m for m in ("asyncio", "concurrent.futures",
                                                       "inspect") if m in sys.modules]))
            run(Waiting if sys.argv[1:] == ["async"] else Plain)
        """
        with TempBot(src) as cmd:
            plain = talk(cmd, [hello(), create(1), decide(1, 1, legal_view())])
            waiting = talk(cmd + ["async"], [hello(), create(1), decide(1, 1, legal_view())])
        self.assertEqual(plain.answers()[1]["error"], "ValueError: []")
        self.assertEqual(waiting.answers()[1]["error"],
                         "ValueError: ['asyncio', 'concurrent.futures', 'inspect']")

    def test_legal_view_lacks_the_full_keys(self):
        src = """
            class Legal(Bot):
                view = "legal"
                def decide(self, view):
                    return raise_to(view.legal.max_to) if hasattr(view, "stacks") else call()
            run(Legal)
        """
        with TempBot(src) as cmd:
            r = talk(cmd, [hello(), create(1), decide(1, 1, legal_view())])
        self.assertEqual(r.lines[0]["view"], "legal")
        self.assertEqual(r.answers(), {1: {"id": 1, "action": "call"}})

    def test_action_probabilities_offered_and_answered(self):
        src = """
            class Sure(Bot):
                view = "legal"
                def decide(self, view):
                    return raise_to(view.legal.min_to) if view.legal.call > 10 else call()
                def action_probabilities(self, view, candidates):
                    if view.legal.call == 99:
                        raise ValueError("no idea")
                    if view.legal.call == 98:
                        return [1.0]
                    act = self.decide(view)
                    return [1.0 if c == act else 0 for c in candidates]
            run(Sure)
        """
        candidates = [{"action": "fold"}, {"action": "call"}, {"action": "raise", "to": 8}]

        def ask(rid, call):
            return {"type": "probabilities", "id": rid, "instance": 1,
                    "view": legal_view(call=call), "candidates": candidates}

        with TempBot(src) as cmd:
            r = talk(cmd, [hello(), create(1), ask(1, 4), ask(2, 12), ask(3, 99), ask(4, 98),
                           decide(5, 1, legal_view(call=4))])
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIs(r.lines[0]["probabilities"], True)
        answers = r.answers()
        self.assertEqual(answers[1], {"id": 1, "probabilities": [0.0, 1.0, 0.0]})
        self.assertEqual(answers[2], {"id": 2, "probabilities": [0.0, 0.0, 1.0]})
        self.assertEqual(answers[3], {"id": 3, "error": "ValueError: no idea"})
        self.assertIn("1 numbers for 3 candidates", answers[4]["error"])
        self.assertEqual(answers[5], {"id": 5, "action": "call"})

    def test_no_action_probabilities_not_offered(self):
        r = talk(CALL_BOT, [hello()])
        self.assertNotIn("probabilities", r.lines[0])


class MixedStrategyTest(unittest.TestCase):
    def test_mixed_draws_from_the_rng_and_reports_the_strategy(self):
        parts = [(sdk.fold(), 0.25), (sdk.call(), 0.5), (sdk.raise_range(10, 19), 0.25)]
        rng = random.Random(7)
        counts = {"fold": 0, "call": 0}
        raises = []
        for _ in range(4000):
            m = sdk.mixed(parts, rng)
            self.assertEqual(m.strategy, parts)
            if isinstance(m.action, tuple):
                raises.append(m.action[1])
            else:
                counts[m.action] += 1
        # Seeded, so the counts are fixed; they sit where the probabilities put them.
        self.assertLess(abs(counts["fold"] - 1000), 100)
        self.assertLess(abs(counts["call"] - 2000), 120)
        self.assertEqual(set(raises), set(range(10, 20)))
        # The same seed draws the same actions.
        again = random.Random(7)
        first = random.Random(7)
        self.assertEqual([sdk.mixed(parts, first).action for _ in range(50)],
                         [sdk.mixed(parts, again).action for _ in range(50)])

    def test_mixed_refuses_what_is_not_a_strategy(self):
        rng = random.Random(1)
        cases = [
            ([], "no parts"),
            ([(sdk.call(), 0.5)], "sum to 0.5, not 1"),
            ([(sdk.call(), 0.0), (sdk.fold(), 1.0)], "not in (0, 1]"),
            ([(sdk.call(), True)], "not in (0, 1]"),
            ([("bet", 1.0)], "unknown action 'bet'"),
            ([(sdk.raise_range(20, 10), 1.0)], "runs from 20 down to 10"),
            ([(sdk.raise_to(7.5), 1.0)], "needs integer totals"),
            ([sdk.call()], "an (action, probability) pair"),
        ]
        for parts, message in cases:
            with self.assertRaises(ValueError) as caught:
                sdk.mixed(parts, rng)
            self.assertIn(message, str(caught.exception))

    def test_strategy_goes_with_the_answer_in_every_way(self):
        body = """
            def parts(view):
                out = [(call(), 0.5)]
                if view.legal.can_fold:
                    out.append((fold(), 0.25))
                out.append((raise_range(view.legal.min_to, view.legal.min_to + 3), 0.25))
                return out
        """
        ways = {
            "sync": """
                class Mixer(Bot):
                    view = "legal"
                    def decide(self, view):
                        return self.mixed(parts(view))
            """,
            "batch": """
                class Mixer(Bot):
                    view = "legal"
                    @classmethod
                    def decide_batch(cls, items):
                        return [bot.mixed(parts(view)) for bot, view in items]
            """,
            "async": """
                class Mixer(Bot):
                    view = "legal"
                    async def decide(self, view):
                        return self.mixed(parts(view))
            """,
            "threads": """
                class Mixer(Bot):
                    view = "legal"
                    threads = 2
                    def decide(self, view):
                        return self.mixed(parts(view))
            """,
        }
        messages = [hello(), create(1, seed=5), create(2, seed=6)]
        messages += [decide(10 + i, 1 + i % 2, legal_view()) for i in range(20)]
        results = {}
        for way, cls in ways.items():
            src = ("from pokerarena_bot import raise_range\n" + textwrap.dedent(body) +
                   textwrap.dedent(cls) + "\nrun(Mixer)\n")
            with TempBot(src) as cmd:
                r = talk(cmd, messages)
            self.assertEqual(r.returncode, 0, r.stderr)
            results[way] = r.answers()
        for way, answers in results.items():
            self.assertEqual(answers, results["sync"], way)
        answers = results["sync"]
        self.assertEqual(len(answers), 20)
        for a in answers.values():
            self.assertEqual(a["strategy"], [
                {"action": "call", "p": 0.5}, {"action": "fold", "p": 0.25},
                {"action": "raise", "from": 8, "to": 11, "p": 0.25}])
            if a["action"] == "raise":
                self.assertIn(a["to"], range(8, 12))
            else:
                self.assertIn(a["action"], ("call", "fold"))
        self.assertGreater(len({(a["action"], a.get("to")) for a in answers.values()}), 1)

    def test_a_bad_strategy_is_an_error_answer(self):
        src = """
            class Bad(Bot):
                view = "legal"
                def decide(self, view):
                    return self.mixed([(call(), 0.5)])
            run(Bad)
        """
        with TempBot(src) as cmd:
            r = talk(cmd, [hello(), create(1), decide(1, 1, legal_view())])
        self.assertIn("ValueError: mixed(): the probabilities sum to 0.5, not 1",
                      r.answers()[1]["error"])


class CardHelpersTest(unittest.TestCase):
    def test_cards(self):
        self.assertEqual(sdk.rank("As"), 14)
        self.assertEqual(sdk.rank("2c"), 2)
        self.assertEqual(sdk.rank("Td"), 10)
        self.assertEqual(sdk.suit("Td"), "d")
        self.assertEqual(sdk.suit_index("Ks"), 3)
        self.assertEqual(sdk.card_index("2c"), 0)
        self.assertEqual(sdk.card_index("As"), 51)
        self.assertEqual([sdk.card_str(sdk.card_index(c)) for c in ("3h", "Qd")], ["3h", "Qd"])
        self.assertEqual(sdk.parse_cards("AsKd"), ["As", "Kd"])
        self.assertEqual(sdk.parse_cards(" As Kd 2c "), ["As", "Kd", "2c"])
        with self.assertRaises(ValueError):
            sdk.parse_cards("A")
        with self.assertRaises(ValueError):
            sdk.parse_cards("Ax")

    def test_action_helpers(self):
        self.assertEqual((sdk.fold(), sdk.check(), sdk.call()), ("fold", "check", "call"))
        self.assertEqual(sdk.raise_to(300), ("raise", 300))


@unittest.skipUnless(C_BOT, "set POKERARENA_PROCESS_CALL_BOT to the compiled C example")
class CBotTest(unittest.TestCase):
    def test_handshake(self):
        r = talk([C_BOT], [hello("anything")])
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.lines, [{"type": "hello", "protocol": 1, "name": "c-call",
                                    "view": "legal", "events": False}])

    def test_batched_decisions(self):
        rng = random.Random(11)
        ids = list(range(5000))
        rng.shuffle(ids)
        msgs = [hello()] + [create(i) for i in (9, 2, 7)]
        msgs += [decide(rid, rng.choice((9, 2, 7)), legal_view()) for rid in ids]
        msgs += [{"type": "new_match", "instance": 2}, {"type": "destroy", "instance": 9}]
        r = talk([C_BOT], msgs)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual([line["id"] for line in r.lines[1:]], ids)
        self.assertTrue(all(line["action"] == "call" for line in r.lines[1:]))

    def test_id_anywhere_and_other_lines_ignored(self):
        lines = (encode([hello(), create(1)]) +
                 b'{"instance":1,"view":{"seat":0},"type":"decide","id":12345678901234}\n'
                 b'{"type": "decide", "instance": 1, "id": 6, "view": {"seat": 1}}\n'
                 b'{"type":"event","instance":1,"event":{"kind":"hand_ended","hand":0}}\n'
                 b'garbage\n' + encode([decide(7, 1, full_view(["As", "Kd"], []))]))
        r = talk([C_BOT], lines)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual([line["id"] for line in r.lines[1:]], [12345678901234, 6, 7])

    def test_eof_exits_zero(self):
        r = talk([C_BOT], b"")
        self.assertEqual(r.returncode, 0)
        self.assertEqual(r.lines, [])


if __name__ == "__main__":
    unittest.main()
