// Evaluator throughput, single thread, in evaluations per second (items/s). Every benchmark is
// named after the library call it measures.
//
// Random hands: 20,000,000 seven-card hands generated once (fixed seed) before any timing,
// evaluated through evaluate(Hand) (seven Hand::add calls each), evaluate(SevenCards) and
// evaluate_batch() with every kernel this CPU runs. Enumeration: all 133,784,560 seven-card
// hands, by nested loops calling evaluate(Hand) once per hand and by the library's
// for_each_seven_card_values(); the sum of all values is checked against the loops' sum, so a
// broken fast path cannot report a speed. Sums stay in registers: DoNotOptimize sees the
// final value, not a memory add per hand. Every board of a heads-up all-in: a plain loop over
// evaluate(), for_each_board() and for_each_board_group().
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "pokerarena/evaluator/batch.hpp"
#include "pokerarena/evaluator/enumerate.hpp"
#include "pokerarena/evaluator/evaluate.hpp"
#include "pokerarena/evaluator/splitmix64.hpp"

namespace pokerarena {
namespace {

constexpr std::size_t kRandomHands = 20'000'000;
constexpr std::int64_t kAllSevenCardHands = 133'784'560;

const std::vector<SevenCards>& random_hands() {
    static const std::vector<SevenCards> hands = [] {
        std::vector<SevenCards> v(kRandomHands);
        std::uint64_t state = 20240601;
        for (SevenCards& h : v) {
            std::uint64_t used = 0;
            for (int i = 0; i < 7;) {
                const auto c = static_cast<int>(splitmix64_next(state) % kNumCards);
                if (used >> c & 1) continue;
                used |= std::uint64_t{1} << c;
                h.cards[i++] = static_cast<std::uint8_t>(c);
            }
            h.cards[7] = 0;
        }
        return v;
    }();
    return hands;
}

void evaluate_Hand_random(benchmark::State& state) {
    const auto& hands = random_hands();
    for (auto _ : state) {
        std::uint64_t sum = 0;
        for (const SevenCards& s : hands) {
            Hand h;
            for (int i = 0; i < 7; ++i)
                h.add(Card{s.cards[i]});
            sum += evaluate(h);
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
}
BENCHMARK(evaluate_Hand_random)->Unit(benchmark::kMillisecond);

void evaluate_SevenCards_random(benchmark::State& state) {
    const auto& hands = random_hands();
    for (auto _ : state) {
        std::uint64_t sum = 0;
        for (const SevenCards& s : hands)
            sum += evaluate(s);
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
}
BENCHMARK(evaluate_SevenCards_random)->Unit(benchmark::kMillisecond);

void evaluate_batch_random(benchmark::State& state, Kernel kernel) {
    if (!kernel_available(kernel)) {
        state.SkipWithError("kernel not available on this CPU");
        return;
    }
    const auto& hands = random_hands();
    std::vector<HandValue> values(hands.size());
    for (auto _ : state) {
        evaluate_batch(hands, values, kernel);
        benchmark::DoNotOptimize(values.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
}
BENCHMARK_CAPTURE(evaluate_batch_random, Scalar, Kernel::Scalar)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluate_batch_random, SSE4, Kernel::SSE4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluate_batch_random, AVX2, Kernel::AVX2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluate_batch_random, AVX512, Kernel::AVX512)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluate_batch_random, Best, Kernel::Best)->Unit(benchmark::kMillisecond);

// The same hands in calls of 4,096, the batch size the Python module's figure is given for
// (scripts/bench_python_module.py sets the two side by side).
void evaluate_batch_4096(benchmark::State& state) {
    constexpr std::size_t kBatch = 4096;
    const auto& hands = random_hands();
    std::vector<HandValue> values(hands.size());
    const std::span<const SevenCards> in(hands);
    const std::span<HandValue> out(values);
    for (auto _ : state) {
        for (std::size_t start = 0; start < hands.size(); start += kBatch) {
            const std::size_t n = std::min(kBatch, hands.size() - start);
            evaluate_batch(in.subspan(start, n), out.subspan(start, n));
        }
        benchmark::DoNotOptimize(values.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
}
BENCHMARK(evaluate_batch_4096)->Unit(benchmark::kMillisecond);

// The same hands as rows of seven bytes (the Python module's numpy layout), checked and
// evaluated by evaluate_rows in calls of 4,096: what evaluate_batch costs from numpy beyond
// the Python call.
void evaluate_rows_4096(benchmark::State& state) {
    constexpr std::size_t kBatch = 4096;
    const auto& hands = random_hands();
    std::vector<std::uint8_t> rows;
    rows.reserve(7 * hands.size());
    for (const SevenCards& h : hands)
        rows.insert(rows.end(), h.cards, h.cards + 7);
    std::vector<HandValue> values(hands.size());
    const std::span<const std::uint8_t> in(rows);
    const std::span<HandValue> out(values);
    for (auto _ : state) {
        for (std::size_t start = 0; start < hands.size(); start += kBatch) {
            const std::size_t n = std::min(kBatch, hands.size() - start);
            if (evaluate_rows(in.subspan(7 * start, 7 * n), out.subspan(start, n)) != n)
                state.SkipWithError("evaluate_rows refused a row of distinct cards");
        }
        benchmark::DoNotOptimize(values.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
}
BENCHMARK(evaluate_rows_4096)->Unit(benchmark::kMillisecond);

// The plain enumeration: nested loops, one incremental Hand per level, evaluate() per hand.
// `first` is always 0; the benchmarks hide that from the compiler, which would otherwise hoist
// the whole loop nest out of the timing loop. Each innermost loop sums into its own local, so
// the running total is not a memory add per hand.
std::uint64_t enumerate_plain(int first) {
    std::uint64_t sum = 0;
    for (int a = first; a < kNumCards; ++a) {
        const Hand h1 = Hand{} + Card{a};
        for (int b = a + 1; b < kNumCards; ++b) {
            const Hand h2 = h1 + Card{b};
            for (int c = b + 1; c < kNumCards; ++c) {
                const Hand h3 = h2 + Card{c};
                for (int d = c + 1; d < kNumCards; ++d) {
                    const Hand h4 = h3 + Card{d};
                    for (int e = d + 1; e < kNumCards; ++e) {
                        const Hand h5 = h4 + Card{e};
                        for (int f = e + 1; f < kNumCards; ++f) {
                            const Hand h6 = h5 + Card{f};
                            std::uint32_t inner = 0;
                            for (int g = f + 1; g < kNumCards; ++g)
                                inner += evaluate(h6 + Card{g});
                            sum += inner;
                        }
                    }
                }
            }
        }
    }
    return sum;
}

std::uint64_t expected_enumeration_sum() {
    static const std::uint64_t sum = enumerate_plain(0);
    return sum;
}

void evaluate_Hand_all_seven_card_hands(benchmark::State& state) {
    for (auto _ : state) {
        int first = 0;
        benchmark::DoNotOptimize(first);
        const std::uint64_t sum = enumerate_plain(first);
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * kAllSevenCardHands);
}
BENCHMARK(evaluate_Hand_all_seven_card_hands)->Unit(benchmark::kMillisecond);

void for_each_seven_card_values_all(benchmark::State& state) {
    const std::uint64_t expected = expected_enumeration_sum();
    for (auto _ : state) {
        int first = 0;
        benchmark::DoNotOptimize(first);
        std::uint64_t sum = 0;
        for (int a = first; a < kNumCards; ++a)
            for_each_seven_card_values(Card{a}, [&sum](std::span<const HandValue> values) {
                std::uint32_t block = 0;
                for (HandValue v : values)
                    block += v;
                sum += block;
            });
        if (sum != expected) {
            state.SkipWithError("enumeration checksum differs from the plain loops' sum");
            break;
        }
    }
    state.SetItemsProcessed(state.iterations() * kAllSevenCardHands);
}
BENCHMARK(for_each_seven_card_values_all)->Unit(benchmark::kMillisecond);

// Every board of a heads-up all-in before the flop, AsKs against QdQc (1,712,304 boards):
// wins and ties of the first hand, by a plain five-deep loop calling evaluate() for both
// hands, by for_each_board() and by for_each_board_group(). Items are boards. The library
// calls' counts are checked against the loop's.
constexpr std::int64_t kHeadsUpBoards = 1'712'304;

struct Outcomes {
    std::uint64_t wins = 0, ties = 0;
    bool operator==(const Outcomes&) const = default;
};

const std::array<Hand, 2>& heads_up_holes() {
    static const std::array<Hand, 2> holes{Hand{CardSet::parse("AsKs")},
                                           Hand{CardSet::parse("QdQc")}};
    return holes;
}

CardSet heads_up_unseen() {
    return ~CardSet::parse("AsKsQdQc");
}

Outcomes every_board_plain(int first) {
    const auto& [hero, villain] = heads_up_holes();
    std::array<Card, kNumCards> deck;
    int n = 0;
    for (Card c : heads_up_unseen())
        deck[n++] = c;
    Outcomes o;
    for (int a = first; a < n; ++a) {
        const Hand b1 = Hand{} + deck[a];
        for (int b = a + 1; b < n; ++b) {
            const Hand b2 = b1 + deck[b];
            for (int c = b + 1; c < n; ++c) {
                const Hand b3 = b2 + deck[c];
                for (int d = c + 1; d < n; ++d) {
                    const Hand b4 = b3 + deck[d];
                    std::uint32_t wins = 0, ties = 0;
                    for (int e = d + 1; e < n; ++e) {
                        const Hand b5 = b4 + deck[e];
                        const HandValue h = evaluate(b5 + hero), v = evaluate(b5 + villain);
                        wins += h > v;
                        ties += h == v;
                    }
                    o.wins += wins;
                    o.ties += ties;
                }
            }
        }
    }
    return o;
}

const Outcomes& expected_heads_up_outcomes() {
    static const Outcomes o = every_board_plain(0);
    return o;
}

void evaluate_Hand_every_board_heads_up(benchmark::State& state) {
    for (auto _ : state) {
        int first = 0;
        benchmark::DoNotOptimize(first);
        const Outcomes o = every_board_plain(first);
        benchmark::DoNotOptimize(o.wins);
        benchmark::DoNotOptimize(o.ties);
    }
    state.SetItemsProcessed(state.iterations() * kHeadsUpBoards);
}
BENCHMARK(evaluate_Hand_every_board_heads_up)->Unit(benchmark::kMillisecond);

template <class Count>
void check_heads_up(benchmark::State& state, Count&& count) {
    const Outcomes& expected = expected_heads_up_outcomes();  // before the timing
    for (auto _ : state) {
        const Outcomes o = count();
        if (!(o == expected)) {
            state.SkipWithError("wins and ties differ from the plain loop's");
            break;
        }
    }
    state.SetItemsProcessed(state.iterations() * kHeadsUpBoards);
}

void for_each_board_heads_up(benchmark::State& state) {
    check_heads_up(state, [] {
        std::uint64_t wins = 0, ties = 0;
        for_each_board(heads_up_holes(), Hand{}, heads_up_unseen(), 5,
                       [&](const Hand&, CardSet, const std::array<HandValue, 2>& v) {
                           wins += v[0] > v[1];
                           ties += v[0] == v[1];
                       });
        return Outcomes{wins, ties};
    });
}
BENCHMARK(for_each_board_heads_up)->Unit(benchmark::kMillisecond);

void for_each_board_group_heads_up(benchmark::State& state) {
    check_heads_up(state, [] {
        std::uint64_t wins = 0, ties = 0;
        for_each_board_group(heads_up_holes(), Hand{}, heads_up_unseen(), 5,
                             [&](const std::array<HandValue, 2>& v, int boards) {
                                 wins += v[0] > v[1] ? boards : 0;
                                 ties += v[0] == v[1] ? boards : 0;
                             });
        return Outcomes{wins, ties};
    });
}
BENCHMARK(for_each_board_group_heads_up)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace pokerarena
