#!/usr/bin/env python3
"""A pot-odds bot: estimates its equity and calls when the equity beats the pot odds.

    pokerarena run --bots 'odds=proc:python3 bots/sdk/python/examples/pot_odds_bot.py,tag,call' --deals 20000

* Preflop, the equity is a heuristic from the hole cards (the Chen formula: high cards,
  pairs, suited, connectors), lowered for every extra opponent.
* After the flop, a small Monte Carlo: it deals the opponents (at most 3 are simulated)
  random hands and the rest of the board, `samples` times, and counts how often its hand
  wins (ties share).
* It raises strong hands (about a pot-sized raise, sometimes just calling to vary its play),
  calls when equity > chips to call / (pot + chips to call), checks when that is free, and
  folds otherwise.

Config (the `config` text of the handshake, docs/bot-protocol.md): "samples=N" (1..5000,
default 60) or nothing; anything else is refused at start-up. Every random number comes from
self.rng, seeded by the host, so the bot is deterministic given its seed.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pokerarena_bot import (Bot, Refuse, call, check, fold, raise_to, run,  # noqa: E402
                            card_index)

DEFAULT_SAMPLES = 60
MAX_SIMULATED_OPPONENTS = 3

# ---- A 5-to-7-card hand evaluator. Cards are ints 0..51: rank = c >> 2 (0 = deuce), suit = c & 3.
# A value is category << 20 | up to five 4-bit ranks; higher is better.
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def _straight_high(mask):
    """The top rank of the best straight in a 13-bit rank mask, or -1 (the wheel is 3)."""
    for high in range(12, 3, -1):
        if (mask >> (high - 4)) & 0x1F == 0x1F:
            return high
    if mask & 0x100F == 0x100F:  # A-2-3-4-5
        return 3
    return -1


def _top_ranks(mask, n):
    out = 0
    r = 12
    while n and r >= 0:
        if mask >> r & 1:
            out = out << 4 | r
            n -= 1
        r -= 1
    return out << (4 * n)


def evaluate(cards):
    """The value of the best five-card hand among `cards` (5 to 7 ints)."""
    counts = [0] * 13
    suits = [0, 0, 0, 0]
    mask = 0
    for c in cards:
        r = c >> 2
        counts[r] += 1
        suits[c & 3] += 1
        mask |= 1 << r
    for s in range(4):
        if suits[s] >= 5:
            fmask = 0
            for c in cards:
                if c & 3 == s:
                    fmask |= 1 << (c >> 2)
            h = _straight_high(fmask)
            if h >= 0:
                return STRAIGHT_FLUSH << 20 | h
            return FLUSH << 20 | _top_ranks(fmask, 5)
    # Ranks grouped by count, highest first.
    quads = trips = -1
    pairs = []
    for r in range(12, -1, -1):
        n = counts[r]
        if n == 4:
            quads = r
        elif n == 3:
            if trips < 0:
                trips = r
            else:
                pairs.append(r)  # a second set plays as a pair
        elif n == 2:
            pairs.append(r)
    if quads >= 0:
        return QUADS << 20 | quads << 16 | _top_ranks(mask & ~(1 << quads), 1) << 12
    if trips >= 0 and pairs:
        return FULL_HOUSE << 20 | trips << 16 | max(pairs) << 12
    h = _straight_high(mask)
    if h >= 0:
        return STRAIGHT << 20 | h
    if trips >= 0:
        return TRIPS << 20 | trips << 16 | _top_ranks(mask & ~(1 << trips), 2) << 8
    if len(pairs) >= 2:
        a, b = pairs[0], pairs[1]
        return TWO_PAIR << 20 | a << 16 | b << 12 | \
            _top_ranks(mask & ~(1 << a) & ~(1 << b), 1) << 8
    if pairs:
        p = pairs[0]
        return PAIR << 20 | p << 16 | _top_ranks(mask & ~(1 << p), 3) << 4
    return HIGH << 20 | _top_ranks(mask, 5)


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
        """Monte Carlo equity of `hole` (2 ints) with `board` (3 to 5 ints)."""
        opponents = max(1, min(opponents, MAX_SIMULATED_OPPONENTS))
        known = set(hole) | set(board)
        deck = [c for c in range(52) if c not in known]
        missing = 5 - len(board)
        need = 2 * opponents + missing
        sample = self.rng.sample
        score = 0.0
        for _ in range(self.samples):
            drawn = sample(deck, need)
            full_board = board + drawn[:missing]
            mine = evaluate(hole + full_board)
            best_other = 0
            ties = 0
            for i in range(missing, need, 2):
                v = evaluate(drawn[i:i + 2] + full_board)
                if v > best_other:
                    best_other, ties = v, 0
                if v == mine:
                    ties += 1
            if mine > best_other:
                score += 1.0
            elif mine == best_other:
                score += 1.0 / (ties + 1)
        return score / self.samples

    def decide(self, view):
        legal = view.legal
        hole = [card_index(c) for c in view.my_cards]
        board = [card_index(c) for c in view.board]
        opponents = view.opponents_in_hand()
        if view.round == 0:
            eq = preflop_equity(hole[0], hole[1], opponents)
        else:
            eq = self.equity(hole, board, opponents)
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
