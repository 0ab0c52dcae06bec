#!/usr/bin/env python3
"""A bot that plays a mixed strategy and reports it, so that AIVAT can use its decisions.

    pokerarena check-bot 'proc:python3 bots/sdk/python/examples/mixed_bot.py'

By the strength of its hole cards it picks a strategy (a strong hand raises more often, a
weak one folds more often to a bet), raising to any total from the minimum raise to twice
the pot, each equally likely. decide returns self.mixed(parts): the SDK draws the action from
self.rng and reports the strategy beside it (docs/python-bots.md, "Mixed strategies"). It
reads two hole cards, so it plays hold'em and short-deck (its ``games``): another game is
refused at start-up.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pokerarena_bot import Bot, call, fold, raise_range, rank, run  # noqa: E402


class MixedBot(Bot):
    name = "py-mixed 1.0"
    view = "full"
    games = ("holdem", "short-deck")  # it reads two hole cards: Omaha deals four, Kuhn one

    def decide(self, view):
        legal = view.legal
        a, b = view.my_cards
        strong = rank(a) == rank(b) or min(rank(a), rank(b)) >= 10
        # The weights of fold, call and raise; a part that is not allowed gives its weight to
        # call, which always is.
        weights = {"fold": 0.1, "call": 0.6, "raise": 0.3} if strong else \
                  {"fold": 0.5, "call": 0.4, "raise": 0.1}
        if not legal.can_fold:
            weights["call"] += weights.pop("fold")
        if not legal.can_raise:
            weights["call"] += weights.pop("raise")
        parts = []
        for kind, p in weights.items():
            if kind == "fold":
                parts.append((fold(), p))
            elif kind == "call":
                parts.append((call(), p))
            else:
                top = min(legal.max_to, max(legal.min_to, view.current_bet + 2 * view.pot))
                parts.append((raise_range(legal.min_to, top), p))
        return self.mixed(parts)


if __name__ == "__main__":
    run(MixedBot)
