// The evaluator tests' reference ranking: deliberately plain, sharing nothing with the
// library's tables. Counting ranks and suits over five cards, and the best of every five of
// more.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <utility>
#include <vector>

#include "pokerarena/evaluator/card.hpp"

namespace pokerarena::test {

// The orders the evaluators rank by. Standard: poker's. ShortDeck: short-deck hold'em's
// (PokerKit's), a flush above a full house and A-6-7-8-9 the lowest straight, for hands of the
// 36-card deck.
enum class Order { Standard, ShortDeck };

// A five-card hand's strength as a tuple compared lexicographically: the category (1 high
// card .. 9 straight flush, numbered in the order's sequence: under ShortDeck 6 is the full
// house and 7 the flush) followed by the ranks that decide ties, most important first.
using Strength = std::array<int, 6>;

inline Strength five_card_strength(const std::array<Card, 5>& hand, Order order = Order::Standard) {
    std::array<int, kNumRanks> count{};
    bool flush = true;
    for (Card c : hand) {
        ++count[c.rank()];
        flush = flush && c.suit() == hand[0].suit();
    }
    // Ranks grouped by how often they occur, larger groups first, then higher ranks first.
    std::array<std::array<int, 5>, 5> by_count{};  // by_count[n] = ranks occurring n times
    std::array<std::size_t, 5> in_group{};
    for (int r = kNumRanks - 1; r >= 0; --r) {
        const auto n = static_cast<std::size_t>(count[static_cast<std::size_t>(r)]);
        if (n > 0) by_count[n][in_group[n]++] = r;
    }
    std::array<std::pair<int, int>, 5> groups{};  // (count, rank)
    std::size_t size = 0;
    for (std::size_t n = 4; n >= 1; --n) {
        for (std::size_t i = 0; i < in_group[n]; ++i)
            groups[size++] = {static_cast<int>(n), by_count[n][i]};
    }

    int straight_top = -1;
    if (size == 5) {
        if (groups[0].second - groups[4].second == 4) straight_top = groups[0].second;
        // The ace plays low: in the wheel A-2-3-4-5 a five-high straight; in the short deck
        // A-6-7-8-9, nine high (below 6-7-8-9-T, ten high).
        if (order == Order::Standard && groups[0].second == 12 && groups[1].second == 3)
            straight_top = 3;
        if (order == Order::ShortDeck && groups[0].second == 12 && groups[1].second == 7 &&
            groups[4].second == 4)
            straight_top = 7;
    }

    Strength s{};
    if (straight_top >= 0) {
        s = {flush ? 9 : 5, straight_top, 0, 0, 0, 0};
        return s;
    }
    const bool flush_high = order == Order::ShortDeck;
    int category = 1;
    if (groups[0].first == 4) {
        category = 8;
    } else if (flush && flush_high) {
        category = 7;
    } else if (groups[0].first == 3 && groups[1].first == 2) {
        category = flush_high ? 6 : 7;
    } else if (flush) {
        category = 6;
    } else if (groups[0].first == 3) {
        category = 4;
    } else if (groups[0].first == 2 && groups[1].first == 2) {
        category = 3;
    } else if (groups[0].first == 2) {
        category = 2;
    }
    s[0] = category;
    for (std::size_t i = 0; i < size; ++i)
        s[i + 1] = groups[i].second;
    return s;
}

// Best five of five, six or seven cards, trying every subset.
inline Strength reference_strength(const std::vector<Card>& cards, Order order = Order::Standard) {
    const int n = static_cast<int>(cards.size());
    Strength best{};
    for (int mask = 0; mask < (1 << n); ++mask) {
        if (std::popcount(static_cast<unsigned>(mask)) != 5) continue;
        std::array<Card, 5> five;
        int k = 0;
        for (int i = 0; i < n; ++i) {
            if (mask >> i & 1)
                five[static_cast<std::size_t>(k++)] = cards[static_cast<std::size_t>(i)];
        }
        best = std::max(best, five_card_strength(five, order));
    }
    return best;
}

}  // namespace pokerarena::test
