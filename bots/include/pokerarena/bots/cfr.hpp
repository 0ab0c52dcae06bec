// CFR+ on a whole game tree (game_tree.hpp): the average strategy, which converges to a Nash
// equilibrium of a two-player zero-sum game.
//
// Each iteration updates the two seats in turn (alternating updates), keeps regrets at or above
// 0 after every update (regret matching+), and weighs iteration t's strategy by t in the
// average (linear averaging): Tammelin's CFR+. Deterministic: no sampling.
#pragma once

#include <array>
#include <vector>

#include "pokerarena/bots/game_tree.hpp"

namespace pokerarena {

using InfoSetStrategy = std::array<double, kMaxTreeActions>;  // by InfoSet::actions

struct CfrSolution {
    GameTree tree;
    std::vector<InfoSetStrategy> average;  // one per information set, summing to 1
    int iterations = 0;
};

// `iterations` >= 1 of CFR+ on `tree`.
CfrSolution solve_cfr(GameTree tree, int iterations);

// The expected chips of each seat per hand when both seats play `strategies`.
std::array<double, 2> game_values(const GameTree& tree,
                                  const std::vector<InfoSetStrategy>& strategies);

}  // namespace pokerarena
