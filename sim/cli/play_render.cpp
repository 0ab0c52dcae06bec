#include "play_render.hpp"

#include "pokerarena/engine/hand_ranking.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "pokerarena/evaluator/evaluate.hpp"

namespace pokerarena::cli {

namespace {

constexpr std::string_view kBold = "\x1b[1m";
constexpr std::string_view kDim = "\x1b[2m";
constexpr std::string_view kRed = "\x1b[31m";
constexpr std::string_view kGreen = "\x1b[32m";
constexpr std::string_view kYellow = "\x1b[33m";
constexpr std::string_view kCyan = "\x1b[36m";
constexpr std::string_view kReset = "\x1b[0m";

std::string paint(std::string_view text, std::string_view code, Style style) {
    if (!style.colour) return std::string(text);
    std::string s(code);
    s += text;
    s += kReset;
    return s;
}

std::string pad(std::string text, std::size_t width) {
    if (text.size() < width) text.append(width - text.size(), ' ');
    return text;
}

std::string pad_left(std::string text, std::size_t width) {
    if (text.size() < width) text.insert(0, width - text.size(), ' ');
    return text;
}

const char* street_name(int round) {
    static constexpr const char* names[] = {"preflop", "flop", "turn", "river"};
    return round >= 0 && round < 4 ? names[round] : "showdown";
}

bool has(SeatMask mask, int seat) {
    return (mask >> seat) & 1u;
}

// "you" and "tag#1" alike.
std::string who(int seat, std::span<const std::string> names) {
    return names[static_cast<std::size_t>(seat)];
}

// "tag#1 raises to 6", or "You raise to 6" for the viewer: `phrase` is in the third person and
// its first word is the verb.
std::string sentence(int seat, const SeatView& view, std::span<const std::string> names,
                     std::string_view phrase) {
    if (seat != view.seat) return who(seat, names) + " " + std::string(phrase);
    const std::size_t space = std::min(phrase.find(' '), phrase.size());
    std::string verb(phrase.substr(0, space));
    verb = verb == "is" ? "are" : verb.substr(0, verb.size() - 1);
    return "You " + verb + std::string(phrase.substr(space));
}

// Pots as the engine will build them: every level an all-in seat still in the hand has put in
// closes a pot. The view carries only the total, and a player facing an all-in wants to see
// what they are playing for.
std::vector<Chips> pot_levels(const SeatView& view) {
    std::vector<Chips> caps;
    for (int s = 0; s < view.num_seats; ++s) {
        if (has(view.all_in, s) && !has(view.folded, s))
            caps.push_back(view.committed[static_cast<std::size_t>(s)]);
    }
    std::sort(caps.begin(), caps.end());
    caps.erase(std::unique(caps.begin(), caps.end()), caps.end());
    std::vector<Chips> pots;
    Chips below = 0;
    for (Chips cap : caps) {
        Chips pot = 0;
        for (int s = 0; s < view.num_seats; ++s)
            pot += std::clamp(view.committed[static_cast<std::size_t>(s)] - below, Chips{0},
                              cap - below);
        if (pot > 0) pots.push_back(pot);
        below = cap;
    }
    Chips rest = 0;
    for (int s = 0; s < view.num_seats; ++s)
        rest += std::max(view.committed[static_cast<std::size_t>(s)] - below, Chips{0});
    if (rest > 0 || pots.empty()) pots.push_back(rest);
    return pots;
}

std::string action_line(const Event& e, const SeatView& view) {
    switch (e.action.kind) {
        case ActionKind::Fold:
            return "folds";
        case ActionKind::CheckCall:
            return e.amount == 0 ? "checks" : "calls " + std::to_string(e.amount);
        case ActionKind::RaiseTo: {
            // A bet opens the street's betting (preflop the blinds have opened it). Read from
            // the bets, not the history, which may have stopped short (actions_truncated): the
            // street was open if the seat had chips in it already or any other seat has.
            bool opened = e.action.amount > e.amount;
            for (int s = 0; s < view.num_seats && !opened; ++s)
                opened = s != e.seat && view.bets[static_cast<std::size_t>(s)] > 0;
            return (opened ? "raises to " : "bets ") + std::to_string(e.action.amount);
        }
    }
    return "acts";
}

}  // namespace

std::array<std::string_view, kMaxSeats> position_names(int num_seats, SeatMask dealt_in,
                                                       int button) {
    std::array<std::string_view, kMaxSeats> names{};
    std::array<int, kMaxSeats> order{};
    int n = 0;
    for (int i = 0; i < num_seats; ++i) {
        const int s = (button + i) % num_seats;
        if (has(dealt_in, s)) order[static_cast<std::size_t>(n++)] = s;
    }
    if (n < 2) return names;
    if (n == 2) {
        names[static_cast<std::size_t>(order[0])] = "BTN/SB";
        names[static_cast<std::size_t>(order[1])] = "BB";
        return names;
    }
    // Seats between the big blind and the button, by how many there are.
    static constexpr std::array<std::array<std::string_view, 7>, 8> middle{{
        {},
        {"UTG"},
        {"UTG", "CO"},
        {"UTG", "HJ", "CO"},
        {"UTG", "MP", "HJ", "CO"},
        {"UTG", "UTG+1", "MP", "HJ", "CO"},
        {"UTG", "UTG+1", "MP", "LJ", "HJ", "CO"},
        {"UTG", "UTG+1", "UTG+2", "MP", "LJ", "HJ", "CO"},
    }};
    names[static_cast<std::size_t>(order[0])] = "BTN";
    names[static_cast<std::size_t>(order[1])] = "SB";
    names[static_cast<std::size_t>(order[2])] = "BB";
    for (int i = 3; i < n; ++i) {
        names[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])] =
            middle[static_cast<std::size_t>(n - 3)][static_cast<std::size_t>(i - 3)];
    }
    return names;
}

std::string cards_text(std::span<const Card> cards, Style style) {
    std::string s;
    for (Card c : cards) {
        if (!s.empty()) s += ' ';
        const bool red = c.suit() == 1 || c.suit() == 2;  // diamonds, hearts
        s += red ? paint(c.to_string(), kRed, style) : paint(c.to_string(), kBold, style);
    }
    return s;
}

std::string event_line(const Event& e, const SeatView& view, std::span<const std::string> names,
                       Style style) {
    switch (e.kind) {
        case EventKind::HandStarted:
            return paint("=== Hand " + std::to_string(e.hand_number + 1) +
                             " === button: " + who(e.seat, names),
                         kCyan, style);
        case EventKind::ForcedBet: {
            static constexpr const char* kinds[] = {"an ante of", "the small blind",
                                                    "the big blind", "a blind of"};
            return sentence(e.seat, view, names,
                            std::string("posts ") + kinds[static_cast<int>(e.forced)] + " " +
                                std::to_string(e.amount) + (e.all_in ? ", all-in" : ""));
        }
        case EventKind::HoleCardsDealt:
            return sentence(
                e.seat, view, names,
                "is dealt " + cards_text(std::span(e.cards.data(), e.num_cards), style));
        case EventKind::BoardDealt: {
            std::string street = street_name(e.round);
            street[0] = static_cast<char>(street[0] - 'a' + 'A');
            return street + ": " + cards_text(std::span(e.cards.data(), e.num_cards), style);
        }
        case EventKind::ActionRequired:
            return "";
        case EventKind::ActionTaken: {
            const std::string line =
                sentence(e.seat, view, names, action_line(e, view) + (e.all_in ? ", all-in" : ""));
            return e.seat == view.seat ? line : paint(line, kYellow, style);
        }
        case EventKind::UncalledBetReturned:
            return "Uncalled " + std::to_string(e.amount) + " returned to " + who(e.seat, names);
        case EventKind::Showdown:
            return sentence(e.seat, view, names,
                            "shows " + cards_text(std::span(e.cards.data(), e.num_cards), style) +
                                " (" + describe_hand(view.ranking, e.value) + ")");
        case EventKind::PotAwarded: {
            std::string line =
                e.pot_index == 0 ? "Main pot " : "Side pot " + std::to_string(e.pot_index) + " ";
            line += std::to_string(e.amount) + ":";
            for (int s = 0; s < view.num_seats; ++s) {
                if (!has(e.winners, s)) continue;
                line += ' ';
                line += who(s, names);
                line += " +";
                line += std::to_string(e.share_of(s));
            }
            return paint(line, kGreen, style);
        }
        case EventKind::HandEnded:
            return "Hand " + std::to_string(e.hand_number + 1) + " over";
        case EventKind::GameOver:
            return e.seat >= 0
                       ? paint(sentence(e.seat, view, names, "holds every chip"), kBold, style)
                       : "Game over";
    }
    return "";
}

std::string table_text(const SeatView& view, std::span<const std::string> names, Style style) {
    std::string s = "  hand " + std::to_string(view.hand_number + 1) + ", " +
                    street_name(view.round) + ", pot " + std::to_string(view.pot);
    const std::vector<Chips> pots = pot_levels(view);
    if (pots.size() > 1) {
        s += " (main " + std::to_string(pots[0]);
        for (std::size_t i = 1; i < pots.size(); ++i)
            s += ", side " + std::to_string(i) + ": " + std::to_string(pots[i]);
        s += ")";
    }
    s += ", board ";
    s += view.board_count == 0
             ? std::string("-")
             : cards_text(std::span(view.board.data(), static_cast<std::size_t>(view.board_count)),
                          style);
    s += '\n';

    const auto positions = position_names(view.num_seats, view.dealt_in, view.button);
    // Names of 13 characters or fewer keep the usual columns; a longer one (a plugin's own name,
    // "example C bot#1") widens the column rather than pushing its row out of line.
    std::size_t name_width = 14;
    for (int seat = 0; seat < view.num_seats; ++seat)
        name_width = std::max(name_width, who(seat, names).size() + 1);
    for (int seat = 0; seat < view.num_seats; ++seat) {
        const auto i = static_cast<std::size_t>(seat);
        // Colour codes wrap whole cells only, so the columns line up with and without them;
        // a folded seat is dimmed whole, so its cards are not painted inside it.
        const bool folded = has(view.folded, seat);
        const Style cell_style{style.colour && !folded};
        const std::string name = pad(who(seat, names), name_width);
        std::string line = "  " + pad(std::string(positions[i]), 7) +
                           (seat == view.seat ? paint(name, kBold, cell_style) : name) +
                           pad_left(std::to_string(view.stacks[i]), 6);
        if (!has(view.dealt_in, seat)) {
            line += "  out";
            s += paint(line, kDim, style) + '\n';
            continue;
        }
        // Once the pots are paid (pot 0) the round's bets are history, not chips on the table.
        line += view.bets[i] > 0 && view.pot > 0
                    ? "  bet " + pad_left(std::to_string(view.bets[i]), 5)
                    : std::string(11, ' ');
        const std::string state = has(view.folded, seat)   ? "folded"
                                  : has(view.all_in, seat) ? "all-in"
                                                           : "";
        line += "  " + pad(state, 7);
        if (has(view.known_hole, seat)) {
            line += cards_text(
                std::span(view.hole[i].data(), static_cast<std::size_t>(view.hole_cards)),
                cell_style);
        } else if (!folded) {
            for (int c = 0; c < view.hole_cards; ++c)
                line += c == 0 ? "??" : " ??";
        }
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        s += (folded ? paint(line, kDim, style) : line) + '\n';
    }
    return s;
}

}  // namespace pokerarena::cli
