// `tag`: a tight-aggressive bot in the style of a careful regular.
//
// Preflop it ranks hands by Chen points and opens, 3-bets and calls with thresholds that
// loosen as fewer players are left to act behind it (position), shifted by `tightness`;
// with a short effective stack it plays push-or-fold. Postflop it reads its made hand
// relative to the board and its draws (hand_strength.hpp), bets and raises its strong hands
// in fractions of the pot, semi-bluffs and continuation-bets at a rate set by `aggression`,
// and calls only when the pot odds pay for its hand or draw.
//
// Its only randomness is postflop: a Mix, computed from the view alone, of at most a few
// chances taken in turn ("with probability p do a, else ...") and a last action. decide()
// draws from it one chance at a time; last_strategy() reports the distribution it induces.
#include <algorithm>
#include <array>

#include "builtin_bots.hpp"
#include "pokerarena/bots/hand_strength.hpp"
#include "pokerarena/bots/rng.hpp"

namespace pokerarena::builtin {
namespace {

constexpr BotParamDef kParams[] = {
    {"tightness", 0.5, 0.0, 1.0, false,
     "0 plays about twice as many hands preflop as 1; shifts every Chen threshold by 4 points"},
    {"aggression", 0.6, 0.0, 1.0, false,
     "how often medium hands bet, draws semi-bluff and misses continuation-bet"},
    {"bet_size", 0.66, 0.1, 3.0, false, "postflop bet and raise size, as a fraction of the pot"},
    {"open_size", 2.5, 2.0, 10.0, false, "preflop open raise-to, in big blinds (+1 per limper)"},
    {"three_bet", 3.0, 2.0, 6.0, false, "preflop re-raise-to, as a multiple of the bet faced"},
    {"short_stack", 15.0, 0.0, 100.0, false,
     "effective stack (big blinds) at or below which preflop is push-or-fold"},
};
enum Param { kTightness, kAggression, kBetSize, kOpenSize, kThreeBet, kShortStack };

class TagBot final : public Bot {
  public:
    TagBot(const BotParams& p, std::uint64_t seed) : rng_(seed) {
        tight_shift_ = (p[kTightness] - 0.5) * 4.0;
        aggression_ = p[kAggression];
        bet_size_ = p[kBetSize];
        open_size_ = p[kOpenSize];
        three_bet_ = p[kThreeBet];
        short_stack_ = p[kShortStack];
    }

    Action decide(const SeatView& view) override {
        last_mix_ = view.round == 0 ? Mix::only(preflop(view)) : postflop(view);
        return draw(last_mix_);
    }

    // The mix the last decide() drew from, kept rather than read from the view again.
    bool last_strategy(const SeatView&, Strategy& out) override {
        const Mix& mix = last_mix_;
        out.clear();
        double left = 1.0;
        const auto put = [&](const Action& a, double p) {
            if (p <= 0.0) return;
            const Chips amount = a.kind == ActionKind::RaiseTo ? a.amount : 0;
            for (std::uint32_t i = 0; i < out.size; ++i) {
                StrategyPart& part = out.parts[i];
                if (part.kind == a.kind && part.lo == amount) {
                    part.probability += p;
                    return;
                }
            }
            out.add({a.kind, amount, amount, p});
        };
        for (int i = 0; i < mix.steps; ++i) {
            const double p = std::clamp(mix.chance[i], 0.0, 1.0);
            put(mix.action[i], left * p);
            left *= 1.0 - p;
        }
        put(mix.otherwise, left);
        return true;
    }

  private:
    // "With probability chance[0] play action[0], else with chance[1] action[1], ..., else
    // otherwise".
    struct Mix {
        std::array<double, 3> chance{};
        std::array<Action, 3> action{};
        int steps = 0;
        Action otherwise;

        static Mix only(Action a) {
            Mix m;
            m.otherwise = a;
            return m;
        }
        void maybe(double p, Action a) {
            chance[steps] = p;
            action[steps++] = a;
        }
        Mix& then(Action a) {
            otherwise = a;
            return *this;
        }
    };

    Action draw(const Mix& mix) {
        for (int i = 0; i < mix.steps; ++i)
            if (rng_.chance(mix.chance[i])) return mix.action[i];
        return mix.otherwise;
    }

    // The stack the seat can win or lose against its deepest live opponent, in big blinds.
    double effective_stack_bb(const SeatView& view) const {
        Chips deepest = 0;
        for (int s = 0; s < view.num_seats; ++s) {
            const bool live = ((view.dealt_in & ~view.folded) >> s) & 1;
            if (live && s != view.seat) deepest = std::max(deepest, view.stacks[s] + view.bets[s]);
        }
        const Chips mine = view.stacks[view.seat] + view.bets[view.seat];
        return static_cast<double>(std::min(mine, deepest)) /
               static_cast<double>(std::max<Chips>(view.big_blind, 1));
    }

    Action preflop(const SeatView& view) const {
        const LegalActions& legal = view.legal;
        const auto& hole = view.hole[view.seat];
        const double chen = chen_score(hole[0], hole[1]);
        const Position pos =
            preflop_position(view.dealt_in, view.num_seats, view.button, view.seat);
        const int raises = raises_in_round(view, 0);
        const Chips bb = view.big_blind;
        // Chen thresholds: about 10 points with five or more players behind (roughly the top
        // 10% of hands), 0.9 less per player fewer, down to ~6 on the small blind.
        const double open = std::min(10.0, 5.0 + 0.9 * pos.behind()) + tight_shift_;
        const double reraise = 10.5 + tight_shift_;
        const double four_bet = 13.0 + tight_shift_;

        if (effective_stack_bb(view) <= short_stack_) {
            const double shove = raises == 0 ? open - 1.0 : reraise - 1.0;
            if (chen >= shove) return raise_or_call(legal, legal.max_raise_to);
            return check_or_fold(legal);
        }
        if (raises == 0) {
            if (chen >= open) {
                const int limpers = limpers_before(view);
                return raise_or_call(
                    legal, static_cast<Chips>((open_size_ + limpers) * static_cast<double>(bb)));
            }
            return check_or_fold(legal);
        }
        if (raises == 1) {
            if (chen >= reraise) {
                return raise_or_call(
                    legal, static_cast<Chips>(three_bet_ * static_cast<double>(view.current_bet)));
            }
            // Call an open with hands just below the opening range; the big blind, closing
            // the action with a discount, calls a point wider.
            const double call = open - 1.0 - (pos.behind() == 0 ? 1.0 : 0.0);
            const bool cheap = legal.call_amount <= view.stacks[view.seat] / 10;
            if (chen >= std::max(call, 7.0 + tight_shift_) && cheap) return Action::check_call();
            return check_or_fold(legal);
        }
        if (chen >= four_bet) return raise_or_call(legal, legal.max_raise_to);
        if (chen >= reraise + 1.0) return Action::check_call();
        return check_or_fold(legal);
    }

    static int limpers_before(const SeatView& view) {
        int limpers = 0;
        for (const RecordedAction& a : view.actions) {
            if (a.round == 0 && a.kind == ActionKind::CheckCall && a.amount > 0) ++limpers;
        }
        return limpers;
    }

    // True when this seat made the last raise of the previous round.
    static bool was_aggressor(const SeatView& view) {
        int last_raiser = -1;
        for (const RecordedAction& a : view.actions) {
            if (a.round == view.round - 1 && a.kind == ActionKind::RaiseTo) last_raiser = a.seat;
        }
        return last_raiser == view.seat;
    }

    Mix postflop(const SeatView& view) const {
        const LegalActions& legal = view.legal;
        const auto& hole = view.hole[view.seat];
        const PostflopRead read = classify_postflop(
            hole[0], hole[1], std::span<const Card>(view.board.data(), view.board_count));
        const Chips bet = pot_fraction_raise_to(view, bet_size_);
        // Rule of four and two: the chance to hit by the river from the flop, by the next card
        // on the turn.
        const double draw_equity = read.outs * (view.board_count == 3 ? 0.04 : 0.02);
        const bool big_draw = read.outs >= 8;
        Mix mix;

        if (legal.can_check) {
            switch (read.made) {
                case MadeHand::Monster:
                case MadeHand::Strong:
                    return Mix::only(raise_or_call(legal, bet));
                case MadeHand::Medium:
                    mix.maybe(0.5 * aggression_, raise_or_call(legal, bet));
                    return mix.then(Action::check_call());
                case MadeHand::Weak:
                case MadeHand::Nothing:
                    break;
            }
            if (big_draw) mix.maybe(aggression_, raise_or_call(legal, bet));
            const bool cbet_spot =
                view.board_count == 3 && was_aggressor(view) && live_opponents(view) <= 2;
            if (cbet_spot) mix.maybe(0.8 * aggression_, raise_or_call(legal, bet));
            return mix.then(Action::check_call());
        }

        const double odds = pot_odds(view);
        const int raises = raises_in_round(view, view.round);
        switch (read.made) {
            case MadeHand::Monster:
                mix.maybe(0.5 + 0.5 * aggression_,
                          raise_or_call(legal, std::max(bet, 3 * view.current_bet)));
                return mix.then(Action::check_call());
            case MadeHand::Strong:
                if (odds <= (raises >= 2 ? 0.3 : 0.45)) return Mix::only(Action::check_call());
                break;
            case MadeHand::Medium:
                if (odds <= 0.3 && raises <= 1) return Mix::only(Action::check_call());
                break;
            case MadeHand::Weak:
                if (odds <= 0.2 && raises <= 1) return Mix::only(Action::check_call());
                break;
            case MadeHand::Nothing:
                break;
        }
        if (read.outs >= 12 && raises <= 1)
            mix.maybe(0.25 * aggression_,
                      raise_or_call(legal, std::max(bet, 3 * view.current_bet)));
        return mix.then(draw_equity >= odds ? Action::check_call() : check_or_fold(legal));
    }

    BotRng rng_;
    Mix last_mix_;
    double tight_shift_;
    double aggression_;
    double bet_size_;
    double open_size_;
    double three_bet_;
    double short_stack_;
};

}  // namespace

const std::span<const BotParamDef> kTagParams{kParams};

std::unique_ptr<Bot> make_tag(const BotParams& params, std::uint64_t seed) {
    return std::make_unique<TagBot>(params, seed);
}

}  // namespace pokerarena::builtin
