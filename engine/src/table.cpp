#include "pokerarena/engine/table.hpp"

#include <algorithm>
#include <bit>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>

#include "pokerarena/engine/hand_ranking.hpp"

namespace pokerarena {

namespace {

constexpr SeatMask bit(int seat) {
    return static_cast<SeatMask>(1u << seat);
}
// The portable x86-64 baseline has no popcnt instruction, and std::popcount then calls a
// library routine; this is a handful of inline operations on 16 bits.
constexpr int count(SeatMask m) {
    unsigned x = m;
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return static_cast<int>((x + (x >> 8)) & 0x1Fu);
}
constexpr long long ll(Chips c) {
    return static_cast<long long>(c);
}

// Formatting happens only here, on the error path, into the Status's own buffer.
__attribute__((format(printf, 2, 3))) Status reject(ErrorCode code, const char* format, ...) {
    Status s;
    s.code = code;
    va_list args;
    va_start(args, format);
    std::vsnprintf(s.message, sizeof s.message, format, args);
    va_end(args);
    return s;
}

}  // namespace

void Table::check_or_abort() const {
    std::string why;
    if (!check_invariants(&why)) {
        std::fprintf(stderr, "pokerarena: table invariant broken: %s\n", why.c_str());
        std::abort();
    }
    // Every seat, not only those that can act: the uncalled-bet return relies on it.
    if (state_ == State::AwaitingAction)
        for (int s = 0; s < def_.num_seats; ++s) {
            if (((matched_ >> s) & 1) != (bet_[s] == current_bet_)) {
                std::fprintf(stderr, "pokerarena: seat %d matched flag out of date\n", s);
                std::abort();
            }
        }
}

Table::Table(const GameDef& def, std::uint64_t seed, std::uint64_t table_id,
             std::uint64_t first_deal)
    : def_(def),
      seed_(seed),
      table_id_(table_id),
      table_key_(table_deal_key(seed, table_id)),
      first_deal_(first_deal) {
    if (const std::string why = def.validate(); !why.empty()) throw std::invalid_argument(why);
    for (int s = 0; s < def_.num_seats; ++s)
        stack_[s] = def_.starting_stacks[s];
    for (int s = def_.num_seats; s < kMaxSeats; ++s)
        def_.starting_stacks[s] = 0;
    for (Chips c : stack_)
        total_chips_ += c;
    // The first hand's button is the last seat, so seat 0 posts the small blind (PHH order:
    // p1 is the small blind, pN the button).
    button_ = def_.num_seats - 1;
    deck_cards_ = def_.deck();
    game_deck_.reset(0, deck_cards_);
    // The record's fields that no hand changes.
    record_.seed = seed_;
    record_.table_id = table_id_;
    record_.num_seats = def_.num_seats;
}

void Table::set_pause_mask(std::uint32_t mask) {
    pause_mask_ = mask | kDefaultPauseMask;
}

// ----------------------------------------------------------------------------------------
// Between hands.

namespace {
void require_between_hands(bool ok, const char* what) {
    if (!ok) throw std::logic_error(std::string(what) + " is only allowed between hands");
}
}  // namespace

void Table::set_button(int seat) {
    require_between_hands(step_ == Step::StartHand, "set_button");
    if (seat < 0 || seat >= def_.num_seats) throw std::out_of_range("set_button: no such seat");
    next_button_set_ = true;
    next_button_ = seat;
}

void Table::set_stacks(const std::array<Chips, kMaxSeats>& stacks) {
    require_between_hands(step_ == Step::StartHand || step_ == Step::GameOver, "set_stacks");
    Chips total = 0;
    bool overflow = false;
    for (int s = 0; s < def_.num_seats; ++s) {
        if (stacks[s] < 0)
            throw std::invalid_argument("set_stacks: seat " + std::to_string(s) +
                                        " has a negative stack");
        overflow = overflow || __builtin_add_overflow(total, stacks[s], &total);
    }
    // The bound GameDef::validate() puts on the starting stacks: set_stacks is the other way
    // chips come to the table.
    if (overflow || total > kMaxTotalChips)
        throw std::invalid_argument(
            "set_stacks: the stacks add up to " +
            (overflow ? "more than " + std::to_string(std::numeric_limits<Chips>::max())
                      : std::to_string(total)) +
            " chips; a table holds at most " + std::to_string(kMaxTotalChips) + " (INT64_MAX / 4)");
    for (int s = 0; s < kMaxSeats; ++s)
        stack_[s] = s < def_.num_seats ? stacks[s] : 0;
    total_chips_ = 0;
    for (Chips c : stack_)
        total_chips_ += c;
    // Nothing is in the middle any more: the last hand's contributions belong to the past.
    committed_.fill(0);
    bet_.fill(0);
    pot_ = 0;
    awarded_ = 0;
    next_stacks_set_ = true;
    if (step_ == Step::GameOver) {
        state_ = State::PreHand;
        step_ = Step::StartHand;
    }
}

void Table::set_next_hand_cards(const PresetCards& cards) {
    require_between_hands(step_ == Step::StartHand, "set_next_hand_cards");
    int board_total = 0;
    for (int r = 0; r < def_.num_rounds; ++r)
        board_total += def_.board_cards[r];
    if (cards.board_known < 0 || cards.board_known > board_total)
        throw std::invalid_argument(
            "set_next_hand_cards: board_known = " + std::to_string(cards.board_known) +
            " but the game deals " + std::to_string(board_total) + " board cards");
    CardSet seen;
    auto take = [&](Card c, const std::string& where) {
        if (!c.valid())
            throw std::invalid_argument("set_next_hand_cards: " + where + " is not a card");
        if (!deck_cards_.contains(c))
            throw std::invalid_argument("set_next_hand_cards: " + c.to_string() + " (" + where +
                                        ") is not in the game's deck");
        if (seen.contains(c))
            throw std::invalid_argument("set_next_hand_cards: " + c.to_string() + " (" + where +
                                        ") is given twice");
        seen.add(c);
    };
    for (int s = 0; s < def_.num_seats; ++s)
        if (cards.hole_known[s])
            for (int i = 0; i < def_.hole_cards; ++i)
                take(cards.hole[s][i],
                     "seat " + std::to_string(s) + " hole card " + std::to_string(i));
    for (int i = 0; i < cards.board_known; ++i)
        take(cards.board[i], "board card " + std::to_string(i));
    next_cards_set_ = true;
    next_cards_ = cards;
}

void Table::set_next_hand_forced_bets(const std::array<Chips, kMaxSeats>& antes,
                                      const std::array<Chips, kMaxSeats>& blinds) {
    require_between_hands(step_ == Step::StartHand, "set_next_hand_forced_bets");
    for (int s = 0; s < def_.num_seats; ++s) {
        if (antes[s] < 0 || blinds[s] < 0)
            throw std::invalid_argument("set_next_hand_forced_bets: seat " + std::to_string(s) +
                                        " has a negative forced bet");
        // The bound GameDef::validate() puts on the blinds: a blind is a bet the table adds to.
        if (antes[s] > kMaxTotalChips || blinds[s] > kMaxTotalChips)
            throw std::invalid_argument("set_next_hand_forced_bets: seat " + std::to_string(s) +
                                        " has a forced bet of more than " +
                                        std::to_string(kMaxTotalChips) + " chips (INT64_MAX / 4)");
    }
    next_forced_set_ = true;
    next_antes_ = antes;
    next_blinds_ = blinds;
}

// ----------------------------------------------------------------------------------------
// Seats and chips.

// The small functions of the hot path are forced inline: each is a few instructions, and the
// call with its register saves cost as much again.
#define POKERARENA_HOT inline __attribute__((always_inline))

POKERARENA_HOT Chips Table::post(int seat, Chips amount, bool to_bet) {
    const Chips a = std::min(amount, stack_[seat]);
    stack_[seat] -= a;
    committed_[seat] += a;
    pot_ += a;
    if (to_bet) bet_[seat] += a;
    if (stack_[seat] == 0) {
        all_in_ |= bit(seat);
        can_act_ &= static_cast<SeatMask>(~bit(seat));
    }
    return a;
}

POKERARENA_HOT Chips Table::post_forced(const ForcedBet& f) {
    const Chips posted = post(f.seat, f.amount, f.kind != ForcedBetKind::Ante);
    if (f.kind == ForcedBetKind::Ante) {
        record_.antes[f.seat] += posted;
        anted_ |= bit(f.seat);  // a seat dealt in has chips, so it posted something
    } else {
        record_.blinds[f.seat] += posted;
    }
    debug_check();
    return posted;
}

// ----------------------------------------------------------------------------------------
// Starting a hand.

POKERARENA_HOT void Table::start_hand() {
    if (def_.max_hands > 0 && hands_played_ >= def_.max_hands) {
        state_ = State::GameOver;
        step_ = Step::GameOver;
        return;
    }
    // One pass: the cash reset, the chips at the table and the seats with chips.
    const bool reset = def_.reset_stacks_each_hand && !next_stacks_set_;
    next_stacks_set_ = false;
    SeatMask with_chips = 0;
    Chips total = 0;
    for (int s = 0; s < def_.num_seats; ++s) {
        if (reset) stack_[s] = def_.starting_stacks[s];
        total += stack_[s];
        if (stack_[s] > 0) with_chips |= bit(s);
    }
    total_chips_ = total;
    if (at_most_one_seat(with_chips)) {  // the match is over
        state_ = State::GameOver;
        step_ = Step::GameOver;
        return;
    }

    hand_number_ = hands_played_;
    dealt_in_ = with_chips;
    if (next_button_set_) {
        button_ =
            (dealt_in_ & bit(next_button_)) ? next_button_ : next_seat(dealt_in_, next_button_);
        next_button_set_ = false;
    } else if (hands_played_ == 0) {
        if (!(dealt_in_ & bit(button_))) button_ = next_seat(dealt_in_, button_);
    } else {
        button_ = next_seat(dealt_in_, button_);
        // Heads-up the button posts the small blind and the other seat the big blind. When a
        // table falls to two players because the button busted, the moving button would give
        // the last hand's big blind the big blind again; no player takes it twice in a row
        // (as in the TDA rules), so that player gets the button. Only a change of players can
        // cause it (in a heads-up match the last big blind is the next button anyway), so the
        // common case costs one compare with the last hand's players, still in the record.
        // After per-seat blinds (a replay's) the largest blind may be a straddle, not the big
        // blind: the button then just moves on.
        // A button blind follows the button, so it never falls to the same player twice.
        if (dealt_in_ != record_.dealt_in && last_blinds_from_game_def_ && !def_.button_blind &&
            at_most_two_seats(dealt_in_) && big_blind_seat_ >= 0 &&
            (dealt_in_ & bit(big_blind_seat_)))
            button_ = big_blind_seat_;
    }

    folded_ = 0;
    all_in_ = 0;
    can_act_ = dealt_in_;
    acted_ = 0;
    anted_ = 0;
    // Entries of seats beyond num_seats are never written, so they are zero already (in
    // bet_, committed_, stack_ and the record's per-seat arrays): only the table's seats are
    // cleared or copied, two at a time (one 16-byte store each; with an odd count the pair
    // past the last seat rewrites an entry that is zero in both). Heads-up that is one store
    // per array where the whole arrays took five (22 instructions a heads-up hand).
    static_assert(kMaxSeats % 2 == 0);
    for (int s = 0; s < def_.num_seats; s += 2) {
        bet_[s] = bet_[s + 1] = 0;
        committed_[s] = committed_[s + 1] = 0;
        record_.antes[s] = record_.antes[s + 1] = 0;
        record_.blinds[s] = record_.blinds[s + 1] = 0;
        record_.starting_stacks[s] = stack_[s];
        record_.starting_stacks[s + 1] = stack_[s + 1];
    }
    pot_ = 0;
    awarded_ = 0;
    round_ = 0;
    to_act_ = -1;
    num_pots_ = 0;

    record_.hand_number = hand_number_;
    record_.deal = first_deal_ + static_cast<std::uint64_t>(hand_number_);
    record_.button = button_;
    record_.dealt_in = dealt_in_;
    record_.values = {};
    if (def_.ranking == HandRanking::OmahaHiLo) [[unlikely]]
        record_.low_values = {};
    record_.board_count = 0;
    record_.num_actions = 0;
    record_.actions_truncated = false;
    record_.shown = 0;
    record_.finished = false;

    const std::uint64_t key = hand_deal_key(table_key_, record_.deal);
    cards_preset_ = next_cards_set_;
    record_.preset_cards = cards_preset_;
    if (cards_preset_) {
        hand_cards_ = next_cards_;
        next_cards_set_ = false;
        CardSet given;
        for (int s = 0; s < def_.num_seats; ++s)
            if (hand_cards_.hole_known[s] && (dealt_in_ & bit(s)))
                for (int i = 0; i < def_.hole_cards; ++i)
                    given.add(hand_cards_.hole[s][i]);
        for (int i = 0; i < hand_cards_.board_known; ++i)
            given.add(hand_cards_.board[i]);
        deck_.reset(key, CardSet{deck_cards_.mask() & ~given.mask()});
    } else {
        deck_.reset(key, game_deck_);
    }

    // The forced bets are planned (or posted) when their step is reached, not here: whether
    // they are posted one event each depends on the pause mask then.
    num_forced_ = kForcedNotPlanned;
    forced_index_ = 0;
    state_ = State::PreHand;
    step_ = Step::PostForcedBets;
}

// One enumeration serves both ways of posting (planned for one event each, or all at once),
// so the order rules live in one place.
template <class Post>
POKERARENA_HOT void Table::for_each_forced_bet(Post&& post_one) {
    auto add = [&post_one](int seat, ForcedBetKind kind, Chips amount) {
        if (amount > 0) post_one(seat, kind, amount);
    };
    // Antes, then blinds, each in order from the left of the button: a stack too short for
    // both pays the ante first and is all-in for whatever is left of its blind.
    last_blinds_from_game_def_ = !next_forced_set_;
    // Counted once: each post writes the table's members, so the compiler would count again
    // at every seat.
    const int dealt = count(dealt_in_);
    if (next_forced_set_) {
        next_forced_set_ = false;
        int s = button_;
        for (int i = 0; i < dealt; ++i) {
            s = next_seat(dealt_in_, s);
            add(s, ForcedBetKind::Ante, next_antes_[s]);
        }
        big_blind_seat_ = -1;
        Chips largest = 0;
        for (int i = 0; i < dealt; ++i) {
            s = next_seat(dealt_in_, s);
            add(s, ForcedBetKind::Blind, next_blinds_[s]);
            if (next_blinds_[s] > 0 && next_blinds_[s] >= largest) {
                largest = next_blinds_[s];
                big_blind_seat_ = s;
            }
        }
        return;
    }
    // Heads-up the button is the small blind (and acts first before the flop).
    const bool heads_up = at_most_two_seats(dealt_in_);
    const int sb = heads_up ? button_ : next_seat(dealt_in_, button_);
    // A button blind (short-deck) is the big blind posted by the button, with no small blind.
    const int bb = def_.button_blind ? button_ : next_seat(dealt_in_, sb);
    big_blind_seat_ = bb;
    if (def_.ante_kind == AnteKind::EveryPlayer) {
        int s = button_;
        for (int i = 0; i < dealt; ++i) {
            s = next_seat(dealt_in_, s);
            add(s, ForcedBetKind::Ante, def_.ante);
        }
    } else if (def_.ante_kind == AnteKind::BigBlind) {
        add(bb, ForcedBetKind::Ante, def_.ante);
    }
    if (def_.post_blinds) [[likely]] {
        add(sb, ForcedBetKind::SmallBlind, def_.small_blind);
        add(bb, ForcedBetKind::BigBlind, def_.big_blind);
    }
}

POKERARENA_HOT void Table::deal_hole_cards(SeatMask seats) {
    const int n = def_.hole_cards;
    // Without given cards, seats 0..k-1 all dealt in (the usual case) take one run of the deck:
    // straight into the record when each seat's slots are all used (Omaha), and for hold'em's
    // two of four slots into the first two of each seat's. (A deal into a buffer copied n
    // cards a seat, n unknown to the compiler, became a call to memcpy per seat, and a deal
    // per seat stores the deck's state each time: either cost hold'em 6-7% of its hands per
    // second.)
    if (!cards_preset_ && (seats & (seats + 1)) == 0) {
        const int k = std::countr_one(static_cast<unsigned>(seats));
        if (n == kMaxHoleCards) {
            deck_.deal(record_.hole[0].data(), n * k);
            return;
        }
        if (n == 2) {
            deck_.deal_rows<2, kMaxHoleCards>(record_.hole[0].data(), 2 * k);
            return;
        }
        if (n == 1) {  // Kuhn, Leduc
            deck_.deal_rows<1, kMaxHoleCards>(record_.hole[0].data(), k);
            return;
        }
    }
    for (SeatMask m = seats; m; m &= static_cast<SeatMask>(m - 1)) {
        const int s = std::countr_zero(static_cast<unsigned>(m));
        if (cards_preset_ && hand_cards_.hole_known[s])
            for (int i = 0; i < n; ++i)
                record_.hole[s][i] = hand_cards_.hole[s][i];
        else
            deck_.deal(record_.hole[s].data(), n);
    }
}

// ----------------------------------------------------------------------------------------
// Betting rounds.

POKERARENA_HOT void Table::start_round() {
    last_full_raise_ =
        def_.structure == BettingStructure::FixedLimit ? fixed_bet_size() : def_.big_blind;
    // reopen_base_ is read only for seats that acted this round, so it needs no reset.
    acted_ = 0;
    if (round_ > 0) {
        bet_ = {};
        current_bet_ = 0;
        matched_ = static_cast<SeatMask>((1u << def_.num_seats) - 1);
        raises_this_round_ = 0;
        // After the flop action starts left of the button (heads-up: the button acts last);
        // no game starts a later round left of the big blind (GameDef::first_to_act).
        first_to_act_after_ =
            def_.first_to_act[round_] == FirstToAct::LeftOfBigBlind && big_blind_seat_ >= 0
                ? big_blind_seat_
                : button_;
        return;
    }
    // The highest forced bet and the seats at it, in one pass.
    Chips highest = 0;
    SeatMask at_highest = 0;
    for (int s = 0; s < def_.num_seats; ++s) {
        if (bet_[s] > highest) {
            highest = bet_[s];
            at_highest = bit(s);
        } else if (bet_[s] == highest) {
            at_highest |= bit(s);
        }
    }
    current_bet_ = highest;
    matched_ = at_highest;
    // The cap counts bets and raises: the highest blind is the round's bet (limit hold'em's
    // "a bet and three raises" caps the blinds 50/100 at 400, not 500).
    raises_this_round_ = highest > 0 ? 1 : 0;
    // Before the flop action starts left of the big blind (or the largest blind or straddle):
    // heads-up, with the button, which acts first before the flop and last after it.
    first_to_act_after_ = def_.first_to_act[0] == FirstToAct::LeftOfBigBlind && big_blind_seat_ >= 0
                              ? big_blind_seat_
                              : button_;
}

Status Table::reject_seat(int seat) const {
    return reject(ErrorCode::NotYourTurn, "seat %d is not to act; seat %d is", seat, to_act_);
}

Status Table::reject_action(Action action) const {
    if (state_ != State::AwaitingAction)
        return reject(ErrorCode::WrongState, "no action is expected in state %s",
                      state_name(state_));
    const int s = to_act_;
    switch (action.kind) {
        case ActionKind::Fold:
            return reject(ErrorCode::IllegalAction,
                          "seat %d may check; folding is refused when there is no bet to call", s);
        case ActionKind::RaiseTo: {
            LegalActions legal;
            compute_legal(s, legal);
            const Chips to = action.amount;
            if (!legal.can_raise) {
                if (legal.all_in_to <= current_bet_)
                    return reject(ErrorCode::IllegalAction,
                                  "seat %d cannot raise: its stack of %lld only covers a call", s,
                                  ll(stack_[s]));
                if (!others_can_act(s))
                    return reject(ErrorCode::IllegalAction,
                                  "seat %d cannot raise: every other player is all-in or folded",
                                  s);
                if (def_.structure == BettingStructure::FixedLimit &&
                    raises_this_round_ >= def_.raise_cap)
                    return reject(ErrorCode::IllegalAction,
                                  "raise cap reached: %d bets and raises this round",
                                  raises_this_round_);
                if (def_.structure == BettingStructure::FixedLimit && def_.half_bet_reopens)
                    return reject(ErrorCode::IllegalAction,
                                  "seat %d cannot raise: betting was not reopened (the bet rose "
                                  "by %lld since it acted, less than half the bet of %lld)",
                                  s, ll(current_bet_ - reopen_base_[s]), ll(last_full_raise_));
                return reject(ErrorCode::IllegalAction,
                              "seat %d cannot raise: betting was not reopened (the bet rose by "
                              "%lld since it acted, less than a full raise of %lld)",
                              s, ll(current_bet_ - reopen_base_[s]), ll(last_full_raise_));
            }
            if (to < legal.min_raise_to) {
                if (current_bet_ == 0)
                    return reject(ErrorCode::IllegalAmount,
                                  "bet of %lld is below the minimum bet of %lld", ll(to),
                                  ll(legal.min_raise_to));
                return reject(ErrorCode::IllegalAmount,
                              "raise to %lld is below the minimum raise to %lld", ll(to),
                              ll(legal.min_raise_to));
            }
            if (def_.structure == BettingStructure::NoLimit)
                return reject(ErrorCode::IllegalAmount,
                              "raise to %lld is more than seat %d has: all-in is a raise to %lld",
                              ll(to), s, ll(legal.max_raise_to));
            return reject(
                ErrorCode::IllegalAmount, "raise to %lld is above the maximum raise to %lld (%s)",
                ll(to), ll(legal.max_raise_to),
                def_.structure == BettingStructure::PotLimit ? "pot limit" : "fixed limit");
        }
        default:
            return reject(ErrorCode::IllegalAction, "unknown action kind %d",
                          static_cast<int>(action.kind));
    }
}

// ----------------------------------------------------------------------------------------
// Showdown and payout.

POKERARENA_HOT void Table::build_pots() {
    // The payout starts: the invariants let all-in seats hold chips from here on.
    state_ = State::Payout;
    step_ = Step::AwardPots;
    const SeatMask active = dealt_in_ & ~folded_;
    award_index_ = 0;
    // Nobody still in is all-in: each of them matched every bet (or took the uncalled rest
    // back), so all put in the same after the antes and no folded seat put in more. That is a
    // single layer: one pot of everything, contested by every remaining player. Unless every
    // seat anted and the antes differ (per-seat antes): the antes are then layered like bets
    // (build_side_pots), and players with chips behind can have put in different amounts. A
    // lone remaining player (the others folded to an all-in) takes everything: with one level
    // the layering makes one pot, and any chips above it join that pot. The game's own antes
    // (not per-seat ones) differ only where a seat could not pay its whole ante, and that seat
    // is all-in and still in: they need no look.
    if (at_most_one_seat(active) ||
        ((active & all_in_) == 0 && !(anted_ == dealt_in_ && !def_.dead_antes &&
                                      !last_blinds_from_game_def_ && antes_differ()))) {
        num_pots_ = 0;
        if (pot_ > 0) {
            pot_amounts_[0] = pot_;
            pot_eligible_[0] = active;
            num_pots_ = 1;
        }
        return;
    }
    build_side_pots(active);
}

bool Table::antes_differ() const {
    const Chips first = record_.antes[std::countr_zero(static_cast<unsigned>(dealt_in_))];
    for (SeatMask m = dealt_in_; m; m &= static_cast<SeatMask>(m - 1))
        if (record_.antes[std::countr_zero(static_cast<unsigned>(m))] != first) return true;
    return false;
}

void Table::build_side_pots(SeatMask active) {
    // Pots are layers of what the remaining players put in: each layer is won only by those
    // who reached it; folded chips stay in the layers they reached. When every seat dealt in
    // posted an ante, the antes are layered with the bets, so a seat all-in for part of its
    // ante wins from each opponent no more than it put in itself, and of two players with
    // chips behind and unequal per-seat antes, each wins from the other only up to its own
    // total (the rest of a larger ante comes back, as an uncalled bet would). An ante posted
    // by some seats only (the big-blind ante, paid for the whole table) is dead money in the
    // main pot: layering it by who paid would hand it back to an all-in big blind. So is every
    // ante under GameDef::dead_antes (PHH files that say ante_trimming_status = false). After the
    // uncalled bet is returned no folded seat is above the top layer, but chips above it
    // would join the last pot rather than leak. Without antes, or when every seat anted, the
    // live chips are what each seat put in.
    const int n = def_.num_seats;
    std::array<Chips, kMaxSeats> live = committed_;
    Chips antes = 0;
    if (anted_ != 0 && (def_.dead_antes || (dealt_in_ & ~anted_) != 0)) {
        for (int s = 0; s < n; ++s) {
            live[s] -= record_.antes[s];
            antes += record_.antes[s];
        }
    }
    std::array<Chips, kMaxSeats> levels;
    int num_levels = 0;
    for (SeatMask m = active; m; m &= static_cast<SeatMask>(m - 1)) {
        const Chips c = live[std::countr_zero(static_cast<unsigned>(m))];
        int i = num_levels;
        while (i > 0 && levels[i - 1] > c)
            --i;
        if (i > 0 && levels[i - 1] == c) continue;
        for (int j = num_levels++; j > i; --j)
            levels[j] = levels[j - 1];
        levels[i] = c;
    }
    num_pots_ = 0;
    if (num_levels == 1) {
        // Every remaining player put in the same (heads-up, a called all-in, unless the antes
        // were unequal: a short stack could not pay its whole ante, or per-seat antes were
        // set): one layer, and chips above it would join it, so one pot of everything.
        if (pot_ > 0) {
            pot_amounts_[0] = pot_;
            pot_eligible_[0] = active;
            num_pots_ = 1;
        }
        return;
    }
    Chips previous = 0;
    // Each layer looks only at the seats with chips above the layer below it (at first every
    // seat: live chips are never negative), which leaves out the folded small contributions
    // after the first layer.
    SeatMask above_previous = static_cast<SeatMask>((1u << n) - 1);
    for (int l = 0; l < num_levels; ++l) {
        const Chips level = levels[l];
        Chips amount = l == 0 ? antes : 0;
        SeatMask reached = 0, above = 0;
        for (SeatMask m = above_previous; m; m &= static_cast<SeatMask>(m - 1)) {
            const int s = std::countr_zero(static_cast<unsigned>(m));
            amount += std::min(live[s], level) - previous;  // not negative: live[s] >= previous
            if (live[s] >= level) reached |= bit(s);
            if (live[s] > level) above |= bit(s);
        }
        if (amount > 0) {
            pot_amounts_[num_pots_] = amount;
            pot_eligible_[num_pots_] = active & reached;
            ++num_pots_;
        }
        previous = level;
        above_previous = above;
    }
    Chips above = 0;
    for (SeatMask m = above_previous; m; m &= static_cast<SeatMask>(m - 1))
        above += live[std::countr_zero(static_cast<unsigned>(m))] - previous;
    // Chips above the top layer (a folded seat's large ante, say) join the last pot. There is
    // one: with two levels or more, the seats at the second put chips into its layer.
    if (above > 0) pot_amounts_[num_pots_ - 1] += above;
}

POKERARENA_HOT void Table::finish_hand() {
    for (int s = 0; s < def_.num_seats; ++s) {
        record_.final_stacks[s] = stack_[s];
        record_.net[s] = stack_[s] - record_.starting_stacks[s];
    }
    record_.finished = true;
    ++hands_played_;
    state_ = State::PreHand;
    step_ = Step::StartHand;
    debug_check();
}

POKERARENA_HOT void Table::deal_board() {
    const int first = record_.board_count;
    const int n = def_.board_cards[round_];
    if (!cards_preset_) {
        deck_.deal(&record_.board[first], n);
    } else {
        for (int i = first; i < first + n; ++i)
            record_.board[i] = i < hand_cards_.board_known ? hand_cards_.board[i] : deck_.next();
    }
    record_.board_count = first + n;
}

POKERARENA_HOT void Table::post_forced_bets() {
    for_each_forced_bet([this](int seat, ForcedBetKind kind, Chips amount) {
        post_forced({static_cast<std::int8_t>(seat), kind, amount});
    });
    num_forced_ = 0;
}

POKERARENA_HOT int Table::await_next_seat() {
    to_act_ = find_next_to_act();
    if (to_act_ < 0) {
        step_ = Step::ReturnUncalled;
        return -1;
    }
    state_ = State::AwaitingAction;
    step_ = Step::Awaiting;
    debug_check();
    return to_act_;
}

// The highest bet of the round beyond the second highest was called by nobody: it goes back to
// its owner and never enters a pot. Returns that seat (and the chips in *back), or -1.
POKERARENA_HOT int Table::return_uncalled_bet(Chips* back) {
    // matched_ holds exactly the seats at the round's highest bet (check_or_abort checks it),
    // so only a round whose highest bet is held by one seat has a bet to return, and only then
    // are the other bets looked at.
    if (current_bet_ == 0 || !at_most_one_seat(matched_)) return -1;
    const int top = std::countr_zero(static_cast<unsigned>(matched_));
    Chips second = 0;
    for (int s = 0; s < def_.num_seats; ++s)
        if (s != top) second = std::max(second, bet_[s]);
    *back = current_bet_ - second;
    bet_[top] -= *back;
    committed_[top] -= *back;
    pot_ -= *back;
    stack_[top] += *back;
    all_in_ &= static_cast<SeatMask>(~bit(top));
    can_act_ |= bit(top);  // it holds the top bet, so it has not folded
    debug_check();
    return top;
}

POKERARENA_HOT void Table::value_hands(SeatMask active) {
    if (def_.ranking != HandRanking::BestFive) [[unlikely]] {
        for (SeatMask m = active; m; m &= static_cast<SeatMask>(m - 1)) {
            const int s = std::countr_zero(static_cast<unsigned>(m));
            record_.values[s] = hand_value(def_.ranking, record_.hole[s].data(), def_.hole_cards,
                                           record_.board.data(), record_.board_count);
            record_.low_values[s] =
                low_hand_value(def_.ranking, record_.hole[s].data(), def_.hole_cards,
                               record_.board.data(), record_.board_count);
        }
        return;
    }
    // The board is valued once; each player's hole cards are added to a copy.
    Hand board;
    for (int i = 0; i < record_.board_count; ++i)
        board.add(record_.board[i]);
    for (SeatMask m = active; m; m &= static_cast<SeatMask>(m - 1)) {
        const int s = std::countr_zero(static_cast<unsigned>(m));
        Hand h = board;
        h.add(record_.hole[s][0]);
        // Hold'em's second card without a loop (BestFive with more than two hole cards is not
        // a game any definition plays: 5 to 7 cards in all is the evaluator's range).
        if (def_.hole_cards == 2) h.add(record_.hole[s][1]);
        record_.values[s] = evaluate(h);
    }
}

POKERARENA_HOT SeatMask Table::best_seats(SeatMask eligible,
                                          const std::array<HandValue, kMaxSeats>& values) {
    HandValue best = 0;
    SeatMask winners = 0;
    // Without a branch on the values: which seat wins is a coin toss no predictor learns, and
    // the compare waits on the evaluator's table lookups, so a mispredicted branch here cost
    // the most of any in the hand. A seat at the best value so far joins the winners; the
    // winners so far stay unless it beats them.
    for (SeatMask m = eligible; m; m &= static_cast<SeatMask>(m - 1)) {
        const int s = std::countr_zero(static_cast<unsigned>(m));
        const HandValue v = values[s];
        const unsigned joins = 0u - static_cast<unsigned>(v >= best);
        const unsigned stay = 0u - static_cast<unsigned>(v <= best);
        winners = static_cast<SeatMask>((bit(s) & joins) | (winners & stay));
        best = std::max(best, v);
    }
    return winners;
}

POKERARENA_HOT SeatMask Table::pay(Chips amount, SeatMask winners) {
    SeatMask odd_mask = 0;
    if (at_most_one_seat(winners)) {
        // One winner is the rule: no division (tens of cycles) and no loop. (A pot always has
        // a winner; the test only keeps an empty mask from indexing.)
        if (winners) stack_[std::countr_zero(static_cast<unsigned>(winners))] += amount;
    } else {
        const int n = count(winners);
        const Chips share = amount / n;
        Chips odd = amount % n;
        // Odd chips go one each to the winners closest to the left of the button.
        for (int i = 1; i <= def_.num_seats && odd > 0; ++i) {
            const int s = (button_ + i) % def_.num_seats;
            if (winners & bit(s)) {
                odd_mask |= bit(s);
                --odd;
            }
        }
        for (SeatMask m = winners; m; m &= static_cast<SeatMask>(m - 1)) {
            const int s = std::countr_zero(static_cast<unsigned>(m));
            stack_[s] += share + ((odd_mask & bit(s)) ? 1 : 0);
        }
    }
    pot_ -= amount;
    awarded_ += amount;
    award_amount_ = amount;
    debug_check();
    return odd_mask;
}

POKERARENA_HOT SeatMask Table::award_pot(int p, SeatMask* odd_chips) {
    if (def_.ranking == HandRanking::OmahaHiLo) [[unlikely]]
        return award_hi_lo(p, odd_chips);
    const SeatMask eligible = pot_eligible_[p];
    const SeatMask winners =
        at_most_one_seat(eligible) ? eligible : best_seats(eligible, record_.values);
    *odd_chips = pay(pot_amounts_[p], winners);
    return winners;
}

// The split of Omaha hi-lo: half of each pot (main and side pots alike) to the best high hand
// among its contenders and half to the best qualifying low among them; the whole pot to the
// high hand when none of them has a low. An odd chip of the halving goes to the high half, as
// PokerKit and the casino rule give it; ties within a half split that half again (a pot
// "quartered"), its odd chips one each from the left of the button as in every other split.
// Each pot is decided by its own contenders, so a side pot whose seats have no low goes
// wholly high even when the main pot's winner has one.
SeatMask Table::award_hi_lo(int p, SeatMask* odd_chips) {
    if (low_half_ > 0) {
        const Chips amount = low_half_;
        low_half_ = 0;
        award_part_ = PotPart::LowHalf;
        *odd_chips = pay(amount, low_winners_);
        return low_winners_;
    }
    const SeatMask eligible = pot_eligible_[p];
    Chips amount = pot_amounts_[p];
    award_part_ = PotPart::Whole;
    if (at_most_one_seat(eligible)) {
        *odd_chips = pay(amount, eligible);
        return eligible;
    }
    const SeatMask high = best_seats(eligible, record_.values);
    SeatMask with_low = 0;
    for (SeatMask m = eligible; m; m &= static_cast<SeatMask>(m - 1)) {
        const int s = std::countr_zero(static_cast<unsigned>(m));
        if (record_.low_values[s] != kNoLow) with_low |= bit(s);
    }
    // A pot of one chip has no low half to pay.
    if (with_low != 0 && amount / 2 > 0) {
        low_half_ = amount / 2;
        low_winners_ = best_seats(with_low, record_.low_values);  // LowValue is a HandValue
        amount -= low_half_;
        award_part_ = PotPart::HighHalf;
    }
    *odd_chips = pay(amount, high);
    return high;
}

// ----------------------------------------------------------------------------------------
// The state machine.

// run()'s steps from ReturnUncalled to the next pause, when none of their events is wanted but
// HandEnded: the next round's first seat to act, or the end of the hand (kHandEnded), or, when
// HandEnded is not wanted either, the next hand's first seat to act. Returns -1 before
// changing anything when such an event is wanted, or where run() takes over when the next
// hand cannot start quietly (start_next_hand()).
int Table::close_round() {
    constexpr std::uint32_t kOnTheWay =
        pause_bit(EventKind::UncalledBetReturned) | pause_bit(EventKind::BoardDealt) |
        pause_bit(EventKind::Showdown) | pause_bit(EventKind::PotAwarded);
    if (pause_mask_ & kOnTheWay) return -1;
    for (;;) {
        Chips back;
        return_uncalled_bet(&back);
        const SeatMask active = dealt_in_ & ~folded_;
        if (at_most_one_seat(active)) break;
        if (round_ + 1 >= def_.num_rounds) {
            value_hands(active);
            record_.shown = active;
            show_index_ = def_.num_seats;
            break;
        }
        ++round_;
        start_round();
        if (def_.board_cards[round_] > 0) deal_board();
        state_ = State::Betting;
        if (const int s = await_next_seat(); s >= 0) return s;
    }
    build_pots();
    while (awards_left()) {
        SeatMask odd_chips;
        award_pot(next_award(), &odd_chips);
    }
    finish_hand();
    if (wants(EventKind::HandEnded)) return kHandEnded;
    return start_next_hand();
}

// run()'s steps from StartHand to the hand's first ActionRequired, when none of their events is
// wanted. It stops, returning -1, before changing anything when one is, or where run() takes
// over: GameOver when the match has ended, ReturnUncalled when the forced bets leave nobody
// able to act.
int Table::start_next_hand() {
    constexpr std::uint32_t kOnTheWay =
        pause_bit(EventKind::HandStarted) | pause_bit(EventKind::ForcedBet) |
        pause_bit(EventKind::HoleCardsDealt) | pause_bit(EventKind::BoardDealt);
    if (pause_mask_ & kOnTheWay) return -1;
    start_hand();
    debug_check();
    if (step_ == Step::GameOver) return -1;
    post_forced_bets();
    deal_hole_cards(dealt_in_);
    deal_index_ = def_.num_seats;
    round_ = 0;
    start_round();
    if (def_.board_cards[0] > 0) deal_board();
    state_ = State::Betting;
    return await_next_seat();
}

// One function over the steps rather than a call per step: a step that emits no event under
// the pause mask hands over to the next, and the call and register saves would cost more than
// the step itself. Under the simulator's mask advance() seldom comes here: close_round() and
// start_next_hand() take the common paths; run() serves every mask that wants more events.
Event Table::run() {
    // The switch only resumes where the last call paused; from there each step jumps straight
    // to the one it hands over to. One shared dispatch for every transition was an indirect
    // branch whose target changes at every step, about thirty per hand, and badly predicted.
    // Most calls resume at one of two steps: a round that advance() found closed, or the next
    // hand. Two compares reach them by branches that follow the hand's history; the switch's
    // indirect jump alternated between them and was mispredicted about once in two calls
    // (measured under the simulator's mask before the quick paths took those calls over:
    // cachegrind's branch simulation, 2.0 of 3.9 calls a heads-up hand before, none after;
    // 16.4 mispredicted branches a hand down to 11.6).
    // One Event, returned from every pause (named return value: built in the caller's).
    Event e;
    if (step_ == Step::ReturnUncalled) goto at_return_uncalled;
    if (step_ == Step::StartHand) goto at_start_hand;
    switch (step_) {
        case Step::StartHand:
        at_start_hand : {
            start_hand();
            debug_check();
            if (step_ == Step::GameOver) goto at_game_over;
            if (!wants(EventKind::HandStarted)) goto at_post_forced_bets;
            e.kind = EventKind::HandStarted;
            e.seat = button_;
            e.hand_number = hand_number_;
            e.amount = total_chips_;
            return e;
        }
        case Step::PostForcedBets:
        at_post_forced_bets : {
            if (num_forced_ == kForcedNotPlanned) {
                // Without ForcedBet events nothing is planned: each bet is posted as it is
                // enumerated, which costs half as much as writing the plan and reading it back.
                if (!wants(EventKind::ForcedBet)) {
                    post_forced_bets();
                } else {
                    num_forced_ = 0;
                    for_each_forced_bet([this](int seat, ForcedBetKind kind, Chips amount) {
                        forced_[num_forced_++] = {static_cast<std::int8_t>(seat), kind, amount};
                    });
                }
            }
            if (forced_index_ == num_forced_) {
                state_ = State::Dealing;
                step_ = Step::DealHoleCards;
                deal_index_ = 0;
                goto at_deal_hole_cards;
            }
            if (!wants(EventKind::ForcedBet)) {
                while (forced_index_ < num_forced_)
                    post_forced(forced_[forced_index_++]);
                goto at_post_forced_bets;
            }
            const ForcedBet& f = forced_[forced_index_++];
            const Chips posted = post_forced(f);
            e.kind = EventKind::ForcedBet;
            e.seat = f.seat;
            e.hand_number = hand_number_;
            e.forced = f.kind;
            e.amount = posted;
            e.all_in = (all_in_ & bit(f.seat)) != 0;
            return e;
        }
        case Step::DealHoleCards:
        at_deal_hole_cards : {
            // Seats are dealt in seat order (not from the button), so a seat's cards depend
            // only on the deck and on which seats are dealt in: duplicate matches that swap
            // players between seats give each seat the same cards.
            const SeatMask left = static_cast<SeatMask>(dealt_in_ >> deal_index_ << deal_index_);
            if (left == 0) {
                round_ = 0;
                step_ = Step::StartRound;
                goto at_start_round;
            }
            if (!wants(EventKind::HoleCardsDealt)) {
                deal_hole_cards(left);
                deal_index_ = def_.num_seats;
                goto at_deal_hole_cards;
            }
            const int s = std::countr_zero(static_cast<unsigned>(left));
            deal_index_ = s + 1;
            deal_hole_cards(bit(s));
            e.kind = EventKind::HoleCardsDealt;
            e.seat = s;
            e.hand_number = hand_number_;
            e.num_cards = static_cast<std::uint8_t>(def_.hole_cards);
            for (int i = 0; i < def_.hole_cards; ++i)
                e.cards[i] = record_.hole[s][i];
            return e;
        }
        case Step::StartRound:
        at_start_round:
            start_round();
            if (def_.board_cards[round_] > 0) {
                state_ = State::Dealing;
                step_ = Step::DealBoard;
                goto at_deal_board;
            }
            state_ = State::Betting;
            step_ = Step::NextToAct;
            goto at_next_to_act;
        case Step::DealBoard:
        at_deal_board : {
            const int first = record_.board_count;
            const int n = def_.board_cards[round_];
            deal_board();
            state_ = State::Betting;
            step_ = Step::NextToAct;
            if (!wants(EventKind::BoardDealt)) goto at_next_to_act;
            e.kind = EventKind::BoardDealt;
            e.hand_number = hand_number_;
            e.round = round_;
            e.num_cards = static_cast<std::uint8_t>(n);
            for (int i = 0; i < n; ++i)
                e.cards[i] = record_.board[first + i];
            return e;
        }
        case Step::NextToAct:
        at_next_to_act:
            if (await_next_seat() < 0) goto at_return_uncalled;
            [[fallthrough]];
        case Step::Awaiting:
            e.kind = EventKind::ActionRequired;
            e.seat = to_act_;
            e.hand_number = hand_number_;
            e.round = round_;
            return e;
        case Step::ActionTaken: {
            step_ = Step::NextToAct;
            if (!wants(EventKind::ActionTaken)) goto at_next_to_act;
            const RecordedAction& last = record_.actions_truncated
                                             ? overflow_action_
                                             : record_.actions[record_.num_actions - 1];
            e.kind = EventKind::ActionTaken;
            e.seat = last.seat;
            e.hand_number = hand_number_;
            e.round = last.round;
            e.action = {last.kind, last.kind == ActionKind::RaiseTo ? last.amount : 0};
            e.amount = last_added_;
            e.all_in = last.all_in;
            return e;
        }
        case Step::ReturnUncalled:
        at_return_uncalled : {
            step_ = Step::EndRound;
            Chips back;
            const int top = return_uncalled_bet(&back);
            if (top < 0 || !wants(EventKind::UncalledBetReturned)) goto at_end_round;
            e.kind = EventKind::UncalledBetReturned;
            e.seat = top;
            e.hand_number = hand_number_;
            e.round = round_;
            e.amount = back;
            return e;
        }
        case Step::EndRound:
        at_end_round : {
            const SeatMask active = dealt_in_ & ~folded_;
            if (at_most_one_seat(active)) {
                build_pots();
                goto at_award_pots;
            }
            if (round_ + 1 < def_.num_rounds) {
                ++round_;
                step_ = Step::StartRound;
                goto at_start_round;
            }
            state_ = State::Showdown;
            step_ = Step::ShowCards;
            show_index_ = 0;
            value_hands(active);
            goto at_show_cards;
        }
        case Step::ShowCards:
        at_show_cards : {
            // Every remaining player shows, in order from the left of the button (a simulator
            // has no reason to muck, and the record then holds every value).
            const SeatMask active = dealt_in_ & ~folded_;
            if (show_index_ == def_.num_seats) {
                build_pots();
                goto at_award_pots;
            }
            if (!wants(EventKind::Showdown)) {
                record_.shown = active;
                show_index_ = def_.num_seats;
                goto at_show_cards;
            }
            const int s = (button_ + 1 + show_index_++) % def_.num_seats;
            if (!(active & bit(s))) goto at_show_cards;
            record_.shown |= bit(s);
            e.kind = EventKind::Showdown;
            e.seat = s;
            e.hand_number = hand_number_;
            e.round = round_;
            e.value = record_.values[s];
            e.low = record_.low_values[s];
            e.num_cards = static_cast<std::uint8_t>(def_.hole_cards);
            for (int i = 0; i < def_.hole_cards; ++i)
                e.cards[i] = record_.hole[s][i];
            return e;
        }
        case Step::AwardPots:
        at_award_pots : {
            if (!awards_left()) {
                step_ = Step::EndHand;
                goto at_end_hand;
            }
            const int p = next_award();
            SeatMask odd_mask;
            const SeatMask winners = award_pot(p, &odd_mask);
            if (!wants(EventKind::PotAwarded)) goto at_award_pots;
            e.kind = EventKind::PotAwarded;
            e.hand_number = hand_number_;
            e.pot_index = p;
            e.part = award_part_;
            e.amount = award_amount_;
            e.winners = winners;
            e.odd_chips = odd_mask;
            return e;
        }
        case Step::EndHand:
        at_end_hand:
            finish_hand();
            if (!wants(EventKind::HandEnded)) goto at_start_hand;
            e.kind = EventKind::HandEnded;
            e.hand_number = hand_number_;
            return e;
        case Step::GameOver:
        at_game_over : {
            e.kind = EventKind::GameOver;
            e.hand_number = hand_number_;
            int holder = -1, with_chips = 0;
            for (int s = 0; s < def_.num_seats; ++s)
                if (stack_[s] > 0) {
                    holder = s;
                    ++with_chips;
                }
            e.seat = with_chips == 1 ? holder : -1;
            return e;
        }
        default:
            // step_ always holds one of the steps above; saying so drops the range check of
            // the resuming jump.
            __builtin_unreachable();
    }
}

// ----------------------------------------------------------------------------------------
// Views and invariants.

SeatView Table::view(int seat) const {
    SeatView v;
    update_view(seat, v);
    return v;
}

// Drivers ask for a view at every decision; zero-filling the ~400-byte view and then
// overwriting it cost more than the engine's whole step. So only what can differ from the
// last view is written: hole cards and board cards are cleared only where the previous view
// had them. The per-seat arrays are copied whole: fixed-size copies are a few vector moves,
// where a loop up to num_seats costs more in aliasing checks than it saves.
void Table::update_view(int seat, SeatView& v) const {
    if (seat < 0 || seat >= def_.num_seats) throw std::out_of_range("view: no such seat");
    v.seat = seat;
    v.hand_number = hand_number_;
    v.button = button_;
    v.round = round_;
    v.seat_to_act = seat_to_act();
    v.state = state_;
    v.big_blind = def_.big_blind;
    v.dealt_in = dealt_in_;
    v.folded = folded_;
    v.all_in = all_in_;
    const int n = def_.num_seats;
    if (n == 2) {
        // Heads-up, the duplicate matches' case: two seats cost six moves, the whole arrays
        // thirty. Entries beyond the seats are zero in the table and stay zero in the view
        // unless it was last written for a larger table.
        if (v.num_seats > n) {
            for (int s = n; s < kMaxSeats; ++s)
                v.stacks[s] = v.bets[s] = v.committed[s] = 0;
        }
        for (int s = 0; s < 2; ++s) {
            v.stacks[s] = stack_[s];
            v.bets[s] = bet_[s];
            v.committed[s] = committed_[s];
        }
    } else {
        v.stacks = stack_;
        v.bets = bet_;
        v.committed = committed_;
    }
    v.pot = pot_;
    v.current_bet = current_bet_;
    v.num_seats = n;
    v.hole_cards = def_.hole_cards;
    v.deck = deck_cards_;
    v.ranking = def_.ranking;
    SeatMask known = 0;
    int board_count = 0;
    const bool hand_dealt = step_ != Step::StartHand || hands_played_ > 0;
    if (hand_dealt) {
        known = record_.shown;
        if (dealt_in_ & bit(seat)) known |= bit(seat);
        // Cards of the hand being dealt are known only once dealt.
        if (step_ == Step::PostForcedBets || (step_ == Step::DealHoleCards && seat >= deal_index_))
            known = 0;
        board_count = record_.board_count;
        v.actions = std::span<const RecordedAction>(record_.actions.data(),
                                                    static_cast<std::size_t>(record_.num_actions));
        v.actions_truncated = record_.actions_truncated;
    } else {
        v.actions = {};
        v.actions_truncated = false;
    }
    for (SeatMask m = static_cast<SeatMask>(v.known_hole & ~known); m;
         m &= static_cast<SeatMask>(m - 1))
        v.hole[std::countr_zero(static_cast<unsigned>(m))] = {};
    for (SeatMask m = known; m; m &= static_cast<SeatMask>(m - 1)) {
        const int s = std::countr_zero(static_cast<unsigned>(m));
        v.hole[s] = record_.hole[s];
    }
    v.known_hole = known;
    for (int i = 0; i < board_count; ++i)
        v.board[i] = record_.board[i];
    for (int i = board_count; i < v.board_count; ++i)
        v.board[i] = Card{};
    v.board_count = board_count;
    if (v.seat_to_act == seat)
        compute_legal(seat, v.legal);
    else
        v.legal = LegalActions{};
}

bool Table::check_invariants(std::string* why) const {
    auto fail = [why](const std::string& message) {
        if (why) *why = message;
        return false;
    };
    Chips stacks = 0, put_in = 0;
    for (int s = 0; s < def_.num_seats; ++s) {
        if (stack_[s] < 0) return fail("seat " + std::to_string(s) + " has a negative stack");
        if (bet_[s] < 0 || committed_[s] < 0)
            return fail("seat " + std::to_string(s) + " has a negative bet");
        if (bet_[s] > committed_[s])
            return fail("seat " + std::to_string(s) + " bet more this round than this hand");
        stacks += stack_[s];
        put_in += committed_[s];
    }
    for (int s = def_.num_seats; s < kMaxSeats; ++s)
        if (stack_[s] != 0 || committed_[s] != 0) return fail("chips at a seat beyond num_seats");
    if (stacks + pot_ != total_chips_)
        return fail("chips not conserved: stacks " + std::to_string(stacks) + " + pot " +
                    std::to_string(pot_) + " != " + std::to_string(total_chips_));
    if (pot_ + awarded_ != put_in)
        return fail("pot " + std::to_string(pot_) + " + paid out " + std::to_string(awarded_) +
                    " != chips put in " + std::to_string(put_in));
    if (pot_ < 0) return fail("negative pot");
    if ((folded_ | all_in_) & ~dealt_in_) return fail("a seat not dealt in folded or is all-in");
    if (can_act_ != (dealt_in_ & ~folded_ & ~all_in_))
        return fail("the seats that can act are out of date");
    // Once the pots are paid an all-in seat may have won chips; before that it has none.
    const bool paying = step_ == Step::AwardPots || step_ == Step::EndHand ||
                        step_ == Step::StartHand || step_ == Step::GameOver;
    if (!paying)
        for (SeatMask m = all_in_; m; m &= static_cast<SeatMask>(m - 1))
            if (stack_[std::countr_zero(static_cast<unsigned>(m))] != 0)
                return fail("an all-in seat has chips");
    if (state_ == State::AwaitingAction) {
        if (to_act_ < 0 || to_act_ >= def_.num_seats) return fail("no seat to act");
        const SeatMask b = bit(to_act_);
        if (!(dealt_in_ & b) || (folded_ & b) || (all_in_ & b))
            return fail("seat " + std::to_string(to_act_) + " is to act but cannot");
    }
    if (step_ == Step::AwardPots) {
        Chips left = low_half_;
        for (int p = award_index_; p < num_pots_; ++p)
            left += pot_amounts_[p];
        if (left != pot_) return fail("the pots do not add up to the chips in the middle");
    }
    return true;
}

}  // namespace pokerarena
