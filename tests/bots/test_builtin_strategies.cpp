// The built-in bots' reported strategies: legal, summing to one, covering the action played,
// and calibrated against the actions played over many decisions; and SeatDriver keeping them
// by the action's position in the hand record.
#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "play_helpers.hpp"

using namespace pokerarena;

namespace {

// What a checked bot's decisions came to.
struct Tally {
    std::int64_t decisions = 0, unreported = 0, bad_parts = 0, bad_totals = 0, uncovered = 0;
    std::int64_t folds = 0, calls = 0, raises = 0, ranged = 0;
    double expected_fold = 0, expected_call = 0, expected_raise = 0;
    double variance_fold = 0, variance_call = 0, variance_raise = 0, position_sum = 0;

    Tally& operator+=(const Tally& t) {
        decisions += t.decisions;
        unreported += t.unreported;
        bad_parts += t.bad_parts;
        bad_totals += t.bad_totals;
        uncovered += t.uncovered;
        folds += t.folds;
        calls += t.calls;
        raises += t.raises;
        ranged += t.ranged;
        expected_fold += t.expected_fold;
        expected_call += t.expected_call;
        expected_raise += t.expected_raise;
        variance_fold += t.variance_fold;
        variance_call += t.variance_call;
        variance_raise += t.variance_raise;
        position_sum += t.position_sum;
        return *this;
    }
};

// Plays `inner` and checks, at every decision, its reported strategy against what it did.
class CheckedBot final : public Bot {
  public:
    explicit CheckedBot(std::unique_ptr<Bot> inner) : inner_(std::move(inner)) {}

    Action decide(const SeatView& view) override {
        Tally& t = tally;
        const Action a = inner_->decide(view);
        Strategy s;
        if (!inner_->last_strategy(view, s)) {
            ++t.unreported;
            return a;
        }
        ++t.decisions;
        double total = 0;
        bool covered = false;
        const LegalActions& legal = view.legal;
        for (const StrategyPart& part : s.view()) {
            total += part.probability;
            if (!(part.probability > 0)) ++t.bad_parts;
            switch (part.kind) {
                case ActionKind::Fold:
                    if (!legal.can_fold) ++t.bad_parts;
                    t.expected_fold += part.probability;
                    t.variance_fold += part.probability * (1 - part.probability);
                    break;
                case ActionKind::CheckCall:
                    t.expected_call += part.probability;
                    t.variance_call += part.probability * (1 - part.probability);
                    break;
                case ActionKind::RaiseTo:
                    if (!legal.can_raise || part.lo < legal.min_raise_to ||
                        part.hi > legal.max_raise_to || part.lo > part.hi)
                        ++t.bad_parts;
                    t.expected_raise += part.probability;
                    t.variance_raise += part.probability * (1 - part.probability);
                    break;
            }
            if (part.kind == a.kind &&
                (a.kind != ActionKind::RaiseTo || (a.amount >= part.lo && a.amount <= part.hi))) {
                covered = true;
                // Where in its part's range the amount fell: uniform on [0, 1) when the part
                // is honest.
                if (a.kind == ActionKind::RaiseTo && part.hi > part.lo) {
                    const double u = static_cast<double>(a.amount - part.lo) /
                                     static_cast<double>(part.hi - part.lo + 1);
                    t.position_sum += u;
                    ++t.ranged;
                }
            }
        }
        if (std::abs(total - 1.0) > 1e-12) ++t.bad_totals;
        if (!covered) ++t.uncovered;
        t.folds += a.kind == ActionKind::Fold;
        t.calls += a.kind == ActionKind::CheckCall;
        t.raises += a.kind == ActionKind::RaiseTo;
        return a;
    }
    ViewNeeds view_needs() const override { return inner_->view_needs(); }

    Tally tally;

  private:
    std::unique_ptr<Bot> inner_;
};

// `spec` checked in every seat of a six-seat table of mixed stacks for `hands` hands.
std::vector<std::unique_ptr<CheckedBot>> play_checked(const std::string& spec, int hands,
                                                      std::uint64_t seed) {
    const auto factory = make_bot_factory(spec);
    std::vector<std::unique_ptr<CheckedBot>> bots;
    std::vector<Bot*> at;
    for (std::uint64_t s = 0; s < 6; ++s) {
        bots.push_back(std::make_unique<CheckedBot>(factory->create(seed * 10 + s)));
        at.push_back(bots.back().get());
    }
    Table table(test::mixed_stack_game(6), seed, 0);
    SeatDriver driver(table, at);
    driver.play_hands(hands, [](const HandRecord&) {});
    return bots;
}

// Each kind's count within 4.5 binomial standard deviations of the sum of its reported
// probabilities (a false alarm about once in 150,000 runs of a fixed seed, which this is).
void check_calibrated(const std::string& spec, int hands, std::uint64_t seed) {
    const auto bots = play_checked(spec, hands, seed);
    Tally all;
    for (const auto& b : bots)
        all += b->tally;
    INFO(spec << ": " << all.decisions << " decisions; folds " << all.folds << " (expected "
              << all.expected_fold << "), calls " << all.calls << " (" << all.expected_call
              << "), raises " << all.raises << " (" << all.expected_raise << ")");
    CHECK(all.decisions > 1000);
    CHECK(all.unreported == 0);
    CHECK(all.bad_parts == 0);
    CHECK(all.bad_totals == 0);
    CHECK(all.uncovered == 0);
    const auto within = [](std::int64_t seen, double expected, double variance) {
        return std::abs(static_cast<double>(seen) - expected) <= 4.5 * std::sqrt(variance) + 1e-9;
    };
    CHECK(within(all.folds, all.expected_fold, all.variance_fold));
    CHECK(within(all.calls, all.expected_call, all.variance_call));
    CHECK(within(all.raises, all.expected_raise, all.variance_raise));
    if (all.ranged > 100) {
        // A uniform position has mean 1/2 and variance about 1/12.
        const double n = static_cast<double>(all.ranged);
        CHECK(std::abs(all.position_sum / n - 0.5) <= 4.5 * std::sqrt(1.0 / 12.0 / n));
    }
}

}  // namespace

TEST_CASE("random reports its three parts, calibrated, raise amounts uniform", "[strategy]") {
    check_calibrated("random", 3000, 1);
}

TEST_CASE("call, fold and allin report point masses on what they play", "[strategy]") {
    check_calibrated("call", 500, 2);
    check_calibrated("fold", 500, 3);
    check_calibrated("allin", 500, 4);
}

TEST_CASE("tag reports its postflop mixing, calibrated against its actions", "[strategy]") {
    check_calibrated("tag", 6000, 5);
    check_calibrated("tag:aggression=1,tightness=0", 6000, 6);
}

TEST_CASE("equity reports no strategy", "[strategy]") {
    const auto bots = play_checked("equity:samples=50", 50, 7);
    std::int64_t unreported = 0, reported = 0;
    for (const auto& b : bots) {
        unreported += b->tally.unreported;
        reported += b->tally.decisions;
    }
    CHECK(unreported > 0);
    CHECK(reported == 0);
}

TEST_CASE("the driver keeps strategies by action position only when asked", "[strategy]") {
    const auto factory = make_bot_factory("random");
    std::vector<std::unique_ptr<Bot>> owned;
    std::vector<Bot*> at;
    for (std::uint64_t s = 0; s < 3; ++s) {
        owned.push_back(factory->create(40 + s));
        at.push_back(owned.back().get());
    }
    GameDef g = GameDef::no_limit_holdem(3, 200, 1, 2);
    g.reset_stacks_each_hand = true;
    Table table(g, 9, 0);
    SeatDriver driver(table, at);
    driver.play_hands(20, [&](const HandRecord& r) {
        for (int k = 0; k < r.num_actions; ++k)
            CHECK(driver.strategies().of_action(k) == nullptr);
    });
    driver.record_strategies(true);
    std::int64_t kept = 0;
    driver.play_hands(300, [&](const HandRecord& r) {
        for (int k = 0; k < r.num_actions; ++k) {
            const Strategy* s = driver.strategies().of_action(k);
            REQUIRE(s != nullptr);
            ++kept;
            // The action played is one of the parts.
            const RecordedAction& a = r.actions[static_cast<std::size_t>(k)];
            bool covered = false;
            for (const StrategyPart& part : s->view())
                covered = covered ||
                          (part.kind == a.kind && (a.kind != ActionKind::RaiseTo ||
                                                   (a.amount >= part.lo && a.amount <= part.hi)));
            CHECK(covered);
        }
        CHECK(driver.strategies().of_action(r.num_actions) == nullptr);
    });
    CHECK(kept > 300);
    driver.record_strategies(false);
    driver.play_hands(5, [&](const HandRecord& r) {
        for (int k = 0; k < r.num_actions; ++k)
            CHECK(driver.strategies().of_action(k) == nullptr);
    });
}

TEST_CASE("a decision replaced by a fault has no strategy", "[strategy]") {
    // Reports a strategy but raises below the minimum: the table refuses it.
    class Liar final : public Bot {
      public:
        Action decide(const SeatView& v) override {
            return Action::raise_to(v.legal.can_raise ? v.legal.min_raise_to - 1 : 1);
        }
        bool last_strategy(const SeatView&, Strategy& out) override {
            out.clear();
            out.add({ActionKind::CheckCall, 0, 0, 1.0});
            return true;
        }
    } liar;
    const auto call = make_bot_factory("call")->create(1);
    GameDef g = GameDef::no_limit_holdem(2, 200, 1, 2);
    g.reset_stacks_each_hand = true;
    Table table(g, 3, 0);
    std::vector<Bot*> at = {&liar, call.get()};
    SeatDriver driver(table, at);
    driver.record_strategies(true);
    int liar_actions = 0;
    driver.play_hands(10, [&](const HandRecord& r) {
        for (int k = 0; k < r.num_actions; ++k) {
            if (r.actions[static_cast<std::size_t>(k)].seat != 0) continue;
            ++liar_actions;
            CHECK(driver.strategies().of_action(k) == nullptr);
        }
    });
    CHECK(liar_actions > 0);
    CHECK(driver.faults(0).of(FaultKind::IllegalAction) == liar_actions);
}
