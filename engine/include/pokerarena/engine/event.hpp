// Events returned by Table::advance().
#pragma once

#include <array>
#include <cstdint>

#include "pokerarena/engine/action.hpp"
#include "pokerarena/engine/types.hpp"
#include "pokerarena/evaluator/card.hpp"
#include "pokerarena/evaluator/evaluate.hpp"
#include "pokerarena/evaluator/omaha.hpp"

namespace pokerarena {

// The order of a hand's events: HandStarted, ForcedBet (antes, then blinds), HoleCardsDealt
// (one per seat dealt in), then per round: BoardDealt (rounds with board cards),
// ActionRequired / ActionTaken pairs, UncalledBetReturned (when a bet was not fully called);
// then Showdown (one per seat showing, only if two or more seats remain), PotAwarded (one per
// pot), HandEnded; GameOver once the match ends.
enum class EventKind : std::uint8_t {
    HandStarted,
    ForcedBet,
    HoleCardsDealt,
    BoardDealt,
    ActionRequired,
    ActionTaken,
    Showdown,
    PotAwarded,
    HandEnded,
    GameOver,
    UncalledBetReturned,
};

const char* event_kind_name(EventKind k);

// Pause masks: bit (1 << kind). By default only ActionRequired and GameOver pause
// (kDefaultPauseMask). The simulator's seat driver adds HandEnded, to know where a hand stops,
// or pauses on everything when a bot watches events; so does a terminal UI
// (kPauseOnEveryEvent).
// ActionRequired and GameOver always pause, whatever the mask says.
constexpr std::uint32_t pause_bit(EventKind k) {
    return 1u << static_cast<int>(k);
}
inline constexpr std::uint32_t kDefaultPauseMask =
    pause_bit(EventKind::ActionRequired) | pause_bit(EventKind::GameOver);
inline constexpr std::uint32_t kPauseOnEveryEvent = 0x7FFu;

enum class ForcedBetKind : std::uint8_t { Ante, SmallBlind, BigBlind, Blind };

// What a PotAwarded event pays: a whole pot, or under Omaha hi-lo, when a low qualifies, its
// high half and then (in the next event, with the same pot_index) its low half.
enum class PotPart : std::uint8_t { Whole, HighHalf, LowHalf };

struct Event {
    EventKind kind = EventKind::HandStarted;
    // HandStarted: the button. ForcedBet, HoleCardsDealt, ActionRequired, ActionTaken,
    // Showdown, UncalledBetReturned: that seat. GameOver: the seat holding every chip, or -1.
    // Otherwise -1.
    int seat = -1;
    int hand_number = 0;
    int round = 0;  // BoardDealt, ActionRequired, ActionTaken, UncalledBetReturned
    // ActionTaken: the action as applied (a RaiseTo's amount is the street total).
    Action action{};
    // ForcedBet: chips posted. ActionTaken: chips the seat added. PotAwarded: the chips paid
    // (the pot, or the half of it that `part` names).
    // UncalledBetReturned: chips returned. HandStarted: chips in play at the table.
    Chips amount = 0;
    int pot_index = 0;              // PotAwarded: 0 = main pot, 1.. = side pots in order
    PotPart part = PotPart::Whole;  // PotAwarded: the whole pot or one half of it
    SeatMask winners = 0;           // PotAwarded: the seats sharing the pot (or the half)
    SeatMask odd_chips = 0;  // PotAwarded: winners that got one extra chip of an uneven split
    ForcedBetKind forced = ForcedBetKind::Ante;  // ForcedBet
    bool all_in = false;    // ForcedBet, ActionTaken: the seat has no chips left
    HandValue value = 0;    // Showdown: the seat's hand value
    LowValue low = kNoLow;  // Showdown under Omaha hi-lo: the seat's low (kNoLow: none)
    std::uint8_t num_cards = 0;
    // HoleCardsDealt: the seat's cards; BoardDealt: the new board cards; Showdown: shown cards.
    std::array<Card, kMaxBoardCards> cards{};

    // A seat's share of a PotAwarded pot.
    Chips share_of(int seat_index) const;
};

}  // namespace pokerarena
