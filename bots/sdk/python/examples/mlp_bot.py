#!/usr/bin/env python3
"""A neural-network bot: a multilayer perceptron over features of the view, run for a whole
batch of views in one pass (numpy, from Debian's python3-numpy).

    pokerarena run --bots 'mlp=proc:python3 bots/sdk/python/examples/mlp_bot.py,tag,call' --deals 2000

The network is 48 features -> 2048 -> 2048 -> 4 action scores (fold, check/call, a minimum
raise, a pot-sized raise), about 4.3 million weights drawn from a fixed seed when the bot
starts (no download, no training: it plays badly, and costs what a real network of its size
costs). The scores of the legal actions become probabilities (a softmax), and the action is
drawn from them with self.rng, so the bot is deterministic given its seed.

Why batching pays: one view needs every weight read once from memory (34 MB), so a pass over
one view is as slow as the memory; a pass over 256 views reads them once for all and keeps
the arithmetic units busy. On a 2-core AMD EPYC (OpenBLAS, one thread) that is about 2.7 ms
for one view against 0.35 ms a view in a batch of 256 (docs/python-bots.md).

Config: comma-separated ``batch=N`` (the most views a pass evaluates, 1..4096, default 256;
``batch=1`` evaluates one view at a time, for comparison) and ``hidden=N`` (the width of the
two hidden layers, 8..4096, default 2048). Anything else is refused at start-up, and so is
a game other than hold'em and short-deck (its ``games``: the features read two hole cards).

The batched and the one-at-a-time passes give the same scores bit for bit, so the bot plays
the same actions either way: features and weights are multiples of powers of two small
enough that every product and every sum is exact in float64, whatever order the matrix
library adds in; the hidden values are rounded to such multiples after each layer.
"""
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pokerarena_bot import Bot, Refuse, call, check, fold, raise_to, rank, run  # noqa: E402

WEIGHT_SEED = 20240611
FEATURES = 48
ACTIONS = 4          # fold, check/call, raise to the minimum, raise to about the pot
GRID = 64.0          # features and hidden values are multiples of 1/64 ...
HIDDEN_CAP = 64.0    # ... and at most 64 (a hidden value, after its ReLU)


class Network:
    """The perceptron: two hidden layers of `hidden` ReLU units and a linear output."""

    def __init__(self, hidden, seed=WEIGHT_SEED):
        rng = np.random.default_rng(seed)

        def layer(inputs, outputs):
            # Integers over 2^k: exact in float64; the scale keeps each layer's sums about
            # as large as its inputs (1 / sqrt(inputs)), rounded to a power of two.
            shift = 8 + max(0, int(round(math.log2(inputs) / 2)) - 2)
            draws = rng.integers(-128, 129, size=(inputs, outputs))
            return draws.astype(np.float64) / 2.0 ** shift

        self.w1 = layer(FEATURES, hidden)
        self.w2 = layer(hidden, hidden)
        self.w3 = layer(hidden, ACTIONS)

    def scores(self, features):
        """Action scores, one row per row of `features` (an n x FEATURES array)."""
        h = np.minimum(np.maximum(features @ self.w1, 0.0), HIDDEN_CAP)
        h = np.round(h * GRID) / GRID
        h = np.minimum(np.maximum(h @ self.w2, 0.0), HIDDEN_CAP)
        h = np.round(h * GRID) / GRID
        return h @ self.w3


def features(view):
    """48 numbers describing the view (each becomes a multiple of 1/64 in [0, 8])."""
    legal = view.legal
    me = view.seat
    a, b = view.my_cards
    ra, rb = rank(a) - 2, rank(b) - 2
    f = [0.0] * FEATURES
    f[ra] += 1.0                                   # 0..12: the hole cards' ranks
    f[rb] += 1.0
    f[13] = 1.0 if a[1] == b[1] else 0.0           # suited
    f[14] = 1.0 if ra == rb else 0.0               # a pair
    board = view.board
    suits = {}
    for c in board:
        f[15 + rank(c) - 2] += 1.0                 # 15..27: the board's ranks
        suits[c[1]] = suits.get(c[1], 0) + 1
    f[28] = max(suits.values()) / 5.0 if suits else 0.0
    f[29 + view.round] = 1.0                       # 29..32: the street
    pot = view.pot
    owed = legal.call
    stack = view.stacks[me]
    big = view.big_blind
    f[33] = owed / (pot + owed) if pot + owed else 0.0    # pot odds
    f[34] = min(owed / big, 512.0) / 64.0
    f[35] = min(pot / big, 512.0) / 64.0
    f[36] = min(stack / big, 512.0) / 64.0
    f[37] = min(stack / pot, 8.0) if pot else 8.0
    f[38] = view.opponents_in_hand() / 9.0
    f[39] = ((me - view.button) % view.num_seats) / view.num_seats
    f[40] = 1.0 if legal.can_raise else 0.0
    f[41] = 1.0 if legal.check else 0.0
    f[42] = 1.0                                    # a bias
    f[43] = min(view.current_bet / big, 512.0) / 64.0
    f[44] = min(len(view.actions), 64) / 16.0
    f[45] = 1.0 if board and max(ra, rb) + 2 in [rank(c) for c in board] else 0.0
    f[46] = max(ra, rb) / 12.0
    f[47] = min(ra, rb) / 12.0
    return f


class MlpBot(Bot):
    name = "py-mlp 1.0"
    view = "full"
    games = ("holdem", "short-deck")  # its features read two hole cards
    network = None   # built once per process by check_config: weights, not table state

    @staticmethod
    def parse_config(config):
        settings = {"batch": 256, "hidden": 2048}
        limits = {"batch": (1, 4096), "hidden": (8, 4096)}
        for item in filter(None, (s.strip() for s in config.split(","))):
            key, sep, value = item.partition("=")
            key = key.strip()
            if key not in settings or not sep or not value.strip().isdigit() \
                    or not limits[key][0] <= int(value) <= limits[key][1]:
                raise Refuse("bad config %r: expected batch=N (1..4096) and hidden=N (8..4096)"
                             % (config,))
            settings[key] = int(value)
        return settings

    @classmethod
    def check_config(cls, config):
        settings = cls.parse_config(config)
        cls.max_batch = settings["batch"]
        cls.network = Network(settings["hidden"])

    @classmethod
    def decide_batch(cls, items):
        grid = np.array([features(view) for _, view in items], dtype=np.float64)
        grid = np.round(np.minimum(grid, 8.0) * GRID) / GRID
        scores = cls.network.scores(grid).tolist()
        return [bot.choose(view, row) for (bot, view), row in zip(items, scores)]

    def choose(self, view, scores):
        """Draws the action from the softmax of the legal actions' scores."""
        legal = view.legal
        allowed = [legal.can_fold and not legal.check, True, legal.can_raise, legal.can_raise]
        top = max(s for s, ok in zip(scores, allowed) if ok)
        weights = [math.exp(s - top) if ok else 0.0 for s, ok in zip(scores, allowed)]
        draw = self.rng.random() * sum(weights)
        choice = 0
        while choice < ACTIONS - 1 and (draw >= weights[choice] or not allowed[choice]):
            draw -= weights[choice]
            choice += 1
        if choice == 0:
            return fold()
        if choice == 1:
            return check() if legal.check else call()
        if choice == 2:
            return raise_to(legal.min_to)
        target = view.current_bet + view.pot + legal.call
        return raise_to(min(max(target, legal.min_to), legal.max_to))


if __name__ == "__main__":
    run(MlpBot)
