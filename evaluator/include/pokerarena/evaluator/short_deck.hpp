// Hand strength of 5, 6 or 7 cards of short-deck (six-plus) hold'em.
//
// The game: the 36-card deck of sixes to aces (kShortDeck), and hold'em's hands ranked in the
// order PokerKit's ShortDeckHoldemLookup uses (as in PHH's variant `NS`), lowest first:
// high card, one pair, two pair, three of a kind, straight, full house, flush, four of a kind,
// straight flush. A flush beats a full house (with four ranks gone, flushes are the rarer
// hand); three of a kind stays below a straight. The ace also plays low in A-6-7-8-9, the
// lowest straight (and straight flush), below 6-7-8-9-T.
//
// Guarantees
// - evaluate_short_deck() returns a HandValue, higher is stronger and equal values tie, one
//   total order across 5, 6 and 7 cards (6 or 7 cards are valued as their best five). Values
//   are not comparable with evaluate()'s standard ones.
// - Layout: the standard one (evaluate.hpp, make_tables.cpp) with the full house's and the
//   flush's category numbers swapped (value >> 12 is 6 for a full house, 7 for a flush; read
//   it with short_deck_category()), and A-6-7-8-9 taking the value of the standard wheel
//   A-2-3-4-5 (top card field 3), which no short-deck hand can hold otherwise.
// - It is a remap of the standard evaluator, not a table of its own: the rank multiset and
//   the flush suit are looked up in the same tables, then a compare, a mask test and an add
//   adjust the result. Nothing allocates or throws. Speed: docs/benchmarks.md.
//
// Why a remap is exact: the only hands whose best five differ from standard hold'em's are
// those where a flush meets a full house or four of a kind, or where A-6-7-8-9 meets a hand
// below a straight. Seven cards cannot hold a flush and a full house (or four of a kind) at
// once: five cards of one suit leave two, too few to pair a second rank and fill a third of
// the first. So a flush hand is valued by its suit alone, a hand without one by its ranks, and
// the ace-low straight is checked only where the ranks make less than a straight.
//
// Preconditions (not checked): a Hand of 5, 6 or 7 distinct cards of the short deck (no
// deuce, three, four or five; with those the result is meaningless).
#pragma once

#include <cstdint>
#include <string>

#include "pokerarena/evaluator/card.hpp"
#include "pokerarena/evaluator/evaluate.hpp"

namespace pokerarena {

// The 36 cards of ranks six (4) to ace (12): card indices 16..51.
inline constexpr std::uint64_t kShortDeckMask =
    ((std::uint64_t{1} << kNumCards) - 1) & ~((std::uint64_t{1} << (4 * 4)) - 1);
// Bit r: rank r is in the short deck (sixes to aces).
inline constexpr std::uint16_t kShortDeckRanks = 0x1FF0;

namespace detail {

// A, 6, 7, 8, 9 as a 13-bit rank mask.
inline constexpr std::uint32_t kAceToNine = (1u << 12) | (0x0Fu << 4);
// The standard wheel's values (top card field 3, Five High): the lowest straight and straight
// flush, which the short deck's A-6-7-8-9 takes.
inline constexpr HandValue kAceLowStraight = static_cast<HandValue>(5 << 12 | 3);
inline constexpr HandValue kAceLowStraightFlush = static_cast<HandValue>(9 << 12 | 3);
// The distance between two categories in a value.
inline constexpr HandValue kCategoryStep = 1 << 12;

}  // namespace detail

inline HandValue evaluate_short_deck(const Hand& hand) noexcept {
    using namespace detail;
    const std::uint64_t key = hand.key();
    const std::uint64_t cards = hand.suit_rank_mask();
    if (const std::uint64_t flush = key & kFlushCheckMask; flush != 0) [[unlikely]] {
        const auto suited =
            static_cast<std::uint32_t>((cards >> (16 * flush_suit(flush))) & 0x1FFF);
        const HandValue v = tables.flush_values[suited];
        if (category(v) == Category::StraightFlush) return v;
        if ((suited & kAceToNine) == kAceToNine) return kAceLowStraightFlush;
        return static_cast<HandValue>(v + kCategoryStep);  // flush: 6 -> 7, above a full house
    }
    // Both adjustments without a branch (3% faster than branching on the category, on random
    // short-deck hands). What costs is the ace-low test's rank mask: the Hand's card mask,
    // which the standard evaluator never reads, so its seven loads and ORs are dropped there;
    // without the test this runs twice as fast. A rank table of its own (74,363 more entries)
    // would avoid it at 145 KB of binary; the remap keeps one set of tables.
    const HandValue v = rank_value_from_packed_hash(key);
    const Category c = category(v);
    const auto ranks =
        static_cast<std::uint32_t>((cards | cards >> 16 | cards >> 32 | cards >> 48) & 0x1FFF);
    const bool low_straight = c < Category::Straight && (ranks & kAceToNine) == kAceToNine;
    // A full house drops below the flush: category 7 -> 6.
    const auto adjusted =
        static_cast<HandValue>(v - (c == Category::FullHouse ? kCategoryStep : HandValue{0}));
    return low_straight ? kAceLowStraight : adjusted;
}

inline HandValue evaluate_short_deck(CardSet cards) noexcept {
    return evaluate_short_deck(Hand{cards});
}

// The category of a short-deck value (the standard enumerators: Flush is still "Flush").
constexpr Category short_deck_category(HandValue v) {
    const Category c = category(v);
    if (c == Category::FullHouse) return Category::Flush;
    if (c == Category::Flush) return Category::FullHouse;
    return c;
}

// "Flush, Ace High", "Full House, Kings over Sixes", "Straight, Nine High" (A-6-7-8-9).
std::string describe_short_deck(HandValue v);

}  // namespace pokerarena
