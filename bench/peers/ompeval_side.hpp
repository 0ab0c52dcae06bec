// OMPEval's side of ompeval_bench.cpp: every call runs OMPEval's code only, and lives in
// ompeval_side.cpp, which is compiled with OMPEval's flags (-O3 -msse4.2) beside its sources.
// Hands are arrays of 8 bytes, the first 7 card indexes 4 * rank + suit (rank 0 = deuce), the
// encoding OMPEval and pokerarena share.
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace peer_ompeval {

using CardBytes = std::array<std::uint8_t, 8>;

// Sum of the categories (value / 4096: 1 high card .. 9 straight flush) of every hand, one
// incremental omp::Hand per hand: OMPEval's "Rand1" loop.
std::uint64_t sum_categories(std::span<const CardBytes> hands);

// OMPEval's value of each hand, into values (same size as hands).
void values(std::span<const CardBytes> hands, std::span<std::uint16_t> values);

// Sum of the categories of every 7-card hand, by nested loops of incremental omp::Hand (the
// enumeration of OMPEval's benchmark). first is 0; it comes from the caller so that the
// compiler cannot hoist the loops out of the timing loop.
std::uint64_t enumerate_sum_categories(int first);

// Exact equity of AsKs against QdQc before the flop, EquityCalculator on one thread.
double exact_equity_as_ks_vs_qd_qc();

struct MonteCarlo {
    double equity = 0;        // of AsKs
    std::uint64_t hands = 0;  // showdowns sampled (each for every player)
};

// EquityCalculator's Monte Carlo, AsKs against `opponents` random hands, one thread, stopped
// by its hand limit (it stops at the first batch past `hands`).
MonteCarlo monte_carlo_as_ks_vs_random(int opponents, std::uint64_t hands);

}  // namespace peer_ompeval
