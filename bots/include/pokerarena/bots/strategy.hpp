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
// - strategy_problem() is the one judge of a reported strategy: every adapter (plugins, process
//   bots, the plugin host) and check-bot use it, so a strategy that reaches the estimator is
//   valid for its decision. A bad one is dropped for that decision (the action stands) and
//   counted in the adapter's StrategyProblems; it never ends a run.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

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

// How far the parts' probabilities may sum away from 1 (a bot's rounding).
inline constexpr double kStrategySumTolerance = 1e-6;

// What is wrong with `strategy` as the strategy of a decision whose choices are `legal`, ""
// when nothing is: at least one part; each part's kind legal (fold only when can_fold, a raise
// only when can_raise, with min_raise_to <= lo <= hi <= max_raise_to; lo and hi 0 for fold and
// check/call); no two parts holding the same action (one fold, one check/call, raise ranges
// disjoint); each probability in (0, 1]; their sum within kStrategySumTolerance of 1. The
// message names the part ("part 2 (raise 40..60): above the maximum raise to 50"). Allocates
// only when it finds a problem.
std::string strategy_problem(const Strategy& strategy, const LegalActions& legal);

// The part of `strategy` that holds `action` (raises matched by amount), -1 when none does.
int strategy_part_of(const Strategy& strategy, const Action& action);

// The probability that `strategy` plays exactly `action`: its part's probability, divided by
// the number of amounts the part covers for a raise; 0 when no part holds it.
double strategy_probability(const Strategy& strategy, const Action& action);

// "fold", "check/call", "raise 40" or "raise 40..60": a part as messages name it.
std::string strategy_part_text(const StrategyPart& part);

// The strategies an adapter has dropped: how many, why the first one was and why the last.
struct StrategyProblems {
    std::int64_t count = 0;
    std::string first;
    std::string last;
    void note(std::string_view why) {
        if (count++ == 0) first = why;
        last = why;
    }
};

}  // namespace pokerarena
