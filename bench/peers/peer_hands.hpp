// The random 7-card hands every evaluator comparison times on both sides, and the check that
// two evaluators agree on them.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <span>
#include <vector>

#include "pokerarena/evaluator/batch.hpp"
#include "pokerarena/evaluator/card.hpp"
#include "pokerarena/evaluator/splitmix64.hpp"

namespace pokerarena::peers {

// 20,000,000 hands (160 MB: far past every cache, as in bench/evaluator), 7 distinct card
// indexes and a zero pad byte each, from a fixed seed; made once, before any timing.
inline constexpr std::size_t kRandomHands = 20'000'000;

inline const std::vector<std::array<std::uint8_t, 8>>& random_card_bytes() {
    static const std::vector<std::array<std::uint8_t, 8>> hands = [] {
        std::vector<std::array<std::uint8_t, 8>> v(kRandomHands);
        std::uint64_t state = 20240601;
        for (auto& h : v) {
            std::uint64_t used = 0;
            for (int i = 0; i < 7;) {
                const auto c = static_cast<int>(splitmix64_next(state) % kNumCards);
                if (used >> c & 1) continue;
                used |= std::uint64_t{1} << c;
                h[i++] = static_cast<std::uint8_t>(c);
            }
            h[7] = 0;
        }
        return v;
    }();
    return hands;
}

// The same hands as pokerarena's SevenCards.
inline const std::vector<SevenCards>& random_seven_cards() {
    static const std::vector<SevenCards> hands = [] {
        const auto& bytes = random_card_bytes();
        std::vector<SevenCards> v(bytes.size());
        for (std::size_t i = 0; i < bytes.size(); ++i)
            std::copy(bytes[i].begin(), bytes[i].end(), v[i].cards);
        return v;
    }();
    return hands;
}

// Whether two evaluators order the hands alike: sorted by the first one's values, the second
// one's never go down, and two neighbours tie under one exactly when they tie under the other.
// Values of different scales (OMPEval's category-coded ones, SKPokerEval's 1..7462) compare
// this way without a conversion table.
inline bool same_order(std::span<const std::uint16_t> ours, std::span<const std::uint16_t> theirs) {
    std::vector<std::uint32_t> order(ours.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return ours[a] != ours[b] ? ours[a] < ours[b] : theirs[a] < theirs[b];
    });
    for (std::size_t i = 1; i < order.size(); ++i) {
        const std::uint32_t a = order[i - 1], b = order[i];
        if (theirs[a] > theirs[b] || (ours[a] == ours[b]) != (theirs[a] == theirs[b])) return false;
    }
    return true;
}

}  // namespace pokerarena::peers
