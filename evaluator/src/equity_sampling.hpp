// Monte Carlo sampling of deals for equity.cpp: the random stream, the draws, and the kernels
// (scalar and SIMD) that evaluate a chunk of deals. Internal to the evaluator library.
//
// The stream (the same for every kernel, so every kernel counts the same deals)
// - A chunk of deals is processed in steps of kLanes = 16 deals; deal 16 * step + lane of a
//   chunk belongs to lane `lane`. A chunk has eight xorshift128+ generators seeded from
//   (seed, chunk index, generator); each step of generator g gives one 64-bit word, whose low
//   half is the next random number of lane 2g and whose high half that of lane 2g + 1. So the
//   whole stream is 16 32-bit lanes wide: a kernel with narrower vectors processes the same
//   lanes in several registers, the scalar one in a loop.
// - A deal draws `draws` cards in order: the missing board cards, then two cards for each
//   random opponent. Draw t picks position q_t among the n = m - t deck positions not drawn
//   yet (m the number of unseen cards) and maps it to the q_t-th free position by stepping
//   over the drawn ones in ascending order. One random number r of the lane serves two draws:
//   an even draw t takes the lane's next r, q_t = floor(r * n / 2^32), and the odd draw after
//   it the fraction f = r * n mod 2^32 that is left, q_{t+1} = floor(f * (n - 1) / 2^32).
//   There is no rejection: each pair of draws is uniform up to a relative bias below
//   m (m - 1) / 2^32 (6.2e-7 for m = 52): the fractions that lead to one pair of positions
//   step by n through an interval, so the counts of random numbers giving each pair differ by
//   at most one. A deal's distribution is then off by at most that bias per pair it draws;
//   the equities this shifts, weighted by the exact counts for every deal of four flop, turn
//   and river spots, moved by less than 5e-10 (docs/benchmarks.md).
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
    // The known board's suit counts in four nibbles starting at 3 (a nibble reaches 8 when a
    // suit has five cards, as in a Hand's key), and the known players' (without the bias).
    std::uint32_t board_suits = 0x3333;
    std::array<std::uint32_t, kMaxPlayers> hole_suits{};
    // For the scalar kernel, which evaluates through the rank hash: the known board's and
    // known players' rank-key sums and cards (bit c for card c).
    std::uint32_t board_rank_key = 0;
    std::array<std::uint32_t, kMaxPlayers> hole_rank_key{};
    std::uint64_t board_cards = 0;
    std::array<std::uint64_t, kMaxPlayers> hole_cards{};
    // For the SIMD kernels' tables of values by board and hole ranks (see rank_value_tables):
    // the known board cards' ranks, and where each known player's values start in the table by
    // pair (kBoardRankSets times its hole-rank pair).
    std::array<std::uint32_t, 5> board_ranks{};
    std::array<std::uint32_t, kMaxPlayers> hole_column{};
    // Bit r for each card of rank r, by suit: the known board's and each known player's.
    std::array<std::uint32_t, 4> board_suit_ranks{};
    std::array<std::array<std::uint32_t, 4>, kMaxPlayers> hole_suit_ranks{};
    // The unseen cards in ascending order (deck position p holds card deck[p]; scalar kernel).
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

// A table of 16 entries below 2^24 for the SIMD kernels to look up by a 4-bit index in every
// lane: the entries whole, for the AVX2 and AVX-512 permutes, and byte b of each entry as a
// 16-entry table, for SSE4's byte shuffles.
struct Lookup16 {
    alignas(64) std::array<std::uint32_t, 16> entry{};
    alignas(16) std::array<std::array<std::uint8_t, 16>, 3> byte{};
};
constexpr Lookup16 make_lookup16(auto entry_of) {
    Lookup16 t;
    for (int i = 0; i < 16; ++i) {
        const std::uint32_t e = entry_of(i);
        t.entry[static_cast<std::size_t>(i)] = e;
        for (std::size_t b = 0; b < 3; ++b)
            t.byte[b][static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(e >> (8 * b));
    }
    return t;
}

// Values of seven ranks (no flush) by the board's five and the two hole cards', one table read
// per player where the rank hash takes two (a row displacement, then the value). The board's
// ranks r0 <= ... <= r4 are the combination r0 < r1 + 1 < ... < r4 + 4 of 17 numbers, whose
// colex index sum C(r_k + k, k + 1) numbers the 6,188 multisets of five ranks (13 of them,
// five of a kind, never occur); hole ranks lo <= hi number hi (hi + 1) / 2 + lo of 91.
inline constexpr int kBoardRankSets = 6188;  // C(17, 5)
inline constexpr int kHolePairs = 91;        // C(14, 2)
constexpr std::uint32_t choose(int n, int k) {
    std::uint64_t c = 1;
    for (int i = 0; i < k; ++i)
        c = c * static_cast<std::uint64_t>(n - i) / static_cast<std::uint64_t>(i + 1);
    return k > n ? 0 : static_cast<std::uint32_t>(c);
}
// kBoardTerms[k] by r: C(r + k, k + 1), the k-th sorted board rank's share of the board's
// index; kPairBase by hi: hi (hi + 1) / 2. Indexes 13..15 never occur.
inline constexpr std::array<Lookup16, 5> kBoardTerms = [] {
    std::array<Lookup16, 5> terms;
    for (int k = 0; k < 5; ++k) {
        terms[static_cast<std::size_t>(k)] =
            make_lookup16([k](int r) { return r < kNumRanks ? choose(r + k, k + 1) : 0u; });
    }
    return terms;
}();
inline constexpr Lookup16 kPairBase = make_lookup16(
    [](int hi) { return hi < kNumRanks ? static_cast<std::uint32_t>(hi * (hi + 1) / 2) : 0u; });
static_assert(kBoardTerms[0].entry[12] + kBoardTerms[1].entry[12] + kBoardTerms[2].entry[12] +
                      kBoardTerms[3].entry[12] + kBoardTerms[4].entry[12] ==
                  kBoardRankSets - 1,
              "the board of five aces is the last board");
static_assert(kPairBase.entry[12] + 12 == kHolePairs - 1, "a pair of aces is the last pair");

// The table twice, 0 where a rank would occur five times, each with one more entry so that
// every entry can be read as a 32-bit word; built on first use (about 563,000 values, 2 x 1.1
// MB). By board, then pair (entry kHolePairs * board + pair), for random hands: the players of
// one deal read the same 182 bytes. By pair, then board (entry kBoardRankSets * pair + board),
// for known hands: one hand's values (the hero's, in every deal) lie in 12 KB that stay in the
// first-level cache.
struct RankValueTables {
    const std::uint16_t* by_board;
    const std::uint16_t* by_pair;
};
const RankValueTables& rank_value_tables() noexcept;

// The value of a player's seven cards (given as bits) that hold five or more of `suit`.
HandValue flush_value_of(std::uint64_t cards, int suit) noexcept;

}  // namespace pokerarena::detail::sampling
