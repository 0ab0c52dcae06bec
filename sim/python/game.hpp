// The games of the Python module's tables (Table and VectorEnv).
#pragma once

#include <string>

#include "pokerarena/engine/game_def.hpp"

namespace pokerarena::python {

// The game `game` names ("holdem", "plo", "plo8", "short-deck", "kuhn", "leduc", as `pokerarena
// run --game` names them) for `seats` seats with stacks of `stack`, reset every hand. Hold'em
// takes the blinds small_blind and big_blind and `betting` ("no-limit", "pot-limit" or
// "fixed-limit": bets of one and two big blinds, four a round; "" is no-limit). plo (pot-limit)
// and plo8 (fixed-limit) take the blinds; short-deck (no-limit) a button blind of big_blind and
// an ante of as much from every seat. Kuhn and Leduc set their own stakes (every seat antes 1,
// fixed bets) and use no blinds. A betting other than the game's own (or "") is refused.
// ValueError naming the argument for anything else and for anything the engine refuses.
GameDef table_game(const std::string& game, int seats, Chips stack, Chips small_blind,
                   Chips big_blind, const std::string& betting);

}  // namespace pokerarena::python
