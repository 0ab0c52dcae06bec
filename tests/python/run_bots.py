#!/usr/bin/env python3
"""Bots for tests/python/test_run.py, played both in process (imported) and as process bots
(`proc:python3 run_bots.py CLASS`).

    Pairs     deterministic: raises its pairs, calls the rest (checks when free)
    Drawer    random: every choice drawn from self.rng, raises of random size
    Mixer     a mixed strategy reported with each action (AIVAT)
    Batcher   Drawer's play through decide_batch (noting the largest batch it was given)
    AsyncDrawer, ThreadedDrawer   Drawer's play through an async decide, and through a
              blocking decide on threads (noting the most in flight, and the threads used)
    ShortBatcher  one answer too few for a batch of several views
    Faulty    raises, answers what is not an action, or folds where checking is free
    LegalDrawer, JsonDrawer   Drawer with a legal view, and with views in JSON
"""
import asyncio
import os
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bots",
                                "sdk", "python"))

from pokerarena_bot import Bot, call, check, fold, raise_range, raise_to, run  # noqa: E402


class Pairs(Bot):
    name = "pairs"

    def decide(self, view):
        legal = view.legal
        hole = view.my_cards
        if legal.can_raise and hole[0][0] == hole[1][0]:
            return raise_to(legal.min_to)
        return call()


class Drawer(Bot):
    name = "drawer"

    def decide(self, view):
        legal = view.legal
        r = self.rng.random()
        if legal.can_raise and r < 0.25:
            return raise_to(legal.min_to + self.rng.randrange(legal.max_to - legal.min_to + 1))
        if legal.can_fold and r < 0.4:
            return fold()
        return check() if legal.can_check else call()


class LegalDrawer(Drawer):
    name = "legal-drawer"
    view = "legal"


class JsonDrawer(Drawer):
    name = "json-drawer"
    encoding = "json"


class Mixer(Bot):
    name = "mixer"

    def decide(self, view):
        legal = view.legal
        parts = [(call(), 0.6)]
        parts.append((fold(), 0.2) if legal.can_fold else (check(), 0.2))
        if legal.can_raise:
            parts.append((raise_range(legal.min_to, legal.max_to), 0.2))
        else:
            parts[0] = (call(), 0.8)
        return self.mixed(parts)


class Batcher(Bot):
    name = "batcher"
    largest = 0

    @classmethod
    def decide_batch(cls, items):
        Batcher.largest = max(Batcher.largest, len(items))
        return [Drawer.decide(bot, view) for bot, view in items]


class ShortBatcher(Bot):
    """Answers one action too few for a batch of more than one view: every view of such a
    batch is a fault (which answer is whose is unknown), the run goes on."""
    name = "short-batcher"

    @classmethod
    def decide_batch(cls, items):
        actions = [Drawer.decide(bot, view) for bot, view in items]
        return actions[:-1] if len(actions) > 1 else actions


class AsyncDrawer(Bot):
    name = "async-drawer"
    in_flight = 0
    most_in_flight = 0

    async def decide(self, view):
        AsyncDrawer.in_flight += 1
        AsyncDrawer.most_in_flight = max(AsyncDrawer.most_in_flight, AsyncDrawer.in_flight)
        await asyncio.sleep(0)  # lets the other decisions in flight start
        AsyncDrawer.in_flight -= 1
        return Drawer.decide(self, view)


class ThreadedDrawer(Drawer):
    name = "threaded-drawer"
    threads = 3
    threads_seen = set()

    def decide(self, view):
        ThreadedDrawer.threads_seen.add(threading.get_ident())
        return super().decide(view)


class Faulty(Bot):
    name = "faulty"

    def decide(self, view):
        if view.hand % 3 == 0:
            raise ValueError("no decision at hand %d" % view.hand)
        if view.hand % 3 == 1:
            return "bet"  # not an action
        return check() if view.legal.can_check else fold()


if __name__ == "__main__":
    run(globals()[sys.argv[1]])
