// Hand-reading functions of the `tag` bot, public so they can be tested and reused.
//
// - chen_score: Bill Chen's pre-flop points for two hole cards, rounded up as he rounds
//   them: AA 20, KK 16, AKs 12, AKo 10, 72o -1 (the range is -1..20).
// - Positions: preflop seats are named from the button (six-max: UTG, HJ, CO, BTN, SB,
//   BB), generalized to 2..10 players: the last three seats before the blinds are always
//   HJ, CO, BTN; earlier ones are UTG, UTG+1, ... Heads-up the button is the small blind
//   and is named BTN.
// - classify_postflop: the made hand relative to the board (a pair on the board belongs to
//   everyone) and the draws, from the hole cards and a 3- to 5-card board.
#pragma once

#include <cstdint>
#include <span>

#include "pokerarena/engine/types.hpp"
#include "pokerarena/evaluator/card.hpp"

namespace pokerarena {

int chen_score(Card a, Card b);

// The preflop position of `seat`: its index in the preflop acting order of the seats in
// `dealt_in` (0 = first to act), for `button` the button seat. Heads-up the button acts
// first preflop. Precondition: seat and button are in dealt_in (the button may also be a
// seat sitting out; then the next dealt-in seat after it is used).
struct Position {
    int players = 0;  // seats dealt in
    int order = 0;    // 0 = first to act preflop .. players-1 = last (the big blind)
    int behind() const { return players - 1 - order; }  // players acting after, preflop
};
Position preflop_position(SeatMask dealt_in, int num_seats, int button, int seat);

// "UTG", "UTG+1", "HJ", "CO", "BTN", "SB", "BB".
const char* position_name(Position p);

enum class MadeHand : std::uint8_t {
    Nothing,  // no pair of its own (a pair on the board does not count)
    Weak,     // a pair below the board's second card, or an underpair
    Medium,   // second pair, or top pair with a kicker below ten
    Strong,   // top pair with a ten or better kicker, an overpair
    Monster,  // two pair using both hole cards, trips or a set, or a straight or better
              // that beats the board's own category
};

struct PostflopRead {
    MadeHand made = MadeHand::Nothing;
    bool flush_draw = false;  // four to a suit including a hole card (before the river)
    int straight_outs = 0;    // ranks that complete a straight using a hole card (0..2)
    int outs = 0;             // rough count of cards improving to a likely winner
};

// Precondition: board holds 3..5 cards distinct from the hole cards.
PostflopRead classify_postflop(Card hole0, Card hole1, std::span<const Card> board);

}  // namespace pokerarena
