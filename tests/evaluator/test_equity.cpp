#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "pokerarena/evaluator/equity.hpp"
#include "pokerarena/evaluator/evaluate.hpp"

using namespace pokerarena;

namespace {

HoleCards hole(const std::string& text) {
    const auto cards = parse_cards(text);
    return {cards.at(0), cards.at(1)};
}

EquityRequest spot(const std::string& hero, const std::vector<std::string>& villains,
                   const std::string& board = "", const std::string& dead = "") {
    EquityRequest r;
    r.hero = hole(hero);
    for (const auto& v : villains)
        r.villains.push_back(hole(v));
    r.board = parse_cards(board);
    r.dead = CardSet::parse(dead);
    return r;
}

EquityResult exact(EquityRequest r, bool symmetry = true) {
    r.method = EquityMethod::Exact;
    r.use_symmetry = symmetry;
    return calculate_equity(r);
}

EquityResult monte_carlo(EquityRequest r, std::uint64_t samples, std::uint64_t seed,
                         int threads = 1) {
    r.method = EquityMethod::MonteCarlo;
    r.samples = samples;
    r.seed = seed;
    r.threads = threads;
    return calculate_equity(r);
}

void check_same_counts(const EquityResult& a, const EquityResult& b) {
    REQUIRE(a.players.size() == b.players.size());
    CHECK(a.outcomes == b.outcomes);
    for (std::size_t p = 0; p < a.players.size(); ++p) {
        CHECK(a.players[p].wins == b.players[p].wins);
        CHECK(a.players[p].ties == b.players[p].ties);
        CHECK(a.players[p].equity == Approx(b.players[p].equity).epsilon(0).margin(1e-12));
    }
}

double equity_sum(const EquityResult& e) {
    double sum = 0;
    for (const auto& p : e.players)
        sum += p.equity;
    return sum;
}

// Straightforward reference: every board completion, every player evaluated from a CardSet,
// pots split by plain counting. Independent of the library's enumeration code.
std::vector<double> brute_force_equity(const EquityRequest& r) {
    std::vector<CardSet> holes;
    holes.push_back(CardSet{}.add(r.hero[0]).add(r.hero[1]));
    for (const auto& v : r.villains)
        holes.push_back(CardSet{}.add(v[0]).add(v[1]));
    CardSet board;
    for (Card c : r.board)
        board.add(c);
    CardSet seen = board | r.dead;
    for (CardSet h : holes)
        seen |= h;
    std::vector<Card> deck;
    for (int i = 0; i < kNumCards; ++i) {
        if (!seen.contains(Card{i})) deck.emplace_back(i);
    }
    const int missing = 5 - static_cast<int>(r.board.size());
    std::vector<double> equity(holes.size(), 0.0);
    double boards = 0;
    std::vector<int> pick(missing);
    for (int i = 0; i < missing; ++i)
        pick[i] = i;
    const int n = static_cast<int>(deck.size());
    for (;;) {
        CardSet full = board;
        for (int i : pick)
            full.add(deck[i]);
        std::vector<HandValue> values;
        for (CardSet h : holes)
            values.push_back(evaluate(full | h));
        const HandValue best = *std::max_element(values.begin(), values.end());
        const auto winners = std::count(values.begin(), values.end(), best);
        for (std::size_t p = 0; p < values.size(); ++p) {
            if (values[p] == best) equity[p] += 1.0 / static_cast<double>(winners);
        }
        boards += 1;
        int i = missing - 1;
        while (i >= 0 && pick[i] == n - missing + i)
            --i;
        if (i < 0) break;
        ++pick[i];
        for (int k = i + 1; k < missing; ++k)
            pick[k] = pick[k - 1] + 1;
    }
    for (double& e : equity)
        e /= boards;
    return equity;
}

}  // namespace

TEST_CASE("exact AsKs vs QdQc preflop matches the known board counts", "[equity]") {
    for (bool symmetry : {true, false}) {
        const EquityResult e = exact(spot("AsKs", {"QdQc"}), symmetry);
        CHECK(e.exact);
        CHECK(e.outcomes == 1'712'304);
        REQUIRE(e.players.size() == 2);
        CHECK(e.players[0].wins == 787'966);
        CHECK(e.players[1].wins == 917'606);
        CHECK(e.players[0].ties == 6'732);
        CHECK(e.players[1].ties == 6'732);
        CHECK(std::abs(e.players[0].equity - 0.4621445725) < 1e-9);
        CHECK(std::abs(e.players[1].equity - 0.5378554275) < 1e-9);
        CHECK(e.players[0].win == Approx(787'966.0 / 1'712'304.0).epsilon(1e-12));
        CHECK(e.players[0].tie == Approx(6'732.0 / 1'712'304.0).epsilon(1e-12));
        CHECK(e.std_error == 0);
    }
}

TEST_CASE("the suit-symmetry reduction gives the same counts as plain enumeration", "[equity]") {
    const std::vector<EquityRequest> spots = {
        spot("AhKh", {"7c7d"}, "2h7hTs"),                        // flop, flush draw vs set
        spot("AsQs", {"JdJc"}, "2s5sKs"),                        // monotone flop
        spot("9c8c", {"AdAh"}, "7c6cKdQc"),                      // turn, four clubs
        spot("AsKs", {"QdQc", "JhTh"}),                          // 3-way preflop
        spot("2s3s", {"4s5s", "6d6c"}, "", "AsKsQhJh"),          // suited hands, dead cards
        spot("AhAd", {"KcKs", "7h8h", "2c3d"}, "", "9h"),        // 4-way with a dead card
        spot("KhQh", {"AcTc", "5d5s"}, "JhTh2c", "3h4h"),        // 3-way flop, dead hearts
        spot("AcAd", {"KhKs"}, "2c3c4c5c6d"),                    // river
        spot("7s2d", {"8h8d", "AcKc", "QsJs", "9h9s"}, "", ""),  // 5-way preflop
    };
    for (const auto& s : spots) {
        const EquityResult fast = exact(s, true);
        const EquityResult plain = exact(s, false);
        check_same_counts(fast, plain);
        CHECK(equity_sum(fast) == Approx(1.0).margin(1e-12));
    }
}

TEST_CASE("the largest tables: ten known hands, nine random hands", "[equity]") {
    const EquityRequest ten =
        spot("AsKs", {"QdQc", "JhTh", "9s8s", "7d7h", "6c5c", "AhQh", "KdJd", "4s4h", "3c2d"});
    const EquityResult fast = exact(ten, true);
    check_same_counts(fast, exact(ten, false));
    CHECK(fast.outcomes == 201'376);  // C(32, 5)
    CHECK(equity_sum(fast) == Approx(1.0).margin(1e-12));
    const EquityResult mc = monte_carlo(ten, 200'000, 1);
    CHECK(std::abs(mc.players[0].equity - fast.players[0].equity) < 3 * mc.std_error);

    EquityRequest nine = spot("2c7d", {});
    nine.random_opponents = 9;
    const EquityResult crowd = monte_carlo(nine, 200'000, 2);
    REQUIRE(crowd.players.size() == 10);
    CHECK(equity_sum(crowd) == Approx(1.0).margin(1e-12));
    CHECK(crowd.players[0].equity < 0.1);
}

TEST_CASE("exact equity agrees with a brute-force count on small spots", "[equity]") {
    const std::vector<EquityRequest> spots = {
        spot("AhKh", {"7c7d", "QsJs"}, "2h7hTs"),
        spot("5c5d", {"AsKd"}, "Ah9c2s", "Kc"),
        spot("JcTc", {"9d9h", "AhQh"}, "8c7hAs2d"),
    };
    for (const auto& s : spots) {
        const auto reference = brute_force_equity(s);
        for (bool symmetry : {true, false}) {
            const EquityResult e = exact(s, symmetry);
            REQUIRE(e.players.size() == reference.size());
            for (std::size_t p = 0; p < reference.size(); ++p) {
                CHECK(e.players[p].equity == Approx(reference[p]).margin(1e-12));
            }
        }
    }
}

TEST_CASE("Monte Carlo lands within 3 standard errors of exact values", "[equity]") {
    const std::vector<EquityRequest> spots = {
        spot("AsKs", {"QdQc"}),                    // preflop
        spot("AhKh", {"7c7d"}, "2h7hTs"),          // flop
        spot("9c8c", {"AdAh"}, "7c6cKdQh"),        // turn, straight flush draw
        spot("AsKs", {"QdQc", "JhTh"}),            // 3-way preflop
        spot("KhQh", {"AcTc", "5d5s"}, "JhTh2c"),  // 3-way flop
    };
    std::uint64_t seed = 11;
    for (const auto& s : spots) {
        const EquityResult reference = exact(s);
        const EquityResult mc = monte_carlo(s, 400'000, seed++);
        CHECK_FALSE(mc.exact);
        CHECK(mc.outcomes == 400'000);
        CHECK(mc.std_error > 0);
        CHECK(std::abs(mc.players[0].equity - reference.players[0].equity) < 3 * mc.std_error);
        CHECK(equity_sum(mc) == Approx(1.0).margin(1e-12));
        // The standard error is the binomial-like spread of the hero's share.
        const double p = reference.players[0].equity;
        CHECK(mc.std_error < std::sqrt(p * (1 - p) / 400'000.0) * 1.05);
    }
}

TEST_CASE("exact enumeration over random hands matches a direct count", "[equity]") {
    // River: the hero against every holding of one random opponent.
    EquityRequest r = spot("AhAd", {}, "Ac7s8s9d2h");
    r.random_opponents = 1;
    const EquityResult e = calculate_equity(r);  // Auto: 990 deals, exact
    CHECK(e.exact);
    CHECK(e.outcomes == 990);
    const CardSet board = CardSet::parse("Ac7s8s9d2h");
    const HandValue hero = evaluate(board | CardSet::parse("AhAd"));
    const CardSet seen = board | CardSet::parse("AhAd");
    std::uint64_t wins = 0, ties = 0, losses = 0;
    for (int a = 0; a < kNumCards; ++a) {
        for (int b = a + 1; b < kNumCards; ++b) {
            if (seen.contains(Card{a}) || seen.contains(Card{b})) continue;
            const HandValue v = evaluate(board | CardSet{}.add(Card{a}).add(Card{b}));
            (hero > v ? wins : hero == v ? ties : losses) += 1;
        }
    }
    CHECK(e.players[0].wins == wins);
    CHECK(e.players[0].ties == ties);
    CHECK(e.players[1].wins == losses);
}

TEST_CASE("exact enumeration over random hands matches a direct count on the flop and turn",
          "[equity]") {
    // The board is completed from every unseen card, the opponent's hand from every card left:
    // 1,081 flop completions times 990 holdings, and 46 turn cards times 990.
    for (const std::string& board_text : {std::string("Ac7s8s"), std::string("Ac7s8s9d")}) {
        EquityRequest r = spot("AhAd", {}, board_text);
        r.random_opponents = 1;
        r.method = EquityMethod::Exact;
        for (int threads : {1, 2}) {
            r.threads = threads;
            const EquityResult e = calculate_equity(r);
            const CardSet board = CardSet::parse(board_text);
            const CardSet seen = board | CardSet::parse("AhAd");
            std::uint64_t wins = 0, ties = 0, losses = 0;
            const auto count = [&](CardSet full) {
                const HandValue hero = evaluate(full | CardSet::parse("AhAd"));
                for (int a = 0; a < kNumCards; ++a) {
                    for (int b = a + 1; b < kNumCards; ++b) {
                        if ((full | seen).contains(Card{a}) || (full | seen).contains(Card{b}))
                            continue;
                        const HandValue v = evaluate(full | CardSet{}.add(Card{a}).add(Card{b}));
                        (hero > v ? wins : hero == v ? ties : losses) += 1;
                    }
                }
            };
            for (int x = 0; x < kNumCards; ++x) {
                if (seen.contains(Card{x})) continue;
                if (board.size() == 4) {
                    count(CardSet{board}.add(Card{x}));
                    continue;
                }
                for (int y = x + 1; y < kNumCards; ++y) {
                    if (!seen.contains(Card{y})) count(CardSet{board}.add(Card{x}).add(Card{y}));
                }
            }
            CHECK(e.outcomes == wins + ties + losses);
            CHECK(e.players[0].wins == wins);
            CHECK(e.players[0].ties == ties);
            CHECK(e.players[1].wins == losses);
        }
    }
}

TEST_CASE("plain exact enumeration of known hands gives the same counts on two threads",
          "[equity]") {
    for (const EquityRequest& s : {spot("AsKs", {"QdQc"}), spot("AsKs", {"QdQc", "JhTh", "7c2d"}),
                                   spot("AhKh", {"7c7d"}, "2h7hTs")}) {
        EquityRequest two = s;
        two.threads = 2;
        check_same_counts(exact(s, false), exact(two, false));
    }
}

TEST_CASE("Monte Carlo against random hands agrees with exact references", "[equity]") {
    SECTION("one random hand on the turn, enumerated exactly") {
        EquityRequest r = spot("AsAh", {}, "Kd8s7s2c");
        r.random_opponents = 1;
        const EquityResult reference = exact(r);
        CHECK(reference.outcomes == 46 * 990);
        const EquityResult mc = monte_carlo(r, 500'000, 5);
        CHECK(std::abs(mc.players[0].equity - reference.players[0].equity) < 3 * mc.std_error);
        CHECK(mc.players[1].equity == Approx(1 - mc.players[0].equity).margin(1e-12));
    }
    SECTION("two random hands beside a known villain on the river") {
        EquityRequest r = spot("QsQh", {"AcKc"}, "Qc7d2d5h9s");
        r.random_opponents = 2;
        const EquityResult reference = exact(r);
        const EquityResult mc = monte_carlo(r, 500'000, 6);
        CHECK(std::abs(mc.players[0].equity - reference.players[0].equity) < 3 * mc.std_error);
        // Random seats are exchangeable: their exact equities are equal.
        CHECK(reference.players[2].equity == Approx(reference.players[3].equity).margin(1e-12));
    }
    SECTION("aces against one random hand preflop: 85.20%") {
        EquityRequest r = spot("AsAh", {});
        r.random_opponents = 1;
        r.samples = 2'000'000;
        r.seed = 3;
        const EquityResult mc = calculate_equity(r);  // Auto: too many deals, Monte Carlo
        CHECK_FALSE(mc.exact);
        CHECK(std::abs(mc.players[0].equity - 0.8520) < 3 * mc.std_error + 5e-5);
    }
    SECTION("five random hands: every seat's share adds up") {
        EquityRequest r = spot("AsKs", {});
        r.random_opponents = 5;
        const EquityResult mc = monte_carlo(r, 300'000, 9);
        REQUIRE(mc.players.size() == 6);
        CHECK(equity_sum(mc) == Approx(1.0).margin(1e-12));
        for (int p = 2; p < 6; ++p) {
            CHECK(std::abs(mc.players[p].equity - mc.players[1].equity) < 0.01);
        }
    }
}

TEST_CASE("Monte Carlo is deterministic for a seed, whatever the thread count", "[equity]") {
    EquityRequest r = spot("AsKs", {});
    r.random_opponents = 2;
    const EquityResult one = monte_carlo(r, 300'000, 42, 1);
    check_same_counts(one, monte_carlo(r, 300'000, 42, 1));
    check_same_counts(one, monte_carlo(r, 300'000, 42, 2));
    CHECK(one.std_error == monte_carlo(r, 300'000, 42, 2).std_error);
    CHECK(one.players[0].wins != monte_carlo(r, 300'000, 43, 1).players[0].wins);

    const EquityRequest known = spot("AsKs", {"QdQc"}, "", "2c");
    check_same_counts(monte_carlo(known, 100'000, 7, 1), monte_carlo(known, 100'000, 7, 2));
    // Exact results do not depend on threads either.
    EquityRequest flop = spot("AsKs", {}, "Qs7d2c");
    flop.random_opponents = 1;
    flop.method = EquityMethod::Exact;
    flop.threads = 2;
    const EquityResult two_threads = calculate_equity(flop);
    flop.threads = 1;
    check_same_counts(two_threads, calculate_equity(flop));
}

TEST_CASE("auto mode picks exact or Monte Carlo by the number of deals", "[equity]") {
    EquityRequest r = spot("AsKs", {"QdQc", "7h7c"});
    CHECK(calculate_equity(r).exact);  // known hands: always exact
    r = spot("AsKs", {}, "Qs7d2c3h");
    r.random_opponents = 1;
    CHECK(count_deals(r) == 46 * 990);
    CHECK(calculate_equity(r).exact);
    r.exact_limit = 1000;
    r.samples = 1000;
    CHECK_FALSE(calculate_equity(r).exact);
    r.method = EquityMethod::Exact;
    CHECK(calculate_equity(r).exact);
    r = spot("AsKs", {});
    r.random_opponents = 1;
    CHECK(count_deals(r) == 2'118'760ull * 990);
    r.samples = 1000;
    CHECK_FALSE(calculate_equity(r).exact);
}

TEST_CASE("bad equity requests are errors naming the problem", "[equity]") {
    using Catch::Contains;
    CHECK_THROWS_WITH(calculate_equity(spot("AsKs", {"AsQd"})), Contains("duplicate card As"));
    CHECK_THROWS_WITH(calculate_equity(spot("AsKs", {"QdQc"}, "2c3c4c", "3c")),
                      Contains("duplicate card 3c") && Contains("dead"));
    CHECK_THROWS_WITH(calculate_equity(spot("AsKs", {"QdQc"}, "2c3cQc")),
                      Contains("duplicate card Qc") && Contains("board"));
    CHECK_THROWS_WITH(calculate_equity(spot("AsAs", {"QdQc"})), Contains("duplicate card As"));
    CHECK_THROWS_WITH(calculate_equity(spot("AsKs", {"QdQc"}, "2c3c")),
                      Contains("wrong board size: 2"));
    CHECK_THROWS_WITH(calculate_equity(spot("AsKs", {"QdQc"}, "2c3c4c5c6c7c")),
                      Contains("wrong board size: 6"));
    CHECK_THROWS_WITH(calculate_equity(spot("AsKs", {})), Contains("no opponent"));

    EquityRequest r = spot("AsKs", {"QdQc"});
    r.random_opponents = 9;
    CHECK_THROWS_WITH(calculate_equity(r), Contains("too many players"));
    r.random_opponents = -1;
    CHECK_THROWS_WITH(calculate_equity(r), Contains("random_opponents"));

    r = spot("AsKs", {});
    r.random_opponents = 9;
    r.dead = CardSet::parse("2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h8s");
    CHECK_THROWS_WITH(calculate_equity(r), Contains("not enough cards left"));

    r = spot("AsKs", {});
    r.random_opponents = 1;
    r.method = EquityMethod::MonteCarlo;
    r.samples = 0;
    CHECK_THROWS_WITH(calculate_equity(r), Contains("at least one sample"));
    r.samples = 10;
    r.threads = 0;
    CHECK_THROWS_WITH(calculate_equity(r), Contains("threads"));

    r = spot("AsKs", {"QdQc"});
    r.villains[0][1] = Card{60};
    CHECK_THROWS_WITH(calculate_equity(r), Contains("invalid card") && Contains("villain 1"));
    CHECK_THROWS_AS(count_deals(spot("AsKs", {"KsQd"})), EquityError);
}

TEST_CASE("Monte Carlo against random hands on the flop agrees with exact enumeration",
          "[equity]") {
    // The flop's two missing board cards are drawn as one pair, the random hand as another.
    EquityRequest r = spot("AsKs", {}, "Qs7d2c");
    r.random_opponents = 1;
    const EquityResult reference = exact(r);
    CHECK(reference.outcomes == 1081 * 990);
    const EquityResult mc = monte_carlo(r, 500'000, 21);
    CHECK(std::abs(mc.players[0].equity - reference.players[0].equity) < 3 * mc.std_error);
    CHECK(std::abs(mc.players[0].tie - reference.players[0].tie) <
          3 * std::sqrt(reference.players[0].tie / 500'000.0) + 1e-6);
}

TEST_CASE("requests beyond the documented bounds are refused, not crashed or misreported",
          "[equity]") {
    using Catch::Contains;
    EquityRequest r = spot("AsKs", {});
    r.random_opponents = 1;
    r.method = EquityMethod::MonteCarlo;
    r.samples = 1000;

    SECTION("threads: 1 to kMaxEquityThreads") {
        // REQUIRE: without the bound, far larger values crash inside oneTBB.
        r.threads = kMaxEquityThreads + 1;
        REQUIRE_THROWS_WITH(calculate_equity(r),
                            Contains("threads is 4097") && Contains("from 1 to 4096"));
        r.threads = 100'000;
        CHECK_THROWS_WITH(calculate_equity(r), Contains("threads is 100000"));
        r.threads = kMaxEquityThreads;
        const EquityResult widest = calculate_equity(r);
        r.threads = 1;
        check_same_counts(widest, calculate_equity(r));
    }
    SECTION("Monte Carlo samples: 1 to kMaxEquitySamples, so that the int64 tallies hold") {
        static_assert(kMaxEquitySamples <= std::numeric_limits<std::int64_t>::max() / 2520);
        static_assert(kMaxEquitySamples + 1 > std::numeric_limits<std::int64_t>::max() / 2520);
        // REQUIRE: without the bound, UINT64_MAX gave zero chunks and a result of all zeros,
        // and kMaxEquitySamples + 1 would run for years.
        r.samples = std::numeric_limits<std::uint64_t>::max();
        REQUIRE_THROWS_WITH(calculate_equity(r), Contains("samples is 18446744073709551615") &&
                                                     Contains("at most 3660068268593165"));
        r.samples = kMaxEquitySamples + 1;
        CHECK_THROWS_WITH(calculate_equity(r), Contains("samples is 3660068268593166"));
        r.samples = 1;  // one deal: the hero wins, ties or loses it
        const EquityResult one = calculate_equity(r);
        CHECK(one.outcomes == 1);
        CHECK(one.players[0].wins + one.players[0].ties + one.players[1].wins == 1);
    }
    SECTION("a forced Exact enumerates at most kMaxExactDeals deals") {
        // Preflop against one random hand, the largest common spot, stays allowed.
        CHECK(count_deals(r) == 2'097'572'400);
        CHECK(count_deals(r) <= kMaxExactDeals);
        r.random_opponents = 2;  // 2,097,572,400 * C(43, 2): hours of enumeration
        CHECK(count_deals(r) == 2'097'572'400ull * 903);
        r.method = EquityMethod::Exact;
        CHECK_THROWS_WITH(calculate_equity(r), Contains("1894107877200 deals") &&
                                                   Contains("limit of 3000000000") &&
                                                   Contains("Monte Carlo"));
        r.random_opponents = 9;  // count_deals saturates
        CHECK(count_deals(r) == std::numeric_limits<std::uint64_t>::max());
        CHECK_THROWS_WITH(calculate_equity(r), Contains("at least 18446744073709551615 deals"));
        // Auto samples instead, even when exact_limit would allow more.
        r.method = EquityMethod::Auto;
        r.random_opponents = 2;
        r.exact_limit = std::numeric_limits<std::uint64_t>::max();
        const EquityResult sampled = calculate_equity(r);
        CHECK_FALSE(sampled.exact);
        CHECK(sampled.outcomes == 1000);
    }
}

namespace {

// Pot k's shares the long way: calculate_equity among its players, everyone else's cards out
// of the deck.
std::vector<double> pot_by_itself(const EquityRequest& r, unsigned pot, bool symmetry) {
    std::vector<HoleCards> holes{r.hero};
    holes.insert(holes.end(), r.villains.begin(), r.villains.end());
    EquityRequest one = r;
    one.villains.clear();
    std::vector<std::size_t> in_pot;
    for (std::size_t p = 0; p < holes.size(); ++p) {
        if ((pot >> p) & 1u) {
            (in_pot.empty() ? one.hero : one.villains.emplace_back()) = holes[p];
            in_pot.push_back(p);
        } else {
            one.dead.add(holes[p][0]).add(holes[p][1]);
        }
    }
    std::vector<double> shares(holes.size(), 0.0);
    if (in_pot.size() == 1) {
        shares[in_pot[0]] = 1.0;
        return shares;
    }
    const EquityResult e = exact(one, symmetry);
    for (std::size_t i = 0; i < in_pot.size(); ++i)
        shares[in_pot[i]] = e.players[i].equity;
    return shares;
}

}  // namespace

TEST_CASE("side pots: one enumeration gives every pot's shares, as separate calculations do",
          "[equity]") {
    struct Case {
        EquityRequest request;
        std::vector<unsigned> pots;
    };
    const std::vector<Case> cases = {
        // The short stack (player 2) is in the main pot only.
        {spot("KsKh", {"QsQh", "AsAh"}), {0b111, 0b011}},
        {spot("AhKh", {"7c7d", "QsJs", "2c2d"}, "2h7hTs"), {0b1111, 0b1011, 0b0011}},
        {spot("JcTc", {"9d9h", "AhQh"}, "8c7hAs2d"), {0b111, 0b110}},
        {spot("5c5d", {"AsKd", "7h6h", "QcJc", "9s9c"}, "", "2h"), {0b11111, 0b11101, 0b00101}},
        // Not nested, a pot of one, one pot that is not everyone, and a complete board (no
        // enumeration at all).
        {spot("AsKs", {"QdQc", "7h6h"}), {0b011, 0b110, 0b100}},
        {spot("AsKs", {"QdQc", "7h6h"}, "Ts9s2d"), {0b011}},
        {spot("AsKs", {"QdQc", "7h6h"}, "2c3d4h5s9c"), {0b111, 0b011}},
    };
    for (const auto& c : cases) {
        // The one-pass enumeration (symmetry) against calculations pot by pot, with and
        // without the reduction; the fallback (no symmetry) against the reduction's figures.
        EquityRequest plain = c.request;
        plain.use_symmetry = false;
        const auto without = calculate_pot_shares(plain, c.pots);
        for (bool symmetry : {true, false}) {
            EquityRequest r = c.request;
            r.use_symmetry = symmetry;
            const auto shares = calculate_pot_shares(r, c.pots);
            REQUIRE(without.size() == shares.size());
            for (std::size_t k = 0; k < shares.size(); ++k) {
                REQUIRE(without[k].size() == shares[k].size());
                for (std::size_t p = 0; p < shares[k].size(); ++p)
                    CHECK(shares[k][p] == Approx(without[k][p]).epsilon(0).margin(1e-12));
            }
            REQUIRE(shares.size() == c.pots.size());
            for (std::size_t k = 0; k < c.pots.size(); ++k) {
                const std::vector<double> expected = pot_by_itself(r, c.pots[k], !symmetry);
                REQUIRE(shares[k].size() == expected.size());
                double sum = 0;
                for (std::size_t p = 0; p < expected.size(); ++p) {
                    CHECK(shares[k][p] == Approx(expected[p]).epsilon(0).margin(1e-12));
                    if (!((c.pots[k] >> p) & 1u)) CHECK(shares[k][p] == 0.0);
                    sum += shares[k][p];
                }
                CHECK(sum == Approx(1.0).margin(1e-12));
            }
        }
    }
    // With one pot of everyone it is calculate_equity.
    const EquityRequest three = spot("KsKh", {"QsQh", "AsAh"});
    const unsigned everyone = 0b111;
    const auto shares = calculate_pot_shares(three, {&everyone, 1});
    const EquityResult e = exact(three);
    for (std::size_t p = 0; p < 3; ++p)
        CHECK(shares[0][p] == Approx(e.players[p].equity).epsilon(0).margin(1e-12));
}

TEST_CASE("side pots: bad pots and random opponents are errors naming the problem", "[equity]") {
    using Catch::Contains;
    const EquityRequest r = spot("KsKh", {"QsQh", "AsAh"});
    CHECK_THROWS_WITH(calculate_pot_shares(r, {}), Contains("0 pots"));
    const std::vector<unsigned> empty_pot = {0b111, 0};
    CHECK_THROWS_WITH(calculate_pot_shares(r, empty_pot),
                      Contains("pot 1") && Contains("non-empty"));
    const std::vector<unsigned> beyond = {0b1011};
    CHECK_THROWS_WITH(calculate_pot_shares(r, beyond), Contains("pot 0") && Contains("below 3"));
    const std::vector<unsigned> many(11, 0b111);
    CHECK_THROWS_WITH(calculate_pot_shares(r, many), Contains("11 pots"));
    EquityRequest random = spot("KsKh", {"QsQh"});
    random.random_opponents = 1;
    const std::vector<unsigned> pots = {0b111};
    CHECK_THROWS_WITH(calculate_pot_shares(random, pots), Contains("random opponents"));
    CHECK_THROWS_WITH(calculate_pot_shares(spot("KsKh", {"KsQh"}), pots),
                      Contains("duplicate card Ks"));
}
