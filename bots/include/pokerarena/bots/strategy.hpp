// Mixed strategies: what a bot could have done at one decision, and with what probability.
//
// A bot that reports its strategy lets the simulator's AIVAT estimator (docs/aivat.md) add a
// zero-mean correction at each of its decisions. The estimate stays unbiased only when the
// action the bot played was drawn from exactly the strategy it reported.
//
// Guarantees
// - Fixed capacity: a Strategy allocates nothing and is trivially copyable.
// - A raise part covers every amount lo..hi (street totals, both ends included), each equally
//   likely: a bot that raises to a uniform amount in a range names it in one part.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "pokerarena/engine/action.hpp"

namespace pokerarena {

// Fold, check/call, or raises to each amount lo..hi; `probability` is the whole part's weight.
struct StrategyPart {
    ActionKind kind = ActionKind::CheckCall;
    Chips lo = 0;  // RaiseTo: the smallest amount; 0 otherwise
    Chips hi = 0;  // RaiseTo: the largest (lo for a single amount); 0 otherwise
    double probability = 0;
    friend bool operator==(const StrategyPart&, const StrategyPart&) = default;
};

// The strategy at one decision: parts that do not overlap, each legal for the decision's view,
// each probability above 0, summing to 1.
struct Strategy {
    static constexpr std::size_t kMaxParts = 32;
    std::array<StrategyPart, kMaxParts> parts{};
    std::uint32_t size = 0;

    void clear() { size = 0; }
    // False (and nothing added) when all kMaxParts are taken.
    bool add(const StrategyPart& part) {
        if (size == kMaxParts) return false;
        parts[size++] = part;
        return true;
    }
    std::span<const StrategyPart> view() const { return {parts.data(), size}; }
};

}  // namespace pokerarena
