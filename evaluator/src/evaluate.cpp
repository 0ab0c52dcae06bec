// Decodes hand values into words. The tables themselves are generated at build time by
// make_tables.cpp (see there for the value layout).
#include "pokerarena/evaluator/evaluate.hpp"

namespace pokerarena {

namespace {

constexpr int choose(int n, int k) {
    if (k < 0 || n < k) return 0;
    int r = 1;
    for (int i = 1; i <= k; ++i)
        r = r * (n - k + i) / i;
    return r;
}

}  // namespace

const char* category_name(Category c) {
    switch (c) {
        case Category::HighCard:
            return "High Card";
        case Category::OnePair:
            return "One Pair";
        case Category::TwoPair:
            return "Two Pair";
        case Category::ThreeOfAKind:
            return "Three of a Kind";
        case Category::Straight:
            return "Straight";
        case Category::Flush:
            return "Flush";
        case Category::FullHouse:
            return "Full House";
        case Category::FourOfAKind:
            return "Four of a Kind";
        case Category::StraightFlush:
            return "Straight Flush";
    }
    return "Invalid";
}

namespace {

constexpr const char* kRankNames[] = {"Two",  "Three", "Four", "Five",  "Six",  "Seven", "Eight",
                                      "Nine", "Ten",   "Jack", "Queen", "King", "Ace"};
constexpr const char* kRankPlurals[] = {"Twos",   "Threes", "Fours", "Fives", "Sixes",
                                        "Sevens", "Eights", "Nines", "Tens",  "Jacks",
                                        "Queens", "Kings",  "Aces"};

// The highest rank of a colex index of `count` ranks: the largest r with C(r, count) <= index.
int colex_highest(int index, int count) {
    int r = count - 1;
    while (r + 1 < kNumRanks && choose(r + 1, count) <= index)
        ++r;
    return r;
}

}  // namespace

std::string describe(HandValue v) {
    const Category c = category(v);
    const int w = v & 0xFFF;
    const std::string name = category_name(c);
    switch (c) {
        case Category::HighCard:
        case Category::Flush:
            return name + ", " + kRankNames[colex_highest(w, 5)] + " High";
        case Category::OnePair:
            return name + ", " + kRankPlurals[w / 286];
        case Category::TwoPair:
            return name + ", " + kRankPlurals[w / 169] + " and " + kRankPlurals[w / 13 % 13];
        case Category::ThreeOfAKind:
            return name + ", " + kRankPlurals[w / 78];
        case Category::Straight:
        case Category::StraightFlush:
            return w == 12 && c == Category::StraightFlush ? "Royal Flush"
                                                           : name + ", " + kRankNames[w] + " High";
        case Category::FullHouse:
            return name + ", " + kRankPlurals[w / 13] + " over " + kRankPlurals[w % 13];
        case Category::FourOfAKind:
            return name + ", " + kRankPlurals[w / 13];
    }
    return "Invalid hand value " + std::to_string(v);
}

}  // namespace pokerarena
