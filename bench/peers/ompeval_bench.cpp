// pokerarena beside OMPEval (zekyll/OMPEval), one thread, the same work on both sides. Every
// benchmark is named COMPARISON/SIDE; scripts/bench_peers.sh divides pokerarena's items/s by
// the peer's for each comparison.
//
// - scalar_random: the same 20,000,000 random hands (peer_hands.hpp), one evaluation each,
//   summing the categories: evaluate(SevenCards) against OMPEval's incremental omp::Hand.
// - batch_random: the same hands through evaluate_batch() on the best kernel this CPU runs,
//   against OMPEval's scalar loop (OMPEval has no batch call).
// - enumerate_all: every one of the 133,784,560 7-card hands, summing the categories:
//   for_each_seven_card_values() against OMPEval's nested loops of incremental hands.
// - exact_equity: AsKs against QdQc before the flop, exactly: calculate_equity() (suit
//   symmetry, the default) against EquityCalculator's enumeration (its own isomorphisms).
// - monte_carlo/vs1, /vs5: AsKs against 1 or 5 random hands, 4,000,000 showdowns a call, one
//   thread; items are showdowns (one sampled deal, evaluated for every player).
//
// Answers are checked, and a benchmark whose side disagrees fails (SkipWithError): the category
// sums of both sides equal the published count of 7-card hands by category; on the first
// 2,000,000 random hands the two evaluators order every hand alike; the exact equities agree
// to 1e-9; each Monte Carlo mean lies within five standard errors of the library's.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "ompeval_side.hpp"
#include "peer_hands.hpp"
#include "pokerarena/evaluator/batch.hpp"
#include "pokerarena/evaluator/enumerate.hpp"
#include "pokerarena/evaluator/equity.hpp"
#include "pokerarena/evaluator/evaluate.hpp"

namespace pokerarena::peers {
namespace {

// Sum of the categories (1 high card .. 9 straight flush) over every 7-card hand, from the
// published counts: 23,294,460 high cards, 58,627,800 pairs, 31,433,400 two pairs, 6,461,620
// trips, 6,180,020 straights, 4,047,644 flushes, 3,473,184 full houses, 224,848 quads and
// 41,584 straight flushes (royal ones included) make 133,784,560 hands and this sum.
constexpr std::uint64_t kAllHandsCategorySum = 342'368'032;
constexpr std::int64_t kAllSevenCardHands = 133'784'560;
constexpr std::size_t kOrderCheckedHands = 2'000'000;
constexpr std::uint64_t kMonteCarloSamples = 4'000'000;

std::uint64_t our_sum_categories(const std::vector<SevenCards>& hands) {
    std::uint64_t sum = 0;
    for (const SevenCards& h : hands)
        sum += evaluate(h) >> 12;
    return sum;
}

// Both sides' category sums over the random hands, and whether they order the hands alike.
struct RandomHandsCheck {
    std::uint64_t ours = 0, theirs = 0;
    bool same_order = false;
};

const RandomHandsCheck& random_hands_check() {
    static const RandomHandsCheck check = [] {
        RandomHandsCheck c;
        c.ours = our_sum_categories(random_seven_cards());
        c.theirs = peer_ompeval::sum_categories(random_card_bytes());
        const std::span<const SevenCards> first(random_seven_cards().data(), kOrderCheckedHands);
        std::vector<HandValue> ours(kOrderCheckedHands);
        std::vector<std::uint16_t> theirs(kOrderCheckedHands);
        evaluate_batch(first, ours, Kernel::Scalar);
        peer_ompeval::values(std::span(random_card_bytes().data(), kOrderCheckedHands), theirs);
        c.same_order = same_order(ours, theirs);
        return c;
    }();
    return check;
}

bool random_hands_disagree(benchmark::State& state) {
    const RandomHandsCheck& c = random_hands_check();
    if (c.ours != c.theirs || !c.same_order) {
        state.SkipWithError("pokerarena and OMPEval disagree on the random hands");
        return true;
    }
    state.SetLabel("checksum " + std::to_string(c.ours));
    return false;
}

void scalar_random_pokerarena(benchmark::State& state) {
    if (random_hands_disagree(state)) return;
    const auto& hands = random_seven_cards();
    for (auto _ : state)
        benchmark::DoNotOptimize(our_sum_categories(hands));
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
}
BENCHMARK(scalar_random_pokerarena)
    ->Name("scalar_random/pokerarena")
    ->Unit(benchmark::kMillisecond);

void scalar_random_ompeval(benchmark::State& state) {
    if (random_hands_disagree(state)) return;
    const auto& hands = random_card_bytes();
    for (auto _ : state)
        benchmark::DoNotOptimize(peer_ompeval::sum_categories(hands));
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
}
BENCHMARK(scalar_random_ompeval)->Name("scalar_random/ompeval")->Unit(benchmark::kMillisecond);

void batch_random_pokerarena(benchmark::State& state) {
    if (random_hands_disagree(state)) return;
    const auto& hands = random_seven_cards();
    std::vector<HandValue> values(hands.size());
    for (auto _ : state) {
        evaluate_batch(hands, values, Kernel::Best);
        benchmark::DoNotOptimize(values.data());
        benchmark::ClobberMemory();
    }
    std::uint64_t sum = 0;
    for (HandValue v : values)
        sum += v >> 12;
    if (sum != random_hands_check().theirs)
        state.SkipWithError("evaluate_batch's categories differ from OMPEval's");
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
    state.SetLabel(kernel_name(available_kernels().back()));
}
BENCHMARK(batch_random_pokerarena)->Name("batch_random/pokerarena")->Unit(benchmark::kMillisecond);

void enumerate_all_pokerarena(benchmark::State& state) {
    for (auto _ : state) {
        int first = 0;
        benchmark::DoNotOptimize(first);
        std::uint64_t sum = 0;
        for (int a = first; a < kNumCards; ++a)
            for_each_seven_card_values(Card{a}, [&sum](std::span<const HandValue> values) {
                std::uint32_t block = 0;
                for (HandValue v : values)
                    block += v >> 12;
                sum += block;
            });
        if (sum != kAllHandsCategorySum) {
            state.SkipWithError("for_each_seven_card_values: wrong category sum");
            return;
        }
    }
    state.SetItemsProcessed(state.iterations() * kAllSevenCardHands);
    state.SetLabel("checksum " + std::to_string(kAllHandsCategorySum));
}
BENCHMARK(enumerate_all_pokerarena)
    ->Name("enumerate_all/pokerarena")
    ->Unit(benchmark::kMillisecond);

void enumerate_all_ompeval(benchmark::State& state) {
    for (auto _ : state) {
        int first = 0;
        benchmark::DoNotOptimize(first);
        if (peer_ompeval::enumerate_sum_categories(first) != kAllHandsCategorySum) {
            state.SkipWithError("OMPEval's enumeration: wrong category sum");
            return;
        }
    }
    state.SetItemsProcessed(state.iterations() * kAllSevenCardHands);
    state.SetLabel("checksum " + std::to_string(kAllHandsCategorySum));
}
BENCHMARK(enumerate_all_ompeval)->Name("enumerate_all/ompeval")->Unit(benchmark::kMillisecond);

HoleCards hole(const char* text) {
    const auto cards = parse_cards(text);
    return {cards.at(0), cards.at(1)};
}

EquityRequest as_ks_vs_qd_qc() {
    EquityRequest r;
    r.hero = hole("AsKs");
    r.villains = {hole("QdQc")};
    r.method = EquityMethod::Exact;
    return r;
}

bool exact_equities_disagree(benchmark::State& state) {
    static const double ours = calculate_equity(as_ks_vs_qd_qc()).players[0].equity;
    static const double theirs = peer_ompeval::exact_equity_as_ks_vs_qd_qc();
    if (std::abs(ours - theirs) > 1e-9) {
        state.SkipWithError("exact equities of AsKs vs QdQc differ");
        return true;
    }
    state.SetLabel("equity " + std::to_string(ours));
    return false;
}

void exact_equity_pokerarena(benchmark::State& state) {
    if (exact_equities_disagree(state)) return;
    const EquityRequest r = as_ks_vs_qd_qc();
    for (auto _ : state)
        benchmark::DoNotOptimize(calculate_equity(r));
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(exact_equity_pokerarena)
    ->Name("exact_equity/pokerarena")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void exact_equity_ompeval(benchmark::State& state) {
    if (exact_equities_disagree(state)) return;
    for (auto _ : state)
        benchmark::DoNotOptimize(peer_ompeval::exact_equity_as_ks_vs_qd_qc());
    state.SetItemsProcessed(state.iterations());
}
// EquityCalculator works on a thread of its own while this one waits: real time, both sides.
BENCHMARK(exact_equity_ompeval)
    ->Name("exact_equity/ompeval")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

EquityRequest monte_carlo_request(int opponents, std::uint64_t seed) {
    EquityRequest r;
    r.hero = hole("AsKs");
    r.random_opponents = opponents;
    r.method = EquityMethod::MonteCarlo;
    r.samples = kMonteCarloSamples;
    r.seed = seed;
    return r;
}

// The library's answer the means of both sides are held to: 16 times the samples of a call.
const EquityResult& monte_carlo_reference(int opponents) {
    static const EquityResult vs1 = [] {
        EquityRequest r = monte_carlo_request(1, 0xC0FFEE);
        r.samples *= 16;
        return calculate_equity(r);
    }();
    static const EquityResult vs5 = [] {
        EquityRequest r = monte_carlo_request(5, 0xC0FFEE);
        r.samples *= 16;
        return calculate_equity(r);
    }();
    return opponents == 1 ? vs1 : vs5;
}

// Fails the benchmark unless the mean of `calls` Monte Carlo answers over `samples` showdowns
// lies within five standard errors of the reference. The standard error of the mean scales
// the reference's by the square root of the ratio of samples.
void check_monte_carlo(benchmark::State& state, int opponents, double equity_sum,
                       std::uint64_t calls, std::uint64_t samples) {
    if (calls == 0) return;
    const EquityResult& ref = monte_carlo_reference(opponents);
    const double mean = equity_sum / static_cast<double>(calls);
    const double per_sample = ref.std_error * std::sqrt(static_cast<double>(ref.outcomes));
    const double error =
        std::hypot(per_sample / std::sqrt(static_cast<double>(samples)), ref.std_error);
    if (std::abs(mean - ref.players[0].equity) > 5 * error)
        state.SkipWithError("Monte Carlo equity outside five standard errors of the library's");
    else
        state.SetLabel("equity " + std::to_string(mean));
}

void monte_carlo_pokerarena(benchmark::State& state, int opponents) {
    std::uint64_t seed = 1, calls = 0;
    double equity_sum = 0;
    for (auto _ : state) {
        const EquityResult r = calculate_equity(monte_carlo_request(opponents, seed++));
        equity_sum += r.players[0].equity;
        ++calls;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(calls * kMonteCarloSamples));
    check_monte_carlo(state, opponents, equity_sum, calls, calls * kMonteCarloSamples);
}
BENCHMARK_CAPTURE(monte_carlo_pokerarena, vs1, 1)
    ->Name("monte_carlo/vs1/pokerarena")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(monte_carlo_pokerarena, vs5, 5)
    ->Name("monte_carlo/vs5/pokerarena")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// OMPEval samples on a thread of its own (threads = 1) while this one waits: real time.
void monte_carlo_ompeval(benchmark::State& state, int opponents) {
    std::uint64_t hands = 0, calls = 0;
    double equity_sum = 0;
    for (auto _ : state) {
        const peer_ompeval::MonteCarlo r =
            peer_ompeval::monte_carlo_as_ks_vs_random(opponents, kMonteCarloSamples);
        equity_sum += r.equity;
        hands += r.hands;
        ++calls;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(hands));
    check_monte_carlo(state, opponents, equity_sum, calls, hands);
}
BENCHMARK_CAPTURE(monte_carlo_ompeval, vs1, 1)
    ->Name("monte_carlo/vs1/ompeval")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(monte_carlo_ompeval, vs5, 5)
    ->Name("monte_carlo/vs5/ompeval")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace pokerarena::peers
