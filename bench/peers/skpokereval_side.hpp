// SKPokerEval's side of skpokereval_bench.cpp, compiled beside its headers with its flags
// (-O3). SKPokerEval numbers cards 0 (ace of spades) to 51 (deuce of clubs), 4 * (12 - rank) +
// suit; the hands given here are already in that numbering (converted once, before timing).
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace peer_skpokereval {

using CardBytes = std::array<std::uint8_t, 8>;

// Sum of SevenEval::GetRank over the hands (1 .. 7462, higher is stronger).
std::uint64_t sum_ranks(std::span<const CardBytes> hands);

// SevenEval::GetRank of each hand, into ranks (same size as hands).
void ranks(std::span<const CardBytes> hands, std::span<std::uint16_t> ranks);

}  // namespace peer_skpokereval
