// Equity by exact enumeration or Monte Carlo. See equity.hpp for what is computed.
#include "pokerarena/evaluator/equity.hpp"

#include <tbb/blocked_range.h>
#include <tbb/info.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include <cpuid.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "pokerarena/evaluator/enumerate.hpp"
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

// Outcome counts by set of winners: bit p of the index is set when player p has the best
// hand. Every per-player figure (wins, ties, pot shares, the hero's squared shares for the
// standard error) follows from this histogram at the end, so a loop does one increment per
// outcome instead of three per player. Exact enumeration adds signed multiplicities.
template <int kPlayers>
struct WinnerCounts {
    std::array<std::int64_t, std::size_t{1} << kPlayers> by_winners{};

    template <int kOther>
    WinnerCounts& operator+=(const WinnerCounts<kOther>& o) {
        static_assert(kOther <= kPlayers);
        for (std::size_t w = 0; w < o.by_winners.size(); ++w)
            by_winners[w] += o.by_winners[w];
        return *this;
    }
};
using Tally = WinnerCounts<kMaxPlayers>;

template <int kPlayers>
[[gnu::always_inline]] inline unsigned winners(const std::array<HandValue, kPlayers>& values) {
    HandValue best = values[0];
    for (int p = 1; p < kPlayers; ++p)
        best = std::max(best, values[p]);
    unsigned set = 0;
    for (int p = 0; p < kPlayers; ++p)
        set |= unsigned{values[p] == best} << p;
    return set;
}

unsigned winners(const HandValue* values, int players) {
    HandValue best = 0;
    for (int p = 0; p < players; ++p)
        best = std::max(best, values[p]);
    unsigned set = 0;
    for (int p = 0; p < players; ++p)
        set |= unsigned{values[p] == best} << p;
    return set;
}

// The threads a request gets: no more than the cores this process may use. The results do not
// depend on the count, and an arena asking for more workers than oneTBB allows only makes it
// print a warning on standard error from inside the caller's program.
int usable_threads(int requested) {
    return std::max(1, std::min(requested, tbb::info::default_concurrency()));
}

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
    if (r.threads < 1 || r.threads > kMaxEquityThreads) {
        throw EquityError("equity: threads is " + std::to_string(r.threads) +
                          "; it must be from 1 to " + std::to_string(kMaxEquityThreads));
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
// Plain exact enumeration: every board completion (for_each_board evaluates the known
// players), then, with random opponents, every ordered assignment of two unseen cards to each
// random seat. kKnown, the number of players with known hole cards, is a template parameter so
// the per-board work is straight-line code.

template <int kKnown>
class PlainEnumeration {
  public:
    explicit PlainEnumeration(const Deal& d) : d_(d) {
        const std::array<Hand, kMaxPlayers> holes = hole_hands(d);
        std::copy(holes.begin(), holes.begin() + kKnown, holes_.begin());
    }

    // Boards whose first drawn card is deck[first] for first in [begin, end).
    void run(int begin, int end, Tally& tally) const {
        const Hand board = board_hand(d_);
        const std::uint64_t unseen = (~d_.seen).mask();
        if (d_.board_draws == 0) {
            Values known;
            for (int p = 0; p < kKnown; ++p)
                known[p] = evaluate(board + holes_[p]);
            visit(board, CardSet{unseen}, known, tally);
            return;
        }
        KnownCounts counts;
        for (int i = begin; i < end; ++i) {
            // The later cards come from above the first; the random hands from all unseen cards.
            const Card first{d_.deck[i]};
            const std::uint64_t below = unseen & (bit(first) - 1);
            const std::uint64_t above = unseen & ~below & ~bit(first);
            if (d_.board_draws == 1) {
                Values known;
                for (int p = 0; p < kKnown; ++p)
                    known[p] = evaluate(board + first + holes_[p]);
                visit(board + first, CardSet{unseen & ~bit(first)}, known, tally);
                continue;
            }
            if (kKnown == kMaxPlayers || d_.random == 0) {
                for_each_board(
                    holes_, board + first, CardSet{above}, d_.board_draws - 1,
                    [&](const Hand&, CardSet, const Values& known) { counts.add(known); });
            } else {
                for_each_board(holes_, board + first, CardSet{above}, d_.board_draws - 1,
                               [&](const Hand& full, CardSet left, const Values& known) {
                                   visit(full, CardSet{left.mask() | below}, known, tally);
                               });
            }
        }
        counts.add_to(tally);
    }

    int first_level_size() const { return d_.board_draws == 0 ? 1 : d_.deck_size; }

  private:
    using Values = std::array<HandValue, kKnown>;

    static std::uint64_t bit(Card c) { return std::uint64_t{1} << c.index(); }

    // The winner sets of deals with known players only, in four copies picked by the low bits
    // of the hero's hand value. Consecutive boards usually have the same winners, and with one
    // counter each increment waited for the previous one's store; the hero's value changes
    // from board to board, so consecutive increments mostly land in different copies.
    struct KnownCounts {
        std::array<std::array<std::uint64_t, std::size_t{1} << kKnown>, 4> copies{};

        void add(const Values& known) { ++copies[known[0] & 3][winners<kKnown>(known)]; }
        void add_to(Tally& tally) const {
            for (const auto& copy : copies) {
                for (std::size_t w = 0; w < copy.size(); ++w)
                    tally.by_winners[w] += copy[w];
            }
        }
    };

    void visit(const Hand& board, CardSet unseen, const Values& known, Tally& tally) const {
        // With ten known players there is no seat left for a random one.
        if (kKnown == kMaxPlayers || d_.random == 0) {
            ++tally.by_winners[winners<kKnown>(known)];
            return;
        }
        if constexpr (kKnown < kMaxPlayers) {
            std::array<HandValue, kMaxPlayers> values{};
            std::copy(known.begin(), known.end(), values.begin());
            opponents(board, kKnown, unseen, values, tally);
        }
    }

    void opponents(const Hand& board, int seat, CardSet unseen,
                   std::array<HandValue, kMaxPlayers>& values, Tally& tally) const {
        if (seat == d_.players) {
            ++tally.by_winners[winners(values.data(), d_.players)];
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
    std::array<Hand, kKnown> holes_{};
};

template <int kKnown>
Tally enumerate_plain(const Deal& d, int threads) {
    Tally tally;
    const PlainEnumeration<kKnown> plain(d);
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
// Exact enumeration with the suit-symmetry reduction (known hands only).
//
// A player's 7 cards make a flush only in a suit with at least three board cards, and at
// most one suit can have three of five board cards. So boards are first counted per multiset
// of new board ranks, with their multiplicity (product over ranks of C(unseen cards of the
// rank, copies)), as if no flush existed: every player is evaluated once per multiset, 6,175
// multisets preflop heads-up. Then the boards where some suit s has three or more cards and
// some player makes the flush are visited again, grouped by their exact new suit-s cards and
// the rank multiset of the (at most two) others: each group moves its boards from the
// multiset's flush-less count to its true outcome, in which the flushing players play the
// flush of suit s (fixed by the suit-s cards) and everyone else the multiset's flush-less
// value already computed. Whether a player flushes depends only on (s, number of s cards),
// so whole families with no flush are skipped, and a group needs no evaluation at all.
// Preflop AsKs vs QdQc that is 6,175 multisets (two evaluations each) plus about 28,000 cheap
// groups instead of 1,712,304 boards.
//
// Every suit is thus interchangeable on the boards where it cannot make a flush; on top, the
// classic symmetry (swapping two suits that maps the known cards onto themselves: clubs and
// diamonds for AsKs vs QdQc) skips one of two equivalent suits and counts the other twice.
//
// Flush-less values come from the real evaluator on stand-in cards: each board rank gets a
// suit not yet used by that rank and not already twice on the board (one always exists,
// since a rank with u suits taken and the other 4 - u suits full needs 8 - u <= 4 earlier
// cards, so u = 4), and each player's hole ranks take suits the board left free for that
// rank. Cards stay distinct and no suit reaches five (board <= 2, hole <= 2).

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
        if (++suit_count[suit] == 2) {
            full_suits = static_cast<std::uint8_t>(full_suits | (1u << suit));
        }
    }
};

// C(n, k) for the colex index of a rank multiset: x_0 <= ... <= x_{m-1} maps to the strictly
// increasing x_i + i, whose index is the sum of C(x_i + i, i + 1).
constexpr int kMaxMultisetTop = kNumRanks + kBoardSize;
constexpr auto kMultisetBinomial = [] {
    std::array<std::array<int, kBoardSize + 1>, kMaxMultisetTop> c{};
    for (int n = 0; n < kMaxMultisetTop; ++n) {
        c[n][0] = 1;
        for (int k = 1; k <= kBoardSize; ++k)
            c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
    }
    return c;
}();

template <int kPlayers>
class SymmetricEnumeration {
  public:
    using Values = std::array<HandValue, kPlayers>;

    explicit SymmetricEnumeration(const Deal& d)
        : d_(d),
          holes_(hole_hands(d)),
          multisets_(static_cast<std::size_t>(
              kMultisetBinomial[kNumRanks + d.board_draws - 1][d.board_draws])),
          flushless_(multisets_.size()) {
        for (Card c : ~d.seen) {
            ++unseen_of_rank_[c.rank()];
            unseen_ranks_of_suit_[c.suit()] |= 1u << c.rank();
        }
        for (int s = 0; s < kNumSuits; ++s) {
            for (int r = 0; r < kNumRanks; ++r) {
                for (int t = 0; t < kNumSuits; ++t) {
                    if (t != s && !d.seen.contains(Card{r, t})) ++off_suit_count_[s][r];
                }
            }
        }
        for (int i = 0; i < d.board_size; ++i) {
            rank_board_.add(d.board[i].rank());
            ++board_suit_count_[d.board[i].suit()];
        }
        for (int p = 0; p < kPlayers; ++p) {
            hole_ranks_[p] = {d.holes[p][0].rank(), d.holes[p][1].rank()};
            for (Card c : d.holes[p])
                ++hole_suit_count_[p][c.suit()];
        }
        build_flushless_holes();
        find_equivalent_suits();
    }

    void run(Tally& tally) {
        std::array<int, kBoardSize> ranks{};
        rank_multisets(rank_board_, ranks, 0, 0, 0, 1);
        for (int s = 0; s < kNumSuits; ++s) {
            if (suit_multiplicity_[s] == 0) continue;
            const int unseen_in_suit = std::popcount(unseen_ranks_of_suit_[s]);
            for (int j = std::max(0, 3 - board_suit_count_[s]);
                 j <= std::min(d_.board_draws, unseen_in_suit); ++j) {
                unsigned flushing = 0;
                for (int p = 0; p < kPlayers; ++p) {
                    if (hole_suit_count_[p][s] + board_suit_count_[s] + j >= 5) flushing |= 1u << p;
                }
                if (flushing == 0) continue;
                const FlushGroup g{s, j, flushing, suit_multiplicity_[s]};
                suited_cards(g, board_hand(d_), ranks, 0, 0);
            }
        }
        for (std::size_t m = 0; m < multisets_.size(); ++m) {
            counts_.by_winners[winners<kPlayers>(flushless_[m])] += multisets_[m];
        }
        tally += counts_;
    }

  private:
    struct FlushGroup {
        int suit;
        int suited;  // new board cards of the suit
        unsigned flushing;
        std::int64_t multiplicity;  // equivalent suits it stands for
    };

    // The classic suit symmetry: when swapping suits s and t maps every player's hole cards,
    // the board and the dead cards onto themselves, the flush groups of t mirror those of s.
    // Swaps that fix the deal compose, so "equivalent to an earlier suit" is well defined.
    void find_equivalent_suits() {
        for (int s = 0; s < kNumSuits; ++s) {
            int representative = s;
            for (int t = 0; t < s && representative == s; ++t) {
                if (suit_multiplicity_[t] > 0 && swap_fixes_deal(t, s)) representative = t;
            }
            ++suit_multiplicity_[representative];
        }
    }

    bool swap_fixes_deal(int s, int t) const {
        auto swapped = [s, t](CardSet set) {
            CardSet out;
            for (Card c : set) {
                const int suit = c.suit() == s ? t : c.suit() == t ? s : c.suit();
                out.add(Card{c.rank(), suit});
            }
            return out;
        };
        for (int p = 0; p < kPlayers; ++p) {
            const CardSet h = CardSet{}.add(d_.holes[p][0]).add(d_.holes[p][1]);
            if (swapped(h) != h) return false;
        }
        CardSet board;
        for (int i = 0; i < d_.board_size; ++i)
            board.add(d_.board[i]);
        return swapped(board) == board && swapped(d_.seen) == d_.seen;
    }

    // A player's stand-in hole cards for every pair of "suits the board already uses for this
    // rank" (4 bits each), so a flush-less value is one table load and one evaluation.
    void build_flushless_holes() {
        for (int p = 0; p < kPlayers; ++p) {
            const int r1 = hole_ranks_[p][0];
            const int r2 = hole_ranks_[p][1];
            for (unsigned taken1 = 0; taken1 < 16; ++taken1) {
                for (unsigned taken2 = 0; taken2 < 16; ++taken2) {
                    const unsigned free1 = ~taken1 & 0xFu;
                    const unsigned free2 = r1 == r2 ? free1 & (free1 - 1) : ~taken2 & 0xFu;
                    if (free1 == 0 || free2 == 0) continue;  // no such board
                    flushless_holes_[p][taken1 * 16 + taken2] = Hand{} +
                                                                Card{r1, std::countr_zero(free1)} +
                                                                Card{r2, std::countr_zero(free2)};
                }
            }
        }
    }

    [[gnu::always_inline]] HandValue flushless_value(int p, const RankBoard& b) const {
        const unsigned taken =
            b.suits_of_rank[hole_ranks_[p][0]] * 16u + b.suits_of_rank[hole_ranks_[p][1]];
        return evaluate(b.hand + flushless_holes_[p][taken]);
    }

    int multiset_index(const std::array<int, kBoardSize>& sorted) const {
        int index = 0;
        for (int i = 0; i < d_.board_draws; ++i)
            index += kMultisetBinomial[sorted[i] + i][i + 1];
        return index;
    }

    // New board ranks in non-decreasing order; `run` = copies of `from` already chosen.
    void rank_multisets(const RankBoard& b, std::array<int, kBoardSize>& ranks, int depth, int from,
                        int run, std::int64_t weight) {
        if (depth == d_.board_draws) {
            const auto m = static_cast<std::size_t>(multiset_index(ranks));
            for (int p = 0; p < kPlayers; ++p)
                flushless_[m][p] = flushless_value(p, b);
            multisets_[m] = weight;
            return;
        }
        for (int r = from; r < kNumRanks; ++r) {
            const int before = r == from ? run : 0;
            const int unseen = unseen_of_rank_[r];
            if (before >= unseen) continue;
            RankBoard next = b;
            next.add(r);
            ranks[depth] = r;
            rank_multisets(next, ranks, depth + 1, r, before + 1,
                           weight * (unseen - before) / (before + 1));
        }
    }

    // The new suit-s board cards, as increasing ranks. Once they are fixed, every flushing
    // player's value is the flush of suit s, whatever the other board cards.
    void suited_cards(const FlushGroup& g, const Hand& real, std::array<int, kBoardSize>& ranks,
                      int depth, int from) {
        if (depth == g.suited) {
            Values flushes{};
            for (unsigned f = g.flushing; f != 0; f &= f - 1) {
                const int p = std::countr_zero(f);
                flushes[p] = evaluate(real + holes_[p]);
            }
            off_suit_cards(g, flushes, ranks);
            return;
        }
        for (int r = from; r < kNumRanks; ++r) {
            if (!((unseen_ranks_of_suit_[g.suit] >> r) & 1u)) continue;
            ranks[depth] = r;
            suited_cards(g, real + Card{r, g.suit}, ranks, depth + 1, r + 1);
        }
    }

    // The remaining new board cards, off suit s, as a rank multiset weighted by the number of
    // unseen off-suit cards of each rank. There are at most two: suit s holds at least three
    // of the five board cards.
    //
    // The multiset index of suited + off-suit ranks is assembled from per-group tables rather
    // than by sorting: an off-suit rank a lands at position below(a) = (suited ranks <= a) in
    // the sorted multiset, and suited rank i moves up by the number of off-suit ranks below
    // it, so its term is one of three prefix sums.
    void off_suit_cards(const FlushGroup& g, const Values& flushes,
                        const std::array<int, kBoardSize>& suited) {
        const auto& unseen = off_suit_count_[g.suit];
        const int j = g.suited;
        const int rest = d_.board_draws - j;
        std::array<std::array<int, kBoardSize + 1>, 3> prefix{};
        for (int shift = 0; shift <= rest; ++shift) {  // i + shift + 1 <= 5 as j + rest <= 5
            for (int i = 0; i < j; ++i) {
                prefix[shift][i + 1] =
                    prefix[shift][i] + kMultisetBinomial[suited[i] + i + shift][i + shift + 1];
            }
        }
        if (rest == 0) {
            move_to_flush(g, flushes, prefix[0][j], g.multiplicity);
            return;
        }
        std::array<int, kNumRanks> below{};
        for (int r = 0, i = 0; r < kNumRanks; ++r) {
            while (i < j && suited[i] <= r)
                ++i;
            below[r] = i;
        }
        for (int r1 = 0; r1 < kNumRanks; ++r1) {
            if (unseen[r1] == 0) continue;
            const int b1 = below[r1];
            const int first = kMultisetBinomial[r1 + b1][b1 + 1] + prefix[0][b1];
            if (rest == 1) {
                move_to_flush(g, flushes, first + prefix[1][j] - prefix[1][b1],
                              g.multiplicity * unseen[r1]);
                continue;
            }
            for (int r2 = r1; r2 < kNumRanks; ++r2) {
                const std::int64_t ways =
                    r2 == r1 ? unseen[r1] * (unseen[r1] - 1) / 2 : unseen[r1] * unseen[r2];
                if (ways == 0) continue;
                const int b2 = below[r2];
                const int index = first + kMultisetBinomial[r2 + b2 + 1][b2 + 2] + prefix[1][b2] -
                                  prefix[1][b1] + prefix[2][j] - prefix[2][b2];
                move_to_flush(g, flushes, index, g.multiplicity * ways);
            }
        }
    }

    // `boards` boards of this rank multiset leave its flush-less count for their true outcome.
    [[gnu::always_inline]] void move_to_flush(const FlushGroup& g, const Values& flushes,
                                              int multiset, std::int64_t boards) {
        const auto m = static_cast<std::size_t>(multiset);
        Values actual;
        for (int p = 0; p < kPlayers; ++p) {
            actual[p] = (g.flushing >> p) & 1u ? flushes[p] : flushless_[m][p];
        }
        counts_.by_winners[winners<kPlayers>(actual)] += boards;
        multisets_[m] -= boards;
    }

    const Deal& d_;
    std::array<Hand, kMaxPlayers> holes_;
    std::array<std::array<int, 2>, kPlayers> hole_ranks_{};
    std::array<std::array<Hand, 256>, kPlayers> flushless_holes_{};
    std::array<int, kNumSuits> suit_multiplicity_{};
    std::array<int, kNumRanks> unseen_of_rank_{};
    std::array<unsigned, kNumSuits> unseen_ranks_of_suit_{};
    std::array<std::array<int, kNumRanks>, kNumSuits> off_suit_count_{};
    std::array<int, kNumSuits> board_suit_count_{};
    std::array<std::array<int, kNumSuits>, kPlayers> hole_suit_count_{};
    RankBoard rank_board_;
    // Per rank multiset of the new board cards (colex index): boards still counted flush-less,
    // and every player's flush-less value. Sized before the loops; nothing allocates in them.
    std::vector<std::int64_t> multisets_;
    std::vector<Values> flushless_;
    WinnerCounts<kPlayers> counts_;
};

template <int kPlayers>
Tally enumerate_symmetric(const Deal& d) {
    Tally tally;
    SymmetricEnumeration<kPlayers>(d).run(tally);
    return tally;
}

Tally enumerate_exact(const Deal& d, bool use_symmetry, int threads) {
    if (use_symmetry && d.random == 0 && d.board_draws > 0) {
        switch (d.players) {
            case 2:
                return enumerate_symmetric<2>(d);
            case 3:
                return enumerate_symmetric<3>(d);
            case 4:
                return enumerate_symmetric<4>(d);
            case 5:
                return enumerate_symmetric<5>(d);
            case 6:
                return enumerate_symmetric<6>(d);
            case 7:
                return enumerate_symmetric<7>(d);
            case 8:
                return enumerate_symmetric<8>(d);
            case 9:
                return enumerate_symmetric<9>(d);
            default:
                return enumerate_symmetric<10>(d);
        }
    }
    threads = usable_threads(threads);
    switch (d.known) {
        case 1:
            return enumerate_plain<1>(d, threads);
        case 2:
            return enumerate_plain<2>(d, threads);
        case 3:
            return enumerate_plain<3>(d, threads);
        case 4:
            return enumerate_plain<4>(d, threads);
        case 5:
            return enumerate_plain<5>(d, threads);
        case 6:
            return enumerate_plain<6>(d, threads);
        case 7:
            return enumerate_plain<7>(d, threads);
        case 8:
            return enumerate_plain<8>(d, threads);
        case 9:
            return enumerate_plain<9>(d, threads);
        default:
            return enumerate_plain<10>(d, threads);
    }
}

// ---------------------------------------------------------------------------------------
// Monte Carlo.

__extension__ typedef unsigned __int128 Wide;

// The random stream of one chunk: output i is a fixed function of start + i * gamma (the
// "wyrand" mix: one 64x64->128 multiply folded onto itself), so it is counter-based, every
// chunk gets its own stream from a hash of (seed, chunk index), and a number costs an add,
// a multiply and a xor. SplitMix64's finaliser hashes the seeds.
std::uint64_t splitmix64_mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

class ChunkStream {
  public:
    ChunkStream(std::uint64_t seed, std::uint64_t chunk)
        : state_(splitmix64_mix(seed ^ splitmix64_mix(chunk + 0x5851F42D4C957F2Du))) {}
    // kBmi2: the product by MULX. GCC's plain 128-bit multiply stored the low half to the stack
    // and loaded it back, three more instructions and a store-to-load delay on every deal.
    template <bool kBmi2>
    std::uint64_t next() {
        state_ += 0xA0761D6478BD642Fu;
        const std::uint64_t other = state_ ^ 0xE7037ED1A0B428DBu;
        if constexpr (kBmi2) {
            std::uint64_t low, high;
            asm("mulx %[b], %[low], %[high]"
                : [low] "=r"(low), [high] "=r"(high)
                : [b] "r"(other), "d"(state_));
            return high ^ low;
        } else {
            const Wide m = static_cast<Wide>(state_) * other;
            return static_cast<std::uint64_t>(m >> 64) ^ static_cast<std::uint64_t>(m);
        }
    }

  private:
    std::uint64_t state_;
};

// A deal is drawn as a few "units", each a uniform random subset of the cards still unseen:
// the board as two pairs and a single card (preflop), a pair (flop), a single card (turn),
// then one pair per random seat. Drawing subsets one after another from what is left gives
// every deal the same probability, exactly as a shuffle would; the board and each hole pair
// are sets, so the order inside a unit does not matter.
//
// A unit is drawn from a 64-bit mask of the m unseen cards without a deck in memory: a
// uniform index x picks the x-th pair of positions 0 <= i < j < m in colexicographic order
// (one table of all 1,326 pairs of 52 positions serves every m, since the pairs of [0, m)
// are its first C(m, 2) entries) or, for a single card, position x; PDEP then deposits
// those positions onto the set bits of the mask, giving the cards' bits in one
// instruction, and an XOR removes them. Card keys come from TZCNT (lowest card) and LZCNT
// (highest). Compared with drawing card by card from a Fisher-Yates deck of one-card Hands
// (two loads, two stores and a multiply per card, with store-to-load chains between
// deals), a preflop deal against one random hand went from about 139 to 102 instructions
// and from about 46 to 66 M deals/s (348 to 260 instructions, 17 to 29 M/s against five),
// one thread on a loaded Zen 3. Without BMI2 a plain loop does what PDEP does, so every CPU
// gives the same results, only slower (AMD Zen 1 and 2 report BMI2 but run PDEP in microcode,
// so they would be better served by the loop; not measured, no such machine here).
//
// Up to four unit indices come from one 64-bit random number r, read as the mixed-radix
// digits of r * m_1 * ... * m_4 / 2^64 (batched ranged integers, as described by
// Brackett-Rozinsky and Lemire); the product stays below 1326^4 < 2^42, and the rare r whose
// low 64 bits of that product fall under 2^64 mod product (probability < 2^-22) is redrawn,
// which makes the digits exactly uniform, with one multiply per unit and no data-dependent
// branch.
//
// A deal's hands are kept as 64-bit Hand keys only (rank key plus suit counts): a player's
// key is the board's key plus two card keys, and evaluating it is the rank hash unless a
// suit count reached five. One test on the OR of all players' keys sends the rare deal where
// someone has a flush to a separate function that takes the flush suit's ranks from the drawn
// cards' bits, so the common path never builds suit masks at all.
constexpr int kUnitsPerBatch = 4;
constexpr int kMaxUnits = 3 + kMaxOpponents;
constexpr int kMaxBatches = (kMaxUnits + kUnitsPerBatch - 1) / kUnitsPerBatch;

// Board draws -> units drawing them; whether unit u of the board is a single card.
constexpr int board_units(int board_draws) {
    return board_draws == 5 ? 3 : board_draws == 0 ? 0 : 1;
}
constexpr bool single_unit(int board_draws, int u) {
    return (board_draws == 5 && u == 2) || (board_draws == 1 && u == 0);
}

constexpr std::array<std::uint64_t, kNumCards*(kNumCards - 1) / 2> kPairPositions = [] {
    std::array<std::uint64_t, kNumCards*(kNumCards - 1) / 2> pairs{};
    std::size_t rank = 0;
    for (int j = 1; j < kNumCards; ++j) {
        for (int i = 0; i < j; ++i)
            pairs[rank++] = (std::uint64_t{1} << i) | (std::uint64_t{1} << j);
    }
    return pairs;
}();

// Card keys by the count of trailing zeros of the card's bit (the lower card of a unit) and by
// the count of leading zeros (the higher card of a pair). One object, so that one register
// addresses both: as two tables, the sampling loops ran short of registers and reloaded
// their addresses several times per deal.
struct UnitCardKeys {
    std::array<std::uint64_t, 64> by_trailing_zeros{};
    std::array<std::uint64_t, 64> by_leading_zeros{};
};
constexpr UnitCardKeys kUnitCardKeys = [] {
    UnitCardKeys keys;
    for (int c = 0; c < kNumCards; ++c) {
        keys.by_trailing_zeros[c] = detail::kCardKeys[c];
        keys.by_leading_zeros[63 - c] = detail::kCardKeys[c];
    }
    return keys;
}();

struct MonteCarloSetup {
    std::uint64_t board_key = detail::kSuitBias;          // the known board cards, as a Hand key
    std::uint64_t board_cards = 0;                        // their card indices' bits
    std::array<std::uint64_t, kMaxPlayers> hole_keys{};   // known hole cards, without the bias
    std::array<std::uint64_t, kMaxPlayers> hole_cards{};  // bit c for each hole card c
    int known = 0;
    int board_draws = 0;
    int units = 0;
    std::uint64_t unseen = 0;                        // bit c set when card c can be drawn
    std::array<std::uint64_t, kMaxUnits> choices{};  // how many subsets unit u picks from
    std::array<std::uint64_t, kMaxBatches> redraw_below{};
    std::uint64_t seed = 0;
};

// The bits of `unseen` at the positions set in `positions` (the i-th set bit for each
// position i); `unseen` has more set bits than the highest position.
template <bool kPdep>
[[gnu::always_inline]] inline std::uint64_t deposit(std::uint64_t positions, std::uint64_t unseen) {
    if constexpr (kPdep) {
        std::uint64_t bits;
        // Inline assembly rather than the intrinsic: the library is built without -mbmi2, and
        // this branch is only instantiated for CPUs that report BMI2 (checked at dispatch).
        asm("pdep %2, %1, %0" : "=r"(bits) : "r"(positions), "r"(unseen));
        return bits;
    } else {
        std::uint64_t bits = 0;
        for (; positions != 0; positions >>= 1, unseen &= unseen - 1) {
            if (positions & 1u) bits |= unseen & (0 - unseen);
        }
        return bits;
    }
}

// The high 64 bits of z * c; z becomes the low 64 bits. With BMI2 this is MULX: GCC's plain
// 128-bit multiply bounced z through the stack on every unit, on the deal's critical path.
template <bool kBmi2>
[[gnu::always_inline]] inline std::uint64_t multiply_high(std::uint64_t& z, std::uint64_t c) {
    if constexpr (kBmi2) {
        std::uint64_t low, high;
        asm("mulx %[c], %[low], %[high]" : [low] "=r"(low), [high] "=r"(high) : [c] "r"(c), "d"(z));
        z = low;
        return high;
    } else {
        const Wide m = static_cast<Wide>(z) * c;
        z = static_cast<std::uint64_t>(m);
        return static_cast<std::uint64_t>(m >> 64);
    }
}

// The key of the cards of a unit (one or two bits).
[[gnu::always_inline]] inline std::uint64_t unit_key(std::uint64_t bits, bool single) {
    const std::uint64_t low =
        kUnitCardKeys.by_trailing_zeros[static_cast<std::size_t>(__builtin_ctzll(bits))];
    if (single) return low;
    return low + kUnitCardKeys.by_leading_zeros[static_cast<std::size_t>(__builtin_clzll(bits))];
}

// Draws the units [0, kUnits) (or [0, s.units) when kUnits is 0) into bits[u].
template <int kBoardDraws, int kUnits, bool kPdep>
[[gnu::always_inline]] inline void draw(std::array<std::uint64_t, kMaxUnits>& bits,
                                        const MonteCarloSetup& s, ChunkStream& rng) {
    const int units = kUnits != 0 ? kUnits : s.units;
    const int board_draws = kBoardDraws >= 0 ? kBoardDraws : s.board_draws;
    std::uint64_t unseen = s.unseen;
#pragma GCC unroll 4
    for (int start = 0; start < units; start += kUnitsPerBatch) {
        const int end = std::min(start + kUnitsPerBatch, units);
        for (;;) {
            std::uint64_t z = rng.template next<kPdep>();
            std::uint64_t left = unseen;
#pragma GCC unroll 4
            for (int u = start; u < end; ++u) {
                const std::uint64_t x = multiply_high<kPdep>(z, s.choices[u]);
                const std::uint64_t positions =
                    single_unit(board_draws, u) ? std::uint64_t{1} << x : kPairPositions[x];
                bits[u] = deposit<kPdep>(positions, left);
                left ^= bits[u];
            }
            if (z >= s.redraw_below[start / kUnitsPerBatch]) [[likely]] {
                unseen = left;
                break;
            }
        }
    }
}

// The ranks (bit r for rank r) of the cards of `suit` in a mask of card indices. With BMI2
// one PEXT gathers them, since card 4 * rank + suit puts a suit's cards every fourth bit.
template <bool kBmi2>
[[gnu::always_inline]] inline std::uint32_t suit_ranks(std::uint64_t cards, int suit) {
    constexpr std::uint64_t kClubs = 0x1111111111111;  // bits 0, 4, ..., 48
    if constexpr (kBmi2) {
        std::uint64_t ranks;
        asm("pext %2, %1, %0" : "=r"(ranks) : "r"(cards), "r"(kClubs << suit));
        return static_cast<std::uint32_t>(ranks);
    } else {
        std::uint32_t ranks = 0;
        for (int r = 0; r < kNumRanks; ++r)
            ranks |= static_cast<std::uint32_t>((cards >> (4 * r + suit)) & 1u) << r;
        return ranks;
    }
}

// Values of every player of a deal where at least one key shows five cards of a suit. Kept
// out of line: it runs for a few percent of deals heads-up (about one in six six-handed) and
// would otherwise crowd the hot loop.
template <bool kBmi2>
[[gnu::noinline]] void values_with_flush(const MonteCarloSetup& s, int board_draws,
                                         const std::array<std::uint64_t, kMaxUnits>& bits,
                                         const std::uint64_t* keys, HandValue* values,
                                         int players) {
    const int first_hole_unit = board_units(board_draws);
    std::uint64_t board_cards = s.board_cards;
    for (int u = 0; u < first_hole_unit; ++u)
        board_cards |= bits[u];
    for (int p = 0; p < players; ++p) {
        const std::uint64_t key = keys[p];
        if (!(key & detail::kFlushCheckMask)) {
            values[p] = detail::rank_value(static_cast<std::uint32_t>(key));
            continue;
        }
        const std::uint64_t cards =
            board_cards | (p < s.known ? s.hole_cards[p] : bits[first_hole_unit + p - s.known]);
        const int suit = (std::countr_zero(key & detail::kFlushCheckMask) - 35) >> 2;
        values[p] = detail::tables.flush_values[suit_ranks<kBmi2>(cards, suit)];
    }
}

// The value of a flush-less key on the fast sampling path: the same slot as rank_value(), but
// the hash is kept shifted to the top of 32 bits (scramble(key) << 7), so the row needs no
// mask, and BEXTR takes the column in one instruction instead of a copy, a shift and a mask.
template <bool kBmi>
[[gnu::always_inline]] inline HandValue lookup_rank_value(std::uint64_t key) {
    if constexpr (kBmi) {
        constexpr int kUnused = 32 - detail::kHashBits;
        const std::uint64_t top_hash =
            static_cast<std::uint32_t>(key) * (detail::kHashMultiplier << kUnused);
        std::uint64_t column;
        asm("bextr %2, %1, %0"
            : "=r"(column)
            : "r"(top_hash), "r"(std::uint64_t{kUnused | detail::kColumnBits << 8}));
        const std::uint64_t row = top_hash >> (32 - (detail::kHashBits - detail::kColumnBits));
        return detail::tables.rank_values[2u * detail::tables.row_displacement[row] + column];
    } else {
        return detail::rank_value(static_cast<std::uint32_t>(key));
    }
}

// The winner set of three to eight players with SSE4.1 (fast sampling path only): PHMINPOSUW
// finds the smallest of the complemented values, that is the best hand, in one instruction;
// one compare and a byte mask then give the set. Unused lanes hold 0xFFFF, which no
// complemented value reaches (every value is at least 0x1000). About 20 instructions instead of
// about 38 for six players; heads-up the scalar form is shorter.
template <int kPlayers, bool kSse41>
[[gnu::always_inline]] inline unsigned winner_set(const std::array<HandValue, kPlayers>& values) {
    if constexpr (kSse41 && kPlayers >= 3 && kPlayers <= 8) {
        typedef std::uint16_t U16x8 __attribute__((vector_size(16)));
        typedef std::int16_t I16x8 __attribute__((vector_size(16)));
        typedef char I8x16 __attribute__((vector_size(16)));
        U16x8 complement = ~U16x8{};
        for (int p = 0; p < kPlayers; ++p)
            complement[p] = static_cast<std::uint16_t>(~values[p]);
        U16x8 least;
        asm("phminposuw %1, %0" : "=x"(least) : "x"(complement));
        const U16x8 best = __builtin_shufflevector(least, least, 0, 0, 0, 0, 0, 0, 0, 0);
        const I16x8 equal = reinterpret_cast<I16x8>(complement == best);
        const I8x16 bytes = __builtin_ia32_packsswb128(equal, equal);
        return static_cast<unsigned>(__builtin_ia32_pmovmskb128(bytes)) & 0xFFu;
    } else {
        return winners<kPlayers>(values);
    }
}

constexpr std::uint64_t kChunkSamples = 1u << 16;

// The common case, the hero against random hands only: board size and seat count are
// compile-time constants, so the draws unroll and every value stays in a register.
template <int kBoardDraws, int kRandom, bool kPdep>
[[gnu::always_inline]] inline Tally sample_vs_random(const MonteCarloSetup& s, std::uint64_t chunk,
                                                     std::uint64_t samples) {
    constexpr int kPlayers = kRandom + 1;
    constexpr int kBoardUnits = board_units(kBoardDraws);
    ChunkStream rng(s.seed, chunk);
    WinnerCounts<kPlayers> counts;
    const std::uint64_t hero = s.hole_keys[0];
    std::array<std::uint64_t, kMaxUnits> bits{};
    for (std::uint64_t n = 0; n < samples; ++n) {
        draw<kBoardDraws, kBoardUnits + kRandom, kPdep>(bits, s, rng);
        std::uint64_t board = s.board_key;
        for (int u = 0; u < kBoardUnits; ++u)
            board += unit_key(bits[u], single_unit(kBoardDraws, u));
        std::array<std::uint64_t, kPlayers> keys;
        keys[0] = board + hero;
        for (int o = 0; o < kRandom; ++o)
            keys[o + 1] = board + unit_key(bits[kBoardUnits + o], false);
        std::uint64_t any = 0;
        for (int p = 0; p < kPlayers; ++p)
            any |= keys[p];
        std::array<HandValue, kPlayers> values;
        if (any & detail::kFlushCheckMask) [[unlikely]] {
            values_with_flush<kPdep>(s, kBoardDraws, bits, keys.data(), values.data(), kPlayers);
        } else {
            for (int p = 0; p < kPlayers; ++p)
                values[p] = lookup_rank_value<kPdep>(keys[p]);
        }
        ++counts.by_winners[winner_set<kPlayers, kPdep>(values)];
    }
    Tally t;
    t += counts;
    return t;
}

// Known villains (alone or beside random hands): seat layout decided at run time.
template <int kPlayers, bool kPdep>
[[gnu::always_inline]] inline Tally sample_mixed(const MonteCarloSetup& s, std::uint64_t chunk,
                                                 std::uint64_t samples) {
    ChunkStream rng(s.seed, chunk);
    WinnerCounts<kPlayers> counts;
    std::array<std::uint64_t, kMaxUnits> bits{};
    const int board_unit_count = board_units(s.board_draws);
    for (std::uint64_t n = 0; n < samples; ++n) {
        draw<-1, 0, kPdep>(bits, s, rng);
        std::uint64_t board = s.board_key;
        for (int u = 0; u < board_unit_count; ++u)
            board += unit_key(bits[u], single_unit(s.board_draws, u));
        std::array<std::uint64_t, kPlayers> keys;
        std::uint64_t any = 0;
        for (int p = 0; p < kPlayers; ++p) {
            keys[p] = board + (p < s.known ? s.hole_keys[p]
                                           : unit_key(bits[board_unit_count + p - s.known], false));
            any |= keys[p];
        }
        std::array<HandValue, kPlayers> values;
        if (any & detail::kFlushCheckMask) [[unlikely]] {
            values_with_flush<kPdep>(s, s.board_draws, bits, keys.data(), values.data(), kPlayers);
        } else {
            for (int p = 0; p < kPlayers; ++p)
                values[p] = lookup_rank_value<kPdep>(keys[p]);
        }
        ++counts.by_winners[winner_set<kPlayers, kPdep>(values)];
    }
    Tally t;
    t += counts;
    return t;
}

using ChunkSampler = Tally (*)(const MonteCarloSetup&, std::uint64_t, std::uint64_t);

// The sampling loops compiled twice: for CPUs with BMI1/BMI2, LZCNT and SSE4.1 (PDEP, TZCNT,
// LZCNT, SHLX, BEXTR, PHMINPOSUW) and for any x86-64.
template <int kBoardDraws, int kRandom>
[[gnu::target("bmi,bmi2,lzcnt")]] Tally sample_vs_random_bmi2(const MonteCarloSetup& s,
                                                              std::uint64_t chunk,
                                                              std::uint64_t samples) {
    return sample_vs_random<kBoardDraws, kRandom, true>(s, chunk, samples);
}
template <int kBoardDraws, int kRandom>
Tally sample_vs_random_plain(const MonteCarloSetup& s, std::uint64_t chunk, std::uint64_t samples) {
    return sample_vs_random<kBoardDraws, kRandom, false>(s, chunk, samples);
}
template <int kPlayers>
[[gnu::target("bmi,bmi2,lzcnt")]] Tally sample_mixed_bmi2(const MonteCarloSetup& s,
                                                          std::uint64_t chunk,
                                                          std::uint64_t samples) {
    return sample_mixed<kPlayers, true>(s, chunk, samples);
}
template <int kPlayers>
Tally sample_mixed_plain(const MonteCarloSetup& s, std::uint64_t chunk, std::uint64_t samples) {
    return sample_mixed<kPlayers, false>(s, chunk, samples);
}
template <bool kPdep, int kBoardDraws, int kRandom>
constexpr ChunkSampler vs_random_entry() {
    if constexpr (kPdep) {
        return &sample_vs_random_bmi2<kBoardDraws, kRandom>;
    } else {
        return &sample_vs_random_plain<kBoardDraws, kRandom>;
    }
}
template <bool kPdep, int kPlayers>
constexpr ChunkSampler mixed_entry() {
    if constexpr (kPdep) {
        return &sample_mixed_bmi2<kPlayers>;
    } else {
        return &sample_mixed_plain<kPlayers>;
    }
}

template <int kBoardDraws, bool kPdep>
ChunkSampler vs_random_sampler(int random) {
    switch (random) {
        case 1:
            return vs_random_entry<kPdep, kBoardDraws, 1>();
        case 2:
            return vs_random_entry<kPdep, kBoardDraws, 2>();
        case 3:
            return vs_random_entry<kPdep, kBoardDraws, 3>();
        case 4:
            return vs_random_entry<kPdep, kBoardDraws, 4>();
        case 5:
            return vs_random_entry<kPdep, kBoardDraws, 5>();
        case 6:
            return vs_random_entry<kPdep, kBoardDraws, 6>();
        case 7:
            return vs_random_entry<kPdep, kBoardDraws, 7>();
        case 8:
            return vs_random_entry<kPdep, kBoardDraws, 8>();
        default:
            return vs_random_entry<kPdep, kBoardDraws, 9>();
    }
}

template <bool kPdep>
ChunkSampler choose_sampler(const Deal& d) {
    if (d.known == 1) {
        switch (d.board_draws) {
            case 0:
                return vs_random_sampler<0, kPdep>(d.random);
            case 1:
                return vs_random_sampler<1, kPdep>(d.random);
            case 2:
                return vs_random_sampler<2, kPdep>(d.random);
            default:
                return vs_random_sampler<5, kPdep>(d.random);
        }
    }
    switch (d.players) {
        case 2:
            return mixed_entry<kPdep, 2>();
        case 3:
            return mixed_entry<kPdep, 3>();
        case 4:
            return mixed_entry<kPdep, 4>();
        case 5:
            return mixed_entry<kPdep, 5>();
        case 6:
            return mixed_entry<kPdep, 6>();
        case 7:
            return mixed_entry<kPdep, 7>();
        case 8:
            return mixed_entry<kPdep, 8>();
        case 9:
            return mixed_entry<kPdep, 9>();
        default:
            return mixed_entry<kPdep, 10>();
    }
}

std::atomic<bool> portable_sampling_forced{false};

// LZCNT is CPUID leaf 0x80000001, ECX bit 5, asked directly: clang's __builtin_cpu_supports
// does not know "lzcnt" (and the fuzz build, scripts/fuzz.sh, is clang's).
bool cpu_has_lzcnt() {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __get_cpuid(0x80000001, &eax, &ebx, &ecx, &edx) != 0 && (ecx & bit_LZCNT) != 0;
}

bool cpu_has_bmi2() {
    // Decided once: the CPU does not change under a running process.
    static const bool has = __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
                            cpu_has_lzcnt() && __builtin_cpu_supports("sse4.1");
    return has;
}

Tally sample_deals(const Deal& d, std::uint64_t samples, std::uint64_t seed, int threads) {
    MonteCarloSetup s;
    for (int i = 0; i < d.board_size; ++i) {
        s.board_key += detail::kCardKeys[d.board[i].index()];
        s.board_cards |= std::uint64_t{1} << d.board[i].index();
    }
    for (int p = 0; p < d.known; ++p) {
        for (Card c : d.holes[p]) {
            s.hole_keys[p] += detail::kCardKeys[c.index()];
            s.hole_cards[p] |= std::uint64_t{1} << c.index();
        }
    }
    s.known = d.known;
    s.board_draws = d.board_draws;
    s.unseen = (~d.seen).mask();
    {
        auto left = static_cast<std::uint64_t>(d.deck_size);
        for (int u = 0; u < board_units(d.board_draws); ++u) {
            const bool single = single_unit(d.board_draws, u);
            s.choices[s.units++] = single ? left : left * (left - 1) / 2;
            left -= single ? 1 : 2;
        }
        for (int o = 0; o < d.random; ++o, left -= 2)
            s.choices[s.units++] = left * (left - 1) / 2;
    }
    for (int b = 0; b * kUnitsPerBatch < s.units; ++b) {
        std::uint64_t product = 1;
        for (int u = b * kUnitsPerBatch; u < std::min((b + 1) * kUnitsPerBatch, s.units); ++u)
            product *= s.choices[u];
        s.redraw_below[b] = (0 - product) % product;
    }
    s.seed = seed;
    const bool bmi2 = cpu_has_bmi2() && !portable_sampling_forced.load(std::memory_order_relaxed);
    const ChunkSampler sampler = bmi2 ? choose_sampler<true>(d) : choose_sampler<false>(d);

    // Rounded up without adding kChunkSamples - 1 first, which wraps near 2^64.
    const std::uint64_t chunks = samples / kChunkSamples + (samples % kChunkSamples != 0 ? 1 : 0);
    auto chunk_samples = [samples](std::uint64_t c) {
        return std::min(kChunkSamples, samples - c * kChunkSamples);
    };
    threads = usable_threads(threads);
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
    std::array<std::int64_t, kMaxPlayers> wins{}, ties{}, shares{};
    double hero_share_squares = 0;  // in pot units squared
    for (unsigned set = 1; set < t.by_winners.size(); ++set) {
        const std::int64_t n = t.by_winners[set];
        if (n == 0) continue;
        const int tied = std::popcount(set);
        for (int p = 0; p < d.players; ++p) {
            if (!((set >> p) & 1u)) continue;
            (tied == 1 ? wins : ties)[p] += n;
            shares[p] += n * kShare[tied];
        }
        if (set & 1u) {
            hero_share_squares += static_cast<double>(n) * static_cast<double>(kShare[tied]) *
                                  static_cast<double>(kShare[tied]);
        }
    }
    EquityResult r;
    r.outcomes = outcomes;
    r.exact = exact;
    const auto n = static_cast<double>(outcomes);
    for (int p = 0; p < d.players; ++p) {
        PlayerEquity e;
        e.wins = static_cast<std::uint64_t>(wins[p]);
        e.ties = static_cast<std::uint64_t>(ties[p]);
        e.win = static_cast<double>(e.wins) / n;
        e.tie = static_cast<double>(e.ties) / n;
        e.equity = static_cast<double>(shares[p]) / (static_cast<double>(kPot) * n);
        r.players.push_back(e);
    }
    if (!exact && outcomes > 1) {
        const double mean = r.players[0].equity;
        const double mean_square = hero_share_squares / (static_cast<double>(kPot * kPot) * n);
        const double variance = std::max(0.0, mean_square - mean * mean) * n / (n - 1);
        r.std_error = std::sqrt(variance / n);
    }
    return r;
}

}  // namespace

namespace detail {
void force_portable_sampling(bool on) {
    portable_sampling_forced.store(on, std::memory_order_relaxed);
}
}  // namespace detail

std::uint64_t count_deals(const EquityRequest& request) {
    return deal_count(validate(request));
}

EquityResult calculate_equity(const EquityRequest& request) {
    const Deal d = validate(request);
    const std::uint64_t deals = deal_count(d);
    bool exact = request.method == EquityMethod::Exact;
    if (request.method == EquityMethod::Auto) {
        exact = d.random == 0 || deals <= std::min(request.exact_limit, kMaxExactDeals);
    }
    if (exact) {
        if (deals > kMaxExactDeals) {
            throw EquityError(
                "equity: exact enumeration would take " +
                std::string(deals == std::numeric_limits<std::uint64_t>::max() ? "at least " : "") +
                std::to_string(deals) + " deals, more than the limit of " +
                std::to_string(kMaxExactDeals) +
                "; use Monte Carlo (method MonteCarlo or Auto) for this spot");
        }
        return make_result(d, enumerate_exact(d, request.use_symmetry, request.threads), deals,
                           true);
    }
    if (request.samples == 0 || request.samples > kMaxEquitySamples) {
        throw EquityError("equity: samples is " + std::to_string(request.samples) +
                          "; Monte Carlo needs at least one sample and at most " +
                          std::to_string(kMaxEquitySamples) +
                          " (the pot-share counters are 64-bit)");
    }
    return make_result(d, sample_deals(d, request.samples, request.seed, request.threads),
                       request.samples, false);
}

}  // namespace pokerarena
