#!/usr/bin/env python3
"""A rule bot that reads the whole view: the speed reference of a cheap full-view bot.

    pokerarena run --bots 'rules=proc:python3 bots/sdk/python/examples/rule_bot.py,tag,call' --deals 20000

It reads the fields most bots read (your seat, the legal actions, your hole cards, the board,
the stacks, the pot and the current bet) and decides in a few lines: raise pairs and two big
cards, raise a pair with the board after the flop, call when the pot odds are good and a bet
is small next to the stacks, check when that is free, fold the rest; 10% of its calls become
raises (drawn from self.rng, so the bot is deterministic given its seed). Its decide costs
little, so decisions per second measure the SDK, not the bot (docs/python-bots.md, "Speed").
It reads two hole cards, so it plays hold'em and short-deck (its ``games``): another game is
refused at start-up.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pokerarena_bot import Bot, call, check, fold, raise_to, rank, run  # noqa: E402


class RuleBot(Bot):
    name = "py-rules 1.0"
    view = "full"
    games = ("holdem", "short-deck")  # it reads two hole cards: Omaha deals four, Kuhn one

    def decide(self, view):
        legal = view.legal
        me = view.seat
        a, b = view.my_cards
        high, low = max(rank(a), rank(b)), min(rank(a), rank(b))
        board_ranks = [rank(c) for c in view.board]
        if board_ranks:
            strong = high == low or high in board_ranks or low in board_ranks
        else:
            strong = high == low or low >= 11
        stack = view.stacks[me]
        pot = view.pot
        if legal.can_raise and (strong or self.rng.random() < 0.1):
            target = max(view.current_bet + pot, legal.min_to)
            return raise_to(min(target, legal.max_to))
        if legal.check:
            return check()
        if strong or (legal.call * 4 <= pot and legal.call * 10 <= stack):
            return call()
        return fold()


if __name__ == "__main__":
    run(RuleBot)
