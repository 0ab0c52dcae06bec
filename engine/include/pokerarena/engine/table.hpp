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
// - The deck of hand h is a pure function of (seed, table_id, h) unless cards were preset.
// - check_invariants() holds after every step; debug builds assert it after each one.
#pragma once

#include <array>
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
    Table(const GameDef& def, std::uint64_t seed, std::uint64_t table_id);

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

    // Between hands only (state PreHand before the hand starts, or after a hand ended);
    // otherwise these throw std::logic_error. Each applies to the next hand.
    // - set_button: the button of the next hand (it must hold chips then; else the next seat
    //   with chips is used). Heads-up, the button posts the small blind.
    // - set_stacks: the stacks now (cash games reset to them for the next hand only).
    //   Throws std::invalid_argument for a negative stack.
    // - set_next_hand_cards: given cards; throws std::invalid_argument for a card given twice
    //   or more board cards than the game deals.
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

    void run(Event& e);
    bool wants(EventKind k) const { return (pause_mask_ >> static_cast<int>(k)) & 1u; }

    void start_hand();
    bool match_over() const;
    void plan_forced_bets();
    void start_round();
    int find_next_to_act() const;  // -1 when the round is closed
    Chips fixed_bet_size() const;
    void compute_legal(int seat, LegalActions& legal) const;
    bool others_can_act(int seat) const;
    bool apply_action(Action action);  // false (nothing changed) if the action is refused
    // The error act() returns for an action it refuses; never called for a legal one. Cold and
    // out of line, so that act() itself makes no call.
    [[gnu::cold, gnu::noinline]] Status reject_action(Action action) const;
    void build_pots();
    void finish_hand();
    Chips post(int seat, Chips amount, bool to_bet);
    void deal_hole_cards(int seat);
    int next_seat(SeatMask among, int after) const;
    void assert_invariants() const;

    GameDef def_;
    std::uint64_t seed_ = 0;
    std::uint64_t table_id_ = 0;
    std::uint32_t pause_mask_ = kDefaultPauseMask;

    State state_ = State::PreHand;
    Step step_ = Step::StartHand;
    int hand_number_ = 0;
    int hands_played_ = 0;
    int button_ = 0;
    int round_ = 0;
    int to_act_ = -1;
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
    SeatMask acted_ = 0;  // acted at least once this round
    // Seats whose round bet equals current_bet_ (exact for seats that can still act, from
    // start_round() to the end of the round): who is still to act is then two mask operations.
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

    // Forced bets planned at hand start, posted one event at a time.
    struct ForcedBet {
        std::int8_t seat;
        ForcedBetKind kind;
        Chips amount;
        friend bool operator==(const ForcedBet&, const ForcedBet&) = default;
    };
    Chips post_forced(const ForcedBet& f);
    std::array<ForcedBet, 3 * kMaxSeats> forced_{};
    int num_forced_ = 0;
    int forced_index_ = 0;

    // Cards.
    Deck deck_{};
    bool cards_preset_ = false;  // this hand uses hand_cards_ where known
    PresetCards hand_cards_{};
    std::array<std::array<Card, kMaxHoleCards>, kMaxSeats> hole_{};
    std::array<Card, kMaxBoardCards> board_{};
    int board_count_ = 0;
    int deal_index_ = 0;  // next seat (in dealing order) to receive hole cards, as a count

    // Showdown and payout.
    int show_index_ = 0;
    std::array<Chips, kMaxSeats + 1> pot_amounts_{};
    std::array<SeatMask, kMaxSeats + 1> pot_eligible_{};
    int num_pots_ = 0;
    int award_index_ = 0;
    Chips awarded_ = 0;  // chips already paid out of the pots this hand

    RecordedAction last_action_{};  // for the ActionTaken event that follows act()
    Chips last_added_ = 0;          // chips that action put in

    HandRecord record_{};
};

}  // namespace pokerarena
