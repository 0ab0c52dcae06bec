// SplitMix64 (Steele, Lea and Flood; the public-domain constants of Vigna's splitmix64.c): the
// one 64-bit mixer of every seeded stream in pokerarena. Decks, seatings, bot seeds, the
// equity sampler's generators and the bots' own generator all derive their numbers from it,
// so a run's results are a pure function of its seed.
//
// Guarantees
// - splitmix64_mix() is a bijection on 64 bits whose output bits each depend on every input
//   bit: hashing a counter with it is a counter-based generator, and hashing a key with it
//   separates neighbouring keys (unit 7 and unit 8 get unrelated streams).
// - splitmix64_next() is the SplitMix64 generator: it adds kSplitMix64Gamma to the state and
//   returns the mix of the sum. Its period is 2^64 (the gamma is odd).
// - Both are constexpr and the same on every platform: changing either changes every deal and
//   every seed, which `pokerarena bench`'s checksum shows.
#pragma once

#include <cstdint>

namespace pokerarena {

// 2^64 / phi rounded to odd: the generator's increment, and the stride that spreads small
// indices (unit 0, 1, 2...) over the whole 64-bit range before they are mixed.
inline constexpr std::uint64_t kSplitMix64Gamma = 0x9E3779B97F4A7C15ULL;

// The SplitMix64 finaliser (Stafford's "Mix13" variant of MurmurHash3's fmix64).
constexpr std::uint64_t splitmix64_mix(std::uint64_t z) noexcept {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// One step of the SplitMix64 generator.
constexpr std::uint64_t splitmix64_next(std::uint64_t& state) noexcept {
    state += kSplitMix64Gamma;
    return splitmix64_mix(state);
}

}  // namespace pokerarena
