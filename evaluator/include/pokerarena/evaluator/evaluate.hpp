// Hand strength of 5, 6 or 7 cards.
//
// Guarantees
// - evaluate() returns a HandValue, a 16-bit number: higher is stronger, and two hands have
//   equal values exactly when they tie. The order is one total order across 5, 6 and 7 cards
//   (the value of 6 or 7 cards is the value of their best five).
// - value >> 12 is the category (1 high card .. 9 straight flush); the low 12 bits order hands
//   within the category. Values are not contiguous: there are 7,462 distinct ones between
//   0x1000 and 0x9FFF. See describe() for the exact layout.
// - A Hand is an incremental partial hand: build the board once, then add each player's hole
//   cards to a copy. Adding a card and evaluating touch only registers, two 52-entry arrays of
//   64-bit card words (detail::kCardKeys and kCardMasks) and three constant arrays of 16-bit
//   entries (detail::EvalTables: 16,384 row displacements, 74,363 rank values, 8,192 flush
//   values; 197,878 bytes, about 193 KiB). evaluator/src/make_tables.cpp generates
//   them at build time as constant-initialized data (constinit), so nothing runs at start-up
//   and evaluate() may be called from any static initializer. Nothing allocates or throws.
//
// Preconditions (not checked on the hot path): a Hand holds distinct cards, and evaluate() is
// called with 5, 6 or 7 of them.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>

#include "pokerarena/evaluator/card.hpp"

namespace pokerarena {

using HandValue = std::uint16_t;

enum class Category : std::uint8_t {
    HighCard = 1,
    OnePair,
    TwoPair,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    FourOfAKind,
    StraightFlush,
};

constexpr Category category(HandValue v) {
    return static_cast<Category>(v >> 12);
}
const char* category_name(Category c);

// Whether some hand of 5 to 7 cards has the value `v`: true for exactly the 7,462 values
// evaluate() returns, false for the others of 0..0xFFFF (a category outside 1..9, a field
// past its category's last hand, a kicker equal to a pair's rank, five ranks in a row called
// a high card). A few divisions and, for a high card or a flush, the colex decode of five
// ranks: no table, no allocation.
bool is_hand_value(HandValue v);

// "Two Pair, Kings and Sevens", "Straight, Five High", "Flush, Ace High"; for a value
// is_hand_value() refuses, "Invalid hand value N".
std::string describe(HandValue v);

namespace detail {

// Rank keys: 13 multipliers chosen so that every multiset of at most 7 ranks (at most 4 of
// each) has a distinct sum. They are the greedy choice, each the smallest number above the
// previous one that keeps all sums distinct (scripts/find_rank_keys.cpp derives them; the
// tests re-check distinctness). The largest 7-card sum is 18,393,157, under 2^25.
inline constexpr std::array<std::uint32_t, kNumRanks> kRankKeys = {
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520};

// Bit 16 * suit + rank of each card: a load and an OR per card are cheaper than computing the
// shift from the index.
inline constexpr std::array<std::uint64_t, kNumCards> kCardMasks = [] {
    std::array<std::uint64_t, kNumCards> masks{};
    for (int c = 0; c < kNumCards; ++c)
        masks[c] = std::uint64_t{1} << (16 * (c & 3) + (c >> 2));
    return masks;
}();

// Perfect hash of the rank key. The key is scrambled by an odd multiplier modulo 2^25 (a
// bijection on 25-bit keys, so distinct keys stay distinct) to spread the clustered sums
// evenly; the top 14 bits of the result pick a row, the low 11 bits a column, and slot =
// 2 * row_displacement[row] + column. Rows were placed first-fit, fullest first, so that no
// two 5-, 6- or 7-card rank multisets share a slot: 73,775 multisets fill 74,363 slots
// (99.2%). Even displacements let a 16-bit entry reach every slot.
inline constexpr std::uint32_t kHashMultiplier = 0xC2B2AE35;
inline constexpr int kHashBits = 25;
inline constexpr int kColumnBits = 11;
inline constexpr std::uint32_t kColumnMask = (1u << kColumnBits) - 1;
inline constexpr std::size_t kRows = std::size_t{1} << (kHashBits - kColumnBits);
inline constexpr std::size_t kRankSlots = 74363;

constexpr std::uint32_t scramble_rank_key(std::uint32_t rank_key) {
    return (rank_key * kHashMultiplier) & ((1u << kHashBits) - 1);
}

struct EvalTables {
    std::array<std::uint16_t, kRows> row_displacement;  // in units of two slots
    std::array<HandValue, kRankSlots> rank_values;
    std::array<HandValue, 1 << kNumRanks> flush_values;  // by the 13-bit rank mask of one suit
};
extern const EvalTables tables;

// The value of a rank multiset of 5 to 7 cards (no flush) from its rank key.
inline HandValue rank_value(std::uint32_t rank_key) noexcept {
    const std::uint32_t h = scramble_rank_key(rank_key);
    return tables.rank_values[2u * tables.row_displacement[h >> kColumnBits] + (h & kColumnMask)];
}

// The perfect hash above shifted to the top of 32 bits: then the modulo 2^25 of the
// scramble is the word's own wrap-around, and no mask is needed.
inline constexpr int kUnusedHashBits = 32 - kHashBits;

// Both fields of the hash in one 64-bit word, each read with one shift: the high half holds
// the top hash (the row is its top 14 bits), the low half the hash shifted up to its top 11
// bits (the column), so its low 21 bits are zero. The hash is linear, so the packed hash of a
// sum of rank keys is the sum of their packed hashes: carries out of the low half reach only
// the high half's lowest seven bits, which are zero in every term and never read (a sum of at
// most seven terms carries at most six times, and so does one that adds the low bits of a
// Hand's key below, whose total stays under 2^16).
constexpr std::uint64_t packed_hash(std::uint32_t rank_key) {
    return std::uint64_t{rank_key * (kHashMultiplier << kUnusedHashBits)} << 32 |
           (rank_key * (kHashMultiplier << (32 - kColumnBits)));
}

inline HandValue rank_value_from_packed_hash(std::uint64_t packed) noexcept {
    const auto row = static_cast<std::uint32_t>(packed >> (64 - (kHashBits - kColumnBits)));
    const std::uint32_t column = static_cast<std::uint32_t>(packed) >> (32 - kColumnBits);
    return tables.rank_values[2u * tables.row_displacement[row] + column];
}

// A Hand's key is the sum of its cards' keys: each card's packed hash, which leaves the low 21
// bits free, plus a suit counter there. The four nibbles of the low 16 bits count cards per
// suit from 3, so a nibble reaches 8 (its top bit) exactly when that suit has five or more
// cards; with at most seven cards they stay under 16, so no carry reaches the hash. One shift
// of the key gives the row, one the column, and a mask the flush bits: evaluating a hand
// needs no multiply.
inline constexpr std::uint64_t kSuitBias = 0x3333;
inline constexpr std::uint64_t kFlushCheckMask = 0x8888;
inline constexpr std::uint64_t kSuitCounters = 0xFFFF;

inline constexpr std::array<std::uint64_t, kNumCards> kCardKeys = [] {
    std::array<std::uint64_t, kNumCards> keys{};
    for (int c = 0; c < kNumCards; ++c)
        keys[c] = packed_hash(kRankKeys[c >> 2]) + (std::uint64_t{1} << (4 * (c & 3)));
    return keys;
}();

// The suit of the lowest flush bit set in `flush_bits` (a key masked by kFlushCheckMask).
constexpr int flush_suit(std::uint64_t flush_bits) {
    return std::countr_zero(flush_bits) >> 2;
}

// The packed hash of a hand from its key (the key without its suit counters).
constexpr std::uint64_t packed_hash_of(std::uint64_t key) {
    return key & ~kSuitCounters;
}

}  // namespace detail

class Hand {
  public:
    constexpr Hand() = default;
    constexpr explicit Hand(CardSet cards) {
        for (Card c : cards)
            add(c);
    }

    constexpr Hand& add(Card c) {
        key_ += detail::kCardKeys[c.index()];
        mask_ |= detail::kCardMasks[c.index()];
        return *this;
    }
    constexpr Hand operator+(Card c) const { return Hand(*this).add(c); }
    // Joins two partial hands with no card in common (a board and a player's hole cards).
    constexpr Hand operator+(const Hand& o) const {
        Hand h;
        h.key_ = key_ + o.key_ - detail::kSuitBias;
        h.mask_ = mask_ | o.mask_;
        return h;
    }

    constexpr int size() const { return std::popcount(mask_); }
    constexpr std::uint64_t key() const { return key_; }
    // Bit 16 * suit + rank for every card.
    constexpr std::uint64_t suit_rank_mask() const { return mask_; }

  private:
    std::uint64_t key_ = detail::kSuitBias;
    std::uint64_t mask_ = 0;
};

inline HandValue evaluate(const Hand& hand) noexcept {
    const std::uint64_t key = hand.key();
    if (const std::uint64_t flush = key & detail::kFlushCheckMask; flush != 0) [[unlikely]] {
        // Only one suit can hold five of seven cards; its nibble's top bit names it.
        const int suit = detail::flush_suit(flush);
        return detail::tables.flush_values[(hand.suit_rank_mask() >> (16 * suit)) & 0x1FFF];
    }
    return detail::rank_value_from_packed_hash(key);
}

inline HandValue evaluate(CardSet cards) noexcept {
    return evaluate(Hand{cards});
}

}  // namespace pokerarena
