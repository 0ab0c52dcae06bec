// Shards: a run split into N parts that play disjoint units of one schedule, written and read
// as "K/N". The arithmetic alone, so that what reads a shard's report needs nothing of the
// runner that plays it.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <system_error>

#include "pokerarena/sim/tournament.hpp"

namespace pokerarena::sim {

// "K/N": run the units whose index % N == K - 1 (1 <= K <= N).
struct Shard {
    int index = 1;
    int count = 1;
};

// Parses "K/N"; throws RunError ("--shard 3/2: expected K/N with 1 <= K <= N") otherwise.
inline Shard parse_shard(const std::string& text) {
    const std::string expected = "--shard " + text + ": expected K/N with 1 <= K <= N, e.g. 2/8";
    const std::size_t slash = text.find('/');
    if (slash == std::string::npos) throw RunError(expected);
    Shard shard;
    const char* end = text.data() + text.size();
    const auto [k_end, k_error] = std::from_chars(text.data(), text.data() + slash, shard.index);
    const auto [n_end, n_error] = std::from_chars(text.data() + slash + 1, end, shard.count);
    if (k_error != std::errc() || k_end != text.data() + slash || n_error != std::errc() ||
        n_end != end || shard.count < 1 || shard.index < 1 || shard.index > shard.count)
        throw RunError(expected);
    return shard;
}

// "K/N".
inline std::string shard_text(const Shard& shard) {
    return std::to_string(shard.index) + "/" + std::to_string(shard.count);
}

// How many of a schedule's `total` units shard K/N plays: the units u with u % N == K - 1.
inline std::int64_t units_in_shard(std::int64_t total, const Shard& shard) {
    return total < shard.index ? 0 : (total - shard.index) / shard.count + 1;
}

}  // namespace pokerarena::sim
