// Basic engine types shared by every engine header.
#pragma once

#include <cstdint>

namespace pokerarena {

// Chips are whole units (a PHH reader scales decimal amounts to these exactly).
using Chips = std::int64_t;

inline constexpr int kMaxSeats = 10;
inline constexpr int kMaxRounds = 4;
inline constexpr int kMaxBoardCards = 5;
// Omaha's four; hold'em uses the first two of each seat's four slots.
inline constexpr int kMaxHoleCards = 4;
// The hand record keeps at most this many actions (see HandRecord::actions_truncated and
// SeatView::actions_truncated). No capacity would do for every hand: a min-raising war has
// about one action per big blind of stack for each seat that keeps calling, so deep stacks
// always find a limit; a larger one makes every Table copy slower (docs/engine.md).
inline constexpr int kMaxRecordedActions = 255;

// A set of seats, bit s = seat s.
using SeatMask = std::uint16_t;

// The table's coarse state, as in DESIGN.md. PreHand: match-end check, button, forced bets.
// Dealing: hole and board cards. Betting: deciding who acts next or closing the round (its
// uncalled bet, if any, is returned then). AwaitingAction: a seat must act (only act() leaves
// it). Showdown: cards shown and valued. Payout: pots awarded. GameOver: the match has ended.
enum class State : std::uint8_t {
    PreHand,
    Dealing,
    Betting,
    AwaitingAction,
    Showdown,
    Payout,
    GameOver,
};

const char* state_name(State s);

}  // namespace pokerarena
