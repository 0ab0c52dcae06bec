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
//   2^25), so each completion adds its two cards' pre-hashed sum to the prefix's hash; the
//   seventh cards of one rank share one table read, and the reads of a prefix are one flat
//   loop over a precomputed list; and a prefix is tested for flushes once (a completion
//   flushes only when it brings a suit the prefix holds three or more of to five or more, and
//   those few are then read from the flush table over the rest).
// - for_each_board() calls its function once for every way to deal `draws` (1 to 5) more
//   cards of `unseen` to a board, in the lexicographic order of the dealt cards' indices, with
//   the completed board, the unseen cards left, and evaluate(board + holes[p]) for every
//   player; with fewer than `draws` unseen cards, never. The number of players is a template
//   parameter, so the per-board work is straight-line code.
// - for_each_board_group() gives the same completions in groups: each call stands for
//   `boards` (at least 1) completions on which every player has the same value, the boards of
//   all calls add up to C(unseen.size(), draws), and the calls come in no particular order.
//   Counting outcomes through it reads the table once per group instead of once per board.
// - All three are templates in this header, so the caller's function is inlined into the
//   loops; nothing allocates, throws or logs.
//
// Preconditions (not checked): `lowest` is a card (0..51); `holes` and `board` hold distinct
// cards that are not in `unseen`; 1 <= draws <= 5 - board.size(), and board.size() + draws
// >= 3, so that every hand evaluated has five to seven cards.
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

// The two-card completions (f, g), f < g, listed by f then g: those above a five-card prefix
// ending at card e are a tail of the list, and (f, g) is at kPairStart[f] + g - f - 1.
inline constexpr std::array<std::uint16_t, kNumCards + 1> kPairStart = [] {
    std::array<std::uint16_t, kNumCards + 1> start{};
    for (int f = 0; f < kNumCards; ++f)
        start[f + 1] = static_cast<std::uint16_t>(start[f] + (kNumCards - 1 - f));
    return start;
}();

// The number of bits set in each 4-bit value n, as nibble n.
inline constexpr std::uint64_t kNibbleBits = 0x4332322132212110;

// Writes v to values[i .. i + 3] with one store. `copies` is 0x0001000100010001, passed in
// from a register the compiler cannot see into: with the constant in view GCC replaces the
// multiply by two shifts and two adds, and the full enumeration ran 1.13 times slower.
template <std::size_t kSize>
[[gnu::always_inline]] inline void store_four(std::array<HandValue, kSize>& values, std::size_t i,
                                              HandValue v, std::uint64_t copies) {
    const std::uint64_t four = v * copies;
    std::memcpy(values.data() + i, &four, sizeof four);
}

// Adding these to a hand's key sets a suit's flush bit when the suit already holds at least
// four (kOneOfEachSuit) or three (kTwoOfEachSuit) cards.
inline constexpr std::uint64_t kOneOfEachSuit = 0x1111;
inline constexpr std::uint64_t kTwoOfEachSuit = 0x2222;

// Each card's packed hash: a hand's is the sum of its cards'.
inline constexpr std::array<std::uint64_t, kNumCards> kCardPackedHashes = [] {
    std::array<std::uint64_t, kNumCards> hashes{};
    for (int c = 0; c < kNumCards; ++c)
        hashes[c] = packed_hash(kRankKeys[c >> 2]);
    return hashes;
}();

// The completions (f, g) of a five-card prefix as table reads, in order: for each sixth card f,
// one read for the g of f's own rank above it (none when f is its rank's last suit), then one
// for each rank above f's, four g apiece. `hash` is the packed hash of f and one such g, so
// the prefix's hash plus it is the hand's; `advance` is how many completions the read fills.
// The reads for a prefix ending at card e are a tail of the list, from first[e + 1]: one flat
// loop with no inner loop whose exit varies from one f to the next.
struct CompletionReads {
    static constexpr std::size_t kCount = [] {
        std::size_t n = 0;
        for (int f = 0; f < kNumCards - 1; ++f)
            n += static_cast<std::size_t>(((f & 3) != 3) + (kNumRanks - 1 - (f >> 2)));
        return n;
    }();
    std::array<std::uint64_t, kCount> hash{};
    std::array<std::uint8_t, kCount> advance{};
    std::array<std::uint16_t, kNumCards + 1> first{};
};
inline constexpr CompletionReads kCompletionReads = [] {
    CompletionReads reads{};
    std::size_t k = 0;
    for (int f = 0; f < kNumCards - 1; ++f) {
        reads.first[f] = static_cast<std::uint16_t>(k);
        if ((f & 3) != 3) {
            reads.hash[k] = kCardPackedHashes[f] + kCardPackedHashes[f];
            reads.advance[k++] = static_cast<std::uint8_t>(3 - (f & 3));
        }
        for (int r = (f >> 2) + 1; r < kNumRanks; ++r) {
            reads.hash[k] = kCardPackedHashes[f] + kCardPackedHashes[4 * r];
            reads.advance[k++] = 4;
        }
    }
    // No completion has the last card as its sixth.
    reads.first[kNumCards - 1] = reads.first[kNumCards] = static_cast<std::uint16_t>(k);
    return reads;
}();

// Deals the board's cards from deck[from .. n) in kLevels nested loops, one per card, each
// adding its card to its parent's partial hand and leaving room for the kRoom cards that
// `rest` deals after them (from deck[from .. n) too). `left` is what stays unseen.
template <int kLevels, int kRoom, class Rest>
[[gnu::always_inline]] inline void deal_board(const Hand& partial, const std::uint8_t* deck,
                                              int from, int n, std::uint64_t left, Rest& rest) {
    if constexpr (kLevels == 0) {
        rest(partial, from, left);
    } else {
        for (int i = from; i <= n - kLevels - kRoom; ++i) {
            deal_board<kLevels - 1, kRoom>(partial + Card{deck[i]}, deck, i + 1, n,
                                           left & ~(std::uint64_t{1} << deck[i]), rest);
        }
    }
}

}  // namespace detail

template <class OnValues>
void for_each_seven_card_values(Card lowest, OnValues&& on_values) {
    using namespace detail;
    // The completions of one five-card prefix, at most C(47, 2) = 1,081, and room for a
    // four-copy write to overshoot: it starts at the latest at the last completion.
    constexpr std::size_t kOvershoot = sizeof(std::uint64_t) / sizeof(HandValue) - 1;
    std::array<HandValue, (kNumCards - 5) * (kNumCards - 6) / 2 + kOvershoot> values;
    std::uint64_t copies = 0x0001000100010001;  // see store_four
    asm("" : "+r"(copies));
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
                    // Every completion is looked up as a rank multiset first. The completions
                    // (f, g) come in index order, so for each f the cards g of one rank are
                    // adjacent and share a rank multiset: one table read serves up to four
                    // hands, written as four copies at once (the array has room for the
                    // overshoot), and the position moves on by the number of such g.
                    const std::uint64_t prefix = packed_hash_of(h5.key());
                    std::size_t i = 0;
                    for (std::size_t k = kCompletionReads.first[e + 1];
                         k < kCompletionReads.first[kNumCards]; ++k) {
                        store_four(values, i,
                                   rank_value_from_packed_hash(prefix + kCompletionReads.hash[k]),
                                   copies);
                        i += kCompletionReads.advance[k];
                    }
                    // Then the flushes are written over their entries. With `held` cards of a
                    // suit in the prefix (three to five), a completion flushes when it brings
                    // the suit to five or more (every completion when the prefix holds five);
                    // five suited cards of seven leave no room for a full house or four of a
                    // kind, so its value is the flush table's for the suit's ranks.
                    const std::uint64_t three = (h5.key() + kTwoOfEachSuit) & kFlushCheckMask;
                    if (three != 0) {
                        const int suit = flush_suit(three);
                        const auto suited =
                            static_cast<std::uint32_t>(h5.suit_rank_mask() >> (16 * suit)) & 0x1FFF;
                        const int held = std::popcount(suited);
                        const auto rank_bit = [suit](int card) {
                            return (card & 3) == suit ? 1u << (card >> 2) : 0u;
                        };
                        for (int f = e + 1; f < kNumCards - 1; ++f) {
                            const std::uint32_t with_f = suited | rank_bit(f);
                            const int missing = 5 - held - ((f & 3) == suit);
                            const std::size_t row = kPairStart[f] - first;
                            if (missing <= 0) {
                                for (int g = f + 1; g < kNumCards; ++g)
                                    values[row + static_cast<std::size_t>(g - f - 1)] =
                                        tables.flush_values[with_f | rank_bit(g)];
                            } else if (missing == 1) {
                                // From the lowest card of the suit above f.
                                for (int g = (f + 4 - suit) / 4 * 4 + suit; g < kNumCards; g += 4)
                                    values[row + static_cast<std::size_t>(g - f - 1)] =
                                        tables.flush_values[with_f | rank_bit(g)];
                            }
                        }
                    }
                    on_values(std::span<const HandValue>(values.data(), count));
                }
            }
        }
    }
}

namespace detail {

// The cards above card c (of a 64-bit card mask).
constexpr std::uint64_t cards_above(int c) {
    return ~((std::uint64_t{2} << c) - 1);
}

// Calls f(lowest, count) for every rank with cards in `cards` (a 64-bit card mask), in
// ascending order: the rank's lowest card there and how many of its cards there are.
template <class F>
[[gnu::always_inline]] inline void for_each_rank(std::uint64_t cards, F&& f) {
    while (cards != 0) {
        const int lowest = std::countr_zero(cards);
        const int shift = lowest & ~3;  // 4 * rank
        const auto of_rank = static_cast<unsigned>(cards >> shift) & 0xFu;
        f(Card{lowest}, static_cast<int>(kNibbleBits >> (4 * of_rank) & 0xF));
        cards &= ~(std::uint64_t{0xF} << shift);
    }
}

// Every player's hand with a partial board. A player's value with more cards that make no flush
// is one table read at the sum of its packed hash and theirs (no multiply); whether cards can
// make a flush is read from the players' suit counts.
template <std::size_t kPlayers>
class Players {
  public:
    [[gnu::always_inline]] Players(const std::array<Hand, kPlayers>& holes, const Hand& partial) {
        for (std::size_t p = 0; p < kPlayers; ++p)
            with_[p] = partial + holes[p];
    }

    [[gnu::always_inline]] Players add(Card c) const {
        Players next = *this;
        for (std::size_t p = 0; p < kPlayers; ++p)
            next.with_[p].add(c);
        return next;
    }

    // The cards whose value depends on their suit when `more` (1 or 2) further cards are dealt:
    // those of a suit of which some player holds at least five minus `more` (only they can
    // make a flush), or every card when some player has a flush already (the rank table that
    // look_up_all reads would miss it).
    [[gnu::always_inline]] std::uint64_t flush_suit_cards(int more) const {
        const std::uint64_t bias = more == 1 ? kOneOfEachSuit : kTwoOfEachSuit;
        std::uint64_t suits = 0, made = 0;
        for (std::size_t p = 0; p < kPlayers; ++p) {
            suits |= with_[p].key() + bias;
            made |= with_[p].key();
        }
        if (made & kFlushCheckMask) return ~std::uint64_t{0};
        std::uint64_t cards = 0;
        for (int suit = 0; suit < kNumSuits; ++suit) {
            if (suits >> (3 + 4 * suit) & 1) cards |= kSuitCards << suit;
        }
        return cards;
    }

    [[gnu::always_inline]] void evaluate_all(Card c,
                                             std::array<HandValue, kPlayers>& values) const {
        for (std::size_t p = 0; p < kPlayers; ++p)
            values[p] = evaluate(with_[p] + c);
    }
    // The values with further cards whose packed hashes sum to `added`, when they make no flush.
    // A hand's key is its packed hash plus suit counters that stay below the bits the lookup
    // reads (evaluate.hpp), so the key itself is added to.
    [[gnu::always_inline]] void look_up_all(std::uint64_t added,
                                            std::array<HandValue, kPlayers>& values) const {
        for (std::size_t p = 0; p < kPlayers; ++p)
            values[p] = rank_value_from_packed_hash(with_[p].key() + added);
    }

  private:
    static constexpr std::uint64_t kSuitCards = 0x1111111111111;  // the clubs (card 4 * rank)
    std::array<Hand, kPlayers> with_;
};

// deal_board with kLevels = levels (0 to 5 - kRest: a board has five cards), chosen at run time.
template <int kLevels, int kRest, class Rest>
[[gnu::always_inline]] inline void deal_levels(int levels, const Hand& board,
                                               const std::uint8_t* deck, int n, std::uint64_t left,
                                               Rest& rest) {
    if (levels == kLevels) return deal_board<kLevels, kRest>(board, deck, 0, n, left, rest);
    if constexpr (kLevels < 5 - kRest) {
        deal_levels<kLevels + 1, kRest>(levels, board, deck, n, left, rest);
    }
}

// Deals `draws` cards of `unseen` to `board` in lexicographic order, all but the last kRest
// (1 or 2, at most draws), and calls rest(partial, from, left, deck, n) for each way: the
// remaining cards come from deck[from .. n), and `left` is what stays unseen besides them.
template <int kRest, class Rest>
[[gnu::always_inline]] inline void deal_all_but(const Hand& board, CardSet unseen, int draws,
                                                Rest&& rest) {
    std::array<std::uint8_t, kNumCards> deck;
    int n = 0;
    for (Card c : unseen)
        deck[n++] = static_cast<std::uint8_t>(c.index());
    const auto on_partial = [&](const Hand& partial, int from, std::uint64_t left) {
        rest(partial, from, left, deck.data(), n);
    };
    deal_levels<0, kRest>(draws - kRest, board, deck.data(), n, unseen.mask(), on_partial);
}

}  // namespace detail

// Calls on_board(board, unseen_left, values) for every completion of `board` by `draws` cards
// of `unseen`; values[p] = evaluate(board + holes[p]).
template <std::size_t kPlayers, class OnBoard>
void for_each_board(const std::array<Hand, kPlayers>& holes, const Hand& board, CardSet unseen,
                    int draws, OnBoard&& on_board) {
    using namespace detail;
    detail::deal_all_but<1>(
        board, unseen, draws,
        [&](const Hand& partial, int from, std::uint64_t left, const std::uint8_t* deck, int n) {
            const Players<kPlayers> players(holes, partial);
            std::array<HandValue, kPlayers> values;
            const auto deal = [&](int i) {
                on_board(partial + Card{deck[i]}, CardSet{left & ~(std::uint64_t{1} << deck[i])},
                         values);
            };
            if (players.flush_suit_cards(1) != 0) {
                for (int i = from; i < n; ++i) {
                    players.evaluate_all(Card{deck[i]}, values);
                    deal(i);
                }
            } else {
                for (int i = from; i < n; ++i) {
                    players.look_up_all(kCardPackedHashes[deck[i]], values);
                    deal(i);
                }
            }
        });
}

// The same completions as for_each_board(), grouped: on_boards(values, boards) stands for
// `boards` (at least 1) of them that give every player the same value, in no particular order.
// The boards of all calls add up to C(unseen.size(), draws). For callers that only count
// outcomes (exact equity, range tools). Boards are grouped where no flush can tell them apart,
// over the last two cards dealt:
// - two cards of suits no player holds three of before them: their pair of ranks stands for
//   all such pairs, one table read per player;
// - a card of a suit some player holds three of, with a card of any rank: that rank stands for
//   all its cards, except those that may make a flush too, each evaluated on its own.
template <std::size_t kPlayers, class OnBoards>
void for_each_board_group(const std::array<Hand, kPlayers>& holes, const Hand& board,
                          CardSet unseen, int draws, OnBoards&& on_boards) {
    using namespace detail;
    std::array<HandValue, kPlayers> values;
    // The last card, any of `cards`.
    const auto last_card = [&](const Players<kPlayers>& players, std::uint64_t cards)
        __attribute__((always_inline)) {
        const std::uint64_t may_flush = cards & players.flush_suit_cards(1);
        for_each_rank(cards & ~may_flush, [&](Card lowest, int of_rank) {
            players.look_up_all(kCardPackedHashes[lowest.index()], values);
            on_boards(values, of_rank);
        });
        for (std::uint64_t m = may_flush; m != 0; m &= m - 1) {
            players.evaluate_all(Card{std::countr_zero(m)}, values);
            on_boards(values, 1);
        }
    };
    if (draws == 1) {
        detail::deal_all_but<1>(
            board, unseen, draws,
            [&](const Hand& partial, int, std::uint64_t left, const std::uint8_t*, int) {
                last_card(Players<kPlayers>(holes, partial), left);
            });
        return;
    }
    detail::deal_all_but<2>(
        board, unseen, draws,
        [&](const Hand& partial, int from, std::uint64_t left, const std::uint8_t* deck, int n) {
            if (n - from < 2) return;
            const Players<kPlayers> players(holes, partial);
            const std::uint64_t cards = left & ~((std::uint64_t{1} << deck[from]) - 1);
            // Two cards of suits no player holds three of ("plain") cannot make a flush: a pair
            // of ranks is one group, one table read per player.
            const std::uint64_t suited = cards & players.flush_suit_cards(2);
            const std::uint64_t plain = cards & ~suited;
            std::array<Card, kNumRanks> ranks;
            std::array<int, kNumRanks> count;
            int distinct = 0;
            for_each_rank(plain, [&](Card lowest, int of_rank) {
                ranks[distinct] = lowest;
                count[distinct++] = of_rank;
            });
            for (int a = 0; a < distinct; ++a) {
                const std::uint64_t first = kCardPackedHashes[ranks[a].index()];
                if (count[a] >= 2) {
                    players.look_up_all(first + first, values);
                    on_boards(values, count[a] * (count[a] - 1) / 2);
                }
                for (int b = a + 1; b < distinct; ++b) {
                    players.look_up_all(first + kCardPackedHashes[ranks[b].index()], values);
                    on_boards(values, count[a] * count[b]);
                }
            }
            // A suited card with any plain card or a higher suited one: the last-card grouping.
            for (std::uint64_t m = suited; m != 0; m &= m - 1) {
                const int t = std::countr_zero(m);
                last_card(players.add(Card{t}), plain | (suited & cards_above(t)));
            }
        });
}

}  // namespace pokerarena
