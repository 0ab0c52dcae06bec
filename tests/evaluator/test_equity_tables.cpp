// The value tables of the SIMD Monte Carlo kernels (evaluator/src/equity_sampling.hpp, internal
// to the library), entry by entry: the kernels' bit-for-bit tests against the scalar reference
// reach only the entries their deals happen to draw, about a third of them.
#include <catch2/catch.hpp>

#include <array>
#include <cstddef>
#include <cstdint>

#include "../../evaluator/src/equity_sampling.hpp"
#include "pokerarena/evaluator/evaluate.hpp"

using namespace pokerarena;
using namespace pokerarena::detail::sampling;

namespace {

// Calls f(board, ranks) for every board rank multiset r0 <= ... <= r4, in colex order of the
// combinations c0 < ... < c4 of 0..16 (r_k = c_k - k), numbered by counting rather than by the
// kernels' binomial sums. Returns the number of boards.
template <typename F>
std::uint32_t for_each_board_rank_set(F f) {
    std::uint32_t board = 0;
    for (int c4 = 4; c4 < 17; ++c4) {
        for (int c3 = 3; c3 < c4; ++c3) {
            for (int c2 = 2; c2 < c3; ++c2) {
                for (int c1 = 1; c1 < c2; ++c1) {
                    for (int c0 = 0; c0 < c1; ++c0, ++board)
                        f(board, std::array<int, 5>{c0, c1 - 1, c2 - 2, c3 - 3, c4 - 4});
                }
            }
        }
    }
    return board;
}

}  // namespace

TEST_CASE("both value tables hold every seven-rank value, boards in colex order", "[equity]") {
    const RankValueTables& tables = rank_value_tables();
    REQUIRE(&tables == &rank_value_tables());  // built once
    std::uint32_t checked = 0, impossible = 0;
    const std::uint32_t boards = for_each_board_rank_set([&](std::uint32_t board,
                                                             const std::array<int, 5>& ranks) {
        std::array<int, kNumRanks> count{};
        std::uint32_t key = 0;
        bool board_possible = true;  // not five of a kind
        for (int r : ranks) {
            board_possible = ++count[static_cast<std::size_t>(r)] <= 4 && board_possible;
            key += detail::kRankKeys[static_cast<std::size_t>(r)];
        }
        std::uint32_t pair = 0;
        for (int hi = 0; hi < kNumRanks; ++hi) {
            for (int lo = 0; lo <= hi; ++lo, ++pair) {
                const auto h = static_cast<std::size_t>(hi);
                const auto l = static_cast<std::size_t>(lo);
                const bool possible =
                    board_possible && count[h] + 1 + (lo == hi ? 1 : 0) <= 4 && count[l] + 1 <= 4;
                const std::uint16_t by_board = tables.by_board[kHolePairs * board + pair];
                const std::uint16_t by_pair = tables.by_pair[kBoardRankSets * pair + board];
                const HandValue expected =
                    possible ? detail::rank_value(key + detail::kRankKeys[h] + detail::kRankKeys[l])
                             : 0;
                if (by_board != expected || by_pair != expected)
                    FAIL("board " << board << ", pair " << pair);
                ++(possible ? checked : impossible);
            }
        }
        REQUIRE(pair == kHolePairs);
    });
    CHECK(boards == kBoardRankSets);
    CHECK(checked == 558'883);  // seven ranks of 13 with none more than four times, by board
    CHECK(checked + impossible == kBoardRankSets * kHolePairs);
    CHECK(tables.by_board[kBoardRankSets * kHolePairs] == 0);  // the padding entries
    CHECK(tables.by_pair[kBoardRankSets * kHolePairs] == 0);
}

TEST_CASE("the kernels' index arithmetic numbers boards and pairs as the table does", "[equity]") {
    // Board r0 <= ... <= r4: the sum of kBoardTerms[k][r_k]; pair lo <= hi: kPairBase[hi] + lo.
    const std::uint32_t boards =
        for_each_board_rank_set([](std::uint32_t board, const std::array<int, 5>& ranks) {
            std::uint32_t index = 0;
            for (std::size_t k = 0; k < 5; ++k)
                index += kBoardTerms[k].entry[static_cast<std::size_t>(ranks[k])];
            if (index != board) FAIL("board " << board);
            for (std::size_t b = 0; b < 3; ++b) {
                for (std::size_t k = 0; k < 5; ++k) {
                    const auto r = static_cast<std::size_t>(ranks[k]);
                    if (kBoardTerms[k].byte[b][r] !=
                        static_cast<std::uint8_t>(kBoardTerms[k].entry[r] >> (8 * b)))
                        FAIL("byte table " << b << " of term " << k);
                }
            }
        });
    CHECK(boards == kBoardRankSets);
    std::uint32_t pair = 0;
    for (int hi = 0; hi < kNumRanks; ++hi) {
        for (int lo = 0; lo <= hi; ++lo, ++pair)
            CHECK(kPairBase.entry[static_cast<std::size_t>(hi)] + static_cast<std::uint32_t>(lo) ==
                  pair);
    }
    CHECK(pair == kHolePairs);
}
