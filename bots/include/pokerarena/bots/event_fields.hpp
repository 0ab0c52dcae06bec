// Which fields of an Event a bot is told, for each kind of event: the one table behind the
// process protocol's event messages (docs/bot-protocol.md, written by process/protocol.cpp) and
// the plugins' PaEvent (bots/sdk/pokerarena_bot.h, filled by plugin/plugin.cpp).
//
// The engine's Event carries more than a bot may read as information (ForcedBet's kind of
// bet, PotAwarded's odd chips, whatever a field held for another kind): a bot gets exactly the
// fields named here, every other field of PaEvent is zero (seat -1) and no other key is
// written.
//
// Guarantees
// - The fields' bits are in the order the protocol writes the keys: seat, round, pot, action,
//   amount, all_in, cards, value, winners (then "hand", which every event carries).
// - Every kind a SeatDriver forwards has a protocol name; ActionRequired and GameOver, which
//   are never forwarded, have none ("") and no fields.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "pokerarena/engine/event.hpp"

namespace pokerarena {

enum EventField : std::uint16_t {
    kEventSeat = 1u << 0,     // Event::seat
    kEventRound = 1u << 1,    // Event::round
    kEventPot = 1u << 2,      // Event::pot_index
    kEventAction = 1u << 3,   // Event::action (the protocol writes its amount, "to", for a raise)
    kEventAmount = 1u << 4,   // Event::amount
    kEventAllIn = 1u << 5,    // Event::all_in
    kEventCards = 1u << 6,    // Event::cards[0, num_cards)
    kEventValue = 1u << 7,    // Event::value
    kEventWinners = 1u << 8,  // Event::winners
};

struct EventFields {
    std::string_view name;                   // the protocol's "kind"
    std::uint16_t fields = 0;                // EventField bits
    std::string_view seat_key = "seat";      // the protocol's key of Event::seat
    std::string_view amount_key = "amount";  // the protocol's key of Event::amount

    constexpr bool has(EventField field) const { return (fields & field) != 0; }
};

namespace detail {

// Indexed by EventKind (static_asserts below keep the order).
inline constexpr std::array<EventFields, 11> kEventFields = {{
    {"hand_started", kEventSeat | kEventAmount, "button", "chips"},  // HandStarted
    {"forced_bet", kEventSeat | kEventAmount | kEventAllIn},         // ForcedBet
    {"hole_cards", kEventSeat | kEventCards},                        // HoleCardsDealt
    {"board", kEventRound | kEventCards},                            // BoardDealt
    {"", 0},                                                         // ActionRequired
    {"action",
     kEventSeat | kEventRound | kEventAction | kEventAmount | kEventAllIn},  // ActionTaken
    {"showdown", kEventSeat | kEventCards | kEventValue},                    // Showdown
    {"pot_awarded", kEventPot | kEventAmount | kEventWinners},               // PotAwarded
    {"hand_ended", 0},                                                       // HandEnded
    {"", 0},                                                                 // GameOver
    {"uncalled_bet_returned", kEventSeat | kEventRound | kEventAmount},      // UncalledBetReturned
}};

static_assert(static_cast<int>(EventKind::HandStarted) == 0 &&
              static_cast<int>(EventKind::ForcedBet) == 1 &&
              static_cast<int>(EventKind::HoleCardsDealt) == 2 &&
              static_cast<int>(EventKind::BoardDealt) == 3 &&
              static_cast<int>(EventKind::ActionRequired) == 4 &&
              static_cast<int>(EventKind::ActionTaken) == 5 &&
              static_cast<int>(EventKind::Showdown) == 6 &&
              static_cast<int>(EventKind::PotAwarded) == 7 &&
              static_cast<int>(EventKind::HandEnded) == 8 &&
              static_cast<int>(EventKind::GameOver) == 9 &&
              static_cast<int>(EventKind::UncalledBetReturned) == 10);

}  // namespace detail

// The fields a bot is told for an event of this kind.
constexpr const EventFields& event_fields(EventKind kind) {
    return detail::kEventFields[static_cast<std::size_t>(kind)];
}

}  // namespace pokerarena
