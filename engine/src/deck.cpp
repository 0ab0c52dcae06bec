#include "pokerarena/engine/deck.hpp"

namespace pokerarena {

namespace {

constexpr std::array<std::uint8_t, kNumCards> kOrderedDeck = [] {
    std::array<std::uint8_t, kNumCards> d{};
    for (int c = 0; c < kNumCards; ++c)
        d[c] = static_cast<std::uint8_t>(c);
    return d;
}();

}  // namespace

std::uint64_t deal_key(std::uint64_t seed, std::uint64_t table_id, std::uint64_t hand_number) {
    // Chained rather than xor-ed together, so (s, t, h) and (s, h, t) give different keys.
    constexpr std::uint64_t golden = Deck::kGolden;
    std::uint64_t k = Deck::mix(seed + golden);
    k = Deck::mix(k ^ (table_id + 2 * golden));
    return Deck::mix(k ^ (hand_number + 3 * golden));
}

void Deck::reset(std::uint64_t key) {
    cards_ = kOrderedDeck;
    key_ = key;
    size_ = kNumCards;
    position_ = 0;
}

void Deck::reset_without(std::uint64_t key, CardSet removed) {
    key_ = key;
    size_ = 0;
    position_ = 0;
    for (int c = 0; c < kNumCards; ++c)
        if (!removed.contains(Card{c})) cards_[size_++] = static_cast<std::uint8_t>(c);
}

}  // namespace pokerarena
