// From the engine's HandRecord to PHH.
//
// The record keeps the forced bets actually posted; PHH wants the nominal ones (a short stack
// "posts what it has" against the nominal blind, which also decides who acts first and the
// minimum raise). So the nominal amounts come back from the GameDef by role: heads-up the
// button posts the small blind, otherwise the first seat dealt in after the button; the big
// blind is the next seat dealt in. A seat that posted more than its role's amount (a straddle
// set with set_next_hand_forced_bets) keeps what it posted.
#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include "pokerarena/engine/replay.hpp"

namespace pokerarena {

namespace {

// The dealt-in seats in PHH order: p1 left of the button, the button last.
std::vector<int> phh_order(const HandRecord& record) {
    std::vector<int> seats;
    for (int k = 1; k <= record.num_seats; ++k) {
        const int seat = (record.button + k) % record.num_seats;
        if (record.dealt_in >> seat & 1u) seats.push_back(seat);
    }
    return seats;
}

std::vector<std::optional<Card>> known_cards(const Card* first, int count) {
    std::vector<std::optional<Card>> cards;
    for (int i = 0; i < count; ++i)
        cards.emplace_back(first[i]);
    return cards;
}

// The bets of the first round, followed action by action, for the one seat that PokerKit asks
// and the engine does not: when every other seat still in is all-in, the seat left with chips
// that has matched the highest bet is not asked by the engine (nobody is left to bet against),
// but PokerKit asks it for a check if it has not acted in the round yet, which happens only to
// a blind before the flop (later rounds open without bets, and PokerKit asks nobody there).
class PreflopBets {
  public:
    explicit PreflopBets(const HandRecord& record) : record_(record) {
        for (int seat = 0; seat < record.num_seats; ++seat)
            bet_[seat] = record.blinds[seat];
    }

    void add(const RecordedAction& action) {
        if (action.round > 0) return;
        const auto bit = static_cast<SeatMask>(1u << action.seat);
        acted_ |= bit;
        if (action.kind == ActionKind::Fold) folded_ |= bit;
        if (action.kind == ActionKind::CheckCall) bet_[action.seat] += action.amount;
        if (action.kind == ActionKind::RaiseTo) bet_[action.seat] = action.amount;
    }

    // The seat to write a check for at the end of the first round, or -1.
    int unasked_seat() const {
        int lone = -1;
        bool someone_all_in = false;
        Chips highest = 0;
        for (int seat = 0; seat < record_.num_seats; ++seat) {
            if (!(record_.dealt_in >> seat & 1u) || (folded_ >> seat & 1u)) continue;
            highest = std::max(highest, bet_[seat]);
            const Chips left = record_.starting_stacks[seat] - record_.antes[seat] - bet_[seat];
            if (left == 0) {
                someone_all_in = true;
            } else if (lone >= 0) {
                return -1;  // two seats with chips: the engine asked both
            } else {
                lone = seat;
            }
        }
        if (lone < 0 || !someone_all_in || (acted_ >> lone & 1u) || bet_[lone] < highest) return -1;
        return lone;
    }

  private:
    const HandRecord& record_;
    std::array<Chips, kMaxSeats> bet_{};
    SeatMask acted_ = 0;
    SeatMask folded_ = 0;
};

}  // namespace

PhhHand phh_from_record(const HandRecord& record, const GameDef& def) {
    if (def.structure == BettingStructure::PotLimit) {
        throw std::invalid_argument("PHH has no variant code for pot-limit hold'em");
    }
    if (record.actions_truncated) {
        // A hand written without its later actions would replay to the wrong stacks.
        throw std::invalid_argument("hand " + std::to_string(record.hand_number) +
                                    " has more than " + std::to_string(kMaxRecordedActions) +
                                    " actions; the record kept only the first " +
                                    std::to_string(kMaxRecordedActions) + ", too few to write it");
    }
    const std::vector<int> seats = phh_order(record);
    const int n = static_cast<int>(seats.size());
    PhhHand hand;
    hand.variant = def.structure == BettingStructure::FixedLimit ? PhhVariant::FixedLimitHoldem
                                                                 : PhhVariant::NoLimitHoldem;
    hand.ante_trimming_status = true;  // a short stack posts what it has, ante included
    if (hand.variant == PhhVariant::FixedLimitHoldem) {
        hand.small_bet = def.small_bet;
        hand.big_bet = def.big_bet;
    } else {
        hand.min_bet = def.big_blind;
    }

    // Roles by PHH position: heads-up p2 (the button) posts the small blind and p1 the big
    // blind; otherwise p1 and p2.
    const int small_blind_player = n == 2 ? 1 : 0;
    const int big_blind_player = n == 2 ? 0 : 1;
    std::vector<Chips> antes(n), blinds(n);
    for (int p = 0; p < n; ++p) {
        const int seat = seats[p];
        Chips blind = record.blinds[seat];
        if (p == small_blind_player) blind = std::max(blind, def.small_blind);
        if (p == big_blind_player) blind = std::max(blind, def.big_blind);
        Chips ante = record.antes[seat];
        const bool owes_ante = def.ante_kind == AnteKind::EveryPlayer ||
                               (def.ante_kind == AnteKind::BigBlind && p == big_blind_player);
        if (owes_ante) ante = std::max(ante, def.ante);
        antes[p] = ante;
        blinds[p] = blind;
        hand.starting_stacks.push_back(record.starting_stacks[seat]);
    }
    // PHH writes the heads-up forced bets reversed (entry 0 is the button's small blind).
    hand.antes = antes;
    hand.blinds_or_straddles = blinds;
    if (n == 2) {
        std::swap(hand.antes[0], hand.antes[1]);
        std::swap(hand.blinds_or_straddles[0], hand.blinds_or_straddles[1]);
    }

    std::array<int, kMaxSeats> player_of{};
    for (int p = 0; p < n; ++p)
        player_of[seats[p]] = p;
    int index = 0;
    auto add = [&](PhhAction action) {
        action.index = index++;
        hand.actions.push_back(std::move(action));
    };
    for (int p = 0; p < n; ++p) {
        PhhAction deal;
        deal.kind = PhhActionKind::DealHole;
        deal.player = p;
        deal.cards = known_cards(record.hole[seats[p]].data(), def.hole_cards);
        add(std::move(deal));
    }
    // Board cards go out at the start of their round; rounds with no betting (everyone all-in)
    // still get their deal, after the last action.
    int board_out = 0;
    int round_dealt = 0;
    auto deal_board_to = [&](int round) {
        while (round_dealt < round) {
            ++round_dealt;
            const int count =
                std::min(def.board_cards[round_dealt], record.board_count - board_out);
            if (count <= 0) continue;
            PhhAction deal;
            deal.kind = PhhActionKind::DealBoard;
            deal.cards = known_cards(record.board.data() + board_out, count);
            board_out += count;
            add(std::move(deal));
        }
    };
    PreflopBets preflop(record);
    bool preflop_closed = false;
    // PokerKit asks the lone seat left with chips for a check the engine skips (see
    // PreflopBets); without it PokerKit refuses the rest of the hand.
    auto close_preflop = [&] {
        if (preflop_closed) return;
        preflop_closed = true;
        if (const int seat = preflop.unasked_seat(); seat >= 0) {
            PhhAction check;
            check.kind = PhhActionKind::CheckCall;
            check.player = player_of[seat];
            add(std::move(check));
        }
    };
    for (int i = 0; i < record.num_actions; ++i) {
        const RecordedAction& recorded = record.actions[i];
        if (recorded.round > 0) close_preflop();
        preflop.add(recorded);
        deal_board_to(recorded.round);
        PhhAction action;
        action.player = player_of[recorded.seat];
        switch (recorded.kind) {
            case ActionKind::Fold:
                action.kind = PhhActionKind::Fold;
                break;
            case ActionKind::CheckCall:
                action.kind = PhhActionKind::CheckCall;
                break;
            case ActionKind::RaiseTo:
                action.kind = PhhActionKind::BetRaiseTo;
                action.amount = recorded.amount;
                break;
        }
        add(std::move(action));
    }
    close_preflop();
    deal_board_to(def.num_rounds - 1);
    for (int p = 0; p < n; ++p) {
        if (record.shown >> seats[p] & 1u) {
            PhhAction show;
            show.kind = PhhActionKind::ShowOrMuck;
            show.player = p;
            show.cards = known_cards(record.hole[seats[p]].data(), def.hole_cards);
            add(std::move(show));
        }
    }

    if (record.finished) {
        std::vector<PhhDecimal> finishing;
        for (const int seat : seats)
            finishing.push_back({record.final_stacks[seat], 0});
        hand.finishing_stacks = std::move(finishing);
    }
    // `hand` and `table` re-deal the hand: its deck is deal_key(seed, table, hand). TOML
    // integers are signed 64-bit; a larger number is written as a string.
    const auto toml_integer = [](std::uint64_t n) {
        const std::string digits = std::to_string(n);
        return n <= static_cast<std::uint64_t>(INT64_MAX) ? digits : "\"" + digits + "\"";
    };
    hand.metadata.emplace_back("hand", toml_integer(record.deal));
    hand.metadata.emplace_back("table", toml_integer(record.table_id));
    std::string seat_numbers = "[";
    for (int p = 0; p < n; ++p)
        seat_numbers += (p ? ", " : "") + std::to_string(seats[p] + 1);
    hand.metadata.emplace_back("seats", seat_numbers + "]");
    hand.metadata.emplace_back("seat_count", std::to_string(record.num_seats));
    return hand;
}

}  // namespace pokerarena
