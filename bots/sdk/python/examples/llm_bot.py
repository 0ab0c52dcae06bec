#!/usr/bin/env python3
"""A stand-in for a bot that asks a language model: each decision writes a prompt, waits for
the model's reply (here ``asyncio.sleep``, 50 ms by default) and reads an action from it.

    pokerarena run --bots 'llm=proc:python3 bots/sdk/python/examples/llm_bot.py,tag' --deals 2000

``decide`` is a coroutine, so one process keeps many decisions waiting at once (one per
table in flight: ``--tables``, see docs/python-bots.md) instead of one: with 10,000 tables
in flight, 50 ms replies come back at about 10,000 decisions a second from one process,
where a blocking ``decide`` answers 20. Replace ``ask`` with a call to a real model's
asynchronous client (and set ``concurrency`` to what its service allows).

The "model" here reads the prompt's numbers back and answers by a few rules, drawing from
self.rng, so the bot is deterministic given its seed however the replies interleave.

Config: comma-separated ``latency=SECONDS`` (0 to 60, default 0.05) and ``concurrency=N``
(the most decisions waiting at once, default: no limit of the bot's own).
"""
import asyncio
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pokerarena_bot import Bot, Refuse, call, check, fold, raise_to, rank, run  # noqa: E402

_REPLY_RE = re.compile(r"^(fold|check|call|raise (\d+))$")


def prompt(view):
    """What the model would read: the situation in words."""
    legal = view.legal
    lines = ["You hold %s. Board: %s." % (" ".join(view.my_cards), " ".join(view.board) or "none"),
             "Pot %d, to call %d, your stack %d, big blind %d."
             % (view.pot, legal.call, view.stacks[view.seat], view.big_blind)]
    if legal.can_raise:
        lines.append("You may raise to %d .. %d." % (legal.min_to, legal.max_to))
    lines.append("Answer with one of: fold, check, call, raise N.")
    return "\n".join(lines)


class LanguageModelBot(Bot):
    name = "py-llm-standin 1.0"
    view = "full"
    latency = 0.05

    @classmethod
    def check_config(cls, config):
        for item in filter(None, (s.strip() for s in config.split(","))):
            key, _, value = item.partition("=")
            try:
                if key.strip() == "latency" and 0 <= float(value) <= 60:
                    cls.latency = float(value)
                    continue
                if key.strip() == "concurrency" and int(value) >= 1:
                    cls.concurrency = int(value)
                    continue
            except ValueError:
                pass
            raise Refuse("bad config %r: expected latency=SECONDS (0..60) and concurrency=N"
                         % (config,))

    async def decide(self, view):
        reply = await self.ask(prompt(view))
        return self.read_reply(view, reply)

    async def ask(self, text):
        """The model's reply to `text`: here a pause, then a few rules over its numbers."""
        await asyncio.sleep(self.latency)
        cards = re.findall(r"\b([2-9TJQKA])[cdhs]\b", text.split(".")[0])
        pot, owed, stack, _ = (int(n) for n in re.findall(r"\d+", text.split("\n")[1]))
        high = max(rank(c + "s") for c in cards)
        pair = len(cards) == 2 and cards[0] == cards[1]
        if "raise to" in text and (pair or high == 14 or self.rng.random() < 0.1):
            low, top = (int(n) for n in re.findall(r"raise to (\d+) \.\. (\d+)", text)[0])
            return "raise %d" % min(max(low, owed + pot), top)
        if owed == 0:
            return "check"
        return "call" if owed * 3 <= pot or high >= 12 else "fold"

    def read_reply(self, view, reply):
        """The action in the model's reply; a reply that is not one is read as check or fold
        (a real model answers off the format now and then)."""
        legal = view.legal
        m = _REPLY_RE.match(reply.strip().lower())
        if m is None or (m.group(1) == "fold" and legal.check):
            return check() if legal.check else fold()
        if m.group(2) is not None:
            if not legal.can_raise:
                return call()
            return raise_to(min(max(int(m.group(2)), legal.min_to), legal.max_to))
        return {"fold": fold, "check": check, "call": call}[m.group(1)]()


if __name__ == "__main__":
    run(LanguageModelBot)
