// `equity`: estimates its share of the pot against the live opponents holding random hands
// by Monte Carlo, and compares it with the pot odds.
//
// The estimate is the evaluator's monte_carlo_equity(): the library's SIMD sampling kernels
// with no allocation, checks or threads per call (on an Intel Xeon 9.7 times the samples per
// second of a Hand-by-Hand sampling loop heads-up, 6.6 times six-max; docs/benchmarks.md).
// Its deals come from a seed the bot draws from its own generator, and every kernel counts the
// same deals, so a bot's decisions for a seed are the same on every CPU.
#include <algorithm>
#include <span>

#include "builtin_bots.hpp"
#include "pokerarena/bots/rng.hpp"
#include "pokerarena/evaluator/equity.hpp"

namespace pokerarena::builtin {
namespace {

constexpr BotParamDef kParams[] = {
    {"samples", 1000, 1, 1'000'000, true, "Monte Carlo deals per decision"},
    {"aggression", 0.5, 0.0, 1.0, false,
     "lowers the equity needed to bet or raise for value (from 0.675 to 0.55 heads-up)"},
    {"bluff", 0.05, 0.0, 1.0, false, "chance to bet or raise a hand that would check or fold"},
    {"bet_size", 0.75, 0.1, 3.0, false, "bet and raise size, as a fraction of the pot"},
};
enum Param { kSamples, kAggression, kBluff, kBetSize };

class EquityBot final : public Bot {
  public:
    EquityBot(const BotParams& p, std::uint64_t seed) : rng_(seed) {
        samples_ = static_cast<int>(p[kSamples]);
        aggression_ = p[kAggression];
        bluff_ = p[kBluff];
        bet_size_ = p[kBetSize];
    }

    Action decide(const SeatView& view) override {
        const LegalActions& legal = view.legal;
        const int opponents = std::max(1, live_opponents(view));
        const double equity = estimate_equity(view, opponents);
        const double fair = 1.0 / (opponents + 1);
        // Value needs a margin over the fair share that shrinks with aggression, and a bit
        // more for each raise already made this round (raisers rarely hold random hands).
        const double value = fair + (1.0 - fair) * (0.35 - 0.25 * aggression_) +
                             0.05 * raises_in_round(view, view.round);
        const Chips size = pot_fraction_raise_to(view, bet_size_);

        if (equity >= value && legal.can_raise) return raise_or_call(legal, size);
        if (legal.can_check) {
            if (legal.can_raise && rng_.chance(bluff_)) return raise_or_call(legal, size);
            return Action::check_call();
        }
        if (equity >= pot_odds(view)) return Action::check_call();
        if (legal.can_raise && rng_.chance(bluff_)) return raise_or_call(legal, size);
        return Action::fold();
    }

    // The mean pot share over `samples_` deals of the unseen cards: the rest of the board and
    // two cards for each opponent.
    double estimate_equity(const SeatView& view, int opponents) {
        const auto& hole = view.hole[view.seat];
        return monte_carlo_equity(
            {hole[0], hole[1]},
            std::span<const Card>(view.board.data(), static_cast<std::size_t>(view.board_count)),
            opponents, static_cast<std::uint64_t>(samples_), rng_.next());
    }

  private:
    BotRng rng_;
    int samples_;
    double aggression_;
    double bluff_;
    double bet_size_;
};

}  // namespace

const std::span<const BotParamDef> kEquityParams{kParams};

std::unique_ptr<Bot> make_equity(const BotParams& params, std::uint64_t seed) {
    return std::make_unique<EquityBot>(params, seed);
}

}  // namespace pokerarena::builtin
