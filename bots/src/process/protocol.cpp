#include "protocol.hpp"

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "pokerarena/bots/event_fields.hpp"
#include "pokerarena/engine/text.hpp"
#include "protocol_strategy.hpp"

namespace pokerarena::process {

namespace {

// One line being written: into a buffer on the stack, appended to the batch in one piece when
// the line is done (its destructor). Appending piece by piece to the std::string cost about a
// third of the host's time per decision (a capacity check and a length update per piece). The
// longest line, a ten-seat view with 255 actions of 41 bytes at most, is under 12 KiB.
constexpr char kDigitPairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

class Line {
  public:
    explicit Line(std::string& out) : out_(out) {}
    ~Line() { out_.append(buffer_, static_cast<std::size_t>(at_ - buffer_)); }
    Line(const Line&) = delete;
    Line& operator=(const Line&) = delete;

    template <std::size_t N>
    void lit(const char (&text)[N]) {
        std::memcpy(at_, text, N - 1);
        at_ += N - 1;
    }
    void raw(std::string_view text) {
        std::memcpy(at_, text.data(), text.size());
        at_ += text.size();
    }
    void ch(char c) { *at_++ = c; }
    void num(std::int64_t value) {
        if (value < 0) {
            ch('-');
            unum(0 - static_cast<std::uint64_t>(value));
        } else {
            unum(static_cast<std::uint64_t>(value));
        }
    }
    // Two digits at a time from a table: std::to_chars was not inlined here and cost about
    // 90 instructions a number, with a dozen numbers in a legal-only view.
    void unum(std::uint64_t value) {
        if (value < 10) {
            *at_++ = static_cast<char>('0' + value);
            return;
        }
        char digits[20];
        char* first = digits + sizeof digits;
        while (value >= 100) {
            first -= 2;
            std::memcpy(first, kDigitPairs + 2 * (value % 100), 2);
            value /= 100;
        }
        if (value >= 10) {
            first -= 2;
            std::memcpy(first, kDigitPairs + 2 * value, 2);
        } else {
            *--first = static_cast<char>('0' + value);
        }
        const auto n = static_cast<std::size_t>(digits + sizeof digits - first);
        std::memcpy(at_, first, n);
        at_ += n;
    }
    void boolean(bool value) {
        if (value)
            lit("true");
        else
            lit("false");
    }
    void card(Card c) {
        at_[0] = '"';
        at_[1] = kRankChars[static_cast<std::size_t>(c.rank())];
        at_[2] = kSuitChars[static_cast<std::size_t>(c.suit())];
        at_[3] = '"';
        at_ += 4;
    }
    void cards(const Card* cards, int count) {
        ch('[');
        for (int i = 0; i < count; ++i) {
            if (i > 0) ch(',');
            card(cards[i]);
        }
        ch(']');
    }
    template <class Array>
    void seats(const Array& values, int count) {
        ch('[');
        for (int s = 0; s < count; ++s) {
            if (s > 0) ch(',');
            num(values[static_cast<std::size_t>(s)]);
        }
        ch(']');
    }

    // Cards as their characters one after the other ("AsKd"), "-" for none (compact views).
    void bare_cards(const Card* cards, int count) {
        if (count == 0) ch('-');
        for (int i = 0; i < count; ++i) {
            at_[0] = kRankChars[static_cast<std::size_t>(cards[i].rank())];
            at_[1] = kSuitChars[static_cast<std::size_t>(cards[i].suit())];
            at_ += 2;
        }
    }
    // Numbers per seat separated by commas, without brackets (compact views).
    template <class Array>
    void list(const Array& values, int count) {
        for (int s = 0; s < count; ++s) {
            if (s > 0) ch(',');
            num(values[static_cast<std::size_t>(s)]);
        }
    }

  private:
    char* end() { return buffer_ + sizeof buffer_; }

    std::string& out_;
    char buffer_[16384];
    char* at_ = buffer_;
};

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

// `text` in double quotes with JSON's escapes (quotes, backslashes, control characters). A
// byte that is not valid UTF-8 becomes U+FFFD for a line a bot is to parse (`for_bot`), and
// the four characters \xHH for a message that quotes a bot's line to a person: U+FFFD would
// hide which byte the bot sent (docs/formats.md, "Text").
void append_quoted(std::string& out, std::string_view text, bool for_bot) {
    static constexpr char kHex[] = "0123456789abcdef";
    static constexpr char kUpperHex[] = "0123456789ABCDEF";
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
            const std::size_t n = utf8_sequence_length(text, i);
            if (n == 0) {
                if (for_bot) {
                    out += "\\ufffd";
                } else {
                    out += "\\x";
                    out += kUpperHex[c >> 4];
                    out += kUpperHex[c & 15];
                }
                ++i;
            } else {
                out.append(text.substr(i, n));
                i += n;
            }
        }
    }
    out += '"';
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
    append_quoted(out, text, true);
}

void write_hello(std::string& out, std::string_view bot_name, std::string_view config,
                 std::string_view game, CardSet deck, int hole_cards) {
    out += "{\"type\":\"hello\",\"protocol\":";
    out += std::to_string(kProtocolVersion);
    out += ",\"bot\":";
    append_json_string(out, bot_name);
    out += ",\"config\":";
    append_json_string(out, config);
    out += ",\"game\":";
    append_json_string(out, game);
    out += ",\"deck\":";
    append_json_string(out, deck.to_string());
    out += ",\"hole_cards\":";
    out += std::to_string(hole_cards);
    out += "}\n";
}

void write_create(std::string& out, std::uint64_t instance, std::uint64_t seed) {
    Line w(out);
    w.lit("{\"type\":\"create\",\"instance\":");
    w.unum(instance);
    w.lit(",\"seed\":");
    w.unum(seed);
    w.lit("}\n");
}

void write_new_match(std::string& out, std::uint64_t instance) {
    Line w(out);
    w.lit("{\"type\":\"new_match\",\"instance\":");
    w.unum(instance);
    w.lit("}\n");
}

void write_destroy(std::string& out, std::uint64_t instance) {
    Line w(out);
    w.lit("{\"type\":\"destroy\",\"instance\":");
    w.unum(instance);
    w.lit("}\n");
}

namespace {

// The view object of a decide or probabilities line, from its opening brace to its closing one.
void write_view(Line& w, const SeatView& view, bool legal_only) {
    w.lit("{\"seat\":");
    w.num(view.seat);
    w.lit(",\"num_seats\":");
    w.num(view.num_seats);
    w.lit(",\"hand\":");
    w.num(view.hand_number);
    w.lit(",\"button\":");
    w.num(view.button);
    w.lit(",\"round\":");
    w.num(view.round);
    w.lit(",\"big_blind\":");
    w.num(view.big_blind);
    const LegalActions& legal = view.legal;
    w.lit(",\"legal\":{\"fold\":");
    w.boolean(legal.can_fold);
    w.lit(",\"check\":");
    w.boolean(legal.can_check);
    w.lit(",\"call\":");
    w.num(legal.call_amount);
    w.lit(",\"raise\":");
    w.boolean(legal.can_raise);
    w.lit(",\"min_to\":");
    w.num(legal.min_raise_to);
    w.lit(",\"max_to\":");
    w.num(legal.max_raise_to);
    w.lit(",\"all_in_to\":");
    w.num(legal.all_in_to);
    w.ch('}');
    if (legal_only) {
        w.ch('}');
        return;
    }
    const int seats = view.num_seats;
    w.lit(",\"stacks\":");
    w.seats(view.stacks, seats);
    w.lit(",\"bets\":");
    w.seats(view.bets, seats);
    w.lit(",\"committed\":");
    w.seats(view.committed, seats);
    w.lit(",\"pot\":");
    w.num(view.pot);
    w.lit(",\"current_bet\":");
    w.num(view.current_bet);
    w.lit(",\"dealt_in\":");
    w.unum(view.dealt_in);
    w.lit(",\"folded\":");
    w.unum(view.folded);
    w.lit(",\"all_in\":");
    w.unum(view.all_in);
    w.lit(",\"hole\":[");
    for (int s = 0; s < seats; ++s) {
        if (s > 0) w.ch(',');
        if ((view.known_hole >> s) & 1u)
            w.cards(view.hole[static_cast<std::size_t>(s)].data(), view.hole_cards);
        else
            w.lit("null");
    }
    w.lit("],\"board\":");
    w.cards(view.board.data(), view.board_count);
    w.lit(",\"actions\":[");
    bool first = true;
    for (const RecordedAction& a : view.actions) {
        if (!first) w.ch(',');
        first = false;
        w.ch('[');
        w.num(a.seat);
        w.lit(",\"");
        w.raw(action_word(a.kind, a.amount));
        w.lit("\",");
        w.num(a.amount);
        w.ch(',');
        w.num(a.round);
        w.ch(',');
        w.boolean(a.all_in);
        w.ch(']');
    }
    w.lit("],\"actions_truncated\":");
    w.boolean(view.actions_truncated);
    w.ch('}');
}

// The compact decide line after "d ID INSTANCE": the view's fields in a fixed order, separated
// by spaces, lists by commas (docs/bot-protocol.md, "Compact views"). A scripting language
// splits it with its string functions in a fraction of what decoding the JSON view costs.
void write_compact_view(Line& w, const SeatView& view, bool legal_only) {
    for (const std::int64_t n :
         {std::int64_t{view.seat}, std::int64_t{view.num_seats}, std::int64_t{view.hand_number},
          std::int64_t{view.button}, std::int64_t{view.round}, std::int64_t{view.big_blind}}) {
        w.ch(' ');
        w.num(n);
    }
    const LegalActions& legal = view.legal;
    w.ch(' ');
    w.ch(legal.can_fold ? '1' : '0');
    w.ch(',');
    w.ch(legal.can_check ? '1' : '0');
    w.ch(',');
    w.num(legal.call_amount);
    w.ch(',');
    w.ch(legal.can_raise ? '1' : '0');
    w.ch(',');
    w.num(legal.min_raise_to);
    w.ch(',');
    w.num(legal.max_raise_to);
    w.ch(',');
    w.num(legal.all_in_to);
    if (legal_only) return;
    const int seats = view.num_seats;
    w.ch(' ');
    w.list(view.stacks, seats);
    w.ch(' ');
    w.list(view.bets, seats);
    w.ch(' ');
    w.list(view.committed, seats);
    for (const Chips chips : {view.pot, view.current_bet}) {
        w.ch(' ');
        w.num(chips);
    }
    for (const SeatMask mask : {view.dealt_in, view.folded, view.all_in}) {
        w.ch(' ');
        w.unum(mask);
    }
    w.ch(' ');
    for (int s = 0; s < seats; ++s) {
        if (s > 0) w.ch(',');
        if ((view.known_hole >> s) & 1u)
            w.bare_cards(view.hole[static_cast<std::size_t>(s)].data(), view.hole_cards);
        else
            w.ch('-');
    }
    w.ch(' ');
    w.bare_cards(view.board.data(), view.board_count);
    w.ch(' ');
    w.ch(view.actions_truncated ? '1' : '0');
    w.ch(' ');
    if (view.actions.empty()) w.ch('-');
    bool first = true;
    for (const RecordedAction& a : view.actions) {
        if (!first) w.ch(';');
        first = false;
        w.num(a.seat);
        w.ch(',');
        w.raw(action_word(a.kind, a.amount));
        w.ch(',');
        w.num(a.amount);
        w.ch(',');
        w.num(a.round);
        w.ch(',');
        w.ch(a.all_in ? '1' : '0');
    }
}

}  // namespace

void write_decide(std::string& out, std::uint64_t id, std::uint64_t instance, const SeatView& view,
                  bool legal_only, bool compact) {
    Line w(out);
    if (compact) {
        w.lit("d ");
        w.unum(id);
        w.ch(' ');
        w.unum(instance);
        write_compact_view(w, view, legal_only);
        w.ch('\n');
        return;
    }
    w.lit("{\"type\":\"decide\",\"id\":");
    w.unum(id);
    w.lit(",\"instance\":");
    w.unum(instance);
    w.lit(",\"view\":");
    write_view(w, view, legal_only);
    w.lit("}\n");
}

void write_probabilities(std::string& out, std::uint64_t id, std::uint64_t instance,
                         const SeatView& view, bool legal_only,
                         std::span<const Action> candidates) {
    {
        // The view takes at most 12 KiB of a Line; the candidates, any number of them, are
        // appended after it.
        Line w(out);
        w.lit("{\"type\":\"probabilities\",\"id\":");
        w.unum(id);
        w.lit(",\"instance\":");
        w.unum(instance);
        w.lit(",\"view\":");
        write_view(w, view, legal_only);
    }
    out += ",\"candidates\":[";
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const Action& a = candidates[i];
        if (i > 0) out += ',';
        out += "{\"action\":\"";
        out += action_word(a.kind, view.legal.call_amount);
        out += '"';
        if (a.kind == ActionKind::RaiseTo) {
            out += ",\"to\":";
            out += std::to_string(a.amount);
        }
        out += '}';
    }
    out += "]}\n";
}

void write_event(std::string& out, std::uint64_t instance, const Event& e) {
    // The keys of the kind's fields (event_fields.hpp), in the table's order.
    const EventFields& f = event_fields(e.kind);
    Line w(out);
    w.lit("{\"type\":\"event\",\"instance\":");
    w.unum(instance);
    w.lit(",\"event\":{\"kind\":\"");
    w.raw(f.name);
    w.ch('"');
    if (f.has(kEventSeat)) {
        w.lit(",\"");
        w.raw(f.seat_key);
        w.lit("\":");
        w.num(e.seat);
    }
    if (f.has(kEventRound)) {
        w.lit(",\"round\":");
        w.num(e.round);
    }
    if (f.has(kEventPot)) {
        w.lit(",\"pot\":");
        w.num(e.pot_index);
    }
    if (f.has(kEventAction)) {
        w.lit(",\"action\":\"");
        w.raw(action_word(e.action.kind, e.amount));
        w.ch('"');
        if (e.action.kind == ActionKind::RaiseTo) {
            w.lit(",\"to\":");
            w.num(e.action.amount);
        }
    }
    if (f.has(kEventAmount)) {
        w.lit(",\"");
        w.raw(f.amount_key);
        w.lit("\":");
        w.num(e.amount);
    }
    if (f.has(kEventAllIn)) {
        w.lit(",\"all_in\":");
        w.boolean(e.all_in);
    }
    if (f.has(kEventCards)) {
        w.lit(",\"cards\":");
        w.cards(e.cards.data(), e.num_cards);
    }
    if (f.has(kEventValue)) {
        w.lit(",\"value\":");
        w.unum(e.value);
        // Omaha hi-lo: the seat's eight-or-better low, when it has one.
        if (e.low != kNoLow) {
            w.lit(",\"low\":");
            w.unum(e.low);
        }
    }
    if (f.has(kEventWinners)) {
        w.lit(",\"winners\":");
        w.unum(e.winners);
        // Omaha hi-lo: a split pot is paid as its high half, then its low half.
        if (e.part == PotPart::HighHalf)
            w.lit(",\"part\":\"high\"");
        else if (e.part == PotPart::LowHalf)
            w.lit(",\"part\":\"low\"");
    }
    w.lit(",\"hand\":");
    w.num(e.hand_number);
    w.lit("}}\n");
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
    // At most 80 bytes, cut where no UTF-8 character straddles the cut (a valid character cut
    // in two would be quoted as bytes the bot never sent as such).
    std::size_t cut = 0;
    while (cut < text.size()) {
        const std::size_t length = std::max<std::size_t>(1, utf8_sequence_length(text, cut));
        if (cut + length > 80) break;
        cut += length;
    }
    std::string out;
    append_quoted(out, text.substr(0, cut), false);
    if (cut < text.size()) out += "...";
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
        } else if (key == "encoding") {
            std::string_view encoding;
            if (value.get_string().get(encoding) || (encoding != "json" && encoding != "compact")) {
                hello.error = "\"encoding\" must be \"json\" or \"compact\"";
                return hello;
            }
            hello.compact = encoding == "compact";
        } else if (key == "events") {
            bool events = false;
            if (value.get_bool().get(events)) {
                hello.error = "\"events\" must be true or false";
                return hello;
            }
            hello.wants_events = events;
        } else if (key == "probabilities") {
            bool probabilities = false;
            if (value.get_bool().get(probabilities)) {
                hello.error = "\"probabilities\" must be true or false";
                return hello;
            }
            hello.probabilities = probabilities;
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

namespace {

// Reads a JSON integer (a sign only for the signed one, no leading zero, no fraction or
// exponent) from the front of `text` and drops it; false when there is none or it does not
// fit.
bool take_integer(std::string_view& text, std::uint64_t& value) {
    std::size_t i = 0;
    value = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
        const auto digit = static_cast<std::uint64_t>(text[i] - '0');
        if (value > (UINT64_MAX - digit) / 10) return false;
        value = 10 * value + digit;
        ++i;
    }
    if (i == 0 || (text[0] == '0' && i > 1)) return false;
    text.remove_prefix(i);
    return true;
}

bool take_integer(std::string_view& text, std::int64_t& value) {
    const bool negative = !text.empty() && text[0] == '-';
    if (negative) text.remove_prefix(1);
    std::uint64_t magnitude = 0;
    if (!take_integer(text, magnitude) || magnitude > (negative ? 1ULL << 63 : INT64_MAX))
        return false;
    value =
        negative ? static_cast<std::int64_t>(0 - magnitude) : static_cast<std::int64_t>(magnitude);
    return true;
}

bool take(std::string_view& text, std::string_view prefix) {
    if (!text.starts_with(prefix)) return false;
    text.remove_prefix(prefix.size());
    return true;
}

// The answers bots write most, exactly as the SDKs write them: {"id":N,"action":"call"}
// ("fold", "check") and {"id":N,"action":"raise","to":T}. Matching those bytes is a tenth of a
// JSON parse; any other spelling (spaces, other key order, escapes) goes to the parser.
bool parse_common_answer(std::string_view text, Answer& answer) {
    std::uint64_t id = 0;
    if (!take(text, "{\"id\":") || !take_integer(text, id) || !take(text, ",\"action\":\""))
        return false;
    if (take(text, "call\"}") || take(text, "check\"}")) {
        answer.action = Action::check_call();
    } else if (take(text, "fold\"}")) {
        answer.action = Action::fold();
    } else {
        std::int64_t to = 0;
        if (!take(text, "raise\",\"to\":") || !take_integer(text, to) || !take(text, "}"))
            return false;
        answer.action = Action::raise_to(to);
    }
    if (!text.empty()) return false;
    answer.kind = Answer::Kind::Action;
    answer.id = id;
    answer.has_id = true;
    return true;
}

// What a number no C++ type holds becomes in the copy handed to the parser.
constexpr std::string_view kOversizedNumber = "\"(number too large)\"";

// True when the JSON number `token` fits none of int64, uint64 and double: simdjson then
// rejects the whole document (BIGINT_ERROR, NUMBER_ERROR), not just that value.
bool is_oversized_number(std::string_view token) {
    if (token.find_first_of(".eE") == std::string_view::npos) {
        std::string_view digits = token;
        const bool negative = digits.starts_with('-');
        if (negative) digits.remove_prefix(1);
        std::uint64_t magnitude = 0;
        const auto [end, ec] =
            std::from_chars(digits.data(), digits.data() + digits.size(), magnitude);
        return ec == std::errc::result_out_of_range || (negative && magnitude > (1ULL << 63));
    }
    double value = 0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    return ec == std::errc::result_out_of_range;
}

// A copy of `line` in which every number outside a string that fits no C++ type is replaced
// by kOversizedNumber; false if there was no such number.
// The copy is made only for a line that failed to parse, so answers that parse pay nothing.
// Without it, one 40-digit amount would make the whole line unreadable and cost the bot its
// process, while a 20-digit one is one bad answer: now both are one bad answer.
bool replace_oversized_numbers(std::string_view line, std::string& out) {
    out.clear();
    bool replaced = false;
    bool in_string = false;
    for (std::size_t i = 0; i < line.size();) {
        const char c = line[i];
        if (in_string) {
            out += c;
            if (c == '\\' && i + 1 < line.size()) {
                out += line[i + 1];
                i += 2;
                continue;
            }
            in_string = c != '"';
            ++i;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            std::size_t end = i + 1;
            while (end < line.size() && std::strchr("0123456789.eE+-", line[end]) != nullptr &&
                   line[end] != '\0')
                ++end;
            const std::string_view token = line.substr(i, end - i);
            if (is_oversized_number(token)) {
                out += kOversizedNumber;
                replaced = true;
            } else {
                out += token;
            }
            i = end;
        } else {
            out += c;
            in_string = c == '"';
            ++i;
        }
    }
    return replaced;
}

}  // namespace

Answer parse_answer(std::string_view line, std::string& scratch) {
    Answer answer;
    if (parse_common_answer(line, answer)) return answer;
    std::string_view text = prepare(line, scratch);
    simdjson::dom::object object;
    if (!parse_object(text, object)) {
        std::string rewritten;
        if (!replace_oversized_numbers(line, rewritten) ||
            !parse_object(text = prepare(rewritten, scratch), object)) {
            answer.message = "not a JSON object: " + quoted(line);
            return answer;
        }
    }
    std::string_view action;
    bool has_to = false;
    std::int64_t to = 0;
    bool has_error = false;
    bool has_probabilities = false;
    // Every key is read before the answer is judged, so that a wrong value is blamed on the
    // decision its id names whatever the order of the keys.
    std::string wrong;
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
            if (value.get_string().get(action) && wrong.empty())
                wrong = "\"action\" is not a string: " + quoted(line);
        } else if (key == "to") {
            if (value.get_int64().get(to)) {
                std::string_view as_text;
                const bool oversized =
                    !value.get_string().get(as_text) &&
                    as_text == kOversizedNumber.substr(1, kOversizedNumber.size() - 2);
                if (wrong.empty())
                    wrong = (oversized ? "\"to\" is too large for an amount of chips: "
                                       : "\"to\" is not a whole number of chips: ") +
                            quoted(line);
            } else {
                has_to = true;
            }
        } else if (key == "probabilities") {
            simdjson::dom::array numbers;
            if (value.get_array().get(numbers)) {
                if (wrong.empty()) wrong = "\"probabilities\" is not a list: " + quoted(line);
            } else {
                has_probabilities = true;
                for (const auto number : numbers) {
                    double p = 0;
                    if (number.get_double().get(p)) {
                        if (wrong.empty())
                            wrong =
                                "\"probabilities\" holds something not a number: " + quoted(line);
                        break;
                    }
                    answer.probabilities.push_back(p);
                }
            }
        } else if (key == "strategy") {
            // A bad strategy is dropped with its reason, never the answer: the action stands.
            answer.has_strategy = read_strategy(value, answer.strategy, answer.strategy_problem);
        } else if (key == "strategy_error") {
            std::string_view why;
            if (value.get_string().get(why)) why = "(not a string)";
            answer.strategy_problem = "the bot could not report its strategy: " + std::string(why);
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
    if (!wrong.empty()) {
        answer.message = wrong;
        return answer;
    }
    if (has_error) {
        answer.kind = Answer::Kind::Error;
        answer.probabilities.clear();
        answer.has_strategy = false;
        answer.strategy_problem.clear();
        return answer;
    }
    if (has_probabilities) {
        if (!action.empty() || has_to) {
            answer.message = "both \"probabilities\" and an action: " + quoted(line);
            return answer;
        }
        answer.message.clear();
        answer.kind = Answer::Kind::Probabilities;
        answer.has_strategy = false;
        answer.strategy_problem.clear();
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
