// Showdown values under each HandRanking of a GameDef.
//
// Guarantees
// - hand_value() returns a HandValue for which higher is stronger and equal values tie, under
//   the one ranking it is given; values of different rankings are not comparable.
// - BestFive values are the evaluator's (evaluate.hpp), of the hole and board cards together;
//   ShortDeck values the short-deck evaluator's (short_deck.hpp), of the same cards.
//   HighCard values are 1 + the rank of the hole card (1..13). PairOrHighCard values are
//   1 + the hole card's rank (1..13) without a pair, 14 + the rank (14..26) with one: any pair
//   beats any high card, a higher pair a lower one. OmahaHigh and OmahaHiLo values are the
//   evaluator's omaha_high() (on the evaluate() scale); OmahaHiLo's low half is valued apart
//   (low_hand_value()).
// - Nothing allocates or throws but describe_hand().
//
// Preconditions (not checked): the cards are distinct, and the counts are those GameDef::
// validate() accepts for the ranking (BestFive and ShortDeck: 5 to 7 cards in all; HighCard: one
// hole card and no board; PairOrHighCard: one hole card and one board card; the Omaha rankings:
// four hole cards and three to five board cards).
#pragma once

#include <string>

#include "pokerarena/engine/game_def.hpp"
#include "pokerarena/evaluator/card.hpp"
#include "pokerarena/evaluator/evaluate.hpp"
#include "pokerarena/evaluator/omaha.hpp"
#include "pokerarena/evaluator/short_deck.hpp"

namespace pokerarena {

// Kuhn poker: the rank of the one hole card decides.
constexpr HandValue high_card_value(Card hole) {
    return static_cast<HandValue>(1 + hole.rank());
}

// Leduc hold'em: a hole card of the board card's rank is a pair, which beats every unpaired
// hand; otherwise the higher hole card wins (the board card is common to both, so comparing
// the two cards highest first, as OpenSpiel and ACPC's evaluator do, comes to the same).
constexpr HandValue pair_or_high_card_value(Card hole, Card board) {
    return static_cast<HandValue>(hole.rank() == board.rank() ? 1 + kNumRanks + hole.rank()
                                                              : 1 + hole.rank());
}

// The value of hole[0..hole_cards) with board[0..board_count) under `ranking`.
inline HandValue hand_value(HandRanking ranking, const Card* hole, int hole_cards,
                            const Card* board, int board_count) {
    switch (ranking) {
        case HandRanking::HighCard:
            return high_card_value(hole[0]);
        case HandRanking::PairOrHighCard:
            return pair_or_high_card_value(hole[0], board[0]);
        case HandRanking::OmahaHigh:
        case HandRanking::OmahaHiLo:
            return omaha_high(hole, hole_cards, board, board_count);
        case HandRanking::BestFive:
        case HandRanking::ShortDeck:
            break;
    }
    Hand h;
    for (int i = 0; i < hole_cards; ++i)
        h.add(hole[i]);
    for (int i = 0; i < board_count; ++i)
        h.add(board[i]);
    return ranking == HandRanking::ShortDeck ? evaluate_short_deck(h) : evaluate(h);
}

// The low half's value: under OmahaHiLo the eight-or-better low (kNoLow: none), under every
// other ranking kNoLow.
inline LowValue low_hand_value(HandRanking ranking, const Card* hole, int hole_cards,
                               const Card* board, int board_count) {
    if (ranking != HandRanking::OmahaHiLo) return kNoLow;
    return omaha_low(hole, hole_cards, board, board_count);
}

// "King High", "Pair of Queens"; under BestFive and the Omaha rankings, the evaluator's
// describe() ("Two Pair, Kings and Sevens"), under ShortDeck describe_short_deck() ("Straight,
// Nine High").
std::string describe_hand(HandRanking ranking, HandValue value);

}  // namespace pokerarena
