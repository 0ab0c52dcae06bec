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
// and the engine does not. When every other seat still in is all-in, the engine does not ask
// the seat left with chips once it has matched the highest bet (nobody is left to bet against).
// PokerKit asks whoever is still in its queue of players to act. It fills that queue when the
// round opens with every player who has chips and something to lose: an effective stack above
// zero, which needs some other player's blind and stack together above this player's blind.
// It ends the round at once when the queue holds one player who has matched. A player leaves
// the queue by acting, and a raise fills it again with everyone else who has chips. So PokerKit
// asks the seat for a check exactly when it had something to lose as the round opened, was not
// the only one in the queue with its bet matched, and has not acted since: only a blind or a
// straddle before the flop (later rounds open without bets, and there PokerKit asks nobody
// when one player has chips). A big blind facing only all-ins for its blind or less is never
// asked, and writing the check there makes PokerKit refuse the hand.
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
            if (!dealt_in(seat) || (folded_ >> seat & 1u)) continue;
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
        if (!opening_queue_asks(lone)) return -1;
        return lone;
    }

  private:
    bool dealt_in(int seat) const { return record_.dealt_in >> seat & 1u; }

    // What a seat has once the antes are in: its blind and its stack behind.
    Chips total(int seat) const { return record_.starting_stacks[seat] - record_.antes[seat]; }

    // Whether PokerKit's queue holds `seat` as the first round opens and the round is not
    // closed at once. The bets then are the blinds posted.
    bool opening_queue_asks(int seat) const {
        if (!queued_at_opening(seat)) return false;
        Chips highest_blind = 0;
        int queued = 0;
        for (int s = 0; s < record_.num_seats; ++s) {
            if (!dealt_in(s)) continue;
            highest_blind = std::max(highest_blind, record_.blinds[s]);
            queued += queued_at_opening(s) ? 1 : 0;
        }
        return queued > 1 || record_.blinds[seat] < highest_blind;
    }

    // PokerKit queues a player with chips behind its blind whose effective stack is above
    // zero: min(stack, second largest total - own blind), where the second largest total is
    // the largest of the others' whenever this player's is larger.
    bool queued_at_opening(int seat) const {
        if (!dealt_in(seat) || total(seat) == record_.blinds[seat]) return false;
        Chips others = 0;
        for (int s = 0; s < record_.num_seats; ++s)
            if (s != seat && dealt_in(s)) others = std::max(others, total(s));
        return others > record_.blinds[seat];
    }

    const HandRecord& record_;
    std::array<Chips, kMaxSeats> bet_{};
    SeatMask acted_ = 0;
    SeatMask folded_ = 0;
};

// What every seat has in front of it and behind, action by action, to find a raise that no
// other player can call: every other player still in is all-in or has, bet and stack
// together, no more than the bet already to call. The engine takes such a raise (the chips
// above the call come back as an uncalled bet); PokerKit refuses it ("no reason to complete,
// bet, or raise"). It changes nothing but the chips that come back, so it is written as the
// call it amounts to.
class RoundBets {
  public:
    explicit RoundBets(const HandRecord& record) : record_(record) {
        for (int seat = 0; seat < record.num_seats; ++seat) {
            bet_[seat] = record.blinds[seat];
            behind_[seat] = record.starting_stacks[seat] - record.antes[seat] - bet_[seat];
        }
    }

    bool raise_nobody_can_call(const RecordedAction& action) {
        next_round(action.round);
        if (action.kind != ActionKind::RaiseTo) return false;
        Chips highest = 0;
        for (int seat = 0; seat < record_.num_seats; ++seat)
            highest = std::max(highest, bet_[seat]);
        for (int seat = 0; seat < record_.num_seats; ++seat) {
            if (seat == action.seat || !(record_.dealt_in >> seat & 1u)) continue;
            if ((folded_ >> seat & 1u) == 0 && bet_[seat] + behind_[seat] > highest) return false;
        }
        return true;
    }

    void add(const RecordedAction& action) {
        if (action.kind == ActionKind::Fold) {
            folded_ |= static_cast<SeatMask>(1u << action.seat);
            return;
        }
        // A call records the chips it added, a raise its new total for the round.
        const Chips added = action.kind == ActionKind::CheckCall
                                ? action.amount
                                : action.amount - bet_[action.seat];
        bet_[action.seat] += added;
        behind_[action.seat] -= added;
    }

  private:
    void next_round(int round) {
        if (round == round_) return;
        round_ = round;
        // The part of the highest bet that nobody matched came back to its owner.
        std::array<Chips, kMaxSeats> sorted = bet_;
        std::sort(sorted.begin(), sorted.begin() + record_.num_seats);
        const Chips matched = record_.num_seats > 1 ? sorted[record_.num_seats - 2] : 0;
        for (int seat = 0; seat < record_.num_seats; ++seat)
            behind_[seat] += std::max<Chips>(0, bet_[seat] - matched);
        bet_.fill(0);
    }

    const HandRecord& record_;
    int round_ = 0;
    std::array<Chips, kMaxSeats> bet_{};
    std::array<Chips, kMaxSeats> behind_{};
    SeatMask folded_ = 0;
};

}  // namespace

namespace {

// PHH's code for the game: NT and FT for hold'em (and the games that are not Omaha), PO for
// pot-limit Omaha, FO/8 for fixed-limit Omaha hi-lo. Other mixes have no code.
PhhVariant phh_variant_of(const GameDef& def) {
    if (def.ranking == HandRanking::HighCard || def.ranking == HandRanking::PairOrHighCard)
        throw std::invalid_argument(std::string("PHH has no variant code for ") +
                                    def.ranking_name());
    if (def.ranking == HandRanking::ShortDeck) {
        if (def.structure != BettingStructure::NoLimit)
            throw std::invalid_argument("PHH has a variant code for no-limit short-deck only");
        return PhhVariant::NoLimitShortDeck;
    }
    const bool omaha = def.ranking == HandRanking::OmahaHigh;
    const bool hi_lo = def.ranking == HandRanking::OmahaHiLo;
    if (omaha && def.structure == BettingStructure::PotLimit) return PhhVariant::PotLimitOmaha;
    if (hi_lo && def.structure == BettingStructure::FixedLimit)
        return PhhVariant::FixedLimitOmahaHiLo;
    if (omaha || hi_lo)
        throw std::invalid_argument(std::string("PHH has no variant code for ") +
                                    betting_name(def.structure) +
                                    (omaha ? " Omaha" : " Omaha hi-lo") + " (it has PO and FO/8)");
    if (def.structure == BettingStructure::PotLimit)
        throw std::invalid_argument("PHH has no variant code for pot-limit hold'em");
    return def.structure == BettingStructure::FixedLimit ? PhhVariant::FixedLimitHoldem
                                                         : PhhVariant::NoLimitHoldem;
}

}  // namespace

PhhHand phh_from_record(const HandRecord& record, const GameDef& def) {
    const PhhVariant variant = phh_variant_of(def);
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
    hand.variant = variant;
    // PHH's ante_trimming_status names how antes enter the pots. true: layered like bets, so
    // a seat all-in for part of its ante wins from each opponent at most what it put in (the
    // engine's rule when every seat antes). false: dead money in the main pot, which is what
    // the engine does with a big-blind ante, and with every ante under GameDef::dead_antes.
    hand.ante_trimming_status = !(def.dead_antes || def.ante_kind == AnteKind::BigBlind);
    if (phh_fixed_limit(hand.variant)) {
        hand.small_bet = def.small_bet;
        hand.big_bet = def.big_bet;
    } else {
        hand.min_bet = def.big_blind;
    }

    // Roles by PHH position: heads-up p2 (the button) posts the small blind and p1 the big
    // blind; otherwise p1 and p2. A button blind is pN's, the button's, with no small blind.
    const int small_blind_player = def.button_blind ? -1 : n == 2 ? 1 : 0;
    const int big_blind_player = def.button_blind ? n - 1 : n == 2 ? 0 : 1;
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
    RoundBets round_bets(record);
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
        const bool as_call = round_bets.raise_nobody_can_call(recorded);
        round_bets.add(recorded);
        if (as_call) {
            action.kind = PhhActionKind::CheckCall;
            add(std::move(action));
            continue;
        }
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
    const auto toml_integer = [](std::uint64_t value) {
        const std::string digits = std::to_string(value);
        return value <= static_cast<std::uint64_t>(INT64_MAX) ? digits : "\"" + digits + "\"";
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
