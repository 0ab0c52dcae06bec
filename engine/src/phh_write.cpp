// PHH writing. The layout follows the public PHH dataset (one `key = value` line per field,
// arrays of amounts on one line) except that actions get one line each, which keeps long hands
// readable and diffs small.
//
// Amounts are written with trailing zeros removed. The reader derives the chip unit from the
// written set-up amounts after the same normalisation, so a hand read from a file and written
// again comes back with the same unit and the same chip counts.
#include <string>

#include "pokerarena/engine/phh.hpp"

namespace pokerarena {

namespace {

std::string amount_text(Chips chips, int chip_decimals) {
    PhhDecimal amount{chips, chip_decimals};
    while (amount.decimals > 0 && amount.units % 10 == 0) {
        amount.units /= 10;
        --amount.decimals;
    }
    return to_string(amount);
}

// A TOML basic string: quotes, backslashes and control characters escaped.
std::string toml_string(std::string_view text) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out = "\"";
    for (const char ch : text) {
        const auto byte = static_cast<unsigned char>(ch);
        if (ch == '"' || ch == '\\') {
            out += '\\';
            out += ch;
        } else if (ch == '\n') {
            out += "\\n";
        } else if (ch == '\t') {
            out += "\\t";
        } else if (byte < 0x20 || byte == 0x7F) {
            out += "\\u00";
            out += kHex[byte >> 4];
            out += kHex[byte & 15];
        } else {
            out += ch;
        }
    }
    return out + "\"";
}

// A key as written: bare when TOML allows it, quoted otherwise.
std::string toml_key(std::string_view key) {
    const bool bare = !key.empty() && key.find_first_not_of(
                                          "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                          "abcdefghijklmnopqrstuvwxyz"
                                          "0123456789_-") == std::string_view::npos;
    return bare ? std::string(key) : toml_string(key);
}

std::string cards_text(const std::vector<std::optional<Card>>& cards) {
    std::string text;
    for (const auto& card : cards)
        text += card ? card->to_string() : "??";
    return text;
}

std::string amounts_line(std::string_view key, const std::vector<Chips>& amounts,
                         int chip_decimals) {
    std::string line = std::string(key) + " = [";
    for (std::size_t i = 0; i < amounts.size(); ++i) {
        line += (i ? ", " : "") + amount_text(amounts[i], chip_decimals);
    }
    return line + "]\n";
}

}  // namespace

std::string to_phh_text(const PhhAction& action, int chip_decimals) {
    // Built by appending: GCC 12 warns (-Wrestrict, a false positive) on "literal" + temporary.
    std::string text;
    if (action.player >= 0 && action.kind != PhhActionKind::DealHole) {
        text += 'p';
        text += std::to_string(action.player + 1);
    }
    switch (action.kind) {
        case PhhActionKind::DealHole:
            text += "d dh p";
            text += std::to_string(action.player + 1);
            text += ' ';
            text += cards_text(action.cards);
            break;
        case PhhActionKind::DealBoard:
            text += "d db ";
            text += cards_text(action.cards);
            break;
        case PhhActionKind::Fold:
            text += " f";
            break;
        case PhhActionKind::CheckCall:
            text += " cc";
            break;
        case PhhActionKind::BetRaiseTo:
            text += " cbr ";
            text += amount_text(action.amount, chip_decimals);
            break;
        case PhhActionKind::ShowOrMuck:
            text += " sm";
            if (action.show_dealt) {
                text += " -";
            } else if (!action.cards.empty()) {
                text += ' ';
                text += cards_text(action.cards);
            }
            break;
    }
    if (!action.commentary.empty()) {
        text += " # ";
        text += action.commentary;
    }
    return text;
}

std::string write_phh(const PhhHand& hand) {
    const int d = hand.chip_decimals;
    std::string out;
    out += "variant = " + toml_string(phh_variant_code(hand.variant)) + "\n";
    out += std::string("ante_trimming_status = ") + (hand.ante_trimming_status ? "true" : "false") +
           "\n";
    out += amounts_line("antes", hand.antes, d);
    out += amounts_line("blinds_or_straddles", hand.blinds_or_straddles, d);
    if (phh_fixed_limit(hand.variant)) {
        out += "small_bet = " + amount_text(hand.small_bet, d) + "\n";
        out += "big_bet = " + amount_text(hand.big_bet, d) + "\n";
    } else {
        out += "min_bet = " + amount_text(hand.min_bet, d) + "\n";
    }
    out += amounts_line("starting_stacks", hand.starting_stacks, d);
    out += "actions = [\n";
    for (const PhhAction& action : hand.actions) {
        out += "  " + toml_string(to_phh_text(action, d)) + ",\n";
    }
    out += "]\n";
    for (const auto& [key, value] : hand.metadata)
        out += toml_key(key) + " = " + value + "\n";
    if (!hand.players.empty()) {
        out += "players = [";
        for (std::size_t i = 0; i < hand.players.size(); ++i) {
            out += (i ? ", " : "") + toml_string(hand.players[i]);
        }
        out += "]\n";
    }
    if (hand.finishing_stacks) {
        out += "finishing_stacks = [";
        for (std::size_t i = 0; i < hand.finishing_stacks->size(); ++i) {
            out += (i ? ", " : "") + to_string((*hand.finishing_stacks)[i]);
        }
        out += "]\n";
    }
    return out;
}

std::string write_phhs(std::span<const PhhHand> hands) {
    std::string out;
    for (std::size_t i = 0; i < hands.size(); ++i) {
        out += (i ? "\n[" : "[") + std::to_string(i + 1) + "]\n" + write_phh(hands[i]);
    }
    return out;
}

}  // namespace pokerarena
