// What one seat may know: its own cards, the board, stacks, bets, pots, the public action
// history, and other seats' cards only once shown.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "pokerarena/engine/action.hpp"
#include "pokerarena/engine/game_def.hpp"
#include "pokerarena/engine/hand_record.hpp"
#include "pokerarena/engine/types.hpp"
#include "pokerarena/evaluator/card.hpp"

namespace pokerarena {

struct SeatView {
    int seat = -1;
    int num_seats = 0;
    int hand_number = 0;
    int button = -1;
    int round = 0;
    int seat_to_act = -1;  // -1 when nobody is to act
    State state = State::PreHand;
    Chips big_blind = 0;

    SeatMask dealt_in = 0;
    SeatMask folded = 0;
    SeatMask all_in = 0;
    std::array<Chips, kMaxSeats> stacks{};     // chips behind
    std::array<Chips, kMaxSeats> bets{};       // put in this round
    std::array<Chips, kMaxSeats> committed{};  // put in this hand (antes, blinds, bets)
    Chips pot = 0;                             // everything put in this hand
    Chips current_bet = 0;                     // the highest bet of this round

    // Bit s set: hole[s] is known to this seat (its own, or shown at showdown).
    SeatMask known_hole = 0;
    std::array<std::array<Card, kMaxHoleCards>, kMaxSeats> hole{};
    int hole_cards = 0;
    // The game's deck and showdown ranking (GameDef::deck(), GameDef::ranking): the cards a
    // bot may meet, and how hands compare (hand_ranking.hpp values them).
    CardSet deck{CardSet::kFullMask};
    HandRanking ranking = HandRanking::BestFive;
    std::array<Card, kMaxBoardCards> board{};
    int board_count = 0;

    // Valid only when seat_to_act == seat.
    LegalActions legal{};

    // The hand's actions so far. Points into the table: valid until the table next changes.
    // At most kMaxRecordedActions (255): the record keeps no more (see HandRecord).
    std::span<const RecordedAction> actions{};
    // True when the hand has had more actions than `actions` holds: the later ones are missing
    // and the history is incomplete (the stacks, bets and pot above are still exact). Two
    // bots min-raising each other a few hundred big blinds deep get there; a bot that reads
    // the history should then not trust what it infers from it (who raised last, how often).
    bool actions_truncated = false;
};

}  // namespace pokerarena
