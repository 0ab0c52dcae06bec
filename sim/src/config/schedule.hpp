// The schedule's sizing rules (internal to the sim library): see WorkUnit and Schedule in
// tournament.hpp for what a schedule holds.
#pragma once

#include <array>
#include <cstdint>

#include "config.pb.h"
#include "pokerarena/sim/tournament.hpp"

namespace pokerarena::sim {

// The default deals_per_unit for a configuration whose other defaults are filled in.
std::int64_t default_deals_per_unit(const TournamentConfig& config);

namespace detail {
// The seating of a unit at one table (ring, sit-and-go): seat_bot[0 .. seats - 1] a
// permutation of the bots 0 .. seats - 1 drawn from (seed, unit) alone.
void shuffle_seats(std::array<int, kMaxSeats>& seat_bot, int seats, std::uint64_t seed,
                   std::int64_t unit);
}  // namespace detail

}  // namespace pokerarena::sim
