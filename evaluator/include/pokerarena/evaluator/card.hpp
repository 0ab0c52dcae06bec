// Cards and card sets.
//
// Encoding: a card is an index 0..51, index = 4 * rank + suit, with rank 0 = deuce .. 12 = ace
// and suit 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades. Text form is rank then suit,
// ranks "23456789TJQKA" and suits "cdhs" ("As", "Td", "2c"); parsing also accepts lower-case
// ranks and "10" for ten. A CardSet is a 64-bit mask whose bit i is card i.
#pragma once

#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pokerarena {

inline constexpr int kNumRanks = 13;
inline constexpr int kNumSuits = 4;
inline constexpr int kNumCards = 52;
inline constexpr std::string_view kRankChars = "23456789TJQKA";
inline constexpr std::string_view kSuitChars = "cdhs";

// Thrown by the parsers below for text that is not a card, or for a card given twice.
// The message names the offending text and its position and says what was expected.
class CardParseError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

class Card {
  public:
    constexpr Card() = default;
    constexpr explicit Card(int index) : index_(static_cast<std::uint8_t>(index)) {}
    constexpr Card(int rank, int suit) : index_(static_cast<std::uint8_t>(4 * rank + suit)) {}

    constexpr int index() const { return index_; }
    constexpr int rank() const { return index_ >> 2; }
    constexpr int suit() const { return index_ & 3; }
    constexpr bool valid() const { return index_ < kNumCards; }

    std::string to_string() const;

    // Parses exactly one card ("As"); throws CardParseError otherwise.
    static Card parse(std::string_view text);

    friend constexpr auto operator<=>(Card, Card) = default;

  private:
    std::uint8_t index_ = 0;
};

class CardSet {
  public:
    constexpr CardSet() = default;
    constexpr explicit CardSet(std::uint64_t mask) : mask_(mask) {}

    constexpr std::uint64_t mask() const { return mask_; }
    constexpr int size() const { return std::popcount(mask_); }
    constexpr bool empty() const { return mask_ == 0; }
    constexpr bool contains(Card c) const { return (mask_ >> c.index()) & 1u; }
    constexpr bool intersects(CardSet o) const { return (mask_ & o.mask_) != 0; }

    constexpr CardSet& add(Card c) {
        mask_ |= std::uint64_t{1} << c.index();
        return *this;
    }
    constexpr CardSet& remove(Card c) {
        mask_ &= ~(std::uint64_t{1} << c.index());
        return *this;
    }
    constexpr CardSet operator|(CardSet o) const { return CardSet{mask_ | o.mask_}; }
    constexpr CardSet operator&(CardSet o) const { return CardSet{mask_ & o.mask_}; }
    constexpr CardSet operator~() const { return CardSet{~mask_ & kFullMask}; }
    constexpr CardSet& operator|=(CardSet o) {
        mask_ |= o.mask_;
        return *this;
    }
    friend constexpr bool operator==(CardSet, CardSet) = default;

    // Iterates the cards from the lowest index up.
    class iterator {
      public:
        constexpr explicit iterator(std::uint64_t m) : m_(m) {}
        constexpr Card operator*() const { return Card{std::countr_zero(m_)}; }
        constexpr iterator& operator++() {
            m_ &= m_ - 1;
            return *this;
        }
        friend constexpr bool operator==(iterator, iterator) = default;

      private:
        std::uint64_t m_;
    };
    constexpr iterator begin() const { return iterator{mask_}; }
    constexpr iterator end() const { return iterator{0}; }

    // Cards in index order, concatenated ("2c7hAs").
    std::string to_string() const;

    // Parses concatenated cards, optionally separated by spaces or commas ("AsKd 7h").
    // Throws CardParseError for bad text or a card given twice.
    static CardSet parse(std::string_view text);

    static constexpr std::uint64_t kFullMask = (std::uint64_t{1} << kNumCards) - 1;

  private:
    std::uint64_t mask_ = 0;
};

// Parses concatenated cards keeping their order (for hole cards and boards where order
// matters). Same rules and errors as CardSet::parse.
std::vector<Card> parse_cards(std::string_view text);

}  // namespace pokerarena
