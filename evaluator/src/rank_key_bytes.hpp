// The rank keys split into bytes for the SIMD batch kernels (batch.cpp): byte b of
// every rank's key as a 16-entry table, so one byte shuffle (PSHUFB) looks a byte up for a whole
// register of ranks. Ranks 13..15 never occur; their entries are 0.
#pragma once

#include <cstdint>

#include "pokerarena/evaluator/evaluate.hpp"

namespace pokerarena::detail {

struct RankKeyBytes {
    alignas(16) std::uint8_t byte[3][16];
};
inline constexpr RankKeyBytes kRankKeyBytes = [] {
    RankKeyBytes t{};
    for (int r = 0; r < kNumRanks; ++r) {
        for (int b = 0; b < 3; ++b)
            t.byte[b][r] =
                static_cast<std::uint8_t>(kRankKeys[static_cast<std::size_t>(r)] >> (8 * b));
    }
    return t;
}();
static_assert(kRankKeys[kNumRanks - 1] < (1u << 24), "every rank key fits in three bytes");

}  // namespace pokerarena::detail
