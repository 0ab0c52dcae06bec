#include "pokerarena/bots/lbr.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "pokerarena/bots/rng.hpp"
#include "pokerarena/bots/strategy.hpp"
#include "pokerarena/engine/table.hpp"
#include "pokerarena/evaluator/batch.hpp"
#include "pokerarena/evaluator/splitmix64.hpp"

namespace pokerarena {

const std::array<HolePair, kHolePairs>& hole_pairs() {
    static const std::array<HolePair, kHolePairs> pairs = [] {
        std::array<HolePair, kHolePairs> p{};
        std::size_t i = 0;
        for (int high = 1; high < kNumCards; ++high)
            for (int low = 0; low < high; ++low)
                p[i++] = {Card{low}, Card{high}};
        return p;
    }();
    return pairs;
}

int hole_pair_index(Card a, Card b) {
    const int high = std::max(a.index(), b.index());
    const int low = std::min(a.index(), b.index());
    return high * (high - 1) / 2 + low;
}

void HandRange::reset(CardSet dead) {
    const auto& pairs = hole_pairs();
    for (std::size_t i = 0; i < kHolePairs; ++i)
        weights_[i] = pairs[i].cards().intersects(dead) ? 0.0 : 1.0;
}

void HandRange::remove(CardSet cards) {
    const auto& pairs = hole_pairs();
    for (std::size_t i = 0; i < kHolePairs; ++i)
        if (pairs[i].cards().intersects(cards)) weights_[i] = 0;
}

bool HandRange::update(std::span<const double, kHolePairs> likelihood) {
    double after = 0;
    for (std::size_t i = 0; i < kHolePairs; ++i)
        after += weights_[i] * likelihood[i];
    if (!(after > 0)) return false;
    for (std::size_t i = 0; i < kHolePairs; ++i)
        weights_[i] *= likelihood[i];
    return true;
}

double HandRange::total() const {
    double sum = 0;
    for (const double w : weights_)
        sum += w;
    return sum;
}

double HandRange::probability(int i) const {
    const double sum = total();
    return sum > 0 ? weight(i) / sum : 0;
}

double reported_probability(Bot& oracle, const SeatView& view, const Action& action,
                            const std::string& spec) {
    // action_probabilities first: one call where decide() and last_strategy() are two.
    double p = 0;
    if (oracle.action_probabilities(view, std::span<const Action>(&action, 1),
                                    std::span<double>(&p, 1)))
        return std::clamp(p, 0.0, 1.0);
    try {
        oracle.decide(view);
    } catch (const std::exception& error) {
        throw std::invalid_argument("bot '" + spec + "': decide threw: " + error.what());
    }
    Strategy strategy;
    if (oracle.last_strategy(view, strategy)) {
        if (const std::string why = strategy_problem(strategy, view.legal); !why.empty())
            throw std::invalid_argument("bot '" + spec + "': its strategy is invalid: " + why);
        return strategy_probability(strategy, action);
    }
    throw std::invalid_argument(
        "bot '" + spec +
        "' reports no probabilities (neither action_probabilities nor last_strategy): local "
        "best response needs the bot's strategy for every hand it could hold");
}

namespace {

constexpr std::uint32_t kHandEndedMask = pause_bit(EventKind::HandEnded);

// One LBR player and the bot, with every buffer a decision needs.
class Lbr {
  public:
    Lbr(const BotFactory& factory, const LbrOptions& options)
        : factory_(factory),
          options_(options),
          player_(factory.create(splitmix64_mix(options.seed ^ 0x6c62722d706c6179ULL))),
          oracle_(factory.create(splitmix64_mix(options.seed ^ 0x6c62722d6f72636cULL))),
          wants_events_(player_->wants_events()) {
        sevens_.resize(kHolePairs);
        values_.resize(kHolePairs);
    }

    LbrResult run() {
        LbrResult result;
        for (std::int64_t deal = 0; deal < options_.deals; ++deal) {
            double pair = 0;
            for (int lbr_seat = 0; lbr_seat < 2; ++lbr_seat) {
                player_->new_match();
                oracle_->new_match();
                const double net = play_hand(deal, lbr_seat, result);
                result.chips_by_seat[static_cast<std::size_t>(lbr_seat)] += net;
                pair += net;
                ++result.hands;
            }
            result.sum += pair;
            result.sum_squares += pair * pair;
            ++result.deals;
        }
        return result;
    }

  private:
    double play_hand(std::int64_t deal, int lbr_seat, LbrResult& result) {
        const int bot_seat = 1 - lbr_seat;
        Table table(options_.game, options_.seed, 0, static_cast<std::uint64_t>(deal));
        table.set_button(static_cast<int>(deal & 1));
        table.set_pause_mask(wants_events_ ? kPauseOnEveryEvent : kHandEndedMask);
        rng_.reseed(
            splitmix64_mix(options_.seed +
                           kSplitMix64Gamma * static_cast<std::uint64_t>(2 * deal + lbr_seat + 1)));
        bool range_ready = false;
        int board_seen = 0;
        strategies_.clear();
        for (;;) {
            const Event e = table.advance();
            if (e.kind == EventKind::GameOver) break;
            if (e.kind == EventKind::HandEnded) {
                if (wants_events_) show(e, result);
                break;
            }
            if (e.kind != EventKind::ActionRequired) {
                if (e.kind != EventKind::HoleCardsDealt || e.seat == bot_seat) show(e, result);
                continue;
            }
            if (!range_ready) {
                const SeatView mine = table.view(lbr_seat);
                range_.reset(CardSet{}
                                 .add(mine.hole[static_cast<std::size_t>(lbr_seat)][0])
                                 .add(mine.hole[static_cast<std::size_t>(lbr_seat)][1]));
                range_ready = true;
            }
            const HandRecord& record = table.last_hand();
            if (record.board_count != board_seen) {
                CardSet board;
                for (int i = 0; i < record.board_count; ++i)
                    board.add(record.board[static_cast<std::size_t>(i)]);
                range_.remove(board);
                board_seen = record.board_count;
            }
            if (e.seat == bot_seat) {
                bot_decides(table, bot_seat, result);
            } else {
                table.update_view(lbr_seat, lbr_view_);
                ++result.lbr_decisions;
                table.act(lbr_action(table, lbr_seat, result));
            }
        }
        if (options_.on_hand) options_.on_hand(table.last_hand(), strategies_, lbr_seat);
        return static_cast<double>(table.last_hand().net[static_cast<std::size_t>(lbr_seat)]);
    }

    void show(const Event& e, LbrResult& result) {
        try {
            player_->on_event(e);
        } catch (const std::exception& error) {
            fault(result, std::string("on_event threw: ") + error.what());
        }
    }

    void fault(LbrResult& result, const std::string& why) {
        if (result.bot_faults++ == 0) result.first_fault = why;
    }

    void bot_decides(Table& table, int bot_seat, LbrResult& result) {
        table.update_view(bot_seat, bot_view_);
        ++result.bot_decisions;
        Action action;
        bool drawn = true;
        bool reported = false;
        try {
            action = player_->decide(bot_view_);
            reported = options_.on_hand && player_->last_strategy(bot_view_, reported_) &&
                       strategy_problem(reported_, bot_view_.legal).empty();
        } catch (const std::exception& error) {
            fault(result, std::string("decide threw: ") + error.what());
            drawn = false;
        }
        if (drawn) {
            // The likelihoods first: the view's history points into the table.
            query_view_ = bot_view_;
            likelihoods(query_view_, bot_seat, action, result);
            const int position = table.last_hand().num_actions;
            if (table.act(action).ok()) {
                if (reported) strategies_.set(position, reported_);
                if (!range_.update(likelihood_)) ++result.range_misses;
                return;
            }
            fault(result, "the table refused its action");
        }
        table.act(bot_view_.legal.can_check ? Action::check_call() : Action::fold());
    }

    // likelihood_[i]: the oracle's probability of `action` at `view` holding pair i, for the
    // pairs of the range with a weight (0 for the others).
    void likelihoods(SeatView& view, int seat, const Action& action, LbrResult& result) {
        const auto& pairs = hole_pairs();
        auto& hole = view.hole[static_cast<std::size_t>(seat)];
        for (std::size_t i = 0; i < kHolePairs; ++i) {
            likelihood_[i] = 0;
            if (range_.weight(static_cast<int>(i)) <= 0) continue;
            hole[0] = pairs[i].low;
            hole[1] = pairs[i].high;
            likelihood_[i] = reported_probability(*oracle_, view, action, factory_.spec());
            ++result.oracle_queries;
        }
    }

    Action lbr_action(const Table& table, int lbr_seat, LbrResult& result) {
        const SeatView& v = lbr_view_;
        const LegalActions& legal = v.legal;
        if (range_.total() <= 0) return Action::check_call();
        // Preflop without raises, a free check needs no equity.
        const bool raises = legal.can_raise && (v.round > 0 || options_.preflop_raises);
        if (legal.can_check && !raises) return Action::check_call();
        equities(v, lbr_seat);
        const double pot = static_cast<double>(v.pot);
        const double asked = static_cast<double>(legal.call_amount);
        double against_all = 0;
        double weight_all = 0;
        for (std::size_t i = 0; i < kHolePairs; ++i) {
            if (count_[i] == 0) continue;
            against_all += range_.weights()[i] * share_[i];
            weight_all += range_.weights()[i];
        }
        if (!(weight_all > 0)) return Action::check_call();
        const double wp = against_all / weight_all;
        Action best = Action::check_call();
        double best_value = wp * (pot + asked) - asked;
        if (legal.can_fold && 0 > best_value) {
            best = Action::fold();
            best_value = 0;
        }
        if (!raises) return best;
        const int bot_seat = 1 - lbr_seat;
        Chips previous = -1;
        const std::size_t sizes = options_.pot_fractions.size() + 1;
        for (std::size_t k = 0; k < sizes; ++k) {
            Chips to = legal.max_raise_to;
            if (k + 1 < sizes) {
                const double after_call = pot + asked;
                const auto raise =
                    static_cast<Chips>(std::llround(options_.pot_fractions[k] * after_call));
                to = std::clamp(v.current_bet + raise, legal.min_raise_to, legal.max_raise_to);
            }
            if (to <= previous) continue;
            previous = to;
            const double value = raise_value(table, lbr_seat, bot_seat, to, pot, result);
            if (value > best_value) {
                best = Action::raise_to(to);
                best_value = value;
            }
        }
        return best;
    }

    // LBR's value of raising to `to` now, against the range: the bot folds with its reported
    // probability, and otherwise calls and the hand is checked down.
    double raise_value(const Table& table, int lbr_seat, int bot_seat, Chips to, double pot,
                       LbrResult& result) {
        probe_ = table;
        if (!probe_.act(Action::raise_to(to)).ok()) return -INFINITY;
        Event e = probe_.advance();
        while (e.kind != EventKind::ActionRequired && e.kind != EventKind::HandEnded &&
               e.kind != EventKind::GameOver)
            e = probe_.advance();
        if (e.kind != EventKind::ActionRequired || e.seat != bot_seat) return -INFINITY;
        probe_.update_view(bot_seat, probe_view_);
        likelihoods(probe_view_, bot_seat, Action::fold(), result);
        const double lbr_bet =
            static_cast<double>(lbr_view_.bets[static_cast<std::size_t>(lbr_seat)]);
        const double bot_bet =
            static_cast<double>(lbr_view_.bets[static_cast<std::size_t>(bot_seat)]);
        const double bot_call = static_cast<double>(probe_view_.legal.call_amount);
        // What both put in when the bot calls: LBR up to the bot's new street total (more is
        // returned), the bot its call.
        const double lbr_adds = std::min(static_cast<double>(to), bot_bet + bot_call) - lbr_bet;
        double range_weight = 0;
        double fold_weight = 0;
        double call_weight = 0;
        double call_share = 0;
        for (std::size_t i = 0; i < kHolePairs; ++i) {
            const double w = range_.weights()[i];
            if (w <= 0 || count_[i] == 0) continue;
            range_weight += w;
            fold_weight += w * likelihood_[i];
            const double calls = w * (1 - likelihood_[i]);
            call_weight += calls;
            call_share += calls * share_[i];
        }
        if (!(range_weight > 0)) return -INFINITY;
        const double fp = fold_weight / range_weight;
        const double wp = call_weight > 0 ? call_share / call_weight : 0;
        return fp * pot + (1 - fp) * (wp * (pot + lbr_adds + bot_call) - lbr_adds);
    }

    // share_[i]: LBR's expected share of the pot at showdown against pair i of the range,
    // over count_[i] run-outs (0 for pairs with no weight or no run-out): every river card on
    // the turn, `runouts` drawn boards preflop and on the flop.
    void equities(const SeatView& v, int lbr_seat) {
        const auto& mine = v.hole[static_cast<std::size_t>(lbr_seat)];
        CardSet dead = CardSet{}.add(mine[0]).add(mine[1]);
        SevenCards base{};
        for (int i = 0; i < v.board_count; ++i) {
            dead.add(v.board[static_cast<std::size_t>(i)]);
            base.cards[i + 2] =
                static_cast<std::uint8_t>(v.board[static_cast<std::size_t>(i)].index());
        }
        share_.fill(0);
        count_.fill(0);
        live_count_ = 0;
        const auto& pairs = hole_pairs();
        for (std::size_t i = 0; i < kHolePairs; ++i) {
            if (range_.weights()[i] <= 0) continue;
            live_[live_count_] = static_cast<std::uint16_t>(i);
            live_mask_[live_count_++] = pairs[i].cards().mask();
        }
        const int missing = 5 - v.board_count;
        if (missing == 0) {
            add_runout(base, mine, CardSet{});
        } else if (missing == 1) {
            for (const Card river : ~dead) {
                base.cards[6] = static_cast<std::uint8_t>(river.index());
                add_runout(base, mine, CardSet{}.add(river));
            }
        } else {
            int left = 0;
            for (const Card c : ~dead)
                deck_[static_cast<std::size_t>(left++)] = c;
            for (int r = 0; r < options_.runouts; ++r) {
                CardSet drawn;
                for (int k = 0; k < missing; ++k) {
                    // A partial Fisher-Yates shuffle: positions k.. hold the cards not drawn.
                    const auto j = static_cast<std::size_t>(
                        k + static_cast<int>(rng_.below(static_cast<std::uint32_t>(left - k))));
                    std::swap(deck_[static_cast<std::size_t>(k)], deck_[j]);
                    const Card c = deck_[static_cast<std::size_t>(k)];
                    drawn.add(c);
                    base.cards[2 + v.board_count + k] = static_cast<std::uint8_t>(c.index());
                }
                add_runout(base, mine, drawn);
            }
        }
        for (std::size_t i = 0; i < kHolePairs; ++i)
            if (count_[i] > 0) share_[i] /= count_[i];
    }

    // One complete board (base.cards[2..6]; `fresh` its cards not yet dealt): LBR's result
    // against every pair of the range that holds none of them.
    void add_runout(SevenCards base, const std::array<Card, kMaxHoleCards>& mine, CardSet fresh) {
        const auto& pairs = hole_pairs();
        base.cards[0] = static_cast<std::uint8_t>(mine[0].index());
        base.cards[1] = static_cast<std::uint8_t>(mine[1].index());
        const HandValue hero = evaluate(base);
        const std::uint64_t fresh_mask = fresh.mask();
        std::size_t n = 0;
        for (std::size_t k = 0; k < live_count_; ++k) {
            if (live_mask_[k] & fresh_mask) continue;
            const HolePair& pair = pairs[live_[k]];
            SevenCards& hand = sevens_[n];
            hand = base;
            hand.cards[0] = static_cast<std::uint8_t>(pair.low.index());
            hand.cards[1] = static_cast<std::uint8_t>(pair.high.index());
            index_[n++] = live_[k];
        }
        evaluate_batch(std::span<const SevenCards>(sevens_.data(), n),
                       std::span<HandValue>(values_.data(), n));
        for (std::size_t k = 0; k < n; ++k) {
            const std::size_t i = index_[k];
            share_[i] += hero > values_[k] ? 1.0 : hero == values_[k] ? 0.5 : 0.0;
            ++count_[i];
        }
    }

    const BotFactory& factory_;
    const LbrOptions& options_;
    std::unique_ptr<Bot> player_;
    std::unique_ptr<Bot> oracle_;
    bool wants_events_;
    BotRng rng_;
    HandRange range_;
    SeatView bot_view_;
    SeatView query_view_;
    SeatView lbr_view_;
    SeatView probe_view_;
    Table probe_{options_.game, 0, 0};
    // The hand's strategies the bot reported (options_.on_hand's), and the last one read.
    HandStrategies strategies_;
    Strategy reported_;
    std::array<double, kHolePairs> likelihood_{};
    std::array<double, kHolePairs> share_{};
    std::array<int, kHolePairs> count_{};
    std::array<std::uint16_t, kHolePairs> index_{};
    // The pairs of the range with a weight, and their cards, for the run-outs of one decision.
    std::array<std::uint16_t, kHolePairs> live_{};
    std::array<std::uint64_t, kHolePairs> live_mask_{};
    std::size_t live_count_ = 0;
    std::array<Card, kNumCards> deck_{};
    std::vector<SevenCards> sevens_;
    std::vector<HandValue> values_;
};

void check_options(const BotFactory& factory, const LbrOptions& o) {
    const GameDef& g = o.game;
    if (const std::string why = g.validate(); !why.empty())
        throw std::invalid_argument("local best response: the game: " + why);
    if (g.num_seats != 2 || g.structure != BettingStructure::NoLimit || g.hole_cards != 2 ||
        g.num_rounds != 4 || g.ranking != HandRanking::BestFive ||
        g.deck() != CardSet{CardSet::kFullMask} || !g.reset_stacks_each_hand)
        throw std::invalid_argument(
            "local best response plays heads-up no-limit Texas hold'em as a cash game only");
    if (o.deals < 1) throw std::invalid_argument("local best response: deals must be at least 1");
    if (o.runouts < 1)
        throw std::invalid_argument("local best response: runouts must be at least 1");
    for (const double f : o.pot_fractions)
        if (!(f > 0) || !std::isfinite(f))
            throw std::invalid_argument("local best response: a pot fraction must be above 0");
    if (const std::string why = factory.game_problem(g); !why.empty())
        throw std::invalid_argument("bot '" + factory.spec() + "': " + why);
}

}  // namespace

LbrResult local_best_response(const BotFactory& factory, const LbrOptions& options) {
    check_options(factory, options);
    Lbr lbr(factory, options);
    return lbr.run();
}

}  // namespace pokerarena
