#include "pokerarena/bots/hand_strength.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

#include "pokerarena/evaluator/evaluate.hpp"

namespace pokerarena {

int chen_score(Card a, Card b) {
    int high = std::max(a.rank(), b.rank());
    int low = std::min(a.rank(), b.rank());
    // Points of the high card: ace 10, king 8, queen 7, jack 6, else half the face value.
    // Doubled to stay in integers until the final rounding up.
    auto points2 = [](int rank) {
        switch (rank) {
            case 12:
                return 20;
            case 11:
                return 16;
            case 10:
                return 14;
            case 9:
                return 12;
            default:
                return rank + 2;  // face value 2..10 is rank + 2; half of it, doubled
        }
    };
    int score2 = points2(high);
    if (high == low) return std::max(score2, 5);  // a pair doubles the points, at least 5
    if (a.suit() == b.suit()) score2 += 4;
    const int gap = high - low - 1;
    static constexpr std::array<int, 5> kGapPenalty2 = {0, 2, 4, 8, 10};
    score2 -= kGapPenalty2[static_cast<std::size_t>(std::min(gap, 4))];
    if (gap <= 1 && high < 10) score2 += 2;  // both below a queen: straights both ways
    // Round half points up: ceil(score2 / 2) also for negative scores.
    return static_cast<int>(std::ceil(score2 / 2.0));
}

Position preflop_position(SeatMask dealt_in, int num_seats, int button, int seat) {
    Position p;
    p.players = std::popcount(static_cast<unsigned>(dealt_in));
    auto next_in = [&](int from) {  // the first dealt-in seat at or after `from`
        for (int i = 0; i < num_seats; ++i) {
            const int s = (from + i) % num_seats;
            if ((dealt_in >> s) & 1) return s;
        }
        return from;
    };
    const int btn = next_in(button);
    // Seats after the button, clockwise, until `seat`.
    int after = 0;
    for (int s = btn; s != seat; s = next_in((s + 1) % num_seats))
        ++after;
    if (p.players == 2) {
        p.order = after == 0 ? 0 : 1;  // the button acts first preflop heads-up
    } else {
        // After the button come SB (1), BB (2), then UTG (3)...; preflop starts at UTG.
        p.order = (after + p.players - 3) % p.players;
    }
    return p;
}

const char* position_name(Position p) {
    if (p.players == 2) return p.order == 0 ? "BTN" : "BB";
    static constexpr std::array<const char*, 5> kLast = {"HJ", "CO", "BTN", "SB", "BB"};
    static constexpr std::array<const char*, 5> kEarly = {"UTG", "UTG+1", "UTG+2", "UTG+3",
                                                          "UTG+4"};
    const int from_end = p.players - 1 - p.order;  // 0 = BB
    if (from_end < 5) return kLast[static_cast<std::size_t>(4 - from_end)];
    return kEarly[static_cast<std::size_t>(p.order)];
}

PostflopRead classify_postflop(Card hole0, Card hole1, std::span<const Card> board) {
    PostflopRead read;
    std::array<int, kNumRanks> board_count{};
    std::array<int, kNumSuits> suit_count{};
    Hand all;
    Hand board_only;
    for (Card c : board) {
        ++board_count[static_cast<std::size_t>(c.rank())];
        ++suit_count[static_cast<std::size_t>(c.suit())];
        board_only.add(c);
    }
    all = board_only + hole0 + hole1;
    const HandValue value = evaluate(all);
    const Category mine = category(value);

    // The board's own category: exact on the river, from rank counts before it (three or
    // four cards cannot hold a straight or flush).
    Category board_cat = Category::HighCard;
    if (board.size() == 5) {
        board_cat = category(evaluate(board_only));
    } else {
        int pairs = 0;
        int most = 0;
        for (int n : board_count) {
            most = std::max(most, n);
            if (n >= 2) ++pairs;
        }
        board_cat = most == 4    ? Category::FourOfAKind
                    : most == 3  ? Category::ThreeOfAKind
                    : pairs == 2 ? Category::TwoPair
                    : pairs == 1 ? Category::OnePair
                                 : Category::HighCard;
    }

    // Ranks of the board, highest first, counted once each.
    std::array<int, 5> ranks{};
    int distinct = 0;
    for (int r = kNumRanks - 1; r >= 0; --r) {
        if (board_count[static_cast<std::size_t>(r)] > 0)
            ranks[static_cast<std::size_t>(distinct++)] = r;
    }

    const int r0 = hole0.rank();
    const int r1 = hole1.rank();
    auto total = [&](int r) {
        return board_count[static_cast<std::size_t>(r)] + (r == r0) + (r == r1);
    };

    if (mine >= Category::Straight && mine > board_cat) {
        read.made = MadeHand::Monster;
    } else if (total(r0) >= 3 || total(r1) >= 3) {
        read.made = MadeHand::Monster;  // a set or trips
    } else if (r0 != r1 && total(r0) >= 2 && total(r1) >= 2) {
        read.made = MadeHand::Monster;  // two pair with both hole cards
    } else if (r0 == r1) {
        read.made = r0 > ranks[0]   ? MadeHand::Strong
                    : r0 > ranks[1] ? MadeHand::Medium
                                    : MadeHand::Weak;
    } else if (total(r0) == 2 || total(r1) == 2) {
        const int pair = total(r0) == 2 ? r0 : r1;
        const int kicker = pair == r0 ? r1 : r0;
        if (pair == ranks[0]) {
            read.made = kicker >= 8 ? MadeHand::Strong : MadeHand::Medium;  // 8 = ten
        } else {
            read.made = pair == ranks[1] ? MadeHand::Medium : MadeHand::Weak;
        }
    }

    if (board.size() < 5) {
        for (int s = 0; s < kNumSuits; ++s) {
            const int n =
                suit_count[static_cast<std::size_t>(s)] + (hole0.suit() == s) + (hole1.suit() == s);
            const bool uses_hole = hole0.suit() == s || hole1.suit() == s;
            if (n == 4 && uses_hole && mine < Category::Flush) read.flush_draw = true;
        }
        if (mine < Category::Straight) {
            // Bit r+1 for rank r, bit 0 for the ace playing low.
            auto bits = [](int r) { return (1u << (r + 1)) | (r == 12 ? 1u : 0u); };
            unsigned present = bits(r0) | bits(r1);
            const unsigned hole_bits = present;
            for (Card c : board)
                present |= bits(c.rank());
            unsigned out_ranks = 0;
            for (int low = 0; low <= 9; ++low) {  // windows A-5 .. T-A
                const unsigned window = 0x1Fu << low;
                if (std::popcount(present & window) == 4 && (hole_bits & window)) {
                    out_ranks |= window & ~present;
                }
            }
            read.straight_outs = std::popcount(out_ranks);
        }
        const int straight_cards = read.straight_outs * 4;
        read.outs =
            read.flush_draw ? 9 + (straight_cards > 0 ? straight_cards - 2 : 0) : straight_cards;
    }
    return read;
}

}  // namespace pokerarena
