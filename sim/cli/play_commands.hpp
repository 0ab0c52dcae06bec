// The person's commands in `pokerarena play`: the prompt, the `?` list and the reading of a typed
// line, all from the seat's view. Pure functions of the view, like play_render.hpp, so that
// what is offered and what a command plays are the same rules, tested without a terminal.
//
// Guarantees
// - Every action the prompt and the `?` list offer is legal on the table the view came from:
//   `a` (all-in) is offered when putting the whole stack in is a legal raise (no-limit always;
//   fixed-limit and pot-limit only when the stack is at most the largest raise) or, when no
//   raise is possible, a call that takes the whole stack.
// - Typed text is escaped (printable_text) wherever a message quotes it: the input may come
//   from a pipe, and a control byte must not reach the terminal as an escape sequence.
#pragma once

#include <string>
#include <string_view>

#include "pokerarena/engine/action.hpp"
#include "pokerarena/engine/seat_view.hpp"

namespace pokerarena::cli {

// Whether the seat may put its whole stack in: a raise to legal.all_in_to within the legal
// raises, or a call of the whole stack (`stack`, the seat's chips behind) when no raise is
// possible.
bool all_in_allowed(const LegalActions& legal, Chips stack);

// "Your turn: f fold, c call 4, r N raise to 8..200, a all-in, ? help, q quit > ".
std::string prompt_text(const SeatView& view);

// The viewer's legal actions with their amounts, as typed commands ("c  call 4").
std::string legal_actions_text(const SeatView& view);

// What a typed line asks for. Play: `action` (the table still judges its amount); Help: the
// caller prints legal_actions_text; Quit; Refused: `message` says why (a command the rules
// refuse before the table sees it, or text that is no command), already escaped.
struct Command {
    enum class Kind { Play, Help, Quit, Refused };
    Kind kind = Kind::Refused;
    Action action;
    std::string message;
};
Command read_command(std::string_view line, const SeatView& view);

}  // namespace pokerarena::cli
