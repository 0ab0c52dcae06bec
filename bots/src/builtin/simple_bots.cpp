// The four simple bots: random, call, fold, allin. They are opponents to measure against
// and fixtures for tests, so each does exactly what its name says and nothing clever.

#include "builtin_bots.hpp"
#include "pokerarena/bots/rng.hpp"

namespace pokerarena::builtin {
namespace {

class RandomBot final : public Bot {
  public:
    explicit RandomBot(std::uint64_t seed) : rng_(seed) {}

    // Uniform over the kinds first, then over the amounts: uniform over all legal actions
    // would raise almost every time, since there are far more raise sizes than other actions.
    Action decide(const SeatView& view) override {
        const LegalActions& legal = view.legal;
        // The kinds open, in the order fold, check/call, raise; pick is an index into that
        // list, shifted past fold when folding is not open (so 1 is always check/call).
        const std::uint32_t open = 1u + legal.can_fold + legal.can_raise;
        const std::uint32_t pick = rng_.below(open) + !legal.can_fold;
        if (pick == 0) return Action::fold();
        if (pick == 1) return Action::check_call();
        return Action::raise_to(rng_.between(legal.min_raise_to, legal.max_raise_to));
    }
    // Each open kind 1 / (kinds open); the raise part covers every amount of the range.
    bool last_strategy(const SeatView& view, Strategy& out) override {
        const LegalActions& legal = view.legal;
        const double each = 1.0 / static_cast<double>(1 + legal.can_fold + legal.can_raise);
        out.clear();
        if (legal.can_fold) out.add({ActionKind::Fold, 0, 0, each});
        out.add({ActionKind::CheckCall, 0, 0, each});
        if (legal.can_raise)
            out.add({ActionKind::RaiseTo, legal.min_raise_to, legal.max_raise_to, each});
        return true;
    }
    ViewNeeds view_needs() const override { return ViewNeeds::LegalOnly; }

  private:
    BotRng rng_;
};

class CallBot final : public Bot {
  public:
    Action decide(const SeatView&) override { return Action::check_call(); }
    bool last_strategy(const SeatView&, Strategy& out) override {
        return point_mass(Action::check_call(), out);
    }
    ViewNeeds view_needs() const override { return ViewNeeds::Nothing; }
};

class FoldBot final : public Bot {
  public:
    Action decide(const SeatView& view) override { return check_or_fold(view.legal); }
    bool last_strategy(const SeatView& view, Strategy& out) override {
        return point_mass(decide(view), out);
    }
    ViewNeeds view_needs() const override { return ViewNeeds::LegalOnly; }
};

class AllInBot final : public Bot {
  public:
    Action decide(const SeatView& view) override {
        return raise_or_call(view.legal, view.legal.max_raise_to);
    }
    bool last_strategy(const SeatView& view, Strategy& out) override {
        return point_mass(decide(view), out);
    }
    ViewNeeds view_needs() const override { return ViewNeeds::LegalOnly; }
};

}  // namespace

std::unique_ptr<Bot> make_random(const BotParams&, std::uint64_t seed) {
    return std::make_unique<RandomBot>(seed);
}
std::unique_ptr<Bot> make_call(const BotParams&, std::uint64_t) {
    return std::make_unique<CallBot>();
}
std::unique_ptr<Bot> make_fold(const BotParams&, std::uint64_t) {
    return std::make_unique<FoldBot>();
}
std::unique_ptr<Bot> make_allin(const BotParams&, std::uint64_t) {
    return std::make_unique<AllInBot>();
}

}  // namespace pokerarena::builtin
