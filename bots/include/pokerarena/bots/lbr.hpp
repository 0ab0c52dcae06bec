// Local best response (LBR) in heads-up no-limit Texas hold'em: a lower bound on a bot's
// exploitability, after Lisy and Bowling, "Equilibrium Approximation Quality of Current
// No-Limit Poker Bots" (2017). docs/exploitability.md describes the method and its choices.
//
// - The bot's range: a weight for each of the 1,326 hole-card pairs. It starts at 1 for every
//   pair that holds neither of LBR's cards; each board card dealt removes the pairs that hold
//   it; after each of the bot's decisions every pair's weight is multiplied by the probability
//   that the bot takes the action it took holding that pair (Bayes' rule), asked of a second
//   instance of the bot (the oracle) at the same view with the pair as its cards.
// - LBR's decisions: it values fold (0), check/call and (after the flop, and preflop too with
//   `preflop_raises`) a raise to each of `pot_fractions` of the pot after a call, plus all-in,
//   assuming that after the action the hand is checked or called down: a raise's value uses the
//   bot's probability of folding to it (each pair's, asked of the oracle at the view after the
//   raise, weighted by the range) and LBR's equity against the pairs that do not fold. It
//   plays the best (ties to the first of fold, call, raises from the smallest).
// - Equity: LBR's share of the pot against each pair of the range at showdown, exact on the
//   river and the turn (every river card), and over `runouts` boards completed with cards
//   drawn from LBR's own generator preflop and on the flop; hands are valued with
//   evaluate_batch().
// - Play: deal d is played twice, LBR in seat 0 and then in seat 1, on tables with the same
//   seed and deal (the same cards for each seat; the button is seat d % 2 in both), both bot
//   instances getting new_match() before each of the two hands. The bot in play sees what
//   SeatDriver would show it (its events when it wants them); a decide() that throws or an
//   action the table refuses is a fault: the seat checks or folds, and the range is not
//   updated for it.
// - Determinism: the result is a pure function of the bot, the options and the seed.
// - The hot path (a decision) allocates nothing: every buffer is sized when an Lbr is made.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "pokerarena/bots/bot.hpp"
#include "pokerarena/bots/seat_driver.hpp"
#include "pokerarena/engine/game_def.hpp"
#include "pokerarena/evaluator/card.hpp"

namespace pokerarena {

inline constexpr int kHolePairs = 1326;

struct HolePair {
    Card low;
    Card high;
    CardSet cards() const { return CardSet{}.add(low).add(high); }
};

// Every pair of distinct cards, low index first, ordered by (high, low).
const std::array<HolePair, kHolePairs>& hole_pairs();
// The index in hole_pairs() of the pair {a, b} (in either order); a != b.
int hole_pair_index(Card a, Card b);

// The bot's range: a weight per hole-card pair.
class HandRange {
  public:
    // Every pair that holds no card of `dead` gets weight 1, the others 0.
    void reset(CardSet dead);
    // Zeroes the pairs that hold a card of `cards`.
    void remove(CardSet cards);
    // Multiplies weight i by likelihood[i] (0..1). When every weight would be 0 (the bot took
    // an action its reports give no pair of the range), nothing changes and it returns false.
    bool update(std::span<const double, kHolePairs> likelihood);
    double weight(int i) const { return weights_[static_cast<std::size_t>(i)]; }
    std::span<const double, kHolePairs> weights() const { return weights_; }
    double total() const;
    // Weight i over the total (0 when the total is 0).
    double probability(int i) const;

  private:
    std::array<double, kHolePairs> weights_{};
};

// The probability that `oracle` takes `action` at `view` (the seat to act's cards being
// whatever the view holds): action_probabilities(), else decide() and then last_strategy().
// Throws std::invalid_argument naming `spec` when the bot reports neither, when its strategy
// is invalid for the view, or when decide() throws.
double reported_probability(Bot& oracle, const SeatView& view, const Action& action,
                            const std::string& spec);

struct LbrOptions {
    // Heads-up no-limit hold'em (the simulator's default: blinds 1/2, stacks 200 big blinds),
    // a cash game.
    GameDef game = [] {
        GameDef g = GameDef::no_limit_holdem(2, 400, 1, 2);
        g.reset_stacks_each_hand = true;
        return g;
    }();
    std::int64_t deals = 1000;  // each played twice
    std::uint64_t seed = 0;
    std::vector<double> pot_fractions{1.0};  // raise sizes besides all-in
    bool preflop_raises = false;             // preflop: fold or check/call only unless true
    int runouts = 48;                        // boards drawn for the equity preflop and on the flop
    // Called after each hand with its record, the strategies the bot reported for its actions
    // (valid for their decisions; LBR's own actions have none: it plays pure) and LBR's seat:
    // what a caller needs to estimate the hand with AIVAT. Empty: not called.
    std::function<void(const HandRecord&, const HandStrategies&, int lbr_seat)> on_hand;
};

struct LbrResult {
    std::int64_t deals = 0;
    std::int64_t hands = 0;
    // Per deal: the chips LBR won over its two hands (for the interval).
    double sum = 0;
    double sum_squares = 0;
    std::array<double, 2> chips_by_seat{};  // LBR's chips in seat 0 and seat 1, in total
    std::int64_t bot_decisions = 0;
    std::int64_t lbr_decisions = 0;
    std::int64_t oracle_queries = 0;
    // Bot decisions whose action no pair of the range would take by the bot's reports (the
    // range was then kept as it was).
    std::int64_t range_misses = 0;
    std::int64_t bot_faults = 0;
    std::string first_fault;
    double chips_per_hand() const { return hands ? sum / static_cast<double>(hands) : 0; }
};

// Plays LBR against `factory`'s bot. Throws std::invalid_argument for a game other than
// heads-up no-limit Texas hold'em as a cash game, a bot that cannot play it (game_problem), or
// one that reports no probabilities (the message says so), options out of range (deals < 1,
// runouts < 1, a pot fraction not above 0).
LbrResult local_best_response(const BotFactory& factory, const LbrOptions& options);

}  // namespace pokerarena
