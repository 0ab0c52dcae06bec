#include "protocol.hpp"

#include <simdjson.h>

#include <charconv>
#include <cstring>

namespace pokerarena::process {

namespace {

void append_uint(std::string& out, std::uint64_t value) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    out.append(digits, static_cast<std::size_t>(end - digits));
}

void append_int(std::string& out, std::int64_t value) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    out.append(digits, static_cast<std::size_t>(end - digits));
}

void append_bool(std::string& out, bool value) {
    out += value ? "true" : "false";
}

void append_card(std::string& out, Card card) {
    out += '"';
    out += kRankChars[static_cast<std::size_t>(card.rank())];
    out += kSuitChars[static_cast<std::size_t>(card.suit())];
    out += '"';
}

void append_cards(std::string& out, const Card* cards, int count) {
    out += '[';
    for (int i = 0; i < count; ++i) {
        if (i > 0) out += ',';
        append_card(out, cards[i]);
    }
    out += ']';
}

template <class Array>
void append_seat_array(std::string& out, const Array& values, int seats) {
    out += '[';
    for (int s = 0; s < seats; ++s) {
        if (s > 0) out += ',';
        append_int(out, values[static_cast<std::size_t>(s)]);
    }
    out += ']';
}

// The protocol's word for an action: a CheckCall is "check" when it adds nothing.
const char* action_word(ActionKind kind, Chips added) {
    switch (kind) {
        case ActionKind::Fold:
            return "fold";
        case ActionKind::RaiseTo:
            return "raise";
        default:
            return added == 0 ? "check" : "call";
    }
}

// A UTF-8 sequence's length from its lead byte, 0 for a byte that cannot lead one. Overlong
// forms and surrogates are let through: the line stays parseable, which is all a report needs.
std::size_t utf8_length(unsigned char lead) {
    if (lead < 0x80) return 1;
    if (lead >= 0xC2 && lead <= 0xDF) return 2;
    if (lead >= 0xE0 && lead <= 0xEF) return 3;
    if (lead >= 0xF0 && lead <= 0xF4) return 4;
    return 0;
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
            ++i;
        } else if (c < 0x20 || c == 0x7F) {
            out += "\\u00";
            out += kHex[c >> 4];
            out += kHex[c & 15];
            ++i;
        } else if (c < 0x80) {
            out += static_cast<char>(c);
            ++i;
        } else {
            std::size_t n = utf8_length(c);
            for (std::size_t k = 1; n != 0 && k < n; ++k)
                if (i + k >= text.size() ||
                    (static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80)
                    n = 0;
            if (n == 0) {
                out += "\\ufffd";
                ++i;
            } else {
                out.append(text.substr(i, n));
                i += n;
            }
        }
    }
    out += '"';
}

void write_hello(std::string& out, std::string_view bot_name, std::string_view config) {
    out += "{\"type\":\"hello\",\"protocol\":";
    append_int(out, kProtocolVersion);
    out += ",\"bot\":";
    append_json_string(out, bot_name);
    out += ",\"config\":";
    append_json_string(out, config);
    out += "}\n";
}

void write_create(std::string& out, std::uint64_t instance, std::uint64_t seed) {
    out += "{\"type\":\"create\",\"instance\":";
    append_uint(out, instance);
    out += ",\"seed\":";
    append_uint(out, seed);
    out += "}\n";
}

void write_new_match(std::string& out, std::uint64_t instance) {
    out += "{\"type\":\"new_match\",\"instance\":";
    append_uint(out, instance);
    out += "}\n";
}

void write_destroy(std::string& out, std::uint64_t instance) {
    out += "{\"type\":\"destroy\",\"instance\":";
    append_uint(out, instance);
    out += "}\n";
}

void write_decide(std::string& out, std::uint64_t id, std::uint64_t instance, const SeatView& view,
                  bool legal_only) {
    out += "{\"type\":\"decide\",\"id\":";
    append_uint(out, id);
    out += ",\"instance\":";
    append_uint(out, instance);
    out += ",\"view\":{\"seat\":";
    append_int(out, view.seat);
    out += ",\"num_seats\":";
    append_int(out, view.num_seats);
    out += ",\"hand\":";
    append_int(out, view.hand_number);
    out += ",\"button\":";
    append_int(out, view.button);
    out += ",\"round\":";
    append_int(out, view.round);
    out += ",\"big_blind\":";
    append_int(out, view.big_blind);
    const LegalActions& legal = view.legal;
    out += ",\"legal\":{\"fold\":";
    append_bool(out, legal.can_fold);
    out += ",\"check\":";
    append_bool(out, legal.can_check);
    out += ",\"call\":";
    append_int(out, legal.call_amount);
    out += ",\"raise\":";
    append_bool(out, legal.can_raise);
    out += ",\"min_to\":";
    append_int(out, legal.min_raise_to);
    out += ",\"max_to\":";
    append_int(out, legal.max_raise_to);
    out += ",\"all_in_to\":";
    append_int(out, legal.all_in_to);
    out += '}';
    if (legal_only) {
        out += "}}\n";
        return;
    }
    const int seats = view.num_seats;
    out += ",\"stacks\":";
    append_seat_array(out, view.stacks, seats);
    out += ",\"bets\":";
    append_seat_array(out, view.bets, seats);
    out += ",\"committed\":";
    append_seat_array(out, view.committed, seats);
    out += ",\"pot\":";
    append_int(out, view.pot);
    out += ",\"current_bet\":";
    append_int(out, view.current_bet);
    out += ",\"dealt_in\":";
    append_uint(out, view.dealt_in);
    out += ",\"folded\":";
    append_uint(out, view.folded);
    out += ",\"all_in\":";
    append_uint(out, view.all_in);
    out += ",\"hole\":[";
    for (int s = 0; s < seats; ++s) {
        if (s > 0) out += ',';
        if ((view.known_hole >> s) & 1u)
            append_cards(out, view.hole[static_cast<std::size_t>(s)].data(), view.hole_cards);
        else
            out += "null";
    }
    out += "],\"board\":";
    append_cards(out, view.board.data(), view.board_count);
    out += ",\"actions\":[";
    bool first = true;
    for (const RecordedAction& a : view.actions) {
        if (!first) out += ',';
        first = false;
        out += '[';
        append_int(out, a.seat);
        out += ",\"";
        out += action_word(a.kind, a.amount);
        out += "\",";
        append_int(out, a.amount);
        out += ',';
        append_int(out, a.round);
        out += ',';
        append_bool(out, a.all_in);
        out += ']';
    }
    out += "],\"actions_truncated\":";
    append_bool(out, view.actions_truncated);
    out += "}}\n";
}

void write_event(std::string& out, std::uint64_t instance, const Event& e) {
    out += "{\"type\":\"event\",\"instance\":";
    append_uint(out, instance);
    out += ",\"event\":{\"kind\":\"";
    const auto seat = [&] {
        out += ",\"seat\":";
        append_int(out, e.seat);
    };
    switch (e.kind) {
        case EventKind::HandStarted:
            out += "hand_started\",\"button\":";
            append_int(out, e.seat);
            out += ",\"chips\":";
            append_int(out, e.amount);
            break;
        case EventKind::ForcedBet:
            out += "forced_bet\"";
            seat();
            out += ",\"amount\":";
            append_int(out, e.amount);
            out += ",\"all_in\":";
            append_bool(out, e.all_in);
            break;
        case EventKind::HoleCardsDealt:
            out += "hole_cards\"";
            seat();
            out += ",\"cards\":";
            append_cards(out, e.cards.data(), e.num_cards);
            break;
        case EventKind::BoardDealt:
            out += "board\",\"round\":";
            append_int(out, e.round);
            out += ",\"cards\":";
            append_cards(out, e.cards.data(), e.num_cards);
            break;
        case EventKind::ActionTaken:
            out += "action\"";
            seat();
            out += ",\"round\":";
            append_int(out, e.round);
            out += ",\"action\":\"";
            out += action_word(e.action.kind, e.amount);
            out += '"';
            if (e.action.kind == ActionKind::RaiseTo) {
                out += ",\"to\":";
                append_int(out, e.action.amount);
            }
            out += ",\"amount\":";
            append_int(out, e.amount);
            out += ",\"all_in\":";
            append_bool(out, e.all_in);
            break;
        case EventKind::UncalledBetReturned:
            out += "uncalled_bet_returned\"";
            seat();
            out += ",\"round\":";
            append_int(out, e.round);
            out += ",\"amount\":";
            append_int(out, e.amount);
            break;
        case EventKind::Showdown:
            out += "showdown\"";
            seat();
            out += ",\"cards\":";
            append_cards(out, e.cards.data(), e.num_cards);
            out += ",\"value\":";
            append_uint(out, e.value);
            break;
        case EventKind::PotAwarded:
            out += "pot_awarded\",\"pot\":";
            append_int(out, e.pot_index);
            out += ",\"amount\":";
            append_int(out, e.amount);
            out += ",\"winners\":";
            append_uint(out, e.winners);
            break;
        default:  // HandEnded (ActionRequired and GameOver are never forwarded)
            out += "hand_ended\"";
            break;
    }
    out += ",\"hand\":";
    append_int(out, e.hand_number);
    out += "}}\n";
}

namespace {

// One parser per thread: simdjson's parser keeps its buffers between documents, so after the
// first answer a parse allocates nothing. The DOM parser validates the whole line (trailing
// text included) and picks its SIMD kernel at run time.
simdjson::dom::parser& thread_parser() {
    thread_local simdjson::dom::parser parser;
    return parser;
}

// The line (followed by SIMDJSON_PADDING readable bytes) as a JSON object; false if it is not
// one.
bool parse_object(std::string_view text, simdjson::dom::object& object) {
    simdjson::dom::element element;
    if (thread_parser().parse(text.data(), text.size(), false).get(element)) return false;
    return !element.get_object().get(object);
}

std::string_view prepare(std::string_view line, std::string& scratch) {
    scratch.assign(line);
    scratch.append(simdjson::SIMDJSON_PADDING, '\0');
    return {scratch.data(), line.size()};
}

std::string quoted(std::string_view text) {
    std::string out;
    append_json_string(out, text.substr(0, 80));
    if (text.size() > 80) out += "...";
    return out;
}

}  // namespace

Hello parse_hello(std::string_view line) {
    Hello hello;
    std::string scratch;
    const std::string_view text = prepare(line, scratch);
    simdjson::dom::object object;
    if (!parse_object(text, object)) {
        hello.error = "not a JSON object: " + quoted(line);
        return hello;
    }
    std::string_view type;
    std::string_view refusal;
    std::int64_t protocol = -1;
    for (const auto [key, value] : object) {
        if (key == "type") {
            if (value.get_string().get(type)) type = "?";
        } else if (key == "protocol") {
            if (value.get_int64().get(protocol)) protocol = -2;
        } else if (key == "name") {
            std::string_view name;
            if (!value.get_string().get(name)) hello.name.assign(name);
        } else if (key == "reason") {
            if (value.get_string().get(refusal)) refusal = "(no reason given)";
        } else if (key == "view") {
            std::string_view view;
            if (value.get_string().get(view) || (view != "full" && view != "legal")) {
                hello.error = "\"view\" must be \"full\" or \"legal\"";
                return hello;
            }
            hello.legal_only = view == "legal";
        } else if (key == "events") {
            bool events = false;
            if (value.get_bool().get(events)) {
                hello.error = "\"events\" must be true or false";
                return hello;
            }
            hello.wants_events = events;
        }
    }
    if (type == "refuse") {
        hello.error = "refused: " + std::string(refusal.empty() ? "(no reason given)" : refusal);
        return hello;
    }
    if (type != "hello") {
        hello.error =
            "expected {\"type\":\"hello\",...} or {\"type\":\"refuse\",...}, got " + quoted(line);
        return hello;
    }
    if (protocol != kProtocolVersion) {
        hello.error = "speaks protocol " +
                      (protocol >= 0 ? std::to_string(protocol) : std::string("(not given)")) +
                      "; this host speaks " + std::to_string(kProtocolVersion);
        return hello;
    }
    hello.ok = true;
    return hello;
}

Answer parse_answer(std::string_view line, std::string& scratch) {
    Answer answer;
    const std::string_view text = prepare(line, scratch);
    simdjson::dom::object object;
    if (!parse_object(text, object)) {
        answer.message = "not a JSON object: " + quoted(line);
        return answer;
    }
    std::string_view action;
    bool has_to = false;
    std::int64_t to = 0;
    bool has_error = false;
    for (const auto [key, value] : object) {
        if (key == "id") {
            std::uint64_t id = 0;
            if (value.get_uint64().get(id)) {
                answer.message = "\"id\" is not a whole number: " + quoted(line);
                return answer;
            }
            answer.id = id;
            answer.has_id = true;
        } else if (key == "action") {
            if (value.get_string().get(action)) {
                answer.message = "\"action\" is not a string: " + quoted(line);
                return answer;
            }
        } else if (key == "to") {
            if (value.get_int64().get(to)) {
                answer.message = "\"to\" is not a whole number of chips: " + quoted(line);
                return answer;
            }
            has_to = true;
        } else if (key == "error") {
            // The DOM's strings stay valid until the next document.
            std::string_view error;
            if (value.get_string().get(error)) error = "(not a string)";
            answer.message.assign(error);
            has_error = true;
        }
    }
    if (!answer.has_id) {
        answer.message = "no \"id\": " + quoted(line);
        return answer;
    }
    if (has_error) {
        answer.kind = Answer::Kind::Error;
        return answer;
    }
    if (action == "fold") {
        answer.action = Action::fold();
    } else if (action == "call" || action == "check") {
        answer.action = Action::check_call();
    } else if (action == "raise") {
        if (!has_to) {
            answer.message = "\"raise\" without \"to\": " + quoted(line);
            return answer;
        }
        answer.action = Action::raise_to(to);
    } else {
        answer.message = action.empty() ? "no \"action\" and no \"error\": " + quoted(line)
                                        : "unknown action " + quoted(action) +
                                              "; expected fold, check, call or raise";
        return answer;
    }
    answer.message.clear();
    answer.kind = Answer::Kind::Action;
    return answer;
}

}  // namespace pokerarena::process
