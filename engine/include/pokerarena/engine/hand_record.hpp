// The compact record of one hand, kept in fixed arrays (no heap), enough to re-deal and
// replay it, and to write it as PHH.
#pragma once

#include <array>
#include <cstdint>

#include "pokerarena/engine/action.hpp"
#include "pokerarena/engine/types.hpp"
#include "pokerarena/evaluator/card.hpp"
#include "pokerarena/evaluator/evaluate.hpp"
#include "pokerarena/evaluator/omaha.hpp"

namespace pokerarena {

struct RecordedAction {
    std::int8_t seat = -1;
    ActionKind kind = ActionKind::CheckCall;
    std::uint8_t round = 0;
    bool all_in = false;  // the seat had no chips left after this action
    // RaiseTo: the street total; CheckCall: chips added (0 for a check); Fold: 0.
    Chips amount = 0;

    friend bool operator==(const RecordedAction&, const RecordedAction&) = default;
};

struct HandRecord {
    // Deal key: the deck of this hand is a pure function of (seed, table_id, deal), where deal
    // is the table's first deal plus hand_number (the hands this table has played before).
    std::uint64_t seed = 0;
    std::uint64_t table_id = 0;
    int hand_number = 0;
    std::uint64_t deal = 0;
    // True when the cards came from set_next_hand_cards (partly or wholly) rather than the key.
    bool preset_cards = false;

    int num_seats = 0;
    int button = 0;
    SeatMask dealt_in = 0;  // seats playing this hand (others sit out)
    std::array<Chips, kMaxSeats> starting_stacks{};
    std::array<Chips, kMaxSeats> antes{};   // antes actually posted
    std::array<Chips, kMaxSeats> blinds{};  // blinds and straddles actually posted

    std::array<std::array<Card, kMaxHoleCards>, kMaxSeats> hole{};
    std::array<Card, kMaxBoardCards> board{};
    int board_count = 0;  // board cards dealt (a hand won by a fold deals no more)

    std::array<RecordedAction, kMaxRecordedActions> actions{};
    int num_actions = 0;
    // More than kMaxRecordedActions actions: only the first ones are kept. Rare but real (two
    // bots min-raising each other with deep stacks make hundreds of raises); such a record
    // cannot be written as PHH.
    bool actions_truncated = false;

    SeatMask shown = 0;                         // seats that showed their cards at showdown
    std::array<HandValue, kMaxSeats> values{};  // hand values of the seats that showed
    // Omaha hi-lo: the eight-or-better lows of the seats that showed (kNoLow: none).
    std::array<LowValue, kMaxSeats> low_values{};
    std::array<Chips, kMaxSeats> final_stacks{};
    // Net result of every seat (final - starting); sums to zero.
    std::array<Chips, kMaxSeats> net{};
    bool finished = false;  // the hand has ended (final_stacks and net are set)

    friend bool operator==(const HandRecord&, const HandRecord&) = default;
};

}  // namespace pokerarena
