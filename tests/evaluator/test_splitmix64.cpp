#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>

#include "pokerarena/evaluator/splitmix64.hpp"

using pokerarena::splitmix64_mix;
using pokerarena::splitmix64_next;

// Every deal and every seed rests on these numbers: a change to the mixer fails here first.
TEST_CASE("splitmix64: the reference generator's output") {
    // splitmix64.c (Vigna) seeded with 1234567: its first five outputs.
    std::uint64_t state = 1234567;
    CHECK(splitmix64_next(state) == 6457827717110365317ULL);
    CHECK(splitmix64_next(state) == 3203168211198807973ULL);
    CHECK(splitmix64_next(state) == 9817491932198370423ULL);
    CHECK(splitmix64_next(state) == 4593380528125082431ULL);
    CHECK(splitmix64_next(state) == 16408922859458223821ULL);
    CHECK(state == 1234567 + 5 * pokerarena::kSplitMix64Gamma);
}

TEST_CASE("splitmix64: the finaliser is usable at compile time and fixes only zero") {
    static_assert(splitmix64_mix(0) == 0);
    static_assert(splitmix64_mix(1) == 0x5692161D100B05E5ULL);
    // Neighbouring inputs differ in about half their output bits.
    for (std::uint64_t x = 1; x < 1000; ++x) {
        const int flipped = std::popcount(splitmix64_mix(x) ^ splitmix64_mix(x + 1));
        CHECK(flipped >= 12);
        CHECK(flipped <= 52);
    }
}
