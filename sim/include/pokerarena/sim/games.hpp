// The named games of `--game` as GameDefs for the commands and the Python module that set their
// own stakes (`pokerarena play`, pokerarena.Table and VectorEnv; `pokerarena run` takes its
// stakes from the configuration, config.cpp).
#pragma once

#include <string>
#include <vector>

#include "pokerarena/engine/game_def.hpp"

namespace pokerarena::sim {

// The names: holdem, plo, plo8, short-deck, kuhn, leduc.
const std::vector<std::string>& game_names();

// The game `name` names for `seats` seats with stacks of `stack`, tournament stacks (set
// reset_stacks_each_hand for a cash game). holdem takes the blinds small_blind and big_blind
// and `betting` ("no-limit", "pot-limit" or "fixed-limit": bets of one and two big blinds,
// four a round; "" is no-limit); plo (pot-limit) and plo8 (fixed-limit) take the blinds;
// short-deck (no-limit) a button blind of big_blind and an ante of as much from every seat;
// kuhn and leduc set their own stakes (every seat antes 1, fixed bets) and use no blinds. A
// betting other than the game's own (or "") is refused. Throws std::invalid_argument naming
// the argument ("game: ...", "betting: ...", "seats: ...") for anything else and for what
// GameDef::validate() refuses.
GameDef named_game(const std::string& name, int seats, Chips stack, Chips small_blind,
                   Chips big_blind, const std::string& betting);

}  // namespace pokerarena::sim
