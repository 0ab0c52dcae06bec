#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "pokerarena/evaluator/batch.hpp"
#include "pokerarena/evaluator/enumerate.hpp"
#include "pokerarena/evaluator/evaluate.hpp"
#include "pokerarena/evaluator/splitmix64.hpp"
#include "reference_ranking.hpp"

using namespace pokerarena;
using namespace pokerarena::test;

namespace {

// Fixed-seed generator, so every run tests the same hands.
struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t next() { return splitmix64_next(state); }
};

std::vector<Card> random_cards(SplitMix64& rng, int count) {
    std::vector<Card> cards;
    std::uint64_t used = 0;
    while (static_cast<int>(cards.size()) < count) {
        const auto c = static_cast<int>(rng.next() % kNumCards);
        if (used >> c & 1) continue;
        used |= std::uint64_t{1} << c;
        cards.emplace_back(c);
    }
    return cards;
}

HandValue value_of(const std::vector<Card>& cards) {
    Hand h;
    for (Card c : cards)
        h.add(c);
    return evaluate(h);
}

HandValue value_of(std::string_view text) {
    return evaluate(CardSet::parse(text));
}

int sign(int x) {
    return (x > 0) - (x < 0);
}
int compare_values(HandValue a, HandValue b) {
    return sign(static_cast<int>(a) - static_cast<int>(b));
}
int compare_strengths(const Strength& a, const Strength& b) {
    return a < b ? -1 : (b < a ? 1 : 0);
}

// Checks that the evaluator orders `count` random hands of `size` cards exactly as the
// reference does: sorted by value, neighbours must compare the same way under both, which
// pins down the whole order over the sample; random pairs are checked on top.
void check_order_against_reference(int size, int count, std::uint64_t seed) {
    SplitMix64 rng{seed};
    std::vector<HandValue> values(static_cast<std::size_t>(count));
    std::vector<Strength> strengths(static_cast<std::size_t>(count));
    int category_mismatches = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const auto cards = random_cards(rng, size);
        values[i] = value_of(cards);
        strengths[i] = reference_strength(cards);
        category_mismatches += static_cast<int>(category(values[i])) != strengths[i][0];
    }
    CHECK(category_mismatches == 0);

    std::vector<std::size_t> order(values.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
    int neighbour_mismatches = 0;
    for (std::size_t i = 1; i < order.size(); ++i) {
        const std::size_t a = order[i - 1], b = order[i];
        neighbour_mismatches +=
            compare_values(values[a], values[b]) != compare_strengths(strengths[a], strengths[b]);
    }
    CHECK(neighbour_mismatches == 0);

    int pair_mismatches = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const std::size_t j = rng.next() % values.size();
        pair_mismatches +=
            compare_values(values[i], values[j]) != compare_strengths(strengths[i], strengths[j]);
    }
    CHECK(pair_mismatches == 0);
}

}  // namespace

TEST_CASE(
    "all 133,784,560 seven-card hands: for_each_seven_card_values and evaluate(SevenCards) "
    "give evaluate()'s values, in order, in the known categories",
    "[evaluate][enumerate]") {
    std::array<std::uint64_t, 10> counts{};
    std::uint64_t mismatches = 0, seven_card_mismatches = 0, hands = 0;
    std::vector<HandValue> listed;
    const auto card = [](int index) { return static_cast<std::uint8_t>(index); };
    for (int a = 0; a < kNumCards; ++a) {
        listed.clear();
        // One span per five-card prefix: C(51 - e, 2) completions, never none.
        std::size_t bad_spans = 0;
        for_each_seven_card_values(Card{a}, [&](std::span<const HandValue> values) {
            bad_spans += values.empty() || values.size() > 1081;
            listed.insert(listed.end(), values.begin(), values.end());
        });
        CHECK(bad_spans == 0);
        // The same hands by the plain nested loops, in the same order.
        std::size_t n = 0;
        const Hand h1 = Hand{} + Card{a};
        for (int b = a + 1; b < kNumCards; ++b) {
            const Hand h2 = h1 + Card{b};
            for (int c = b + 1; c < kNumCards; ++c) {
                const Hand h3 = h2 + Card{c};
                for (int d = c + 1; d < kNumCards; ++d) {
                    const Hand h4 = h3 + Card{d};
                    for (int e = d + 1; e < kNumCards; ++e) {
                        const Hand h5 = h4 + Card{e};
                        for (int f = e + 1; f < kNumCards; ++f) {
                            const Hand h6 = h5 + Card{f};
                            for (int g = f + 1; g < kNumCards; ++g, ++n) {
                                const HandValue v = evaluate(h6 + Card{g});
                                mismatches += n >= listed.size() || listed[n] != v;
                                // Out of order, with a padding byte that is no card.
                                const SevenCards seven{{card(g), card(a), card(f), card(b), card(e),
                                                        card(c), card(d), 0xFF}};
                                seven_card_mismatches += evaluate(seven) != v;
                            }
                        }
                    }
                }
            }
        }
        REQUIRE(listed.size() == n);
        hands += n;
        for (HandValue v : listed)
            ++counts[static_cast<std::size_t>(category(v))];
    }
    CHECK(mismatches == 0);
    CHECK(seven_card_mismatches == 0);
    CHECK(hands == 133'784'560);
    CHECK(counts[0] == 0);
    CHECK(counts[static_cast<int>(Category::StraightFlush)] == 41'584);
    CHECK(counts[static_cast<int>(Category::FourOfAKind)] == 224'848);
    CHECK(counts[static_cast<int>(Category::FullHouse)] == 3'473'184);
    CHECK(counts[static_cast<int>(Category::Flush)] == 4'047'644);
    CHECK(counts[static_cast<int>(Category::Straight)] == 6'180'020);
    CHECK(counts[static_cast<int>(Category::ThreeOfAKind)] == 6'461'620);
    CHECK(counts[static_cast<int>(Category::TwoPair)] == 31'433'400);
    CHECK(counts[static_cast<int>(Category::OnePair)] == 58'627'800);
    CHECK(counts[static_cast<int>(Category::HighCard)] == 23'294'460);
    CHECK(std::accumulate(counts.begin(), counts.end(), std::uint64_t{0}) == 133'784'560);
}

TEST_CASE("all 2,598,960 five-card hands: known counts, 7,462 values, the reference order",
          "[evaluate]") {
    std::array<std::uint64_t, 10> counts{};
    // Every value must stand for one reference strength, and sorting the values must sort
    // the strengths strictly: then the two orders agree on every pair of five-card hands.
    std::vector<Strength> strength_of_value(1 << 16);
    std::vector<bool> seen(1 << 16);
    int inconsistent = 0;
    for (int a = 0; a < kNumCards; ++a) {
        for (int b = a + 1; b < kNumCards; ++b) {
            for (int c = b + 1; c < kNumCards; ++c) {
                for (int d = c + 1; d < kNumCards; ++d) {
                    for (int e = d + 1; e < kNumCards; ++e) {
                        const std::array<Card, 5> five = {Card{a}, Card{b}, Card{c}, Card{d},
                                                          Card{e}};
                        const HandValue v =
                            evaluate(Hand{} + five[0] + five[1] + five[2] + five[3] + five[4]);
                        ++counts[static_cast<std::size_t>(category(v))];
                        const Strength s = five_card_strength(five);
                        if (!seen[v]) {
                            seen[v] = true;
                            strength_of_value[v] = s;
                        } else {
                            inconsistent += strength_of_value[v] != s;
                        }
                    }
                }
            }
        }
    }
    CHECK(counts[static_cast<int>(Category::StraightFlush)] == 40);
    CHECK(counts[static_cast<int>(Category::FourOfAKind)] == 624);
    CHECK(counts[static_cast<int>(Category::FullHouse)] == 3'744);
    CHECK(counts[static_cast<int>(Category::Flush)] == 5'108);
    CHECK(counts[static_cast<int>(Category::Straight)] == 10'200);
    CHECK(counts[static_cast<int>(Category::ThreeOfAKind)] == 54'912);
    CHECK(counts[static_cast<int>(Category::TwoPair)] == 123'552);
    CHECK(counts[static_cast<int>(Category::OnePair)] == 1'098'240);
    CHECK(counts[static_cast<int>(Category::HighCard)] == 1'302'540);
    CHECK(std::count(seen.begin(), seen.end(), true) == 7'462);
    CHECK(inconsistent == 0);

    int out_of_order = 0;
    const Strength* previous = nullptr;
    for (std::size_t v = 0; v < seen.size(); ++v) {
        if (!seen[v]) continue;
        if (previous != nullptr) out_of_order += !(*previous < strength_of_value[v]);
        previous = &strength_of_value[v];
    }
    CHECK(out_of_order == 0);
}

TEST_CASE("seven-card values order hands as the reference evaluator does", "[evaluate]") {
    check_order_against_reference(7, 1'000'000, 7);
}

TEST_CASE("six-card values order hands as the reference evaluator does", "[evaluate]") {
    check_order_against_reference(6, 300'000, 6);
}

TEST_CASE("one order across five, six and seven cards", "[evaluate]") {
    SplitMix64 rng{567};
    int mismatches = 0;
    for (int i = 0; i < 200'000; ++i) {
        const auto a = random_cards(rng, 5 + i % 3);
        const auto b = random_cards(rng, 5 + (i / 3) % 3);
        mismatches += compare_values(value_of(a), value_of(b)) !=
                      compare_strengths(reference_strength(a), reference_strength(b));
    }
    CHECK(mismatches == 0);
}

TEST_CASE("hand-picked hands", "[evaluate]") {
    SECTION("the wheel is the lowest straight, below six high") {
        const HandValue wheel = value_of("As2d3c4h5s");
        CHECK(category(wheel) == Category::Straight);
        CHECK(wheel < value_of("2d3c4h5s6d"));
        CHECK(wheel > value_of("AsAdAcKhQs"));
        CHECK(describe(wheel) == "Straight, Five High");
        CHECK(value_of("As2d3c4h5s9c9d") == wheel);  // the pair of nines does not count
        CHECK(value_of("As2d3c4h5s6c9d") == value_of("2d3c4h5s6c"));
    }
    SECTION("kickers decide") {
        CHECK(value_of("AsAdKc7h3d") > value_of("AhAcQsJdTd"));
        CHECK(value_of("AsAd9c7h3d") < value_of("AsAd9c7h4d"));
        // Board AsAd9c7h3d: a king kicker beats a queen kicker; a deuce does not play.
        CHECK(value_of("AsAd9c7h3dKc2h") > value_of("AsAd9c7h3dQc2h"));
        CHECK(value_of("AsAd9c7h3d2c4h") == value_of("AsAd9c7h4h"));
        CHECK(value_of("KsKd9c7h3d") < value_of("KsKdTc7h3d"));
    }
    SECTION("three pairs in seven cards: the best two with the best kicker") {
        const HandValue v = value_of("KsKd7c7h5s5d2c");
        CHECK(category(v) == Category::TwoPair);
        CHECK(v == value_of("KsKd7c7h5s"));
        CHECK(v > value_of("KsKd7c7h4s3d2c"));
        CHECK(value_of("KsKd7c7h5s5dAc") == value_of("KsKd7c7hAc"));
        CHECK(describe(v) == "Two Pair, Kings and Sevens");
    }
    SECTION("a flush beside a straight is a flush") {
        const HandValue v = value_of("9h8h7h6h2h5cKd");
        CHECK(category(v) == Category::Flush);
        CHECK(v == value_of("9h8h7h6h2h"));
        CHECK(describe(v) == "Flush, Nine High");
    }
    SECTION("steel wheel: the lowest straight flush") {
        const HandValue v = value_of("Ah2h3h4h5hKdQs");
        CHECK(category(v) == Category::StraightFlush);
        CHECK(v < value_of("2h3h4h5h6h"));
        CHECK(v > value_of("AsAdAcAhKs"));
        CHECK(describe(v) == "Straight Flush, Five High");
        CHECK(describe(value_of("AsKsQsJsTs")) == "Royal Flush");
    }
    SECTION("boards that play") {
        // A royal flush on the board: every holding ties.
        CHECK(value_of("AsKsQsJsTs2c3d") == value_of("AsKsQsJsTsAhAd"));
        // A straight on the board: small pairs do not improve it, a ten on top does.
        CHECK(value_of("5c6d7h8s9c2c2d") == value_of("5c6d7h8s9c3c3h"));
        CHECK(value_of("5c6d7h8s9cTd2d") > value_of("5c6d7h8s9c3c3h"));
        // Two pair on the board with an ace kicker: a lower kicker in hand plays nothing.
        CHECK(value_of("KsKd7c7hAs2c3d") == value_of("KsKd7c7hAs4c5d"));
    }
    SECTION("full house from two sets of trips") {
        const HandValue v = value_of("KsKdKc7s7d7h2c");
        CHECK(category(v) == Category::FullHouse);
        CHECK(v == value_of("KsKdKc7s7d"));
        CHECK(describe(v) == "Full House, Kings over Sevens");
        CHECK(value_of("QsQdQc8s8d5c5d") == value_of("QsQdQc8s8d"));
        CHECK(value_of("2s2d2cAsAd") < value_of("KsKdKcQsQd"));
        CHECK(value_of("KsKdKc2s2d") > value_of("QsQdQcAsAd"));
    }
    SECTION("four of a kind takes the best kicker") {
        const HandValue v = value_of("9s9d9c9hKsQd2c");
        CHECK(category(v) == Category::FourOfAKind);
        CHECK(v == value_of("9s9d9c9hKs"));
        CHECK(v > value_of("9s9d9c9hQd2c3d"));
        CHECK(value_of("9s9d9c9hKsKdKc") == v);
        CHECK(describe(v) == "Four of a Kind, Nines");
    }
}

TEST_CASE("describe names the hand in words", "[evaluate]") {
    CHECK(describe(value_of("KsKd7c7h2d")) == "Two Pair, Kings and Sevens");
    CHECK(describe(value_of("AsJd9c7h2d")) == "High Card, Ace High");
    CHECK(describe(value_of("7s2d3c4h5d")) == "High Card, Seven High");
    CHECK(describe(value_of("TsTd9c7h2d")) == "One Pair, Tens");
    CHECK(describe(value_of("QsQdQc7h2d")) == "Three of a Kind, Queens");
    CHECK(describe(value_of("9s8d7c6hTd")) == "Straight, Ten High");
    CHECK(describe(value_of("AhJh9h7h2h")) == "Flush, Ace High");
    CHECK(describe(value_of("3s3d3c2h2d")) == "Full House, Threes over Twos");
    CHECK(describe(value_of("AsAdAcAh2d")) == "Four of a Kind, Aces");
    CHECK(describe(value_of("9d8d7d6dTd")) == "Straight Flush, Ten High");
    CHECK(std::string(category_name(Category::OnePair)) == "One Pair");
}

namespace {

// Sums of every rank multiset over ranks 0..keys.size()-1 with at most four of a rank and at
// most seven cards; with `slots`, also the perfect-hash slot of each 5- to 7-card multiset.
std::vector<std::uint32_t> multiset_sums(const std::vector<std::uint32_t>& keys,
                                         std::vector<std::uint32_t>* slots = nullptr) {
    std::vector<std::uint32_t> sums;
    auto collect = [&](auto&& self, std::size_t rank, int cards, std::uint32_t sum) -> void {
        if (rank == keys.size()) {
            sums.push_back(sum);
            if (slots != nullptr && cards >= 5) {
                const std::uint32_t h = detail::scramble_rank_key(sum);
                slots->push_back(2u * detail::tables.row_displacement[h >> detail::kColumnBits] +
                                 (h & detail::kColumnMask));
            }
            return;
        }
        for (int n = 0; n <= 4 && cards + n <= 7; ++n) {
            self(self, rank + 1, cards + n, sum + static_cast<std::uint32_t>(n) * keys[rank]);
        }
    };
    collect(collect, 0, 0, 0);
    return sums;
}

bool all_distinct(std::vector<std::uint32_t> v) {
    std::sort(v.begin(), v.end());
    return std::adjacent_find(v.begin(), v.end()) == v.end();
}

}  // namespace

TEST_CASE("rank keys give every rank multiset of up to seven cards a distinct sum", "[evaluate]") {
    const std::vector<std::uint32_t> keys(detail::kRankKeys.begin(), detail::kRankKeys.end());
    std::vector<std::uint32_t> slots;
    const auto sums = multiset_sums(keys, &slots);
    // 1 + 13 + 91 + 455 + 1,820 multisets of 0..4 cards, 73,775 of 5..7 cards.
    CHECK(sums.size() == 76'155);
    CHECK(*std::max_element(sums.begin(), sums.end()) == 18'393'157);
    CHECK(*std::max_element(sums.begin(), sums.end()) < (1u << detail::kHashBits));
    CHECK(all_distinct(sums));

    // The perfect hash: every 5-, 6- and 7-card multiset has its own slot inside the table.
    CHECK(slots.size() == 73'775);
    CHECK(*std::max_element(slots.begin(), slots.end()) < detail::kRankSlots);
    CHECK(all_distinct(slots));

    // The greedy derivation (scripts/find_rank_keys.cpp) takes each key as the smallest above
    // the previous one that keeps the sums distinct; re-check that one less collides. (The
    // full search is a minute's work, too slow for a test.)
    CHECK(keys[0] == 1);
    for (std::size_t k = 1; k < keys.size(); ++k) {
        INFO("rank key " << k);
        CHECK(keys[k] > keys[k - 1]);
        std::vector<std::uint32_t> prefix(keys.begin(),
                                          keys.begin() + static_cast<std::ptrdiff_t>(k) + 1);
        CHECK(all_distinct(multiset_sums(prefix)));
        if (prefix[k] - 1 > prefix[k - 1]) {
            --prefix[k];
            CHECK_FALSE(all_distinct(multiset_sums(prefix)));
        }
    }
}

TEST_CASE("the incremental form equals evaluating the set directly", "[evaluate]") {
    SplitMix64 rng{99};
    int mismatches = 0;
    for (int i = 0; i < 200'000; ++i) {
        const auto cards = random_cards(rng, 7);
        CardSet all;
        for (Card c : cards)
            all.add(c);
        Hand board;
        for (int j = 2; j < 7; ++j)
            board.add(cards[static_cast<std::size_t>(j)]);
        const Hand hole = Hand{} + cards[0] + cards[1];
        const HandValue direct = evaluate(all);
        mismatches += evaluate(board + cards[0] + cards[1]) != direct;
        mismatches += evaluate(board + hole) != direct;
        mismatches += evaluate(Hand{all}) != direct;
        // Flop and turn stages of the same board give the 5- and 6-card values.
        Hand flop = Hand{} + cards[2] + cards[3] + cards[4];
        CardSet six = all;
        six.remove(cards[6]);
        mismatches += evaluate(flop + hole + cards[5]) != evaluate(six);
    }
    CHECK(mismatches == 0);
    CHECK((Hand{} + Card{3} + Card{17}).size() == 2);
}
