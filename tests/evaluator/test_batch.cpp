#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "pokerarena/evaluator/batch.hpp"
#include "pokerarena/evaluator/splitmix64.hpp"

using namespace pokerarena;

namespace {

struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t next() { return splitmix64_next(state); }
};

// Seven distinct cards drawn from `deck`; the padding byte gets noise, which must not matter.
SevenCards random_hand(SplitMix64& rng, const std::vector<int>& deck) {
    SevenCards h{};
    std::uint64_t used = 0;
    for (int i = 0; i < 7;) {
        const int c = deck[rng.next() % deck.size()];
        if (used >> c & 1) continue;
        used |= std::uint64_t{1} << c;
        h.cards[i++] = static_cast<std::uint8_t>(c);
    }
    h.cards[7] = static_cast<std::uint8_t>(rng.next());
    return h;
}

std::vector<SevenCards> random_hands(std::size_t count, std::uint64_t seed,
                                     const std::vector<int>& deck) {
    SplitMix64 rng{seed};
    std::vector<SevenCards> hands(count);
    for (SevenCards& h : hands)
        h = random_hand(rng, deck);
    return hands;
}

std::vector<int> full_deck() {
    std::vector<int> deck(kNumCards);
    for (int c = 0; c < kNumCards; ++c)
        deck[static_cast<std::size_t>(c)] = c;
    return deck;
}

// Two suits only (`first_suit` and the next), plus two cards of a third: nearly every hand has
// a flush, many a straight flush. First suits 0 and 2 give flushes in all four suits.
std::vector<int> flush_heavy_deck(int first_suit) {
    const int second_suit = (first_suit + 1) % kNumSuits;
    const int other_suit = (first_suit + 2) % kNumSuits;
    std::vector<int> deck;
    for (int r = 0; r < kNumRanks; ++r) {
        deck.push_back(Card(r, first_suit).index());
        deck.push_back(Card(r, second_suit).index());
    }
    deck.push_back(Card(0, other_suit).index());
    deck.push_back(Card(12, other_suit).index());
    return deck;
}

HandValue reference_value(const SevenCards& h) {
    Hand hand;
    for (int i = 0; i < 7; ++i)
        hand.add(Card{h.cards[i]});
    return evaluate(hand);
}

std::size_t count_mismatches(const std::vector<SevenCards>& hands,
                             const std::vector<HandValue>& values) {
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < hands.size(); ++i)
        mismatches += values[i] != reference_value(hands[i]);
    return mismatches;
}

}  // namespace

TEST_CASE("kernels are listed, named and the best one is available", "[batch]") {
    const auto kernels = available_kernels();
    REQUIRE(!kernels.empty());
    CHECK(kernels.front() == Kernel::Scalar);
    CHECK(kernels.back() == best_kernel());
    CHECK(kernel_available(Kernel::Best));
    CHECK(kernel_available(Kernel::Scalar));
    CHECK(std::find(kernels.begin(), kernels.end(), Kernel::Best) == kernels.end());
    for (Kernel k : kernels)
        CHECK(kernel_available(k));
    CHECK(std::string(kernel_name(Kernel::AVX2)) == "AVX2");
    CHECK(std::string(kernel_name(Kernel::AVX512)) == "AVX512");
    CHECK(std::string(kernel_name(Kernel::Scalar)) == "Scalar");
    CHECK(std::string(kernel_name(best_kernel())) != "Best");
}

TEST_CASE("a vector kernel is offered only when the OS saves its registers", "[batch]") {
    using detail::os_saves_registers;
    constexpr std::uint32_t osxsave = 1u << 27;
    // The OS has not enabled XSAVE: whatever XCR0 would say, only SSE4 and Scalar.
    for (Kernel k : {Kernel::Scalar, Kernel::SSE4})
        CHECK(os_saves_registers(k, 0, 0));
    CHECK_FALSE(os_saves_registers(Kernel::AVX2, 0, 0xE7));
    CHECK_FALSE(os_saves_registers(Kernel::AVX512, 0, 0xE7));
    // x87 and SSE state only: no AVX.
    CHECK_FALSE(os_saves_registers(Kernel::AVX2, osxsave, 0x3));
    // AVX state but not the AVX-512 states (Linux booted with AVX-512 cleared).
    CHECK(os_saves_registers(Kernel::AVX2, osxsave, 0x7));
    CHECK_FALSE(os_saves_registers(Kernel::AVX512, osxsave, 0x7));
    CHECK_FALSE(os_saves_registers(Kernel::AVX512, osxsave, 0x67));  // no ZMM16-31 state
    // Everything, with PKRU (bit 9) as Linux sets it on recent CPUs.
    CHECK(os_saves_registers(Kernel::AVX2, osxsave, 0x2E7));
    CHECK(os_saves_registers(Kernel::AVX512, osxsave, 0x2E7));
}

TEST_CASE("the scalar SevenCards path equals the incremental Hand", "[batch]") {
    const auto hands = random_hands(1'000'000, 11, full_deck());
    std::size_t mismatches = 0;
    for (const SevenCards& h : hands)
        mismatches += evaluate(h) != reference_value(h);
    CHECK(mismatches == 0);
}

TEST_CASE("every available kernel equals scalar on a million random hands", "[batch]") {
    const auto hands = random_hands(1'000'003, 12, full_deck());  // not a multiple of any width
    for (Kernel k : available_kernels()) {
        INFO("kernel " << kernel_name(k));
        std::vector<HandValue> values(hands.size(), 0);
        evaluate_batch(hands, values, k);
        CHECK(count_mismatches(hands, values) == 0);
    }
}

TEST_CASE("every available kernel equals scalar on flush-heavy hands", "[batch]") {
    for (int first_suit : {0, 2}) {
        const auto hands = random_hands(200'000, 13, flush_heavy_deck(first_suit));
        for (Kernel k : available_kernels()) {
            INFO("kernel " << kernel_name(k) << ", flushes in suits " << first_suit << " and "
                           << first_suit + 1);
            std::vector<HandValue> values(hands.size(), 0);
            evaluate_batch(hands, values, k);
            CHECK(count_mismatches(hands, values) == 0);
        }
    }
}

TEST_CASE("short and odd batch sizes, unaligned spans and the default kernel", "[batch]") {
    // Up to two of the widest kernel's steps (64 hands) and a tail, from the full deck and the
    // flush-heavy ones, so that the flush fix-up inside a step is reached at every position
    // and offset, in every suit.
    for (const auto& hands :
         {random_hands(140, 14, full_deck()), random_hands(140, 15, flush_heavy_deck(0)),
          random_hands(140, 16, flush_heavy_deck(2))}) {
        for (Kernel k : available_kernels()) {
            INFO("kernel " << kernel_name(k));
            for (std::size_t offset = 0; offset < 3; ++offset) {
                for (std::size_t n = 0; n <= 137; ++n) {
                    std::vector<HandValue> values(n + 2, 0xFFFF);
                    evaluate_batch(std::span(hands).subspan(offset, n),
                                   std::span(values).subspan(1, n + 1), k);
                    std::size_t mismatches = 0;
                    for (std::size_t i = 0; i < n; ++i)
                        mismatches += values[i + 1] != reference_value(hands[offset + i]);
                    CHECK(mismatches == 0);
                    CHECK(values[0] == 0xFFFF);      // nothing written before the output span
                    CHECK(values[n + 1] == 0xFFFF);  // nor past the inputs' count
                }
            }
        }
        std::vector<HandValue> values(hands.size());
        evaluate_batch(hands, values);
        CHECK(count_mismatches(hands, values) == 0);
    }
}

TEST_CASE("bad batch arguments are rejected before any work", "[batch]") {
    const auto hands = random_hands(10, 15, full_deck());
    std::vector<HandValue> too_short(9);
    CHECK_THROWS_AS(evaluate_batch(hands, too_short), std::invalid_argument);
    std::vector<HandValue> values(10);
    for (Kernel k : {Kernel::SSE4, Kernel::AVX2, Kernel::AVX512}) {
        if (kernel_available(k)) continue;
        INFO("kernel " << kernel_name(k));
        CHECK_THROWS_AS(evaluate_batch(hands, values, k), std::invalid_argument);
    }
    CHECK_THROWS_AS(evaluate_batch(hands, values, static_cast<Kernel>(200)), std::invalid_argument);
}

namespace {
// The hands as rows of seven codes, as a numpy (N, 7) array holds them.
std::vector<std::uint8_t> rows_of(const std::vector<SevenCards>& hands) {
    std::vector<std::uint8_t> rows;
    for (const SevenCards& h : hands)
        rows.insert(rows.end(), h.cards, h.cards + 7);
    return rows;
}
}  // namespace

TEST_CASE("evaluate_rows equals scalar on every kernel, every size", "[batch]") {
    const auto hands = random_hands(5000, 21, full_deck());
    const auto rows = rows_of(hands);
    for (Kernel k : available_kernels()) {
        INFO("kernel " << kernel_name(k));
        // Sizes around a register, a block of 128 rows, several blocks and the last row's
        // short read.
        for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{9},
                              std::size_t{127}, std::size_t{128}, std::size_t{129},
                              std::size_t{1023}, std::size_t{1025}, hands.size()}) {
            INFO("rows " << n);
            std::vector<HandValue> values(n);
            REQUIRE(evaluate_rows(std::span(rows.data(), 7 * n), values, k) == n);
            CHECK(count_mismatches({hands.begin(), hands.begin() + static_cast<long>(n)}, values) ==
                  0);
        }
    }
}

TEST_CASE("evaluate_rows finds the first bad row wherever it is", "[batch]") {
    const auto hands = random_hands(3000, 22, full_deck());
    std::vector<HandValue> values(hands.size());
    for (Kernel k : available_kernels()) {
        INFO("kernel " << kernel_name(k));
        // Every pair of positions holding the same card, and each position out of range, in
        // rows at the start, inside a register, at a block's edge, after a bad-free block and
        // in the last row.
        for (std::size_t row : {std::size_t{0}, std::size_t{5}, std::size_t{127}, std::size_t{128},
                                std::size_t{1024}, std::size_t{2500}, hands.size() - 1}) {
            for (int a = 0; a < 7; ++a) {
                for (int b = 0; b < 7; ++b) {
                    auto rows = rows_of(hands);
                    if (a == b) {
                        rows[7 * row + static_cast<std::size_t>(a)] =
                            static_cast<std::uint8_t>(52 + a * 29);
                    } else {
                        rows[7 * row + static_cast<std::size_t>(b)] =
                            rows[7 * row + static_cast<std::size_t>(a)];
                    }
                    INFO("row " << row << " positions " << a << ", " << b);
                    CHECK(evaluate_rows(rows, values, k) == row);
                }
            }
        }
    }
}

TEST_CASE("bad evaluate_rows arguments are rejected", "[batch]") {
    const auto rows = rows_of(random_hands(10, 23, full_deck()));
    std::vector<HandValue> values(10);
    CHECK_THROWS_AS(evaluate_rows(std::span(rows.data(), 69), values), std::invalid_argument);
    std::vector<HandValue> too_short(9);
    CHECK_THROWS_AS(evaluate_rows(rows, too_short), std::invalid_argument);
    CHECK_THROWS_AS(evaluate_rows(rows, values, static_cast<Kernel>(200)), std::invalid_argument);
}
