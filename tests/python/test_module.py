"""The Python module `pokerarena` (sim/python): cards, evaluation and equity, against known
values, the module's own scalar path and the published frequencies of seven-card hands."""
import copy
import itertools
import math
import unittest

import numpy as np

import pokerarena as pa

# Seven-card hands of each category among all C(52, 7) = 133,784,560 (published counts).
SEVEN_CARD_COUNTS = {
    1: 23294460, 2: 58627800, 3: 31433400, 4: 6461620, 5: 6180020,
    6: 4047644, 7: 3473184, 8: 224848, 9: 41584,
}
ALL_SEVEN = 133784560


def random_hands(n, seed):
    """n rows of seven distinct card codes."""
    rng = np.random.default_rng(seed)
    hands = np.empty((n, 7), dtype=np.uint8)
    for start in range(0, n, 250000):  # blocks: 52 floats a hand at once would be 800 MB
        block = rng.random((min(250000, n - start), 52), dtype=np.float32)
        hands[start:start + len(block)] = np.argpartition(block, 7, axis=1)[:, :7]
    return hands


class Cards(unittest.TestCase):
    def test_codes_and_text(self):
        self.assertEqual(pa.parse_cards("2c"), [0])
        self.assertEqual(pa.parse_cards("As"), [51])
        self.assertEqual(pa.parse_cards("As Kd, Th"), [51, 45, 34])
        self.assertEqual(pa.card_str(0), "2c")
        self.assertEqual(pa.card_str(51), "As")
        self.assertEqual(pa.cards_str([51, 45, 34]), "AsKdTh")
        for code in range(52):
            self.assertEqual(pa.parse_cards(pa.card_str(code)), [code])

    def test_bad_cards(self):
        for text in ("Xx", "AsAs", "A"):
            with self.assertRaises(ValueError):
                pa.parse_cards(text)
        with self.assertRaisesRegex(ValueError, "outside 0..51"):
            pa.card_str(52)
        with self.assertRaisesRegex(ValueError, "given twice"):
            pa.cards_str([3, 3])
        with self.assertRaisesRegex(ValueError, "not a card code"):
            pa.cards_str([True, 2])
        for f in (pa.cards_str, pa.evaluate):
            with self.subTest(f=f), self.assertRaisesRegex(
                    ValueError, r"cards: expected one card code a position \(a 1-D array\), "
                    r"got an array of shape \(2, 7\)"):
                f(np.arange(14).reshape(2, 7))
        with self.assertRaisesRegex(ValueError, r"cards: \[0, 1\] is not a card code"):
            pa.cards_str([[0, 1]])


class Evaluate(unittest.TestCase):
    def test_known_hands(self):
        royal = pa.evaluate("AsKsQsJsTs")
        self.assertEqual(pa.category(royal), 9)
        self.assertEqual(pa.describe(royal), "Royal Flush")
        self.assertEqual(pa.category_name(pa.evaluate("2c2d3h4s5c7d8h")), "One Pair")
        self.assertEqual(pa.describe(pa.evaluate("KcKd7h7s2c")), "Two Pair, Kings and Sevens")
        # The wheel is the lowest straight; six cards value their best five.
        self.assertLess(pa.evaluate("As2d3h4s5c"), pa.evaluate("2d3h4s5c6c"))
        self.assertEqual(pa.evaluate("AsKsQsJsTs2c"), royal)
        self.assertEqual(pa.evaluate(pa.parse_cards("AsKsQsJsTs")), royal)
        self.assertEqual(pa.evaluate(np.array(pa.parse_cards("AsKsQsJsTs"))), royal)

    def test_bad_hands(self):
        with self.assertRaisesRegex(ValueError, "5, 6 or 7 cards"):
            pa.evaluate("AsKs")
        with self.assertRaisesRegex(ValueError, "5, 6 or 7 cards"):
            pa.evaluate("AsKsQsJsTs9s8s7s")
        with self.assertRaisesRegex(ValueError, "not a hand value"):
            pa.describe(5)

    def test_only_values_some_hand_has_are_described(self):
        # Every five-card hand's value: each multiset of five ranks (suits dealt round, so no
        # flush), and each set of five ranks in one suit (the flushes and straight flushes).
        values = set()
        for ranks in itertools.combinations_with_replacement(range(13), 5):
            if max(ranks.count(r) for r in ranks) <= 4:
                values.add(pa.evaluate([4 * r + i % 4 for i, r in enumerate(ranks)]))
        for ranks in itertools.combinations(range(13), 5):
            values.add(pa.evaluate([4 * r for r in ranks]))
        self.assertEqual(len(values), 7462)
        described = set()
        for v in range(-1, 0x10001):
            try:
                text = pa.describe(v)
            except ValueError as e:
                where = "value: %d (0x%x)" % (v, v) if v >= 0 else "value: -1"
                self.assertIn(where + " is not a hand value", str(e))
                for f in (pa.category, pa.category_name) if v % 61 == 0 else ():
                    with self.assertRaisesRegex(ValueError, "value: %d " % v):
                        f(v)
                continue
            described.add(v)
            self.assertTrue(text.startswith(pa.category_name(v) + ", ") or text == "Royal Flush",
                            text)
        self.assertEqual(described, values)

    def test_hand_values_and_counts_are_ints(self):
        royal = pa.evaluate("AsKsQsJsTs")
        self.assertEqual(pa.category(np.int64(royal)), 9)
        for f in (pa.category, pa.category_name, pa.describe):
            for bad in (2**40, 2**31):
                with self.assertRaisesRegex(ValueError, "value: %d .* is not a hand value" % bad):
                    f(bad)
            for bad in (2**64, float(royal), True, np.bool_(True)):
                with self.assertRaisesRegex(ValueError, "value: expected a whole number"):
                    f(bad)
        # numpy's bool is no count and no card either.
        with self.assertRaisesRegex(ValueError, "stack: expected a whole number"):
            pa.VectorEnv(2, stack=np.bool_(True))
        with self.assertRaisesRegex(ValueError, "random_opponents: expected a whole number"):
            pa.equity("AsKs", random_opponents=np.bool_(True), samples=10)
        with self.assertRaisesRegex(ValueError, "hero: True is not a card code"):
            pa.equity([np.bool_(True), 2], random_opponents=1, samples=10)

    def test_batch_equals_one_at_a_time_on_every_kernel(self):
        hands = random_hands(20000, 7)
        one = np.array([pa.evaluate(h) for h in hands[:2000]], dtype=np.uint16)
        for kernel in ["best"] + pa.kernels():
            values = pa.evaluate_batch(hands, kernel=kernel)
            self.assertEqual(values.dtype, np.uint16)
            self.assertEqual(values.shape, (20000,))
            np.testing.assert_array_equal(values[:2000], one)
            np.testing.assert_array_equal(values, pa.evaluate_batch(hands, kernel="scalar"))

    def test_batch_takes_any_integer_array(self):
        hands = random_hands(100, 3)
        np.testing.assert_array_equal(pa.evaluate_batch(hands.astype(np.int64)),
                                      pa.evaluate_batch(hands))
        np.testing.assert_array_equal(pa.evaluate_batch(np.asfortranarray(hands)),
                                      pa.evaluate_batch(hands))
        self.assertEqual(pa.evaluate_batch(np.zeros((0, 7), dtype=np.uint8)).shape, (0,))

    def test_category_frequencies_of_two_million_random_hands(self):
        n = 2_000_000
        values = pa.evaluate_batch(random_hands(n, 11))
        counts = np.bincount(values >> 12, minlength=10)
        for category, total in SEVEN_CARD_COUNTS.items():
            p = total / ALL_SEVEN
            sd = math.sqrt(n * p * (1 - p))
            self.assertLess(abs(counts[category] - n * p), 5 * sd + 1,
                            "category %d: %d of %d" % (category, counts[category], n))

    def test_bad_batches_name_the_row(self):
        hands = random_hands(10, 5)
        hands[6, 3] = hands[6, 0]
        with self.assertRaisesRegex(ValueError, "row 6 .*given twice"):
            pa.evaluate_batch(hands)
        hands = random_hands(10, 5)
        hands[2, 1] = 52
        with self.assertRaisesRegex(ValueError, "row 2 .*outside 0..51"):
            pa.evaluate_batch(hands)
        with self.assertRaisesRegex(ValueError, r"shape \(N, 7\)"):
            pa.evaluate_batch(np.zeros((4, 5), dtype=np.uint8))
        with self.assertRaisesRegex(ValueError, "kernel: expected"):
            pa.evaluate_batch(random_hands(2, 1), kernel="avx9")

    def test_batch_codes_are_checked_before_any_cast(self):
        hands = random_hands(4, 2).astype(np.int64)
        for bad in (307, 256 + 5, -1, 2**40):
            given = hands.copy()
            given[3, 4] = bad
            with self.subTest(code=bad), self.assertRaisesRegex(
                    ValueError, r"row 3 \[.*\]: card code %d is outside 0..51" % bad):
                pa.evaluate_batch(given)
        for dtype in (np.float64, np.float32, np.bool_):
            with self.subTest(dtype=dtype), self.assertRaisesRegex(
                    ValueError, "expected integer card codes 0..51, got an array of"):
                pa.evaluate_batch(hands.astype(dtype))
        with self.assertRaisesRegex(ValueError, "integer card codes"):
            pa.evaluate_batch([[0, 1, 2, 3, 4, 5, 6.5]])
        np.testing.assert_array_equal(pa.evaluate_batch(hands.tolist()),
                                      pa.evaluate_batch(hands.astype(np.uint8)))


class Equity(unittest.TestCase):
    def test_exact_known_matchup(self):
        e = pa.equity("AsKs", ["QdQc"], method="exact")
        self.assertTrue(e["exact"])
        self.assertEqual(e["outcomes"], 1712304)
        self.assertEqual(e["players"][0]["wins"], 787966)
        self.assertEqual(e["players"][1]["wins"], 917606)
        self.assertEqual(e["players"][0]["ties"], 6732)
        self.assertAlmostEqual(e["equity"], 0.4621445725, places=9)
        self.assertAlmostEqual(e["players"][0]["equity"] + e["players"][1]["equity"], 1, places=12)

    def test_monte_carlo_agrees_with_exact(self):
        exact = pa.equity("AhKh", random_opponents=1, board="Qh7h2c", method="exact")
        mc = pa.equity("AhKh", random_opponents=1, board="Qh7h2c", method="monte_carlo",
                       samples=200000, seed=4)
        self.assertFalse(mc["exact"])
        self.assertGreater(mc["std_error"], 0)
        self.assertLess(abs(mc["equity"] - exact["equity"]), 5 * mc["std_error"])
        again = pa.equity("AhKh", random_opponents=1, board="Qh7h2c", method="monte_carlo",
                          samples=200000, seed=4)
        self.assertEqual(mc, again)

    def test_dead_cards_change_the_deck(self):
        live = pa.equity("AsAd", ["KsKd"], board="Kh7c2s", method="exact")
        dead = pa.equity("AsAd", ["KsKd"], board="Kh7c2s", dead="Kc", method="exact")
        self.assertEqual(live["outcomes"], 990)   # C(45, 2) turns and rivers
        self.assertEqual(dead["outcomes"], 946)   # C(44, 2)
        # The aces are behind the set; the dead king cannot give the kings quads any more.
        self.assertGreater(dead["equity"], live["equity"])

    def test_bad_requests(self):
        with self.assertRaisesRegex(ValueError, "hero: expected two hole cards"):
            pa.equity("As")
        with self.assertRaisesRegex(ValueError, "villains: expected a list"):
            pa.equity("AsKs", "QdQc")
        with self.assertRaisesRegex(ValueError, "villains\\[0\\]"):
            pa.equity("AsKs", ["Qd"])
        with self.assertRaisesRegex(ValueError, "method"):
            pa.equity("AsKs", ["QdQc"], method="guess")
        with self.assertRaises(ValueError):
            pa.equity("AsKs", ["AsQc"])  # a card in two hands
        with self.assertRaises(ValueError):
            pa.equity("AsKs", ["QdQc"], board="2c3c")  # a board of two cards
        for options, message in (
                (dict(samples=-5), "samples: expected a whole number from 0 to "
                                   "18446744073709551615, got -5"),
                (dict(seed=2**64), "seed: .* got 18446744073709551616"),
                (dict(threads=0), "threads: expected a whole number from 1 to 4096, got 0"),
                (dict(random_opponents="2"), "random_opponents: expected a whole number"),
                (dict(exact_limit=-1), "exact_limit: .* got -1")):
            with self.subTest(options=options), self.assertRaisesRegex(ValueError, message):
                pa.equity("AsKs", ["QdQc"], **options)
        with self.assertRaisesRegex(
                ValueError, 'use Monte Carlo \\(method="monte_carlo" or "auto"\\)'):
            pa.equity("AsKs", random_opponents=3, method="exact")

    def test_known_opponents_are_always_exact(self):
        # exact_limit and samples bound random opponents only: 1,712,304 boards here.
        e = pa.equity("AsKs", ["QdQc"], exact_limit=1000, samples=1000)
        self.assertTrue(e["exact"])
        self.assertEqual(e["outcomes"], 1712304)
        self.assertEqual(e["equity"], pa.equity("AsKs", ["QdQc"], method="exact")["equity"])


def random_legal(obs, rng):
    """A legal action at every table: fold, check or call, or a raise uniform in its range."""
    n = len(obs["seat"])
    kinds = rng.integers(0, 3, n)
    kinds = np.where((kinds == 0) & ~obs["can_fold"], 1, kinds)
    kinds = np.where((kinds == 2) & ~obs["can_raise"], 1, kinds)
    span = obs["max_raise_to"] - obs["min_raise_to"] + 1
    amounts = obs["min_raise_to"] + (rng.random(n) * span).astype(np.int64)
    return kinds, np.minimum(amounts, obs["max_raise_to"])


class VectorEnvironment(unittest.TestCase):
    def play(self, env, steps, seed):
        """Observations, rewards and done flags of `steps` random steps, copied."""
        rng = np.random.default_rng(seed)
        obs = env.reset()
        trace = [{k: v.copy() for k, v in obs.items()}]
        for _ in range(steps):
            obs, rewards, done = env.step(*random_legal(obs, rng))
            trace.append(({k: v.copy() for k, v in obs.items()}, rewards.copy(), done.copy()))
        return trace

    def test_first_decision_heads_up(self):
        obs = pa.VectorEnv(3, seats=2, stack=200, small_blind=1, big_blind=2, seed=5).reset()
        # The button posts the small blind and acts first preflop.
        np.testing.assert_array_equal(obs["seat"], obs["button"])
        np.testing.assert_array_equal(obs["pot"], [3, 3, 3])
        np.testing.assert_array_equal(obs["call_amount"], [1, 1, 1])
        np.testing.assert_array_equal(obs["min_raise_to"], [4, 4, 4])
        np.testing.assert_array_equal(obs["max_raise_to"], [200, 200, 200])
        self.assertTrue((obs["board"] == -1).all())
        self.assertTrue(((obs["hole"] >= 0) & (obs["hole"] < 52)).all())

    def test_the_same_seed_plays_the_same(self):
        a = self.play(pa.VectorEnv(16, seats=3, seed=9), 200, 1)
        b = self.play(pa.VectorEnv(16, seats=3, seed=9), 200, 1)
        c = self.play(pa.VectorEnv(16, seats=3, seed=10), 200, 1)
        for x, y in zip(a[1:], b[1:]):
            for k in x[0]:
                np.testing.assert_array_equal(x[0][k], y[0][k])
            np.testing.assert_array_equal(x[1], y[1])
        self.assertFalse(all((x[0]["hole"] == y[0]["hole"]).all() for x, y in zip(a[1:], c[1:])))

    def test_chips_are_conserved_and_rewards_sum_to_zero(self):
        for seats, betting in ((2, "no-limit"), (6, "no-limit"), (2, "fixed-limit"),
                               (3, "pot-limit")):
            env = pa.VectorEnv(32, seats=seats, stack=100, seed=seats, betting=betting)
            trace = self.play(env, 400, seats)
            ended = 0
            for obs, rewards, done in trace[1:]:
                np.testing.assert_array_equal(obs["stacks"].sum(axis=1) + obs["pot"],
                                              np.full(32, seats * 100))
                np.testing.assert_allclose(rewards.sum(axis=1), 0, atol=0)
                self.assertTrue((rewards[~done] == 0).all())
                self.assertTrue((rewards >= -100).all())
                ended += int(done.sum())
                # The acting seat has not folded; the board has 0, 3, 4 or 5 cards by round.
                self.assertFalse(obs["folded"][np.arange(32), obs["seat"]].any())
                shown = (obs["board"] >= 0).sum(axis=1)
                np.testing.assert_array_equal(shown, np.array([0, 3, 4, 5])[obs["round"]])
                cards = np.concatenate([obs["hole"], obs["board"]], axis=1)
                for row in cards:
                    dealt = row[row >= 0]
                    self.assertEqual(len(set(dealt.tolist())), len(dealt))
            self.assertGreater(ended, 32, betting)
            if betting == "fixed-limit":
                final = trace[-1][0]
                legal = final["can_raise"]
                np.testing.assert_array_equal(final["min_raise_to"][legal],
                                              final["max_raise_to"][legal])

    def test_rewards_and_done_are_new_arrays_every_step(self):
        env = pa.VectorEnv(8, seed=3)
        obs = env.reset()
        kept = []
        for _ in range(60):
            obs, rewards, done = env.step(np.ones(8, np.int64))
            kept.append((rewards, done, rewards.copy(), done.copy()))
        for rewards, done, rewards_then, done_then in kept:
            np.testing.assert_array_equal(rewards, rewards_then)
            np.testing.assert_array_equal(done, done_then)
        self.assertGreater(sum(int(d.sum()) for _, d, _, _ in kept), 0)
        self.assertEqual(len({id(r) for r, _, _, _ in kept}), len(kept))

    def test_reset_deals_new_hands(self):
        env = pa.VectorEnv(4, seed=4)
        first = {k: v.copy() for k, v in env.reset().items()}
        np.testing.assert_array_equal(first["hand"], 0)
        for _ in range(3):  # into the first hands: the flop is out
            obs = {k: v.copy() for k, v in env.step(np.ones(4, np.int64))[0].items()}
        np.testing.assert_array_equal(obs["hand"], 0)
        self.assertTrue((obs["round"] > 0).all())
        after = {k: v.copy() for k, v in env.reset().items()}
        # A new hand at its first decision: preflop, blinds in, no board, the next deal.
        np.testing.assert_array_equal(after["round"], 0)
        np.testing.assert_array_equal(after["pot"], 3)
        self.assertTrue((after["board"] == -1).all())
        np.testing.assert_array_equal(after["hand"], 1)
        np.testing.assert_array_equal(after["button"], 1 - first["button"])
        # The second deal of a fresh environment, whose first hands ended at once (folds).
        other = pa.VectorEnv(4, seed=4)
        other.reset()
        second, _, _ = other.step(np.zeros(4, np.int64))
        for k in after:
            np.testing.assert_array_equal(after[k], second[k], k)
        _, rewards, done = env.step(np.zeros(4, np.int64))  # the new hands end: folds
        self.assertTrue(done.all())
        np.testing.assert_array_equal(np.abs(rewards).sum(axis=1), 2)

    def test_one_call_at_a_time(self):
        env = pa.VectorEnv(4, seed=2)
        env.reset()
        before = {k: v.copy() for k, v in env.step(np.ones(4, np.int64))[0].items()}
        errors = []

        class Inner:
            """Actions whose conversion steps the environment from inside step()."""
            def __array__(self, dtype=None, copy=None):
                for call in (lambda: env.step(np.ones(4, np.int64)), env.reset):
                    try:
                        call()
                    except RuntimeError as e:
                        errors.append(str(e))
                return np.ones(4, np.int64)

        obs, _, _ = env.step(Inner())
        self.assertEqual(len(errors), 2)
        self.assertIn("VectorEnv.step(): the environment is in use", errors[0])
        self.assertIn("VectorEnv.reset(): the environment is in use", errors[1])
        # Only the outer step moved the tables: as a second step of a fresh environment.
        fresh = pa.VectorEnv(4, seed=2)
        fresh.reset()
        fresh.step(np.ones(4, np.int64))
        expected, _, _ = fresh.step(np.ones(4, np.int64))
        for k in obs:
            np.testing.assert_array_equal(obs[k], expected[k], k)
        self.assertFalse(all((before[k] == obs[k]).all() for k in obs))

    def test_a_bad_action_moves_no_table(self):
        env = pa.VectorEnv(4, seed=3)
        obs = env.reset()
        before = {k: v.copy() for k, v in obs.items()}
        kinds = np.ones(4, dtype=np.int64)
        kinds[2] = 2
        with self.assertRaisesRegex(ValueError, "table 2: a raise needs an amount"):
            env.step(kinds)
        with self.assertRaisesRegex(ValueError, r"table 2: raise to 3 is outside 4\.\.200"):
            env.step(kinds, np.full(4, 3))
        with self.assertRaisesRegex(ValueError, "kind 7 is not"):
            env.step(np.full(4, 7))
        with self.assertRaisesRegex(ValueError, "an array of 4"):
            env.step(np.ones(3, dtype=np.int64))
        for k, v in obs.items():
            np.testing.assert_array_equal(v, before[k], k)
        # The small blind calls; the big blind may check, so folding is refused.
        obs, rewards, done = env.step(np.ones(4, dtype=np.int64))
        self.assertTrue(obs["can_check"].all())
        self.assertFalse(done.any())
        with self.assertRaisesRegex(ValueError, "table 0: fold is not open"):
            env.step(np.zeros(4, dtype=np.int64))

    def test_actions_are_integers(self):
        env = pa.VectorEnv(2, seed=5)
        env.reset()
        # A float or bool array is refused, not truncated (2.9 played a raise, True a call).
        for kinds, amounts, name in ((np.array([2.9, 2.9]), np.array([4.9, 4.9]), "kinds"),
                                     ([1.2, 1.0], None, "kinds"),
                                     (np.array([True, True]), None, "kinds"),
                                     (np.array([2, 2]), np.array([4.5, 4.5]), "amounts")):
            with self.assertRaisesRegex(ValueError, name + ": expected an array of integers"):
                env.step(kinds, amounts)
        obs, _, _ = env.step(np.array([1, 1], dtype=np.uint8))
        self.assertTrue(obs["can_check"].all())

    def test_kuhn_and_leduc(self):
        # Kuhn: J, Q, K of spades, one card a seat, no board; Leduc: J, Q, K of hearts and
        # spades, one board card in the second round. Every seat antes 1, bets are fixed.
        decks = {"kuhn": {39, 43, 47}, "leduc": {38, 39, 42, 43, 46, 47}}
        for game, board_cards, bets in (("kuhn", 0, (1,)), ("leduc", 1, (2, 4))):
            env = pa.VectorEnv(64, seats=2, stack=20, seed=2, game=game)
            first = env.reset()
            self.assertEqual(first["hole"].shape, (64, 1))
            self.assertEqual(first["board"].shape, (64, board_cards))
            # Player 0 (the seat that is not the button) acts first, the antes in the pot.
            np.testing.assert_array_equal(first["seat"], 1 - first["button"])
            np.testing.assert_array_equal(first["pot"], np.full(64, 2))
            self.assertTrue(first["can_check"].all())
            np.testing.assert_array_equal(first["min_raise_to"], np.full(64, bets[0]))
            np.testing.assert_array_equal(first["max_raise_to"], np.full(64, bets[0]))
            ended = 0
            for obs, rewards, done in self.play(env, 300, 4)[1:]:
                np.testing.assert_array_equal(obs["stacks"].sum(axis=1) + obs["pot"],
                                              np.full(64, 40))
                np.testing.assert_allclose(rewards.sum(axis=1), 0, atol=0)
                self.assertTrue((rewards[~done] == 0).all())
                ended += int(done.sum())
                self.assertTrue(set(obs["hole"].ravel().tolist()) <= decks[game])
                shown = (obs["board"] >= 0).sum(axis=1)
                np.testing.assert_array_equal(shown, obs["round"] if board_cards else 0)
                for row in np.concatenate([obs["hole"], obs["board"]], axis=1):
                    self.assertTrue(set(row[row >= 0].tolist()) <= decks[game])
                    self.assertEqual(len(set(row.tolist())), len(row[row >= 0]) + (row < 0).any())
            self.assertGreater(ended, 64, game)

    def test_omaha_and_short_deck(self):
        # Omaha: four hole cards; short-deck: the 36 cards from the six (codes 16..51).
        for game, holes, lowest in (("plo", 4, 0), ("plo8", 4, 0), ("short-deck", 2, 16)):
            env = pa.VectorEnv(32, seats=3, stack=100, seed=6, game=game)
            self.assertEqual(env.reset()["hole"].shape, (32, holes))
            ended = 0
            for obs, rewards, done in self.play(env, 300, 5)[1:]:
                np.testing.assert_array_equal(obs["stacks"].sum(axis=1) + obs["pot"],
                                              np.full(32, 300))
                np.testing.assert_allclose(rewards.sum(axis=1), 0, atol=0)
                ended += int(done.sum())
                cards = np.concatenate([obs["hole"], obs["board"]], axis=1)
                self.assertTrue((obs["hole"] >= lowest).all())
                for row in cards:
                    dealt = row[row >= 0]
                    self.assertEqual(len(set(dealt.tolist())), len(dealt))
            self.assertGreater(ended, 32, game)
        with self.assertRaisesRegex(ValueError, "plo is pot-limit"):
            pa.VectorEnv(4, game="plo", betting="no-limit")

    def test_bad_settings(self):
        for make, message in (
                (lambda: pa.VectorEnv(2, seed=-1), "seed: expected a whole number from 0 to "
                                                   "18446744073709551615, got -1"),
                (lambda: pa.VectorEnv(0), "tables: expected a whole number from 1 to 4194304"),
                (lambda: pa.VectorEnv(2**40), "tables: .* got 1099511627776"),
                (lambda: pa.VectorEnv(2, stack=2**64), "stack: .* got 18446744073709551616"),
                (lambda: pa.Table(seed=-1), "seed: expected a whole number from 0 to "),
                (lambda: pa.Table(table_id=2**64), "table_id: .* got 18446744073709551616"),
                (lambda: pa.Table(seats="3"), "seats: expected a whole number")):
            with self.assertRaisesRegex(ValueError, message):
                make()
        with self.assertRaisesRegex(ValueError, 'game: expected one of "holdem", "plo", "plo8", "short-deck", "kuhn", "leduc"'):
            pa.VectorEnv(4, game="omaha")
        # All-in from the forced bets, no table would ever reach a decision.
        for game, forced in (("holdem", 2), ("kuhn", 1), ("short-deck", 4)):
            with self.assertRaisesRegex(ValueError, "more than its forced bets, %d chips" % forced):
                pa.VectorEnv(2, game=game, stack=forced)
        with self.assertRaisesRegex(ValueError, "kuhn is fixed-limit"):
            pa.VectorEnv(4, game="kuhn", betting="no-limit")
        with self.assertRaisesRegex(ValueError, "seats"):
            pa.VectorEnv(4, seats=11)
        with self.assertRaisesRegex(ValueError, "tables"):
            pa.VectorEnv(0)
        with self.assertRaisesRegex(ValueError, "betting"):
            pa.VectorEnv(4, betting="spread")
        with self.assertRaisesRegex(ValueError, "before reset"):
            pa.VectorEnv(4).step(np.ones(4, dtype=np.int64))


def play_hand(table, rng):
    """Plays one hand with random legal actions; returns its last_hand()."""
    while True:
        e = table.advance()
        if e["kind"] == "HandEnded":
            return table.last_hand()
        legal = table.legal_actions()
        kind = rng.integers(0, 3)
        if kind == 0 and legal["can_fold"]:
            table.act("fold")
        elif kind == 2 and legal["can_raise"]:
            table.act("raise", int(rng.integers(legal["min_raise_to"], legal["max_raise_to"] + 1)))
        else:
            table.act("call")


class OneTable(unittest.TestCase):
    def test_a_hand_step_by_step(self):
        t = pa.Table(seats=2, stack=200, seed=3)
        e = t.advance()
        self.assertEqual((e["kind"], e["seat"], e["round"]), ("ActionRequired", 1, 0))
        self.assertEqual(t.legal_actions(), {"can_fold": True, "can_check": False,
                                             "call_amount": 1, "can_raise": True,
                                             "min_raise_to": 4, "max_raise_to": 200,
                                             "all_in_to": 200})
        view = t.view(1)
        self.assertIsNone(view["hole"][0])           # the other seat's cards are hidden
        self.assertEqual(len(view["hole"][1]), 2)
        self.assertEqual((view["stacks"], view["pot"]), ([198, 199], 3))
        t.act("raise", 6)
        with self.assertRaisesRegex(ValueError, "no action is expected"):
            t.act("call")  # the table must advance to the next decision first
        self.assertEqual(t.advance()["seat"], 0)
        with self.assertRaisesRegex(ValueError, "below the minimum raise to 10"):
            t.act("raise", 7)
        t.act("fold")
        self.assertEqual(t.advance()["kind"], "HandEnded")
        self.assertEqual(t.last_hand()["net"], [-2, 2])
        with self.assertRaisesRegex(ValueError, "kind"):
            t.act("shove")

    def test_a_kuhn_hand_step_by_step(self):
        t = pa.Table(seats=2, stack=10, seed=1, game="kuhn")
        e = t.advance()
        # Player 0, the seat that is not the button, acts first; the antes are the pot.
        self.assertEqual((e["kind"], e["round"]), ("ActionRequired", 0))
        first = e["seat"]
        self.assertEqual(t.legal_actions(), {"can_fold": False, "can_check": True,
                                             "call_amount": 0, "can_raise": True,
                                             "min_raise_to": 1, "max_raise_to": 1,
                                             "all_in_to": 9})
        self.assertEqual(len(t.view(first)["hole"][first]), 1)
        t.act("raise", 1)
        self.assertEqual(t.advance()["seat"], 1 - first)
        self.assertFalse(t.legal_actions()["can_raise"])  # one bet at most
        t.act("call")
        self.assertEqual(t.advance()["kind"], "HandEnded")
        hand = t.last_hand()
        ranks = ["23456789TJQKA".index(h[0][0]) for h in hand["hole"]]
        winner = ranks.index(max(ranks))
        self.assertEqual(hand["net"][winner], 2)
        self.assertEqual(hand["net"][1 - winner], -2)
        with self.assertRaisesRegex(ValueError, "PHH"):
            t.last_hand_phh()

    def test_a_copy_plays_on_alone(self):
        rng = np.random.default_rng(2)
        t = pa.Table(seats=3, seed=8)
        play_hand(t, rng)
        c = copy.copy(t)
        a = play_hand(t, np.random.default_rng(5))
        b = play_hand(c, np.random.default_rng(5))
        self.assertEqual(a, b)
        self.assertEqual(t.hand, c.hand)
        play_hand(c, rng)
        self.assertNotEqual(t.hand, c.hand)

    def test_every_hand_replays_from_its_phh(self):
        rng = np.random.default_rng(11)
        for seats, betting in ((2, "no-limit"), (6, "no-limit"), (3, "fixed-limit")):
            t = pa.Table(seats=seats, stack=100, seed=seats, betting=betting)
            for _ in range(60):
                hand = play_hand(t, rng)
                self.assertEqual(sum(hand["net"]), 0)
                [result] = pa.replay_phh(t.last_hand_phh())
                self.assertEqual(result["status"], "matched", result["message"])

    def test_bad_phh_is_an_error_entry(self):
        [result] = pa.replay_phh("variant = 'NT'\nstarting_stacks = [100]\n", name="x.phh")
        self.assertEqual(result["status"], "error")
        self.assertIn("x.phh", result["location"])
        self.assertTrue(result["message"])
        with self.assertRaisesRegex(ValueError, "no hand has finished"):
            pa.Table().last_hand_phh()


if __name__ == "__main__":
    unittest.main()
