#include "pokerarena/bots/seat_driver.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>

namespace pokerarena {

namespace {

// The view of a bot that declared ViewNeeds::Nothing. Never written, so a bot that reads it
// after all finds defaults, not what another seat last saw.
const SeatView kEmptyView{};

}  // namespace

const char* fault_kind_name(FaultKind k) {
    switch (k) {
        case FaultKind::IllegalAction:
            return "illegal action";
        case FaultKind::ErrorStatus:
            return "error status";
        case FaultKind::BadAnswer:
            return "bad answer";
        case FaultKind::Exception:
            return "exception";
        case FaultKind::Timeout:
            return "timeout";
        case FaultKind::Crash:
            return "crash";
        case FaultKind::Forfeit:
            return "forfeit";
    }
    return "unknown fault";
}

std::int64_t SeatFaults::total() const {
    std::int64_t sum = 0;
    for (std::int64_t n : count)
        sum += n;
    return sum;
}

SeatDriver::SeatDriver(Table& table, std::span<Bot* const> bots, std::uint64_t timing_seed)
    : table_(&table), num_seats_(table.game_def().num_seats), timing_rng_(timing_seed) {
    // The first countdown k follows the distance to the next timed decision in an endless run
    // of gaps, P(k) = (2G - k) / ((2G - 1) G) for k = 1 .. 2G - 1 (G = kTimingMeanGap), so
    // that the first decisions of a driver are timed with probability 1 / G like all others
    // (a short driver, one blind level of a sit-and-go, must not be over- or under-sampled).
    // That is the smaller of two different uniform picks from 1 .. 2G.
    constexpr std::uint32_t kTwoGaps = 2 * kTimingMeanGap;
    const std::uint32_t a = timing_rng_.below(kTwoGaps) + 1;
    std::uint32_t b = timing_rng_.below(kTwoGaps - 1) + 1;
    if (b >= a) ++b;
    until_timed_ = std::min(a, b);
    if (bots.size() != static_cast<std::size_t>(num_seats_)) {
        throw std::invalid_argument("SeatDriver: " + std::to_string(bots.size()) + " bots for " +
                                    std::to_string(num_seats_) + " seats");
    }
    for (std::size_t s = 0; s < bots.size(); ++s) {
        if (!bots[s])
            throw std::invalid_argument("SeatDriver: no bot for seat " + std::to_string(s));
        bots_[s] = bots[s];
        if (bots[s]->wants_events()) watching_ |= 1u << s;
        needs_[s] = bots[s]->view_needs();
    }
    legal_view_.num_seats = num_seats_;
    legal_view_.big_blind = table.game_def().big_blind;
    legal_view_.state = State::AwaitingAction;
    // Pausing on every event turns off the engine's fast path; it is paid only when a bot
    // watches the hand unfold. play_hand() needs HandEnded to know where a hand stops.
    table.set_pause_mask(watching_ != 0 ? kPauseOnEveryEvent
                                        : kDefaultPauseMask | pause_bit(EventKind::HandEnded));
}

void HandStrategies::clear() {
    slot_.fill(0);
    used_ = 0;
}

void HandStrategies::set(int k, const Strategy& strategy) {
    if (k < 0 || k >= kMaxRecordedActions) return;
    std::uint8_t& slot = slot_[static_cast<std::size_t>(k)];
    if (slot == 0) {
        if (used_ == strategies_.size()) strategies_.emplace_back();
        slot = static_cast<std::uint8_t>(++used_);
    }
    // Only the parts in use: a whole Strategy is 32 of them.
    Strategy& kept = strategies_[slot - 1u];
    std::copy_n(strategy.parts.begin(), strategy.size, kept.parts.begin());
    kept.size = strategy.size;
}

void SeatDriver::record_strategies(bool on) {
    if (!on) {
        recorded_.reset();
    } else if (!recorded_) {
        recorded_ = std::make_unique<Recorded>();
    }
}

const HandStrategies& SeatDriver::strategies() const {
    static const HandStrategies kNone;
    return recorded_ && recorded_->hand_number == table_->last_hand().hand_number ? recorded_->hand
                                                                                  : kNone;
}

void SeatDriver::ask_strategy(int seat) {
    Recorded& r = *recorded_;
    r.have_asked = false;
    // The view decide() just read, unchanged since (the table has not moved).
    const SeatView& view =
        needs_[static_cast<std::size_t>(seat)] == Bot::ViewNeeds::Nothing     ? kEmptyView
        : needs_[static_cast<std::size_t>(seat)] == Bot::ViewNeeds::LegalOnly ? legal_view_
                                                                              : view_;
    guarded(seat, "last_strategy", [&](Bot& bot) {
        r.asked.clear();
        r.have_asked = bot.last_strategy(view, r.asked);
    });
}

void SeatDriver::keep_strategy(int position, const Strategy& strategy) {
    Recorded& r = *recorded_;
    const int hand = table_->last_hand().hand_number;
    if (r.hand_number != hand) {
        r.hand.clear();
        r.hand_number = hand;
    }
    r.hand.set(position, strategy);
}

void SeatDriver::post_decisions(DecisionTicket* ticket) {
    ticket_ = ticket;
    posted_ = 0;
    for (int s = 0; s < num_seats_; ++s)
        if (ticket && bots_[static_cast<std::size_t>(s)]->posting()) posted_ |= 1u << s;
}

SeatDriver::HandStep SeatDriver::step_hand() {
    // Tested once a hand rather than at every decision: the test cost about 1% of a hand of
    // the simulator's bench when every seat is in process.
    // So is whether strategies are kept: a driver that keeps none tests nothing per decision.
    if (recorded_) return posted_ == 0 ? run_hand<false, true>() : run_hand<true, true>();
    return posted_ == 0 ? run_hand<false, false>() : run_hand<true, false>();
}

template <bool kPosts, bool kRecord>
SeatDriver::HandStep SeatDriver::run_hand() {
    for (;;) {
        const Event e = table_->advance();
        switch (e.kind) {
            case EventKind::ActionRequired:
                if (kPosts && ((posted_ >> e.seat) & 1u)) {
                    post_turn(e.seat);
                    return HandStep::Waiting;
                }
                take_turn<kRecord>(e.seat);
                break;
            case EventKind::GameOver:
                return HandStep::GameOver;
            case EventKind::HandEnded:
                forward(e);
                return HandStep::Ended;
            default:
                forward(e);
                break;
        }
    }
}

template <class Call>
void SeatDriver::guarded(int seat, const char* name, Call&& call) {
    try {
        call(*bots_[static_cast<std::size_t>(seat)]);
    } catch (const BotError& error) {
        record_fault(seat, error.kind(), error.what());
    } catch (const std::exception& error) {
        record_fault(seat, FaultKind::Exception,
                     (std::string(name) + " threw: " + error.what()).c_str());
    } catch (...) {
        record_fault(
            seat, FaultKind::Exception,
            (std::string(name) + " threw something not derived from std::exception").c_str());
    }
}

void SeatDriver::forward(const Event& e) {
    // A bot that does not want events has an on_event that does nothing: calling it for the
    // HandEnded of every hand cost two virtual calls a seat.
    const auto show = [&e](Bot& bot) { bot.on_event(e); };
    if (e.kind == EventKind::HoleCardsDealt) {
        if ((watching_ >> e.seat) & 1u) guarded(e.seat, "on_event", show);
        return;
    }
    for (unsigned m = watching_; m != 0; m &= m - 1)
        guarded(std::countr_zero(m), "on_event", show);
}

void SeatDriver::new_match() {
    for (int seat = 0; seat < num_seats_; ++seat)
        guarded(seat, "new_match", [](Bot& bot) { bot.new_match(); });
}

template <bool kRecord>
void SeatDriver::take_turn(int seat) {
    ++decisions_[static_cast<std::size_t>(seat)];
    Action action;
    try {
        if (--until_timed_ != 0) [[likely]]
            action = bots_[static_cast<std::size_t>(seat)]->decide(view_for(seat));
        else
            action = timed_decide(seat);
    } catch (const BotError& error) {
        return fall_back(seat, error.kind(), error.what());
    } catch (const std::exception& error) {
        return fall_back(seat, FaultKind::Exception, error.what());
    } catch (...) {
        return fall_back(seat, FaultKind::Exception,
                         "decide threw something not derived from std::exception");
    }
    if constexpr (kRecord) {
        const int position = table_->last_hand().num_actions;
        ask_strategy(seat);
        const Status status = table_->act(action);
        if (!status.ok()) return fall_back(seat, FaultKind::IllegalAction, status.message);
        if (recorded_->have_asked) keep_strategy(position, recorded_->asked);
        return;
    }
    const Status status = table_->act(action);
    if (!status.ok()) fall_back(seat, FaultKind::IllegalAction, status.message);
}

void SeatDriver::post_turn(int seat) {
    ++decisions_[static_cast<std::size_t>(seat)];
    waiting_seat_ = seat;
    // Timed as for every bot, one decision in kTimingMeanGap: here from the post to the
    // answer, which is what the table waits.
    waiting_timed_ = --until_timed_ == 0;
    if (waiting_timed_) {
        until_timed_ = timing_rng_.below(2 * kTimingMeanGap - 1) + 1;
        posted_at_ = std::chrono::steady_clock::now();
    }
    bots_[static_cast<std::size_t>(seat)]->posting()->post_decide(view_for(seat), ticket_);
}

void SeatDriver::resume(const RemoteDecision& decision, const Strategy* strategy) {
    const int seat = waiting_seat_;
    waiting_seat_ = -1;
    if (waiting_timed_) {
        DecisionTimes& times = times_[static_cast<std::size_t>(seat)];
        times.time += std::chrono::duration_cast<std::chrono::nanoseconds>(
            std::chrono::steady_clock::now() - posted_at_);
        ++times.sampled;
    }
    if (!decision.ok) return fall_back(seat, decision.fault, decision.message.c_str());
    const int position = table_->last_hand().num_actions;
    const Status status = table_->act(decision.action);
    if (!status.ok()) return fall_back(seat, FaultKind::IllegalAction, status.message);
    if (recorded_ && strategy) keep_strategy(position, *strategy);
}

const SeatView& SeatDriver::view_for(int seat) {
    switch (needs_[static_cast<std::size_t>(seat)]) {
        case Bot::ViewNeeds::Nothing:
            return kEmptyView;
        case Bot::ViewNeeds::LegalOnly:
            break;
        default:  // Full, and a value outside the enum: the whole view is always safe
            table_->update_view(seat, view_);
            return view_;
    }
    // A view of its own, never written with cards or stacks, so a bot that reads more than it
    // declared finds defaults rather than what another seat last saw.
    legal_view_.seat = seat;
    legal_view_.seat_to_act = seat;
    legal_view_.hand_number = table_->hand_number();
    legal_view_.button = table_->button();
    legal_view_.round = table_->round();
    legal_view_.legal = table_->legal_actions();
    return legal_view_;
}

Action SeatDriver::timed_decide(int seat) {
    until_timed_ = timing_rng_.below(2 * kTimingMeanGap - 1) + 1;
    const SeatView& view = view_for(seat);
    // A decide() that throws (a plugin's error status included) is timed too, up to the moment
    // its exception leaves this frame (so the throw's own cost is in it): otherwise the
    // estimate of all decisions would leave out a faulting bot's and fall short by its fault
    // rate.
    struct Clock {
        DecisionTimes& times;
        const std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
        ~Clock() {
            times.time += std::chrono::duration_cast<std::chrono::nanoseconds>(
                std::chrono::steady_clock::now() - start);
            ++times.sampled;
        }
    } clock{times_[static_cast<std::size_t>(seat)]};
    return bots_[static_cast<std::size_t>(seat)]->decide(view);
}

void SeatDriver::fall_back(int seat, FaultKind kind, const char* message) {
    record_fault(seat, kind, message);
    table_->act(table_->legal_actions().can_check ? Action::check_call() : Action::fold());
}

const SeatFaults& SeatDriver::faults(int seat) const {
    static const SeatFaults kNone{};
    return faults_ ? (*faults_)[static_cast<std::size_t>(seat)] : kNone;
}

void SeatDriver::record_fault(int seat, FaultKind kind, const char* message) {
    if (!faults_) faults_ = std::make_unique<std::array<SeatFaults, kMaxSeats>>();
    SeatFaults& f = (*faults_)[static_cast<std::size_t>(seat)];
    if (f.total() == 0) {
        f.first_message = "hand " + std::to_string(table_->hand_number()) + ", " +
                          fault_kind_name(kind) + ": " + message;
    }
    // Where a bot dropped out, which its first fault rarely says (the crashes come first).
    if (kind == FaultKind::Forfeit && f.of(FaultKind::Forfeit) == 0)
        f.first_forfeit = "hand " + std::to_string(table_->hand_number());
    ++f.count[static_cast<std::size_t>(kind)];
}

namespace {

void merge(SeatFaults& into, const SeatFaults& from) {
    if (into.first_message.empty()) into.first_message = from.first_message;
    if (into.first_forfeit.empty()) into.first_forfeit = from.first_forfeit;
    for (int k = 0; k < kNumFaultKinds; ++k)
        into.count[static_cast<std::size_t>(k)] += from.count[static_cast<std::size_t>(k)];
}

}  // namespace

DuplicateResult play_duplicate_heads_up(
    Bot& a, Bot& b, const DuplicateOptions& options,
    const std::function<void(int, const HandRecord&)>& on_hand) {
    GameDef game = options.game;
    if (game.num_seats != 2) {
        throw std::invalid_argument("duplicate heads-up match: the game has " +
                                    std::to_string(game.num_seats) + " seats, not 2");
    }
    if (!game.reset_stacks_each_hand) {
        throw std::invalid_argument(
            "duplicate heads-up match: the game must reset stacks each hand (a cash game), or "
            "the two halves would not replay the same deals");
    }
    if (options.deal_pairs < 1) {
        throw std::invalid_argument("duplicate heads-up match: deal_pairs = " +
                                    std::to_string(options.deal_pairs) + " is below 1");
    }
    if (const std::string why = game.validate(); !why.empty()) {
        throw std::invalid_argument("duplicate heads-up match: " + why);
    }
    game.max_hands = options.deal_pairs;

    DuplicateResult result;
    result.pair_net.assign(static_cast<std::size_t>(options.deal_pairs), 0);
    for (int half = 0; half < 2; ++half) {
        if (half == 1) {
            a.new_match();
            b.new_match();
        }
        Table table(game, options.seed, options.table_id);
        const std::array<Bot*, 2> seats =
            half == 0 ? std::array<Bot*, 2>{&a, &b} : std::array<Bot*, 2>{&b, &a};
        SeatDriver driver(table, seats);
        const int a_seat = half;
        std::size_t deal = 0;
        driver.play_hands(options.deal_pairs, [&](const HandRecord& record) {
            result.pair_net[deal++] += record.net[static_cast<std::size_t>(a_seat)];
            if (on_hand) on_hand(half, record);
        });
        merge(result.faults[0], driver.faults(a_seat));
        merge(result.faults[1], driver.faults(1 - a_seat));
        result.decisions[0] += driver.decisions(a_seat);
        result.decisions[1] += driver.decisions(1 - a_seat);
    }
    return result;
}

WinRate duplicate_win_rate(std::span<const Chips> pair_net, Chips big_blind) {
    WinRate w;
    w.pairs = static_cast<std::int64_t>(pair_net.size());
    if (pair_net.empty() || big_blind <= 0) return w;
    const double n = static_cast<double>(pair_net.size());
    double sum = 0;
    for (Chips c : pair_net)
        sum += static_cast<double>(c);
    const double mean = sum / n;
    // A pair is two hands; milli-big-blinds per hand = pair mean / 2 / big blind * 1000.
    const double scale = 1000.0 / (2.0 * static_cast<double>(big_blind));
    w.mbb_per_hand = mean * scale;
    if (pair_net.size() >= 2) {
        double squares = 0;
        for (Chips c : pair_net)
            squares += (static_cast<double>(c) - mean) * (static_cast<double>(c) - mean);
        const double standard_error = std::sqrt(squares / (n - 1.0) / n);
        w.ci95 = 1.96 * standard_error * scale;
    }
    return w;
}

}  // namespace pokerarena
