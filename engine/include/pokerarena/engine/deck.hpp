// Deterministic dealing.
//
// The deck of hand h at table t in a run with seed s is a pure function of (s, t, h): a
// counter-based generator hashes the triple into a key, and the i-th step of a Fisher-Yates
// shuffle draws from the hashed block of four positions that holds i, hash(key, i / 4). Steps
// are taken only as cards are needed, so a hand that ends early costs only the cards it dealt,
// and position i of the deck never depends on how many cards were dealt after it.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "pokerarena/engine/types.hpp"
#include "pokerarena/evaluator/card.hpp"
#include "pokerarena/evaluator/splitmix64.hpp"

namespace pokerarena {

// The key of hand (seed, table_id, hand_number).
std::uint64_t deal_key(std::uint64_t seed, std::uint64_t table_id, std::uint64_t hand_number);
// The same key in two parts, for a table that deals many hands: table_deal_key(seed,
// table_id) once, then hand_deal_key(that, hand_number) == deal_key(seed, table_id,
// hand_number) for each hand.
std::uint64_t table_deal_key(std::uint64_t seed, std::uint64_t table_id);
inline std::uint64_t hand_deal_key(std::uint64_t table_key, std::uint64_t hand_number);

class Deck {
  public:
    Deck() = default;

    // A full deck ordered by the key; call next() for each card.
    void reset(std::uint64_t key) {
        cards_ = kOrderedDeck;
        key_ = key;
        fraction_ = 0;
        size_ = kNumCards;
        position_ = 0;
    }
    // A deck of exactly `cards`, ordered by the key: a game's own deck (GameDef::deck()), or
    // one without the cards a replay gives.
    void reset(std::uint64_t key, CardSet cards);
    // The cards of `fresh` (a deck just reset to a game's cards) ordered by the key: the same
    // deck as reset(key, those cards), by a copy rather than a walk over the set each hand.
    void reset(std::uint64_t key, const Deck& fresh) {
        assert(fresh.position_ == 0 && fresh.fraction_ == 0);
        *this = fresh;
        key_ = key;
    }

    // The next card. Precondition: remaining() > 0 (asserted).
    Card next() {
        Card card;
        deal(&card, 1);
        return card;
    }
    // The next n cards into out[0..n), exactly as n calls of next(). Precondition:
    // 0 <= n <= remaining() (asserted). Inline, with the position and the fraction in registers
    // for the whole run: the call and the reloads cost as much as a step. The key is read at
    // each block from the member (a copy in a register cost 16 instructions a heads-up hand in
    // the callers' register pressure, more than its reloads).
    //
    // One Fisher-Yates step: position i swaps with a uniform pick from i..size-1. Each block
    // of four positions draws from one 64-bit fraction u, the hash of (key, block): a position
    // multiplies u by its range, size - i, in 128 bits; the high word is the pick and the low
    // word is the fraction left for the next position. A block's picks are then the digits
    // (in the mixed radix of their ranges) of floor(u * P / 2^64), P the product of the
    // ranges (below 52^4), so each combination of picks is equally likely up to P / 2^64, a
    // relative bias below 4e-13. One hash per four cards, a multiply per card, no division and
    // no rejection loop.
    void deal(Card* out, int n) { deal_rows<1, 1>(out, n); }
    // The same n cards into rows of Stride slots, PerRow of them a row (hold'em's two hole
    // cards a seat into a record of four slots a seat: deal_rows<2, 4>): one run of the deck
    // without a copy through a buffer.
    template <int PerRow, int Stride>
    void deal_rows(Card* out, int n) {
        assert(n >= 0 && n <= remaining());
        unsigned i = position_;
        const unsigned start = i;
        const unsigned end = i + static_cast<unsigned>(n);
        const std::uint64_t size = size_;
        std::uint64_t fraction = fraction_;
        for (; i != end; ++i) {
            if (i % kBlock == 0) fraction = mix(key_ + (i / kBlock + 1) * kGolden);
            const Wide scaled = static_cast<Wide>(fraction) * (size - i);
            const unsigned j = i + static_cast<unsigned>(scaled >> 64);
            fraction = static_cast<std::uint64_t>(scaled);
            // The swap's other half, cards_[i] = card, is never read: later steps pick from
            // i + 1 on. Storing it cost a store per card.
            const std::uint8_t card = cards_[j];
            cards_[j] = cards_[i];
            const unsigned k = i - start;
            out[k / PerRow * Stride + k % PerRow] = Card{card};
        }
        fraction_ = fraction;
        position_ = static_cast<std::uint8_t>(i);
    }
    int remaining() const { return size_ - position_; }

    friend bool operator==(const Deck&, const Deck&) = default;

  private:
    friend std::uint64_t table_deal_key(std::uint64_t, std::uint64_t);
    friend std::uint64_t hand_deal_key(std::uint64_t, std::uint64_t);

    static constexpr std::array<std::uint8_t, kNumCards> kOrderedDeck = [] {
        std::array<std::uint8_t, kNumCards> d{};
        for (int c = 0; c < kNumCards; ++c)
            d[c] = static_cast<std::uint8_t>(c);
        return d;
    }();

    // The splitmix64 finaliser: hashing (key, position) with it is a counter-based generator:
    // any card of any hand can be produced without running a stream from the start, so
    // dealing is independent of thread count and scheduling.
    static constexpr std::uint64_t mix(std::uint64_t z) { return splitmix64_mix(z); }
    static constexpr std::uint64_t kGolden = kSplitMix64Gamma;
    static constexpr unsigned kBlock = 4;  // positions drawn from one hash
    __extension__ typedef unsigned __int128 Wide;

    // The cards not yet dealt, at positions position_..size_-1; those below position_, and
    // after reset(key, cards) those from size_ on, are stale.
    std::array<std::uint8_t, kNumCards> cards_{};
    std::uint64_t key_ = 0;
    std::uint64_t fraction_ = 0;  // what is left of the current block's hash
    std::uint8_t size_ = 0;
    std::uint8_t position_ = 0;
};

inline std::uint64_t hand_deal_key(std::uint64_t table_key, std::uint64_t hand_number) {
    return Deck::mix(table_key ^ (hand_number + 3 * Deck::kGolden));
}

// Cards given for the next hand (replays, tests). Known hole cards go to their seats, known
// board cards are dealt first in order; everything else comes from the deck without the given
// cards.
struct PresetCards {
    std::array<std::array<Card, kMaxHoleCards>, kMaxSeats> hole{};
    std::array<bool, kMaxSeats> hole_known{};
    std::array<Card, kMaxBoardCards> board{};
    int board_known = 0;  // how many board cards are given (0..5)

    friend bool operator==(const PresetCards&, const PresetCards&) = default;
};

}  // namespace pokerarena
