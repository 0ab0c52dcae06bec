// Evaluator throughput, single thread, in evaluations per second (items/s).
//
// Random hands: 20,000,000 seven-card hands generated once (fixed seed) before any timing,
// evaluated through the public incremental API, the scalar SevenCards path and every batch
// kernel this CPU runs. Enumeration: all 133,784,560 seven-card hands by nested loops that
// extend the hand one card per level; every hand is really evaluated, and the sum of all
// values is checked against the plain loop's sum so a broken fast path cannot report a speed.
#include <benchmark/benchmark.h>

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "pokerarena/evaluator/batch.hpp"
#include "pokerarena/evaluator/evaluate.hpp"

namespace pokerarena {
namespace {

constexpr std::size_t kRandomHands = 20'000'000;
constexpr std::int64_t kAllSevenCardHands = 133'784'560;

std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

const std::vector<SevenCards>& random_hands() {
    static const std::vector<SevenCards> hands = [] {
        std::vector<SevenCards> v(kRandomHands);
        std::uint64_t state = 20240601;
        for (SevenCards& h : v) {
            std::uint64_t used = 0;
            for (int i = 0; i < 7;) {
                const auto c = static_cast<int>(splitmix64(state) % kNumCards);
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

void random_incremental_hand(benchmark::State& state) {
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
BENCHMARK(random_incremental_hand)->Unit(benchmark::kMillisecond);

void random_seven_cards_scalar(benchmark::State& state) {
    const auto& hands = random_hands();
    for (auto _ : state) {
        std::uint64_t sum = 0;
        for (const SevenCards& s : hands)
            sum += evaluate(s);
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
}
BENCHMARK(random_seven_cards_scalar)->Unit(benchmark::kMillisecond);

void random_batch(benchmark::State& state, Kernel kernel) {
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
BENCHMARK_CAPTURE(random_batch, Scalar, Kernel::Scalar)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(random_batch, SSE4, Kernel::SSE4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(random_batch, AVX2, Kernel::AVX2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(random_batch, AVX512, Kernel::AVX512)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(random_batch, Best, Kernel::Best)->Unit(benchmark::kMillisecond);

// The plain enumeration: nested loops, one incremental Hand per level, evaluate() per hand.
// `first` is always 0; the benchmarks hide that from the compiler, which would otherwise hoist
// the whole loop nest out of the timing loop.
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
                            for (int g = f + 1; g < kNumCards; ++g)
                                sum += evaluate(h6 + Card{g});
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

void enumerate_all_plain(benchmark::State& state) {
    for (auto _ : state) {
        int first = 0;
        benchmark::DoNotOptimize(first);
        const std::uint64_t sum = enumerate_plain(first);
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * kAllSevenCardHands);
}
BENCHMARK(enumerate_all_plain)->Unit(benchmark::kMillisecond);

// Nested loops as above, but the innermost loop knows from the six-card prefix whether the
// seventh card can complete a flush: when no suit holds four cards yet (most prefixes), every
// hand of the loop is a rank-multiset lookup with no flush test. And the perfect hash is
// linear (scramble(a + b) = scramble(a) + scramble(b) modulo 2^25), so the prefix's key is
// scrambled once and each seventh card adds its own pre-scrambled key: no multiply per hand.
// Working on the hash shifted to the top of 32 bits drops the modulo's mask as well.
constexpr int kUnusedBits = 32 - detail::kHashBits;
constexpr std::uint32_t kTopMultiplier = detail::kHashMultiplier << kUnusedBits;

constexpr std::array<std::uint32_t, kNumCards> kScrambledCardKeys = [] {
    std::array<std::uint32_t, kNumCards> keys{};
    for (int c = 0; c < kNumCards; ++c) {
        keys[c] = static_cast<std::uint32_t>(detail::kCardKeys[c]) * kTopMultiplier;
    }
    return keys;
}();

// `top_hash` = scramble(rank key) << 7: the row is its top 14 bits, and bits 7..17 the column.
inline HandValue rank_value_from_top_hash(std::uint32_t top_hash) {
    const std::uint32_t row = top_hash >> (32 - (detail::kHashBits - detail::kColumnBits));
    const std::uint32_t column = top_hash >> kUnusedBits & detail::kColumnMask;
    return detail::tables.rank_values[2u * detail::tables.row_displacement[row] + column];
}

// Both hash fields from one 64-bit sum: the high half accumulates scramble(key) << 7 (the row
// is its top 14 bits) and the low half scramble(key) << 21 (the column is its top 11 bits).
// Carries out of the low half reach only the high half's lowest bits, which are zero in the
// exact sum and are never read, since at most six carries can occur.
constexpr std::uint64_t packed_hash(std::uint32_t rank_key) {
    return std::uint64_t{rank_key * kTopMultiplier} << 32 |
           (rank_key * (detail::kHashMultiplier << (32 - detail::kColumnBits)));
}

inline HandValue rank_value_from_packed_hash(std::uint64_t packed) {
    const auto row =
        static_cast<std::uint32_t>(packed >> (64 - (detail::kHashBits - detail::kColumnBits)));
    const std::uint32_t column = static_cast<std::uint32_t>(packed) >> (32 - detail::kColumnBits);
    return detail::tables.rank_values[2u * detail::tables.row_displacement[row] + column];
}

// All two-card completions (f, g), f < g, ordered by f: those above a five-card prefix ending
// at card e are one contiguous tail, from start[e + 1].
struct CompletionPairs {
    std::array<std::uint64_t, kNumCards*(kNumCards - 1) / 2> packed_hash{};
    std::array<std::uint16_t, kNumCards + 1> start{};
};
constexpr CompletionPairs kPairs = [] {
    CompletionPairs p;
    std::size_t n = 0;
    for (int f = 0; f < kNumCards; ++f) {
        p.start[f] = static_cast<std::uint16_t>(n);
        for (int g = f + 1; g < kNumCards; ++g) {
            p.packed_hash[n++] = packed_hash(
                static_cast<std::uint32_t>(detail::kCardKeys[f] + detail::kCardKeys[g]));
        }
    }
    p.start[kNumCards] = static_cast<std::uint16_t>(n);
    return p;
}();

std::uint64_t enumerate_fast(int first) {
    constexpr std::uint64_t kOneOfEachSuit = std::uint64_t{0x1111} << 32;
    constexpr std::uint64_t kTwoOfEachSuit = std::uint64_t{0x2222} << 32;
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
                        if (((h5.key() + kOneOfEachSuit) & detail::kFlushCheckMask) == 0) {
                            // No suit has four cards: two more make a flush only when a suit
                            // has three and both new cards are of it. Every completion is
                            // looked up as a rank multiset, then those few flushes are
                            // evaluated and replace their rank value in the sum.
                            const std::uint64_t prefix =
                                packed_hash(static_cast<std::uint32_t>(h5.key()));
                            const std::uint64_t* p =
                                kPairs.packed_hash.data() + kPairs.start[e + 1];
                            const std::uint64_t* end =
                                kPairs.packed_hash.data() + kPairs.start[kNumCards];
#pragma GCC unroll 4
                            for (; p != end; ++p)
                                sum += rank_value_from_packed_hash(prefix + *p);
                            const std::uint64_t three_of_a_suit =
                                (h5.key() + kTwoOfEachSuit) & detail::kFlushCheckMask;
                            if (three_of_a_suit != 0) {
                                const int suit = (std::countr_zero(three_of_a_suit) - 35) >> 2;
                                const int first_of_suit = (e + 4 - suit) / 4 * 4 + suit;
                                for (int f = first_of_suit; f < kNumCards; f += 4) {
                                    for (int g = f + 4; g < kNumCards; g += 4) {
                                        const Hand h7 = h5 + Card{f} + Card{g};
                                        sum += evaluate(h7);
                                        sum -= detail::rank_value(
                                            static_cast<std::uint32_t>(h7.key()));
                                    }
                                }
                            }
                            continue;
                        }
                        for (int f = e + 1; f < kNumCards; ++f) {
                            const Hand h6 = h5 + Card{f};
                            if (((h6.key() + kOneOfEachSuit) & detail::kFlushCheckMask) == 0) {
                                const std::uint32_t prefix_hash =
                                    static_cast<std::uint32_t>(h6.key()) * kTopMultiplier;
                                for (int g = f + 1; g < kNumCards; ++g) {
                                    sum += rank_value_from_top_hash(prefix_hash +
                                                                    kScrambledCardKeys[g]);
                                }
                            } else {
                                for (int g = f + 1; g < kNumCards; ++g)
                                    sum += evaluate(h6 + Card{g});
                            }
                        }
                    }
                }
            }
        }
    }
    return sum;
}

void enumerate_all_fast(benchmark::State& state) {
    const std::uint64_t expected = expected_enumeration_sum();
    for (auto _ : state) {
        int first = 0;
        benchmark::DoNotOptimize(first);
        const std::uint64_t sum = enumerate_fast(first);
        if (sum != expected) {
            state.SkipWithError("enumeration checksum differs from the plain loop's");
            break;
        }
    }
    state.SetItemsProcessed(state.iterations() * kAllSevenCardHands);
}
BENCHMARK(enumerate_all_fast)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace pokerarena
