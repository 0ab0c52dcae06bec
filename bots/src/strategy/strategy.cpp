#include <cmath>
#include <string>

#include "pokerarena/bots/strategy.hpp"

namespace pokerarena {
namespace {

bool holds(const StrategyPart& part, const Action& action) {
    if (part.kind != action.kind) return false;
    return part.kind != ActionKind::RaiseTo ||
           (part.lo <= action.amount && action.amount <= part.hi);
}

bool overlap(const StrategyPart& a, const StrategyPart& b) {
    if (a.kind != b.kind) return false;
    return a.kind != ActionKind::RaiseTo || (a.lo <= b.hi && b.lo <= a.hi);
}

// What is wrong with one part on its own, "" when nothing is.
std::string part_problem(const StrategyPart& part, const LegalActions& legal) {
    // Written as a negation so that NaN is refused too.
    if (!(part.probability > 0.0 && part.probability <= 1.0))
        return "probability " + std::to_string(part.probability) + " is outside (0, 1]";
    switch (part.kind) {
        case ActionKind::Fold:
        case ActionKind::CheckCall:
            if (part.lo != 0 || part.hi != 0) return "amounts given for an action that has none";
            if (part.kind == ActionKind::Fold && !legal.can_fold)
                return "folding is not allowed (checking is free)";
            return "";
        case ActionKind::RaiseTo:
            if (!legal.can_raise) return "raising is not allowed";
            if (part.lo > part.hi) return "lo is above hi";
            if (part.lo < legal.min_raise_to)
                return "below the minimum raise to " + std::to_string(legal.min_raise_to);
            if (part.hi > legal.max_raise_to)
                return "above the maximum raise to " + std::to_string(legal.max_raise_to);
            return "";
    }
    return "unknown action kind " + std::to_string(static_cast<int>(part.kind));
}

}  // namespace

std::string strategy_part_text(const StrategyPart& part) {
    switch (part.kind) {
        case ActionKind::Fold:
            return "fold";
        case ActionKind::CheckCall:
            return "check/call";
        case ActionKind::RaiseTo:
            return part.lo == part.hi
                       ? "raise " + std::to_string(part.lo)
                       : "raise " + std::to_string(part.lo) + ".." + std::to_string(part.hi);
    }
    return "kind " + std::to_string(static_cast<int>(part.kind));
}

std::string strategy_problem(const Strategy& strategy, const LegalActions& legal) {
    if (strategy.size == 0) return "no parts (a strategy names at least one action)";
    if (strategy.size > Strategy::kMaxParts)
        return std::to_string(strategy.size) + " parts, more than " +
               std::to_string(Strategy::kMaxParts);
    const auto parts = strategy.view();
    const auto name = [&](std::size_t i) {
        return "part " + std::to_string(i + 1) + " (" + strategy_part_text(parts[i]) + "): ";
    };
    double sum = 0;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (std::string why = part_problem(parts[i], legal); !why.empty()) return name(i) + why;
        for (std::size_t j = 0; j < i; ++j) {
            if (overlap(parts[j], parts[i]))
                return name(i) + "holds an action that part " + std::to_string(j + 1) +
                       " holds too";
        }
        sum += parts[i].probability;
    }
    if (std::fabs(sum - 1.0) > kStrategySumTolerance)
        return "probabilities sum to " + std::to_string(sum) + ", not 1";
    return "";
}

int strategy_part_of(const Strategy& strategy, const Action& action) {
    const auto parts = strategy.view();
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (holds(parts[i], action)) return static_cast<int>(i);
    }
    return -1;
}

double strategy_probability(const Strategy& strategy, const Action& action) {
    const int i = strategy_part_of(strategy, action);
    if (i < 0) return 0.0;
    const StrategyPart& part = strategy.parts[static_cast<std::size_t>(i)];
    if (part.kind != ActionKind::RaiseTo) return part.probability;
    return part.probability / static_cast<double>(part.hi - part.lo + 1);
}

}  // namespace pokerarena
