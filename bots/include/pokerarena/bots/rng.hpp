// The bots' random generator: xoshiro256** seeded through SplitMix64 (both public-domain
// algorithms by Blackman and Vigna). Small, fast, and a pure function of its seed, which is
// all a bot needs; it is not cryptographic.
#pragma once

#include <cstdint>

#include "pokerarena/evaluator/splitmix64.hpp"

namespace pokerarena {

class BotRng {
  public:
    explicit BotRng(std::uint64_t seed = 0) { reseed(seed); }

    void reseed(std::uint64_t seed) {
        // SplitMix64 spreads any seed (0, 1, 2...) into a well-mixed, non-zero state.
        for (auto& word : state_)
            word = splitmix64_next(seed);
    }

    std::uint64_t next() {
        const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
        const std::uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }

    // Uniform in 0..n-1 for n >= 1 (Lemire's multiply-shift; the bias is below n / 2^64,
    // far under anything a bot could notice).
    std::uint32_t below(std::uint32_t n) {
        return static_cast<std::uint32_t>(((next() >> 32) * std::uint64_t{n}) >> 32);
    }

    // Uniform in [lo, hi] for lo <= hi.
    std::int64_t between(std::int64_t lo, std::int64_t hi) {
        const auto span = static_cast<std::uint64_t>(hi - lo) + 1;
        if (span == 0) return static_cast<std::int64_t>(next());  // the whole 64-bit range
        return lo + static_cast<std::int64_t>(mul_high(next(), span));
    }

    // Uniform in [0, 1).
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

    // True with probability p.
    bool chance(double p) { return uniform() < p; }

  private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    // __extension__ keeps -Wpedantic quiet about the GCC/Clang 128-bit type.
    __extension__ typedef unsigned __int128 Uint128;
    static std::uint64_t mul_high(std::uint64_t a, std::uint64_t b) {
        return static_cast<std::uint64_t>((static_cast<Uint128>(a) * b) >> 64);
    }

    std::uint64_t state_[4];
};

}  // namespace pokerarena
