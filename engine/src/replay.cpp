// Replaying PHH hands through the Table.
//
// The replay drives the engine and follows the file, not the other way round: the engine
// decides whose turn it is and when a round closes, and every file action must agree. So an
// action out of turn or by a player who is all-in, an illegal size, a board dealt while betting is
// still open, or betting after the hand ended is reported at the file action where it happens,
// which is what a person fixing the file needs.
//
// Show/muck actions are not replayed: the engine shows down every hand still in, and a PHH
// muck at showdown only forfeits a pot the player had lost anyway in the files seen so far.
// Should a file muck a winning hand, the finishing stacks differ and the hand is reported as
// mismatched, with the muck named as the likely cause, not silently accepted.
#include "pokerarena/engine/replay.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>

#include "pokerarena/engine/table.hpp"
#include "pokerarena/evaluator/short_deck.hpp"

namespace pokerarena {

namespace {

std::string player_name(int player) {
    std::string name = "p";  // appended: GCC 12 -Wrestrict misfires on "p" + temporary
    name += std::to_string(player + 1);
    return name;
}

std::string chips_text(Chips chips, int chip_decimals) {
    PhhDecimal amount{chips, chip_decimals};
    while (amount.decimals > 0 && amount.units % 10 == 0) {
        amount.units /= 10;
        --amount.decimals;
    }
    return to_string(amount);
}

// The engine's message in PHH terms: its seats are 0-based ("seat 2" is p3), and its amounts
// are chip units, which differ from the file's money when the hand has decimals.
std::string engine_message(std::string_view message, int chip_decimals) {
    std::string out;
    constexpr std::string_view kSeat = "seat ";
    std::size_t pos = 0;
    while (pos < message.size()) {
        const std::size_t found = message.find(kSeat, pos);
        const std::size_t digits = found + kSeat.size();
        if (found == std::string_view::npos || digits >= message.size() || message[digits] < '0' ||
            message[digits] > '9') {
            const std::size_t stop = found == std::string_view::npos ? message.size() : digits;
            out += message.substr(pos, stop - pos);
            pos = stop;
            continue;
        }
        out += message.substr(pos, found - pos);
        int seat = 0;
        std::size_t end = digits;
        for (; end < message.size() && message[end] >= '0' && message[end] <= '9'; ++end) {
            seat = seat * 10 + (message[end] - '0');
        }
        out += player_name(seat);
        pos = end;
    }
    if (chip_decimals > 0) {
        out += " (engine amounts are in chip units of ";
        out += chips_text(1, chip_decimals);
        out += ")";
    }
    return out;
}

std::string action_label(const PhhAction& action, int chip_decimals) {
    return "actions[" + std::to_string(action.index) + "] '" + to_phh_text(action, chip_decimals) +
           "'";
}

// amount * 10^exponent, or false if it does not fit in 64 bits.
bool scale_up(std::int64_t amount, int exponent, std::int64_t& scaled) {
    scaled = amount;
    for (int i = 0; i < exponent; ++i) {
        if (__builtin_mul_overflow(scaled, 10, &scaled)) return false;
    }
    return true;
}

// The engine set-up for a hand: rules, stacks, forced bets by seat, the cards the file gives.
struct Setup {
    GameDef def;
    std::array<Chips, kMaxSeats> antes{};
    std::array<Chips, kMaxSeats> blinds{};
    PresetCards cards{};
    std::array<bool, kMaxSeats> hole_known{};  // every hole card of the seat is known
    int board_given = 0;                       // board cards the file names
};

Setup make_setup(const PhhHand& hand) {
    Setup s;
    const int n = hand.num_players();
    s.def.num_seats = n;
    for (int i = 0; i < n; ++i)
        s.def.starting_stacks[i] = hand.starting_stacks[i];
    // Heads-up, PHH applies the forced-bet arrays reversed: p1 (big blind) posts entry 1.
    for (int i = 0; i < n; ++i) {
        const int from = n == 2 ? 1 - i : i;
        s.antes[i] = hand.antes[from];
        s.blinds[i] = hand.blinds_or_straddles[from];
    }
    Chips smallest_blind = 0;
    for (int i = 0; i < n; ++i) {
        if (s.blinds[i] > 0 && (smallest_blind == 0 || s.blinds[i] < smallest_blind)) {
            smallest_blind = s.blinds[i];
        }
    }
    s.def.small_blind = smallest_blind;
    if (hand.variant == PhhVariant::PotLimitOmaha ||
        hand.variant == PhhVariant::FixedLimitOmahaHiLo) {
        s.def.hole_cards = 4;
        s.def.ranking = hand.variant == PhhVariant::PotLimitOmaha ? HandRanking::OmahaHigh
                                                                  : HandRanking::OmahaHiLo;
    }
    if (phh_fixed_limit(hand.variant)) {
        s.def.structure = BettingStructure::FixedLimit;
        s.def.big_blind = hand.small_bet;
        s.def.small_bet = hand.small_bet;
        s.def.big_bet = hand.big_bet;
        s.def.big_bet_from_round = 2;
        s.def.raise_cap = 4;  // a bet and three raises per round, as in WSOP limit games
    } else {
        s.def.structure = hand.variant == PhhVariant::PotLimitOmaha ? BettingStructure::PotLimit
                                                                    : BettingStructure::NoLimit;
        s.def.big_blind = hand.min_bet;
    }
    if (hand.variant == PhhVariant::NoLimitShortDeck) {
        s.def.deck_ranks = kShortDeckRanks;
        s.def.ranking = HandRanking::ShortDeck;
    }
    s.def.max_hands = 1;
    // The file's convention for antes (PokerKit's reading of ante_trimming_status): true
    // layers them with the bets, the engine's standard rule; false, also PHH's default, makes
    // every ante dead money in the main pot. A table ante posted by some players only is dead
    // either way (the engine's rule; PokerKit would hand an ante nobody matched back to its
    // owner under true, and asks for false with such antes).
    s.def.dead_antes = !hand.ante_trimming_status;

    std::vector<std::vector<std::optional<Card>>> hole(n);
    for (const PhhAction& action : hand.actions) {
        if (action.kind == PhhActionKind::DealHole) {
            hole[action.player] = action.cards;
        } else if (action.kind == PhhActionKind::ShowOrMuck && !action.cards.empty()) {
            hole[action.player] = action.cards;  // the reader checked it agrees with the deal
        } else if (action.kind == PhhActionKind::DealBoard) {
            for (const auto& card : action.cards) {
                if (!card) break;
                s.cards.board[s.board_given++] = *card;
            }
        }
    }
    s.cards.board_known = s.board_given;
    for (int i = 0; i < n; ++i) {
        const bool known = static_cast<int>(hole[i].size()) == s.def.hole_cards &&
                           std::all_of(hole[i].begin(), hole[i].end(),
                                       [](const auto& c) { return c.has_value(); });
        s.hole_known[i] = known;
        s.cards.hole_known[i] = known;
        if (known)
            for (int c = 0; c < s.def.hole_cards; ++c)
                s.cards.hole[i][c] = *hole[i][c];
    }
    return s;
}

Action engine_action(const PhhAction& action) {
    switch (action.kind) {
        case PhhActionKind::Fold:
            return Action::fold();
        case PhhActionKind::BetRaiseTo:
            return Action::raise_to(action.amount);
        default:
            return Action::check_call();
    }
}

bool is_betting(const PhhAction& action) {
    return action.kind == PhhActionKind::Fold || action.kind == PhhActionKind::CheckCall ||
           action.kind == PhhActionKind::BetRaiseTo;
}

// Where a refusal is a rule on which PokerKit departs from the standard one, so that a hand
// PokerKit wrote is refused naming the rule rather than as a plain error (docs/formats.md).
std::string pokerkit_note(std::string_view message, int round) {
    if (message.starts_with("raise cap reached") && round == 0) {
        return " (PokerKit allows a fifth bet before the flop: it does not count the big blind "
               "as the first bet)";
    }
    if (message.find("betting was not reopened") != std::string_view::npos) {
        return "; PokerKit would allow it: the first bet or raise of a round reopens the betting "
               "there whatever its size, and it adds up all-in raises that the player had "
               "already answered";
    }
    return "";
}

// One pot as the engine paid it.
struct PaidPot {
    SeatMask winners = 0;
    std::array<Chips, kMaxSeats> shares{};
    Chips amount = 0;
};

// The stacks PokerKit pays from the same pots: it pays consecutive pots won by the same
// players as one (after the losing hands are killed their pots have the same contenders and
// merge), so their odd chips add up, and all of them go to the first winner from p1.
std::vector<Chips> pokerkit_payout(const std::vector<Chips>& engine_stacks,
                                   const std::vector<PaidPot>& pots) {
    std::vector<Chips> stacks = engine_stacks;
    const int n = static_cast<int>(stacks.size());
    for (std::size_t first = 0; first < pots.size();) {
        std::size_t last = first;
        Chips total = 0;
        while (last < pots.size() && pots[last].winners == pots[first].winners)
            total += pots[last++].amount;
        const SeatMask winners = pots[first].winners;
        const int count = std::popcount(winners);
        for (std::size_t k = first; k < last; ++k)
            for (int i = 0; i < n; ++i)
                stacks[i] -= pots[k].shares[i];
        for (int i = 0, paid = 0; i < n; ++i) {
            if (!(winners >> i & 1u)) continue;
            stacks[i] += total / count + (paid++ == 0 ? total % count : 0);
        }
        first = last;
    }
    return stacks;
}

// Plays the hand; returns "" or the error. Fills split_winners with the seats that shared a
// pot and engine_stacks with the stacks after the hand.
class HandPlayer {
  public:
    HandPlayer(const PhhHand& hand, const Setup& setup) : hand_(hand), setup_(setup) {
        all_in_at_.fill(-1);
    }

    ReplayResult play();

  private:
    std::string error_at(const PhhAction& action, const std::string& what) const {
        return action_label(action, hand_.chip_decimals) + ": " + what;
    }
    // Consumes dealer and show actions up to the next betting action; returns its position
    // in hand_.actions, or actions.size() if none is left.
    std::size_t next_betting_action();
    // "p3 is all-in (since actions[4]) and cannot act" if the player of `action` is all-in,
    // else "". The engine never asks an all-in seat to act, so without this such an action
    // reads as out of turn, or, once every player still in is all-in, as after the hand.
    std::string all_in_actor(const PhhAction& action, SeatMask all_in) const;
    std::string compare(ReplayResult& result) const;
    // The check PokerKit asks of the one seat left with chips (phh_record.cpp, PreflopBets),
    // which the engine skips: a check by a seat that has not folded and is not all-in, when
    // every other seat still in is all-in. Accepted once, after the engine's last action.
    static bool is_pokerkit_check(const PhhAction& action, const Table& table);

    const PhhHand& hand_;
    const Setup& setup_;
    std::size_t next_ = 0;
    int board_in_file_ = 0;
    const PhhAction* last_board_deal_ = nullptr;
    SeatMask split_winners_ = 0;
    SeatMask pot_winners_ = 0;
    std::vector<PaidPot> paid_pots_;
    // The file action that put each player all-in; -1 if none did (a forced bet may have).
    std::array<int, kMaxSeats> all_in_at_{};
};

std::string HandPlayer::all_in_actor(const PhhAction& action, SeatMask all_in) const {
    if (!(all_in >> action.player & 1u)) return "";
    const int at = all_in_at_[action.player];
    const std::string since =
        at >= 0 ? "actions[" + std::to_string(at) + "]" : std::string("the forced bets");
    return player_name(action.player) + " is all-in (since " + since + ") and cannot act";
}

bool HandPlayer::is_pokerkit_check(const PhhAction& action, const Table& table) {
    if (action.kind != PhhActionKind::CheckCall) return false;
    const SeatMask me = static_cast<SeatMask>(1u << action.player);
    const SeatMask all_in = table.all_in();
    const auto dealt_in = static_cast<SeatMask>(table.last_hand().dealt_in);
    const SeatMask others_still_in = dealt_in & ~table.folded() & ~me;
    return !(table.folded() & me) && !(all_in & me) && others_still_in != 0 &&
           (others_still_in & ~all_in) == 0;
}

std::size_t HandPlayer::next_betting_action() {
    while (next_ < hand_.actions.size() && !is_betting(hand_.actions[next_])) {
        const PhhAction& action = hand_.actions[next_];
        if (action.kind == PhhActionKind::DealBoard) {
            board_in_file_ += static_cast<int>(action.cards.size());
            last_board_deal_ = &action;
        }
        ++next_;
    }
    return next_;
}

ReplayResult HandPlayer::play() {
    ReplayResult result;
    Table table(setup_.def, 0, 0);
    table.set_pause_mask(pause_bit(EventKind::ActionRequired) | pause_bit(EventKind::PotAwarded) |
                         pause_bit(EventKind::HandEnded) | pause_bit(EventKind::GameOver));
    table.set_button(hand_.num_players() - 1);
    table.set_next_hand_forced_bets(setup_.antes, setup_.blinds);
    table.set_next_hand_cards(setup_.cards);

    for (;;) {
        const Event event = table.advance();
        if (event.kind == EventKind::PotAwarded) {
            if (std::popcount(event.winners) > 1) split_winners_ |= event.winners;
            pot_winners_ |= event.winners;
            PaidPot pot;
            pot.winners = event.winners;
            pot.amount = event.amount;
            for (int i = 0; i < hand_.num_players(); ++i)
                pot.shares[i] = event.share_of(i);
            paid_pots_.push_back(pot);
            continue;
        }
        if (event.kind == EventKind::HandEnded || event.kind == EventKind::GameOver) break;
        if (event.kind != EventKind::ActionRequired) continue;

        const std::size_t at = next_betting_action();
        const int engine_board = table.last_hand().board_count;
        if (board_in_file_ > engine_board) {
            result.status = ReplayStatus::Error;
            result.message =
                error_at(*last_board_deal_,
                         "board cards dealt while " + player_name(event.seat) + " is still to act");
            return result;
        }
        if (at == hand_.actions.size()) {
            if (hand_.finishing_stacks) {
                result.status = ReplayStatus::Error;
                result.message = "actions: they end before the hand is over (" +
                                 player_name(event.seat) + " is to act)";
            } else {
                result.status = ReplayStatus::Unchecked;
                result.message = "the actions end before the hand is over";
            }
            return result;
        }
        const PhhAction& action = hand_.actions[at];
        if (board_in_file_ < engine_board) {
            result.status = ReplayStatus::Error;
            result.message =
                error_at(action, "the betting round closed and " + std::to_string(engine_board) +
                                     " board cards are out, but the file has dealt " +
                                     std::to_string(board_in_file_));
            return result;
        }
        if (action.player != event.seat) {
            const std::string all_in = all_in_actor(action, table.all_in());
            result.status = ReplayStatus::Error;
            result.message = error_at(
                action,
                (all_in.empty() ? player_name(action.player) + " acts out of turn" : all_in) +
                    "; " + player_name(event.seat) + " is to act");
            return result;
        }
        const Status status = table.act(engine_action(action));
        if (!status.ok()) {
            result.status = ReplayStatus::Error;
            result.message = error_at(action, engine_message(status.message, hand_.chip_decimals) +
                                                  pokerkit_note(status.message, event.round));
            return result;
        }
        if (table.all_in() >> action.player & 1u) all_in_at_[action.player] = action.index;
        ++next_;
    }

    // After the hand: only shows, mucks and the run-out of the board may remain. An all-in
    // seat stays in all_in() until the next hand starts.
    next_betting_action();
    if (next_ < hand_.actions.size() && is_pokerkit_check(hand_.actions[next_], table)) {
        ++next_;
        next_betting_action();
    }
    if (next_ < hand_.actions.size()) {
        const PhhAction& action = hand_.actions[next_];
        const std::string all_in = all_in_actor(action, table.all_in());
        result.status = ReplayStatus::Error;
        result.message = error_at(action, all_in.empty() ? "the hand is already over" : all_in);
        return result;
    }
    const HandRecord& record = table.last_hand();
    if (board_in_file_ > record.board_count) {
        result.status = ReplayStatus::Error;
        result.message = error_at(
            *last_board_deal_,
            "the hand ended with " + std::to_string(record.board_count) + " board cards out");
        return result;
    }
    for (int i = 0; i < hand_.num_players(); ++i)
        result.engine_stacks.push_back(table.stack(i));

    // A showdown decided by cards the file does not name proves nothing either way.
    if (record.shown != 0) {
        for (int i = 0; i < hand_.num_players(); ++i) {
            if ((record.shown >> i & 1u) && !setup_.hole_known[i]) {
                result.status = ReplayStatus::Unchecked;
                result.message = player_name(i) + "'s cards at showdown are unknown";
                return result;
            }
        }
        if (setup_.board_given < record.board_count) {
            result.status = ReplayStatus::Unchecked;
            result.message = "the board at showdown is not given in full";
            return result;
        }
    }
    if (!hand_.finishing_stacks) {
        result.status = ReplayStatus::Unchecked;
        result.message = "no finishing_stacks";
        return result;
    }
    const std::string rejected = compare(result);
    if (!rejected.empty()) {
        result.status = ReplayStatus::Mismatched;
        result.message = "finishing stacks differ for " + rejected;
        if (hand_.chip_decimals == 0 && split_winners_ != 0) {
            std::vector<Chips> file;
            for (const PhhDecimal& amount : *hand_.finishing_stacks)
                file.push_back(amount.decimals == 0 ? amount.units : -1);
            if (file == pokerkit_payout(result.engine_stacks, paid_pots_)) {
                result.message +=
                    "; they are PokerKit's: it pays pots won by the same players as one pot, "
                    "so their odd chips add up (the engine splits each pot on its own)";
            }
        }
        // The likely cause, when a player who mucked was paid: a PHH muck concedes, but the
        // engine shows down every hand still in.
        for (const PhhAction& action : hand_.actions) {
            if (action.kind == PhhActionKind::ShowOrMuck && action.cards.empty() &&
                !action.show_dealt && (pot_winners_ >> action.player & 1u)) {
                result.message += "; " + player_name(action.player) +
                                  " mucked but wins at the engine's showdown, which shows every "
                                  "hand still in";
            }
        }
    }
    return result;
}

// Fills result.differences; returns the players whose difference is not accepted.
std::string HandPlayer::compare(ReplayResult& result) const {
    std::string rejected;
    const int d = hand_.chip_decimals;
    for (int i = 0; i < hand_.num_players(); ++i) {
        const PhhDecimal file = (*hand_.finishing_stacks)[i];
        const Chips engine = result.engine_stacks[i];
        // Compare at the finer of the two units. An amount that overflows there is far from
        // the other one, which fits: a plain difference.
        const int common = std::max(d, file.decimals);
        std::int64_t engine_fine = 0, file_fine = 0, one_chip = 0, diff = 0;
        const bool fits = scale_up(engine, common - d, engine_fine) &&
                          scale_up(file.units, common - file.decimals, file_fine) &&
                          scale_up(1, common - d, one_chip) &&
                          !__builtin_sub_overflow(engine_fine, file_fine, &diff);
        if (fits && diff == 0) continue;
        // The half-chip convention: the file writes a split pot's odd chip as two halves, so
        // its amount has a fraction of the chip unit and is less than a unit from the engine's.
        // A whole-unit difference (101 and 100 where the engine pays 100 and 101) is a wrong
        // odd-chip recipient, not the convention.
        const bool odd_chip = fits && (split_winners_ >> i & 1u) && file.decimals > d &&
                              diff < one_chip && diff > -one_chip;
        std::string line =
            player_name(i) + ": file " + to_string(file) + ", engine " + chips_text(engine, d);
        if (odd_chip) {
            line += " (odd chip of a split pot, accepted)";
        } else {
            rejected += (rejected.empty() ? "" : ", ") + player_name(i);
        }
        result.differences.push_back(std::move(line));
    }
    return rejected;
}

}  // namespace

ReplayResult replay_hand(const PhhHand& hand, std::string_view location) {
    ReplayResult result;
    try {
        const Setup setup = make_setup(hand);
        if (const std::string why = setup.def.validate(); !why.empty()) {
            result.status = ReplayStatus::Error;
            result.message = "the hand's rules are not playable: " + why;
        } else {
            result = HandPlayer(hand, setup).play();
        }
    } catch (const std::exception& error) {
        // The Table refuses set-ups it cannot play (e.g. cards it cannot deal); report, go on.
        result = {};
        result.status = ReplayStatus::Error;
        result.message = std::string("the engine refused the hand: ") + error.what();
    }
    result.location = std::string(location);
    return result;
}

ReplayResult replay_entry(const PhhEntry& entry) {
    if (entry.status == PhhEntry::Status::Ok) return replay_hand(entry.hand, entry.location);
    ReplayResult result;
    result.status = entry.status == PhhEntry::Status::Unsupported ? ReplayStatus::Unsupported
                                                                  : ReplayStatus::Error;
    result.location = entry.location;
    result.message = entry.message;
    return result;
}

}  // namespace pokerarena
