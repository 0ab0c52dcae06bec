// Playing bots at a table, and duplicate heads-up matches.
//
// SeatDriver guarantees
// - One Bot per seat (not owned); the driver calls decide() for the seat to act and forwards
//   to every bot that wants_events() each event of the hand except ActionRequired, and
//   HoleCardsDealt only to the seat it belongs to (a bot never sees another seat's cards
//   before showdown). Bots that do not want events are shown none. Events are paused on
//   only when some seated bot wants them; otherwise the table runs its fast path.
// - A bot that declares Bot::ViewNeeds::LegalOnly gets a view with only the fields that
//   declaration names, one that declares Nothing a view with every field at its default;
//   every other bot gets exactly Table::view() of its seat.
// - The fault rule: when decide() throws, or the table rejects its action, the seat checks
//   if that is free and folds otherwise; the fault is counted for the seat by kind, with the
//   first message kept ("hand 12, illegal action: raise to 150 is below the minimum raise
//   to 200"), and play goes on. Chips stay conserved because only legal actions ever reach the
//   table.
// - A bot whose on_event() throws (a plugin that lets an exception escape: BotError) gets a
//   fault of the exception's kind with its message, and play goes on (there is no action to
//   replace). new_match() does the same for the bots' new_match().
// - Decision times are sampled: about one decide() in kTimingMeanGap is timed with a clock
//   read (DecisionTimes); the others cost a countdown. The gaps between timed decisions come
//   from their own generator, seeded by the host, so play never depends on them.
// - play_hand() allocates nothing (apart from the first fault of the driver and the first fault
//   message of a seat).
// - Strategies (record_strategies(true); off by default, and then nothing is asked or kept):
//   after each decision whose action the table took, the strategy its bot reported for it
//   (Bot::last_strategy right after a decide(), the strategy given to resume()) is kept
//   by the decision's position in the hand record's actions, for the hand in progress or just
//   finished (strategies()). A decision replaced by a fault has none. Keeping them allocates
//   only while the first hands grow the store; a last_strategy() that throws is a fault of the
//   seat, as for on_event, and its action stands.
// - Decisions in flight: after post_decisions(ticket), a seat whose bot takes posted
//   decisions (Bot::posting(): a process bot, or a bot answering queues in this process) is
//   not waited for. step_hand() posts its request with `ticket` and
//   returns Waiting, the table paused in AwaitingAction; once the ticket has the answer, the
//   owner calls resume() with it (the action, or the fault that replaced it) and steps on.
//   Nothing else changes: the same faults, the same events, the same hands. Without
//   post_decisions, such a bot's decide() waits for its answer like any other bot's.
//
// play_duplicate_heads_up guarantees
// - Deal i is played twice on tables with the same seed and table id, so the cards of every
//   seat and the button are the same: first with bot A in seat 0 and B in seat 1, then with
//   the seats swapped. Before the second half both bots get new_match(). Stacks reset every
//   hand (the game must be a cash game), so the deals of both halves are identical.
// - pair_net[i] is what A won in deal i over both halves; the luck of the cards cancels
//   except where the bots' different actions lead to different cards being seen.
// - Rejects (std::invalid_argument) a game that is not heads-up, not a cash game
//   (reset_stacks_each_hand), or not playable, and deal_pairs < 1.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "pokerarena/bots/bot.hpp"
#include "pokerarena/bots/process_bot.hpp"
#include "pokerarena/bots/rng.hpp"
#include "pokerarena/engine/table.hpp"

namespace pokerarena {

struct SeatFaults {
    std::array<std::int64_t, kNumFaultKinds> count{};  // by FaultKind
    std::string first_message;                         // "" when there was no fault
    std::string first_forfeit;  // "hand 12": where the first Forfeit fault was; "" when none

    std::int64_t total() const;
    std::int64_t of(FaultKind k) const { return count[static_cast<std::size_t>(k)]; }
};

// The decisions of a seat that were timed, and their total time, decisions that threw
// included. Every decision is timed with probability exactly 1 / kTimingMeanGap, so
// time * kTimingMeanGap estimates the time of all of them without bias, however few were
// timed (SeatDriver::estimated_decision_time).
struct DecisionTimes {
    std::int64_t sampled = 0;
    std::chrono::nanoseconds time{0};
};

// The strategies of one hand's decisions, by the decision's position k in the hand record's
// actions (k < kMaxRecordedActions). Allocates only to grow.
class HandStrategies {
  public:
    HandStrategies() { strategies_.reserve(16); }
    void clear();
    // Keeps `strategy` for action k (replacing what action k had); k outside
    // 0 .. kMaxRecordedActions - 1 is ignored.
    void set(int k, const Strategy& strategy);
    // The strategy of action k, or nullptr.
    const Strategy* of_action(int k) const {
        if (k < 0 || k >= kMaxRecordedActions) return nullptr;
        const std::uint8_t slot = slot_[static_cast<std::size_t>(k)];
        return slot == 0 ? nullptr : &strategies_[slot - 1u];
    }

  private:
    std::array<std::uint8_t, kMaxRecordedActions> slot_{};  // 0: none, else index + 1
    std::vector<Strategy> strategies_;                      // the first used_ are this hand's
    std::size_t used_ = 0;
};

class SeatDriver {
  public:
    // The mean gap between timed decisions. A clock read (steady_clock, a vDSO call) costs
    // about as much as a whole decision of the `call` bot, so timing every decision would
    // slow cheap bots down and inflate their figure. The gap is drawn uniformly from
    // 1 .. 2 * kTimingMeanGap - 1: a fixed period would alias with the bots' own rhythm (call
    // against call makes the same number of decisions every hand, so every 64th decision
    // would always fall on the same street).
    static constexpr std::uint32_t kTimingMeanGap = 64;

    // bots[s] plays seat s, for every seat of the table's game; throws std::invalid_argument
    // when bots.size() differs from the number of seats or a bot is null. Sets the table's
    // pause mask to every event when some bot wants_events(), else to ActionRequired,
    // HandEnded and GameOver only. timing_seed seeds the gaps between timed decisions; hosts
    // that build many drivers give each its own, so that the first timed decision of a short
    // match does not always fall on the same one.
    SeatDriver(Table& table, std::span<Bot* const> bots, std::uint64_t timing_seed = 0);

    // Plays until the hand in progress (or the next one) has ended and returns true, or
    // returns false once the match is over (GameOver). The finished hand is
    // table().last_hand(). Not after post_decisions() (use step_hand()).
    bool play_hand() { return step_hand() == HandStep::Ended; }

    // Decisions of process bots are posted with `ticket` from now on (see above).
    void post_decisions(DecisionTicket* ticket);
    enum class HandStep : std::uint8_t { Ended, GameOver, Waiting };
    // As play_hand(), but returns Waiting when a posted decision must be answered first.
    HandStep step_hand();
    // The answer for the seat step_hand() left Waiting: its action is played (an illegal one
    // is a fault, as for any bot), or the fault that replaces it is counted. `strategy`: the
    // one its answer reported (DecisionTicket::answered), or null.
    void resume(const RemoteDecision& decision, const Strategy* strategy);

    // Keep the bots' strategies from now on (see above), or stop.
    void record_strategies(bool on);
    // The strategies of the hand in progress or just finished (none when not recording).
    const HandStrategies& strategies() const;

    // Tells every seated bot new_match() (between two matches at this table); a bot that throws
    // gets a fault, as for on_event.
    void new_match();

    // Plays up to `hands` hands, calling on_hand(table().last_hand()) after each; returns the
    // number played (fewer only when the match ends).
    template <typename OnHand>
    int play_hands(int hands, OnHand&& on_hand) {
        int played = 0;
        while (played < hands && play_hand()) {
            ++played;
            on_hand(table_->last_hand());
        }
        return played;
    }

    Table& table() { return *table_; }
    const SeatFaults& faults(int seat) const;
    // Decisions asked of the seat's bot so far.
    std::int64_t decisions(int seat) const { return decisions_[static_cast<std::size_t>(seat)]; }
    const DecisionTimes& decision_times(int seat) const {
        return times_[static_cast<std::size_t>(seat)];
    }
    // The estimated time of all the seat's decisions: its timed ones times kTimingMeanGap.
    std::chrono::nanoseconds estimated_decision_time(int seat) const {
        return decision_times(seat).time * kTimingMeanGap;
    }

  private:
    // take_turn and view_for are defined in seat_driver.cpp and forced into play_hand(): as
    // calls, their register saves and the engine's inlined act() and legal actions around
    // them cost about 230 instructions a heads-up hand of random vs call (8%).
    // kRecord: strategies are kept (record_strategies).
    template <bool kRecord>
    [[gnu::always_inline]] inline void take_turn(int seat);
    // The view for the seat to act, as its bot declared: the whole view; for LegalOnly,
    // legal_view_ with only the fields that declaration names; for Nothing, an empty view.
    [[gnu::always_inline]] inline const SeatView& view_for(int seat);
    // decide() between two clock reads, and the next gap.
    Action timed_decide(int seat);
    // Posts the seat's decision (post_decisions) and leaves it waiting.
    void post_turn(int seat);
    // step_hand() for a table with (kPosts) or without posted seats, keeping the strategies
    // (kRecord) or not.
    template <bool kPosts, bool kRecord>
    HandStep run_hand();
    // Right after the seat's decide(): its reported strategy, into recorded_->asked.
    void ask_strategy(int seat);
    // Keeps `strategy` for the action at `position` of the hand in progress.
    void keep_strategy(int position, const Strategy& strategy);
    // Counts the fault and plays check-or-fold for the seat.
    void fall_back(int seat, FaultKind kind, const char* message);
    void record_fault(int seat, FaultKind kind, const char* message);
    void forward(const Event& e);
    // Runs call() on the seat's bot, counting a fault if it throws ("NAME threw: ..."): for the
    // calls with no action to replace (on_event, new_match), after which play goes on. Forced
    // into forward(): as a call per bot and event it cost about 2.5% of a run of two
    // event-watching plugins.
    template <class Call>
    [[gnu::always_inline]] inline void guarded(int seat, const char* name, Call&& call);

    Table* table_;
    int num_seats_;
    std::array<Bot*, kMaxSeats> bots_{};
    // Made at the first fault: most drivers have none, and a driver in each of thousands of
    // tables in flight is better without 800 bytes of zeros.
    std::unique_ptr<std::array<SeatFaults, kMaxSeats>> faults_;
    std::array<std::int64_t, kMaxSeats> decisions_{};
    std::array<DecisionTimes, kMaxSeats> times_{};
    BotRng timing_rng_;          // the gaps between timed decisions, and nothing else
    std::uint32_t until_timed_;  // decisions until the next timed one, counting it
    std::array<Bot::ViewNeeds, kMaxSeats> needs_{};  // bots_[s]->view_needs()
    unsigned watching_ = 0;                          // bit s: bots_[s]->wants_events()
    // Bit s: bots_[s] is a process bot whose decisions are posted (post_decisions).
    unsigned posted_ = 0;
    DecisionTicket* ticket_ = nullptr;
    int waiting_seat_ = -1;  // the seat whose posted decision is awaited
    bool waiting_timed_ = false;
    std::chrono::steady_clock::time_point posted_at_{};
    // Made by record_strategies(true): the strategies of hand `hand_number`, and the one last
    // asked for.
    struct Recorded {
        HandStrategies hand;
        int hand_number = -1;
        Strategy asked;
        bool have_asked = false;
    };
    std::unique_ptr<Recorded> recorded_;
    // Rewritten in place for every decision (Table::update_view).
    SeatView view_;
    SeatView legal_view_;
};

struct DuplicateOptions {
    GameDef game = [] {
        GameDef g = GameDef::no_limit_holdem(2, 200, 1, 2);  // 100 big blinds
        g.reset_stacks_each_hand = true;
        return g;
    }();
    std::uint64_t seed = 1;
    std::uint64_t table_id = 0;
    int deal_pairs = 1000;
};

struct DuplicateResult {
    std::vector<Chips> pair_net;       // chips bot A won per deal, both halves together
    std::array<SeatFaults, 2> faults;  // of bot A and bot B, both halves together
    std::array<std::int64_t, 2> decisions{};
};

// `on_hand(half, record)` (optional) sees every hand; half 0 has A in seat 0, half 1 in seat 1.
DuplicateResult play_duplicate_heads_up(
    Bot& a, Bot& b, const DuplicateOptions& options,
    const std::function<void(int half, const HandRecord&)>& on_hand = {});

// A win rate over duplicate pairs in milli-big-blinds per hand (each pair is two hands),
// with the half-width of its 95% confidence interval (normal approximation, 1.96 standard
// errors of the pair mean). ci95 is 0 with fewer than two pairs.
struct WinRate {
    double mbb_per_hand = 0;
    double ci95 = 0;
    std::int64_t pairs = 0;
};
WinRate duplicate_win_rate(std::span<const Chips> pair_net, Chips big_blind);

}  // namespace pokerarena
