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
    // 100,003 hands, a count no vector width divides, so the kernel's tail runs too; every
    // category appears many times (flushes included, which take the kernel's other path). The
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

    // A few hands from the middle, which leave the next value alone, and an empty call (NULL
    // arrays) that writes nothing.
    out.assign(5, 0xBEEF);
    pa_evaluate7_batch(hands.data() + 1, 3, out.data());
    for (std::size_t i = 0; i < 3; ++i)
        CHECK(out[i] == pa_evaluate7(hands[1 + i].cards));
    CHECK(out[3] == 0xBEEF);
    pa_evaluate7_batch(nullptr, 0, nullptr);
}

TEST_CASE("SDK: pa_evaluate refuses bad cards and counts with 0") {
    const auto hand = cards("AsKsQsJsTs2c3d");
    CHECK(pa_evaluate(hand.data(), 4) == 0);
    CHECK(pa_evaluate(hand.data(), 8) == 0);
    CHECK(pa_evaluate(nullptr, 7) == 0);
    std::vector<std::uint8_t> twice = hand;
    twice[6] = twice[0];
    CHECK(pa_evaluate(twice.data(), 7) == 0);
    std::vector<std::uint8_t> unknown = hand;
    unknown[3] = 52;
    CHECK(pa_evaluate(unknown.data(), 7) == 0);
    CHECK(describe_c(0) == "invalid hand value");
    CHECK(describe_c(0x2FFF) == "invalid hand value");  // a pair of rank index 14
    CHECK(describe_c(0xA000) == "invalid hand value");
    // Cut to fit, the whole length returned, as snprintf does.
    char small[6];
    CHECK(pa_describe(pa_evaluate(hand.data(), 7), small, sizeof small) == 11);
    CHECK(std::string(small) == "Royal");
}

TEST_CASE("SDK: pa_compare says who wins a showdown, and refuses bad input") {
    const auto board = cards("Ah Kd 7c 7s 2h");
    CHECK(pa_compare(cards("AsQc").data(), cards("KsKc").data(), board.data(), 5) == -1);
    CHECK(pa_compare(cards("KsKc").data(), cards("AsQc").data(), board.data(), 5) == 1);
    // Both play the board's two pair with an ace kicker... split.
    const auto paired = cards("AhAd7c7s9h");
    CHECK(pa_compare(cards("2c3c").data(), cards("2d4d").data(), paired.data(), 5) == 0);
    // Six cards each on the turn: four sevens beat aces full.
    CHECK(pa_compare(cards("7h7d").data(), cards("AsAc").data(), board.data(), 4) == 1);
    CHECK(pa_compare(cards("AhQc").data(), cards("KsKc").data(), board.data(), 5) ==
          PA_COMPARE_INVALID);  // Ah twice
    CHECK(pa_compare(cards("AsQc").data(), cards("KsKc").data(), board.data(), 2) ==
          PA_COMPARE_INVALID);
}

TEST_CASE("SDK: pa_equity gives the C++ equity, exact and Monte Carlo") {
    // AA against KK preflop, exact: the C++ enumeration's figures.
    PaEquityRequest request{};
    const auto hero = cards("AsAh"), villain = cards("KsKh");
    std::memcpy(request.hero, hero.data(), 2);
    request.villains = villain.data();
    request.num_villains = 1;
    request.method = PA_EQUITY_EXACT;
    PaEquityResult result{};
    char error[256] = "untouched";
    REQUIRE(pa_equity(&request, &result, error, sizeof error) == 0);
    CHECK(std::string(error).empty());
    EquityRequest cpp;
    cpp.hero = {Card::parse("As"), Card::parse("Ah")};
    cpp.villains = {{Card::parse("Ks"), Card::parse("Kh")}};
    cpp.method = EquityMethod::Exact;
    const EquityResult expected = calculate_equity(cpp);
    REQUIRE(result.num_players == 2);
    CHECK(result.exact == 1);
    CHECK(result.outcomes == 1712304);
    CHECK(result.players[0].equity == expected.players[0].equity);
    CHECK(result.players[1].win == expected.players[1].win);
    CHECK(result.players[0].equity + result.players[1].equity == Approx(1.0));
    CHECK(result.players[0].equity == Approx(0.82).margin(0.01));

    // Against two random hands on the flop, Monte Carlo: bit for bit the C++ sampler's figures
    // for the same seed, and another seed gives another sample.
    PaEquityRequest mc{};
    std::memcpy(mc.hero, hero.data(), 2);
    const auto flop = cards("Kd7c2s");
    std::memcpy(mc.board, flop.data(), 3);
    mc.board_count = 3;
    mc.random_opponents = 2;
    mc.method = PA_EQUITY_MONTE_CARLO;
    mc.samples = 20000;
    mc.seed = 99;
    REQUIRE(pa_equity(&mc, &result, nullptr, 0) == 0);
    EquityRequest cpp_mc;
    cpp_mc.hero = cpp.hero;
    cpp_mc.board = parse_cards("Kd7c2s");
    cpp_mc.random_opponents = 2;
    cpp_mc.method = EquityMethod::MonteCarlo;
    cpp_mc.samples = 20000;
    cpp_mc.seed = 99;
    const EquityResult cpp_result = calculate_equity(cpp_mc);
    CHECK(result.exact == 0);
    CHECK(result.outcomes == 20000);
    CHECK(result.num_players == 3);
    CHECK(result.players[0].equity == cpp_result.players[0].equity);
    CHECK(result.std_error == cpp_result.std_error);
    CHECK(result.std_error > 0);
    mc.seed = 100;
    PaEquityResult other{};
    REQUIRE(pa_equity(&mc, &other, nullptr, 0) == 0);
    CHECK(other.players[0].equity != result.players[0].equity);

    // The one-call form: exact when the deals are at most the samples (the river heads-up has
    // C(45, 2) = 990), so two seeds agree there; sampled otherwise.
    const auto river = cards("Kd7c2s9h3d");
    const double on_river = pa_equity_vs_random(hero.data(), river.data(), 5, 1, 1000, 1);
    CHECK(on_river == pa_equity_vs_random(hero.data(), river.data(), 5, 1, 1000, 2));
    EquityRequest cpp_river;
    cpp_river.hero = cpp.hero;
    cpp_river.board = parse_cards("Kd7c2s9h3d");
    cpp_river.random_opponents = 1;
    cpp_river.method = EquityMethod::Exact;
    CHECK(on_river == calculate_equity(cpp_river).players[0].equity);
    const double preflop = pa_equity_vs_random(hero.data(), nullptr, 0, 1, 5000, 7);
    CHECK(preflop == Approx(0.852).margin(0.02));  // AA against one random hand: 85.2%
    CHECK(preflop == pa_equity_vs_random(hero.data(), nullptr, 0, 1, 5000, 7));
}

TEST_CASE("SDK: pa_equity refuses bad requests with a message, and -1 from the short form") {
    const auto hero = cards("AsAh");
    PaEquityRequest request{};
    std::memcpy(request.hero, hero.data(), 2);
    PaEquityResult result{};
    char error[256];
    // No opponent.
    REQUIRE(pa_equity(&request, &result, error, sizeof error) == 1);
    CHECK(std::string(error).find("opponent") != std::string::npos);
    request.random_opponents = 1;
    request.board_count = 2;
    REQUIRE(pa_equity(&request, &result, error, sizeof error) == 1);
    CHECK(std::string(error).find("board") != std::string::npos);
    request.board_count = 0;
    request.num_villains = 1;  // and villains NULL
    REQUIRE(pa_equity(&request, &result, error, sizeof error) == 1);
    CHECK(std::string(error) == "equity: num_villains is 1 but villains is NULL");
    request.num_villains = 0;
    request.method = 7;
    REQUIRE(pa_equity(&request, &result, error, sizeof error) == 1);
    CHECK(std::string(error).find("method is 7") != std::string::npos);
    request.method = PA_EQUITY_AUTO;
    const std::uint8_t dead[] = {hero[0]};
    request.dead = dead;
    request.num_dead = 1;
    REQUIRE(pa_equity(&request, &result, error, sizeof error) == 1);
    INFO(error);
    CHECK(std::string(error).find("As") != std::string::npos);
    CHECK(pa_equity(nullptr, &result, error, sizeof error) == 1);

    CHECK(pa_equity_vs_random(hero.data(), nullptr, 0, 0, 100, 1) == -1);   // no opponent
    CHECK(pa_equity_vs_random(hero.data(), nullptr, 0, 10, 100, 1) == -1);  // ten
    CHECK(pa_equity_vs_random(hero.data(), nullptr, 3, 1, 100, 1) == -1);   // board NULL
    CHECK(pa_equity_vs_random(hero.data(), nullptr, 0, 1, 0, 1) == -1);     // no samples
    const std::uint8_t bad_hole[2] = {51, 51};                              // As twice
    CHECK(pa_equity_vs_random(bad_hole, nullptr, 0, 1, 100, 1) == -1);
}

TEST_CASE("SDK: equity from many threads at once equals the same calls one after another") {
    // Every call with its own seed and spot; run serially first, then all at once from eight
    // threads, twice over: a shared state anywhere would change a figure.
    constexpr int kThreads = 8, kCalls = 40;
    std::mt19937_64 rng(5);
    struct Call {
        std::vector<std::uint8_t> dealt;  // hole cards, then the board
        int board_count;
        int opponents;
        std::uint64_t seed;
    };
    std::vector<Call> calls;
    for (int i = 0; i < kThreads * kCalls; ++i) {
        const int board_count = std::array{0, 3, 4, 5}[i % 4];
        calls.push_back({deal(rng, 2 + board_count), board_count, 1 + i % 4, rng()});
    }
    auto run = [&](const Call& c) {
        return pa_equity_vs_random(c.dealt.data(), c.dealt.data() + 2, c.board_count, c.opponents,
                                   500, c.seed);
    };
    std::vector<double> serial;
    for (const Call& c : calls)
        serial.push_back(run(c));
    for (double e : serial)
        REQUIRE((e >= 0 && e <= 1));
    for (int round = 0; round < 2; ++round) {
        std::vector<double> parallel(calls.size(), -2);
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back([&, t] {
                for (int i = t; i < kThreads * kCalls; i += kThreads)
                    parallel[i] = run(calls[i]);
            });
        }
        for (std::thread& thread : threads)
            thread.join();
        REQUIRE(parallel == serial);
    }
}
