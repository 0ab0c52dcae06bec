// Equity by exact enumeration or Monte Carlo. See equity.hpp for what is computed.
#include "pokerarena/evaluator/equity.hpp"

#include <tbb/blocked_range.h>
#include <tbb/info.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "equity_sampling.hpp"
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
            visit(board, CardSet{unseen}, known_values(board), tally);
            return;
        }
        KnownCounts counts;
        for (int i = begin; i < end; ++i) {
            // The later cards come from above the first; the random hands from all unseen cards.
            const Card first{d_.deck[i]};
            const std::uint64_t below = unseen & (bit(first) - 1);
            const std::uint64_t above = unseen & ~below & ~bit(first);
            if (d_.board_draws == 1) {
                visit(board + first, CardSet{unseen & ~bit(first)}, known_values(board + first),
                      tally);
                continue;
            }
            if (kKnown == kMaxPlayers || d_.random == 0) {
                for_each_board_group(holes_, board + first, CardSet{above}, d_.board_draws - 1,
                                     [&](const Values& known, int boards) {
                                         counts.add(known, static_cast<std::uint64_t>(boards));
                                     });
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

    // The known players' values on a complete board (the boards for_each_board does not deal:
    // the river, or the last card when it is the only one).
    Values known_values(const Hand& board) const {
        Values known;
        for (int p = 0; p < kKnown; ++p)
            known[p] = evaluate(board + holes_[p]);
        return known;
    }

    // The winner sets of deals with known players only, in four copies picked by the low bits
    // of the hero's hand value. Consecutive boards usually have the same winners, and with one
    // counter each increment waited for the previous one's store; the hero's value changes
    // from board to board, so consecutive increments mostly land in different copies.
    struct KnownCounts {
        std::array<std::array<std::uint64_t, std::size_t{1} << kKnown>, 4> copies{};

        [[gnu::always_inline]] void add(const Values& known, std::uint64_t boards) {
            copies[known[0] & 3][winners<kKnown>(known)] += boards;
        }
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
        // players <= kMaxPlayers; the second test tells the compiler, which otherwise warns of
        // writes past `values` in the recursion it inlines.
        if (seat == d_.players || seat == kMaxPlayers) {
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
// Preflop AsKs vs QdQc that is 6,175 multisets (two table reads each) plus about 28,000 cheap
// groups instead of 1,712,304 boards.
//
// Every suit is thus interchangeable on the boards where it cannot make a flush; on top, the
// classic symmetry (swapping two suits that maps the known cards onto themselves: clubs and
// diamonds for AsKs vs QdQc) skips one of two equivalent suits and counts the other twice.
//
// A flush-less value is the rank multiset's table entry, read at the sum of packed hashes
// (enumerate.hpp): the board's ranks are summed as the recursion chooses them and each
// player's hole ranks are added at the end, with no evaluation and no multiply.

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

    // `pots`: the sets of players (bit p for player p) each pot is decided among, at most
    // kMaxPlayers; calculate_equity's one pot is every player.
    SymmetricEnumeration(const Deal& d, std::span<const unsigned> pots)
        : d_(d),
          holes_(hole_hands(d)),
          multisets_(static_cast<std::size_t>(
              kMultisetBinomial[kNumRanks + d.board_draws - 1][d.board_draws])),
          flushless_(multisets_.size()),
          pots_(pots),
          counts_(pots.size()) {
        for (Card c : ~d.seen) {
            ++unseen_of_rank_[c.rank()];
            unseen_ranks_of_suit_[c.suit()] |= 1u << c.rank();
        }
        for (int s = 0; s < kNumSuits; ++s) {
            for (int r = 0; r < kNumRanks; ++r)
                off_suit_count_[s][r] = unseen_of_rank_[r] - (d.seen.contains(Card{r, s}) ? 0 : 1);
        }
        for (int i = 0; i < d.board_size; ++i)
            ++board_suit_count_[d.board[i].suit()];
        for (int p = 0; p < kPlayers; ++p) {
            hole_hashes_[p] = detail::packed_hash_of(holes_[p].key());
            for (Card c : d.holes[p])
                ++hole_suit_count_[p][c.suit()];
        }
        find_equivalent_suits();
    }

    // Calls each_pot(k, counts) for each pot k with its counts by set of winners, counts[set]
    // for the 2^kPlayers sets.
    template <class F>
    void run(F&& each_pot) {
        rank_multisets(detail::packed_hash_of(board_hand(d_).key()), 0, 0, 0, 0, 1);
        std::array<int, kBoardSize> ranks{};
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
        for (std::size_t m = 0; m < multisets_.size(); ++m)
            count(flushless_[m], multisets_[m]);
        for (std::size_t k = 0; k < pots_.size(); ++k)
            each_pot(k, counts_[k].by_winners.data());
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

    // s < t. A card's bit is 4 * rank + suit, so a suit's cards are every fourth bit and
    // swapping two suits moves those bits by t - s.
    bool swap_fixes_deal(int s, int t) const {
        constexpr std::uint64_t kClubs = 0x1111'1111'1111'1ull;  // suit 0 of the 13 ranks
        const std::uint64_t of_s = kClubs << s, of_t = kClubs << t;
        const int shift = t - s;
        const auto fixed = [&](CardSet set) {
            const std::uint64_t m = set.mask();
            return (((m & of_s) << shift) | ((m & of_t) >> shift) | (m & ~(of_s | of_t))) == m;
        };
        for (int p = 0; p < kPlayers; ++p)
            if (!fixed(CardSet{}.add(d_.holes[p][0]).add(d_.holes[p][1]))) return false;
        CardSet board;
        for (int i = 0; i < d_.board_size; ++i)
            board.add(d_.board[i]);
        return fixed(board) && fixed(d_.seen);
    }

    // New board ranks in non-decreasing order; `run` = copies of `from` already chosen. `hash`
    // is the packed hash of the board's ranks so far, known and new, and `index` the colex
    // index of the new ones so far.
    void rank_multisets(std::uint64_t hash, int index, int depth, int from, int run,
                        std::int64_t weight) {
        if (depth == d_.board_draws) {
            const auto m = static_cast<std::size_t>(index);
            for (int p = 0; p < kPlayers; ++p)
                flushless_[m][p] = detail::rank_value_from_packed_hash(hash + hole_hashes_[p]);
            multisets_[m] = weight;
            return;
        }
        for (int r = from; r < kNumRanks; ++r) {
            const int before = r == from ? run : 0;
            const int unseen = unseen_of_rank_[r];
            if (before >= unseen) continue;
            rank_multisets(hash + detail::kCardPackedHashes[static_cast<std::size_t>(4 * r)],
                           index + kMultisetBinomial[r + depth][depth + 1], depth + 1, r,
                           before + 1, weight * (unseen - before) / (before + 1));
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
        count(actual, boards);
        multisets_[m] -= boards;
    }

    // `boards` boards on which the players have these values.
    [[gnu::always_inline]] void count(const Values& values, std::int64_t boards) {
        if (pots_.size() == 1 && pots_[0] == kEveryone) [[likely]] {
            counts_[0].by_winners[winners<kPlayers>(values)] += boards;
            return;
        }
        for (std::size_t k = 0; k < pots_.size(); ++k) {
            // Players outside the pot count as value 0, which no hand has.
            Values in_pot;
            for (int p = 0; p < kPlayers; ++p)
                in_pot[p] = (pots_[k] >> p) & 1u ? values[p] : HandValue{0};
            counts_[k].by_winners[winners<kPlayers>(in_pot)] += boards;
        }
    }

    const Deal& d_;
    std::array<Hand, kMaxPlayers> holes_;
    std::array<std::uint64_t, kPlayers> hole_hashes_{};  // packed hashes of the hole ranks
    std::array<int, kNumSuits> suit_multiplicity_{};
    std::array<int, kNumRanks> unseen_of_rank_{};
    std::array<unsigned, kNumSuits> unseen_ranks_of_suit_{};
    std::array<std::array<int, kNumRanks>, kNumSuits> off_suit_count_{};
    std::array<int, kNumSuits> board_suit_count_{};
    std::array<std::array<int, kNumSuits>, kPlayers> hole_suit_count_{};
    // Per rank multiset of the new board cards (colex index): boards still counted flush-less,
    // and every player's flush-less value. Sized before the loops; nothing allocates in them.
    std::vector<std::int64_t> multisets_;
    std::vector<Values> flushless_;
    static constexpr unsigned kEveryone = (1u << kPlayers) - 1;
    std::span<const unsigned> pots_;
    std::vector<WinnerCounts<kPlayers>> counts_;  // by pot
};

// Whether the suit-symmetry reduction applies: known hands only, and a board to complete.
bool symmetric(const Deal& d, bool use_symmetry) {
    return use_symmetry && d.random == 0 && d.board_draws > 0;
}

// f(std::integral_constant<int, n>{}) for n in kFirst..kMaxPlayers: the enumerators take the
// number of players as a template parameter.
template <int kFirst, class F>
decltype(auto) with_count(int n, F&& f) {
    if constexpr (kFirst == kMaxPlayers) {
        return f(std::integral_constant<int, kMaxPlayers>{});
    } else {
        if (n == kFirst) return f(std::integral_constant<int, kFirst>{});
        return with_count<kFirst + 1>(n, std::forward<F>(f));
    }
}

// Only when symmetric(d, true). Calls each_pot(k, counts) for each pot k with its counts by
// set of winners, 2^d.players of them: no tally of every set of kMaxPlayers (8 KiB to zero, a
// quarter of the work of a heads-up flop's enumeration) unless the caller keeps one.
template <class F>
void enumerate_symmetric(const Deal& d, std::span<const unsigned> pots, F&& each_pot) {
    with_count<2>(d.players, [&](auto players) {
        SymmetricEnumeration<decltype(players)::value>(d, pots).run(each_pot);
    });
}

Tally enumerate_exact(const Deal& d, bool use_symmetry, int threads) {
    if (symmetric(d, use_symmetry)) {
        const unsigned everyone = (1u << d.players) - 1;
        Tally tally;
        enumerate_symmetric(d, {&everyone, 1}, [&](std::size_t, const std::int64_t* counts) {
            std::copy_n(counts, std::size_t{1} << d.players, tally.by_winners.begin());
        });
        return tally;
    }
    threads = usable_threads(threads);
    return with_count<1>(
        d.known, [&](auto known) { return enumerate_plain<decltype(known)::value>(d, threads); });
}

// ---------------------------------------------------------------------------------------
// Monte Carlo: the deals of equity_sampling.hpp's stream, evaluated by the chosen kernel in
// chunks of kChunkSamples (each with its own generators, so chunks may run on any thread).

constexpr std::uint64_t kChunkSamples = 1u << 16;

std::atomic<Kernel> forced_kernel{Kernel::Best};

// The kernel a request runs on: its own choice, or for Best the test override or the widest
// this CPU has.
Kernel resolve_kernel(Kernel k) {
    if (k != Kernel::Best) return k;
    const Kernel forced = forced_kernel.load(std::memory_order_relaxed);
    return forced != Kernel::Best ? forced : best_kernel();
}

using detail::sampling::Setup;

void add_card(std::uint32_t& rank_key, std::uint32_t& suits, std::uint64_t& cards,
              std::array<std::uint32_t, kNumSuits>& suit_ranks, Card c) {
    rank_key += detail::kRankKeys[static_cast<std::size_t>(c.rank())];
    suits += 1u << (4 * c.suit());
    cards |= std::uint64_t{1} << c.index();
    suit_ranks[static_cast<std::size_t>(c.suit())] |= 1u << c.rank();
}

// Everything but the seed; `holes` are the known players' cards, hero first.
Setup sampling_setup(std::span<const HoleCards> holes, std::span<const Card> board, CardSet seen,
                     int random) {
    Setup s;
    s.known = static_cast<int>(holes.size());
    s.players = s.known + random;
    s.board_draws = kBoardSize - static_cast<int>(board.size());
    s.draws = s.board_draws + 2 * random;
    for (std::size_t i = 0; i < board.size(); ++i) {
        add_card(s.board_rank_key, s.board_suits, s.board_cards, s.board_suit_ranks, board[i]);
        s.board_ranks[i] = static_cast<std::uint32_t>(board[i].rank());
    }
    for (int p = 0; p < s.known; ++p) {
        const HoleCards& h = holes[static_cast<std::size_t>(p)];
        for (Card c : h)
            add_card(s.hole_rank_key[p], s.hole_suits[p], s.hole_cards[p], s.hole_suit_ranks[p], c);
        const int low = std::min(h[0].rank(), h[1].rank());
        const int high = std::max(h[0].rank(), h[1].rank());
        s.hole_column[static_cast<std::size_t>(p)] =
            detail::sampling::kBoardRankSets *
            (detail::sampling::kPairBase.entry[static_cast<std::size_t>(high)] +
             static_cast<std::uint32_t>(low));
    }
    for (Card c : ~seen)
        s.deck[static_cast<std::size_t>(s.deck_size++)] = static_cast<std::uint8_t>(c.index());
    for (Card c : seen) {
        s.seen_gaps[static_cast<std::size_t>(s.seen_count)] = c.index() - s.seen_count;
        ++s.seen_count;
    }
    return s;
}

Tally sample_deals(const Setup& s, std::uint64_t samples, detail::sampling::ChunkKernel kernel,
                   int threads) {
    // Rounded up without adding kChunkSamples - 1 first, which wraps near 2^64.
    const std::uint64_t chunks = samples / kChunkSamples + (samples % kChunkSamples != 0 ? 1 : 0);
    auto chunk_samples = [samples](std::uint64_t c) {
        return static_cast<std::uint32_t>(std::min(kChunkSamples, samples - c * kChunkSamples));
    };
    threads = usable_threads(threads);
    if (threads == 1) {
        Tally t;
        for (std::uint64_t c = 0; c < chunks; ++c)
            kernel(s, c, chunk_samples(c), t.by_winners.data());
        return t;
    }
    tbb::task_arena arena(threads);
    return arena.execute([&] {
        return tbb::parallel_reduce(
            tbb::blocked_range<std::uint64_t>(0, chunks, 1), Tally{},
            [&](const tbb::blocked_range<std::uint64_t>& range, Tally t) {
                for (std::uint64_t c = range.begin(); c != range.end(); ++c)
                    kernel(s, c, chunk_samples(c), t.by_winners.data());
                return t;
            },
            [](Tally a, const Tally& b) { return a += b; });
    });
}

// Player p's pot shares, in units of 1/kPot of a pot.
std::int64_t pot_shares(const std::int64_t* by_winners, int players, int p) {
    std::int64_t shares = 0;
    for (unsigned set = 1; set < (1u << players); ++set) {
        if ((set >> p) & 1u) shares += by_winners[set] * kShare[std::popcount(set)];
    }
    return shares;
}
EquityResult make_result(const Deal& d, const Tally& t, std::uint64_t outcomes, bool exact) {
    std::array<std::int64_t, kMaxPlayers> wins{}, ties{}, shares{};
    double hero_share_squares = 0;  // in pot units squared
    // The sets of this deal's players only (the tally has room for every set of kMaxPlayers).
    for (unsigned set = 1; set < (1u << d.players); ++set) {
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
void force_kernel(Kernel k) {
    forced_kernel.store(k, std::memory_order_relaxed);
}
}  // namespace detail

double monte_carlo_equity(const HoleCards& hero, std::span<const Card> board, int random_opponents,
                          std::uint64_t samples, std::uint64_t seed, Kernel kernel) noexcept {
    CardSet seen;
    seen.add(hero[0]).add(hero[1]);
    for (Card c : board)
        seen.add(c);
    Setup s = sampling_setup({&hero, 1}, board, seen, random_opponents);
    s.seed = seed;
    const detail::sampling::ChunkKernel chunk_kernel =
        detail::sampling::chunk_kernel(resolve_kernel(kernel));
    // Only this many players' bins are zeroed: a whole Tally (8 KiB) cost as much as a tenth
    // of a bot's 200 deals.
    std::array<std::int64_t, std::size_t{1} << kMaxPlayers> counts;
    std::fill_n(counts.begin(), std::size_t{1} << s.players, 0);
    for (std::uint64_t first = 0, c = 0; first < samples; first += kChunkSamples, ++c) {
        chunk_kernel(s, c, static_cast<std::uint32_t>(std::min(kChunkSamples, samples - first)),
                     counts.data());
    }
    return static_cast<double>(pot_shares(counts.data(), s.players, 0)) /
           (static_cast<double>(kPot) * static_cast<double>(samples));
}

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
    const Kernel kernel = resolve_kernel(request.kernel);
    const detail::sampling::ChunkKernel chunk_kernel = detail::sampling::chunk_kernel(kernel);
    if (chunk_kernel == nullptr) {
        throw EquityError(std::string("equity: kernel ") + kernel_name(kernel) +
                          " is not available on this CPU or in this build");
    }
    Setup s =
        sampling_setup({d.holes.data(), static_cast<std::size_t>(d.known)},
                       {d.board.data(), static_cast<std::size_t>(d.board_size)}, d.seen, d.random);
    s.seed = request.seed;
    return make_result(d, sample_deals(s, request.samples, chunk_kernel, request.threads),
                       request.samples, false);
}

std::vector<std::vector<double>> calculate_pot_shares(const EquityRequest& request,
                                                      std::span<const unsigned> pots) {
    const Deal d = validate(request);
    if (d.random != 0) {
        throw EquityError("pot shares: " + std::to_string(d.random) +
                          " random opponents; pot shares take known hands only");
    }
    if (pots.empty() || pots.size() > static_cast<std::size_t>(kMaxPlayers)) {
        throw EquityError("pot shares: " + std::to_string(pots.size()) + " pots; expected 1 to " +
                          std::to_string(kMaxPlayers));
    }
    const unsigned everyone = (1u << d.players) - 1;
    for (std::size_t k = 0; k < pots.size(); ++k) {
        if (pots[k] == 0 || (pots[k] & ~everyone) != 0) {
            throw EquityError("pot shares: pot " + std::to_string(k) + " is the player set " +
                              std::to_string(pots[k]) +
                              "; expected a non-empty set of bits below " +
                              std::to_string(d.players) + " (bit p for player p)");
        }
    }
    const auto outcomes = static_cast<double>(deal_count(d));
    std::vector<std::vector<double>> shares(
        pots.size(), std::vector<double>(static_cast<std::size_t>(d.players)));
    if (symmetric(d, request.use_symmetry)) {
        enumerate_symmetric(d, pots, [&](std::size_t k, const std::int64_t* counts) {
            for (int p = 0; p < d.players; ++p) {
                shares[k][static_cast<std::size_t>(p)] =
                    static_cast<double>(pot_shares(counts, d.players, p)) /
                    (static_cast<double>(kPot) * outcomes);
            }
        });
        return shares;
    }
    // Without the reduction (or with the board complete), a calculation per pot, among its
    // players, with the others' cards out of the deck.
    for (std::size_t k = 0; k < pots.size(); ++k) {
        EquityRequest one = request;
        one.villains.clear();
        std::vector<int> players;
        for (int p = 0; p < d.players; ++p) {
            if ((pots[k] >> p) & 1u) {
                (players.empty() ? one.hero : one.villains.emplace_back()) = d.holes[p];
                players.push_back(p);
            } else {
                one.dead.add(d.holes[p][0]).add(d.holes[p][1]);
            }
        }
        if (players.size() == 1) {
            shares[k][static_cast<std::size_t>(players[0])] = 1.0;
            continue;
        }
        one.method = EquityMethod::Exact;
        const EquityResult r = calculate_equity(one);
        for (std::size_t i = 0; i < players.size(); ++i)
            shares[k][static_cast<std::size_t>(players[i])] = r.players[i].equity;
    }
    return shares;
}

}  // namespace pokerarena
