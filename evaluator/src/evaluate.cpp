// Decodes hand values into words. The tables themselves are generated at build time by
// make_tables.cpp (see there for the value layout).
#include "pokerarena/evaluator/evaluate.hpp"

#include <bit>

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

// The rank mask of the `count` ranks of a colex index below C(13, count).
std::uint32_t colex_ranks(int index, int count) {
    std::uint32_t mask = 0;
    for (int k = count; k >= 1; --k) {
        const int r = colex_highest(index, k);
        mask |= 1u << r;
        index -= choose(r, k);
    }
    return mask;
}

// Five ranks in a row (the wheel A-2-3-4-5 too): a straight, not a high card.
bool is_straight(std::uint32_t ranks) {
    if (ranks == 0x100Fu) return true;  // A, 5, 4, 3, 2
    return ranks == 0x1Fu << std::countr_zero(ranks);
}

}  // namespace

bool is_hand_value(HandValue v) {
    const int w = v & 0xFFF;
    const int c = v >> 12;
    const auto has = [](std::uint32_t mask, int rank) { return (mask >> rank & 1u) != 0; };
    switch (static_cast<Category>(c)) {
        case Category::HighCard:
        case Category::Flush:
            return w < choose(kNumRanks, 5) && !is_straight(colex_ranks(w, 5));
        case Category::OnePair:
            return w / 286 < kNumRanks && !has(colex_ranks(w % 286, 3), w / 286);
        case Category::TwoPair: {
            const int high = w / 169, low = w / 13 % 13, kicker = w % 13;
            return high < kNumRanks && low < high && kicker != high && kicker != low;
        }
        case Category::ThreeOfAKind:
            return w / 78 < kNumRanks && !has(colex_ranks(w % 78, 2), w / 78);
        case Category::Straight:
        case Category::StraightFlush:
            return w >= 3 && w < kNumRanks;
        case Category::FullHouse:
        case Category::FourOfAKind:
            return w / 13 < kNumRanks && w / 13 != w % 13;
    }
    return false;
}

std::string describe(HandValue v) {
    if (!is_hand_value(v)) return "Invalid hand value " + std::to_string(v);
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
