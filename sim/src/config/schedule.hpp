// The schedule's sizing rules (internal to the sim library): see WorkUnit and Schedule in
// tournament.hpp for what a schedule holds.
#pragma once

#include <cstdint>

#include "config.pb.h"
#include "pokerarena/sim/tournament.hpp"

namespace pokerarena::sim {

// The default deals_per_unit for a configuration whose other defaults are filled in.
std::int64_t default_deals_per_unit(const TournamentConfig& config);

}  // namespace pokerarena::sim
