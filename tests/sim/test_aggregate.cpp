// aggregate(): the report's figures from crafted unit results, checked against numbers worked
// out by hand in the comments; order independence; what it rejects; the SPRT's stop; and
// sit-and-go places, prizes, ROI and in-the-money rates.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "pokerarena/sim/aggregate.hpp"
#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena;
using namespace pokerarena::sim;

namespace {

Tournament heads_up(int num_bots, std::int64_t deals, int deals_per_unit) {
    TournamentConfig c;
    const char* specs[] = {"call", "fold", "tag", "random", "allin"};
    for (int i = 0; i < num_bots; ++i)
        c.add_bots()->set_spec(specs[i]);
    c.set_deals(deals);
    c.set_deals_per_unit(deals_per_unit);
    return make_tournament(c);
}

void set_moments(Moments* m, std::initializer_list<double> samples) {
    for (double x : samples) {
        m->set_n(m->n() + 1);
        m->set_sum(m->sum() + x);
        m->set_sum_squares(m->sum_squares() + x * x);
    }
}

// A duplicate heads-up unit of bots a < b where a won `samples` chips per deal pair (two hands
// each); every other bot of the field sits out with zeros.
UnitResult pair_unit(std::int64_t unit, int a, int b, std::initializer_list<double> samples) {
    UnitResult u;
    u.set_unit(unit);
    const std::int64_t hands = 2 * static_cast<std::int64_t>(samples.size());
    std::int64_t net = 0;
    for (double x : samples)
        net += static_cast<std::int64_t>(x);
    u.set_hands(hands);
    for (int side = 0; side < 2; ++side) {
        BotUnit& bot = *u.add_bots();
        bot.set_bot(side == 0 ? a : b);
        const double sign = side == 0 ? 1 : -1;
        bot.set_hands(hands);
        bot.set_net_chips(side == 0 ? net : -net);
        for (double x : samples)
            set_moments(bot.mutable_samples(), {sign * x});
    }
    PairUnit& p = *u.add_pairs();
    p.set_a(a);
    p.set_b(b);
    p.set_hands(hands);
    p.set_net_chips_a(net);
    set_moments(p.mutable_samples(), samples);
    return u;
}

}  // namespace

TEST_CASE("win rates, confidence and ratings of a two-bot match", "[aggregate]") {
    // 4 deals in units of 2, duplicate: 2 units of 4 hands; big blind 2.
    const Tournament t = heads_up(2, 4, 2);
    REQUIRE(t.units.size() == 2);
    UnitResult u0 = pair_unit(0, 0, 1, {3, -1});
    UnitResult u1 = pair_unit(1, 0, 1, {5, 1});
    u0.mutable_bots(0)->set_decisions(10);
    u0.mutable_bots(0)->set_decision_ns(2000);
    u1.mutable_bots(0)->set_decisions(30);
    u1.mutable_bots(0)->set_decision_ns(6000);
    const Report r = aggregate(t, {u1, u0});

    // Bot 0 won 3, -1, 5, 1 chips over 4 pairs of 2 hands: 8 chips in 8 hands = 0.5 big blinds
    // = 500 mbb per hand. Per pair: mean 2 chips, deviations 1, -3, 3, -1, variance 20 / 3,
    // stddev 2.581989 chips; in mbb per hand (x 1000 / (2 bb * 2 hands) = 250) 645.4972;
    // standard error 645.4972 / sqrt(4) = 322.7486; ci95 = t(0.975, 3) x that = 3.182446 x
    // 322.7486 = 1027.1301; los = T_3(500 / 322.7486) = T_3(1.549193) = 0.890449 (T_3(t) =
    // 1/2 + (t / (sqrt(3) (1 + t^2 / 3)) + atan(t / sqrt(3))) / pi). 4 samples: too few.
    REQUIRE(r.bots_size() == 2);
    const BotResult& b0 = r.bots(0);
    CHECK(b0.name() == "call");
    CHECK(b0.spec() == "call");
    CHECK(b0.hands() == 8);
    CHECK(b0.net_chips() == 8);
    CHECK(b0.mbb_per_hand().mean() == Approx(500));
    CHECK(b0.mbb_per_hand().stddev() == Approx(645.4972));
    CHECK(b0.mbb_per_hand().ci95() == Approx(1027.1301));
    CHECK(b0.mbb_per_hand().los() == Approx(0.890449).epsilon(1e-5));
    CHECK(b0.mbb_per_hand().samples() == 4);
    CHECK(b0.mbb_per_hand().too_few_samples());
    CHECK_FALSE(b0.mbb_per_hand().biased_by_sprt_stop());
    CHECK(r.bots(1).mbb_per_hand().mean() == Approx(-500));
    CHECK(r.bots(1).mbb_per_hand().ci95() == Approx(1027.1301));
    CHECK(r.bots(1).net_chips() == -8);
    CHECK_FALSE(b0.has_mbb_per_hand_allin_ev());
    // 40 decisions in 8000 ns: 0.2 microseconds each.
    CHECK(b0.decisions() == 40);
    CHECK(b0.mean_decision_us() == Approx(0.2));

    REQUIRE(r.pairs_size() == 1);
    CHECK(r.pairs(0).a() == 0);
    CHECK(r.pairs(0).b() == 1);
    CHECK(r.pairs(0).name_a() == "call");
    CHECK(r.pairs(0).name_b() == "fold");
    CHECK(r.pairs(0).hands() == 8);
    CHECK(r.pairs(0).net_chips_a() == 8);
    CHECK(r.pairs(0).mbb_per_hand_a().mean() == Approx(500));
    CHECK(r.pairs(0).mbb_per_hand_a().ci95() == Approx(1027.1301));

    // One pair: ratings +-250 (half the difference), ci95 = t(0.975, 3) x 322.7486 / 2 =
    // 513.5651 (the pair's 3 degrees of freedom); los = T_3(250 / 161.3743) = T_3(1.549193).
    CHECK(b0.rating().mean() == Approx(250));
    CHECK(b0.rating().ci95() == Approx(513.5651));
    CHECK(b0.rating().los() == Approx(0.890449).epsilon(1e-5));
    CHECK(b0.rating().too_few_samples());
    CHECK(r.bots(1).rating().mean() == Approx(-250));

    CHECK(r.units_total() == 2);
    CHECK(r.units_done() == 2);
    CHECK(r.hands() == 8);
    CHECK(r.complete());
    CHECK_FALSE(r.has_sprt());
    CHECK_FALSE(r.has_run());
    CHECK_FALSE(r.has_timing());
    REQUIRE(r.units_size() == 2);
    CHECK(r.units(0).unit() == 0);
    CHECK(r.units(1).unit() == 1);
    CHECK(r.config().SerializeAsString() == t.config.SerializeAsString());

    // The curve: cumulative hands and chips after unit 0 (2 of 4 hands... 4 hands, +2) and 1.
    REQUIRE(r.curve().hands_size() == 2);
    CHECK(r.curve().hands(0) == 4);
    CHECK(r.curve().hands(1) == 8);
    CHECK(r.curve().points(0).net_chips(0) == 2);
    CHECK(r.curve().points(0).net_chips(1) == -2);
    CHECK(r.curve().points(1).net_chips(0) == 8);
}

TEST_CASE("all-in adjusted win rates are summarized like the raw ones", "[aggregate]") {
    TournamentConfig c;
    c.add_bots()->set_spec("call");
    c.add_bots()->set_spec("fold");
    c.set_deals(2);
    c.set_allin_ev(true);
    const Tournament t = make_tournament(c);
    UnitResult u = pair_unit(0, 0, 1, {4, -2});
    // Adjusted: 1 and 1 chips per pair of 2 hands: 2 chips in 4 hands = 250 mbb per hand,
    // no spread.
    set_moments(u.mutable_bots(0)->mutable_samples_allin_ev(), {1, 1});
    set_moments(u.mutable_pairs(0)->mutable_samples_allin_ev(), {1, 1});
    const Report r = aggregate(t, {u});
    CHECK(r.bots(0).mbb_per_hand().mean() == Approx(250));
    CHECK(r.bots(0).mbb_per_hand_allin_ev().mean() == Approx(250));
    CHECK(r.bots(0).mbb_per_hand_allin_ev().stddev() == 0);
    CHECK(r.bots(0).mbb_per_hand_allin_ev().ci95() == std::numeric_limits<double>::infinity());
    CHECK(r.bots(0).mbb_per_hand_allin_ev().too_few_samples());
    CHECK(r.bots(0).mbb_per_hand_allin_ev().samples() == 2);
    CHECK(r.pairs(0).mbb_per_hand_allin_ev_a().mean() == Approx(250));
    // Raw: 4 and -2 chips per pair -> 1000 and -500 mbb per hand, stddev 1060.660.
    CHECK(r.bots(0).mbb_per_hand().stddev() == Approx(1060.660));
    // Only the raw pair has a spread, so it alone could be rated; a single pair with ci95 0
    // (the adjusted one) is never used.
    CHECK(r.bots(0).rating().mean() == Approx(125));
}

TEST_CASE("ratings of a round robin fit the crosstable", "[aggregate]") {
    // Three bots, one unit per pair. Pair means in mbb per hand (x 250 per chip of a pair):
    // (0,1): 2 and 0 -> 250, (0,2): 4 and 2 -> 750, (1,2): 2 and 0 -> 250; each with the same
    // spread (deviations +-1 chip: stddev 353.5534, standard error 250), so equal weights.
    // Least squares with sum zero: r0 - r1 = 250, r0 - r2 = 750, r1 - r2 = 250 ->
    // r0 = (250 + 750) / 3 = 333.33, r1 = (-250 + 250) / 3 = 0, r2 = (-750 - 250) / 3 = -333.33.
    const Tournament t = heads_up(3, 2, 2);
    REQUIRE(t.units.size() == 3);
    const Report r = aggregate(
        t, {pair_unit(0, 0, 1, {2, 0}), pair_unit(1, 0, 2, {4, 2}), pair_unit(2, 1, 2, {2, 0})});
    REQUIRE(r.pairs_size() == 3);
    CHECK(r.pairs(1).a() == 0);
    CHECK(r.pairs(1).b() == 2);
    CHECK(r.pairs(1).mbb_per_hand_a().mean() == Approx(750));
    // 2 samples: t(0.975, 1) = 12.706205 standard errors.
    CHECK(r.pairs(1).mbb_per_hand_a().ci95() == Approx(12.706205 * 250));
    CHECK(r.bots(0).rating().mean() == Approx(1000.0 / 3));
    CHECK(r.bots(1).rating().mean() == Approx(0).margin(1e-9));
    CHECK(r.bots(2).rating().mean() == Approx(-1000.0 / 3));
    // Each bot played 2 pairs of 2 samples.
    CHECK(r.bots(0).rating().samples() == 4);
    // Bot 1 won 2 - 2 = 0 ... chips: +2 against 0, -2 against 2.
    CHECK(r.bots(1).net_chips() == 0);
    CHECK(r.bots(1).hands() == 8);
}

TEST_CASE("a pair without spread weighs as its samples say, not more", "[aggregate]") {
    // Three bots, 5 deal pairs each (chips per pair; x 250 for mbb per hand). Pair (0,1): 0
    // five times, no spread (0.0 +- 0.0 by chance or not, it cannot tell). Pair (0,2): 4, 2,
    // 4, 2, 3: mean 750, stddev 1 chip = 250; pair (1,2): 3, -1, 3, -1, 1: mean 250, stddev 2
    // chips = 500. Pair (0,1) gets the pooled spread: sqrt((4 x 250^2 + 4 x 500^2) / 8) =
    // 395.2847, variance of its mean 156250 / 5 (not the smallest of the field, 62500 / 5, as
    // before). Weights x 250000 / 5: 8, 20, 5. Normal equations with sum zero:
    // 48 r0 + 12 r1 = 15000, -3 r0 + 18 r1 = 1250 -> r1 = 350 / 3, r0 = 850 / 3, r2 = -400.
    const Tournament t = heads_up(3, 5, 5);
    const Report r =
        aggregate(t, {pair_unit(0, 0, 1, {0, 0, 0, 0, 0}), pair_unit(1, 0, 2, {4, 2, 4, 2, 3}),
                      pair_unit(2, 1, 2, {3, -1, 3, -1, 1})});
    CHECK(r.pairs(0).mbb_per_hand_a().ci95() == std::numeric_limits<double>::infinity());
    CHECK(r.pairs(0).mbb_per_hand_a().too_few_samples());
    CHECK(r.pairs(0).mbb_per_hand_a().los() == 0.5);
    CHECK_FALSE(r.pairs(1).mbb_per_hand_a().too_few_samples());
    REQUIRE(r.bots(0).has_rating());
    CHECK(r.bots(0).rating().mean() == Approx(850.0 / 3));
    CHECK(r.bots(1).rating().mean() == Approx(350.0 / 3));
    CHECK(r.bots(2).rating().mean() == Approx(-400));
    CHECK(r.bots(0).rating().samples() == 10);
    CHECK_FALSE(r.bots(0).rating().too_few_samples());

    // Every pair without spread: weighed alike, the ratings fit the pairs, and they have no
    // interval.
    const Tournament small = heads_up(3, 2, 2);
    const Report exact = aggregate(small, {pair_unit(0, 0, 1, {2, 2}), pair_unit(1, 0, 2, {4, 4}),
                                           pair_unit(2, 1, 2, {2, 2})});
    REQUIRE(exact.bots(0).has_rating());
    CHECK(exact.bots(0).rating().mean() == Approx(500));
    CHECK(exact.bots(1).rating().mean() == Approx(0).margin(1e-6));
    CHECK(exact.bots(2).rating().mean() == Approx(-500));
    CHECK(exact.bots(0).rating().ci95() == std::numeric_limits<double>::infinity());
    CHECK(exact.bots(0).rating().los() == 0.5);
    CHECK(exact.bots(0).rating().too_few_samples());
}

TEST_CASE("a played gauntlet with an exact pair has ratings", "[aggregate]") {
    // allin against call, duplicate, is exactly 0 (every hand goes to showdown all-in, and the
    // swapped halves cancel): without that pair, call would not be connected to the field.
    TournamentConfig c;
    for (const char* spec : {"allin", "call", "tag", "random"})
        c.add_bots()->set_spec(spec);
    c.set_format(GAUNTLET);
    c.set_deals(200);
    const Tournament t = make_tournament(c);
    std::vector<UnitResult> units;
    for (std::int64_t u = 0; u < static_cast<std::int64_t>(t.units.size()); ++u)
        units.push_back(play_unit(t, u));
    const Report r = aggregate(t, units);
    REQUIRE(r.pairs_size() == 3);
    CHECK(r.pairs(0).b() == 1);
    CHECK(r.pairs(0).mbb_per_hand_a().mean() == 0);
    CHECK(r.pairs(0).mbb_per_hand_a().stddev() == 0);
    for (const BotResult& b : r.bots())
        CHECK(b.has_rating());
    // A gauntlet's pairs form a tree, so the ratings fit every pair exactly, whatever weight
    // the pair without spread gets.
    CHECK(r.bots(0).rating().mean() == Approx(r.bots(1).rating().mean()).margin(1e-6));
}

TEST_CASE("the report does not depend on the order of the units", "[aggregate]") {
    const Tournament t = heads_up(4, 40, 7);  // 6 pairs x 6 blocks
    REQUIRE(t.units.size() == 36);
    std::mt19937_64 rng(12345);
    std::uniform_int_distribution<int> chips(-400, 400);
    std::vector<UnitResult> units;
    for (std::size_t i = 0; i < t.units.size(); ++i) {
        const WorkUnit w = t.units[i];
        std::vector<double> samples;
        for (std::int64_t d = 0; d < w.deals; ++d)
            samples.push_back(chips(rng));
        UnitResult u;
        u.set_unit(w.index);
        u.set_hands(2 * w.deals);
        PairUnit& p = *u.add_pairs();
        p.set_a(w.seat_bot[0]);
        p.set_b(w.seat_bot[1]);
        p.set_hands(2 * w.deals);
        for (int side = 0; side < 2; ++side) {
            BotUnit& bot = *u.add_bots();
            bot.set_bot(w.seat_bot[static_cast<std::size_t>(side)]);
            bot.set_hands(2 * w.deals);
            for (double x : samples) {
                set_moments(bot.mutable_samples(), {side == 0 ? x : -x});
                bot.set_net_chips(bot.net_chips() + static_cast<std::int64_t>(side == 0 ? x : -x));
            }
            if (w.index % 5 == 0) {
                bot.mutable_faults()->set_illegal_action(1);
                bot.mutable_faults()->set_first_message("unit " + std::to_string(w.index));
            }
        }
        for (double x : samples)
            set_moments(p.mutable_samples(), {x});
        p.set_net_chips_a(u.bots(0).net_chips());
        units.push_back(u);
    }
    const std::string in_order = aggregate(t, units).SerializeAsString();
    std::vector<UnitResult> shuffled = units;
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    CHECK(aggregate(t, shuffled).SerializeAsString() == in_order);
    std::reverse(shuffled.begin(), shuffled.end());
    CHECK(aggregate(t, shuffled).SerializeAsString() == in_order);

    const Report r = aggregate(t, units);
    // Faults: bot 0 plays pairs (0,1), (0,2), (0,3) in units 0-17; units 0, 5, 10 and 15 had
    // one illegal action each, and the first message is the earliest unit's.
    CHECK(r.bots(0).faults().illegal_action() == 4);
    CHECK(r.bots(0).faults().first_message() == "unit 0");
    // Bot 3 plays in units 12-17 (with 0), 24-29 (with 1), 30-35 (with 2): 15, 25, 30, 35.
    CHECK(r.bots(3).faults().illegal_action() == 4);
    CHECK(r.bots(3).faults().first_message() == "unit 15");
    // Every bot has ratings, and they sum to zero.
    double sum = 0;
    for (const BotResult& b : r.bots())
        sum += b.rating().mean();
    CHECK(sum == Approx(0).margin(1e-9));
}

TEST_CASE("aggregate rejects duplicate, unknown and malformed units", "[aggregate]") {
    const Tournament t = heads_up(2, 4, 2);
    const UnitResult u0 = pair_unit(0, 0, 1, {3, -1});
    CHECK_THROWS_WITH(aggregate(t, {u0, pair_unit(1, 0, 1, {1, 1}), u0}),
                      Catch::Matchers::Equals("unit 0 is given twice"));
    CHECK_THROWS_WITH(aggregate(t, {pair_unit(2, 0, 1, {1})}),
                      Catch::Matchers::StartsWith("unit 2 is outside the schedule (0 to 1)"));
    UnitResult extra = pair_unit(1, 0, 1, {1});
    extra.add_bots()->set_bot(1);
    CHECK_THROWS_WITH(aggregate(t, {extra}), Catch::Matchers::StartsWith(
                                                 "unit 1 has results for 3 bots; its table has 2"));
    CHECK_THROWS_WITH(aggregate(t, {pair_unit(1, 1, 0, {1})}),
                      Catch::Matchers::StartsWith("unit 1 has bots[0] for bot 1; seat 0 of its "
                                                  "table is bot 0"));
    UnitResult swapped_pair = pair_unit(1, 0, 1, {1});
    swapped_pair.mutable_pairs(0)->set_a(1);
    swapped_pair.mutable_pairs(0)->set_b(0);
    CHECK_THROWS_WITH(aggregate(t, {swapped_pair}),
                      Catch::Matchers::StartsWith("unit 1 has a result for the pair (1, 0)"));
}

TEST_CASE("a partial set of units makes an incomplete report", "[aggregate]") {
    const Tournament t = heads_up(2, 4, 2);
    const Report r = aggregate(t, {pair_unit(1, 0, 1, {5, 1})});
    CHECK_FALSE(r.complete());
    CHECK(r.units_done() == 1);
    CHECK(r.units_total() == 2);
    CHECK(r.hands() == 4);
    CHECK(r.bots(0).mbb_per_hand().mean() == Approx(750));  // 6 chips in 4 hands, bb 2
    const Report none = aggregate(t, {});
    CHECK_FALSE(none.complete());
    CHECK(none.units_done() == 0);
    CHECK(none.bots(0).mbb_per_hand().samples() == 0);
    CHECK(none.curve().points_size() == 0);
}

namespace {

// call against fold in units of 2 deals, with an SPRT of 0 against 500 mbb/hand.
TournamentConfig sprt_call_fold(std::int64_t hands) {
    TournamentConfig c;
    c.add_bots()->set_spec("call");
    c.add_bots()->set_spec("fold");
    c.set_deals(hands);
    c.set_deals_per_unit(2);
    c.mutable_sprt()->set_mbb0(0);
    c.mutable_sprt()->set_mbb1(500);
    c.mutable_sprt()->set_alpha(0.05);
    c.mutable_sprt()->set_beta(0.05);
    return c;
}

}  // namespace

TEST_CASE("the SPRT stops the match at the deciding block", "[aggregate]") {
    const Tournament t = make_tournament(sprt_call_fold(48));
    REQUIRE(t.units.size() == 24);
    // Each unit is a block of 2 deal pairs; 1 chip per pair of 2 hands = 250 mbb per hand.
    // Blocks alternate 2, 2 (500) and 4, 4 (1000): after 20 blocks ybar = 750, S = 20 x 250^2,
    // LLR = (20 / 2) log((S + 20 x 750^2) / (S + 20 x 250^2)) = 10 log 5 = 16.094379: H1, at
    // unit 19, the first where 20 blocks allow a decision (the LLR passed the bound long
    // before). Units 20 to 23 were in flight and are dropped.
    std::vector<UnitResult> units;
    for (std::int64_t u = 0; u < 24; ++u)
        units.push_back(u % 2 == 0 ? pair_unit(u, 0, 1, {2, 2}) : pair_unit(u, 0, 1, {4, 4}));
    Report r = aggregate(t, units);
    CHECK(r.sprt().decision() == "H1 (mbb1)");
    CHECK(r.sprt().llr() == Approx(16.094379));
    CHECK(r.sprt().upper() == Approx(2.944439));
    CHECK(r.sprt().lower() == Approx(-2.944439));
    CHECK(r.sprt().hands() == 80);
    CHECK(r.sprt().blocks() == 20);
    CHECK(r.complete());
    CHECK(r.units_done() == 20);
    CHECK(r.units_size() == 20);
    CHECK(r.hands() == 80);
    CHECK(r.bots(0).net_chips() == 10 * 4 + 10 * 8);
    // Every figure of a stopped match is marked: optional stopping biased it.
    CHECK(r.bots(0).mbb_per_hand().biased_by_sprt_stop());
    CHECK(r.bots(1).rating().biased_by_sprt_stop());
    CHECK(r.pairs(0).mbb_per_hand_a().biased_by_sprt_stop());
    // Only the estimates the report has: no all-in EV, no prize appear for the mark.
    CHECK_FALSE(r.bots(0).has_mbb_per_hand_allin_ev());
    CHECK_FALSE(r.bots(0).has_prize());
    CHECK_FALSE(r.pairs(0).has_mbb_per_hand_allin_ev_a());

    // The same without the units in flight: the same report.
    const std::vector<UnitResult> first_twenty(units.begin(), units.begin() + 20);
    CHECK(aggregate(t, first_twenty).SerializeAsString() == r.SerializeAsString());

    // With unit 1 missing the test only sees unit 0: undecided, every unit counted, nothing
    // marked.
    std::vector<UnitResult> gap = units;
    gap.erase(gap.begin() + 1);
    r = aggregate(t, gap);
    CHECK(r.sprt().decision() == "undecided");
    CHECK(r.sprt().llr() == 0);
    CHECK(r.sprt().hands() == 4);
    CHECK(r.sprt().blocks() == 1);
    CHECK_FALSE(r.complete());
    CHECK(r.units_done() == 23);
    CHECK_FALSE(r.bots(0).mbb_per_hand().biased_by_sprt_stop());

    // The runner's monitor makes the same decision at the same unit.
    SprtMonitor monitor(t);
    for (std::size_t u = 0; u < 19; ++u)
        CHECK_FALSE(monitor.add(units[u]));
    CHECK(monitor.add(units[19]));
    CHECK(monitor.state().decision == SprtDecision::AcceptH1);
    CHECK(monitor.hands() == 80);
    CHECK(monitor.blocks() == 20);
    CHECK(monitor.add(units[20]));
    CHECK(monitor.hands() == 80);
    CHECK_THROWS_AS(SprtMonitor(heads_up(2, 4, 2)), std::invalid_argument);
}

TEST_CASE("the SPRT's blocks are whole units", "[aggregate]") {
    // 39 deals in units of 2: units 0 .. 18 are blocks, unit 19 (one deal) is not, so the test
    // never has its 20 blocks and the match plays to the end.
    const Tournament t = make_tournament(sprt_call_fold(39));
    REQUIRE(t.units.size() == 20);
    std::vector<UnitResult> units;
    for (std::int64_t u = 0; u < 19; ++u)
        units.push_back(u % 2 == 0 ? pair_unit(u, 0, 1, {2, 2}) : pair_unit(u, 0, 1, {4, 4}));
    units.push_back(pair_unit(19, 0, 1, {4}));
    const Report r = aggregate(t, units);
    CHECK(r.sprt().decision() == "undecided");
    CHECK(r.sprt().blocks() == 19);
    CHECK(r.sprt().hands() == 76);
    CHECK(r.hands() == 78);
    CHECK(r.complete());
}

TEST_CASE("sit-and-go places give prizes, ROI and in-the-money rates", "[aggregate]") {
    TournamentConfig c;
    for (const char* spec : {"call", "fold", "tag"})
        c.add_bots()->set_spec(spec);
    c.set_format(SIT_AND_GO);
    c.set_deals(2);
    c.mutable_sit_and_go()->add_payouts(70);
    c.mutable_sit_and_go()->add_payouts(30);
    c.mutable_sit_and_go()->set_buy_in(10);
    const Tournament t = make_tournament(c);
    REQUIRE(t.units.size() == 2);
    REQUIRE(plays_per_deal(t.config) == 3);
    // Places per play (3 rotations per tournament), bots in config order.
    const std::vector<std::vector<int>> places = {{1, 2, 3, 1, 3, 2, 2, 1, 3},
                                                  {3, 1, 2, 1, 2, 3, 1, 2, 3}};
    std::vector<UnitResult> units;
    for (std::int64_t i = 0; i < 2; ++i) {
        UnitResult u;
        u.set_unit(i);
        u.set_hands(100);
        // Seated as the schedule seats the unit (a seating of its own).
        for (int k = 0; k < 3; ++k) {
            BotUnit& bot = *u.add_bots();
            bot.set_bot(t.units[static_cast<std::size_t>(i)].seat_bot[static_cast<std::size_t>(k)]);
            bot.set_hands(100);
        }
        for (int p : places[static_cast<std::size_t>(i)])
            u.add_places(p);
        units.push_back(u);
    }
    const Report r = aggregate(t, units);
    // The pool is 3 buy-ins: 1st wins 0.7 x 3 = 2.1 buy-ins, 2nd 0.9, 3rd nothing.
    // Bot 0 (call): places 1,1,2 | 3,1,1 -> prizes per tournament 5.1 / 3 = 1.7 and 4.2 / 3 =
    // 1.4; mean 1.55 (ROI +55%), stddev of (1.7, 1.4) = 0.212132, standard error 0.15 over
    // the 2 units (seatings), ci95 = t(0.975, 1) x 0.15 = 1.905931; in the money 5 times of 6.
    const BotResult& b0 = r.bots(0);
    CHECK(std::vector<std::int64_t>(b0.places().begin(), b0.places().end()) ==
          std::vector<std::int64_t>{4, 1, 1});
    CHECK(b0.prize().mean() == Approx(1.55));
    CHECK(b0.prize().stddev() == Approx(0.212132));
    CHECK(b0.prize().ci95() == Approx(1.905931));
    CHECK(b0.prize().too_few_samples());
    CHECK(b0.prize().samples() == 2);
    CHECK(b0.roi() == Approx(0.55));
    CHECK(b0.itm_rate() == Approx(5.0 / 6));
    // Bot 1 (fold): places 2,3,1 | 1,2,2 -> 3.0 / 3 = 1.0 and 3.9 / 3 = 1.3: ROI +15%.
    CHECK(std::vector<std::int64_t>(r.bots(1).places().begin(), r.bots(1).places().end()) ==
          std::vector<std::int64_t>{2, 3, 1});
    CHECK(r.bots(1).roi() == Approx(0.15));
    CHECK(r.bots(1).itm_rate() == Approx(5.0 / 6));
    // Bot 2 (tag): places 3,2,3 | 2,3,3 -> 0.3 and 0.3: ROI -70%, no spread.
    CHECK(r.bots(2).roi() == Approx(-0.7));
    CHECK(r.bots(2).itm_rate() == Approx(2.0 / 6));
    CHECK(r.bots(2).prize().stddev() == 0);
    // The prize's los is P(prize > buy-in), the LOS of the ROI: bot 0 T_1(0.55 / 0.15) =
    // 1/2 + atan(3.666667) / pi, bot 1 T_1(0.15 / 0.15) = 3/4; bot 2 has no spread, which is
    // no evidence.
    CHECK(b0.prize().los() == Approx(0.915249).epsilon(1e-5));
    CHECK(r.bots(1).prize().los() == Approx(0.75));
    CHECK(r.bots(2).prize().los() == 0.5);
    // The prizes of a tournament add up to its pool.
    CHECK(b0.prize().mean() + r.bots(1).prize().mean() + r.bots(2).prize().mean() == Approx(3));
    CHECK_FALSE(b0.has_mbb_per_hand());
    CHECK(r.pairs_size() == 0);
    CHECK(r.complete());
    CHECK(r.hands() == 200);

    UnitResult bad = units[1];
    bad.set_places(4, 1);  // two winners in tournament 1 of the unit
    CHECK_THROWS_WITH(aggregate(t, {units[0], bad}),
                      Catch::Matchers::StartsWith("unit 1, tournament 1: the places are not "
                                                  "1 to 3 once each"));
    bad = units[1];
    bad.mutable_places()->RemoveLast();
    CHECK_THROWS_WITH(aggregate(t, {bad}),
                      Catch::Matchers::StartsWith("unit 1 has 8 finishing places; expected 9"));
}
