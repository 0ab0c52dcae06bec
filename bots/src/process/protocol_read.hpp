// The bot's side of the process-bot protocol (docs/bot-protocol.md): reading the host's
// messages back into the engine's types, for bots written in C++ (the plugin host,
// plugin_host.cpp) and for tests of the host's writer (protocol.hpp).
//
// Guarantees
// - read_view() is the inverse of write_decide(): for a full view it gives back every field
//   write_decide writes, field for field; the fields it does not carry are set as the view of
//   a seat to act has them (seat_to_act = seat, state = AwaitingAction) or left at their
//   defaults (hole cards of unknown seats, board cards past board_count). A "legal" view (only
//   the legal keys) gives a view with every other field at its default.
// - read_event() is the inverse of write_event() for the fields an event message carries
//   (ForcedBet's kind of bet and PotAwarded's odd chips are not sent: they stay at their
//   defaults).
// - Keys may come in any order; unknown keys are ignored, and so are array elements past
//   those known (a later minor version may add some). A value of the wrong type, a card that
//   is not one, a seat array longer than kMaxSeats, more than kMaxRecordedActions actions,
//   or a seat or seat count out of range, is an error: the function returns false and says
//   what is wrong in `error` (assigned only then).
// - Nothing is allocated when reading succeeds, once `actions` has the capacity of the
//   hand's actions (reserve kMaxRecordedActions).
#pragma once

#include <simdjson.h>

#include <string>
#include <string_view>
#include <vector>

#include "pokerarena/engine/event.hpp"
#include "pokerarena/engine/hand_record.hpp"
#include "pokerarena/engine/seat_view.hpp"

namespace pokerarena::process {

// "As" -> the ace of spades; false for anything that is not exactly a rank and a suit of
// the protocol ("23456789TJQKA", "cdhs").
bool read_card(std::string_view text, Card& card);

// A decide's "view" object into `view` (overwritten wholly). The recorded actions are stored
// in `actions` (cleared first) and view.actions points into it: valid while `actions` is
// neither changed nor destroyed.
bool read_view(simdjson::dom::object object, SeatView& view, std::vector<RecordedAction>& actions,
               std::string& error);

// An event message's "event" object into `event` (overwritten wholly).
bool read_event(simdjson::dom::object object, Event& event, std::string& error);

}  // namespace pokerarena::process
