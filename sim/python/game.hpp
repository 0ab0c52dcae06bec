// The games of the Python module's tables (Table and VectorEnv).
#pragma once

#include <string>

#include "pokerarena/engine/game_def.hpp"

namespace pokerarena::python {

// The game `game` names ("holdem", "kuhn", "leduc") for `seats` seats with stacks of `stack`,
// reset every hand. Hold'em takes the blinds small_blind and big_blind and `betting`
// ("no-limit", "pot-limit" or "fixed-limit": bets of one and two big blinds, four a round; ""
// is no-limit). Kuhn and Leduc set their own stakes (every seat antes 1, fixed bets): betting
// must be "" or "fixed-limit" and the blinds are not used. ValueError naming the argument for
// anything else and for anything the engine refuses.
GameDef table_game(const std::string& game, int seats, Chips stack, Chips small_blind,
                   Chips big_blind, const std::string& betting);

}  // namespace pokerarena::python
