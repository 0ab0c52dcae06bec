// The shipped heads-up preflop table's key (sim/src/stats/heads_up_preflop.hpp, a detail of the
// simulator library): matchup_key against its definition by all 48 relabellings, on every
// matchup.
#include <algorithm>
#include <catch2/catch.hpp>
#include <limits>

#include "stats/heads_up_preflop.hpp"

using namespace pokerarena;
using namespace pokerarena::sim::detail;

namespace {
// The definition, by brute force: the smallest key over the 24 relabellings and both seat
// orders, the first order found keeping a tie.
MatchupKey every_relabelling(const HoleCards& a, const HoleCards& b) {
    MatchupKey best{std::numeric_limits<int>::max(), false};
    for (const auto& m : kSuitRelabellings) {
        for (int swapped = 0; swapped < 2; ++swapped) {
            const HoleCards& first = swapped ? b : a;
            const HoleCards& second = swapped ? a : b;
            const int key = pair_index(relabel(first[0], m), relabel(first[1], m)) * kPairs +
                            pair_index(relabel(second[0], m), relabel(second[1], m));
            if (key < best.key) best = {key, swapped != 0};
        }
    }
    return best;
}

// The smallest key with `first` in the first seat, over the 24 relabellings.
int smallest_with_first(const HoleCards& first, const HoleCards& second) {
    int best = std::numeric_limits<int>::max();
    for (const auto& m : kSuitRelabellings) {
        best = std::min(best, pair_index(relabel(first[0], m), relabel(first[1], m)) * kPairs +
                                  pair_index(relabel(second[0], m), relabel(second[1], m)));
    }
    return best;
}
}  // namespace

TEST_CASE("matchup_key equals the smallest key over every relabelling on every matchup",
          "[allin]") {
    long matchups = 0, mismatched_keys = 0, mismatched_orders = 0;
    for (int a0 = 0; a0 < kNumCards; ++a0) {
        for (int a1 = 0; a1 < kNumCards; ++a1) {
            if (a1 == a0) continue;
            for (int b0 = 0; b0 < kNumCards; ++b0) {
                if (b0 == a0 || b0 == a1) continue;
                for (int b1 = b0 + 1; b1 < kNumCards; ++b1) {
                    if (b1 == a0 || b1 == a1) continue;
                    // Both card orders of the first hand, one of the second's.
                    const HoleCards a{Card{a0}, Card{a1}}, b{Card{b0}, Card{b1}};
                    const MatchupKey fast = matchup_key(a, b);
                    const MatchupKey brute = every_relabelling(a, b);
                    ++matchups;
                    mismatched_keys += fast.key != brute.key;
                    if (fast.swapped != brute.swapped) {
                        // Allowed only where both seat orders reach the key.
                        mismatched_orders += smallest_with_first(a, b) != smallest_with_first(b, a);
                    }
                }
            }
        }
    }
    CHECK(matchups == 2L * 1326 * 1225);
    CHECK(mismatched_keys == 0);
    CHECK(mismatched_orders == 0);
}

TEST_CASE("the canonical matchups are the shipped table's 47,008, in increasing key order",
          "[allin]") {
    long visited = 0;
    int previous = -1;
    bool increasing = true;
    for_each_canonical_matchup([&](int key, const HoleCards& first, const HoleCards& second) {
        ++visited;
        increasing &= key > previous;
        previous = key;
        CHECK(matchup_key(first, second).key == key);
    });
    CHECK(visited == kHeadsUpMatchups);
    CHECK(increasing);
}
