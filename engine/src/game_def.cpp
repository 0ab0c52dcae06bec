#include "pokerarena/engine/game_def.hpp"

#include <cstdint>
#include <string>
#include <utility>

#include "pokerarena/evaluator/card.hpp"
#include "pokerarena/evaluator/short_deck.hpp"

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
        return "big_blind = " + to_string(big_blind) +
               " must be positive (it is the minimum bet and the unit of the reports)";
    if (ante < 0) return "ante = " + to_string(ante) + " is negative";
    if (ante_kind == AnteKind::None && ante != 0)
        return "ante = " + to_string(ante) + " but ante_kind is None";
    if (button_blind && !post_blinds) return "button_blind is set but post_blinds is not";
    if (button_blind && small_blind != 0)
        return "small_blind = " + to_string(small_blind) +
               " with button_blind: the button posts the only blind (big_blind)";
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
    for (int r = 0; r < num_rounds; ++r)
        if (first_to_act[r] != FirstToAct::LeftOfBigBlind &&
            first_to_act[r] != FirstToAct::LeftOfButton)
            return "first_to_act[" + to_string(r) +
                   "] = " + to_string(static_cast<int>(first_to_act[r])) +
                   " is neither LeftOfBigBlind nor LeftOfButton";
    if (deck_ranks == 0 || (deck_ranks & ~kAllRanks) != 0)
        return "deck_ranks = " + to_string(deck_ranks) +
               " must name at least one of the 13 ranks (bits 0..12, deuce to ace)";
    if (deck_suits == 0 || (deck_suits & ~kAllSuits) != 0)
        return "deck_suits = " + to_string(deck_suits) +
               " must name at least one of the 4 suits (bits 0..3, clubs to spades)";
    // Each ranking values hands of one shape; the table calls it without checking counts.
    switch (ranking) {
        case HandRanking::BestFive:
            // Hold'em's two at most: with the five board cards, the evaluator's seven.
            if (hole_cards > 2)
                return "hole_cards = " + to_string(hole_cards) +
                       " is more than the 2 the BestFive ranking takes";
            if (board + hole_cards < 5)
                return "hole_cards + board cards = " + to_string(board + hole_cards) +
                       ", fewer than the 5 the BestFive ranking needs";
            // The short deck ranks hands otherwise (a flush above a full house, the ace low in
            // A-6-7-8-9: the ShortDeck ranking); the standard order holds for the whole deck.
            if (deck() != CardSet{CardSet::kFullMask})
                return "the BestFive ranking needs the full 52-card deck (deck_ranks = " +
                       to_string(deck_ranks) + ", deck_suits = " + to_string(deck_suits) + ")";
            break;
        case HandRanking::ShortDeck:
            if (board + hole_cards < 5 || board + hole_cards > 7)
                return "hole_cards + board cards = " + to_string(board + hole_cards) +
                       ", outside the 5..7 the ShortDeck ranking values";
            // Its values reuse the standard wheel's for A-6-7-8-9, which only a deck without
            // deuces to fives keeps apart from A-2-3-4-5; and the game is the 36-card one.
            if (deck() != CardSet{kShortDeckMask})
                return "the ShortDeck ranking needs the 36-card deck of sixes to aces "
                       "(deck_ranks = " +
                       to_string(deck_ranks) + ", deck_suits = " + to_string(deck_suits) + ")";
            break;
        case HandRanking::HighCard:
            if (hole_cards != 1 || board != 0)
                return "the HighCard ranking needs 1 hole card and no board cards (hole_cards = " +
                       to_string(hole_cards) + ", board cards = " + to_string(board) + ")";
            break;
        case HandRanking::PairOrHighCard:
            if (hole_cards != 1 || board != 1)
                return "the PairOrHighCard ranking needs 1 hole card and 1 board card "
                       "(hole_cards = " +
                       to_string(hole_cards) + ", board cards = " + to_string(board) + ")";
            break;
        case HandRanking::OmahaHigh:
        case HandRanking::OmahaHiLo:
            // Two of four hole cards and three of five board cards, by the standard order.
            if (hole_cards != 4 || board != 5)
                return std::string("the ") +
                       (ranking == HandRanking::OmahaHigh ? "OmahaHigh" : "OmahaHiLo") +
                       " ranking needs 4 hole cards and 5 board cards (hole_cards = " +
                       to_string(hole_cards) + ", board cards = " + to_string(board) + ")";
            if (deck() != CardSet{CardSet::kFullMask})
                return "the Omaha rankings need the full 52-card deck (deck_ranks = " +
                       to_string(deck_ranks) + ", deck_suits = " + to_string(deck_suits) + ")";
            break;
        default:
            return "ranking = " + to_string(static_cast<int>(ranking)) +
                   " is none of BestFive, HighCard, PairOrHighCard, OmahaHigh, OmahaHiLo and "
                   "ShortDeck";
    }
    if (num_seats * hole_cards + board > deck().size())
        return "not enough cards in the deck: " + to_string(num_seats) + " seats of " +
               to_string(hole_cards) + " hole cards and " + to_string(board) +
               " board cards need " + to_string(num_seats * hole_cards + board) +
               ", the deck has " + to_string(deck().size());
    if (max_hands < 0) return "max_hands = " + to_string(max_hands) + " is negative";
    return "";
}

const char* betting_name(BettingStructure s) {
    switch (s) {
        case BettingStructure::NoLimit:
            return "no-limit";
        case BettingStructure::PotLimit:
            return "pot-limit";
        case BettingStructure::FixedLimit:
            return "fixed-limit";
    }
    return "?";
}

CardSet GameDef::deck() const {
    // A card's bit is 4 * rank + suit: each rank of the deck contributes the deck's suits.
    std::uint64_t cards = 0;
    for (int r = 0; r < kNumRanks; ++r)
        if ((deck_ranks >> r) & 1) cards |= std::uint64_t{deck_suits & 0xFu} << (4 * r);
    return CardSet{cards};
}

const char* GameDef::ranking_name() const {
    switch (ranking) {
        case HandRanking::HighCard:
            return "kuhn";
        case HandRanking::PairOrHighCard:
            return "leduc";
        case HandRanking::OmahaHigh:
            return "plo";
        case HandRanking::OmahaHiLo:
            return "plo8";
        case HandRanking::ShortDeck:
            return "short-deck";
        default:
            return "holdem";
    }
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

GameDef GameDef::omaha(int seats, Chips stack, Chips small_blind, Chips big_blind) {
    GameDef d = no_limit_holdem(seats, stack, small_blind, big_blind);
    d.structure = BettingStructure::PotLimit;
    d.hole_cards = 4;
    d.ranking = HandRanking::OmahaHigh;
    return d;
}

GameDef GameDef::omaha_hi_lo(int seats, Chips stack, Chips small_blind, Chips big_blind) {
    GameDef d = fixed_limit_holdem(seats, stack, small_blind, big_blind);
    d.hole_cards = 4;
    d.ranking = HandRanking::OmahaHiLo;
    return d;
}

namespace {

constexpr int kKing = 11;
constexpr int kHearts = 2, kSpades = 3;

// The antes-only fixed-limit shape Kuhn and Leduc share: every seat antes 1, no blinds, the
// ante is the reports' unit, and every round's action starts left of the button.
GameDef ante_game(int seats, Chips stack) {
    GameDef d;
    d.num_seats = seats;
    for (int s = 0; s < kMaxSeats; ++s)
        d.starting_stacks[s] = s < seats ? stack : 0;
    d.post_blinds = false;
    d.big_blind = 1;
    d.ante = 1;
    d.ante_kind = AnteKind::EveryPlayer;
    d.structure = BettingStructure::FixedLimit;
    d.first_to_act.fill(FirstToAct::LeftOfButton);
    d.hole_cards = 1;
    d.board_cards = {};
    return d;
}

// The n highest ranks, from the king down (the ace is left out as OpenSpiel and ACPC leave
// it): heads-up J, Q, K.
std::uint16_t highest_ranks(int n) {
    std::uint16_t ranks = 0;
    for (int r = kKing; r > kKing - n && r >= 0; --r)
        ranks = static_cast<std::uint16_t>(ranks | (1u << r));
    return ranks;
}

}  // namespace

GameDef GameDef::kuhn(int seats, Chips stack) {
    GameDef d = ante_game(seats, stack);
    d.num_rounds = 1;
    d.small_bet = d.big_bet = 1;
    d.big_bet_from_round = 1;
    d.raise_cap = 1;
    // One rank a seat and one more, the highest ones (heads-up J, Q, K): ACPC's three-player
    // Kuhn deals from four ranks in the same way.
    d.deck_ranks = highest_ranks(seats + 1);
    d.deck_suits = 1u << kSpades;
    d.ranking = HandRanking::HighCard;
    return d;
}

GameDef GameDef::leduc(int seats, Chips stack) {
    GameDef d = ante_game(seats, stack);
    d.num_rounds = 2;
    d.board_cards = {0, 1, 0, 0};
    d.small_bet = 2;
    d.big_bet = 4;
    d.big_bet_from_round = 1;
    d.raise_cap = 2;
    // One rank a seat and one more, as for Kuhn (OpenSpiel deals (players + 1) x 2 cards).
    d.deck_ranks = highest_ranks(seats + 1);
    d.deck_suits = static_cast<std::uint8_t>((1u << kHearts) | (1u << kSpades));
    d.ranking = HandRanking::PairOrHighCard;
    return d;
}

GameDef GameDef::short_deck(int seats, Chips stack, Chips ante, Chips button_blind) {
    GameDef d = no_limit_holdem(seats, stack, 0, button_blind);
    d.button_blind = true;
    d.ante = ante;
    d.ante_kind = ante > 0 ? AnteKind::EveryPlayer : AnteKind::None;
    d.deck_ranks = kShortDeckRanks;
    d.ranking = HandRanking::ShortDeck;
    return d;
}

}  // namespace pokerarena
