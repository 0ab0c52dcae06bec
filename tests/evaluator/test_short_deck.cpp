#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "pokerarena/evaluator/short_deck.hpp"
#include "pokerarena/evaluator/splitmix64.hpp"
#include "reference_ranking.hpp"

using namespace pokerarena;
using namespace pokerarena::test;

namespace {

HandValue sd(std::string_view text) {
    return evaluate_short_deck(CardSet::parse(text));
}

std::array<Card, 7> random_short_deck_hand(std::uint64_t& state) {
    std::array<Card, 7> cards{};
    std::uint64_t used = 0;
    for (int n = 0; n < 7;) {
        const int c = 16 + static_cast<int>(splitmix64_next(state) % 36);
        if (used >> c & 1) continue;
        used |= std::uint64_t{1} << c;
        cards[n++] = Card(c);
    }
    return cards;
}

}  // namespace

TEST_CASE("short deck: the deck is the 36 cards of sixes to aces", "[short_deck]") {
    const CardSet deck{kShortDeckMask};
    CHECK(deck.size() == 36);
    CHECK(deck.contains(Card::parse("6c")));
    CHECK(deck.contains(Card::parse("As")));
    CHECK_FALSE(deck.contains(Card::parse("5s")));
    CHECK_FALSE(deck.contains(Card::parse("2c")));
    for (Card c : deck)
        CHECK((kShortDeckRanks >> c.rank() & 1) == 1);
}

TEST_CASE("short deck: hands derived by hand", "[short_deck]") {
    // The order of the categories: PokerKit's, a flush above a full house, a straight above
    // three of a kind.
    const char* const ascending[] = {
        "AsKd9h8c6s",  // high card
        "6s6dAhKc9s",  // one pair
        "AhAc6s6hTd",  // two pair
        "7s7d7hAcKs",  // three of a kind
        "Ah6h7s8c9s",  // A-6-7-8-9, the lowest straight
        "6h7h8s9cTs",  // 6-7-8-9-T
        "TsJdQhKcAs",  // broadway
        "AsAdAhKcKs",  // the best full house
        "6s7s8s9sJs",  // the weakest flush
        "6s6d6h6cAs",  // four of a kind
        "As6s7s8s9s",  // the lowest straight flush
        "TsJsQsKsAs",  // royal flush
    };
    for (std::size_t i = 1; i < std::size(ascending); ++i) {
        INFO(ascending[i - 1] << " < " << ascending[i]);
        CHECK(sd(ascending[i - 1]) < sd(ascending[i]));
    }
    const HandValue high = sd(ascending[0]), low_straight = sd(ascending[4]),
                    six_high_straight = sd(ascending[5]), full_house = sd(ascending[7]),
                    flush = sd(ascending[8]), low_straight_flush = sd(ascending[10]),
                    royal = sd(ascending[11]);
    // The weakest flush still beats the best full house.
    CHECK(sd("6d7d8d9dJd") > sd("AsAdAhKcKs"));
    // A-6-7-8-9 is a straight, not ace high; the ace plays high over 9-high cards otherwise.
    CHECK(short_deck_category(low_straight) == Category::Straight);
    CHECK(short_deck_category(sd("Ah6h7s8cTs")) == Category::HighCard);
    // Seven cards: the best five. Trips with A-6-7-8-9 around them make the straight.
    CHECK(sd("9s9d9hAc6s7d8h") == low_straight);
    // Two pair A-6-7-8-9 plus a ten: the ten-high straight 6-T.
    CHECK(sd("As6d7h8c9sTdAh") == six_high_straight);
    // Five spades and a pair of kings: the flush.
    CHECK(short_deck_category(sd("AsKs9s8s6sKhKd")) == Category::Flush);
    CHECK(short_deck_category(full_house) == Category::FullHouse);
    CHECK(short_deck_category(flush) == Category::Flush);
    // Equal hands tie whatever the suits.
    CHECK(sd("AsKd9h8c6s") == sd("AhKc9d8s6h"));
    CHECK(sd("Ah6h7s8c9s") == sd("Ac6d7d8h9h"));

    CHECK(describe_short_deck(high) == "High Card, Ace High");
    CHECK(describe_short_deck(low_straight) == "Straight, Nine High");
    CHECK(describe_short_deck(six_high_straight) == "Straight, Ten High");
    CHECK(describe_short_deck(full_house) == "Full House, Aces over Kings");
    CHECK(describe_short_deck(flush) == "Flush, Jack High");
    CHECK(describe_short_deck(low_straight_flush) == "Straight Flush, Nine High");
    CHECK(describe_short_deck(royal) == "Royal Flush");
}

TEST_CASE("short deck: 7-card values order hands as the best of 21 fives does", "[short_deck]") {
    // Every random hand is compared with the reference's best five: the values must be one
    // order-preserving map of the reference strengths (equal exactly when they tie).
    std::uint64_t state = 20260312;
    std::map<Strength, HandValue> value_of_strength;
    std::map<HandValue, Strength> strength_of_value;
    std::array<int, 10> categories{};
    for (int i = 0; i < 200'000; ++i) {
        const std::array<Card, 7> cards = random_short_deck_hand(state);
        Hand h;
        for (Card c : cards)
            h.add(c);
        const HandValue v = evaluate_short_deck(h);
        const Strength s =
            reference_strength(std::vector<Card>(cards.begin(), cards.end()), Order::ShortDeck);
        ++categories[s[0]];
        REQUIRE(static_cast<int>(short_deck_category(v)) ==
                (s[0] == 6   ? 7
                 : s[0] == 7 ? 6
                             : s[0]));  // enumerator numbers are standard
        const auto [vs, new_strength] = value_of_strength.emplace(s, v);
        REQUIRE(vs->second == v);
        const auto [sv, new_value] = strength_of_value.emplace(v, s);
        REQUIRE(sv->second == s);
    }
    // Both maps are sorted; an order-preserving bijection lists the same pairs in both orders.
    REQUIRE(value_of_strength.size() == strength_of_value.size());
    auto a = value_of_strength.begin();
    for (auto b = strength_of_value.begin(); b != strength_of_value.end(); ++a, ++b) {
        REQUIRE(a->first == b->second);
        REQUIRE(a->second == b->first);
    }
    // The sample reaches every category, so each rule above was exercised.
    for (int c = 1; c <= 9; ++c) {
        INFO(c);
        CHECK(categories[c] > 0);
    }
}
