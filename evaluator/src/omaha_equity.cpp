#include "pokerarena/evaluator/omaha_equity.hpp"

#include <array>
#include <cstdint>
#include <utility>

#include "pokerarena/evaluator/omaha.hpp"
#include "pokerarena/evaluator/splitmix64.hpp"

namespace pokerarena {

namespace {

__extension__ typedef unsigned __int128 Wide;

constexpr int kMaxOpponents = 9;
constexpr int kBoardCards = 5;

// The hero's share of a half (or whole) pot given every player's value for it, the hero's
// first; 0 values (no low) never win.
template <class Value>
double share_of(const std::array<Value, kMaxOpponents + 1>& values, int players) {
    Value best = 0;
    for (int p = 0; p < players; ++p)
        best = values[p] > best ? values[p] : best;
    if (best == 0 || values[0] != best) return 0.0;
    int tied = 0;
    for (int p = 0; p < players; ++p)
        tied += values[p] == best;
    return 1.0 / tied;
}

}  // namespace

double omaha_equity(std::span<const Card, 4> hole, std::span<const Card> board, int opponents,
                    std::uint64_t samples, std::uint64_t seed, bool hi_lo) noexcept {
    // The unseen cards, shuffled in place a prefix at a time: a deal needs only the first
    // 4 * opponents + missing board cards of a fresh shuffle, and swapping into the prefix
    // from the whole rest keeps every deal uniform whatever the previous deal left.
    std::uint64_t used = 0;
    for (Card c : hole)
        used |= std::uint64_t{1} << c.index();
    for (Card c : board)
        used |= std::uint64_t{1} << c.index();
    std::array<Card, kNumCards> unseen;
    int num_unseen = 0;
    for (int c = 0; c < kNumCards; ++c)
        if (!((used >> c) & 1)) unseen[num_unseen++] = Card{c};
    const int board_count = static_cast<int>(board.size());
    const int missing = kBoardCards - board_count;
    const int draws = 4 * opponents + missing;
    const int players = opponents + 1;

    std::array<Card, kBoardCards> full_board{};
    for (int i = 0; i < board_count; ++i)
        full_board[i] = board[i];
    std::array<Card, 4 * (kMaxOpponents + 1)> holes{};
    for (int i = 0; i < 4; ++i)
        holes[i] = hole[i];

    std::uint64_t state = seed;
    double shares = 0;
    std::array<HandValue, kMaxOpponents + 1> highs{};
    std::array<LowValue, kMaxOpponents + 1> lows{};
    for (std::uint64_t n = 0; n < samples; ++n) {
        for (int i = 0; i < draws; ++i) {
            // Lemire's multiply-shift: a position in i..num_unseen-1 (its bias, under 52 / 2^64,
            // is far below any sampling error).
            const auto span = static_cast<Wide>(num_unseen - i);
            const int j = i + static_cast<int>((splitmix64_next(state) * span) >> 64);
            std::swap(unseen[i], unseen[j]);
        }
        for (int i = 0; i < 4 * opponents; ++i)
            holes[4 + i] = unseen[i];
        for (int i = 0; i < missing; ++i)
            full_board[board_count + i] = unseen[4 * opponents + i];
        for (int p = 0; p < players; ++p)
            highs[p] = omaha_high(&holes[4 * p], 4, full_board.data(), kBoardCards);
        if (!hi_lo) {
            shares += share_of(highs, players);
            continue;
        }
        bool any_low = false;
        for (int p = 0; p < players; ++p) {
            lows[p] = omaha_low(&holes[4 * p], 4, full_board.data(), kBoardCards);
            any_low = any_low || lows[p] != kNoLow;
        }
        shares += any_low ? 0.5 * share_of(highs, players) + 0.5 * share_of(lows, players)
                          : share_of(highs, players);
    }
    return shares / static_cast<double>(samples);
}

}  // namespace pokerarena
