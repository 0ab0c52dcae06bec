#include "pokerarena/evaluator/card.hpp"

#include <cctype>

namespace pokerarena {

namespace {

int rank_of(char ch) {
    auto pos = kRankChars.find(static_cast<char>(std::toupper(static_cast<unsigned char>(ch))));
    return pos == std::string_view::npos ? -1 : static_cast<int>(pos);
}

int suit_of(char ch) {
    auto pos = kSuitChars.find(static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
    return pos == std::string_view::npos ? -1 : static_cast<int>(pos);
}

std::string quoted(std::string_view s) {
    return "\"" + std::string(s) + "\"";
}

// Reads one card starting at text[pos], advancing pos; throws with the position on failure.
Card read_card(std::string_view text, std::size_t& pos) {
    const std::size_t start = pos;
    int rank = -1;
    if (text.substr(pos, 2) == "10") {
        rank = 8;
        pos += 2;
    } else if (pos < text.size()) {
        rank = rank_of(text[pos]);
        if (rank >= 0) ++pos;
    }
    if (rank < 0) {
        throw CardParseError("bad card rank at position " + std::to_string(start) + " in " +
                             quoted(text) + ": expected one of " + std::string(kRankChars));
    }
    const int suit = pos < text.size() ? suit_of(text[pos]) : -1;
    if (suit < 0) {
        throw CardParseError("bad card suit at position " + std::to_string(pos) + " in " +
                             quoted(text) + ": expected one of " + std::string(kSuitChars));
    }
    ++pos;
    return Card{rank, suit};
}

template <typename OnCard>
void for_each_parsed(std::string_view text, OnCard on_card) {
    std::uint64_t seen = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        if (text[pos] == ' ' || text[pos] == ',') {
            ++pos;
            continue;
        }
        const std::size_t start = pos;
        const Card c = read_card(text, pos);
        const std::uint64_t bit = std::uint64_t{1} << c.index();
        if (seen & bit) {
            throw CardParseError("duplicate card " + c.to_string() + " at position " +
                                 std::to_string(start) + " in " + quoted(text));
        }
        seen |= bit;
        on_card(c);
    }
}

}  // namespace

std::string Card::to_string() const {
    if (!valid()) return "??";
    return {kRankChars[static_cast<std::size_t>(rank())],
            kSuitChars[static_cast<std::size_t>(suit())]};
}

Card Card::parse(std::string_view text) {
    std::size_t pos = 0;
    const Card c = read_card(text, pos);
    if (pos != text.size()) {
        throw CardParseError("unexpected text after the card in " + quoted(text) +
                             ": expected exactly one card such as \"As\"");
    }
    return c;
}

std::string CardSet::to_string() const {
    std::string out;
    for (Card c : *this)
        out += c.to_string();
    return out;
}

CardSet CardSet::parse(std::string_view text) {
    CardSet set;
    for_each_parsed(text, [&](Card c) { set.add(c); });
    return set;
}

std::vector<Card> parse_cards(std::string_view text) {
    std::vector<Card> cards;
    for_each_parsed(text, [&](Card c) { cards.push_back(c); });
    return cards;
}

}  // namespace pokerarena
