// Monte Carlo sampling of deals for equity.cpp: the random stream, the draws, and the kernels
// (scalar and SIMD) that evaluate a chunk of deals. Internal to the evaluator library.
//
// The stream (the same for every kernel, so every kernel counts the same deals)
// - A chunk of deals is processed in steps of kLanes = 16 deals; deal 16 * step + lane of a
//   chunk belongs to lane `lane`. A chunk has eight xorshift128+ generators seeded from
//   (seed, chunk index, generator); each step of generator g gives one 64-bit word, whose low
//   half is the next random number of lane 2g and whose high half that of lane 2g + 1. So one
//   random word serves two draws, and the whole stream is 16 32-bit lanes wide: a kernel with
//   narrower vectors processes the same lanes in several registers, the scalar one in a loop.
// - A deal draws `draws` cards in order: the missing board cards, then two cards for each
//   random opponent. Draw t picks position q = floor(r * (m - t) / 2^32) among the m - t deck
//   positions not drawn yet (r the lane's next random number, m the number of unseen cards),
//   and maps it to the q-th free position by stepping over the drawn ones in ascending order.
//   There is no rejection: the draw is uniform up to a relative bias below m / 2^32 (about
//   1.2e-8), which no feasible number of samples can detect.
// - Counts are by set of winners (bit p for player p), as in the exact enumeration.
#pragma once

#include <array>
#include <cstdint>

#include "pokerarena/evaluator/batch.hpp"

namespace pokerarena::detail::sampling {

inline constexpr int kLanes = 16;
inline constexpr int kGenerators = kLanes / 2;
inline constexpr int kMaxPlayers = 10;
inline constexpr int kMaxDraws = 5 + 2 * 9;
// Copies of the winner histogram a kernel spreads its increments over, so that consecutive
// increments of the same bin (most deals have the same winner) do not wait for each other.
inline constexpr int kHistogramCopies = 4;

struct Setup {
    int draws = 0;        // cards drawn per deal
    int board_draws = 0;  // of which board cards
    int known = 0;        // players with known hole cards (hero first)
    int players = 0;      // known plus random
    int deck_size = 0;    // unseen cards m
    // The known board's rank-key sum, and its suit counts in four nibbles starting at 3 (a
    // nibble reaches 8 when a suit has five cards, as in a Hand's key).
    std::uint32_t board_rank_key = 0;
    std::uint32_t board_suits = 0x3333;
    std::uint64_t board_cards = 0;                           // bit c for each known board card
    std::array<std::uint32_t, kMaxPlayers> hole_rank_key{};  // known players
    std::array<std::uint32_t, kMaxPlayers> hole_suits{};     // without the bias
    std::array<std::uint64_t, kMaxPlayers> hole_cards{};
    // Bit r for each card of rank r, by suit: the known board's and each known player's.
    std::array<std::uint32_t, 4> board_suit_ranks{};
    std::array<std::array<std::uint32_t, 4>, kMaxPlayers> hole_suit_ranks{};
    // The unseen cards in ascending order (deck position p holds card deck[p]).
    std::array<std::uint8_t, kNumCards> deck{};
    // The seen cards k[0] < k[1] < ... as gaps k[j] - j: deck position p holds card
    // p + #{j : seen_gaps[j] <= p}, which SIMD kernels compute without a table.
    int seen_count = 0;
    std::array<std::int32_t, kNumCards> seen_gaps{};
    std::uint64_t seed = 0;
};

// The eight generators of a chunk.
struct ChunkGenerators {
    std::array<std::uint64_t, kGenerators> s0;
    std::array<std::uint64_t, kGenerators> s1;
};
ChunkGenerators seed_generators(std::uint64_t seed, std::uint64_t chunk) noexcept;

// Adds the winner-set counts of `samples` (1..65,536) deals of chunk `chunk` to
// counts[set], for sets 1..(1 << players) - 1.
using ChunkKernel = void (*)(const Setup& s, std::uint64_t chunk, std::uint32_t samples,
                             std::int64_t* counts);

// The kernel for k (not Best), or null when this build or CPU lacks it.
ChunkKernel chunk_kernel(Kernel k) noexcept;

// The value of a player's seven cards (given as bits) that hold five or more of `suit`.
HandValue flush_value_of(std::uint64_t cards, int suit) noexcept;

}  // namespace pokerarena::detail::sampling
