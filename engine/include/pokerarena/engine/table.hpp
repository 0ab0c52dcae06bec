// One poker table playing a match: a resumable state machine with no timers.
//
// Driving it:
//     Event e = table.advance();                  // runs to the next pause point
//     if (e.kind == EventKind::ActionRequired)
//         Status s = table.act(decide(table.view(e.seat)));   // errors change nothing
//
// Guarantees
// - advance() never blocks and returns at the next event whose bit is in the pause mask;
//   ActionRequired and GameOver always pause. In AwaitingAction or GameOver, advance()
//   returns the same event again and changes nothing.
// - act() accepts exactly the actions legal_actions() describes for seat_to_act() in state
//   AwaitingAction; anything else returns an error code and a message naming the rule, and
//   leaves the table equal (operator==) to what it was.
// - Nothing on the playing path allocates, throws or logs. A Table is a value: copy it to
//   search from a position. operator== compares every field.
// - The deck of hand h is a pure function of (seed, table_id, first_deal + h) unless cards
//   were preset (first_deal: the constructor's, 0 by default).
// - check_invariants() holds after every step; debug builds assert it after each one.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <string>

#include "pokerarena/engine/action.hpp"
#include "pokerarena/engine/deck.hpp"
#include "pokerarena/engine/event.hpp"
#include "pokerarena/engine/game_def.hpp"
#include "pokerarena/engine/hand_record.hpp"
#include "pokerarena/engine/seat_view.hpp"
#include "pokerarena/engine/types.hpp"

namespace pokerarena {

class Table {
  public:
    // Throws std::invalid_argument with GameDef::validate()'s message if `def` is not playable.
    // Hand h is dealt the deck of deal first_deal + h of (seed, table_id): a simulator that cuts
    // a long run of deals into several tables gives each the deals it plays, so the cards of a
    // deal do not depend on the cut.
    Table(const GameDef& def, std::uint64_t seed, std::uint64_t table_id,
          std::uint64_t first_deal = 0);

    // Events whose bit is set pause advance(); ActionRequired and GameOver always do.
    void set_pause_mask(std::uint32_t mask);
    std::uint32_t pause_mask() const { return pause_mask_; }

    Event advance();
    // Acts for seat_to_act().
    Status act(Action action);
    // Acts for `seat`, rejecting the action (NotYourTurn) if another seat is to act.
    Status act(int seat, Action action);

    // The actions open to seat_to_act(); all false/zero when nobody is to act.
    LegalActions legal_actions() const;
    // The seat that must act, or -1 unless the state is AwaitingAction.
    int seat_to_act() const { return state_ == State::AwaitingAction ? to_act_ : -1; }
    // What `seat` may know. Throws std::out_of_range for a seat outside 0..num_seats-1.
    SeatView view(int seat) const;
    // Rewrites `v` in place so that it equals view(seat), field for field. `v` must be
    // default-constructed or last written by view() or update_view() (of any table): only
    // the entries such a view can have set are cleared, which is what makes this cheaper
    // than a fresh view per decision. Same throw as view(), leaving `v` unchanged.
    void update_view(int seat, SeatView& v) const;

    // Between hands only (state PreHand before the hand starts, or after a hand ended);
    // otherwise these throw std::logic_error. Each applies to the next hand.
    // - set_button: the button of the next hand (it must hold chips then; else the next seat
    //   with chips is used). Heads-up, the button posts the small blind.
    // - set_stacks: the stacks now (cash games reset to them for the next hand only).
    //   Throws std::invalid_argument for a negative stack, or for stacks that add up to more
    //   than kMaxTotalChips (as GameDef::validate() does for the starting stacks), naming the
    //   total and the bound; the table is then unchanged.
    // - set_next_hand_cards: given cards; throws std::invalid_argument for a card given twice,
    //   a card outside the game's deck, or more board cards than the game deals.
    // - set_next_hand_forced_bets: per-seat antes and blinds/straddles (by seat) replacing the
    //   GameDef's for the next hand. Preflop action starts left of the largest blind. A stack
    //   too short posts what it has and is all-in. Throws std::invalid_argument if negative.
    void set_button(int seat);
    void set_stacks(const std::array<Chips, kMaxSeats>& stacks);
    void set_next_hand_cards(const PresetCards& cards);
    void set_next_hand_forced_bets(const std::array<Chips, kMaxSeats>& antes,
                                   const std::array<Chips, kMaxSeats>& blinds);

    const GameDef& game_def() const { return def_; }
    State state() const { return state_; }
    int hand_number() const { return hand_number_; }
    int hands_played() const { return hands_played_; }
    int button() const { return button_; }
    int round() const { return round_; }
    Chips stack(int seat) const { return stack_[seat]; }
    Chips bet(int seat) const { return bet_[seat]; }
    Chips committed(int seat) const { return committed_[seat]; }
    Chips pot() const { return pot_; }
    Chips current_bet() const { return current_bet_; }
    SeatMask folded() const { return folded_; }
    SeatMask all_in() const { return all_in_; }
    SeatMask dealt_in() const { return dealt_in_; }

    // The hand in progress, or the last one once it has ended.
    const HandRecord& last_hand() const { return record_; }

    // True when: chips are conserved (stacks plus chips put in equal the chips at the table),
    // no stack or bet is negative, the pot equals what was put in this hand, a round bet never
    // exceeds what the seat put in this hand, all-in seats have no chips, folded and all-in
    // seats were dealt in, and the seat to act may act. Otherwise false, with the first broken
    // rule in *why (if why is not null).
    bool check_invariants(std::string* why = nullptr) const;

    friend bool operator==(const Table&, const Table&) = default;

  private:
    // The fine-grained step inside a state; each step produces at most one event.
    enum class Step : std::uint8_t {
        StartHand,
        PostForcedBets,
        DealHoleCards,
        StartRound,
        DealBoard,
        NextToAct,
        Awaiting,
        ActionTaken,
        ReturnUncalled,
        EndRound,
        ShowCards,
        AwardPots,
        EndHand,
        GameOver,
    };

    // The step loop: every step, out of line, for the masks and cases that the quick paths
    // below leave to it; returns the event it pauses on.
    Event run();
    // advance()'s steps after a closed round when no event comes on the way (HandEnded
    // aside): the rounds, showdown and payout that follow, up to the next seat to act, which
    // it returns (state AwaitingAction, as run() leaves it); kHandEnded when the hand ended
    // and HandEnded is wanted; or -1 with step_ where run() resumes (see table.cpp). Out of
    // line and returning a number in a register, where run() saves six registers and writes
    // a whole Event: the caller builds the event itself, storing only the fields it reads.
    [[gnu::noinline]] int close_round();
    static constexpr int kHandEnded = -2;  // close_round(): the hand ended, HandEnded is wanted
    // The same from the end of a hand (or before the first) to the next hand's first seat to
    // act, when no HandStarted, ForcedBet, HoleCardsDealt or BoardDealt event is wanted.
    [[gnu::noinline]] int start_next_hand();
    // Deals round_'s board cards into the record (the DealBoard step without its event).
    void deal_board();
    // Returns the round's uncalled bet to its owner: that seat (the chips in *back), or -1.
    int return_uncalled_bet(Chips* back);
    // Values the hands of the `active` seats at showdown, into the record.
    void value_hands(SeatMask active);
    // Pays pot p to its winners (odd chips to the left of the button): returns the winners,
    // and those with an odd chip in *odd_chips. Under Omaha hi-lo a pot with a qualifying low
    // takes two calls: the first pays the high half and leaves the low half due (low_half_),
    // the second, with the same p, pays it.
    SeatMask award_pot(int p, SeatMask* odd_chips);
    SeatMask award_hi_lo(int p, SeatMask* odd_chips);
    // The seats of `eligible` with the highest of `values`.
    static SeatMask best_seats(SeatMask eligible, const std::array<HandValue, kMaxSeats>& values);
    // Pays `amount` to `winners`, the odd chips one each from the left of the button; returns
    // the seats that got one.
    SeatMask pay(Chips amount, SeatMask winners);
    // Whether a pot, or a pot's low half, is still to be paid; the index of the next one.
    bool awards_left() const { return award_index_ < num_pots_ || low_half_ > 0; }
    int next_award() { return low_half_ > 0 ? award_index_ - 1 : award_index_++; }
    // Posts every forced bet of the hand (the PostForcedBets step without its events).
    void post_forced_bets();
    // The NextToAct step: the seat to act, in state AwaitingAction, or -1 with step_ at
    // ReturnUncalled when nobody can act.
    int await_next_seat();
    // The ActionRequired event for `seat`, and the HandEnded event, as prvalues (advance()).
    Event action_required(int seat) const;
    Event hand_ended() const;
    static constexpr SeatMask seat_bit(int seat) { return static_cast<SeatMask>(1u << seat); }
    static constexpr bool at_most_one_seat(SeatMask m) { return (m & (m - 1)) == 0; }
    // Heads-up (or fewer): clearing the lowest seat leaves at most one.
    static constexpr bool at_most_two_seats(SeatMask m) {
        return at_most_one_seat(m & static_cast<SeatMask>(m - 1));
    }
    // Debug builds: abort with the broken rule unless the invariants hold. Release: nothing.
    void debug_check() const {
#ifndef NDEBUG
        check_or_abort();
#endif
    }
    void check_or_abort() const;
    bool wants(EventKind k) const {
        return (pause_mask_ >> static_cast<int>(k)) & 1u;
    }

    void start_hand();
    // Calls post_one(seat, kind, amount) for each forced bet of the hand, in posting order,
    // skipping zero amounts; sets big_blind_seat_ and uses up set_next_hand_forced_bets.
    template <class Post>
    void for_each_forced_bet(Post&& post_one);
    void start_round();
    int find_next_to_act() const;  // -1 when the round is closed
    Chips fixed_bet_size() const;
    void compute_legal(int seat, LegalActions& legal) const;
    bool others_can_act(int seat) const;
    // Applies `action` for seat s, which must be to_act_ when the state is AwaitingAction;
    // false (nothing changed) if the action is refused.
    bool apply_action(int s, Action action);
    // act(seat, action)'s NotYourTurn error.
    [[gnu::cold, gnu::noinline]] Status reject_seat(int seat) const;
    // The error act() returns for an action it refuses; never called for a legal one. Cold and
    // out of line, so that act() itself makes no call.
    [[gnu::cold, gnu::noinline]] Status reject_action(Action action) const;
    // Enters the payout (state Payout, step AwardPots) and lays out the pots to award.
    void build_pots();
    // The layers, when a remaining player is all-in or the layered antes differ.
    void build_side_pots(SeatMask active);
    // Whether the seats dealt in posted different antes this hand.
    bool antes_differ() const;
    // Completes the record, counts the hand and returns to PreHand, ready for the next one.
    void finish_hand();
    Chips post(int seat, Chips amount, bool to_bet);
    void deal_hole_cards(SeatMask seats);
    // The first seat of `among` after seat `after` (0..kMaxSeats-1), going round the table;
    // -1 if `among` is empty.
    int next_seat(SeatMask among, int after) const;

    GameDef def_;
    std::uint64_t seed_ = 0;
    std::uint64_t table_id_ = 0;
    std::uint64_t table_key_ = 0;  // table_deal_key(seed_, table_id_)
    std::uint64_t first_deal_ = 0;
    std::uint32_t pause_mask_ = kDefaultPauseMask;

    State state_ = State::PreHand;
    Step step_ = Step::StartHand;
    int hand_number_ = 0;
    int hands_played_ = 0;
    int button_ = 0;
    int round_ = 0;
    int to_act_ = -1;  // the seat to act in AwaitingAction (meaningless in other states)
    Chips total_chips_ = 0;

    // Overrides for the next hand.
    bool next_button_set_ = false;
    bool next_stacks_set_ = false;
    bool next_cards_set_ = false;
    bool next_forced_set_ = false;
    int next_button_ = 0;
    PresetCards next_cards_{};
    std::array<Chips, kMaxSeats> next_antes_{};
    std::array<Chips, kMaxSeats> next_blinds_{};

    // The hand in progress.
    SeatMask dealt_in_ = 0;
    SeatMask folded_ = 0;
    SeatMask all_in_ = 0;
    // dealt_in_ & ~folded_ & ~all_in_, kept as each of them changes: the seats that can still
    // act are read at every action (who is next, whether a raise has anyone to face), and
    // three loads and two mask operations there cost 55 instructions a heads-up hand.
    SeatMask can_act_ = 0;
    SeatMask acted_ = 0;  // acted at least once this round
    SeatMask anted_ = 0;  // posted an ante this hand
    // Seats whose round bet equals current_bet_ (exact for every seat from start_round() until
    // an uncalled bet is returned, which leaves its seat in the mask): who is still to act is
    // then two mask operations, and a round ends with an uncalled bet only if one seat is in
    // it.
    SeatMask matched_ = 0;
    std::array<Chips, kMaxSeats> stack_{};
    std::array<Chips, kMaxSeats> bet_{};        // this round
    std::array<Chips, kMaxSeats> committed_{};  // this hand
    // The round's highest bet when the seat last acted: a seat that acted may raise again only
    // if the bet has since risen by a full raise (several short all-ins can add up to one).
    std::array<Chips, kMaxSeats> reopen_base_{};
    Chips pot_ = 0;
    Chips current_bet_ = 0;
    Chips last_full_raise_ = 0;   // size of the last full bet or raise this round
    int raises_this_round_ = 0;   // fixed-limit cap
    int first_to_act_after_ = 0;  // the round's action starts with the next seat after this one
    int big_blind_seat_ = -1;
    // The hand's forced bets were the GameDef's: read at its payout (the game's own antes need no
    // comparing) and when the next hand starts (only then is big_blind_seat_ the big blind, for
    // the heads-up button rule; per-seat blinds make it the largest blind, maybe a straddle).
    bool last_blinds_from_game_def_ = true;

    // Forced bets planned on reaching their step when ForcedBet events are wanted, then posted
    // one event at a time; otherwise posted at once without a plan.
    struct ForcedBet {
        std::int8_t seat;
        ForcedBetKind kind;
        Chips amount;
        friend bool operator==(const ForcedBet&, const ForcedBet&) = default;
    };
    Chips post_forced(const ForcedBet& f);
    std::array<ForcedBet, 3 * kMaxSeats> forced_{};
    static constexpr int kForcedNotPlanned = -1;  // num_forced_ before the step is reached
    int num_forced_ = 0;
    int forced_index_ = 0;

    // Cards.
    Deck deck_{};
    // GameDef::deck(), kept so that a hand does not rebuild it, and a deck of its cards reset
    // once, which each hand copies and keys (Deck::reset(key, fresh)).
    CardSet deck_cards_{};
    Deck game_deck_{};
    bool cards_preset_ = false;  // this hand uses hand_cards_ where known
    PresetCards hand_cards_{};
    // The hole cards and board live only in record_ (hole, board, board_count).
    int deal_index_ = 0;  // next seat (in dealing order) to receive hole cards, as a count

    // Showdown and payout.
    int show_index_ = 0;
    std::array<Chips, kMaxSeats + 1> pot_amounts_{};
    std::array<SeatMask, kMaxSeats + 1> pot_eligible_{};
    int num_pots_ = 0;
    int award_index_ = 0;
    // Omaha hi-lo: the low half of pot award_index_ - 1, still to be paid to low_winners_ (0:
    // none due), and which part of a pot the last award paid.
    Chips low_half_ = 0;
    SeatMask low_winners_ = 0;
    PotPart award_part_ = PotPart::Whole;
    Chips award_amount_ = 0;
    Chips awarded_ = 0;  // chips already paid out of the pots this hand

    // For the ActionTaken event that follows act(): the action is the record's last one, or,
    // once the record is full (actions_truncated), this copy, so that the common case stores
    // the action once.
    RecordedAction overflow_action_{};
    Chips last_added_ = 0;  // chips the last action put in

    HandRecord record_{};
};

// ----------------------------------------------------------------------------------------
// The per-action hot path, inline so that it joins the caller's loop: the call, the register
// saves and copying the 64-byte Event and the Status cost as much as the step itself, and
// inlined the caller keeps only the fields it reads. Everything else is in table.cpp.

inline Event Table::advance() {
    // Both paths return a prvalue, which is built in place in the caller's Event, so inlined
    // the common path stores only the fields the caller reads. One Event declared for both
    // paths was default-initialised before the branch: six stores an action that nothing read
    // (a heads-up hand of engine_bench: 2,139 instructions before, 2,075 after).
    // The common step, after an action whose event is not wanted: the next seat to act. The
    // end of a round and the start of a hand usually take an out-of-line step that returns
    // the next seat to act (or the end of the hand); the rest takes the step loop in
    // table.cpp.
    if (step_ == Step::ActionTaken && !wants(EventKind::ActionTaken)) {
        const int s = find_next_to_act();
        if (s >= 0) {
            to_act_ = s;
            state_ = State::AwaitingAction;
            step_ = Step::Awaiting;
            debug_check();
            return action_required(s);
        }
        // The round is closed. Usually the next seat to act, or the end of the hand, comes
        // back in a register, and its event is built here, storing only what the caller
        // reads; otherwise the step loop resumes after the search it would repeat.
        // to_act_ = -1 as run()'s NextToAct step leaves it, so that the table after the round
        // does not depend on the path (once a round, where act() would pay once an action).
        to_act_ = -1;
        step_ = Step::ReturnUncalled;
        const int next = close_round();
        if (next >= 0) return action_required(next);
        if (next == kHandEnded) return hand_ended();
    } else if (step_ == Step::StartHand) {
        if (const int first = start_next_hand(); first >= 0) return action_required(first);
    }
    return run();
}

inline Event Table::hand_ended() const {
    Event e;
    e.kind = EventKind::HandEnded;
    e.hand_number = hand_number_;
    return e;
}

inline Event Table::action_required(int seat) const {
    Event e;
    e.kind = EventKind::ActionRequired;
    e.seat = seat;
    e.hand_number = hand_number_;
    e.round = round_;
    return e;
}

inline int Table::next_seat(SeatMask among, int after) const {
    // Seats >= num_seats are never in a mask, so the bits above `after` are the seats after it
    // in this lap and the lowest bit overall is the first seat of the next lap.
    assert(after >= 0 && after < 16);  // the shift below is undefined outside 0..31
    const unsigned m = among;
    if (m == 0) return -1;
    // Without a branch: the seats of the next lap are copied 16 bits up, so the lowest bit is
    // a later seat of this lap if there is one, else the first seat of the next lap.
    const unsigned later = m & (~1u << after);
    return std::countr_zero(later | (m << 16)) & 15;
}

inline Chips Table::fixed_bet_size() const {
    return round_ < def_.big_bet_from_round ? def_.small_bet : def_.big_bet;
}

inline bool Table::others_can_act(int seat) const {
    return (can_act_ & static_cast<SeatMask>(~seat_bit(seat))) != 0;
}

inline void Table::compute_legal(int seat, LegalActions& legal) const {
    const Chips to_call = current_bet_ - bet_[seat];
    const Chips stack = stack_[seat];
    legal.can_check = to_call == 0;
    legal.can_fold = to_call > 0;
    legal.call_amount = std::min(to_call, stack);
    legal.all_in_to = bet_[seat] + stack;
    // Fixed-limit's half-bet rule: half a bet size raised since the seat acted reopens too.
    const Chips raised_since = current_bet_ - reopen_base_[seat];
    const bool reopened = !(acted_ & seat_bit(seat)) || raised_since >= last_full_raise_ ||
                          (def_.structure == BettingStructure::FixedLimit &&
                           def_.half_bet_reopens && 2 * raised_since >= last_full_raise_);
    legal.can_raise =
        legal.all_in_to > current_bet_ && reopened && others_can_act(seat) &&
        (def_.structure != BettingStructure::FixedLimit || raises_this_round_ < def_.raise_cap);
    if (!legal.can_raise) {
        legal.min_raise_to = 0;
        legal.max_raise_to = 0;
        return;
    }
    // No-limit first: one compare reaches it (a switch tested the other two first).
    if (def_.structure == BettingStructure::NoLimit) [[likely]] {
        legal.min_raise_to = std::min(current_bet_ + last_full_raise_, legal.all_in_to);
        legal.max_raise_to = legal.all_in_to;
    } else if (def_.structure == BettingStructure::PotLimit) {
        // The largest raise is by the pot after calling: the call's chips count first.
        legal.min_raise_to = std::min(current_bet_ + last_full_raise_, legal.all_in_to);
        legal.max_raise_to =
            std::max(legal.min_raise_to, std::min(legal.all_in_to, current_bet_ + pot_ + to_call));
    } else {
        legal.min_raise_to = std::min(current_bet_ + fixed_bet_size(), legal.all_in_to);
        legal.max_raise_to = legal.min_raise_to;
    }
}

inline int Table::find_next_to_act() const {
    // No separate test for a hand won by folds: nobody folds at the highest bet, so the last
    // seat left holds it, is in matched_, and the lone-seat rule below returns -1 (or it is
    // all-in and cannot act).
    const SeatMask can_act = can_act_;
    if (can_act == 0) return -1;
    // A lone seat with chips that has matched the bet has nobody to bet against: the rest of
    // the board comes without betting.
    if (at_most_one_seat(can_act))
        return (can_act & ~matched_) ? std::countr_zero(static_cast<unsigned>(can_act)) : -1;
    // Seats still to act: those that have not acted this round, and those below the bet.
    const SeatMask pending = can_act & static_cast<SeatMask>(~(acted_ & matched_));
    if (pending == 0) return -1;
    // A lone one needs no search round the table: always so heads-up, often at the end of a
    // round with more seats (about 1% of a hand, both ways).
    if (at_most_one_seat(pending)) return std::countr_zero(static_cast<unsigned>(pending));
    return next_seat(pending, first_to_act_after_);
}

inline LegalActions Table::legal_actions() const {
    LegalActions legal;
    if (state_ == State::AwaitingAction) compute_legal(to_act_, legal);
    return legal;
}

inline Status Table::act(Action action) {
    // The rejection is a tail call, so the accepted path needs no stack frame or register
    // saves (they cost a third of it). to_act_ is read before the state is tested, so the
    // load issues earlier; apply_action() indexes with it only in AwaitingAction, where it is
    // always a seat.
    if (apply_action(to_act_, action)) [[likely]]
        return Status{};
    return reject_action(action);
}

inline Status Table::act(int seat, Action action) {
    // Any seat number is safe: one that is not to_act_ is refused before it indexes anything.
    if (state_ == State::AwaitingAction && seat != to_act_) [[unlikely]]
        return reject_seat(seat);
    if (apply_action(seat, action)) [[likely]]
        return Status{};
    return reject_action(action);
}

// Only the accepted action is handled here; any doubt returns false and leaves the table
// untouched for reject_action(), which re-checks everything and formats the message.
inline bool Table::apply_action(int s, Action action) {
    if (state_ != State::AwaitingAction) [[unlikely]]
        return false;
    const SeatMask me = seat_bit(s);
    const Chips bet = bet_[s];
    const Chips stack = stack_[s];
    Chips added = 0;
    Chips recorded = 0;  // the RecordedAction's amount
    switch (action.kind) {
        case ActionKind::CheckCall:
            added = std::min(current_bet_ - bet, stack);
            recorded = added;
            reopen_base_[s] = current_bet_;
            if (bet + added == current_bet_) matched_ |= me;
            break;
        case ActionKind::Fold:
            if (current_bet_ == bet) [[unlikely]]
                return false;
            folded_ |= me;
            can_act_ &= static_cast<SeatMask>(~me);
            break;
        case ActionKind::RaiseTo: {
            LegalActions legal;
            compute_legal(s, legal);
            const Chips to = action.amount;
            if (!legal.can_raise || to < legal.min_raise_to || to > legal.max_raise_to) [[unlikely]]
                return false;
            added = to - bet;
            // A short all-in raise does not change the minimum raise and does not reopen
            // betting for seats that already acted (reopen_base_ keeps their reference).
            if (to - current_bet_ >= last_full_raise_) last_full_raise_ = to - current_bet_;
            current_bet_ = to;
            matched_ = me;
            reopen_base_[s] = to;
            ++raises_this_round_;
            recorded = to;
            break;
        }
        default:
            return false;
    }
    // The chips move as in post(), whose stack test is folded into the one below.
    stack_[s] = stack - added;
    bet_[s] = bet + added;
    committed_[s] += added;
    pot_ += added;
    // The seat to act always has chips, so only a call or raise of its whole stack is all-in.
    const bool all_in = stack == added;
    if (all_in) {
        all_in_ |= me;
        can_act_ &= static_cast<SeatMask>(~me);
    }
    acted_ |= me;
    first_to_act_after_ = s;
    last_added_ = added;
    const RecordedAction done{static_cast<std::int8_t>(s), action.kind,
                              static_cast<std::uint8_t>(round_), all_in, recorded};
    if (record_.num_actions < kMaxRecordedActions) [[likely]] {
        record_.actions[record_.num_actions++] = done;
    } else {
        record_.actions_truncated = true;
        overflow_action_ = done;
    }
    state_ = State::Betting;
    step_ = Step::ActionTaken;
    debug_check();
    return true;
}

}  // namespace pokerarena
