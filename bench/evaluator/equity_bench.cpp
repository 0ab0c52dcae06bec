// Equity calculator benchmarks. Monte Carlo figures are showdowns per second: one showdown
// is one sampled deal (board plus every random hand) evaluated for every player, so "vs 5
// random hands" counts one item per six-player deal.
#include <benchmark/benchmark.h>

#include <string>

#include "pokerarena/evaluator/equity.hpp"

namespace {

using namespace pokerarena;

HoleCards hole(const std::string& text) {
    const auto cards = parse_cards(text);
    return {cards.at(0), cards.at(1)};
}

void BM_EquityExactAsKsVsQdQcPreflop(benchmark::State& state) {
    EquityRequest r;
    r.hero = hole("AsKs");
    r.villains = {hole("QdQc")};
    r.method = EquityMethod::Exact;
    r.use_symmetry = state.range(0) != 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(calculate_equity(r));
    }
    state.SetLabel(r.use_symmetry ? "suit symmetry" : "every board");
}
BENCHMARK(BM_EquityExactAsKsVsQdQcPreflop)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

// Times calculate_equity(r) with a new seed each call; items are samples.
void time_requests(benchmark::State& state, EquityRequest r) {
    std::uint64_t seed = 1;
    for (auto _ : state) {
        r.seed = seed++;
        benchmark::DoNotOptimize(calculate_equity(r));
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * r.samples));
}

// Args: random opponents, threads.
void BM_EquityMonteCarloAsKsVsRandom(benchmark::State& state) {
    EquityRequest r;
    r.hero = hole("AsKs");
    r.random_opponents = static_cast<int>(state.range(0));
    r.method = EquityMethod::MonteCarlo;
    r.samples = 4'000'000;
    r.threads = static_cast<int>(state.range(1));
    time_requests(state, r);
}
BENCHMARK(BM_EquityMonteCarloAsKsVsRandom)
    ->ArgNames({"opponents", "threads"})
    ->Args({1, 1})
    ->Args({5, 1})
    ->Args({1, 2})
    ->Args({5, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// One call of 10,000 samples, AsKs against one random hand: what a bot asks per decision, and
// the C++ side of the Python module's equity figure (scripts/bench_python_module.py).
void BM_EquityMonteCarlo10000(benchmark::State& state) {
    EquityRequest r;
    r.hero = hole("AsKs");
    r.random_opponents = 1;
    r.method = EquityMethod::MonteCarlo;
    r.samples = 10'000;
    time_requests(state, r);
}
BENCHMARK(BM_EquityMonteCarlo10000)->Unit(benchmark::kMicrosecond);

// Args: random opponents, kernel (batch.hpp's Kernel: 1 Scalar, 2 SSE4, 3 AVX2, 4 AVX512);
// one thread. Kernels this CPU lacks are skipped.
void BM_EquityMonteCarloKernel(benchmark::State& state) {
    const auto kernel = static_cast<Kernel>(state.range(1));
    if (!kernel_available(kernel)) {
        state.SkipWithError("kernel not available on this CPU");
        return;
    }
    EquityRequest r;
    r.hero = hole("AsKs");
    r.random_opponents = static_cast<int>(state.range(0));
    r.method = EquityMethod::MonteCarlo;
    r.samples = 4'000'000;
    r.kernel = kernel;
    std::uint64_t seed = 1;
    for (auto _ : state) {
        r.seed = seed++;
        benchmark::DoNotOptimize(calculate_equity(r));
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * r.samples));
    state.SetLabel(kernel_name(kernel));
}
BENCHMARK(BM_EquityMonteCarloKernel)
    ->ArgNames({"opponents", "kernel"})
    ->ArgsProduct({{1, 5}, {1, 2, 3, 4}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The sampler for known villains (seat layout decided at run time): AsKs vs QdQc, preflop.
void BM_EquityMonteCarloAsKsVsQdQc(benchmark::State& state) {
    EquityRequest r;
    r.hero = hole("AsKs");
    r.villains = {hole("QdQc")};
    r.method = EquityMethod::MonteCarlo;
    r.samples = 4'000'000;
    time_requests(state, r);
}
BENCHMARK(BM_EquityMonteCarloAsKsVsQdQc)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
