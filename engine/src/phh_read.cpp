// PHH reading. toml++ parses the TOML; this file turns its values into a PhhHand and checks
// everything that can be checked without playing the hand.
//
// Amounts never go through floating point. toml++ stores a TOML float as a double, so the
// digits are taken from the file text at the value's source position (toml++ counts columns
// in code points, hence the UTF-8 walk below). The text is cross-checked against the double;
// if they disagree (they never should) the shortest round-trip spelling of the double is used,
// which is the written decimal whenever it has at most 15 significant digits.
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <functional>
#include <iterator>
#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <toml++/toml.h>

#include "pokerarena/engine/game_def.hpp"
#include "pokerarena/engine/input_file.hpp"
#include "pokerarena/engine/phh.hpp"
#include "pokerarena/evaluator/short_deck.hpp"
#include "toml_bounds.hpp"

namespace pokerarena {

namespace {

// One bad-input problem: the message names the field or action. Caught per hand.
class PhhError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A variant of the PHH standard that the engine does not play: skipped, not wrong.
class UnsupportedVariant : public PhhError {
  public:
    using PhhError::PhhError;
};

// Every variant code of the PHH standard; the ones other than NT, FT and NS are unsupported
// rather than wrong.
constexpr std::array<std::string_view, 11> kKnownVariants = {
    "FT", "NT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"};

// 10^18 is the largest power of ten in int64; more decimals than that cannot be chips.
constexpr int kMaxDecimals = 18;

constexpr std::int64_t pow10(int exponent) {
    std::int64_t p = 1;
    for (int i = 0; i < exponent; ++i)
        p *= 10;
    return p;
}

// Maps toml++ source positions (1-based line, 1-based code-point column) back to bytes.
class SourceText {
  public:
    explicit SourceText(std::string_view text) : text_(text) {
        line_starts_.push_back(0);
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] == '\n') line_starts_.push_back(i + 1);
        }
    }

    // The text between two positions (end exclusive), or empty if the positions are unusable.
    std::string_view slice(const toml::source_region& region) const {
        const std::size_t begin = offset(region.begin);
        const std::size_t end = offset(region.end);
        if (begin == npos || end == npos || end < begin) return {};
        return text_.substr(begin, end - begin);
    }

  private:
    static constexpr std::size_t npos = std::string_view::npos;

    std::size_t offset(const toml::source_position& pos) const {
        if (pos.line == 0 || pos.column == 0 || pos.line > line_starts_.size()) return npos;
        std::size_t at = line_starts_[pos.line - 1];
        for (toml::source_index col = 1; col < pos.column; ++col) {
            if (at >= text_.size()) return npos;
            ++at;
            while (at < text_.size() && (static_cast<unsigned char>(text_[at]) & 0xC0) == 0x80) {
                ++at;
            }
        }
        return at;
    }

    std::string_view text_;
    std::vector<std::size_t> line_starts_;
};

// Parses a decimal number as TOML or PHH writes it: optional sign, digits (TOML allows `_`
// between digits), optional fraction, optional exponent. Throws PhhError naming `what`.
PhhDecimal parse_decimal(std::string_view text, const std::string& what) {
    auto fail = [&](const std::string& why) -> PhhError {
        return PhhError(what + ": '" + std::string(text) + "' " + why);
    };
    std::size_t pos = 0;
    bool negative = false;
    if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
        negative = text[pos] == '-';
        ++pos;
    }
    std::string digits;
    int decimals = 0;
    bool seen_point = false;
    bool any_digit = false;
    for (; pos < text.size(); ++pos) {
        const char ch = text[pos];
        if (ch >= '0' && ch <= '9') {
            digits.push_back(ch);
            any_digit = true;
            if (seen_point) ++decimals;
        } else if (ch == '_' && any_digit) {
            continue;
        } else if (ch == '.' && !seen_point) {
            seen_point = true;
        } else {
            break;
        }
    }
    if (!any_digit) throw fail("is not a number");
    if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
        ++pos;
        int exponent = 0;
        const char* first = text.data() + pos;
        const char* last = text.data() + text.size();
        if (first != last && *first == '+') ++first;
        auto [ptr, ec] = std::from_chars(first, last, exponent);
        if (ec != std::errc{} || ptr != last || exponent > 100 || exponent < -100) {
            throw fail("has a bad exponent");
        }
        pos = text.size();
        decimals -= exponent;
    }
    if (pos != text.size()) throw fail("is not a number");

    // Normalise: no leading zeros, no trailing fractional zeros, no negative decimals.
    const std::size_t first_nonzero = digits.find_first_not_of('0');
    digits = first_nonzero == std::string::npos ? "" : digits.substr(first_nonzero);
    while (decimals > 0 && !digits.empty() && digits.back() == '0') {
        digits.pop_back();
        --decimals;
    }
    if (digits.empty()) return {0, 0};
    for (; decimals < 0; ++decimals)
        digits.push_back('0');
    if (decimals > kMaxDecimals) throw fail("has more than 18 decimals");
    std::int64_t units = 0;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), units);
    if (ec != std::errc{} || ptr != digits.data() + digits.size()) {
        throw fail("does not fit in 64 bits");
    }
    return {negative ? -units : units, decimals};
}

std::string unit_text(int decimals) {
    return decimals == 0 ? std::string("1") : "0." + std::string(decimals - 1, '0') + "1";
}

// Scales a decimal to whole chip units of 10^-chip_decimals; throws if it does not divide.
Chips to_chips(PhhDecimal amount, int chip_decimals, const std::string& what) {
    if (amount.decimals > chip_decimals) {
        throw PhhError(what + ": amount " + to_string(amount) +
                       " has more decimals than the chip unit " + unit_text(chip_decimals) +
                       " of this hand (set by the stacks, forced bets and minimum bets)");
    }
    Chips chips = 0;
    if (__builtin_mul_overflow(amount.units, pow10(chip_decimals - amount.decimals), &chips)) {
        throw PhhError(what + ": amount " + to_string(amount) + " does not fit in 64-bit chips");
    }
    return chips;
}

std::string shortest_double_text(double value) {
    std::array<char, 64> buffer{};
    auto [ptr, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return ec == std::errc{} ? std::string(buffer.data(), ptr) : std::string("nan");
}

// The numbers of one hand, the source text they came from, and the field names for messages.
class HandReader {
  public:
    HandReader(const toml::table& table, const SourceText& source)
        : table_(table), source_(source) {}

    PhhHand read();

  private:
    const toml::node* find(std::string_view key) const { return table_.get(key); }

    PhhDecimal decimal_of(const toml::node& node, const std::string& what) const;
    std::vector<PhhDecimal> decimal_array(std::string_view key, bool required) const;
    std::optional<PhhDecimal> decimal_scalar(std::string_view key) const;
    std::vector<std::string> string_array(std::string_view key) const;
    void read_actions(PhhHand& hand) const;
    std::optional<PhhAction> parse_action(std::string_view text, int index,
                                          const PhhHand& hand) const;
    static std::vector<std::optional<Card>> parse_cards(std::string_view text,
                                                        const std::string& what);

    const toml::table& table_;
    const SourceText& source_;
};

PhhDecimal HandReader::decimal_of(const toml::node& node, const std::string& what) const {
    if (const auto* integer = node.as_integer()) return {integer->get(), 0};
    const auto* floating = node.as_floating_point();
    if (!floating) throw PhhError(what + ": expected a number");
    const double value = floating->get();
    if (!std::isfinite(value)) {
        throw PhhError(what + ": '" + shortest_double_text(value) +
                       "' is not a finite amount (unknown stacks are not supported)");
    }
    std::string text(source_.slice(node.source()));
    double check = 0;
    std::string plain;
    std::copy_if(text.begin(), text.end(), std::back_inserter(plain),
                 [](char c) { return c != '_'; });
    const char* first = plain.data() + (plain.starts_with('+') ? 1 : 0);
    auto [ptr, ec] = std::from_chars(first, plain.data() + plain.size(), check);
    if (text.empty() || ec != std::errc{} || ptr != plain.data() + plain.size() || check != value) {
        text = shortest_double_text(value);
    }
    return parse_decimal(text, what);
}

std::vector<PhhDecimal> HandReader::decimal_array(std::string_view key, bool required) const {
    const toml::node* node = find(key);
    if (!node) {
        if (required) throw PhhError("missing field '" + std::string(key) + "'");
        return {};
    }
    const auto* array = node->as_array();
    if (!array) throw PhhError(std::string(key) + ": expected an array of numbers");
    std::vector<PhhDecimal> values;
    for (std::size_t i = 0; i < array->size(); ++i) {
        const std::string what = std::string(key) + "[" + std::to_string(i) + "]";
        const PhhDecimal value = decimal_of(*array->get(i), what);
        if (value.units < 0) throw PhhError(what + ": amount " + to_string(value) + " is negative");
        values.push_back(value);
    }
    return values;
}

std::optional<PhhDecimal> HandReader::decimal_scalar(std::string_view key) const {
    const toml::node* node = find(key);
    if (!node) return std::nullopt;
    const PhhDecimal value = decimal_of(*node, std::string(key));
    if (value.units <= 0) {
        throw PhhError(std::string(key) + ": amount " + to_string(value) + " is not positive");
    }
    return value;
}

std::vector<std::string> HandReader::string_array(std::string_view key) const {
    const toml::node* node = find(key);
    if (!node) return {};
    const auto* array = node->as_array();
    if (!array) throw PhhError(std::string(key) + ": expected an array of strings");
    std::vector<std::string> values;
    for (std::size_t i = 0; i < array->size(); ++i) {
        const auto* text = array->get(i)->as_string();
        if (!text) {
            throw PhhError(std::string(key) + "[" + std::to_string(i) + "]: expected a string");
        }
        values.push_back(text->get());
    }
    return values;
}

std::vector<std::optional<Card>> HandReader::parse_cards(std::string_view text,
                                                         const std::string& what) {
    if (text.size() % 2 != 0) {
        throw PhhError(what + ": '" + std::string(text) + "' is not a list of two-character cards");
    }
    std::vector<std::optional<Card>> cards;
    for (std::size_t i = 0; i < text.size(); i += 2) {
        const std::string_view pair = text.substr(i, 2);
        if (pair == "??") {
            cards.emplace_back();
            continue;
        }
        const auto rank = kRankChars.find(pair[0]);
        const auto suit = kSuitChars.find(pair[1]);
        if (rank == std::string_view::npos || suit == std::string_view::npos) {
            // Two bytes may end inside a character ('5♠' is 4 bytes): the quote runs on to
            // the end of it, so the message shows what the file says rather than half a
            // character. Earlier pairs were ASCII, so the pair starts on a character.
            std::size_t end = i + 2;
            while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
                ++end;
            throw PhhError(what + ": bad card '" + std::string(text.substr(i, end - i)) +
                           "' (rank one of 23456789TJQKA, suit one of cdhs, or ?? if unknown)");
        }
        cards.emplace_back(Card{static_cast<int>(rank), static_cast<int>(suit)});
    }
    return cards;
}

// Returns nothing for a no-op (an empty string or a lone commentary).
std::optional<PhhAction> HandReader::parse_action(std::string_view text, int index,
                                                  const PhhHand& hand) const {
    PhhAction action;
    action.index = index;
    const std::string what = "actions[" + std::to_string(index) + "] '" + std::string(text) + "'";
    std::string_view body = text;
    if (const auto hash = text.find('#'); hash != std::string_view::npos) {
        body = text.substr(0, hash);
        std::string_view comment = text.substr(hash + 1);
        const auto first = comment.find_first_not_of(" \t");
        const auto last = comment.find_last_not_of(" \t");
        if (first != std::string_view::npos) {
            action.commentary = std::string(comment.substr(first, last - first + 1));
        }
    }
    std::vector<std::string_view> words;
    for (std::size_t pos = 0; pos < body.size();) {
        const auto start = body.find_first_not_of(" \t\r\n", pos);
        if (start == std::string_view::npos) break;
        const auto end = std::min(body.find_first_of(" \t\r\n", start), body.size());
        words.push_back(body.substr(start, end - start));
        pos = end;
    }
    if (words.empty()) return std::nullopt;

    auto player_of = [&](std::string_view word) {
        int number = 0;
        if (word.size() < 2 || word[0] != 'p') {
            throw PhhError(what + ": expected an actor 'd' or 'p1'..'p" +
                           std::to_string(hand.num_players()) + "', saw '" + std::string(word) +
                           "'");
        }
        auto [ptr, ec] = std::from_chars(word.data() + 1, word.data() + word.size(), number);
        if (ec != std::errc{} || ptr != word.data() + word.size() || number < 1 ||
            number > hand.num_players()) {
            throw PhhError(what + ": no player '" + std::string(word) + "' (the hand has p1..p" +
                           std::to_string(hand.num_players()) + ")");
        }
        return number - 1;
    };
    auto expect_words = [&](std::size_t count, std::string_view form) {
        if (words.size() != count) {
            throw PhhError(what + ": expected '" + std::string(form) + "'");
        }
    };

    if (words[0] == "d") {
        if (words.size() >= 2 && words[1] == "dh") {
            expect_words(4, "d dh pN CARDS");
            action.kind = PhhActionKind::DealHole;
            action.player = player_of(words[2]);
            action.cards = parse_cards(words[3], what);
        } else if (words.size() >= 2 && words[1] == "db") {
            expect_words(3, "d db CARDS");
            action.kind = PhhActionKind::DealBoard;
            action.cards = parse_cards(words[2], what);
        } else {
            throw PhhError(what + ": unknown dealer action (expected 'd dh' or 'd db')");
        }
        return action;
    }
    action.player = player_of(words[0]);
    if (words.size() < 2) throw PhhError(what + ": the player's action is missing");
    const std::string_view verb = words[1];
    if (verb == "f") {
        expect_words(2, "pN f");
        action.kind = PhhActionKind::Fold;
    } else if (verb == "cc") {
        expect_words(2, "pN cc");
        action.kind = PhhActionKind::CheckCall;
    } else if (verb == "cbr") {
        expect_words(3, "pN cbr AMOUNT");
        action.kind = PhhActionKind::BetRaiseTo;
        const PhhDecimal amount = parse_decimal(words[2], what);
        if (amount.units <= 0) throw PhhError(what + ": the amount must be positive");
        action.amount = to_chips(amount, hand.chip_decimals, what);
    } else if (verb == "sm") {
        action.kind = PhhActionKind::ShowOrMuck;
        if (words.size() == 3 && words[2] == "-") {
            action.show_dealt = true;
        } else if (words.size() == 3) {
            action.cards = parse_cards(words[2], what);
        } else {
            expect_words(2, "pN sm [CARDS]");
        }
    } else if (verb == "sd" || verb == "pb") {
        throw PhhError(what + ": '" + std::string(verb) + "' is not a hold'em action");
    } else {
        throw PhhError(what + ": unknown action '" + std::string(verb) +
                       "' (expected f, cc, cbr or sm)");
    }
    return action;
}

// Checks the deals, the cards and the folds in action order, the way a dealer would notice.
class DealChecker {
  public:
    explicit DealChecker(const PhhHand& hand)
        : hand_(hand),
          hole_(hand.num_players()),
          dealt_(hand.num_players(), false),
          folded_(hand.num_players(), -1) {}

    void check(const PhhAction& action, const std::string& what) {
        switch (action.kind) {
            case PhhActionKind::DealHole:
                deal_hole(action, what);
                break;
            case PhhActionKind::DealBoard:
                deal_board(action, what);
                break;
            case PhhActionKind::ShowOrMuck:
                show(action, what);
                break;
            default:
                bet(action, what);
                break;
        }
    }

  private:
    std::string player_name(int player) const { return "p" + std::to_string(player + 1); }

    void not_folded(const PhhAction& action, const std::string& what) const {
        const int fold_index = folded_[action.player];
        if (fold_index >= 0) {
            throw PhhError(what + ": " + player_name(action.player) +
                           " acts after folding at actions[" + std::to_string(fold_index) + "]");
        }
    }

    void add_card(Card card, int index, const std::string& what) {
        if (hand_.variant == PhhVariant::NoLimitShortDeck &&
            !CardSet{kShortDeckMask}.contains(card))
            throw PhhError(what + ": card " + card.to_string() +
                           " is not in the short deck of variant 'NS' (sixes to aces)");
        if (seen_.contains(card)) {
            throw PhhError(what + ": card " + card.to_string() + " dealt twice (first at actions[" +
                           std::to_string(first_seen_[card.index()]) + "])");
        }
        seen_.add(card);
        first_seen_[card.index()] = index;
    }

    void deal_hole(const PhhAction& action, const std::string& what) {
        if (betting_started_) {
            throw PhhError(what + ": hole cards are dealt after the betting started");
        }
        if (dealt_[action.player]) {
            throw PhhError(what + ": " + player_name(action.player) + " is dealt hole cards twice");
        }
        const int hole_cards = phh_hole_cards(hand_.variant);
        if (static_cast<int>(action.cards.size()) != hole_cards) {
            throw PhhError(what + ": " +
                           (hole_cards == 2 ? "a hold'em player" : "an Omaha player") +
                           " is dealt " + std::to_string(hole_cards) + " hole cards, not " +
                           std::to_string(action.cards.size()));
        }
        for (const auto& card : action.cards) {
            if (card) add_card(*card, action.index, what);
        }
        dealt_[action.player] = true;
        hole_[action.player] = action.cards;
    }

    void deal_board(const PhhAction& action, const std::string& what) {
        static constexpr std::array<int, 3> kStreetCards = {3, 1, 1};
        if (street_ >= 3) throw PhhError(what + ": the board already has 5 cards");
        const auto expected = static_cast<std::size_t>(kStreetCards[street_]);
        if (action.cards.size() != expected) {
            throw PhhError(what + ": this deal is " + std::to_string(expected) + " board card" +
                           (expected == 1 ? "" : "s") + ", not " +
                           std::to_string(action.cards.size()));
        }
        all_dealt(what);
        for (const auto& card : action.cards) {
            if (!card) {
                unknown_board_ = true;
            } else if (unknown_board_) {
                throw PhhError(what + ": a known board card after an unknown one is not supported");
            } else {
                add_card(*card, action.index, what);
            }
        }
        ++street_;
    }

    void bet(const PhhAction& action, const std::string& what) {
        all_dealt(what);
        not_folded(action, what);
        if (action.kind == PhhActionKind::Fold) folded_[action.player] = action.index;
    }

    void show(const PhhAction& action, const std::string& what) {
        all_dealt(what);
        not_folded(action, what);
        if (action.cards.empty()) return;  // a muck, or `sm -`
        const int hole_cards = phh_hole_cards(hand_.variant);
        if (static_cast<int>(action.cards.size()) != hole_cards) {
            throw PhhError(what + ": " +
                           (hole_cards == 2 ? "a hold'em player" : "an Omaha player") + " shows " +
                           std::to_string(hole_cards) + " cards, not " +
                           std::to_string(action.cards.size()));
        }
        auto& hole = hole_[action.player];
        std::vector<std::optional<Card>> merged = action.cards;
        for (const auto& dealt : hole) {
            if (!dealt) continue;
            const auto match = std::find(merged.begin(), merged.end(), dealt);
            if (match == merged.end()) {
                throw PhhError(what + ": " + player_name(action.player) + " shows cards that " +
                               "differ from the ones dealt (" + dealt->to_string() + ")");
            }
        }
        for (const auto& card : action.cards) {
            if (card && std::find(hole.begin(), hole.end(), card) == hole.end()) {
                add_card(*card, action.index, what);
            }
        }
        hole = merged;
    }

    void all_dealt(const std::string& what) {
        if (betting_started_) return;
        for (int p = 0; p < hand_.num_players(); ++p) {
            if (!dealt_[p]) {
                throw PhhError(what + ": " + player_name(p) +
                               " has no hole cards yet (every player is dealt first)");
            }
        }
        betting_started_ = true;
    }

    const PhhHand& hand_;
    std::vector<std::vector<std::optional<Card>>> hole_;
    std::vector<bool> dealt_;
    std::vector<int> folded_;  // the action index of each player's fold, -1 if none
    CardSet seen_;
    std::array<int, kNumCards> first_seen_{};
    int street_ = 0;
    bool betting_started_ = false;
    bool unknown_board_ = false;
};

void HandReader::read_actions(PhhHand& hand) const {
    const toml::node* node = find("actions");
    if (!node) throw PhhError("missing field 'actions'");
    const auto* array = node->as_array();
    if (!array) throw PhhError("actions: expected an array of strings");
    DealChecker checker(hand);
    for (std::size_t i = 0; i < array->size(); ++i) {
        const auto* text = array->get(i)->as_string();
        const int index = static_cast<int>(i);
        if (!text) throw PhhError("actions[" + std::to_string(i) + "]: expected a string");
        std::optional<PhhAction> action = parse_action(text->get(), index, hand);
        if (!action) continue;
        checker.check(*action, "actions[" + std::to_string(i) + "] '" + text->get() + "'");
        hand.actions.push_back(std::move(*action));
    }
}

// TOML text for a metadata value. Tables and arrays are written inline so that the value
// fits on one `key = value` line when the hand is written back.
std::string toml_value_text(const toml::node& node) {
    if (const auto* table = node.as_table()) {
        std::string text = "{ ";
        bool first = true;
        for (const auto& [key, value] : *table) {
            text += (first ? "" : ", ") + std::string(key.str()) + " = " + toml_value_text(value);
            first = false;
        }
        return text + (first ? "}" : " }");
    }
    if (const auto* array = node.as_array()) {
        std::string text = "[";
        for (std::size_t i = 0; i < array->size(); ++i) {
            text += (i ? ", " : "") + toml_value_text(*array->get(i));
        }
        return text + "]";
    }
    std::ostringstream out;
    out << toml::toml_formatter(node);
    return out.str();
}

PhhHand HandReader::read() {
    PhhHand hand;
    const toml::node* variant_node = find("variant");
    if (!variant_node) throw PhhError("missing field 'variant'");
    const auto* variant_text = variant_node->as_string();
    if (!variant_text) throw PhhError("variant: expected a string such as 'NT'");
    const std::string& variant = variant_text->get();
    if (variant == "NT") {
        hand.variant = PhhVariant::NoLimitHoldem;
    } else if (variant == "FT") {
        hand.variant = PhhVariant::FixedLimitHoldem;
    } else if (variant == "NS") {
        hand.variant = PhhVariant::NoLimitShortDeck;
    } else if (variant == "PO") {
        hand.variant = PhhVariant::PotLimitOmaha;
    } else if (variant == "FO/8") {
        hand.variant = PhhVariant::FixedLimitOmahaHiLo;
    } else if (std::find(kKnownVariants.begin(), kKnownVariants.end(), variant) !=
               kKnownVariants.end()) {
        throw UnsupportedVariant("unsupported variant '" + variant + "'");
    } else {
        throw PhhError("variant: unknown variant '" + variant + "' (PHH codes: " +
                       "NT, FT, NS, PO, FO/8, F7S, F7S/8, FR, N2L1D, F2L3D, FB)");
    }

    // The table set-up fixes the chip unit.
    const auto antes = decimal_array("antes", true);
    const auto blinds = decimal_array("blinds_or_straddles", true);
    const auto stacks = decimal_array("starting_stacks", true);
    const bool fixed_limit = phh_fixed_limit(hand.variant);
    const std::string code(phh_variant_code(hand.variant));
    const auto min_bet = decimal_scalar("min_bet");
    const auto small_bet = decimal_scalar("small_bet");
    const auto big_bet = decimal_scalar("big_bet");
    if (fixed_limit) {
        if (!small_bet)
            throw PhhError("missing field 'small_bet' (required for variant '" + code + "')");
        if (!big_bet)
            throw PhhError("missing field 'big_bet' (required for variant '" + code + "')");
        if (min_bet) throw PhhError("min_bet: not a field of fixed-limit variant '" + code + "'");
    } else {
        if (!min_bet)
            throw PhhError("missing field 'min_bet' (required for variant '" + code + "')");
        if (small_bet || big_bet) {
            throw PhhError(std::string(small_bet ? "small_bet" : "big_bet") +
                           ": not a field of variant '" + code + "' (it uses min_bet)");
        }
    }
    int decimals = 0;
    for (const auto* group : {&antes, &blinds, &stacks}) {
        for (const PhhDecimal& amount : *group)
            decimals = std::max(decimals, amount.decimals);
    }
    for (const auto& amount : {min_bet, small_bet, big_bet}) {
        if (amount) decimals = std::max(decimals, amount->decimals);
    }
    hand.chip_decimals = decimals;

    const int players = static_cast<int>(stacks.size());
    if (players < 2 || players > kMaxSeats) {
        throw PhhError("starting_stacks: " + std::to_string(players) +
                       " players; a table seats 2 to " + std::to_string(kMaxSeats));
    }
    auto check_length = [&](std::string_view key, std::size_t size) {
        if (size != stacks.size()) {
            throw PhhError(std::string(key) + ": " + std::to_string(size) +
                           " entries, but starting_stacks has " + std::to_string(players) +
                           " (one per player)");
        }
    };
    check_length("antes", antes.size());
    check_length("blinds_or_straddles", blinds.size());
    auto scale = [&](const std::vector<PhhDecimal>& amounts, std::string_view key) {
        std::vector<Chips> chips;
        for (std::size_t i = 0; i < amounts.size(); ++i) {
            chips.push_back(
                to_chips(amounts[i], decimals, std::string(key) + "[" + std::to_string(i) + "]"));
        }
        return chips;
    };
    hand.antes = scale(antes, "antes");
    hand.blinds_or_straddles = scale(blinds, "blinds_or_straddles");
    hand.starting_stacks = scale(stacks, "starting_stacks");
    for (int i = 0; i < players; ++i) {
        if (hand.starting_stacks[i] == 0) {
            throw PhhError("starting_stacks[" + std::to_string(i) + "]: a stack must be positive");
        }
    }
    if (min_bet) hand.min_bet = to_chips(*min_bet, decimals, "min_bet");
    if (small_bet) hand.small_bet = to_chips(*small_bet, decimals, "small_bet");
    if (big_bet) hand.big_bet = to_chips(*big_bet, decimals, "big_bet");
    // Forced bets and bet sizes beyond what a table can hold are no hand, and the engine adds
    // them to bets on the assumption that they stay within that bound (stacks are bounded by
    // their sum, which the replay checks with the rest of the rules).
    auto check_bound = [&](Chips chips, PhhDecimal amount, const std::string& what) {
        if (chips > kMaxTotalChips) {
            throw PhhError(what + ": amount " + to_string(amount) + " is more than the " +
                           std::to_string(kMaxTotalChips) +
                           " chip units a table holds (INT64_MAX / 4)");
        }
    };
    for (int i = 0; i < players; ++i) {
        check_bound(hand.antes[i], antes[i], "antes[" + std::to_string(i) + "]");
        check_bound(hand.blinds_or_straddles[i], blinds[i],
                    "blinds_or_straddles[" + std::to_string(i) + "]");
    }
    if (min_bet) check_bound(hand.min_bet, *min_bet, "min_bet");
    if (small_bet) check_bound(hand.small_bet, *small_bet, "small_bet");
    if (big_bet) check_bound(hand.big_bet, *big_bet, "big_bet");

    if (const toml::node* trimming = find("ante_trimming_status")) {
        const auto* flag = trimming->as_boolean();
        if (!flag) throw PhhError("ante_trimming_status: expected true or false");
        hand.ante_trimming_status = flag->get();
    }
    if (find("finishing_stacks")) {
        auto finishing = decimal_array("finishing_stacks", false);
        check_length("finishing_stacks", finishing.size());
        hand.finishing_stacks = std::move(finishing);
    }
    hand.players = string_array("players");
    if (find("players")) check_length("players", hand.players.size());

    read_actions(hand);

    static constexpr std::array<std::string_view, 11> kHandFields = {
        "variant",          "antes",     "blinds_or_straddles",
        "min_bet",          "small_bet", "big_bet",
        "starting_stacks",  "actions",   "ante_trimming_status",
        "finishing_stacks", "players"};
    std::vector<std::pair<toml::source_position, std::pair<std::string, std::string>>> extra;
    for (const auto& [key, value] : table_) {
        if (std::find(kHandFields.begin(), kHandFields.end(), key.str()) != kHandFields.end()) {
            continue;
        }
        extra.push_back({value.source().begin, {std::string(key.str()), toml_value_text(value)}});
    }
    std::stable_sort(extra.begin(), extra.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& field : extra)
        hand.metadata.push_back(std::move(field.second));
    return hand;
}

PhhEntry read_hand(const toml::table& table, const SourceText& source, std::string location) {
    PhhEntry entry;
    entry.location = std::move(location);
    try {
        entry.hand = HandReader(table, source).read();
    } catch (const UnsupportedVariant& unsupported) {
        entry.status = PhhEntry::Status::Unsupported;
        entry.message = unsupported.what();
    } catch (const PhhError& error) {
        entry.status = PhhEntry::Status::Error;
        entry.message = error.what();
    }
    return entry;
}

PhhEntry error_entry(std::string location, std::string message) {
    PhhEntry entry;
    entry.status = PhhEntry::Status::Error;
    entry.location = std::move(location);
    entry.message = std::move(message);
    return entry;
}

// toml++'s error, its line moved down by `lines_before` (the lines of the file before the text
// that was parsed).
std::string bad_toml_message(const toml::parse_error& error, std::size_t lines_before) {
    std::ostringstream message;
    message << "bad TOML at line " << error.source().begin.line + lines_before << ", column "
            << error.source().begin.column << ": " << error.description();
    return message.str();
}

// One hand of a .phhs file: its `[name]` header line and what follows up to the next header.
struct HandText {
    std::string_view name;
    std::string_view text;
    std::size_t lines_before = 0;  // lines of the file before it
};

bool is_bare_key_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
}

// Whether `text` holds nothing but blanks and comments.
bool blank_or_comments(std::string_view text) {
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        const std::string_view line = text.substr(at, end - at);
        const std::size_t first = line.find_first_not_of(" \t\r");
        if (first != std::string_view::npos && line[first] != '#') return false;
        at = end + 1;
    }
    return true;
}

// The hands of a .phhs text cut at its top-level table headers (`headers`, the offsets of
// their '['), when every table is a hand on its own: a header `[name]` of one bare key, each
// name once, and nothing but comments before the first. Then each hand is the TOML document
// `[name] ...` that toml++ would have read as part of the whole file, and parsing them one at a
// time holds one hand's tables at a time rather than the whole file's. nullopt otherwise (a
// key outside any table, [a.b], [[a]], a name given twice): the file is read whole.
std::optional<std::vector<HandText>> plain_hands(std::string_view text,
                                                 const std::vector<std::size_t>& headers) {
    if (headers.empty()) return std::nullopt;
    std::vector<HandText> hands;
    std::vector<std::string_view> names;
    std::size_t lines = 0;
    std::size_t counted_to = 0;
    for (const std::size_t header : headers) {
        const std::size_t line_start =
            text.rfind('\n', header) == std::string_view::npos ? 0 : text.rfind('\n', header) + 1;
        if (hands.empty() && !blank_or_comments(text.substr(0, line_start))) return std::nullopt;
        std::size_t end = header + 1;
        while (end < text.size() && is_bare_key_char(text[end]))
            ++end;
        if (end == header + 1 || end >= text.size() || text[end] != ']') return std::nullopt;
        const std::size_t line_end = std::min(text.find('\n', end), text.size());
        if (!blank_or_comments(text.substr(end + 1, line_end - end - 1))) return std::nullopt;
        lines += static_cast<std::size_t>(
            std::count(text.begin() + static_cast<std::ptrdiff_t>(counted_to),
                       text.begin() + static_cast<std::ptrdiff_t>(line_start), '\n'));
        counted_to = line_start;
        if (!hands.empty()) {
            HandText& previous = hands.back();
            previous.text =
                text.substr(0, line_start)
                    .substr(static_cast<std::size_t>(previous.text.data() - text.data()));
        }
        hands.push_back(
            {text.substr(header + 1, end - header - 1), text.substr(line_start), lines});
        names.push_back(hands.back().name);
    }
    std::sort(names.begin(), names.end());
    if (std::adjacent_find(names.begin(), names.end()) != names.end()) return std::nullopt;
    return hands;
}

PhhEntry read_hand_text(const HandText& hand, const std::string& file) {
    const std::string location = file + " [" + std::string(hand.name) + "]";
    if (hand.text.size() > kMaxTomlDocumentBytes)
        return error_entry(location, "not read: the hand has " + std::to_string(hand.text.size()) +
                                         " bytes, more than " +
                                         std::to_string(kMaxTomlDocumentBytes >> 20) +
                                         " MiB; a hand takes a few KB");
    toml::table document;
    try {
        document = toml::parse(hand.text, file);
    } catch (const toml::parse_error& error) {
        return error_entry(location, bad_toml_message(error, hand.lines_before));
    }
    const auto* table = document.get_as<toml::table>(hand.name);
    if (table == nullptr)  // the header was found where toml++ saw none: not expected
        return error_entry(location, "'" + std::string(hand.name) + "' is not a hand");
    return read_hand(*table, SourceText(hand.text), location);
}

}  // namespace

std::string_view phh_variant_code(PhhVariant variant) {
    switch (variant) {
        case PhhVariant::FixedLimitHoldem:
            return "FT";
        case PhhVariant::NoLimitShortDeck:
            return "NS";
        case PhhVariant::PotLimitOmaha:
            return "PO";
        case PhhVariant::FixedLimitOmahaHiLo:
            return "FO/8";
        default:
            return "NT";
    }
}

bool phh_fixed_limit(PhhVariant variant) {
    return variant == PhhVariant::FixedLimitHoldem || variant == PhhVariant::FixedLimitOmahaHiLo;
}

int phh_hole_cards(PhhVariant variant) {
    return variant == PhhVariant::PotLimitOmaha || variant == PhhVariant::FixedLimitOmahaHiLo ? 4
                                                                                              : 2;
}

std::string to_string(PhhDecimal amount) {
    const bool negative = amount.units < 0;
    // Unsigned magnitude: -INT64_MIN does not fit in int64.
    const std::uint64_t magnitude = negative ? 0 - static_cast<std::uint64_t>(amount.units)
                                             : static_cast<std::uint64_t>(amount.units);
    std::string digits = std::to_string(magnitude);
    const auto decimals = static_cast<std::size_t>(std::max(amount.decimals, 0));
    if (decimals > 0) {
        if (digits.size() <= decimals) digits.insert(0, decimals + 1 - digits.size(), '0');
        digits.insert(digits.size() - decimals, ".");
    }
    return negative ? "-" + digits : digits;
}

void parse_phh(std::string_view text, std::string_view source_name, bool many_hands,
               const std::function<void(PhhEntry)>& each) {
    const std::string name(source_name);
    std::vector<std::size_t> headers;
    if (std::string problem = toml_bounds_problem(text, headers); !problem.empty()) {
        each(error_entry(name, "not read: " + problem));
        return;
    }
    if (many_hands) {
        if (const auto hands = plain_hands(text, headers)) {
            for (const HandText& hand : *hands)
                each(read_hand_text(hand, name));
            return;
        }
    }
    if (text.size() > kMaxTomlDocumentBytes) {
        each(error_entry(name, "not read: " + std::to_string(text.size()) + " bytes" +
                                   (many_hands ? " whose tables are not each a hand ([1], [2], ...)"
                                               : " for one hand") +
                                   ", more than the " +
                                   std::to_string(kMaxTomlDocumentBytes >> 20) +
                                   " MiB read as one TOML document; a hand takes a few KB"));
        return;
    }
    toml::table document;
    try {
        document = toml::parse(text, source_name);
    } catch (const toml::parse_error& error) {
        each(error_entry(name, bad_toml_message(error, 0)));
        return;
    }
    const SourceText source(text);
    if (!many_hands) {
        each(read_hand(document, source, name));
        return;
    }
    std::vector<std::pair<toml::source_position, std::string>> order;
    for (const auto& [key, value] : document) {
        order.push_back({value.source().begin, std::string(key.str())});
    }
    std::stable_sort(order.begin(), order.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [position, key] : order) {
        const std::string location = name + " [" + key + "]";
        if (const auto* table = document.get_as<toml::table>(key)) {
            each(read_hand(*table, source, location));
        } else {
            each(error_entry(location,
                             "'" + key + "' is not a hand: a .phhs file holds one table per hand"));
        }
    }
}

std::vector<PhhEntry> parse_phh(std::string_view text, std::string_view source_name,
                                bool many_hands) {
    std::vector<PhhEntry> entries;
    parse_phh(text, source_name, many_hands,
              [&](PhhEntry entry) { entries.push_back(std::move(entry)); });
    return entries;
}

void read_phh_file(const std::filesystem::path& path, const std::function<void(PhhEntry)>& each) {
    // At most one byte past the bound, so that a huge file is refused by parse_phh without
    // first being held in memory; a FIFO or a device is refused before it is read (one would
    // block the open, the other never end).
    std::string content;
    try {
        content = read_input_file(path, kMaxPhhFileBytes);
    } catch (const InputFileError& error) {
        each(error_entry(path.string(), std::string("cannot read the file: ") + error.what()));
        return;
    }
    parse_phh(content, path.string(), path.extension() == ".phhs", each);
}

std::vector<PhhEntry> read_phh_file(const std::filesystem::path& path) {
    std::vector<PhhEntry> entries;
    read_phh_file(path, [&](PhhEntry entry) { entries.push_back(std::move(entry)); });
    return entries;
}

}  // namespace pokerarena
