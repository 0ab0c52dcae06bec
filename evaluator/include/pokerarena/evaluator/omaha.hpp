// Omaha hand values: the high hand and the eight-or-better low.
//
// In Omaha a hand is exactly two of the player's hole cards and exactly three of the board
// cards; no other count of either may be used. Four hearts in the hand and one on the board is
// therefore no flush (only two of the hearts may play), and a board of four of a kind is no
// four of a kind for anyone (only three board cards may play).
//
// Guarantees
// - omaha_high() is the best evaluate() value (evaluate.hpp) over every choice of two hole
//   cards and three board cards: with four hole cards and five board cards, the best of the 60
//   five-card hands. Values compare with evaluate()'s (same scale, same total order).
// - omaha_low() is the eight-or-better low: five cards of distinct ranks, each an eight or
//   lower with the ace low, two from the hole and three from the board. It returns 0 when no
//   such hand exists, else a LowValue for which higher is the better low and equal values tie.
//   Lows compare by their highest card, then the next, and so on (8-5-4-3-2 loses to
//   7-6-5-4-3, and A-2-3-4-5 is the best). Straights and flushes do not count against a low.
// - Nothing allocates or throws but describe_low().
//
// Preconditions (not checked on the hot path): the cards are distinct, 2 <= hole_count <= 4
// and 3 <= board_count <= 5.
#pragma once

#include <cstdint>
#include <string>

#include "pokerarena/evaluator/card.hpp"
#include "pokerarena/evaluator/evaluate.hpp"

namespace pokerarena {

inline constexpr int kMaxOmahaHoleCards = 4;

// 0: no qualifying low. Otherwise 256 minus the set of the five low ranks as bits (bit 0 the
// ace, bit 1 the deuce .. bit 7 the eight): a set of five ranks that is smaller as a number has
// the lower highest card, or the same highest card and a lower next one, and so on, so the
// better low has the higher value. The best, A-2-3-4-5 (bits 0..4, 31), is 225; the worst,
// 8-7-6-5-4 (bits 3..7, 248), is 8.
using LowValue = std::uint16_t;
inline constexpr LowValue kNoLow = 0;

HandValue omaha_high(const Card* hole, int hole_count, const Card* board, int board_count) noexcept;
LowValue omaha_low(const Card* hole, int hole_count, const Card* board, int board_count) noexcept;

// The low as its ranks from the highest down ("8-6-4-2-A"), or "No low" for kNoLow.
std::string describe_low(LowValue v);

}  // namespace pokerarena
