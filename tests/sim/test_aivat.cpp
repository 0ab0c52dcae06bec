// AIVAT: values of hand-made hands counted by hand, the all-in EV it contains after an all-in,
// and the zero mean of every kind of term over random play with the bots' strategies.
#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "hand_helpers.hpp"
#include "pokerarena/bots/lbr.hpp"
#include "pokerarena/bots/registry.hpp"
#include "pokerarena/bots/seat_driver.hpp"
#include "pokerarena/evaluator/equity.hpp"
#include "pokerarena/sim/aivat.hpp"
#include "pokerarena/sim/allin_ev.hpp"

namespace {

using namespace pokerarena;
using pokerarena::sim::AivatEstimator;
using pokerarena::sim::AivatHand;
using pokerarena::sim::AllinEvaluator;
using pokerarena::sim::CheckDownValue;
using pokerarena::sim::HandPoint;

using pokerarena::test::cash_game;
using pokerarena::test::mean;
using pokerarena::test::play_scripted;

// A hand's AIVAT values sit on a grid of 2^-20 chips (aivat.cpp): within half a step of the
// terms' sum.
constexpr double kValueMargin = 1.0 / (1 << 21);
using pokerarena::test::variance;

// The first hand's exact preflop equity, by the evaluator's own enumeration.
double preflop_equity(const std::string& hero, const std::string& villain) {
    EquityRequest q;
    const auto h = parse_cards(hero);
    const auto v = parse_cards(villain);
    q.hero = {h.at(0), h.at(1)};
    q.villains.push_back({v.at(0), v.at(1)});
    q.method = EquityMethod::Exact;
    return calculate_equity(q).players.at(0).equity;
}

// KsKh (seat 0, big blind) against 7c2d (seat 1, small blind), seat 1 folding at once, with
// seat 1's reported strategy when `strategy` is given.
AivatHand fold_hand(const Strategy* strategy, double& e1) {
    Table table(cash_game(2, 200), 1, 0);
    play_scripted(table, {"KsKh", "7c2d"}, "", {Action::fold()});
    HandStrategies strategies;
    if (strategy) strategies.set(0, *strategy);
    CheckDownValue v;
    AivatEstimator estimator(v);
    AivatHand out;
    estimator.estimate(table.last_hand(), table.game_def(), strategies, out);
    e1 = preflop_equity("7c2d", "KsKh");
    return out;
}

Strategy fold_or_call(double fold) {
    Strategy s;
    s.add({ActionKind::Fold, 0, 0, fold});
    s.add({ActionKind::CheckCall, 0, 0, 1.0 - fold});
    return s;
}

}  // namespace

TEST_CASE("heads-up fold preflop: the hole cards' term counted by hand", "[aivat]") {
    double e1 = 0;
    const AivatHand out = fold_hand(nullptr, e1);
    // Before the cards each seat's check-down value is 0 (a pot of 1 + 1 once the big blind's
    // extra chip is back, shared evenly); after them it is 2 * equity - 1.
    CHECK(out.terms[AivatHand::kHoleTerms][1] == Approx(1 - 2 * e1).epsilon(1e-12));
    CHECK(out.value[1] == Approx(-1 + 1 - 2 * e1).margin(kValueMargin));
    CHECK(out.value[0] == Approx(1 - 1 + 2 * e1).margin(kValueMargin));
    CHECK(out.chance_terms == 1);
    CHECK(out.left_out == 0);
    CHECK(out.decisions[1] == 1);
    CHECK(out.with_strategy[1] == 0);
}

TEST_CASE("a reported fold-or-call strategy: the action term cancels the card luck exactly",
          "[aivat]") {
    double e1 = 0;
    const Strategy half = fold_or_call(0.5);
    const AivatHand out = fold_hand(&half, e1);
    // V(fold) = -1 and V(call) = 4e - 2 for seat 1, so the term is (0.5 - 1) * (1 - 4e); with
    // the hole term 1 - 2e and the net -1 the value is -1/2 whatever the cards.
    CHECK(out.terms[AivatHand::kActionTerms][1] == Approx(-0.5 * (1 - 4 * e1)).epsilon(1e-12));
    CHECK(out.value[1] == Approx(-0.5).margin(kValueMargin));
    CHECK(out.value[0] == Approx(0.5).margin(kValueMargin));
    CHECK(out.with_strategy[1] == 1);
}

TEST_CASE("a point mass on the action played adds no term", "[aivat]") {
    double e1 = 0;
    const Strategy fold = fold_or_call(1.0);
    const AivatHand out = fold_hand(&fold, e1);
    CHECK(out.terms[AivatHand::kActionTerms][1] == 0.0);
    CHECK(out.terms[AivatHand::kActionTerms][0] == 0.0);
    CHECK(out.with_strategy[1] == 1);
}

TEST_CASE("a flop all-in three ways: the terms after it add up to the all-in EV", "[aivat]") {
    GameDef g = cash_game(3, 200);
    g.starting_stacks[0] = 50;  // a side pot
    Table table(g, 1, 0);
    // Seat 0 small blind, seat 1 big blind, seat 2 button (acts first preflop).
    play_scripted(table, {"AsKs", "QhQd", "9c8c"}, "Ts7c2s5d4h",
                  {Action::check_call(), Action::check_call(), Action::check_call(),
                   Action::raise_to(48), Action::raise_to(198), Action::check_call()});
    const HandRecord& r = table.last_hand();
    REQUIRE(r.board_count == 5);
    CheckDownValue v;
    AivatEstimator estimator(v);
    AivatHand out;
    estimator.estimate(r, g, HandStrategies{}, out);
    // Preflop three-way has no cheap value: the hole cards' and the flop's terms are left
    // out, and the turn's and river's telescope to the equity at the all-in.
    CHECK(out.left_out == 2);
    CHECK(out.chance_terms == 2);
    AllinEvaluator allin;
    std::array<double, kMaxSeats> ev{};
    REQUIRE(allin.adjust(table, ev));
    for (int s = 0; s < 3; ++s)
        CHECK(out.value[static_cast<std::size_t>(s)] ==
              Approx(ev[static_cast<std::size_t>(s)]).margin(kValueMargin));
}

TEST_CASE("a heads-up preflop all-in: the board's terms are the all-in EV's correction",
          "[aivat]") {
    Table table(cash_game(2, 200), 1, 0);
    play_scripted(table, {"KsKh", "AcQd"}, "2c7h9sTd3h",
                  {Action::raise_to(200), Action::check_call()});
    const HandRecord& r = table.last_hand();
    CheckDownValue v;
    AivatEstimator estimator(v);
    AivatHand out;
    estimator.estimate(r, table.game_def(), HandStrategies{}, out);
    AllinEvaluator allin;
    std::array<double, kMaxSeats> ev{};
    REQUIRE(allin.adjust(table, ev));
    for (int s = 0; s < 2; ++s) {
        const auto seat = static_cast<std::size_t>(s);
        const double board = out.terms[1][seat] + out.terms[2][seat] + out.terms[3][seat];
        CHECK(static_cast<double>(r.net[seat]) + board == Approx(ev[seat]).margin(1e-9));
    }
}

namespace {

struct Sample {
    std::vector<double> raw, value;
    std::vector<std::array<double, AivatHand::kActionTerms + 1>> terms;  // seat 0's, by kind
    std::int64_t with_strategy = 0;
    std::int64_t fast_mismatches = 0;
};

// `specs[s]` at seat s of `g` for `hands` hands, strategies recorded.
Sample play(const std::vector<std::string>& specs, int hands, std::uint64_t seed,
            const GameDef& g) {
    std::vector<std::unique_ptr<Bot>> owned;
    std::vector<Bot*> at;
    for (std::size_t s = 0; s < specs.size(); ++s) {
        owned.push_back(make_bot_factory(specs[s])->create(seed * 100 + s));
        at.push_back(owned.back().get());
    }
    Table table(g, seed, 0);
    SeatDriver driver(table, at);
    driver.record_strategies(true);
    CheckDownValue v;
    AivatEstimator estimator(v, {.skip_quiet_rounds = false});
    CheckDownValue v_fast;
    AivatEstimator fast(v_fast);
    Sample out;
    driver.play_hands(hands, [&](const HandRecord& r) {
        AivatHand h;
        estimator.estimate(r, g, driver.strategies(), h);
        // Skipping the values of rounds checked through changes no sum.
        AivatHand f;
        fast.estimate(r, g, driver.strategies(), f);
        for (std::size_t s = 0; s < specs.size(); ++s)
            if (std::abs(f.value[s] - h.value[s]) > 2 * kValueMargin) ++out.fast_mismatches;
        CHECK(f.chance_terms == h.chance_terms);
        CHECK(f.left_out == h.left_out);
        double sum = 0;
        for (std::size_t s = 0; s < specs.size(); ++s)
            sum += h.value[s];
        CHECK(std::abs(sum) < 1e-6);
        out.raw.push_back(static_cast<double>(r.net[0]));
        out.value.push_back(h.value[0]);
        auto& t = out.terms.emplace_back();
        for (std::size_t k = 0; k < t.size(); ++k)
            t[k] = h.terms[k][0];
        for (std::size_t s = 0; s < specs.size(); ++s)
            out.with_strategy += h.with_strategy[s];
    });
    return out;
}

// The same in a no-limit hold'em cash game of `stack` chips.
Sample play(const std::vector<std::string>& specs, int hands, std::uint64_t seed, Chips stack) {
    return play(specs, hands, seed, cash_game(static_cast<int>(specs.size()), stack));
}

// A small game as the simulator plays it: stacks reset every hand.
GameDef small_game(GameDef g) {
    g.reset_stacks_each_hand = true;
    return g;
}

// Every kind of term has mean zero within 4.5 standard errors (a false alarm about once in
// 150,000 runs of a fixed seed, which this is), and the value varies less than the raw net.
void check_zero_mean(const Sample& p) {
    CHECK(p.fast_mismatches == 0);
    for (std::size_t k = 0; k <= AivatHand::kActionTerms; ++k) {
        std::vector<double> term;
        for (const auto& t : p.terms)
            term.push_back(t[k]);
        const double var = variance(term);
        if (var == 0) continue;
        const double se = std::sqrt(var / static_cast<double>(term.size()));
        INFO("term kind " << k << ": mean " << mean(term) << ", standard error " << se);
        CHECK(std::abs(mean(term)) < 4.5 * se);
    }
    INFO("raw variance " << variance(p.raw) << ", AIVAT variance " << variance(p.value));
    CHECK(variance(p.value) < variance(p.raw));
}

}  // namespace

TEST_CASE("random against tag heads-up: every term has mean zero, the value varies less",
          "[aivat]") {
    const Sample p = play({"random", "tag"}, 20000, 5, 200);
    CHECK(p.with_strategy > 20000);
    check_zero_mean(p);
}

TEST_CASE("call against equity heads-up (no action terms): chance terms have mean zero",
          "[aivat]") {
    const Sample p = play({"call", "equity"}, 4000, 6, 200);
    CHECK(p.with_strategy > 0);  // call reports its point mass
    check_zero_mean(p);
}

TEST_CASE("Kuhn and Leduc: every term has mean zero, the value varies less", "[aivat]") {
    // Kuhn has one chance event (the deal) and Leduc two (the deal, the board card), valued
    // from the game's own deck and ranking; random and cfr report their strategies.
    const Sample kuhn =
        play({"random", "cfr:iterations=200"}, 20000, 7, small_game(GameDef::kuhn(2, 10)));
    CHECK(kuhn.with_strategy > 20000);
    check_zero_mean(kuhn);
    // Only the deal and random's choices vary; both are corrected, so little variance is left.
    CHECK(variance(kuhn.value) < 0.25 * variance(kuhn.raw));
    const Sample leduc =
        play({"random", "cfr:iterations=200"}, 20000, 8, small_game(GameDef::leduc(2, 100)));
    CHECK(leduc.with_strategy > 20000);
    check_zero_mean(leduc);
    CHECK(variance(leduc.value) < 0.5 * variance(leduc.raw));
}

TEST_CASE("Omaha hi-lo check-down values split a pot between the high and the low hand",
          "[aivat]") {
    // AsKsQdJd holds kings and queens (Ks Qd with Kc Qc on the board) and no low; 2c3c9h9d a
    // pair of nines and the low 8-5-4-3-2 (2c 3c with 4h 5d 8s). Checked down to the river,
    // each takes half of the pot of 4. On KcQhTh9sJs (no low) As Ks makes the straight to the
    // ace, above 9h 9d's three nines, and takes it all.
    GameDef g = GameDef::omaha_hi_lo(2, 200, 1, 2);
    g.reset_stacks_each_hand = true;
    for (const auto& [board, seat0] :
         {std::pair{"4h5d8sKcQc", 0.0}, std::pair{"KcQhTh9sJs", 2.0}}) {
        Table table(g, 1, 0);
        PresetCards cards;
        for (std::size_t s = 0; s < 2; ++s) {
            const auto c = parse_cards(s == 0 ? "AsKsQdJd" : "2c3c9h9d");
            for (std::size_t k = 0; k < 4; ++k)
                cards.hole[s][k] = c.at(k);
            cards.hole_known[s] = true;
        }
        const auto b = parse_cards(board);
        for (std::size_t i = 0; i < b.size(); ++i)
            cards.board[i] = b[i];
        cards.board_known = 5;
        table.set_next_hand_cards(cards);
        table.set_pause_mask(pause_bit(EventKind::HandEnded));
        while (table.advance().kind == EventKind::ActionRequired)
            REQUIRE(table.act(Action::check_call()).ok());
        HandPoint p;
        p.record = &table.last_hand();
        p.game = &g;
        p.committed[0] = p.committed[1] = 2;
        p.known_board = 5;
        p.hole_cards_dealt = true;
        CheckDownValue v;
        v.begin_hand(table.last_hand(), g);
        std::array<double, kMaxSeats> value{};
        REQUIRE(v.value(p, value));
        INFO("board " << board);
        CHECK(value[0] == seat0);
        CHECK(value[1] == -seat0);
        CHECK(table.last_hand().net[0] == static_cast<Chips>(seat0));
    }
}

TEST_CASE("short-deck and Omaha: every term has mean zero, the value varies less", "[aivat]") {
    // The check-down values enumerate each game's run-outs (the 36-card deck; Omaha's best of
    // 60 hands, hi-lo's halves) and rank them by its order; preflop (C(32, 5) or C(44, 5)
    // boards) is left out.
    const std::pair<GameDef, int> games[] = {{GameDef::short_deck(2, 200, 2, 2), 6000},
                                             {GameDef::omaha(2, 200, 1, 2), 3000},
                                             {GameDef::omaha_hi_lo(2, 200, 1, 2), 3000}};
    std::uint64_t seed = 9;
    for (auto [g, hands] : games) {
        INFO("game " << g.ranking_name());
        g.reset_stacks_each_hand = true;
        const Sample p = play({"random", "call"}, hands, seed++, g);
        CHECK(p.with_strategy > hands);
        check_zero_mean(p);
    }
}

TEST_CASE("local best response's hands: every term has mean zero, the value varies less",
          "[aivat]") {
    // What `pokerarena lbr` reports beside the raw bound: LBR plays pure (no action terms of
    // its own), the bot's reported strategies correct its choices.
    LbrOptions options;
    options.deals = 1500;
    options.seed = 3;
    Sample p;
    CheckDownValue v;
    AivatEstimator estimator(v);
    options.on_hand = [&](const HandRecord& r, const HandStrategies& strategies, int lbr_seat) {
        AivatHand h;
        estimator.estimate(r, options.game, strategies, h);
        CHECK(std::abs(h.value[0] + h.value[1]) < 1e-6);
        CHECK(h.with_strategy[static_cast<std::size_t>(lbr_seat)] == 0);
        const auto s = static_cast<std::size_t>(lbr_seat);
        p.raw.push_back(static_cast<double>(r.net[s]));
        p.value.push_back(h.value[s]);
        auto& t = p.terms.emplace_back();
        for (std::size_t k = 0; k < t.size(); ++k)
            t[k] = h.terms[k][s];
        p.with_strategy += h.with_strategy[1 - s];
    };
    const LbrResult result = local_best_response(*make_bot_factory("random"), options);
    CHECK(result.hands == 3000);
    CHECK(p.with_strategy == result.bot_decisions);
    check_zero_mean(p);
}

TEST_CASE("a random six-seat ring: every term has mean zero", "[aivat]") {
    const Sample p = play({"random", "tag", "random", "tag", "call", "random"}, 6000, 7, 200);
    check_zero_mean(p);
}
