// Omaha evaluator throughput, single thread, in showdown hands per second (items/s), named
// after the call measured: omaha_high() and omaha_low() on 2,000,000 random deals of four hole
// cards and a five-card board (fixed seed, generated before any timing), each the best of the
// 60 hands of two hole and three board cards; beside them evaluate(Hand) on the same nine
// cards' first seven (a hold'em showdown hand), for scale.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <vector>

#include "pokerarena/evaluator/evaluate.hpp"
#include "pokerarena/evaluator/omaha.hpp"
#include "pokerarena/evaluator/splitmix64.hpp"

namespace pokerarena {
namespace {

constexpr std::size_t kOmahaDeals = 2'000'000;

struct OmahaDeal {
    std::array<Card, 4> hole;
    std::array<Card, 5> board;
};

const std::vector<OmahaDeal>& omaha_deals() {
    static const std::vector<OmahaDeal> deals = [] {
        std::vector<OmahaDeal> v(kOmahaDeals);
        std::uint64_t state = 20261204;
        for (OmahaDeal& d : v) {
            std::uint64_t used = 0;
            std::array<Card, 9> cards;
            for (int i = 0; i < 9;) {
                const auto c = static_cast<int>(splitmix64_next(state) % kNumCards);
                if (used >> c & 1) continue;
                used |= std::uint64_t{1} << c;
                cards[static_cast<std::size_t>(i++)] = Card{c};
            }
            for (std::size_t k = 0; k < 4; ++k)
                d.hole[k] = cards[k];
            for (std::size_t k = 0; k < 5; ++k)
                d.board[k] = cards[4 + k];
        }
        return v;
    }();
    return deals;
}

template <class Value>
void time_deals(benchmark::State& state, Value value) {
    const auto& deals = omaha_deals();
    for (auto _ : state) {
        std::uint64_t sum = 0;
        for (const OmahaDeal& d : deals)
            sum += value(d);
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(deals.size()));
}

void omaha_high_random(benchmark::State& state) {
    time_deals(state,
               [](const OmahaDeal& d) { return omaha_high(d.hole.data(), 4, d.board.data(), 5); });
}
BENCHMARK(omaha_high_random)->Unit(benchmark::kMillisecond);

void omaha_low_random(benchmark::State& state) {
    time_deals(state,
               [](const OmahaDeal& d) { return omaha_low(d.hole.data(), 4, d.board.data(), 5); });
}
BENCHMARK(omaha_low_random)->Unit(benchmark::kMillisecond);

void evaluate_Hand_omaha_cards(benchmark::State& state) {
    time_deals(state, [](const OmahaDeal& d) {
        Hand h;
        h.add(d.hole[0]).add(d.hole[1]);
        for (const Card c : d.board)
            h.add(c);
        return evaluate(h);
    });
}
BENCHMARK(evaluate_Hand_omaha_cards)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace pokerarena
