// Heads-up preflop matchups up to suit relabelling and seat order: the key AllinEvaluator
// looks its shipped table up by, shared with scripts/make_heads_up_preflop_table.cpp, which
// computes that table (heads_up_preflop_counts.cpp). Private to the simulator library.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <utility>

#include "pokerarena/evaluator/card.hpp"
#include "pokerarena/evaluator/equity.hpp"

namespace pokerarena::sim::detail {

inline constexpr int kPairs = kNumCards * (kNumCards - 1) / 2;  // 1,326 two-card hands
inline constexpr std::int64_t kPreflopBoards = 1'712'304;       // C(48, 5)
// Matchups that are their own canonical form (counted by the enumeration below; the table
// and the tests check the figure).
inline constexpr int kHeadsUpMatchups = 47'008;

// The first hand's pot share of each canonical matchup, in half-boards (2 * wins + ties over
// the kPreflopBoards boards), in increasing key order.
extern const std::array<std::uint32_t, kHeadsUpMatchups> kHeadsUpPreflopCounts;

constexpr int pair_index(int a, int b) {
    if (a < b) std::swap(a, b);
    return a * (a - 1) / 2 + b;
}

inline constexpr std::array<std::array<int, kNumSuits>, 24> kSuitRelabellings = [] {
    std::array<std::array<int, kNumSuits>, 24> all{};
    std::array<int, kNumSuits> p{0, 1, 2, 3};
    for (auto& q : all) {
        q = p;
        std::next_permutation(p.begin(), p.end());
    }
    return all;
}();

constexpr int relabel(Card c, const std::array<int, kNumSuits>& suits) {
    return 4 * c.rank() + suits[static_cast<std::size_t>(c.suit())];
}

// A matchup's key: its smallest form (the first hand's pair index, then the second's) over the
// 24 suit relabellings and both seat orders, key = first pair * kPairs + second pair, and
// whether the first hand of that form is b's (`swapped`). Found from at most twelve
// relabellings instead of 48: the first hand's smallest form fixes the labels of its own suits
// (the higher card's suit becomes 0, an offsuit lower card's 1; a pair's two suits 0 and 1
// either way round), which leaves two to six relabellings of the other suits to try on the
// second hand, for each seat order (the tests check it against all 48 on every matchup). When
// both seat orders reach the key, the matchup is its own mirror image and each seat's share a
// half, so either order serves.
struct MatchupKey {
    int key = 0;
    bool swapped = false;
};

namespace matchup_detail {
// The relabellings that give a first hand its smallest form, by whether it is a pair and the
// suits of its higher and lower cards (either card of a pair).
struct FirstHandMaps {
    int count = 0;
    std::array<std::array<int, kNumSuits>, 6> maps{};
};
inline constexpr auto kFirstHandMaps = [] {
    std::array<std::array<std::array<FirstHandMaps, kNumSuits>, kNumSuits>, 2> all{};
    // Every labelling of the suits `m` leaves unlabelled (-1) with the labels from `next`.
    const auto add_rest = [](FirstHandMaps& out, std::array<int, kNumSuits> m, int next) {
        std::array<int, kNumSuits> free_suits{}, labels{};
        int k = 0;
        for (int s = 0; s < kNumSuits; ++s)
            if (m[s] < 0) free_suits[k++] = s;
        for (int i = 0; i < k; ++i)
            labels[i] = next + i;
        do {
            for (int i = 0; i < k; ++i)
                m[free_suits[i]] = labels[i];
            out.maps[out.count++] = m;
        } while (std::next_permutation(labels.begin(), labels.begin() + k));
    };
    for (int pair = 0; pair < 2; ++pair) {
        for (int high = 0; high < kNumSuits; ++high) {
            for (int low = 0; low < kNumSuits; ++low) {
                FirstHandMaps& out = all[pair][high][low];
                std::array<int, kNumSuits> m{-1, -1, -1, -1};
                if (high == low) {
                    if (pair) continue;  // no such hand
                    m[high] = 0;
                    add_rest(out, m, 1);
                    continue;
                }
                m[high] = 0;
                m[low] = 1;
                add_rest(out, m, 2);
                if (pair) {
                    m[high] = 1;
                    m[low] = 0;
                    add_rest(out, m, 2);
                }
            }
        }
    }
    return all;
}();
}  // namespace matchup_detail

inline MatchupKey matchup_key(const HoleCards& a, const HoleCards& b) {
    MatchupKey best{std::numeric_limits<int>::max(), false};
    for (int swapped = 0; swapped < 2; ++swapped) {
        const HoleCards& first = swapped ? b : a;
        const HoleCards& second = swapped ? a : b;
        const bool high_first = first[0].rank() >= first[1].rank();
        const Card high = high_first ? first[0] : first[1];
        const Card low = high_first ? first[1] : first[0];
        const auto& maps = matchup_detail::kFirstHandMaps[high.rank() == low.rank() ? 1 : 0]
                                                         [high.suit()][low.suit()];
        for (int i = 0; i < maps.count; ++i) {
            const auto& m = maps.maps[static_cast<std::size_t>(i)];
            const int key = pair_index(relabel(first[0], m), relabel(first[1], m)) * kPairs +
                            pair_index(relabel(second[0], m), relabel(second[1], m));
            if (key < best.key) best = {key, swapped != 0};
        }
    }
    return best;
}

// Calls f(key, first, second) for every canonical matchup in increasing key order. A
// canonical matchup's first hand is a canonical starting hand (its own smallest relabelling),
// so only those 169 rows are searched.
template <typename F>
void for_each_canonical_matchup(F&& f) {
    for (int a1 = 1; a1 < kNumCards; ++a1) {
        for (int a0 = 0; a0 < a1; ++a0) {
            // Pair indices increase with (a1, a0) in this order.
            const HoleCards first{Card{a0}, Card{a1}};
            int smallest = kPairs;
            for (const auto& suits : kSuitRelabellings)
                smallest = std::min(smallest,
                                    pair_index(relabel(first[0], suits), relabel(first[1], suits)));
            if (smallest != pair_index(a0, a1)) continue;
            for (int b1 = 1; b1 < kNumCards; ++b1) {
                for (int b0 = 0; b0 < b1; ++b0) {
                    if (b0 == a0 || b0 == a1 || b1 == a0 || b1 == a1) continue;
                    const HoleCards second{Card{b0}, Card{b1}};
                    const int key = pair_index(a0, a1) * kPairs + pair_index(b0, b1);
                    if (matchup_key(first, second).key == key) f(key, first, second);
                }
            }
        }
    }
}

}  // namespace pokerarena::sim::detail
