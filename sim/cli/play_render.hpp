// Text for `pokerarena play`: position names, one line per event, the table as one seat sees
// it. Pure functions of what that seat may know (a SeatView), so nothing here can leak another
// seat's cards before showdown.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

#include "pokerarena/engine/event.hpp"
#include "pokerarena/engine/seat_view.hpp"

namespace pokerarena::cli {

// ANSI colour on or off. Off, every line is plain text that reads the same (colour only
// repeats what the words already say).
struct Style {
    bool colour = false;
};

// Position names of the seats dealt in, counted from the button: heads-up "BTN/SB" and "BB";
// 3+ seats "BTN", "SB", "BB", then UTG, UTG+1, UTG+2, MP, LJ, HJ, CO as the table size needs
// (the late positions are named first: 6 seats are UTG, HJ, CO). Seats not dealt in get "".
std::array<std::string_view, kMaxSeats> position_names(int num_seats, SeatMask dealt_in,
                                                       int button);

// Cards as text ("As Kd"), hearts and diamonds red in colour.
std::string cards_text(std::span<const Card> cards, Style style);

// One line describing event `e` as seat `view.seat` sees it right after the event; names[s]
// is seat s's display name. Empty for events not worth a line (another seat's ActionRequired).
std::string event_line(const Event& e, const SeatView& view, std::span<const std::string> names,
                       Style style);

// The table: a header (hand, street, pot and side pots, board), then one line per seat
// (position, name, stack, bet this street, folded/all-in/out, cards: the viewer's own, others'
// only once shown).
std::string table_text(const SeatView& view, std::span<const std::string> names, Style style);

}  // namespace pokerarena::cli
