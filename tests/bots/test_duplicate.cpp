// tag and equity beat random, call and fold over duplicate heads-up matches: the 95%
// confidence interval of the win rate, computed over deal pairs, excludes zero. The margins
// are printed (mbb/hand +- half-width) so they can be quoted.
#include <catch2/catch.hpp>

#include <cstdio>

#include "pokerarena/bots/registry.hpp"
#include "pokerarena/bots/seat_driver.hpp"

using namespace pokerarena;

namespace {

WinRate duplicate(const std::string& hero, const std::string& villain, int pairs,
                  std::uint64_t seed) {
    const auto a = make_bot(hero, seed * 2);
    const auto b = make_bot(villain, seed * 2 + 1);
    DuplicateOptions options;
    options.seed = seed;
    options.deal_pairs = pairs;
    const DuplicateResult r = play_duplicate_heads_up(*a, *b, options);
    REQUIRE(r.faults[0].total() == 0);
    REQUIRE(r.faults[1].total() == 0);
    const WinRate w = duplicate_win_rate(r.pair_net, options.game.big_blind);
    std::printf("duplicate %-18s vs %-7s %6d pairs: %+9.1f +- %7.1f mbb/hand\n", hero.c_str(),
                villain.c_str(), pairs, w.mbb_per_hand, w.ci95);
    return w;
}

void require_beats(const std::string& hero, const std::string& villain, int pairs) {
    const WinRate w = duplicate(hero, villain, pairs, 2024);
    INFO(hero << " vs " << villain << ": " << w.mbb_per_hand << " +- " << w.ci95 << " mbb/hand");
    REQUIRE(w.pairs == pairs);
    REQUIRE(w.mbb_per_hand - w.ci95 > 0);
}

}  // namespace

TEST_CASE("the win rate of duplicate pairs is in mbb per hand with a 95% interval") {
    const std::vector<Chips> pairs = {4, 0, 2, 2};  // mean 2 chips per pair = 1 chip per hand
    const WinRate w = duplicate_win_rate(pairs, 2);
    REQUIRE(w.mbb_per_hand == Approx(500.0));
    // Sample sd of {4,0,2,2} = sqrt(8/3); standard error = that / 2; per hand and per bb / 4.
    REQUIRE(w.ci95 == Approx(1.96 * std::sqrt(8.0 / 3.0) / 2.0 * 250.0));
    REQUIRE(duplicate_win_rate(std::vector<Chips>{}, 2).pairs == 0);
}

TEST_CASE("a duplicate match of two identical passive bots cancels exactly") {
    // Both halves see the same cards in the same seats; call vs call reaches showdown every
    // hand, so what A wins with seat 0's cards it loses with seat 1's.
    const auto a = make_bot("call", 1);
    const auto b = make_bot("call", 2);
    DuplicateOptions options;
    options.deal_pairs = 500;
    int hands = 0;
    const DuplicateResult r =
        play_duplicate_heads_up(*a, *b, options, [&](int, const HandRecord&) { ++hands; });
    REQUIRE(hands == 1000);
    for (Chips c : r.pair_net)
        REQUIRE(c == 0);
}

TEST_CASE("duplicate matches reject games they cannot replay") {
    const auto a = make_bot("call", 1);
    const auto b = make_bot("call", 2);
    DuplicateOptions options;
    options.game = GameDef::no_limit_holdem(3, 200, 1, 2);
    options.game.reset_stacks_each_hand = true;
    REQUIRE_THROWS_WITH(play_duplicate_heads_up(*a, *b, options),
                        "duplicate heads-up match: the game has 3 seats, not 2");
    options.game = GameDef::no_limit_holdem(2, 200, 1, 2);
    REQUIRE_THROWS_WITH(play_duplicate_heads_up(*a, *b, options),
                        Catch::Contains("must reset stacks each hand"));
}

TEST_CASE("tag beats random over duplicate heads-up pairs") {
    require_beats("tag", "random", 20000);
}
TEST_CASE("tag beats call over duplicate heads-up pairs") {
    require_beats("tag", "call", 20000);
}
TEST_CASE("tag beats fold over duplicate heads-up pairs") {
    require_beats("tag", "fold", 20000);
}
TEST_CASE("equity beats random over duplicate heads-up pairs") {
    require_beats("equity:samples=200", "random", 20000);
}
TEST_CASE("equity beats call over duplicate heads-up pairs") {
    require_beats("equity:samples=200", "call", 20000);
}
TEST_CASE("equity beats fold over duplicate heads-up pairs") {
    require_beats("equity:samples=200", "fold", 20000);
}
