// The C SDK's evaluator (bots/sdk/pokerarena_eval.h) beside the C++ calls it wraps, single
// thread: the same random hands (fixed seed, generated before any timing) through pa_evaluate7
// and through the inline C++ Hand, through pa_evaluate7_batch and evaluate_batch, and one equity
// estimate through pa_equity_vs_random and through calculate_equity. The C figures should match the
// C++ ones up to one function call.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "pokerarena/evaluator/batch.hpp"
#include "pokerarena/evaluator/equity.hpp"
#include "pokerarena/evaluator/evaluate.hpp"
#include "pokerarena_eval.h"

namespace pokerarena {
namespace {

constexpr std::size_t kHands = 1'000'000;

const std::vector<std::array<std::uint8_t, 7>>& random_hands() {
    static const std::vector<std::array<std::uint8_t, 7>> hands = [] {
        std::vector<std::array<std::uint8_t, 7>> v(kHands);
        std::uint64_t state = 20261127;
        for (auto& h : v) {
            std::uint64_t used = 0;
            for (int i = 0; i < 7;) {
                state = state * 6364136223846793005ull + 1442695040888963407ull;
                const auto c = static_cast<int>((state >> 33) % kNumCards);
                if (used >> c & 1) continue;
                used |= std::uint64_t{1} << c;
                h[i++] = static_cast<std::uint8_t>(c);
            }
        }
        return v;
    }();
    return hands;
}

void BM_pa_evaluate7(benchmark::State& state) {
    const auto& hands = random_hands();
    for (auto _ : state) {
        std::uint64_t sum = 0;
        for (const auto& h : hands)
            sum += pa_evaluate7(h.data());
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kHands));
}
BENCHMARK(BM_pa_evaluate7)->Unit(benchmark::kMillisecond);

void BM_evaluate_7cards(benchmark::State& state) {
    const auto& hands = random_hands();
    for (auto _ : state) {
        std::uint64_t sum = 0;
        for (const auto& h : hands) {
            Hand hand;
            for (std::uint8_t c : h)
                hand.add(Card{c});
            sum += evaluate(hand);
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kHands));
}
BENCHMARK(BM_evaluate_7cards)->Unit(benchmark::kMillisecond);

// The same hands in one call, and the C++ batch call it hands them to (the same layout: seven
// cards and a padding byte).
void BM_pa_evaluate7_batch(benchmark::State& state) {
    std::vector<PaSevenCards> hands(kHands);
    for (std::size_t i = 0; i < kHands; ++i)
        std::copy(random_hands()[i].begin(), random_hands()[i].end(), hands[i].cards);
    std::vector<std::uint16_t> values(kHands);
    for (auto _ : state) {
        pa_evaluate7_batch(hands.data(), kHands, values.data());
        benchmark::DoNotOptimize(values.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kHands));
}
BENCHMARK(BM_pa_evaluate7_batch)->Unit(benchmark::kMillisecond);

void BM_evaluate_batch(benchmark::State& state) {
    std::vector<SevenCards> hands(kHands);
    for (std::size_t i = 0; i < kHands; ++i)
        std::copy(random_hands()[i].begin(), random_hands()[i].end(), hands[i].cards);
    std::vector<HandValue> values(kHands);
    for (auto _ : state) {
        evaluate_batch(hands, values);
        benchmark::DoNotOptimize(values.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kHands));
}
BENCHMARK(BM_evaluate_batch)->Unit(benchmark::kMillisecond);

// AsKh on a Td7c2s flop against two random hands, 10,000 deals.
constexpr std::uint64_t kSamples = 10'000;

void BM_pa_equity_vs_random(benchmark::State& state) {
    const std::uint8_t hole[2] = {51, 46}, board[3] = {33, 20, 3};
    std::uint64_t seed = 0;
    for (auto _ : state)
        benchmark::DoNotOptimize(pa_equity_vs_random(hole, board, 3, 2, kSamples, ++seed));
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kSamples));
}
BENCHMARK(BM_pa_equity_vs_random);

void BM_calculate_equity(benchmark::State& state) {
    EquityRequest request;
    request.hero = {Card{51}, Card{46}};
    request.board = {Card{33}, Card{20}, Card{3}};
    request.random_opponents = 2;
    request.method = EquityMethod::MonteCarlo;
    request.samples = kSamples;
    for (auto _ : state) {
        ++request.seed;
        benchmark::DoNotOptimize(calculate_equity(request).players[0].equity);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kSamples));
}
BENCHMARK(BM_calculate_equity);

}  // namespace
}  // namespace pokerarena
