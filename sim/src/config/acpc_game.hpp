// A tournament's game taken from an ACPC game definition file (config.proto's acpc_game;
// internal to the sim library).
#pragma once

#include <filesystem>
#include <string>

#include "config.pb.h"
#include "pokerarena/engine/game_def.hpp"

namespace pokerarena::sim::detail {

// Reads the file `c.acpc_game()` names (relative to `folder`, a configuration file's folder,
// or the current folder) and fills the fields it decides: betting, small_blind, big_blind,
// stack_big_blinds, and seats (ring). A field already given must say the same (so a report's
// configuration, which has them filled, reads back to the same tournament); a definition the
// configuration cannot express (a raise cap other than 4, a stack that is not whole big
// blinds, a player count the format does not seat, sit-and-go) is refused. Throws ConfigError
// naming acpc_game, the file and what disagrees. Nothing to do when acpc_game is empty.
void apply_acpc_game(TournamentConfig& c, const std::filesystem::path& folder);

// The game of the ACPC definition `c.game()` names (relative to `folder`, as above): any game
// read_game_definition reads, Kuhn and Leduc included. Fills betting, small_blind and big_blind
// (with antes: both the ante), ante (a game of antes: the ante), stack_big_blinds and, in a
// ring, seats; a field already given must agree. Refused, naming `game`, the file and why:
// sit-and-go, a player count the format does not seat, acpc_game beside it, and all-in EV, AIVAT
// and PHH hand histories for a game other than Texas hold'em's shape. Returns the definition's
// GameDef (a cash game).
GameDef apply_game_file(TournamentConfig& c, const std::filesystem::path& folder);

}  // namespace pokerarena::sim::detail
