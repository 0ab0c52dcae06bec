// `equity`: estimates its share of the pot against the live opponents holding random hands
// by Monte Carlo, and compares it with the pot odds.
//
// Sampling is done here rather than through calculate_equity(): that API builds vectors and
// may start oneTBB workers per request, while a bot decides thousands of times per second
// on one thread and must not allocate. Each sample completes the board once as a Hand and
// adds each player's two cards to a copy (two additions and one table lookup per player),
// which is the cheapest evaluation the evaluator offers for shared-board showdowns. The batch
// kernels must first have every 7-card hand written out, which costs more than they save:
// bots_bench's showdowns_incremental vs showdowns_batch measure 14 vs 6 million samples/s
// against five opponents (AVX2).
#include <algorithm>
#include <array>

#include "builtin_bots.hpp"
#include "pokerarena/bots/rng.hpp"
#include "pokerarena/evaluator/evaluate.hpp"

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
    // two cards for each opponent. A partial Fisher-Yates shuffle draws only the cards a deal
    // needs; it leaves the deck permuted, which does not bias the next draw.
    double estimate_equity(const SeatView& view, int opponents) {
        const auto& hole = view.hole[view.seat];
        CardSet known;
        known.add(hole[0]).add(hole[1]);
        Hand board;
        for (int i = 0; i < view.board_count; ++i) {
            known.add(view.board[static_cast<std::size_t>(i)]);
            board.add(view.board[static_cast<std::size_t>(i)]);
        }
        int deck_size = 0;
        for (Card c : ~known)
            deck_[static_cast<std::size_t>(deck_size++)] = c;

        const int board_missing = 5 - view.board_count;
        const int needed = board_missing + 2 * opponents;
        const Hand mine = Hand{} + hole[0] + hole[1];
        double shares = 0;
        for (int n = 0; n < samples_; ++n) {
            for (int i = 0; i < needed; ++i) {
                const auto j = static_cast<std::size_t>(
                    i + static_cast<int>(rng_.below(static_cast<std::uint32_t>(deck_size - i))));
                std::swap(deck_[static_cast<std::size_t>(i)], deck_[j]);
            }
            Hand full_board = board;
            for (int i = 0; i < board_missing; ++i)
                full_board.add(deck_[static_cast<std::size_t>(i)]);
            const HandValue my_value = evaluate(full_board + mine);
            int tied = 0;
            bool lost = false;
            for (int o = 0; o < opponents && !lost; ++o) {
                const auto at = static_cast<std::size_t>(board_missing + 2 * o);
                const HandValue v = evaluate(full_board + deck_[at] + deck_[at + 1]);
                lost = v > my_value;
                tied += v == my_value;
            }
            if (!lost) shares += 1.0 / (tied + 1);
        }
        return shares / samples_;
    }

  private:
    BotRng rng_;
    int samples_;
    double aggression_;
    double bluff_;
    double bet_size_;
    std::array<Card, kNumCards> deck_{};
};

}  // namespace

const std::span<const BotParamDef> kEquityParams{kParams};

std::unique_ptr<Bot> make_equity(const BotParams& params, std::uint64_t seed) {
    return std::make_unique<EquityBot>(params, seed);
}

}  // namespace pokerarena::builtin
