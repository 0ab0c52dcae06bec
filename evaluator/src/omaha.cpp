#include "pokerarena/evaluator/omaha.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>

namespace pokerarena {

namespace {

constexpr int kMaxBoardTriples = 10;  // C(5, 3)
constexpr int kMaxHolePairs = 6;      // C(4, 2)

// The best flush of two of `hole_ranks` and three of `board_ranks` (13-bit rank masks of one
// suit, at least two and three ranks). The flush table holds straight flushes too.
HandValue best_flush(unsigned hole_ranks, unsigned board_ranks) noexcept {
    HandValue best = 0;
    for (unsigned h1 = hole_ranks; h1; h1 &= h1 - 1)
        for (unsigned h2 = h1 & (h1 - 1); h2; h2 &= h2 - 1) {
            const unsigned pair = (h1 & -h1) | (h2 & -h2);
            for (unsigned b1 = board_ranks; b1; b1 &= b1 - 1)
                for (unsigned b2 = b1 & (b1 - 1); b2; b2 &= b2 - 1)
                    for (unsigned b3 = b2 & (b2 - 1); b3; b3 &= b3 - 1) {
                        const unsigned five = pair | (b1 & -b1) | (b2 & -b2) | (b3 & -b3);
                        best = std::max(best, detail::tables.flush_values[five]);
                    }
        }
    return best;
}

// Bit of each rank in a low (ace 0, deuce 1 .. eight 7); nine to king play no part.
constexpr std::array<unsigned, kNumRanks> kLowBit = {
    1u << 1, 1u << 2, 1u << 3, 1u << 4, 1u << 5, 1u << 6, 1u << 7, 0, 0, 0, 0, 0, 1u << 0};

}  // namespace

HandValue omaha_high(const Card* hole, int hole_count, const Card* board,
                     int board_count) noexcept {
    // Rank values first, from sums of the cards' keys (a five-card key hashes to its rank
    // multiset's value as a whole Hand's does): 60 additions and table lookups with no
    // dependency between them, so they overlap. A flush is then looked for only in a suit
    // that has three board cards and two hole cards, which most deals do not have; its value
    // beats the rank value of the same five cards, so taking the maximum of both is right.
    std::array<std::uint64_t, kMaxBoardTriples> triples;
    int num_triples = 0;
    for (int i = 0; i < board_count; ++i)
        for (int j = i + 1; j < board_count; ++j)
            for (int k = j + 1; k < board_count; ++k)
                triples[num_triples++] = detail::kCardKeys[board[i].index()] +
                                         detail::kCardKeys[board[j].index()] +
                                         detail::kCardKeys[board[k].index()];
    std::array<std::uint64_t, kMaxHolePairs> pairs;
    int num_pairs = 0;
    for (int i = 0; i < hole_count; ++i)
        for (int j = i + 1; j < hole_count; ++j)
            pairs[num_pairs++] =
                detail::kCardKeys[hole[i].index()] + detail::kCardKeys[hole[j].index()];
    HandValue best = 0;
    for (int p = 0; p < num_pairs; ++p)
        for (int t = 0; t < num_triples; ++t)
            best = std::max(best, detail::rank_value_from_packed_hash(pairs[p] + triples[t]));

    std::array<unsigned, kNumSuits> board_suited{}, hole_suited{};
    for (int i = 0; i < board_count; ++i)
        board_suited[board[i].suit()] |= 1u << board[i].rank();
    for (int i = 0; i < hole_count; ++i)
        hole_suited[hole[i].suit()] |= 1u << hole[i].rank();
    for (int s = 0; s < kNumSuits; ++s)
        if (std::popcount(board_suited[s]) >= 3 && std::popcount(hole_suited[s]) >= 2)
            best = std::max(best, best_flush(hole_suited[s], board_suited[s]));
    return best;
}

LowValue omaha_low(const Card* hole, int hole_count, const Card* board, int board_count) noexcept {
    unsigned hole_low = 0, board_low = 0;
    for (int i = 0; i < hole_count; ++i)
        hole_low |= kLowBit[hole[i].rank()];
    for (int i = 0; i < board_count; ++i)
        board_low |= kLowBit[board[i].rank()];
    if (std::popcount(board_low) < 3) return kNoLow;
    // For a given pair of hole ranks the best low adds the three lowest board ranks not in the
    // pair: the five ranks as a number are the pair's bits plus the triple's, so the smallest
    // triple gives the smallest set. Only the (at most six) pairs need trying.
    unsigned best = 0x100;
    for (unsigned a = hole_low; a; a &= a - 1)
        for (unsigned b = a & (a - 1); b; b &= b - 1) {
            const unsigned pair = (a & -a) | (b & -b);
            unsigned rest = board_low & ~pair;
            if (std::popcount(rest) < 3) continue;
            unsigned triple = 0;
            for (int k = 0; k < 3; ++k) {
                triple |= rest & -rest;
                rest &= rest - 1;
            }
            best = std::min(best, pair | triple);
        }
    return best == 0x100 ? kNoLow : static_cast<LowValue>(0x100 - best);
}

std::string describe_low(LowValue v) {
    if (v == kNoLow || v > 0x100) return "No low";
    const unsigned ranks = 0x100u - v;
    std::string text;
    for (int bit = 7; bit >= 0; --bit) {
        if (!((ranks >> bit) & 1)) continue;
        if (!text.empty()) text += '-';
        text += "A2345678"[bit];
    }
    return text;
}

}  // namespace pokerarena
