"""The Python module `pokerarena` (sim/python): cards, evaluation and equity, against known
values, the module's own scalar path and the published frequencies of seven-card hands."""
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


class Evaluate(unittest.TestCase):
    def test_known_hands(self):
        royal = pa.evaluate("AsKsQsJsTs")
        self.assertEqual(pa.category(royal), 9)
        self.assertEqual(pa.describe(royal), "Royal Flush")
        self.assertEqual(pa.category_name(pa.evaluate("2c2d3h4s5c7d8h")).lower(), "one pair")
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


if __name__ == "__main__":
    unittest.main()
