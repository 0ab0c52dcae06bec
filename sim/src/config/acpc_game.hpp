// A tournament's game taken from an ACPC game definition file (config.proto's acpc_game;
// internal to the sim library).
#pragma once

#include <filesystem>

#include "config.pb.h"

namespace pokerarena::sim::detail {

// Reads the file `c.acpc_game()` names (relative to `folder`, a configuration file's folder,
// or the current folder) and fills the fields it decides: betting, small_blind, big_blind,
// stack_big_blinds, and seats (ring). A field already given must say the same (so a report's
// configuration, which has them filled, reads back to the same tournament); a definition the
// configuration cannot express (a raise cap other than 4, a stack that is not whole big
// blinds, a player count the format does not seat, sit-and-go) is refused. Throws ConfigError
// naming acpc_game, the file and what disagrees. Nothing to do when acpc_game is empty.
void apply_acpc_game(TournamentConfig& c, const std::filesystem::path& folder);

}  // namespace pokerarena::sim::detail
