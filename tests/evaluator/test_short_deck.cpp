#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "pokerarena/evaluator/short_deck.hpp"
#include "pokerarena/evaluator/splitmix64.hpp"

using namespace pokerarena;

namespace {

HandValue sd(std::string_view text) {
    return evaluate_short_deck(CardSet::parse(text));
}

// ---- Reference ranking: plain counting over five cards, best of every five of seven ----
//
// The short-deck order as a tuple compared lexicographically: category (1 high card, 2 pair,
// 3 two pair, 4 trips, 5 straight, 6 full house, 7 flush, 8 quads, 9 straight flush), then
// the ranks that break ties, most important first. A-6-7-8-9 is the straight with top 7 (the
// nine), below 6-7-8-9-T (top 8, the ten).
using Strength = std::array<int, 6>;

Strength five_card_strength(const std::array<Card, 5>& hand) {
    std::array<int, kNumRanks> count{};
    bool flush = true;
    for (Card c : hand) {
        ++count[c.rank()];
        flush = flush && c.suit() == hand[0].suit();
    }
    // Ranks by (count, rank), largest first.
    std::vector<std::pair<int, int>> groups;
    for (int r = kNumRanks - 1; r >= 0; --r)
        if (count[r] > 0) groups.emplace_back(count[r], r);
    std::stable_sort(groups.begin(), groups.end(),
                     [](auto a, auto b) { return a.first > b.first; });
    int straight_top = -1;
    if (groups.size() == 5) {
        const int high = groups[0].second, low = groups[4].second;
        if (high - low == 4) straight_top = high;
        if (count[12] && count[4] && count[5] && count[6] && count[7]) straight_top = 7;
    }
    Strength s{};
    int category;
    if (straight_top >= 0 && flush) {
        category = 9;
    } else if (groups[0].first == 4) {
        category = 8;
    } else if (flush) {
        category = 7;
    } else if (groups[0].first == 3 && groups[1].first == 2) {
        category = 6;
    } else if (straight_top >= 0) {
        category = 5;
    } else if (groups[0].first == 3) {
        category = 4;
    } else if (groups[0].first == 2 && groups[1].first == 2) {
        category = 3;
    } else if (groups[0].first == 2) {
        category = 2;
    } else {
        category = 1;
    }
    s[0] = category;
    if (category == 9 || category == 5) {
        s[1] = straight_top;
    } else {
        for (std::size_t i = 0; i < groups.size(); ++i)
            s[1 + i] = groups[i].second;
    }
    return s;
}

Strength best_of_seven(const std::array<Card, 7>& cards) {
    Strength best{};
    for (int skip1 = 0; skip1 < 7; ++skip1)
        for (int skip2 = skip1 + 1; skip2 < 7; ++skip2) {
            std::array<Card, 5> five{};
            int n = 0;
            for (int i = 0; i < 7; ++i)
                if (i != skip1 && i != skip2) five[n++] = cards[i];
            best = std::max(best, five_card_strength(five));
        }
    return best;
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
    const HandValue high = sd("AsKd9h8c6s");
    const HandValue pair = sd("6s6dAhKc9s");
    const HandValue two_pair = sd("AhAc6s6hTd");
    const HandValue trips = sd("7s7d7hAcKs");
    const HandValue low_straight = sd("Ah6h7s8c9s");
    const HandValue six_high_straight = sd("6h7h8s9cTs");
    const HandValue broadway = sd("TsJdQhKcAs");
    const HandValue full_house = sd("AsAdAhKcKs");
    const HandValue flush = sd("6s7s8s9sJs");
    const HandValue quads = sd("6s6d6h6cAs");
    const HandValue low_straight_flush = sd("As6s7s8s9s");
    const HandValue royal = sd("TsJsQsKsAs");
    const std::vector<HandValue> ascending = {
        high,     pair,       two_pair, trips, low_straight,       six_high_straight,
        broadway, full_house, flush,    quads, low_straight_flush, royal};
    for (std::size_t i = 1; i < ascending.size(); ++i) {
        INFO(i);
        CHECK(ascending[i - 1] < ascending[i]);
    }
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
        const Strength s = best_of_seven(cards);
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
