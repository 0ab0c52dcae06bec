#include "pokerarena/engine/hand_ranking.hpp"

#include <array>

namespace pokerarena {

namespace {

constexpr std::array<const char*, kNumRanks> kRankWords = {"Deuce", "Three", "Four", "Five", "Six",
                                                           "Seven", "Eight", "Nine", "Ten",  "Jack",
                                                           "Queen", "King",  "Ace"};
constexpr std::array<const char*, kNumRanks> kRankPluralWords = {
    "Deuces", "Threes", "Fours", "Fives",  "Sixes", "Sevens", "Eights",
    "Nines",  "Tens",   "Jacks", "Queens", "Kings", "Aces"};

}  // namespace

std::string describe_hand(HandRanking ranking, HandValue value) {
    if (ranking == HandRanking::BestFive || ranking == HandRanking::OmahaHigh ||
        ranking == HandRanking::OmahaHiLo)
        return describe(value);
    if (ranking == HandRanking::ShortDeck) return describe_short_deck(value);
    if (value >= 1 && value <= kNumRanks) return std::string(kRankWords[value - 1]) + " High";
    if (ranking == HandRanking::PairOrHighCard && value > kNumRanks && value <= 2 * kNumRanks)
        return std::string("Pair of ") + kRankPluralWords[value - 1 - kNumRanks];
    return "Invalid hand value " + std::to_string(value);
}

}  // namespace pokerarena
