#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pokerarena/evaluator/evaluate.hpp"
#include "pokerarena/evaluator/omaha.hpp"
#include "pokerarena/evaluator/omaha_equity.hpp"
#include "pokerarena/evaluator/splitmix64.hpp"

using namespace pokerarena;

namespace {

HandValue high(std::string_view hole, std::string_view board) {
    const std::vector<Card> h = parse_cards(hole), b = parse_cards(board);
    return omaha_high(h.data(), static_cast<int>(h.size()), b.data(), static_cast<int>(b.size()));
}

LowValue low(std::string_view hole, std::string_view board) {
    const std::vector<Card> h = parse_cards(hole), b = parse_cards(board);
    return omaha_low(h.data(), static_cast<int>(h.size()), b.data(), static_cast<int>(b.size()));
}

HandValue five(std::string_view cards) {
    return evaluate(CardSet::parse(cards));
}

// ---- Brute force: every choice of two hole cards and three board cards, one at a time ----

// Each low as its five ranks from the highest down, the ace as 1; the better low is the
// lexicographically smaller list. Empty: no low.
using LowRanks = std::vector<int>;

struct Brute {
    HandValue high = 0;
    LowRanks low;
};

Brute brute_force(const std::vector<Card>& hole, const std::vector<Card>& board) {
    Brute result;
    const auto n = hole.size(), m = board.size();
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b)
            for (std::size_t i = 0; i < m; ++i)
                for (std::size_t j = i + 1; j < m; ++j)
                    for (std::size_t k = j + 1; k < m; ++k) {
                        const std::vector<Card> cards = {hole[a], hole[b], board[i], board[j],
                                                         board[k]};
                        Hand h;
                        LowRanks ranks;
                        for (Card c : cards) {
                            h.add(c);
                            const int low_rank = c.rank() == 12 ? 1 : c.rank() + 2;
                            if (low_rank <= 8) ranks.push_back(low_rank);
                        }
                        result.high = std::max(result.high, evaluate(h));
                        std::sort(ranks.rbegin(), ranks.rend());
                        if (ranks.size() != 5 ||
                            std::adjacent_find(ranks.begin(), ranks.end()) != ranks.end())
                            continue;
                        if (result.low.empty() || ranks < result.low) result.low = ranks;
                    }
    return result;
}

std::string low_text(const LowRanks& ranks) {
    if (ranks.empty()) return "No low";
    std::string text;
    for (int r : ranks) {
        if (!text.empty()) text += '-';
        text += r == 1 ? 'A' : static_cast<char>('0' + r);
    }
    return text;
}

std::vector<Card> deal(std::uint64_t& state, std::uint64_t& used, int count) {
    std::vector<Card> cards;
    while (static_cast<int>(cards.size()) < count) {
        const auto c = static_cast<int>(splitmix64_next(state) % kNumCards);
        if (used >> c & 1) continue;
        used |= std::uint64_t{1} << c;
        cards.emplace_back(c);
    }
    return cards;
}

}  // namespace

TEST_CASE("Omaha high uses exactly two hole cards and three board cards", "[omaha]") {
    // Four hearts in the hand and one on the board: only two hearts can play, no flush, and no
    // straight (K-Q-J-T-9 would take three hole cards). Ace-king high.
    CHECK(high("AhKhQhJh", "Th9s4s3d2c") == five("AhKcTs9s4d"));
    CHECK(category(high("AhKhQhJh", "Th9s4s3d2c")) == Category::HighCard);
    // Two hearts in the hand and three on the board: the ace-king flush.
    CHECK(high("AhKh2c3d", "Qh7h4h9sTs") == five("AhKhQh7h4h"));
    // Board quads are nobody's: three sevens and the pocket aces make a full house.
    CHECK(high("AhAdKsKd", "7c7d7h7s2c") == five("7c7d7hAhAd"));
    CHECK(category(high("AhAdKsKd", "7c7d7h7s2c")) == Category::FullHouse);
    // A board full house with unpaired hole cards: three kings and two hole cards, not the
    // board's kings full.
    CHECK(high("Ah2c3d4s", "KhKdKsQcQh") == five("KhKdKsAh4s"));
    // The hand's ace and jack with the board's K-Q-T: the ace-high straight.
    CHECK(high("AsJc5d5h", "AdKcQhTs2c") == five("KcQhTsAsJc"));
    // Three board cards: exactly one choice of board cards.
    CHECK(high("9h8h2c2d", "7h6h5h") == five("9h8h7h6h5h"));
    CHECK(category(high("9h8h2c2d", "7h6h5h")) == Category::StraightFlush);
}

TEST_CASE("eight-or-better lows from two hole cards and three board cards", "[omaha]") {
    // Board 2-5-8 and two unpaired low hole cards that are not a deuce, five or eight.
    CHECK(describe_low(low("As3cKdKh", "2c5d8hKsQs")) == "8-5-3-2-A");
    // A-2 in the hand duplicates the board's deuce; the other pairs have one low card at most.
    CHECK(low("As2dKdKh", "2c5d8hKsQs") == kNoLow);
    // Two low pairs to choose from: A-3 plays, 2-3 would leave only 5 and 8 of the board.
    CHECK(describe_low(low("As2d3hKh", "2c5d8hKsQs")) == "8-5-3-2-A");
    // Fewer than three low board cards: no low for anyone.
    CHECK(low("As2d3h4h", "2c5dKhKsQs") == kNoLow);
    // Counterfeited: the board's ace pairs the hand's ace, and A-2 with 3-4 is four ranks.
    CHECK(low("As2sJhJd", "3h4dAcKcQd") == kNoLow);
    // The same board gives 2-5 the wheel, the best low of all.
    CHECK(low("2s5hJhJd", "3h4dAcKcQd") == 225);
    CHECK(describe_low(225) == "5-4-3-2-A");
    // Straights and flushes do not spoil a low: 6-5 with a suited 4-3-2 board.
    CHECK(describe_low(low("6h5hKdKs", "4h3h2hQcJd")) == "6-5-4-3-2");
    // Order: the highest card decides first, then the next.
    CHECK(low("7c6dKdKs", "5h4h3cQcJd") > low("8c2dKdKs", "5h4h3cQcJd"));  // 7-6-5-4-3 > 8-5-4-3-2
    CHECK(low("As2dKdKs", "6h4h3cQcJd") > low("As2dKdKs", "6h5h3cQcJd"));  // 6-4-3-2-A > 6-5-3-2-A
    CHECK(low("8c7dKdKs", "6h5h4cQcJd") == 8);                             // the worst low
}

TEST_CASE("Omaha high and low equal a brute force over every two-and-three choice", "[omaha]") {
    std::uint64_t state = 0x0A5A0A5A0A5A0A5AULL;
    int lows = 0, flushes = 0;
    std::vector<std::pair<LowValue, LowRanks>> seen;
    for (int deal_index = 0; deal_index < 100000; ++deal_index) {
        std::uint64_t used = 0;
        const int hole_count = 2 + deal_index % 3;         // 2, 3 or 4 hole cards
        const int board_count = 3 + (deal_index / 3) % 3;  // 3, 4 or 5 board cards
        const std::vector<Card> hole = deal(state, used, hole_count);
        const std::vector<Card> board = deal(state, used, board_count);
        const Brute expected = brute_force(hole, board);
        const HandValue h = omaha_high(hole.data(), hole_count, board.data(), board_count);
        const LowValue l = omaha_low(hole.data(), hole_count, board.data(), board_count);
        REQUIRE(h == expected.high);
        REQUIRE(describe_low(l) == low_text(expected.low));
        REQUIRE((l == kNoLow) == expected.low.empty());
        lows += l != kNoLow;
        flushes += category(h) == Category::Flush;
        if (deal_index % 97 == 0) seen.emplace_back(l, expected.low);
    }
    // The sample reaches the cases under test.
    CHECK(lows > 10000);
    CHECK(flushes > 1000);
    // Higher low values are the lexicographically smaller rank lists, pair by pair.
    for (std::size_t i = 0; i + 1 < seen.size(); ++i) {
        const auto& [a, ra] = seen[i];
        const auto& [b, rb] = seen[i + 1];
        if (a == kNoLow || b == kNoLow) continue;
        CHECK((a > b) == (ra < rb));
        CHECK((a == b) == (ra == rb));
    }
}

// The hero's exact share on a complete board against one random hand: every four of the
// unseen cards, valued with the same functions (the sampler's deals are what is under test).
double exact_river_share(const std::array<Card, 4>& hero, const std::vector<Card>& board,
                         bool hi_lo) {
    std::vector<Card> unseen;
    for (int c = 0; c < kNumCards; ++c) {
        const Card card{c};
        if (std::find(hero.begin(), hero.end(), card) == hero.end() &&
            std::find(board.begin(), board.end(), card) == board.end())
            unseen.push_back(card);
    }
    const HandValue my_high = omaha_high(hero.data(), 4, board.data(), 5);
    const LowValue my_low = omaha_low(hero.data(), 4, board.data(), 5);
    double shares = 0;
    long deals = 0;
    const auto n = unseen.size();
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b)
            for (std::size_t c = b + 1; c < n; ++c)
                for (std::size_t d = c + 1; d < n; ++d) {
                    const std::array<Card, 4> theirs = {unseen[a], unseen[b], unseen[c], unseen[d]};
                    const HandValue their_high = omaha_high(theirs.data(), 4, board.data(), 5);
                    const double high = my_high > their_high    ? 1.0
                                        : my_high == their_high ? 0.5
                                                                : 0.0;
                    const LowValue their_low = omaha_low(theirs.data(), 4, board.data(), 5);
                    double share = high;
                    if (hi_lo && (my_low != kNoLow || their_low != kNoLow)) {
                        const double low = my_low > their_low    ? 1.0
                                           : my_low == their_low ? 0.5
                                                                 : 0.0;
                        share = 0.5 * high + 0.5 * low;
                    }
                    shares += share;
                    ++deals;
                }
    return shares / static_cast<double>(deals);
}

TEST_CASE("Omaha equity: Monte Carlo against exact river shares and known cases", "[omaha]") {
    const std::array<Card, 4> aakk = {Card::parse("As"), Card::parse("Ah"), Card::parse("Kd"),
                                      Card::parse("Kc")};
    // A-A with A-7-7 of the board is aces full; only a hand holding both other sevens (quads)
    // beats it, and no other hand can make aces full (one ace is left): the share is
    // 1 - C(41, 2) / C(43, 4) = 1 - 820 / 123,410, about 0.99336.
    const std::vector<Card> river = parse_cards("Ad Kh 7c 7d 2s");
    CHECK(exact_river_share(aakk, river, false) == Approx(1.0 - 820.0 / 123410.0));
    CHECK(omaha_equity(aakk, river, 1, 4000, 11, false) ==
          Approx(1.0 - 820.0 / 123410.0).margin(0.006));  // 4.6 standard errors

    // Hi-lo on a board with a low: the sampler agrees with the enumeration within 4 standard
    // errors (a share of 0..1 has a standard deviation of at most 0.5: 0.5 / sqrt(20,000)).
    const std::array<Card, 4> a2kq = {Card::parse("Ac"), Card::parse("2d"), Card::parse("Kh"),
                                      Card::parse("Qs")};
    const std::vector<Card> low_board = parse_cards("3c 5d 8h Kd 9s");
    for (bool hi_lo : {false, true}) {
        INFO("hi_lo " << hi_lo);
        CHECK(
            omaha_equity(a2kq, low_board, 1, 20000, 3, hi_lo) ==
            Approx(exact_river_share(a2kq, low_board, hi_lo)).margin(4 * 0.5 / std::sqrt(20000.0)));
    }

    // The same seed gives the same deals: without a possible low, hi-lo is the high game.
    const std::vector<Card> no_low = parse_cards("Kh Qd 9c");
    CHECK(omaha_equity(aakk, no_low, 2, 3000, 5, true) ==
          omaha_equity(aakk, no_low, 2, 3000, 5, false));
    // Preflop A-A-K-K is a favourite heads-up and loses that edge against five hands.
    const double heads_up = omaha_equity(aakk, {}, 1, 20000, 7, false);
    CHECK(heads_up > 0.6);
    CHECK(omaha_equity(aakk, {}, 5, 5000, 7, false) < heads_up - 0.2);
}
