// Local best response: the range's Bayes updates against posteriors counted by hand, LBR's
// results against bots whose best responses are known, determinism, and, in Kuhn and Leduc,
// the same local rule on the exact game tree, whose value never exceeds the exact best
// response's.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "pokerarena/bots/exploitability.hpp"
#include "pokerarena/bots/lbr.hpp"
#include "pokerarena/bots/registry.hpp"

using namespace pokerarena;

namespace {

Card card(const char* text) {
    return Card{4 * static_cast<int>(std::string_view(kRankChars).find(text[0])) +
                static_cast<int>(std::string_view(kSuitChars).find(text[1]))};
}

int pair_of(const char* a, const char* b) {
    return hole_pair_index(card(a), card(b));
}

// Raises with every pocket pair, half of the time with ace-king, never otherwise; calls the
// rest.
class PairsRaise final : public Bot {
  public:
    Action decide(const SeatView&) override { return Action::check_call(); }
    bool last_strategy(const SeatView& view, Strategy& out) override {
        const auto& hole = view.hole[static_cast<std::size_t>(view.seat)];
        const int a = hole[0].rank();
        const int b = hole[1].rank();
        const double raise = a == b                                           ? 1.0
                             : (std::min(a, b) == 11 && std::max(a, b) == 12) ? 0.5
                                                                              : 0;
        out.clear();
        if (raise < 1) out.add({ActionKind::CheckCall, 0, 0, 1 - raise});
        if (raise > 0)
            out.add({ActionKind::RaiseTo, view.legal.min_raise_to, view.legal.min_raise_to, raise});
        return true;
    }
};

// The first preflop view of the seat to act in the default game.
SeatView preflop_view(Table& table) {
    const Event e = table.advance();
    REQUIRE(e.kind == EventKind::ActionRequired);
    return table.view(e.seat);
}

LbrOptions options_for(std::int64_t deals, std::uint64_t seed) {
    LbrOptions o;
    o.deals = deals;
    o.seed = seed;
    return o;
}

// How many standard errors the mean chips per deal is above 0.
double z_score(const LbrResult& r) {
    const double n = static_cast<double>(r.deals);
    const double mean = r.sum / n;
    const double variance = (r.sum_squares - r.sum * r.sum / n) / (n - 1);
    return mean / std::sqrt(variance / n);
}

}  // namespace

TEST_CASE("hole pairs are indexed one to one", "[lbr]") {
    const auto& pairs = hole_pairs();
    for (int i = 0; i < kHolePairs; ++i) {
        const HolePair& p = pairs[static_cast<std::size_t>(i)];
        REQUIRE(p.low.index() < p.high.index());
        REQUIRE(hole_pair_index(p.low, p.high) == i);
        REQUIRE(hole_pair_index(p.high, p.low) == i);
    }
    CHECK(pairs.back().low == card("Ah"));
    CHECK(pairs.back().high == card("As"));
}

TEST_CASE("the range follows Bayes' rule on the bot's reported probabilities", "[lbr]") {
    GameDef game = LbrOptions{}.game;
    Table table(game, 1, 0);
    SeatView view = preflop_view(table);
    PairsRaise bot;
    HandRange range;
    // LBR holds 2c 3d: 22 and 33 keep 3 combinations each, the other pairs 6 (72 in all), and
    // the 16 ace-kings raise half the time: the raise's total weight is 72 + 8 = 80.
    range.reset(CardSet{}.add(card("2c")).add(card("3d")));
    CHECK(range.total() == Approx(1225));
    std::array<double, kHolePairs> likelihood{};
    const Action raise = Action::raise_to(view.legal.min_raise_to);
    const auto& pairs = hole_pairs();
    for (std::size_t i = 0; i < kHolePairs; ++i) {
        if (range.weight(static_cast<int>(i)) == 0) continue;
        view.hole[static_cast<std::size_t>(view.seat)] = {pairs[i].low, pairs[i].high};
        likelihood[i] = reported_probability(bot, view, raise, "pairs");
    }
    REQUIRE(range.update(likelihood));
    CHECK(range.total() == Approx(80));
    CHECK(range.probability(pair_of("As", "Ah")) == Approx(1.0 / 80));
    CHECK(range.probability(pair_of("2d", "2h")) == Approx(1.0 / 80));
    CHECK(range.probability(pair_of("As", "Ks")) == Approx(0.5 / 80));
    CHECK(range.probability(pair_of("Kd", "Qd")) == 0);
    CHECK(range.probability(pair_of("2c", "2d")) == 0);  // LBR holds 2c
    // A flop of As 7h 9d: AA, 77 and 99 keep 3 combinations each (63 pairs in all), AK 12:
    // 63 + 6 = 69.
    range.remove(CardSet{}.add(card("As")).add(card("7h")).add(card("9d")));
    CHECK(range.total() == Approx(69));
    CHECK(range.probability(pair_of("Ah", "Ad")) == Approx(1.0 / 69));
    CHECK(range.probability(pair_of("Ah", "Kc")) == Approx(0.5 / 69));
    CHECK(range.probability(pair_of("As", "Ah")) == 0);
    // An action no hand of the range takes leaves the range as it was.
    std::array<double, kHolePairs> none{};
    CHECK_FALSE(range.update(none));
    CHECK(range.total() == Approx(69));
}

TEST_CASE("a bot that reports no probabilities is refused", "[lbr]") {
    const auto factory = make_bot_factory("equity");
    try {
        local_best_response(*factory, options_for(2, 1));
        FAIL("equity was not refused");
    } catch (const std::invalid_argument& error) {
        CHECK_THAT(error.what(), Catch::Contains("bot 'equity' reports no probabilities"));
    }
}

TEST_CASE("LBR refuses games and options it does not play", "[lbr]") {
    const auto factory = make_bot_factory("call");
    LbrOptions leduc = options_for(2, 1);
    leduc.game = GameDef::leduc(2, 100);
    leduc.game.reset_stacks_each_hand = true;
    CHECK_THROWS_WITH(local_best_response(*factory, leduc),
                      Catch::Contains("heads-up no-limit Texas hold'em"));
    CHECK_THROWS_WITH(local_best_response(*factory, options_for(0, 1)),
                      Catch::Contains("deals must be at least 1"));
    LbrOptions zero = options_for(2, 1);
    zero.pot_fractions = {0.0};
    CHECK_THROWS_WITH(local_best_response(*factory, zero), Catch::Contains("pot fraction"));
}

TEST_CASE("against fold LBR wins what a best response wins, and never more", "[lbr]") {
    // fold checks when it may and folds otherwise. A best response wins the small blind when
    // fold is the small blind (it folds preflop) and the big blind when LBR is (it raises, or
    // bets after the flop, and fold folds): 3 chips a deal, 1.5 a hand, 750 mbb/hand.
    const auto factory = make_bot_factory("fold");
    LbrOptions o = options_for(300, 7);
    o.preflop_raises = true;
    const LbrResult raising = local_best_response(*factory, o);
    CHECK(raising.hands == 600);
    CHECK(raising.sum == 3.0 * 300);
    CHECK(raising.sum_squares == 9.0 * 300);
    CHECK(raising.chips_per_hand() == 1.5);
    // Without preflop raises, LBR as the small blind calls or folds by its equity (the bet
    // that follows is not part of its local view), then bets the flop: at most 1.5 a hand.
    const LbrResult calling = local_best_response(*factory, options_for(300, 7));
    CHECK(calling.chips_per_hand() <= 1.5);
    CHECK(calling.chips_per_hand() > 1.4);
    CHECK(calling.range_misses == 0);
    CHECK(calling.bot_faults == 0);
}

TEST_CASE("LBR beats call, allin and random clearly", "[lbr]") {
    for (const char* spec : {"call", "random"}) {
        INFO(spec);
        const auto factory = make_bot_factory(spec);
        const LbrResult r = local_best_response(*factory, options_for(100, 3));
        CHECK(r.hands == 200);
        CHECK(r.range_misses == 0);
        CHECK(z_score(r) > 3);
    }
    // allin at 10 big blinds: LBR calls its shoves with the hands whose equity against every
    // hand pays the price, and folds the rest.
    const auto factory = make_bot_factory("allin");
    LbrOptions o = options_for(5000, 3);
    o.game = GameDef::no_limit_holdem(2, 20, 1, 2);
    o.game.reset_stacks_each_hand = true;
    const LbrResult r = local_best_response(*factory, o);
    CHECK(z_score(r) > 3);
}

TEST_CASE("LBR is a function of its seed", "[lbr]") {
    const auto factory = make_bot_factory("tag");
    const LbrResult a = local_best_response(*factory, options_for(60, 11));
    const LbrResult b = local_best_response(*factory, options_for(60, 11));
    const LbrResult c = local_best_response(*factory, options_for(60, 12));
    CHECK(a.sum == b.sum);
    CHECK(a.sum_squares == b.sum_squares);
    CHECK(a.chips_by_seat == b.chips_by_seat);
    CHECK(a.oracle_queries == b.oracle_queries);
    CHECK(a.lbr_decisions == b.lbr_decisions);
    CHECK(a.sum != c.sum);
}

TEST_CASE("LBR measures a C plugin through its reported strategy", "[lbr]") {
    const auto factory = make_bot_factory(std::string(PLUGIN_STRATEGY_BOT) + ":honest");
    const LbrResult r = local_best_response(*factory, options_for(40, 5));
    CHECK(r.hands == 80);
    CHECK(r.bot_faults == 0);
    CHECK(r.range_misses == 0);
    CHECK(r.oracle_queries > 80 * 1000);
}

namespace {

// The local rule of LBR on an exact tree (Kuhn, Leduc): at each of its information sets, seat
// `me` values each action assuming that afterwards both seats check or call to the end, but
// that after its raise the other seat folds as its strategy says; it plays the best, and its
// exact value against the strategy is returned.
class TreeLbr {
  public:
    TreeLbr(const GameTree& tree, const std::vector<InfoSetStrategy>& strategy, int me)
        : tree_(tree),
          strategy_(strategy),
          me_(me),
          local_(tree.info_sets.size(), InfoSetStrategy{}),
          choice_(tree.info_sets.size(), 0) {}

    double value() {
        for (const int root : tree_.roots)
            spread(root, tree_.deal_probability);
        for (std::size_t i = 0; i < choice_.size(); ++i) {
            const InfoSet& set = tree_.info_sets[i];
            for (int a = 1; a < set.num_actions; ++a)
                if (local_[i][static_cast<std::size_t>(a)] >
                    local_[i][static_cast<std::size_t>(choice_[i])] + 1e-12)
                    choice_[i] = a;
        }
        double total = 0;
        for (const int root : tree_.roots)
            total += tree_.deal_probability * play(root);
        return total;
    }

  private:
    const TreeNode& node(int n) const { return tree_.nodes[static_cast<std::size_t>(n)]; }
    const InfoSet& set_of(int n) const {
        return tree_.info_sets[static_cast<std::size_t>(node(n).info_set)];
    }
    int call_index(int n) const { return set_of(n).actions[0].kind == ActionKind::Fold ? 1 : 0; }

    double check_down(int n) const {
        while (node(n).seat >= 0)
            n = node(n).first_child + call_index(n);
        return node(n).payoff[static_cast<std::size_t>(me_)];
    }

    double local_value(int n, int a) const {
        const int child = node(n).first_child + a;
        if (set_of(n).actions[static_cast<std::size_t>(a)].kind != ActionKind::RaiseTo ||
            node(child).seat < 0)
            return check_down(child);
        const InfoSet& reply = set_of(child);
        const auto& p = strategy_[static_cast<std::size_t>(node(child).info_set)];
        const double fold = reply.actions[0].kind == ActionKind::Fold ? p[0] : 0;
        const double folded =
            fold > 0 ? node(node(child).first_child).payoff[static_cast<std::size_t>(me_)] : 0;
        return fold * folded + (1 - fold) * check_down(node(child).first_child + call_index(child));
    }

    // Chance times the other seat's reach, into each of me's information sets' local values.
    void spread(int n, double reach) {
        if (node(n).seat < 0) return;
        const auto info = static_cast<std::size_t>(node(n).info_set);
        for (int a = 0; a < set_of(n).num_actions; ++a) {
            const int child = node(n).first_child + a;
            if (node(n).seat == me_) {
                local_[info][static_cast<std::size_t>(a)] += reach * local_value(n, a);
                spread(child, reach);
            } else {
                spread(child, reach * strategy_[info][static_cast<std::size_t>(a)]);
            }
        }
    }

    double play(int n) const {
        if (node(n).seat < 0) return node(n).payoff[static_cast<std::size_t>(me_)];
        const auto info = static_cast<std::size_t>(node(n).info_set);
        if (node(n).seat == me_) return play(node(n).first_child + choice_[info]);
        double v = 0;
        for (int a = 0; a < set_of(n).num_actions; ++a)
            if (strategy_[info][static_cast<std::size_t>(a)] > 0)
                v += strategy_[info][static_cast<std::size_t>(a)] * play(node(n).first_child + a);
        return v;
    }

    const GameTree& tree_;
    const std::vector<InfoSetStrategy>& strategy_;
    int me_;
    std::vector<InfoSetStrategy> local_;
    std::vector<int> choice_;
};

}  // namespace

TEST_CASE("LBR's rule never wins more than the exact best response in Kuhn and Leduc", "[lbr]") {
    const GameTree kuhn = build_game_tree(GameDef::kuhn(2, 100));
    const GameTree leduc = build_game_tree(GameDef::leduc(2, 100));
    for (const GameTree* tree : {&kuhn, &leduc}) {
        for (const char* spec : {"call", "random", "fold", "allin", "cfr:iterations=10", "cfr"}) {
            INFO(spec << " in " << (tree == &kuhn ? "kuhn" : "leduc"));
            const auto strategy = bot_strategy(*tree, *make_bot_factory(spec));
            const Exploitability exact = exploitability(*tree, strategy);
            double lbr_sum = 0;
            for (int me = 0; me < 2; ++me) {
                const double lbr = TreeLbr(*tree, strategy, me).value();
                CHECK(lbr <= exact.best_response[static_cast<std::size_t>(me)] + 1e-9);
                lbr_sum += lbr;
            }
            // Against call the local rule is exact: nothing after its action depends on it.
            if (std::string(spec) == "call") CHECK(lbr_sum / 2 == Approx(exact.chips_per_hand));
        }
    }
}
