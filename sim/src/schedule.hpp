// The schedule of a tournament (internal to the sim library): see WorkUnit in tournament.hpp
// for what it holds; this is how make_tournament() builds it.
#pragma once

#include <cstdint>
#include <vector>

#include "config.pb.h"
#include "pokerarena/sim/tournament.hpp"

namespace pokerarena::sim {

// The default deals_per_unit for a configuration whose other defaults are filled in.
std::int64_t default_deals_per_unit(const TournamentConfig& config);

// The groups of the schedule: the bots of each seat, in schedule order.
std::vector<std::vector<int>> schedule_groups(const TournamentConfig& config);

// Every work unit of a configuration whose defaults are filled in and valid. Throws
// ConfigError naming deals_per_unit when the schedule would exceed kMaxUnits units.
std::vector<WorkUnit> make_schedule(const TournamentConfig& config);

}  // namespace pokerarena::sim
