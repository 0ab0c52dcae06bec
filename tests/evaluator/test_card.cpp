#include <catch2/catch.hpp>

#include "pokerarena/evaluator/card.hpp"

using namespace pokerarena;

TEST_CASE("cards print and parse in the usual text form", "[card]") {
    for (int i = 0; i < kNumCards; ++i) {
        const Card c{i};
        CHECK(Card::parse(c.to_string()) == c);
    }
    CHECK(Card::parse("As") == Card(12, 3));
    CHECK(Card::parse("2c") == Card(0, 0));
    CHECK(Card::parse("Td") == Card(8, 1));
    CHECK(Card::parse("10d") == Card(8, 1));
    CHECK(Card::parse("kh") == Card(11, 2));
}

TEST_CASE("card sets parse with separators and keep order in parse_cards", "[card]") {
    const CardSet s = CardSet::parse("AsKd 7h,2c");
    CHECK(s.size() == 4);
    CHECK(s.contains(Card::parse("7h")));
    CHECK(s.to_string() == "2c7hKdAs");
    const auto v = parse_cards("AsKd7h");
    REQUIRE(v.size() == 3);
    CHECK(v[0] == Card::parse("As"));
    CHECK(v[2] == Card::parse("7h"));
    CHECK(CardSet::parse("").empty());
}

TEST_CASE("bad card text is an error naming the position and what was expected", "[card]") {
    CHECK_THROWS_WITH(Card::parse("Xs"), Catch::Contains("bad card rank at position 0") &&
                                             Catch::Contains("23456789TJQKA"));
    CHECK_THROWS_WITH(Card::parse("Ax"), Catch::Contains("bad card suit at position 1"));
    CHECK_THROWS_WITH(Card::parse("A"), Catch::Contains("bad card suit"));
    CHECK_THROWS_WITH(Card::parse("AsK"), Catch::Contains("exactly one card"));
    CHECK_THROWS_WITH(CardSet::parse("AsKdAs"), Catch::Contains("duplicate card As at position 4"));
    CHECK_THROWS_AS(parse_cards("AsK"), CardParseError);
}
