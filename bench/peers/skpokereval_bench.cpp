// pokerarena beside SKPokerEval (kennethshackleton/SKPokerEval), one thread: the same
// 20,000,000 random 7-card hands (peer_hands.hpp), one evaluation each, summed:
// evaluate(SevenCards) against SevenEval::GetRank. Named COMPARISON/SIDE like every peer
// benchmark (scripts/bench_peers.sh). The sums are of different scales (pokerarena's values,
// SKPokerEval's ranks), so the check is that on the first 2,000,000 hands both order every hand
// alike; a side that does not fails (SkipWithError).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "peer_hands.hpp"
#include "pokerarena/evaluator/batch.hpp"
#include "skpokereval_side.hpp"

namespace pokerarena::peers {
namespace {

constexpr std::size_t kOrderCheckedHands = 2'000'000;

// The same hands in SKPokerEval's numbering: ranks run down from the ace, suits keep their
// order (any fixed suit relabelling gives the same ranks).
const std::vector<std::array<std::uint8_t, 8>>& skpokereval_hands() {
    static const std::vector<std::array<std::uint8_t, 8>> hands = [] {
        std::vector<std::array<std::uint8_t, 8>> v = random_card_bytes();
        for (auto& h : v)
            for (int k = 0; k < 7; ++k) {
                const Card c{h[k]};
                h[k] = static_cast<std::uint8_t>(4 * (kNumRanks - 1 - c.rank()) + c.suit());
            }
        return v;
    }();
    return hands;
}

bool evaluators_disagree(benchmark::State& state) {
    static const bool agree = [] {
        const std::span<const SevenCards> first(random_seven_cards().data(), kOrderCheckedHands);
        std::vector<HandValue> ours(kOrderCheckedHands);
        std::vector<std::uint16_t> theirs(kOrderCheckedHands);
        evaluate_batch(first, ours, Kernel::Scalar);
        peer_skpokereval::ranks(std::span(skpokereval_hands().data(), kOrderCheckedHands), theirs);
        return same_order(ours, theirs);
    }();
    if (!agree)
        state.SkipWithError("pokerarena and SKPokerEval order the random hands differently");
    return !agree;
}

void scalar_random_pokerarena(benchmark::State& state) {
    if (evaluators_disagree(state)) return;
    const auto& hands = random_seven_cards();
    for (auto _ : state) {
        std::uint64_t sum = 0;
        for (const SevenCards& h : hands)
            sum += evaluate(h);
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
}
BENCHMARK(scalar_random_pokerarena)
    ->Name("scalar_random/pokerarena")
    ->Unit(benchmark::kMillisecond);

void scalar_random_skpokereval(benchmark::State& state) {
    if (evaluators_disagree(state)) return;
    const auto& hands = skpokereval_hands();
    for (auto _ : state)
        benchmark::DoNotOptimize(peer_skpokereval::sum_ranks(hands));
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
}
BENCHMARK(scalar_random_skpokereval)
    ->Name("scalar_random/skpokereval")
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace pokerarena::peers
