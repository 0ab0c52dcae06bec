// The person's commands in `pokerarena play` (play_commands.hpp).
#include "play_commands.hpp"

#include <charconv>

#include "pokerarena/engine/text.hpp"

namespace pokerarena::cli {

namespace {

Chips stack_of(const SeatView& view) {
    return view.stacks[static_cast<std::size_t>(view.seat)];
}

// "'a'" for a message: the person's text, escaped.
std::string quoted(std::string_view text) {
    std::string s(1, '\'');
    s += printable_text(text);
    s += '\'';
    return s;
}

// Why `a` plays nothing: a fixed-limit or pot-limit raise smaller than the stack, or no raise
// at all and a call that leaves chips behind.
std::string all_in_refusal(const SeatView& view) {
    const LegalActions& legal = view.legal;
    std::string why = "'a': all-in is not allowed here: ";
    if (legal.can_raise) {
        why += "it would " + std::string(view.current_bet == 0 ? "bet " : "raise to ") +
               std::to_string(legal.all_in_to) + ", and the rules allow " +
               std::to_string(legal.max_raise_to) + " at most";
    } else {
        why += "no raise is possible, and c ";
        why += legal.can_check ? "checks" : "calls " + std::to_string(legal.call_amount);
    }
    return why;
}

}  // namespace

bool all_in_allowed(const LegalActions& legal, Chips stack) {
    if (legal.can_raise)
        return legal.all_in_to >= legal.min_raise_to && legal.all_in_to <= legal.max_raise_to;
    return !legal.can_check && stack > 0 && legal.call_amount == stack;
}

std::string prompt_text(const SeatView& view) {
    const LegalActions& legal = view.legal;
    std::string s = "Your turn: ";
    s += legal.can_check ? "c check" : "f fold, c call " + std::to_string(legal.call_amount);
    if (legal.can_raise) {
        s += view.current_bet == 0 ? ", b N bet " : ", r N raise to ";
        s += std::to_string(legal.min_raise_to) + ".." + std::to_string(legal.max_raise_to);
    }
    if (all_in_allowed(legal, stack_of(view))) s += ", a all-in";
    return s + ", ? help, q quit > ";
}

std::string legal_actions_text(const SeatView& view) {
    const LegalActions& legal = view.legal;
    const Chips stack = stack_of(view);
    std::string s;
    if (legal.can_fold) s += "  f        fold\n";
    s += legal.can_check ? std::string("  c        check\n")
                         : "  c        call " + std::to_string(legal.call_amount) +
                               (legal.call_amount == stack ? " (all-in)\n" : "\n");
    const char* word = view.current_bet == 0 ? "bet" : "raise to";
    if (legal.can_raise) {
        const char* verb = view.current_bet == 0 ? "b" : "r";
        s += std::string("  ") + verb + " N      " + word + " N, from " +
             std::to_string(legal.min_raise_to) + " to " + std::to_string(legal.max_raise_to) +
             "\n";
    }
    if (all_in_allowed(legal, stack))
        s += legal.can_raise
                 ? "  a        all-in (" + std::string(word) + " " +
                       std::to_string(legal.all_in_to) + ")\n"
                 : "  a        all-in (call " + std::to_string(legal.call_amount) + ")\n";
    s += "  ?        this list\n  q        quit: fold this hand (check when free) and stop "
         "playing\n";
    return s;
}

Command read_command(std::string_view line, const SeatView& view) {
    const std::size_t first = line.find_first_not_of(" \t\r");
    const std::string_view command =
        first == std::string_view::npos
            ? std::string_view()
            : line.substr(first, line.find_last_not_of(" \t\r") + 1 - first);
    const LegalActions& legal = view.legal;
    Command c;
    c.kind = Command::Kind::Play;
    if (command == "f") {
        c.action = Action::fold();
        return c;
    }
    if (command == "c") {
        c.action = Action::check_call();
        return c;
    }
    if (command == "a") {
        if (!all_in_allowed(legal, stack_of(view))) {
            c.kind = Command::Kind::Refused;
            c.message = all_in_refusal(view);
            return c;
        }
        c.action = legal.can_raise ? Action::raise_to(legal.all_in_to) : Action::check_call();
        return c;
    }
    if (command == "?") {
        c.kind = Command::Kind::Help;
        return c;
    }
    if (command == "q") {
        c.kind = Command::Kind::Quit;
        return c;
    }
    c.kind = Command::Kind::Refused;
    if (!command.empty() && (command[0] == 'r' || command[0] == 'b') &&
        (command.size() == 1 || command[1] == ' ')) {
        const std::size_t digits = command.find_first_not_of(' ', 1);
        const char* begin =
            command.data() + (digits == std::string_view::npos ? command.size() : digits);
        const char* end = command.data() + command.size();
        Chips amount = 0;
        const auto [rest, ec] = std::from_chars(begin, end, amount);
        if (begin != end && ec == std::errc() && rest == end) {
            c.kind = Command::Kind::Play;
            c.action = Action::raise_to(amount);
            return c;
        }
        c.message = quoted(command) + ": give the street total in chips, e.g. " +
                    std::string(command.substr(0, 1)) + " " + std::to_string(legal.min_raise_to);
        return c;
    }
    c.message = quoted(command) + " is not a command: f, c, r N, b N, a, ? or q";
    return c;
}

}  // namespace pokerarena::cli
