// The process-bot protocol's messages (docs/bot-protocol.md): the host's lines, written into a
// buffer, and the bot's lines, parsed.
//
// Writing appends to a std::string that the caller reuses, so once it has reached the size of
// the largest batch a decision costs no allocation. Reading takes one line (without its '\n')
// and says what it is; a line that is not a message the host expects is a BadLine with a
// message naming what is wrong ("not JSON: ...", "no \"id\"", "unknown action \"bet\""),
// never an exception. A message quoting the line keeps its valid UTF-8 and writes every other
// byte as the four characters \xHH, so that it is valid UTF-8 and still shows what was sent.
#pragma once

#include <charconv>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pokerarena/bots/strategy.hpp"
#include "pokerarena/engine/action.hpp"
#include "pokerarena/engine/event.hpp"
#include "pokerarena/engine/seat_view.hpp"

namespace pokerarena::process {

inline constexpr int kProtocolVersion = 1;
// The longest line a bot may write; past it the line is a fault (the host never reads more).
inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;

// Appends `value` in decimal (the protocols' numbers and ids).
template <class Integer>
void append_decimal(std::string& out, Integer value) {
    char digits[24];
    const char* end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    out.append(digits, static_cast<std::size_t>(end - digits));
}

// Appends `text` as a JSON string (quotes included), escaping what JSON requires and every
// control character; bytes that are not valid UTF-8 (RFC 3629) become U+FFFD so that every
// line is valid UTF-8.
void append_json_string(std::string& out, std::string_view text);

// The host's hello, with the game the bot will play: its name, deck and hole cards.
void write_hello(std::string& out, std::string_view bot_name, std::string_view config,
                 std::string_view game, CardSet deck, int hole_cards);
void write_create(std::string& out, std::uint64_t instance, std::uint64_t seed);
void write_new_match(std::string& out, std::uint64_t instance);
void write_destroy(std::string& out, std::uint64_t instance);
// `legal_only`: the bot's hello said "view":"legal" (only the fields that view names).
// `compact`: its hello said "encoding":"compact": the line is the view's fields separated by
// spaces (docs/bot-protocol.md, "Compact views"), not JSON.
void write_decide(std::string& out, std::uint64_t id, std::uint64_t instance, const SeatView& view,
                  bool legal_only, bool compact = false);
// A request for action probabilities: the view as write_decide writes it, then the candidates
// as answers spell actions ({"action":"fold"}, "check" or "call" by what calling adds,
// {"action":"raise","to":T}). Only check-bot asks, so it may allocate.
void write_probabilities(std::string& out, std::uint64_t id, std::uint64_t instance,
                         const SeatView& view, bool legal_only, std::span<const Action> candidates);
// The events a bot may see (not ActionRequired, not GameOver: SeatDriver forwards neither).
void write_event(std::string& out, std::uint64_t instance, const Event& event);

// The bot's answer to hello.
struct Hello {
    bool ok = false;             // false: refused or malformed; `error` says which
    std::string error;           // "refused: REASON", or what is wrong with the line
    std::string name;            // the bot's own name ("" when it gave none)
    bool legal_only = false;     // "view":"legal"
    bool wants_events = false;   // "events":true
    bool probabilities = false;  // "probabilities":true: it answers probabilities requests
    bool compact = false;        // "encoding":"compact": decide lines in the compact encoding
};
Hello parse_hello(std::string_view line);

// One answer line.
struct Answer {
    enum class Kind : std::uint8_t { Action, Probabilities, Error, BadLine };
    Kind kind = Kind::BadLine;
    bool has_id = false;  // false: a BadLine without a usable id
    std::uint64_t id = 0;
    Action action;  // Kind::Action
    // Kind::Probabilities: the numbers as given (their count and values are judged by the
    // caller, which knows the request). Empty, so never allocated, for the other kinds.
    std::vector<double> probabilities;
    std::string message;  // Kind::Error: the bot's text; Kind::BadLine: what is wrong
    // Kind::Action: the answer's "strategy" as read (protocol_strategy.hpp; whether it is valid
    // for the decision is for the caller, which knows the view), or why there is none although
    // the bot tried: a "strategy" that cannot be read, or the bot's "strategy_error". The
    // action stands either way.
    bool has_strategy = false;
    Strategy strategy;
    std::string strategy_problem;
};
// Parses one line (not including its newline). `scratch` is reused between calls for the
// padding the JSON parser needs.
Answer parse_answer(std::string_view line, std::string& scratch);

}  // namespace pokerarena::process
