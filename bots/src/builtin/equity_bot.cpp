// `equity`: estimates its share of the pot against the live opponents holding random hands
// by Monte Carlo, and compares it with the pot odds.
//
// The estimate is the evaluator's monte_carlo_equity(): the library's SIMD sampling kernels
// with no allocation, checks or threads per call (on an Intel Xeon 9.7 times the samples per
// second of a Hand-by-Hand sampling loop heads-up, 6.6 times six-max; docs/benchmarks.md).
// Its deals come from a seed the bot draws from its own generator, and every kernel counts the
// same deals, so a bot's decisions for a seed are the same on every CPU.
//
// In Omaha the estimate is the evaluator's omaha_equity() (a scalar sampler: each Omaha deal
// values 60 hands a player, so `omaha_samples` defaults to fewer deals than hold'em's
// `samples`), of the high hand, or of both halves in hi-lo.
//
// In short-deck hold'em the SIMD kernels, which rank hold'em's hands over the 52-card deck, do
// not apply, and enumerating every deal (C(34, 2) * C(32, 5) heads-up before the flop) is far
// too slow for one decision: the equity is sampled over the short deck, `samples` deals drawn
// with the bot's own generator and valued by the short-deck evaluator.
//
// In Kuhn and Leduc (one hole card) the unseen cards are few (at most five
// for the opponent's card and the board in heads-up Leduc), so the equity is exact: every
// deal of the opponents' hole cards and the rest of the board from the deck is enumerated.
#include <algorithm>
#include <array>
#include <span>
#include <utility>

#include "builtin_bots.hpp"
#include "pokerarena/bots/rng.hpp"
#include "pokerarena/engine/hand_ranking.hpp"
#include "pokerarena/evaluator/equity.hpp"
#include "pokerarena/evaluator/omaha_equity.hpp"
#include "pokerarena/evaluator/short_deck.hpp"

namespace pokerarena::builtin {
namespace {

constexpr BotParamDef kParams[] = {
    {"samples", 1000, 1, 1'000'000, true, "Monte Carlo deals per decision"},
    {"aggression", 0.5, 0.0, 1.0, false,
     "lowers the equity needed to bet or raise for value (from 0.675 to 0.55 heads-up)"},
    {"bluff", 0.05, 0.0, 1.0, false, "chance to bet or raise a hand that would check or fold"},
    {"bet_size", 0.75, 0.1, 3.0, false, "bet and raise size, as a fraction of the pot"},
    {"omaha_samples", kOmahaEquitySamples, 1, 1'000'000, true,
     "Monte Carlo deals per decision in Omaha"},
};
enum Param { kSamples, kAggression, kBluff, kBetSize, kOmahaSamples };

class EquityBot final : public Bot {
  public:
    EquityBot(const BotParams& p, std::uint64_t seed) : rng_(seed) {
        samples_ = static_cast<int>(p[kSamples]);
        aggression_ = p[kAggression];
        bluff_ = p[kBluff];
        bet_size_ = p[kBetSize];
        omaha_samples_ = static_cast<int>(p[kOmahaSamples]);
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
    // two cards for each opponent (four and `omaha_samples_` deals in Omaha).
    double estimate_equity(const SeatView& view, int opponents) {
        if (view.ranking == HandRanking::ShortDeck) return sampled_equity(view, opponents);
        if (view.ranking == HandRanking::HighCard || view.ranking == HandRanking::PairOrHighCard)
            return exact_equity(view, opponents);
        const auto& hole = view.hole[view.seat];
        const std::span<const Card> board(view.board.data(),
                                          static_cast<std::size_t>(view.board_count));
        if (view.ranking == HandRanking::OmahaHigh || view.ranking == HandRanking::OmahaHiLo)
            return omaha_equity(std::span<const Card, 4>(hole.data(), 4), board, opponents,
                                static_cast<std::uint64_t>(omaha_samples_), rng_.next(),
                                view.ranking == HandRanking::OmahaHiLo);
        if (view.ranking != HandRanking::BestFive) return exact_equity(view, opponents);
        return monte_carlo_equity({hole[0], hole[1]}, board, opponents,
                                  static_cast<std::uint64_t>(samples_), rng_.next());
    }

  private:
    // The mean pot share over `samples_` deals of the rest of the board and two cards for each
    // opponent from the short deck without the known cards.
    double sampled_equity(const SeatView& view, int opponents) {
        const auto& hole = view.hole[view.seat];
        CardSet left = view.deck;
        left.remove(hole[0]);
        left.remove(hole[1]);
        Hand board;
        for (int i = 0; i < view.board_count; ++i) {
            board.add(view.board[i]);
            left.remove(view.board[i]);
        }
        std::array<Card, kNumCards> unseen{};
        int n = 0;
        for (Card c : left)
            unseen[n++] = c;
        const int missing = kMaxBoardCards - view.board_count;
        const int draws = missing + 2 * opponents;
        if (draws > n) return 0.0;
        double shares = 0;
        for (int i = 0; i < samples_; ++i) {
            // A partial Fisher-Yates shuffle draws the deal: each card uniform among those left.
            // The array stays a permutation of the unseen cards, so it needs no reset.
            for (int k = 0; k < draws; ++k)
                std::swap(unseen[k], unseen[k + rng_.below(static_cast<std::uint32_t>(n - k))]);
            Hand full_board = board;
            for (int k = 0; k < missing; ++k)
                full_board.add(unseen[k]);
            const HandValue own = evaluate_short_deck(full_board + hole[0] + hole[1]);
            int tied = 1;
            bool beaten = false;
            for (int o = 0; o < opponents && !beaten; ++o) {
                const Card* theirs = &unseen[missing + 2 * o];
                const HandValue value = evaluate_short_deck(full_board + theirs[0] + theirs[1]);
                beaten = value > own;
                tied += value == own;
            }
            if (!beaten) shares += 1.0 / tied;
        }
        return shares / samples_;
    }

    // The games of one hole card: Kuhn deals no board, Leduc one card (GameDef::validate).
    static int board_size(HandRanking ranking) {
        return ranking == HandRanking::PairOrHighCard ? 1 : 0;
    }

    // The mean pot share over every deal of one unseen card to each opponent and the missing
    // board cards from the deck without the known cards.
    static double exact_equity(const SeatView& view, int opponents) {
        const Card mine = view.hole[view.seat][0];
        CardSet unseen = view.deck;
        unseen.remove(mine);
        std::array<Card, kMaxBoardCards> board{};
        for (int i = 0; i < view.board_count; ++i) {
            board[i] = view.board[i];
            unseen.remove(board[i]);
        }
        const int missing = board_size(view.ranking) - view.board_count;
        std::array<Card, kMaxSeats + kMaxBoardCards> drawn{};
        const int draws = opponents + missing;
        double shares = 0;
        long deals = 0;
        // Depth-first: drawn[0..opponents) are the opponents' cards, the rest the board's.
        auto visit = [&](auto&& self, int depth, CardSet left) -> void {
            if (depth == draws) {
                for (int i = 0; i < missing; ++i)
                    board[view.board_count + i] = drawn[opponents + i];
                const int board_count = view.board_count + missing;
                const HandValue own = hand_value(view.ranking, &mine, 1, board.data(), board_count);
                int tied = 1;
                bool beaten = false;
                for (int o = 0; o < opponents && !beaten; ++o) {
                    const HandValue theirs =
                        hand_value(view.ranking, &drawn[o], 1, board.data(), board_count);
                    beaten = theirs > own;
                    tied += theirs == own;
                }
                if (!beaten) shares += 1.0 / tied;
                ++deals;
                return;
            }
            // The opponents are alike, so their cards are drawn as a set (each opponent's card
            // above the one before's): the same mean over opponents! times fewer deals.
            CardSet candidates = left;
            if (depth > 0 && depth < opponents)
                candidates =
                    CardSet{left.mask() & ~((std::uint64_t{2} << drawn[depth - 1].index()) - 1)};
            for (Card c : candidates) {
                drawn[depth] = c;
                self(self, depth + 1, CardSet{left.mask() & ~(std::uint64_t{1} << c.index())});
            }
        };
        visit(visit, 0, unseen);
        return deals > 0 ? shares / static_cast<double>(deals) : 0.0;
    }

    BotRng rng_;
    int samples_;
    int omaha_samples_;
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
