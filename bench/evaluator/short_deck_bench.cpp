// Short-deck evaluator throughput, single thread, in evaluations per second (items/s), named
// after the call measured: evaluate_short_deck(Hand) on 5,000,000 random seven-card hands of
// the 36-card deck (fixed seed, generated before any timing), and evaluate(Hand), the standard
// evaluator it remaps, on the same hands as its peer. Each builds the Hand from seven cards.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <vector>

#include "pokerarena/evaluator/evaluate.hpp"
#include "pokerarena/evaluator/short_deck.hpp"
#include "pokerarena/evaluator/splitmix64.hpp"

namespace pokerarena {
namespace {

constexpr std::size_t kShortDeckHands = 5'000'000;
constexpr int kFirstShortDeckCard = 16;  // 6c
constexpr int kShortDeckCards = 36;

using SevenIndices = std::array<std::uint8_t, 7>;

const std::vector<SevenIndices>& short_deck_hands() {
    static const std::vector<SevenIndices> hands = [] {
        std::vector<SevenIndices> v(kShortDeckHands);
        std::uint64_t state = 20261203;
        for (SevenIndices& h : v) {
            std::uint64_t used = 0;
            for (int i = 0; i < 7;) {
                const auto c = kFirstShortDeckCard +
                               static_cast<int>(splitmix64_next(state) % kShortDeckCards);
                if (used >> c & 1) continue;
                used |= std::uint64_t{1} << c;
                h[static_cast<std::size_t>(i++)] = static_cast<std::uint8_t>(c);
            }
        }
        return v;
    }();
    return hands;
}

template <HandValue (*Evaluate)(const Hand&) noexcept>
void time_hands(benchmark::State& state) {
    const auto& hands = short_deck_hands();
    for (auto _ : state) {
        std::uint64_t sum = 0;
        for (const SevenIndices& s : hands) {
            Hand h;
            for (std::uint8_t c : s)
                h.add(Card{c});
            sum += Evaluate(h);
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
}

void evaluate_short_deck_Hand_random(benchmark::State& state) {
    time_hands<evaluate_short_deck>(state);
}
BENCHMARK(evaluate_short_deck_Hand_random)->Unit(benchmark::kMillisecond);

void evaluate_Hand_short_deck_random(benchmark::State& state) {
    time_hands<evaluate>(state);
}
BENCHMARK(evaluate_Hand_short_deck_random)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace pokerarena
