#!/usr/bin/env python3
"""A pot-odds bot: estimates its equity and calls when the equity beats the pot odds.

    pokerarena run --bots 'odds=proc:python3 bots/sdk/python/examples/pot_odds_bot.py,tag,call' --deals 20000

* Preflop, the equity is a heuristic from the hole cards (the Chen formula: high cards,
  pairs, suited, connectors), lowered for every extra opponent.
* After the flop, a small Monte Carlo by the pokerarena module (``pokerarena.equity``: the
  simulator's own evaluator, in C++): the opponents still in the hand (at most 3) get random
  hands, the board is completed `samples` times, ties share.
* It raises strong hands (about a pot-sized raise, sometimes just calling to vary its play),
  calls when equity > chips to call / (pot + chips to call), checks when that is free, and
  folds otherwise.

It needs the pokerarena module (docs/python.md): it imports it from PYTHONPATH, or else from
build/python of this source tree; without it the bot stops at start-up saying how to build
it. Played in process (``pokerarena.run([PotOddsBot, ...])``) the module is there already.

Config (the `config` text of the handshake, docs/bot-protocol.md): "samples=N" (1..5000,
default 60) or nothing; anything else is refused at start-up. Every random number comes from
self.rng, seeded by the host (the Monte Carlo's seed too), so the bot is deterministic given
its seed.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pokerarena_bot import (Bot, Refuse, call, check, fold, raise_to, run,  # noqa: E402
                            card_index)

try:
    import pokerarena
except ImportError:
    # The module as this source tree builds it (scripts/build.sh, cmake -B build).
    sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                 "..", "build", "python"))
    try:
        import pokerarena
    except ImportError as e:
        sys.exit("pot_odds_bot.py needs the pokerarena Python module (%s): build the project "
                 "(cmake -S . -B build && cmake --build build) and run the bot with "
                 "PYTHONPATH=build/python, or install the module (cmake --install build); "
                 "docs/python.md" % (e,))

DEFAULT_SAMPLES = 60
MAX_SIMULATED_OPPONENTS = 3

# ---- Preflop: the Chen formula, turned into a rough equity.

_CHEN_HIGH = {12: 10.0, 11: 8.0, 10: 7.0, 9: 6.0}  # A, K, Q, J; others rank/2 (2 = deuce -> 1)


def chen_score(c1, c2):
    r1, r2 = max(c1 >> 2, c2 >> 2), min(c1 >> 2, c2 >> 2)
    score = _CHEN_HIGH.get(r1, (r1 + 2) / 2.0)
    if r1 == r2:
        return max(5.0, score * 2)
    if c1 & 3 == c2 & 3:
        score += 2
    gap = r1 - r2 - 1
    score -= (0, 1, 2, 4)[gap] if gap < 4 else 5
    if gap <= 1 and r1 < 10:  # connectors or one-gappers below a queen
        score += 1
    return score


def preflop_equity(c1, c2, opponents):
    """Chen score (-1 .. 20) to equity: about 0.33 for 72o and 0.85 for AA heads-up."""
    heads_up = min(0.85, max(0.30, 0.33 + 0.026 * chen_score(c1, c2)))
    return heads_up ** (1 + 0.8 * (max(1, opponents) - 1))


class PotOddsBot(Bot):
    name = "py-pot-odds 1.0"
    view = "full"
    games = ("holdem",)  # its preflop heuristic and two-card equity are hold'em's

    @classmethod
    def check_config(cls, config):
        cls.parse_config(config)

    @staticmethod
    def parse_config(config):
        if not config:
            return DEFAULT_SAMPLES
        key, sep, value = config.partition("=")
        if key.strip() != "samples" or not sep or not value.strip().isdigit() \
                or not 1 <= int(value) <= 5000:
            raise Refuse("bad config %r: expected samples=N with N in 1..5000" % (config,))
        return int(value)

    def __init__(self, seed, config):
        super().__init__(seed, config)
        self.samples = self.parse_config(config)

    def equity(self, hole, board, opponents):
        """Monte Carlo equity of `hole` with `board` (card strings, 3 to 5 of them)."""
        return pokerarena.equity("".join(hole), random_opponents=max(
            1, min(opponents, MAX_SIMULATED_OPPONENTS)), board="".join(board),
            method="monte_carlo", samples=self.samples, seed=self.rng.getrandbits(64))["equity"]

    def decide(self, view):
        legal = view.legal
        hole = view.my_cards
        opponents = view.opponents_in_hand()
        if view.round == 0:
            eq = preflop_equity(card_index(hole[0]), card_index(hole[1]), opponents)
        else:
            eq = self.equity(hole, view.board, opponents)
        to_call = legal.call
        fair_share = 1.0 / (opponents + 1)
        # Strong: well above a fair share of the pot. Raise about the pot, but call 15% of
        # the time (from self.rng: deterministic given the seed) to be less predictable.
        if legal.can_raise and eq > max(0.6, 1.5 * fair_share) and self.rng.random() >= 0.15:
            target = view.current_bet + view.pot + to_call
            return raise_to(min(max(target, legal.min_to), legal.max_to))
        if to_call == 0:
            return check()
        if eq > to_call / (view.pot + to_call):
            return call()
        return fold()


if __name__ == "__main__":
    run(PotOddsBot)
