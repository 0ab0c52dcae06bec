#include "pokerarena/engine/game_def.hpp"

#include <cstdint>
#include <string>
#include <utility>

#include "pokerarena/evaluator/card.hpp"

namespace pokerarena {

std::string GameDef::validate() const {
    using std::to_string;
    if (num_seats < 2 || num_seats > kMaxSeats)
        return "num_seats = " + to_string(num_seats) + " is outside 2.." + to_string(kMaxSeats);
    Chips total = 0;
    for (int s = 0; s < num_seats; ++s) {
        if (starting_stacks[s] < 0)
            return "starting_stacks[" + to_string(s) + "] = " + to_string(starting_stacks[s]) +
                   " is negative";
        if (__builtin_add_overflow(total, starting_stacks[s], &total) || total > kMaxTotalChips)
            return "starting_stacks add up to more than " + to_string(kMaxTotalChips) +
                   " chips (INT64_MAX / 4)";
    }
    // The table adds bet sizes to bets (a minimum raise is the bet plus the last raise, at
    // least big_blind; a fixed-limit raise the bet plus small_bet or big_bet): sizes within the
    // bound on the chips keep those sums far from overflow, and no table can bet more anyway.
    for (const auto& [name, amount] : {std::pair{"small_blind", small_blind},
                                       {"big_blind", big_blind},
                                       {"ante", ante},
                                       {"small_bet", small_bet},
                                       {"big_bet", big_bet}}) {
        if (amount > kMaxTotalChips)
            return std::string(name) + " = " + to_string(amount) + " is more than the " +
                   to_string(kMaxTotalChips) + " chips a table holds (INT64_MAX / 4)";
    }
    if (small_blind < 0) return "small_blind = " + to_string(small_blind) + " is negative";
    if (big_blind <= 0)
        return "big_blind = " + to_string(big_blind) + " must be positive (it is the minimum bet)";
    if (ante < 0) return "ante = " + to_string(ante) + " is negative";
    if (ante_kind == AnteKind::None && ante != 0)
        return "ante = " + to_string(ante) + " but ante_kind is None";
    if (structure == BettingStructure::FixedLimit) {
        if (small_bet <= 0) return "small_bet must be positive in fixed-limit";
        if (big_bet <= 0) return "big_bet must be positive in fixed-limit";
        if (raise_cap < 1) return "raise_cap = " + to_string(raise_cap) + " must be at least 1";
    }
    if (num_rounds < 1 || num_rounds > kMaxRounds)
        return "num_rounds = " + to_string(num_rounds) + " is outside 1.." + to_string(kMaxRounds);
    int board = 0;
    for (int r = 0; r < num_rounds; ++r) {
        if (board_cards[r] < 0)
            return "board_cards[" + to_string(r) + "] = " + to_string(board_cards[r]) +
                   " is negative";
        board += board_cards[r];
    }
    if (board > kMaxBoardCards)
        return "board_cards add up to " + to_string(board) + ", more than " +
               to_string(kMaxBoardCards);
    if (hole_cards < 1 || hole_cards > kMaxHoleCards)
        return "hole_cards = " + to_string(hole_cards) + " is outside 1.." +
               to_string(kMaxHoleCards);
    if (board + hole_cards < 5)
        return "hole_cards + board cards = " + to_string(board + hole_cards) +
               ", fewer than the 5 a showdown needs";
    if (num_seats * hole_cards + board > kNumCards) return "not enough cards in the deck";
    if (max_hands < 0) return "max_hands = " + to_string(max_hands) + " is negative";
    return "";
}

GameDef GameDef::no_limit_holdem(int seats, Chips stack, Chips small_blind, Chips big_blind) {
    GameDef d;
    d.num_seats = seats;
    for (int s = 0; s < kMaxSeats; ++s)
        d.starting_stacks[s] = s < seats ? stack : 0;
    d.small_blind = small_blind;
    d.big_blind = big_blind;
    return d;
}

GameDef GameDef::fixed_limit_holdem(int seats, Chips stack, Chips small_blind, Chips big_blind) {
    GameDef d = no_limit_holdem(seats, stack, small_blind, big_blind);
    d.structure = BettingStructure::FixedLimit;
    d.small_bet = big_blind;
    d.big_bet = 2 * big_blind;
    d.raise_cap = 4;
    return d;
}

}  // namespace pokerarena
