// Omaha equity by Monte Carlo: a hand's expected share of the pot against random hands.
//
// What is computed
// - omaha_equity() deals `samples` times the missing board cards and four hole cards for each
//   of `opponents` random opponents, from the cards that are not the hero's or on the board,
//   each deal uniform (a partial Fisher-Yates shuffle of those cards). Each deal is valued with
//   omaha_high() and, for hi-lo, omaha_low() (omaha.hpp), and the hero's pot share added up:
//   high only, 1/k of the pot for a k-way tie for the best hand; hi-lo, half the pot by the
//   high hand and half by the low when anyone has a low, the whole pot by the high hand when
//   nobody does. The result is the mean share, in 0..1.
// - The deals are a pure function of `seed` (SplitMix64, splitmix64.hpp), so a bot's decisions
//   for a seed repeat on every CPU. There is no exact mode: from the flop heads-up there are
//   C(45, 4) * C(41, 2), about 122 million, deals.
// - Nothing allocates or throws. A sample costs about 60 rank lookups per player (and a few
//   bit operations for the low), so 200 samples heads-up take some tens of microseconds:
//   kOmahaEquitySamples, the equity bot's default, is that figure.
//
// Preconditions (not checked): the hero's four cards and the board (0, 3, 4 or 5 cards) are
// distinct, 1 <= opponents <= 9, and samples >= 1.
#pragma once

#include <cstdint>
#include <span>

#include "pokerarena/evaluator/card.hpp"

namespace pokerarena {

inline constexpr int kOmahaEquitySamples = 200;

double omaha_equity(std::span<const Card, 4> hole, std::span<const Card> board, int opponents,
                    std::uint64_t samples, std::uint64_t seed, bool hi_lo) noexcept;

}  // namespace pokerarena
