// Deterministic dealing.
//
// The deck of hand h at table t in a run with seed s is a pure function of (s, t, h): a
// counter-based generator hashes the triple into a key, and the i-th step of a Fisher-Yates
// shuffle draws from hash(key, i). Steps are taken only as cards are needed, so a hand that
// ends early costs only the cards it dealt, and position i of the deck never depends on how
// many cards were dealt after it.
#pragma once

#include <array>
#include <cstdint>

#include "pokerarena/engine/types.hpp"
#include "pokerarena/evaluator/card.hpp"

namespace pokerarena {

// The key of hand (seed, table_id, hand_number).
std::uint64_t deal_key(std::uint64_t seed, std::uint64_t table_id, std::uint64_t hand_number);

class Deck {
  public:
    Deck() = default;

    // A full deck ordered by the key; call next() for each card.
    void reset(std::uint64_t key);
    // The deck without the cards in `removed`, for dealing the unknown cards of a replay.
    void reset_without(std::uint64_t key, CardSet removed);

    // The next card. Precondition: remaining() > 0.
    Card next();
    int remaining() const { return size_ - position_; }

    friend bool operator==(const Deck&, const Deck&) = default;

  private:
    std::array<std::uint8_t, kNumCards> cards_{};
    std::uint64_t key_ = 0;
    std::uint8_t size_ = 0;
    std::uint8_t position_ = 0;
};

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
