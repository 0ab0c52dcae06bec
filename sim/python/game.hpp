// The games of the Python module's tables (Table and VectorEnv).
#pragma once

#include <string>

#include "pokerarena/engine/game_def.hpp"

namespace pokerarena::python {

// sim::named_game (pokerarena/sim/games.hpp) with stacks reset every hand; ValueError with its
// message for anything it refuses.
GameDef table_game(const std::string& game, int seats, Chips stack, Chips small_blind,
                   Chips big_blind, const std::string& betting);

}  // namespace pokerarena::python
