#!/usr/bin/env python3
"""A deterministic full-view bot that answers in the way named by its argument: sync,
async, threads or batch with compact views, json or batch-json with JSON views
(tests/bots/python/same_report_every_way.py plays it in each).

Its actions depend on its seed, on what it has seen (events, new_match) and on the view, so
an answer decided out of turn, or an event applied out of order, changes the report.
"""
import asyncio
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "bots", "sdk", "python"))

from pokerarena_bot import Bot, call, check, fold, raise_to, rank, run  # noqa: E402


FIELDS = ("seat", "num_seats", "hand", "button", "round", "big_blind", "legal", "stacks",
          "bets", "committed", "pot", "current_bet", "dealt_in", "folded", "all_in", "hole",
          "board", "actions", "actions_truncated")


def whole_view(view):
    """A number from every field of the view, read as attributes; ValueError (an error
    answer, a fault) if they are not what ``view.data`` holds. So a field decoded wrongly in
    one encoding changes the run's report, or faults."""
    read = {key: getattr(view, key) for key in FIELDS}
    if read != view.data or sorted(view.data) != sorted(FIELDS) \
            or view.my_cards != view.hole[view.seat]:
        raise ValueError("the view's attributes are not its data: %r" % (read,))
    text = repr([read[key] for key in FIELDS])
    return sum(text.encode())


class Sync(Bot):
    name = "ways"
    view = "full"
    events = True

    def __init__(self, seed, config):
        super().__init__(seed, config)
        self.raises_seen = 0

    def on_event(self, event):
        if event.kind == "action" and event.action == "raise":
            self.raises_seen += 1

    def new_match(self):
        self.raises_seen = 0

    def choose(self, view):
        legal = view.legal
        a, b = view.my_cards
        strength = rank(a) + rank(b) + (6 if rank(a) == rank(b) else 0) \
            + 2 * sum(1 for c in view.board if c[0] in (a[0], b[0]))
        nerve = self.rng.random() * 10 - (self.raises_seen % 5) + whole_view(view) % 3
        if legal.can_raise and strength + nerve > 26:
            return raise_to(min(max(view.current_bet + view.pot, legal.min_to), legal.max_to))
        if legal.check:
            return check()
        if strength + nerve > 18 or legal.call * 4 <= view.pot:
            return call()
        return fold()

    def decide(self, view):
        return self.choose(view)


class Async(Sync):
    async def decide(self, view):
        await asyncio.sleep(0)  # every decision yields, so answers come back interleaved
        return self.choose(view)


class Threads(Sync):
    threads = 4


class Batch(Sync):
    max_batch = 16
    decide = None

    @classmethod
    def decide_batch(cls, items):
        return [bot.choose(view) for bot, view in items]


class Json(Sync):
    encoding = "json"


class BatchJson(Batch):
    encoding = "json"


if __name__ == "__main__":
    run({"sync": Sync, "async": Async, "threads": Threads, "batch": Batch, "json": Json,
         "batch-json": BatchJson}[sys.argv[1]])
