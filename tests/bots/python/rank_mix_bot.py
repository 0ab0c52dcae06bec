#!/usr/bin/env python3
"""A mixed-strategy bot for every game (Kuhn, Leduc, hold'em): the higher its best hole card,
the more it raises and the less it folds, raising to the minimum. It reports the strategy its
action is drawn from, so `pokerarena exploitability` and `pokerarena lbr` can measure it.

    pokerarena exploitability --game leduc --bot 'proc:python3 tests/bots/python/rank_mix_bot.py'
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "bots", "sdk", "python"))

from pokerarena_bot import Bot, call, fold, raise_to, rank_index, run  # noqa: E402


class RankMixBot(Bot):
    name = "py-rank-mix 1.0"
    view = "full"

    def decide(self, view):
        legal = view.legal
        strength = max(rank_index(c) for c in view.my_cards) / 12.0
        # A part that is not allowed gives its weight to check/call, which always is.
        folds = 0.5 * (1.0 - strength) if legal.can_fold else 0.0
        raises = 0.1 + 0.5 * strength if legal.can_raise else 0.0
        parts = [(call(), 1.0 - folds - raises)]
        if folds > 0:
            parts.append((fold(), folds))
        if raises > 0:
            parts.append((raise_to(legal.min_to), raises))
        return self.mixed(parts)


if __name__ == "__main__":
    run(RankMixBot)
