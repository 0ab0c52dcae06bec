// Equity by exact enumeration or Monte Carlo. See equity.hpp for what is computed.
#include "pokerarena/evaluator/equity.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <string>

#include "pokerarena/evaluator/evaluate.hpp"

namespace pokerarena {

namespace {

constexpr int kMaxPlayers = kMaxOpponents + 1;
constexpr int kBoardSize = 5;

// Pot shares are counted in units of 1/2520 of a pot: 2520 = lcm(1..10), so every k-way
// split of up to ten players is a whole number and the counts stay exact integers. That is
// what makes Monte Carlo sums independent of the order chunks are added in (hence of the
// thread count), and exact results exact.
constexpr std::int64_t kPot = 2520;
constexpr std::array<std::int64_t, kMaxPlayers + 1> kShare = {0,   2520, 1260, 840, 630, 504,
                                                              420, 360,  315,  280, 252};

// A validated request: players with known hole cards first (hero, villains), then the
// random opponents; `deck` lists the unseen cards in ascending order.
struct Deal {
    int known = 0;
    int random = 0;
    int players = 0;
    std::array<HoleCards, kMaxPlayers> holes{};
    std::array<Card, kBoardSize> board{};
    int board_size = 0;
    int board_draws = 0;
    CardSet seen;
    std::array<std::uint8_t, kNumCards> deck{};
    int deck_size = 0;
};

// Per-player outcome counts. `wins`/`ties` count deals, `shares` counts pot units; exact
// enumeration adds signed multiplicities (the symmetry reduction subtracts corrections).
struct Tally {
    std::array<std::int64_t, kMaxPlayers> wins{};
    std::array<std::int64_t, kMaxPlayers> ties{};
    std::array<std::int64_t, kMaxPlayers> shares{};
    std::uint64_t hero_share_squares = 0;  // Monte Carlo: sum of the hero's shares squared

    void add(const HandValue* values, int players, std::int64_t weight) {
        HandValue best = 0;
        for (int p = 0; p < players; ++p)
            best = std::max(best, values[p]);
        int winners = 0;
        for (int p = 0; p < players; ++p)
            winners += values[p] == best;
        for (int p = 0; p < players; ++p) {
            if (values[p] != best) continue;
            (winners == 1 ? wins : ties)[p] += weight;
            shares[p] += weight * kShare[winners];
        }
    }

    Tally& operator+=(const Tally& o) {
        for (int p = 0; p < kMaxPlayers; ++p) {
            wins[p] += o.wins[p];
            ties[p] += o.ties[p];
            shares[p] += o.shares[p];
        }
        hero_share_squares += o.hero_share_squares;
        return *this;
    }
};

std::uint64_t choose(int n, int k) {
    if (k < 0 || n < k) return 0;
    std::uint64_t r = 1;
    for (int i = 1; i <= k; ++i)
        r = r * static_cast<std::uint64_t>(n - k + i) / i;
    return r;
}

std::uint64_t saturating_multiply(std::uint64_t a, std::uint64_t b) {
    if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a) {
        return std::numeric_limits<std::uint64_t>::max();
    }
    return a * b;
}

std::uint64_t deal_count(const Deal& d) {
    std::uint64_t n = choose(d.deck_size, d.board_draws);
    int left = d.deck_size - d.board_draws;
    for (int o = 0; o < d.random; ++o, left -= 2)
        n = saturating_multiply(n, choose(left, 2));
    return n;
}

// ---------------------------------------------------------------------------------------
// Validation: everything that can be wrong is found here, before any loop runs.

Deal validate(const EquityRequest& r) {
    Deal d;
    const auto villains = static_cast<int>(r.villains.size());
    if (r.random_opponents < 0) {
        throw EquityError("equity: random_opponents is " + std::to_string(r.random_opponents) +
                          "; it must be 0 or more");
    }
    const int opponents = villains + r.random_opponents;
    if (opponents == 0)
        throw EquityError("equity: no opponent (give villains or random_opponents)");
    if (opponents > kMaxOpponents) {
        throw EquityError("equity: too many players: " + std::to_string(opponents) +
                          " opponents, at most " + std::to_string(kMaxOpponents));
    }
    const auto board_size = static_cast<int>(r.board.size());
    if (board_size != 0 && board_size != 3 && board_size != 4 && board_size != 5) {
        throw EquityError("equity: wrong board size: " + std::to_string(board_size) +
                          " cards; expected 0, 3, 4 or 5");
    }
    if (r.threads < 1) {
        throw EquityError("equity: threads is " + std::to_string(r.threads) + "; need at least 1");
    }

    auto take = [&d](Card c, const std::string& where) {
        if (!c.valid()) {
            throw EquityError("equity: invalid card index " + std::to_string(c.index()) + " in " +
                              where);
        }
        if (d.seen.contains(c)) {
            throw EquityError("equity: duplicate card " + c.to_string() + " (again in " + where +
                              ")");
        }
        d.seen.add(c);
    };
    d.holes[0] = r.hero;
    take(r.hero[0], "hero's hole cards");
    take(r.hero[1], "hero's hole cards");
    for (int v = 0; v < villains; ++v) {
        const std::string where = "villain " + std::to_string(v + 1) + "'s hole cards";
        d.holes[v + 1] = r.villains[v];
        take(r.villains[v][0], where);
        take(r.villains[v][1], where);
    }
    for (int i = 0; i < board_size; ++i) {
        d.board[i] = r.board[i];
        take(r.board[i], "the board");
    }
    for (Card c : r.dead)
        take(c, "the dead cards");

    d.known = villains + 1;
    d.random = r.random_opponents;
    d.players = d.known + d.random;
    d.board_size = board_size;
    d.board_draws = kBoardSize - board_size;
    for (Card c : ~d.seen)
        d.deck[d.deck_size++] = static_cast<std::uint8_t>(c.index());
    const int needed = d.board_draws + 2 * d.random;
    if (needed > d.deck_size) {
        throw EquityError("equity: not enough cards left: the board and random hands need " +
                          std::to_string(needed) + ", only " + std::to_string(d.deck_size) +
                          " remain");
    }
    return d;
}

Hand board_hand(const Deal& d) {
    Hand h;
    for (int i = 0; i < d.board_size; ++i)
        h.add(d.board[i]);
    return h;
}

std::array<Hand, kMaxPlayers> hole_hands(const Deal& d) {
    std::array<Hand, kMaxPlayers> holes{};
    for (int p = 0; p < d.known; ++p)
        holes[p] = Hand{} + d.holes[p][0] + d.holes[p][1];
    return holes;
}

// ---------------------------------------------------------------------------------------
// Plain exact enumeration: every board completion, then (with random opponents) every
// ordered assignment of two unseen cards to each random seat. Boards are built card by card
// in nested loops so each level adds one card to its parent's partial hand.

class PlainEnumeration {
  public:
    explicit PlainEnumeration(const Deal& d) : d_(d), holes_(hole_hands(d)) {}

    // Boards whose first drawn card is deck[first] for first in [begin, end).
    void run(int begin, int end, Tally& tally) const {
        const Hand board = board_hand(d_);
        std::array<HandValue, kMaxPlayers> values{};
        if (d_.board_draws == 0) {
            finish_board(board, ~d_.seen, values, tally);
            return;
        }
        for (int i = begin; i < end; ++i) {
            const Card c{d_.deck[i]};
            boards(board + c, i + 1, d_.board_draws - 1, CardSet{(~d_.seen).mask() & ~bit(c)},
                   values, tally);
        }
    }

    int first_level_size() const { return d_.board_draws == 0 ? 1 : d_.deck_size; }

  private:
    static std::uint64_t bit(Card c) { return std::uint64_t{1} << c.index(); }

    void boards(const Hand& board, int next, int left, CardSet unseen,
                std::array<HandValue, kMaxPlayers>& values, Tally& tally) const {
        if (left == 0) {
            finish_board(board, unseen, values, tally);
            return;
        }
        for (int i = next; i <= d_.deck_size - left; ++i) {
            const Card c{d_.deck[i]};
            boards(board + c, i + 1, left - 1, CardSet{unseen.mask() & ~bit(c)}, values, tally);
        }
    }

    void finish_board(const Hand& board, CardSet unseen, std::array<HandValue, kMaxPlayers>& values,
                      Tally& tally) const {
        for (int p = 0; p < d_.known; ++p)
            values[p] = evaluate(board + holes_[p]);
        opponents(board, d_.known, unseen, values, tally);
    }

    void opponents(const Hand& board, int seat, CardSet unseen,
                   std::array<HandValue, kMaxPlayers>& values, Tally& tally) const {
        if (seat == d_.players) {
            tally.add(values.data(), d_.players, 1);
            return;
        }
        for (std::uint64_t m1 = unseen.mask(); m1 != 0; m1 &= m1 - 1) {
            const Card c1{std::countr_zero(m1)};
            const Hand with_first = board + c1;
            for (std::uint64_t m2 = m1 & (m1 - 1); m2 != 0; m2 &= m2 - 1) {
                const Card c2{std::countr_zero(m2)};
                values[seat] = evaluate(with_first + c2);
                opponents(board, seat + 1, CardSet{unseen.mask() & ~bit(c1) & ~bit(c2)}, values,
                          tally);
            }
        }
    }

    const Deal& d_;
    std::array<Hand, kMaxPlayers> holes_;
};

// ---------------------------------------------------------------------------------------
// Exact enumeration with the suit-symmetry reduction (known hands only).
//
// A player's 7 cards make a flush only in a suit with at least three board cards, and at
// most one suit can have three of five board cards. So the outcome of every board with no
// suit three times depends on ranks alone, and boards are counted per multiset of new ranks
// with their multiplicity (product of binomials over the unseen cards of each rank), as if
// no flush existed. The boards where some suit s has three or more cards are then visited
// once more, grouped by their exact suit-s cards and the rank multiset of the others, and
// the difference between their true outcome and the flush-less one is added. Only groups in
// which some player actually makes the flush contribute, and whether a player does depends
// only on (s, number of s cards), so whole families are skipped. Preflop AsKs vs QdQc that is
// 6,175 rank multisets plus about 36,000 flush groups instead of 1,712,304 boards.
//
// This subsumes the usual suit-permutation symmetry (relabelling suits that the known cards
// leave interchangeable), which for AsKs vs QdQc only swaps clubs and diamonds: here every
// suit is "interchangeable" on the boards where it cannot make a flush.
//
// Flush-less values are obtained from the real evaluator on stand-in cards: each board rank
// gets a suit not yet used by that rank and not already twice on the board (one always
// exists, since a rank with u suits taken and the other 4 - u suits full needs 8 - u <= 4
// earlier cards, so u = 4), and each player's hole ranks take suits the board left free for
// that rank. Cards stay distinct and no suit reaches five (board <= 2, hole <= 2).

struct RankBoard {
    Hand hand;
    std::array<std::uint8_t, kNumRanks> suits_of_rank{};
    std::array<std::uint8_t, kNumSuits> suit_count{};
    std::uint8_t full_suits = 0;

    void add(int rank) {
        const unsigned free = ~(suits_of_rank[rank] | full_suits) & 0xFu;
        const int suit = std::countr_zero(free);
        hand.add(Card{rank, suit});
        suits_of_rank[rank] = static_cast<std::uint8_t>(suits_of_rank[rank] | (1u << suit));
        if (++suit_count[suit] == 2)
            full_suits = static_cast<std::uint8_t>(full_suits | (1u << suit));
    }
};

class SymmetricEnumeration {
  public:
    explicit SymmetricEnumeration(const Deal& d) : d_(d), holes_(hole_hands(d)) {
        for (Card c : ~d.seen) {
            ++unseen_of_rank_[c.rank()];
            unseen_ranks_of_suit_[c.suit()] |= 1u << c.rank();
        }
        for (int s = 0; s < kNumSuits; ++s) {
            for (int r = 0; r < kNumRanks; ++r) {
                for (int t = 0; t < kNumSuits; ++t) {
                    const Card c{r, t};
                    if (t != s && !d.seen.contains(c)) {
                        off_suit_[s][r][off_suit_count_[s][r]++] = c;
                    }
                }
            }
        }
        for (int i = 0; i < d.board_size; ++i) {
            rank_board_.add(d.board[i].rank());
            ++board_suit_count_[d.board[i].suit()];
        }
        for (int p = 0; p < d.known; ++p) {
            for (Card c : d.holes[p])
                ++hole_suit_count_[p][c.suit()];
        }
    }

    void run(Tally& tally) const {
        std::array<HandValue, kMaxPlayers> values{};
        rank_multisets(rank_board_, 0, 0, 0, 1, values, tally);
        for (int s = 0; s < kNumSuits; ++s) {
            const int unseen_in_suit = std::popcount(unseen_ranks_of_suit_[s]);
            for (int j = std::max(0, 3 - board_suit_count_[s]);
                 j <= std::min(d_.board_draws, unseen_in_suit); ++j) {
                unsigned flushing = 0;
                for (int p = 0; p < d_.known; ++p) {
                    if (hole_suit_count_[p][s] + board_suit_count_[s] + j >= 5) flushing |= 1u << p;
                }
                if (flushing == 0) continue;
                FlushGroup g{s, j, flushing};
                suited_cards(g, board_hand(d_), rank_board_, 0, 0, values, tally);
            }
        }
    }

  private:
    struct FlushGroup {
        int suit;
        int suited;  // new board cards of the suit
        unsigned flushing;
    };

    HandValue flushless_value(int p, const RankBoard& b) const {
        const int r1 = d_.holes[p][0].rank();
        const int r2 = d_.holes[p][1].rank();
        const unsigned free1 = ~b.suits_of_rank[r1] & 0xFu;
        const int s1 = std::countr_zero(free1);
        const unsigned free2 = r1 == r2 ? free1 & (free1 - 1) : ~b.suits_of_rank[r2] & 0xFu;
        const int s2 = std::countr_zero(free2);
        return evaluate(b.hand + Card{r1, s1} + Card{r2, s2});
    }

    // New board ranks in non-decreasing order; `run` = copies of `from` already chosen.
    void rank_multisets(const RankBoard& b, int depth, int from, int run, std::int64_t weight,
                        std::array<HandValue, kMaxPlayers>& values, Tally& tally) const {
        if (depth == d_.board_draws) {
            for (int p = 0; p < d_.known; ++p)
                values[p] = flushless_value(p, b);
            tally.add(values.data(), d_.known, weight);
            return;
        }
        for (int r = from; r < kNumRanks; ++r) {
            const int before = r == from ? run : 0;
            const int unseen = unseen_of_rank_[r];
            if (before >= unseen) continue;
            RankBoard next = b;
            next.add(r);
            rank_multisets(next, depth + 1, r, before + 1,
                           weight * (unseen - before) / (before + 1), values, tally);
        }
    }

    // The new suit-s board cards, as increasing ranks.
    void suited_cards(const FlushGroup& g, const Hand& real, const RankBoard& b, int depth,
                      int from, std::array<HandValue, kMaxPlayers>& values, Tally& tally) const {
        if (depth == g.suited) {
            off_suit_cards(g, real, b, depth, 0, 0, 1, values, tally);
            return;
        }
        for (int r = from; r < kNumRanks; ++r) {
            if (!((unseen_ranks_of_suit_[g.suit] >> r) & 1u)) continue;
            RankBoard next = b;
            next.add(r);
            suited_cards(g, real + Card{r, g.suit}, next, depth + 1, r + 1, values, tally);
        }
    }

    // The remaining new board cards, off suit s, as a rank multiset; the real board takes the
    // first unseen off-suit cards of each rank (their suits cannot matter: no other suit can
    // reach three board cards).
    void off_suit_cards(const FlushGroup& g, const Hand& real, const RankBoard& b, int depth,
                        int from, int run, std::int64_t weight,
                        std::array<HandValue, kMaxPlayers>& values, Tally& tally) const {
        if (depth == d_.board_draws) {
            for (int p = 0; p < d_.known; ++p)
                values[p] = evaluate(real + holes_[p]);
            tally.add(values.data(), d_.known, weight);
            for (unsigned f = g.flushing; f != 0; f &= f - 1) {
                const int p = std::countr_zero(f);
                values[p] = flushless_value(p, b);
            }
            tally.add(values.data(), d_.known, -weight);
            return;
        }
        for (int r = from; r < kNumRanks; ++r) {
            const int before = r == from ? run : 0;
            const int unseen = off_suit_count_[g.suit][r];
            if (before >= unseen) continue;
            RankBoard next = b;
            next.add(r);
            off_suit_cards(g, real + off_suit_[g.suit][r][before], next, depth + 1, r, before + 1,
                           weight * (unseen - before) / (before + 1), values, tally);
        }
    }

    const Deal& d_;
    std::array<Hand, kMaxPlayers> holes_;
    std::array<int, kNumRanks> unseen_of_rank_{};
    std::array<unsigned, kNumSuits> unseen_ranks_of_suit_{};
    std::array<std::array<std::array<Card, 3>, kNumRanks>, kNumSuits> off_suit_{};
    std::array<std::array<int, kNumRanks>, kNumSuits> off_suit_count_{};
    std::array<int, kNumSuits> board_suit_count_{};
    std::array<std::array<int, kNumSuits>, kMaxPlayers> hole_suit_count_{};
    RankBoard rank_board_;
};

Tally enumerate_exact(const Deal& d, bool use_symmetry, int threads) {
    Tally tally;
    if (use_symmetry && d.random == 0 && d.board_draws > 0) {
        SymmetricEnumeration(d).run(tally);
        return tally;
    }
    const PlainEnumeration plain(d);
    const int first = plain.first_level_size();
    if (threads == 1 || first == 1) {
        plain.run(0, first, tally);
        return tally;
    }
    tbb::task_arena arena(threads);
    return arena.execute([&] {
        return tbb::parallel_reduce(
            tbb::blocked_range<int>(0, first, 1), Tally{},
            [&](const tbb::blocked_range<int>& range, Tally t) {
                plain.run(range.begin(), range.end(), t);
                return t;
            },
            [](Tally a, const Tally& b) { return a += b; });
    });
}

// ---------------------------------------------------------------------------------------
// Monte Carlo.

// SplitMix64: a counter-based stream (output i is a fixed mix of seed + i * gamma), so every
// chunk gets an independent, reproducible stream from a hash of (seed, chunk index) at the
// cost of one add and two multiplies per 64 bits.
class SplitMix64 {
  public:
    explicit SplitMix64(std::uint64_t state) : state_(state) {}
    std::uint64_t next() {
        state_ += 0x9E3779B97F4A7C15u;
        return mix(state_);
    }
    static std::uint64_t mix(std::uint64_t z) {
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
        return z ^ (z >> 31);
    }

  private:
    std::uint64_t state_;
};

__extension__ typedef unsigned __int128 Wide;

// The draws of one deal (board cards, then two per random seat) are a partial Fisher-Yates
// shuffle of the unseen cards: draw i swaps deck[i] with deck[i + x_i], x_i uniform in
// [0, n - i). Leaving the deck permuted between deals is fine: whatever its order, the next
// deal's draws are uniform. Up to eight x_i come from one 64-bit random number r, read as the
// mixed-radix digits of r * n(n-1)...(n-7) / 2^64 (batched ranged integers, as described by
// Brackett-Rozinsky and Lemire); the product stays below 2^46 and the rare r whose low 64 bits
// of that product fall under 2^64 mod product (probability < 2^-18) is redrawn, which makes
// the digits exactly uniform. That is one multiply per card and no data-dependent branch,
// where drawing from a 64-bit mask of unseen cards mispredicts on every card already taken.
// The deck holds one-card Hands, so building a hand from drawn cards is one add and one or.
constexpr int kDrawBatch = 8;
constexpr int kMaxDraws = kBoardSize + 2 * kMaxOpponents;
constexpr int kMaxBatches = (kMaxDraws + kDrawBatch - 1) / kDrawBatch;

struct MonteCarloSetup {
    Hand board;
    std::array<Hand, kMaxPlayers> holes{};
    int known = 0;
    int board_draws = 0;
    int draws = 0;
    std::array<Hand, kNumCards> deck{};
    int deck_size = 0;
    std::array<std::uint64_t, kMaxBatches> redraw_below{};
    std::uint64_t seed = 0;
};

inline void draw(std::array<Hand, kNumCards>& deck, const MonteCarloSetup& s, int draws,
                 SplitMix64& rng) {
    const auto n = static_cast<std::uint64_t>(s.deck_size);
    for (int start = 0; start < draws; start += kDrawBatch) {
        const int end = std::min(start + kDrawBatch, draws);
        for (;;) {
            std::uint64_t z = rng.next();
            for (int i = start; i < end; ++i) {
                const Wide m = static_cast<Wide>(z) * (n - static_cast<std::uint64_t>(i));
                const auto j = static_cast<std::size_t>(i) + static_cast<std::size_t>(m >> 64);
                std::swap(deck[i], deck[j]);
                z = static_cast<std::uint64_t>(m);
            }
            if (z >= s.redraw_below[start / kDrawBatch]) [[likely]]
                break;
        }
    }
}

constexpr std::uint64_t kChunkSamples = 1u << 16;

SplitMix64 chunk_stream(std::uint64_t seed, std::uint64_t chunk) {
    return SplitMix64(SplitMix64::mix(seed ^ SplitMix64::mix(chunk + 0x5851F42D4C957F2Du)));
}

// Counts one showdown of kPlayers values into per-chunk counters kept in registers.
template <int kPlayers>
struct ShowdownCounts {
    std::array<std::uint64_t, kPlayers> wins{};
    std::array<std::uint64_t, kPlayers> ties{};
    std::array<std::uint64_t, kPlayers> shares{};
    std::uint64_t hero_squares = 0;

    void add(const std::array<HandValue, kPlayers>& values) {
        if constexpr (kPlayers == 2) {
            // Heads-up needs no pot-split table: shares and squares follow from the counts.
            wins[0] += values[0] > values[1];
            wins[1] += values[1] > values[0];
            ties[0] += values[0] == values[1];
            return;
        }
        HandValue best = values[0];
        for (int p = 1; p < kPlayers; ++p)
            best = std::max(best, values[p]);
        int winners = 0;
        for (int p = 0; p < kPlayers; ++p)
            winners += values[p] == best;
        const auto share = static_cast<std::uint64_t>(kShare[winners]);
        const std::uint64_t alone = winners == 1;
        for (int p = 0; p < kPlayers; ++p) {
            const std::uint64_t top = values[p] == best;
            wins[p] += top & alone;
            ties[p] += top & (alone ^ 1);
            shares[p] += top * share;
        }
        const std::uint64_t hero_share = (values[0] == best) * share;
        hero_squares += hero_share * hero_share;
    }

    Tally tally() const {
        if constexpr (kPlayers == 2) {
            const auto half = static_cast<std::uint64_t>(kPot / 2);
            ShowdownCounts<2> full = *this;
            full.ties[1] = ties[0];
            for (int p = 0; p < 2; ++p)
                full.shares[p] = wins[p] * 2 * half + ties[0] * half;
            full.hero_squares = wins[0] * 4 * half * half + ties[0] * half * half;
            return full.tally_of_counts();
        }
        return tally_of_counts();
    }

    Tally tally_of_counts() const {
        Tally t;
        for (int p = 0; p < kPlayers; ++p) {
            t.wins[p] = static_cast<std::int64_t>(wins[p]);
            t.ties[p] = static_cast<std::int64_t>(ties[p]);
            t.shares[p] = static_cast<std::int64_t>(shares[p]);
        }
        t.hero_share_squares = hero_squares;
        return t;
    }
};

// The common case, the hero against random hands only: board size and seat count are
// compile-time constants, so the draws unroll and every value stays in a register.
// flatten: GCC otherwise keeps evaluate() and the counting out of line in this loop, which
// costs a call and spills per showdown (about a third of the time).
template <int kBoardDraws, int kRandom>
[[gnu::flatten]] Tally sample_vs_random(const MonteCarloSetup& s, std::uint64_t chunk,
                                        std::uint64_t samples) {
    constexpr int kPlayers = kRandom + 1;
    std::array<Hand, kNumCards> deck = s.deck;
    SplitMix64 rng = chunk_stream(s.seed, chunk);
    ShowdownCounts<kPlayers> counts;
    const Hand hero = s.holes[0];
    for (std::uint64_t n = 0; n < samples; ++n) {
        draw(deck, s, kBoardDraws + 2 * kRandom, rng);
        Hand board = s.board;
        for (int k = 0; k < kBoardDraws; ++k)
            board = board + deck[k];
        std::array<HandValue, kPlayers> values;
        values[0] = evaluate(board + hero);
        for (int o = 0; o < kRandom; ++o) {
            values[o + 1] =
                evaluate(board + deck[kBoardDraws + 2 * o] + deck[kBoardDraws + 2 * o + 1]);
        }
        counts.add(values);
    }
    return counts.tally();
}

// Known villains (alone or beside random hands): seat layout decided at run time.
template <int kPlayers>
[[gnu::flatten]] Tally sample_mixed(const MonteCarloSetup& s, std::uint64_t chunk,
                                    std::uint64_t samples) {
    std::array<Hand, kNumCards> deck = s.deck;
    SplitMix64 rng = chunk_stream(s.seed, chunk);
    ShowdownCounts<kPlayers> counts;
    for (std::uint64_t n = 0; n < samples; ++n) {
        draw(deck, s, s.draws, rng);
        Hand board = s.board;
        for (int k = 0; k < s.board_draws; ++k)
            board = board + deck[k];
        std::array<HandValue, kPlayers> values;
        for (int p = 0; p < kPlayers; ++p) {
            if (p < s.known) {
                values[p] = evaluate(board + s.holes[p]);
            } else {
                const int k = s.board_draws + 2 * (p - s.known);
                values[p] = evaluate(board + deck[k] + deck[k + 1]);
            }
        }
        counts.add(values);
    }
    return counts.tally();
}

using ChunkSampler = Tally (*)(const MonteCarloSetup&, std::uint64_t, std::uint64_t);

template <int kBoardDraws>
ChunkSampler vs_random_sampler(int random) {
    switch (random) {
        case 1:
            return &sample_vs_random<kBoardDraws, 1>;
        case 2:
            return &sample_vs_random<kBoardDraws, 2>;
        case 3:
            return &sample_vs_random<kBoardDraws, 3>;
        case 4:
            return &sample_vs_random<kBoardDraws, 4>;
        case 5:
            return &sample_vs_random<kBoardDraws, 5>;
        case 6:
            return &sample_vs_random<kBoardDraws, 6>;
        case 7:
            return &sample_vs_random<kBoardDraws, 7>;
        case 8:
            return &sample_vs_random<kBoardDraws, 8>;
        default:
            return &sample_vs_random<kBoardDraws, 9>;
    }
}

ChunkSampler choose_sampler(const Deal& d) {
    if (d.known == 1) {
        switch (d.board_draws) {
            case 0:
                return vs_random_sampler<0>(d.random);
            case 1:
                return vs_random_sampler<1>(d.random);
            case 2:
                return vs_random_sampler<2>(d.random);
            default:
                return vs_random_sampler<5>(d.random);
        }
    }
    switch (d.players) {
        case 2:
            return &sample_mixed<2>;
        case 3:
            return &sample_mixed<3>;
        case 4:
            return &sample_mixed<4>;
        case 5:
            return &sample_mixed<5>;
        case 6:
            return &sample_mixed<6>;
        case 7:
            return &sample_mixed<7>;
        case 8:
            return &sample_mixed<8>;
        case 9:
            return &sample_mixed<9>;
        default:
            return &sample_mixed<10>;
    }
}

Tally sample_deals(const Deal& d, std::uint64_t samples, std::uint64_t seed, int threads) {
    MonteCarloSetup s;
    s.board = board_hand(d);
    s.holes = hole_hands(d);
    s.known = d.known;
    s.board_draws = d.board_draws;
    s.draws = d.board_draws + 2 * d.random;
    for (int i = 0; i < d.deck_size; ++i)
        s.deck[i] = Hand{} + Card{d.deck[i]};
    s.deck_size = d.deck_size;
    for (int b = 0; b * kDrawBatch < s.draws; ++b) {
        std::uint64_t product = 1;
        for (int i = b * kDrawBatch; i < std::min((b + 1) * kDrawBatch, s.draws); ++i) {
            product *= static_cast<std::uint64_t>(d.deck_size - i);
        }
        s.redraw_below[b] = (0 - product) % product;
    }
    s.seed = seed;
    const ChunkSampler sampler = choose_sampler(d);

    const std::uint64_t chunks = (samples + kChunkSamples - 1) / kChunkSamples;
    auto chunk_samples = [samples](std::uint64_t c) {
        return std::min(kChunkSamples, samples - c * kChunkSamples);
    };
    if (threads == 1) {
        Tally t;
        for (std::uint64_t c = 0; c < chunks; ++c)
            t += sampler(s, c, chunk_samples(c));
        return t;
    }
    tbb::task_arena arena(threads);
    return arena.execute([&] {
        return tbb::parallel_reduce(
            tbb::blocked_range<std::uint64_t>(0, chunks, 1), Tally{},
            [&](const tbb::blocked_range<std::uint64_t>& range, Tally t) {
                for (std::uint64_t c = range.begin(); c != range.end(); ++c) {
                    t += sampler(s, c, chunk_samples(c));
                }
                return t;
            },
            [](Tally a, const Tally& b) { return a += b; });
    });
}

EquityResult make_result(const Deal& d, const Tally& t, std::uint64_t outcomes, bool exact) {
    EquityResult r;
    r.outcomes = outcomes;
    r.exact = exact;
    const auto n = static_cast<double>(outcomes);
    for (int p = 0; p < d.players; ++p) {
        PlayerEquity e;
        e.wins = static_cast<std::uint64_t>(t.wins[p]);
        e.ties = static_cast<std::uint64_t>(t.ties[p]);
        e.win = static_cast<double>(e.wins) / n;
        e.tie = static_cast<double>(e.ties) / n;
        e.equity = static_cast<double>(t.shares[p]) / (static_cast<double>(kPot) * n);
        r.players.push_back(e);
    }
    if (!exact && outcomes > 1) {
        const double mean = r.players[0].equity;
        const double mean_square =
            static_cast<double>(t.hero_share_squares) / (static_cast<double>(kPot * kPot) * n);
        const double variance = std::max(0.0, mean_square - mean * mean) * n / (n - 1);
        r.std_error = std::sqrt(variance / n);
    }
    return r;
}

}  // namespace

std::uint64_t count_deals(const EquityRequest& request) {
    return deal_count(validate(request));
}

EquityResult calculate_equity(const EquityRequest& request) {
    const Deal d = validate(request);
    const std::uint64_t deals = deal_count(d);
    bool exact = request.method == EquityMethod::Exact;
    if (request.method == EquityMethod::Auto) exact = d.random == 0 || deals <= request.exact_limit;
    if (exact) {
        return make_result(d, enumerate_exact(d, request.use_symmetry, request.threads), deals,
                           true);
    }
    if (request.samples == 0) throw EquityError("equity: Monte Carlo needs at least one sample");
    return make_result(d, sample_deals(d, request.samples, request.seed, request.threads),
                       request.samples, false);
}

}  // namespace pokerarena
