// pokerarena.Table: one engine table driven from Python, and PHH in and out (docs/python.md,
// "One table").
#include "table.hpp"

#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "arguments.hpp"
#include "game.hpp"
#include "pokerarena/engine/phh.hpp"
#include "pokerarena/engine/replay.hpp"
#include "pokerarena/engine/table.hpp"

namespace py = pybind11;

namespace pokerarena::python {

namespace {

py::list card_list(const Card* cards, int n) {
    py::list out;
    for (int i = 0; i < n; ++i)
        out.append(cards[i].to_string());
    return out;
}

py::dict legal_dict(const LegalActions& legal) {
    py::dict d;
    d["can_fold"] = legal.can_fold;
    d["can_check"] = legal.can_check;
    d["call_amount"] = legal.call_amount;
    d["can_raise"] = legal.can_raise;
    d["min_raise_to"] = legal.min_raise_to;
    d["max_raise_to"] = legal.max_raise_to;
    d["all_in_to"] = legal.all_in_to;
    return d;
}

py::list seats_of(SeatMask mask, int seats) {
    py::list out;
    for (int s = 0; s < seats; ++s)
        if ((mask >> s) & 1u) out.append(s);
    return out;
}

py::dict action_dict(const RecordedAction& a) {
    py::dict d;
    d["seat"] = static_cast<int>(a.seat);
    d["kind"] = action_kind_name(a.kind);
    d["amount"] = a.amount;
    d["round"] = static_cast<int>(a.round);
    d["all_in"] = a.all_in;
    return d;
}

// The event as a dict; `table_ranking` the game's (a showdown's low under Omaha hi-lo).
py::dict event_dict(const Event& e, int seats, HandRanking table_ranking) {
    py::dict d;
    d["kind"] = event_kind_name(e.kind);
    d["seat"] = e.seat;
    d["hand"] = e.hand_number;
    d["round"] = e.round;
    switch (e.kind) {
        case EventKind::ActionTaken:
            d["action"] = action_kind_name(e.action.kind);
            d["to"] = e.action.amount;
            d["amount"] = e.amount;
            d["all_in"] = e.all_in;
            break;
        case EventKind::ForcedBet:
            d["amount"] = e.amount;
            d["all_in"] = e.all_in;
            break;
        case EventKind::HoleCardsDealt:
        case EventKind::BoardDealt:
            d["cards"] = card_list(e.cards.data(), e.num_cards);
            break;
        case EventKind::Showdown:
            d["cards"] = card_list(e.cards.data(), e.num_cards);
            d["value"] = e.value;
            if (table_ranking == HandRanking::OmahaHiLo) d["low"] = e.low;
            break;
        case EventKind::UncalledBetReturned:
            d["amount"] = e.amount;
            break;
        case EventKind::PotAwarded:
            d["pot"] = e.pot_index;
            d["amount"] = e.amount;
            d["winners"] = seats_of(e.winners, seats);
            d["part"] = e.part == PotPart::HighHalf  ? "high"
                        : e.part == PotPart::LowHalf ? "low"
                                                     : "whole";
            break;
        default:
            break;
    }
    return d;
}

Action action_of(const std::string& kind, Chips amount) {
    if (kind == "fold") return Action::fold();
    if (kind == "check" || kind == "call" || kind == "check_call") return Action::check_call();
    if (kind == "raise" || kind == "bet") return Action::raise_to(amount);
    throw py::value_error(
        "kind: expected \"fold\", \"check\", \"call\", \"bet\" or \"raise\", "
        "not \"" +
        kind + "\"");
}

}  // namespace

PyTable::PyTable(int seats, Chips stack, Chips small_blind, Chips big_blind, std::uint64_t seed,
                 std::uint64_t table_id, const std::string& betting, bool reset_stacks, bool events,
                 const std::string& game)
    : table_(
          [&] {
              GameDef def = table_game(game, seats, stack, small_blind, big_blind, betting);
              def.reset_stacks_each_hand = reset_stacks;
              return def;
          }(),
          seed, table_id) {
    table_.set_pause_mask(events ? kPauseOnEveryEvent
                                 : kDefaultPauseMask | pause_bit(EventKind::HandEnded));
}

py::dict PyTable::advance() {
    return event_dict(table_.advance(), table_.game_def().num_seats, table_.game_def().ranking);
}

void PyTable::act(const std::string& kind, Chips amount) {
    const Status status = table_.act(action_of(kind, amount));
    if (!status.ok()) throw py::value_error(status.message);
}

py::dict PyTable::legal_actions() const {
    return legal_dict(table_.legal_actions());
}

py::dict PyTable::view(int seat) const {
    const int n = table_.game_def().num_seats;
    if (seat < 0 || seat >= n)
        throw py::value_error("seat: expected 0.." + std::to_string(n - 1) + ", got " +
                              std::to_string(seat));
    const SeatView v = table_.view(seat);
    py::dict d;
    d["seat"] = v.seat;
    d["num_seats"] = v.num_seats;
    d["hand"] = v.hand_number;
    d["button"] = v.button;
    d["round"] = v.round;
    d["seat_to_act"] = v.seat_to_act;
    d["state"] = state_name(v.state);
    d["big_blind"] = v.big_blind;
    d["stacks"] = std::vector<Chips>(v.stacks.begin(), v.stacks.begin() + n);
    d["bets"] = std::vector<Chips>(v.bets.begin(), v.bets.begin() + n);
    d["committed"] = std::vector<Chips>(v.committed.begin(), v.committed.begin() + n);
    d["pot"] = v.pot;
    d["current_bet"] = v.current_bet;
    d["folded"] = seats_of(v.folded, n);
    d["all_in"] = seats_of(v.all_in, n);
    py::list hole;
    for (int s = 0; s < n; ++s)
        hole.append((v.known_hole >> s) & 1u ? py::object(card_list(v.hole[s].data(), v.hole_cards))
                                             : py::object(py::none()));
    d["hole"] = hole;
    d["board"] = card_list(v.board.data(), v.board_count);
    d["legal"] = legal_dict(v.legal);
    py::list actions;
    for (const RecordedAction& a : v.actions)
        actions.append(action_dict(a));
    d["actions"] = actions;
    return d;
}

py::dict PyTable::last_hand() const {
    const HandRecord& r = table_.last_hand();
    const int n = r.num_seats;
    py::dict d;
    d["hand"] = r.hand_number;
    d["button"] = r.button;
    d["finished"] = r.finished;
    d["starting_stacks"] =
        std::vector<Chips>(r.starting_stacks.begin(), r.starting_stacks.begin() + n);
    py::list hole;
    for (int s = 0; s < n; ++s)
        hole.append(
            card_list(r.hole[s].data(), (r.dealt_in >> s) & 1u ? table_.game_def().hole_cards : 0));
    d["hole"] = hole;
    d["board"] = card_list(r.board.data(), r.board_count);
    py::list actions;
    for (int i = 0; i < r.num_actions; ++i)
        actions.append(action_dict(r.actions[i]));
    d["actions"] = actions;
    d["net"] = std::vector<Chips>(r.net.begin(), r.net.begin() + n);
    return d;
}

std::string PyTable::last_hand_phh() const {
    const HandRecord& r = table_.last_hand();
    if (!r.finished) throw py::value_error("no hand has finished at this table yet");
    try {
        return write_phh(phh_from_record(r, table_.game_def()));
    } catch (const std::invalid_argument& e) {
        throw py::value_error(e.what());
    }
}

py::list replay_phh(const std::string& text, bool many_hands, const std::string& name) {
    py::list out;
    for (const PhhEntry& entry : parse_phh(text, name, many_hands)) {
        const ReplayResult r = replay_entry(entry);
        py::dict d;
        d["location"] = r.location;
        // ReplayStatus in its order: Matched, Mismatched, Unchecked, Error, Unsupported.
        constexpr const char* kStatus[] = {"matched", "mismatched", "unchecked", "error",
                                           "unsupported"};
        d["status"] = kStatus[static_cast<int>(r.status)];
        d["message"] = r.message;
        d["differences"] = r.differences;
        d["stacks"] = r.engine_stacks;
        out.append(d);
    }
    return out;
}

void add_table(py::module_& m) {
    py::class_<PyTable>(m, "Table",
                        R"(One table of the engine (any game of run --game), driven step by step.

advance() runs the table to its next pause and returns the event there (a dict with "kind":
"ActionRequired" when a seat must act, "HandEnded", "GameOver", and with events=True every
event: "HandStarted", "ForcedBet", "HoleCardsDealt", "BoardDealt", "ActionTaken", ...).
act() answers an ActionRequired. copy.copy(table) is an independent table in the same state
(for search).)")
        .def(py::init([](const py::object& seats, const py::object& stack,
                         const py::object& small_blind, const py::object& big_blind,
                         const py::object& seed, const py::object& table_id,
                         const std::string& betting, bool reset_stacks, bool events,
                         const std::string& game) {
                 return std::make_unique<PyTable>(
                     int_argument(seats, "seats"), chips_argument(stack, "stack"),
                     chips_argument(small_blind, "small_blind"),
                     chips_argument(big_blind, "big_blind"), unsigned_argument(seed, "seed"),
                     unsigned_argument(table_id, "table_id"), betting, reset_stacks, events, game);
             }),
             py::arg("seats") = 2, py::arg("stack") = 200, py::arg("small_blind") = 1,
             py::arg("big_blind") = 2, py::arg("seed") = 0, py::arg("table_id") = 0,
             py::arg("betting") = "", py::arg("reset_stacks") = true, py::arg("events") = false,
             py::arg("game") = "holdem",
             "A table dealing from (seed, table_id). game: \"holdem\" (betting \"no-limit\", "
             "the default, \"pot-limit\" or \"fixed-limit\"), \"plo\" or \"plo8\" (Omaha, "
             "hold'em's blinds), \"short-deck\" (a button blind of big_blind and antes as "
             "much), \"kuhn\" or \"leduc\" (their own antes and fixed bets; the blinds are not "
             "used). reset_stacks: every hand starts "
             "with stack chips (else stacks carry over and the match ends when one seat holds "
             "every chip). events: pause at every event, not only where a seat acts and a hand "
             "ends.")
        .def("advance", &PyTable::advance, "Runs to the next pause; returns its event.")
        .def("act", &PyTable::act, py::arg("kind"), py::arg("amount") = 0,
             "The seat to act folds, checks, calls, bets or raises to amount (a street total); "
             "ValueError with the engine's rule when the action is not legal.")
        .def("legal_actions", &PyTable::legal_actions, "The legal actions of the seat to act.")
        .def("view", &PyTable::view, py::arg("seat"),
             "What seat may see: stacks, bets, pot, its own hole cards (others' only once "
             "shown), the board, the legal actions and the hand's actions so far.")
        .def("last_hand", &PyTable::last_hand,
             "The hand in progress or the last one: every seat's cards, the board, the actions "
             "and, once finished, each seat's net.")
        .def("last_hand_phh", &PyTable::last_hand_phh,
             "The last finished hand as PHH text (pokerarena replay reads it back).")
        .def_property_readonly("seat_to_act",
                               [](const PyTable& t) { return t.table().seat_to_act(); })
        .def_property_readonly(
            "state", [](const PyTable& t) { return std::string(state_name(t.table().state())); })
        .def_property_readonly("hand", [](const PyTable& t) { return t.table().hand_number(); })
        .def_property_readonly("button", [](const PyTable& t) { return t.table().button(); })
        .def_property_readonly("round", [](const PyTable& t) { return t.table().round(); })
        .def_property_readonly("pot", [](const PyTable& t) { return t.table().pot(); })
        .def("__copy__", [](const PyTable& t) { return PyTable(t); })
        .def(
            "__deepcopy__", [](const PyTable& t, const py::dict&) { return PyTable(t); },
            py::arg("memo"));
    m.def("replay_phh", &replay_phh, py::arg("text"), py::arg("many_hands") = false,
          py::arg("name") = "<text>",
          "Replays PHH hands (one hand, or a .phhs text with many_hands=True) through the "
          "engine: a list of dicts with status (matched, mismatched, unchecked, error, "
          "unsupported), location, message, differences and the engine's final stacks.");
}

}  // namespace pokerarena::python
