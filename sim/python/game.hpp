// The hold'em games of the Python module's tables (Table and VectorEnv).
#pragma once

#include <string>

#include "pokerarena/engine/game_def.hpp"

namespace pokerarena::python {

// Hold'em for `seats` seats with stacks of `stack` reset every hand, blinds small_blind and
// big_blind, betting "no-limit", "pot-limit" or "fixed-limit" (bets of one and two big blinds,
// four a round); ValueError naming the argument for anything the engine refuses.
GameDef cash_game(int seats, Chips stack, Chips small_blind, Chips big_blind,
                  const std::string& betting);

}  // namespace pokerarena::python
