#include "pokerarena/engine/deck.hpp"

#include <utility>

namespace pokerarena {

namespace {

// The splitmix64 finaliser: a bijection on 64 bits whose output bits each depend on every
// input bit. Hashing (key, position) with it is a counter-based generator: any card of any
// hand can be produced without running a stream from the start, so dealing is independent of
// thread count and scheduling.
constexpr std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ULL;  // 2^64 / phi, odd

constexpr std::array<std::uint8_t, kNumCards> kOrderedDeck = [] {
    std::array<std::uint8_t, kNumCards> d{};
    for (int c = 0; c < kNumCards; ++c)
        d[c] = static_cast<std::uint8_t>(c);
    return d;
}();

}  // namespace

std::uint64_t deal_key(std::uint64_t seed, std::uint64_t table_id, std::uint64_t hand_number) {
    // Chained rather than xor-ed together, so (s, t, h) and (s, h, t) give different keys.
    std::uint64_t k = mix(seed + kGolden);
    k = mix(k ^ (table_id + 2 * kGolden));
    return mix(k ^ (hand_number + 3 * kGolden));
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

Card Deck::next() {
    // One Fisher-Yates step: position i swaps with a uniform pick from i..size-1. The pick
    // multiplies 32 hash bits by the range (Lemire's method without the rejection step): the bias
    // is below 52 / 2^32, about 1e-8, far under anything a poker statistic can see, and it saves a
    // division and a loop on every card.
    const int i = position_;
    const std::uint64_t bits = mix(key_ + static_cast<std::uint64_t>(i + 1) * kGolden) >> 32;
    const std::uint64_t range = static_cast<std::uint64_t>(size_ - i);
    const int j = i + static_cast<int>((bits * range) >> 32);
    std::swap(cards_[i], cards_[j]);
    ++position_;
    return Card{cards_[i]};
}

}  // namespace pokerarena
