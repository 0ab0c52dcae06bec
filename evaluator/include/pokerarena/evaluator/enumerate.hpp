// Enumeration: the values of whole families of hands, in order.
//
// Guarantees
// - for_each_seven_card_values() gives its function evaluate()'s value of every 7-card hand
//   whose lowest card is `lowest` (C(51 - lowest, 6) hands; 133,784,560 over all 52), once
//   each, in the lexicographic order of the hands' card indices (a < b < ... < g, g fastest),
//   as one span per five-card prefix holding all its completions (C(51 - e, 2) hands for a
//   prefix ending at card e: at most 1,081, never none). The 52 lowest cards split the whole
//   enumeration into independent parts for threads. It is faster than evaluate() per hand:
//   the rank key's perfect hash is linear (scramble(a + b) = scramble(a) + scramble(b) modulo
//   2^25), so a prefix is hashed once and each completion adds its pre-hashed cards, with no
//   multiply; a prefix with no suit holding four is tested for flushes once (a completion
//   flushes only when both new cards are of a suit holding three, and those few are evaluated
//   over the rest); and the seventh cards of one rank share one table read.
// - for_each_board() calls its function once for every way to deal `draws` (1 to 5) more
//   cards of `unseen` to a board, in the lexicographic order of the dealt cards' indices, with
//   the completed board, the unseen cards left, and evaluate(board + holes[p]) for every
//   player; with fewer than `draws` unseen cards, never. The number of players is a template
//   parameter, so the per-board work is straight-line code.
// - Both are templates in this header, so the caller's function is inlined into the loops;
//   nothing allocates, throws or logs.
//
// Preconditions (not checked): `lowest` is a card (0..51); `holes` and `board` hold distinct
// cards that are not in `unseen`; 1 <= draws <= 5 - board.size().
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "pokerarena/evaluator/card.hpp"
#include "pokerarena/evaluator/evaluate.hpp"

namespace pokerarena {

namespace detail {

// The perfect hash of evaluate.hpp shifted to the top of 32 bits: then the modulo 2^25 of the
// scramble is the word's own wrap-around, and no mask is needed.
inline constexpr int kUnusedHashBits = 32 - kHashBits;

// Both fields of the hash in one 64-bit word, each read with one shift: the high half holds
// the top hash (the row is its top 14 bits), the low half the hash shifted up to its top 11
// bits (the column). Sums of these stay exact in both fields: carries out of the low half reach
// only the high half's lowest seven bits, which are zero in every term and never read (a sum of
// at most seven terms carries at most six times).
constexpr std::uint64_t packed_hash(std::uint64_t hand_key) {
    const auto rank_key = static_cast<std::uint32_t>(hand_key);
    return std::uint64_t{rank_key * (kHashMultiplier << kUnusedHashBits)} << 32 |
           (rank_key * (kHashMultiplier << (32 - kColumnBits)));
}

inline HandValue rank_value_from_packed_hash(std::uint64_t packed) noexcept {
    const auto row = static_cast<std::uint32_t>(packed >> (64 - (kHashBits - kColumnBits)));
    const std::uint32_t column = static_cast<std::uint32_t>(packed) >> (32 - kColumnBits);
    return tables.rank_values[2u * tables.row_displacement[row] + column];
}

// The two-card completions (f, g), f < g, listed by f then g: those above a five-card prefix
// ending at card e are a tail of the list, and (f, g) is at kPairStart[f] + g - f - 1.
inline constexpr std::array<std::uint16_t, kNumCards + 1> kPairStart = [] {
    std::array<std::uint16_t, kNumCards + 1> start{};
    for (int f = 0; f < kNumCards; ++f)
        start[f + 1] = static_cast<std::uint16_t>(start[f] + (kNumCards - 1 - f));
    return start;
}();

// Writes v to values[i .. i + 3] with one store.
template <std::size_t kSize>
[[gnu::always_inline]] inline void store_four(std::array<HandValue, kSize>& values, std::size_t i,
                                              HandValue v) {
    const std::uint64_t four = v * std::uint64_t{0x0001000100010001};
    std::memcpy(values.data() + i, &four, sizeof four);
}

// Adding these to a hand's key sets a suit's flush bit when the suit already holds at least
// four (kOneOfEachSuit) or three (kTwoOfEachSuit) cards.
inline constexpr std::uint64_t kOneOfEachSuit = std::uint64_t{0x1111} << 32;
inline constexpr std::uint64_t kTwoOfEachSuit = std::uint64_t{0x2222} << 32;

// The suit of the lowest flush bit set in `flush_bits` (a key masked by kFlushCheckMask).
constexpr int flush_suit(std::uint64_t flush_bits) {
    return (std::countr_zero(flush_bits) - 35) >> 2;
}

// Each card's packed hash: a hand's is the sum of its cards'.
inline constexpr std::array<std::uint64_t, kNumCards> kCardPackedHashes = [] {
    std::array<std::uint64_t, kNumCards> hashes{};
    for (int c = 0; c < kNumCards; ++c)
        hashes[c] = packed_hash(kCardKeys[c]);
    return hashes;
}();

// Deals the board's cards from deck[from .. n) in nested loops, one per card, each adding its
// card to its parent's partial hand and leaving room for the cards still to come; the last
// level's loop is `last`'s. `left` is what stays unseen.
template <int kMore, class Last>
[[gnu::always_inline]] inline void deal_board(const Hand& partial, const std::uint8_t* deck,
                                              int from, int n, std::uint64_t left, Last& last) {
    if constexpr (kMore == 1) {
        last(partial, from, left);
    } else {
        for (int i = from; i <= n - kMore; ++i) {
            deal_board<kMore - 1>(partial + Card{deck[i]}, deck, i + 1, n,
                                  left & ~(std::uint64_t{1} << deck[i]), last);
        }
    }
}

}  // namespace detail

template <class OnValues>
void for_each_seven_card_values(Card lowest, OnValues&& on_values) {
    using namespace detail;
    // The completions of one five-card prefix, at most C(47, 2) = 1,081, and room for the
    // last four-copy write to overshoot by three.
    std::array<HandValue, (kNumCards - 5) * (kNumCards - 6) / 2 + 3> values;
    const int a = lowest.index();
    const Hand h1 = Hand{} + lowest;
    for (int b = a + 1; b < kNumCards; ++b) {
        const Hand h2 = h1 + Card{b};
        for (int c = b + 1; c < kNumCards; ++c) {
            const Hand h3 = h2 + Card{c};
            for (int d = c + 1; d < kNumCards; ++d) {
                const Hand h4 = h3 + Card{d};
                for (int e = d + 1; e < kNumCards - 2; ++e) {
                    const Hand h5 = h4 + Card{e};
                    const std::size_t first = kPairStart[e + 1];
                    const std::size_t count = kPairStart[kNumCards] - first;
                    if ((h5.key() + kOneOfEachSuit) & kFlushCheckMask) {
                        // A suit holds four of five: every hand is evaluated.
                        std::size_t i = 0;
                        for (int f = e + 1; f < kNumCards; ++f) {
                            const Hand h6 = h5 + Card{f};
                            for (int g = f + 1; g < kNumCards; ++g)
                                values[i++] = evaluate(h6 + Card{g});
                        }
                    } else {
                        // No suit holds four: every completion is looked up as a rank multiset,
                        // then the few that make a flush (both new cards of a suit that holds
                        // three) are evaluated over their entries. The completions (f, g) come
                        // in index order, so for each f the cards g of one rank are adjacent
                        // and share a rank multiset: one table read serves up to four hands,
                        // written as four copies at once (the array has room for the
                        // overshoot), and the position moves on by the number of such g.
                        const std::uint64_t prefix = packed_hash(h5.key());
                        std::size_t i = 0;
                        for (int f = e + 1; f < kNumCards - 1; ++f) {
                            const std::uint64_t six = prefix + kCardPackedHashes[f];
                            // The g of f's own rank above f (0 to 3), then four of every rank
                            // above. With none (f is the rank's last suit) the table is not
                            // read: the prefix may hold the rank's other three cards, and five
                            // of a rank is no multiset the hash places.
                            const int same_rank_above = 3 - (f & 3);
                            if (same_rank_above != 0) {
                                store_four(values, i,
                                           rank_value_from_packed_hash(six + kCardPackedHashes[f]));
                                i += static_cast<std::size_t>(same_rank_above);
                            }
                            for (int r = (f >> 2) + 1; r < kNumRanks; ++r) {
                                store_four(
                                    values, i,
                                    rank_value_from_packed_hash(six + kCardPackedHashes[4 * r]));
                                i += 4;
                            }
                        }
                        const std::uint64_t three = (h5.key() + kTwoOfEachSuit) & kFlushCheckMask;
                        if (three != 0) {
                            const int suit = flush_suit(three);
                            const int lowest_of_suit = (e + 4 - suit) / 4 * 4 + suit;  // > e
                            for (int f = lowest_of_suit; f < kNumCards; f += 4) {
                                const Hand h6 = h5 + Card{f};
                                const std::size_t row = kPairStart[f] - first;
                                for (int g = f + 4; g < kNumCards; g += 4)
                                    values[row + static_cast<std::size_t>(g - f - 1)] =
                                        evaluate(h6 + Card{g});
                            }
                        }
                    }
                    on_values(std::span<const HandValue>(values.data(), count));
                }
            }
        }
    }
}

// Calls on_board(board, unseen_left, values) for every completion of `board` by `draws` cards
// of `unseen`; values[p] = evaluate(board + holes[p]).
template <std::size_t kPlayers, class OnBoard>
void for_each_board(const std::array<Hand, kPlayers>& holes, const Hand& board, CardSet unseen,
                    int draws, OnBoard&& on_board) {
    using namespace detail;
    std::array<std::uint8_t, kNumCards> deck;
    int n = 0;
    for (Card c : unseen)
        deck[n++] = static_cast<std::uint8_t>(c.index());
    std::array<HandValue, kPlayers> values;
    // The loop over the last card evaluates each player's hand plainly: precomputing each
    // player's key and hash with the first four cards (the hash is linear) measured slower
    // than this, and so did reading the table once per rank of the last card.
    const auto last_card = [&](const Hand& prefix, int from, std::uint64_t left) {
        for (int i = from; i < n; ++i) {
            const Hand full = prefix + Card{deck[i]};
            for (std::size_t p = 0; p < kPlayers; ++p)
                values[p] = evaluate(full + holes[p]);
            on_board(full, CardSet{left & ~(std::uint64_t{1} << deck[i])}, values);
        }
    };
    const std::uint64_t m = unseen.mask();
    switch (draws) {
        case 1:
            return deal_board<1>(board, deck.data(), 0, n, m, last_card);
        case 2:
            return deal_board<2>(board, deck.data(), 0, n, m, last_card);
        case 3:
            return deal_board<3>(board, deck.data(), 0, n, m, last_card);
        case 4:
            return deal_board<4>(board, deck.data(), 0, n, m, last_card);
        default:
            return deal_board<5>(board, deck.data(), 0, n, m, last_card);
    }
}

}  // namespace pokerarena
