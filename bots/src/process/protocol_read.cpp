#include "protocol_read.hpp"

#include <cstdint>

namespace pokerarena::process {

namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

// Sets `error` to "\"KEY\" WHAT" and returns false.
bool fail(std::string& error, std::string_view key, std::string_view what) {
    error.assign(1, '"');
    error.append(key);
    error += "\" ";
    error.append(what);
    return false;
}

bool read_int(element value, std::int64_t low, std::int64_t high, std::int64_t& out) {
    std::int64_t v = 0;
    if (value.get_int64().get(v) || v < low || v > high) return false;
    out = v;
    return true;
}

template <class Int>
bool read_small(element value, std::int64_t low, std::int64_t high, Int& out) {
    std::int64_t v = 0;
    if (!read_int(value, low, high, v)) return false;
    out = static_cast<Int>(v);
    return true;
}

bool read_mask(element value, SeatMask& out) {
    return read_small(value, 0, (std::int64_t{1} << kMaxSeats) - 1, out);
}

bool read_chips(element value, Chips& out) {
    return !value.get_int64().get(out);
}

// A per-seat array of chip counts; seats past its end are set to 0.
bool read_seat_chips(element value, std::array<Chips, kMaxSeats>& out) {
    array values;
    if (value.get_array().get(values)) return false;
    std::size_t s = 0;
    for (element v : values) {
        if (s == out.size() || !read_chips(v, out[s])) return false;
        ++s;
    }
    for (; s < out.size(); ++s)
        out[s] = 0;
    return true;
}

// An array of at most `capacity` cards into `cards`; their number in `count`.
bool read_cards(element value, Card* cards, int capacity, int& count) {
    array values;
    if (value.get_array().get(values)) return false;
    count = 0;
    for (element v : values) {
        std::string_view text;
        if (count == capacity || v.get_string().get(text) || !read_card(text, cards[count]))
            return false;
        ++count;
    }
    return true;
}

bool read_action_word(std::string_view word, ActionKind& kind) {
    if (word == "fold") {
        kind = ActionKind::Fold;
    } else if (word == "check" || word == "call") {
        kind = ActionKind::CheckCall;
    } else if (word == "raise") {
        kind = ActionKind::RaiseTo;
    } else {
        return false;
    }
    return true;
}

// "hole": per seat null or its cards. Sets the known seats and the number of hole cards.
bool read_hole(element value, SeatView& view, std::string& error) {
    array seats;
    if (value.get_array().get(seats))
        return fail(error, "hole", "is not an array of null or card arrays");
    int s = 0;
    for (element cards : seats) {
        if (s == kMaxSeats) return fail(error, "hole", "has more than 10 seats");
        if (!cards.is_null()) {
            int count = 0;
            if (!read_cards(cards, view.hole[static_cast<std::size_t>(s)].data(), kMaxHoleCards,
                            count))
                return fail(error, "hole", "holds something that is not null or 0 to 4 cards");
            view.known_hole = static_cast<SeatMask>(view.known_hole | (1u << s));
            if (count > view.hole_cards) view.hole_cards = count;
        }
        ++s;
    }
    return true;
}

// One recorded action: [seat, kind, amount, round, all_in] (all_in optional).
bool read_action(element value, RecordedAction& action) {
    array fields;
    if (value.get_array().get(fields)) return false;
    int i = 0;
    for (element field : fields) {
        switch (i++) {
            case 0:
                if (!read_small(field, 0, kMaxSeats - 1, action.seat)) return false;
                break;
            case 1: {
                std::string_view word;
                if (field.get_string().get(word) || !read_action_word(word, action.kind))
                    return false;
                break;
            }
            case 2:
                if (!read_chips(field, action.amount)) return false;
                break;
            case 3:
                if (!read_small(field, 0, kMaxRounds - 1, action.round)) return false;
                break;
            case 4:
                if (field.get_bool().get(action.all_in)) return false;
                break;
            default:  // added by a later minor version
                break;
        }
    }
    return i >= 4;
}

bool read_actions(element value, std::vector<RecordedAction>& actions, std::string& error) {
    array list;
    if (value.get_array().get(list)) return fail(error, "actions", "is not an array");
    for (element a : list) {
        if (actions.size() == static_cast<std::size_t>(kMaxRecordedActions))
            return fail(error, "actions", "holds more than 255 actions");
        RecordedAction& action = actions.emplace_back();
        if (!read_action(a, action))
            return fail(error, "actions",
                        "holds an action that is not [seat, kind, amount, round, all_in]");
    }
    return true;
}

bool read_legal(element value, LegalActions& legal, std::string& error) {
    object keys;
    if (value.get_object().get(keys)) return fail(error, "legal", "is not an object");
    for (const auto [key, v] : keys) {
        bool ok = true;
        if (key == "fold") {
            ok = !v.get_bool().get(legal.can_fold);
        } else if (key == "check") {
            ok = !v.get_bool().get(legal.can_check);
        } else if (key == "call") {
            ok = read_chips(v, legal.call_amount);
        } else if (key == "raise") {
            ok = !v.get_bool().get(legal.can_raise);
        } else if (key == "min_to") {
            ok = read_chips(v, legal.min_raise_to);
        } else if (key == "max_to") {
            ok = read_chips(v, legal.max_raise_to);
        } else if (key == "all_in_to") {
            ok = read_chips(v, legal.all_in_to);
        }
        if (!ok) {
            fail(error, key, "has a value of the wrong type");
            error.insert(0, "\"legal\": ");
            return false;
        }
    }
    return true;
}

}  // namespace

bool read_card(std::string_view text, Card& card) {
    if (text.size() != 2) return false;
    const std::size_t rank = kRankChars.find(text[0]);
    const std::size_t suit = kSuitChars.find(text[1]);
    if (rank == std::string_view::npos || suit == std::string_view::npos) return false;
    card = Card(static_cast<int>(rank), static_cast<int>(suit));
    return true;
}

bool read_view(object object, SeatView& view, std::vector<RecordedAction>& actions,
               std::string& error) {
    view = SeatView{};
    actions.clear();
    bool has_seat = false;
    bool has_seats = false;
    for (const auto [key, value] : object) {
        bool ok = true;
        const char* what = "is not a whole number in range";
        if (key == "seat") {
            ok = has_seat = read_small(value, 0, kMaxSeats - 1, view.seat);
        } else if (key == "num_seats") {
            ok = has_seats = read_small(value, 2, kMaxSeats, view.num_seats);
        } else if (key == "hand") {
            ok = read_small(value, 0, INT32_MAX, view.hand_number);
        } else if (key == "button") {
            ok = read_small(value, -1, kMaxSeats - 1, view.button);
        } else if (key == "round") {
            ok = read_small(value, 0, kMaxRounds - 1, view.round);
        } else if (key == "big_blind") {
            ok = read_chips(value, view.big_blind);
        } else if (key == "legal") {
            if (!read_legal(value, view.legal, error)) return false;
        } else if (key == "stacks") {
            ok = read_seat_chips(value, view.stacks);
            what = "is not an array of at most 10 whole numbers";
        } else if (key == "bets") {
            ok = read_seat_chips(value, view.bets);
            what = "is not an array of at most 10 whole numbers";
        } else if (key == "committed") {
            ok = read_seat_chips(value, view.committed);
            what = "is not an array of at most 10 whole numbers";
        } else if (key == "pot") {
            ok = read_chips(value, view.pot);
        } else if (key == "current_bet") {
            ok = read_chips(value, view.current_bet);
        } else if (key == "dealt_in") {
            ok = read_mask(value, view.dealt_in);
            what = "is not a seat mask";
        } else if (key == "folded") {
            ok = read_mask(value, view.folded);
            what = "is not a seat mask";
        } else if (key == "all_in") {
            ok = read_mask(value, view.all_in);
            what = "is not a seat mask";
        } else if (key == "hole") {
            if (!read_hole(value, view, error)) return false;
        } else if (key == "board") {
            ok = read_cards(value, view.board.data(), kMaxBoardCards, view.board_count);
            what = "is not an array of at most 5 cards";
        } else if (key == "actions") {
            if (!read_actions(value, actions, error)) return false;
        } else if (key == "actions_truncated") {
            ok = !value.get_bool().get(view.actions_truncated);
            what = "is not true or false";
        }
        if (!ok) return fail(error, key, what);
    }
    if (!has_seats) return fail(error, "num_seats", "is missing");
    if (!has_seat || view.seat >= view.num_seats)
        return fail(error, "seat", "is missing or not a seat");
    view.seat_to_act = view.seat;
    view.state = State::AwaitingAction;
    view.actions = std::span<const RecordedAction>(actions.data(), actions.size());
    return true;
}

bool read_event(object object, Event& event, std::string& error) {
    event = Event{};
    std::string_view kind;
    std::string_view action;
    Chips to = 0;
    bool has_to = false;
    int num_cards = 0;
    for (const auto [key, value] : object) {
        bool ok = true;
        const char* what = "is not a whole number in range";
        if (key == "kind") {
            ok = !value.get_string().get(kind);
            what = "is not a string";
        } else if (key == "hand") {
            ok = read_small(value, 0, INT32_MAX, event.hand_number);
        } else if (key == "seat" || key == "button") {
            ok = read_small(value, -1, kMaxSeats - 1, event.seat);
        } else if (key == "round") {
            ok = read_small(value, 0, kMaxRounds - 1, event.round);
        } else if (key == "amount" || key == "chips") {
            ok = read_chips(value, event.amount);
        } else if (key == "all_in") {
            ok = !value.get_bool().get(event.all_in);
            what = "is not true or false";
        } else if (key == "cards") {
            ok = read_cards(value, event.cards.data(), kMaxBoardCards, num_cards);
            what = "is not an array of at most 5 cards";
        } else if (key == "action") {
            ok = !value.get_string().get(action) && read_action_word(action, event.action.kind);
            what = "is not \"fold\", \"check\", \"call\" or \"raise\"";
        } else if (key == "to") {
            ok = has_to = read_chips(value, to);
        } else if (key == "value") {
            ok = read_small(value, 0, UINT16_MAX, event.value);
        } else if (key == "pot") {
            ok = read_small(value, 0, kMaxSeats, event.pot_index);
        } else if (key == "winners") {
            ok = read_mask(value, event.winners);
            what = "is not a seat mask";
        }
        if (!ok) return fail(error, key, what);
    }
    event.num_cards = static_cast<std::uint8_t>(num_cards);
    if (kind == "hand_started") {
        event.kind = EventKind::HandStarted;
    } else if (kind == "forced_bet") {
        event.kind = EventKind::ForcedBet;
    } else if (kind == "hole_cards") {
        event.kind = EventKind::HoleCardsDealt;
    } else if (kind == "board") {
        event.kind = EventKind::BoardDealt;
    } else if (kind == "action") {
        event.kind = EventKind::ActionTaken;
        if (action.empty()) return fail(error, "action", "is missing");
        if (event.action.kind == ActionKind::RaiseTo) {
            if (!has_to) return fail(error, "to", "is missing from a raise");
            event.action.amount = to;
        }
    } else if (kind == "uncalled_bet_returned") {
        event.kind = EventKind::UncalledBetReturned;
    } else if (kind == "showdown") {
        event.kind = EventKind::Showdown;
    } else if (kind == "pot_awarded") {
        event.kind = EventKind::PotAwarded;
    } else if (kind == "hand_ended") {
        event.kind = EventKind::HandEnded;
    } else {
        return fail(error, "kind", kind.empty() ? "is missing" : "names no event kind");
    }
    return true;
}

}  // namespace pokerarena::process
