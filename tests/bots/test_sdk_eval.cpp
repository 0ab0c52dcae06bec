// The C SDK's evaluator (bots/sdk/pokerarena_eval.h) against the C++ evaluator it wraps, which
// the evaluator tests check against published counts: the same values, the same equities, the
// same answer from any thread.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "pokerarena/evaluator/equity.hpp"
#include "pokerarena/evaluator/evaluate.hpp"
#include "pokerarena_eval.h"

using namespace pokerarena;

namespace {

std::vector<std::uint8_t> cards(const std::string& text) {
    std::vector<std::uint8_t> out;
    for (Card c : parse_cards(text))
        out.push_back(static_cast<std::uint8_t>(c.index()));
    return out;
}

// `n` distinct random cards from a generator with a fixed seed.
std::vector<std::uint8_t> deal(std::mt19937_64& rng, int n) {
    std::vector<std::uint8_t> deck(52);
    for (int i = 0; i < 52; ++i)
        deck[i] = static_cast<std::uint8_t>(i);
    for (int i = 0; i < n; ++i)
        std::swap(deck[i], deck[i + rng() % (52 - i)]);
    deck.resize(n);
    return deck;
}

std::string describe_c(std::uint16_t value) {
    char text[64];
    const std::size_t length = pa_describe(value, text, sizeof text);
    REQUIRE(length == std::strlen(text));
    return text;
}

}  // namespace

TEST_CASE("SDK: pa_evaluate7 and pa_evaluate give the C++ evaluator's values") {
    std::mt19937_64 rng(20261127);
    for (int i = 0; i < 100000; ++i) {
        const std::vector<std::uint8_t> hand = deal(rng, 7);
        CardSet set;
        for (std::uint8_t c : hand)
            set.add(Card{c});
        const HandValue expected = evaluate(set);
        REQUIRE(pa_evaluate7(hand.data()) == expected);
        REQUIRE(pa_evaluate(hand.data(), 7) == expected);
        // Five and six cards: the value of the first five and six.
        REQUIRE(pa_evaluate(hand.data(), 5) ==
                evaluate(Hand{} + Card{hand[0]} + Card{hand[1]} + Card{hand[2]} + Card{hand[3]} +
                         Card{hand[4]}));
    }
    const auto royal = cards("AsKsQsJsTs2c3d");
    CHECK(pa_evaluate7(royal.data()) >> 12 == PA_STRAIGHT_FLUSH);
    CHECK(describe_c(pa_evaluate7(royal.data())) == "Royal Flush");
    const auto two_pair = cards("KcKd7h7s2c");
    CHECK(describe_c(pa_evaluate(two_pair.data(), 5)) == "Two Pair, Kings and Sevens");
}

TEST_CASE("SDK: pa_evaluate7_batch gives pa_evaluate7's value for every hand") {
    // 100,003 hands, a count no vector width divides, so every kernel's tail runs too; every
    // category appears many times (flushes included, which take the kernels' other path). The
    // padding byte is random: the call must ignore it.
    constexpr std::size_t kHands = 100003;
    std::mt19937_64 rng(20261128);
    std::vector<PaSevenCards> hands(kHands);
    for (PaSevenCards& hand : hands) {
        const std::vector<std::uint8_t> cards = deal(rng, 7);
        std::copy(cards.begin(), cards.end(), hand.cards);
        hand.cards[7] = static_cast<std::uint8_t>(rng());
    }
    // One value more than the hands: the call must leave it alone.
    std::vector<std::uint16_t> out(kHands + 1, 0xBEEF);
    pa_evaluate7_batch(hands.data(), kHands, out.data());
    std::array<int, 10> categories{};
    for (std::size_t i = 0; i < kHands; ++i) {
        REQUIRE(out[i] == pa_evaluate7(hands[i].cards));
        ++categories[out[i] >> 12];
    }
    CHECK(out[kHands] == 0xBEEF);
    for (int c = PA_HIGH_CARD; c <= PA_FOUR_OF_A_KIND; ++c)
        CHECK(categories[c] > 0);

    // A few hands from the middle, and an empty call (NULL arrays) that writes nothing.
    pa_evaluate7_batch(hands.data() + 1, 3, out.data());
    CHECK(out[0] == pa_evaluate7(hands[1].cards));
    CHECK(out[2] == pa_evaluate7(hands[3].cards));
    pa_evaluate7_batch(nullptr, 0, nullptr);
}
