#include "pokerarena/engine/deck.hpp"

namespace pokerarena {

std::uint64_t table_deal_key(std::uint64_t seed, std::uint64_t table_id) {
    // Chained rather than xor-ed together, so (s, t, h) and (s, h, t) give different keys.
    constexpr std::uint64_t golden = Deck::kGolden;
    return Deck::mix(Deck::mix(seed + golden) ^ (table_id + 2 * golden));
}

std::uint64_t deal_key(std::uint64_t seed, std::uint64_t table_id, std::uint64_t hand_number) {
    return hand_deal_key(table_deal_key(seed, table_id), hand_number);
}

void Deck::reset(std::uint64_t key, CardSet cards) {
    key_ = key;
    fraction_ = 0;
    size_ = 0;
    position_ = 0;
    for (Card c : cards)
        cards_[size_++] = static_cast<std::uint8_t>(c.index());
}

}  // namespace pokerarena
