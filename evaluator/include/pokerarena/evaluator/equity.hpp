// All-in equity of a hero's hole cards against known hands and/or random hands.
//
// What is computed
// - Players are, in this order: the hero, the known villains (in request order), then the
//   random opponents. Each outcome is one complete deal: the missing board cards, plus two
//   hole cards for every random opponent, drawn from the cards nobody holds (not the hero,
//   not a villain, not on the board, not dead). Every such deal is equally likely.
// - Per player: `wins` counts outcomes the player wins alone, `ties` outcomes where the player
//   shares the best hand with others; `win` and `tie` are those divided by the outcome count,
//   and `equity` is the expected share of the pot, a k-way tie giving each tied player 1/k.
//   The equities of all players sum to 1.
// - Exact results enumerate every outcome, so `outcomes` is the number of deals (1,712,304
//   boards preflop heads-up) and the figures are exact up to double rounding; `std_error`
//   is 0. With known hands only, boards that differ only in suits that cannot make anyone
//   a flush are counted once with their multiplicity (the suit-symmetry reduction); the
//   counts are the same as plain enumeration, which `use_symmetry = false` forces.
// - Monte Carlo results draw `samples` deals uniformly (without replacement inside a deal);
//   `outcomes` = samples, and `std_error` is the standard error of the hero's equity
//   (sample standard deviation of the hero's pot share over sqrt(samples)).
//   One sample is one "showdown": a full deal evaluated for every player.
// - Monte Carlo is deterministic: the samples are split into fixed chunks of 65,536, each
//   with its own random stream derived from (seed, chunk index), and counts are integers, so
//   the same request gives bit-identical results whatever `threads` is, and whatever `kernel`
//   is: every kernel (scalar, SSE4, AVX2, AVX-512; see batch.hpp) draws the same deals from
//   the same stream and evaluates them exactly, so results never depend on the CPU. Kernel
//   Best (the default) runs the widest kernel the CPU has.
// - Monte Carlo draws have no rejection step: each card is a uniform position among the cards
//   left, and one 32-bit random number serves two cards (the second from what the first
//   leaves of it), so the probability of a pair of cards is off by a relative error below
//   52 * 51 / 2^32 (about 6e-7). An equity moves by at most that much per pair a deal draws
//   (under 1e-5 with nine opponents); computed exactly for four flop, turn and river spots,
//   it moved by less than 5e-10, about as much as with one random number per card.
// - Auto picks Exact when every opponent is known or when the number of deals is at most
//   both `exact_limit` and kMaxExactDeals; otherwise Monte Carlo. With known hands only there
//   are at most 1,712,304 deals (C(48, 5), heads-up preflop), so that case is always exact.
//
// What is rejected (EquityError, thrown before any work; the message names the problem):
// a card given twice anywhere among hero, villains, board and dead cards, an invalid card,
// a board of other than 0, 3, 4 or 5 cards, no opponent, more than 9 opponents in total,
// a negative number of random opponents, too few cards left to deal the board and the random
// hands, `threads` outside 1..kMaxEquityThreads, a forced Exact of more than kMaxExactDeals
// deals (the message suggests Monte Carlo), and, for Monte Carlo, `samples` outside
// 1..kMaxEquitySamples, or a kernel this CPU or build does not have.
//
// Threads come from oneTBB (an arena of `threads` workers, or of as many as the process has
// cores if that is fewer: more would only queue, and oneTBB would warn) and split Monte Carlo
// chunks or, for plain exact enumeration, the first board card; the symmetry-reduced exact
// enumeration runs on the calling thread (it takes well under a millisecond). The enumeration and
// sampling loops allocate nothing and throw nothing.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

#include "pokerarena/evaluator/batch.hpp"
#include "pokerarena/evaluator/card.hpp"

namespace pokerarena {

using HoleCards = std::array<Card, 2>;

inline constexpr int kMaxOpponents = 9;

// The most threads a request may ask for: the same bound as the CLI's --threads. Far larger
// requests crashed inside oneTBB (an arena of 2^31 - 1 slots) or spent seconds setting up
// slots (a million).
inline constexpr int kMaxEquityThreads = 4096;

// The most Monte Carlo samples: pot shares are tallied in 64-bit signed counters in units of
// 1/2520 of a pot (2520 = lcm(1..10), so every split is whole), and a player who wins every
// sample alone reaches samples * 2520, so samples <= floor((2^63 - 1) / 2520). That is about
// 1.2 years of sampling at 100 M showdowns/s.
inline constexpr std::uint64_t kMaxEquitySamples = 3'660'068'268'593'165;

// The most deals an exact calculation enumerates (a forced Exact above it is refused; Auto
// samples instead). Plain enumeration with random opponents ran at 50 to 70 M deals/s on one
// thread of a 2-core KVM guest, so this is about a minute at most. It lets through
// preflop against one random hand (C(50, 5) * C(45, 2) = 2,118,760 * 990 = 2,097,572,400
// deals) and the flop against two (C(47, 2) * C(45, 2) * C(43, 2) = 966,381,570, 14 s); the
// next spot up with no dead cards, the turn against three random hands (46 * 990 * 903 * 820
// = 33,720,548,400 deals, 467 s), is refused, as is anything larger.
inline constexpr std::uint64_t kMaxExactDeals = 3'000'000'000;

class EquityError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

enum class EquityMethod : std::uint8_t { Auto, Exact, MonteCarlo };

struct EquityRequest {
    HoleCards hero{};
    std::vector<HoleCards> villains;  // opponents whose hole cards are known
    int random_opponents = 0;         // opponents holding two random unseen cards
    std::vector<Card> board;          // 0, 3, 4 or 5 cards
    CardSet dead;                     // cards removed from the deck (mucked, burnt, seen)

    EquityMethod method = EquityMethod::Auto;
    std::uint64_t exact_limit = 2'000'000;  // Auto: largest number of deals to enumerate
    bool use_symmetry = true;               // Exact: merge boards equal up to flush-less suits

    std::uint64_t samples = 1'000'000;  // Monte Carlo deals
    std::uint64_t seed = 0;
    int threads = 1;
    Kernel kernel = Kernel::Best;  // Monte Carlo: the SIMD kernel (never changes the counts)
};

struct PlayerEquity {
    double win = 0;
    double tie = 0;
    double equity = 0;
    std::uint64_t wins = 0;
    std::uint64_t ties = 0;
};

struct EquityResult {
    std::vector<PlayerEquity> players;  // hero, villains, random opponents
    std::uint64_t outcomes = 0;         // deals enumerated or sampled
    bool exact = false;
    double std_error = 0;  // Monte Carlo: standard error of players[0].equity
};

// Validates the request (see above) and computes the equities.
EquityResult calculate_equity(const EquityRequest& request);

// Side pots: several pots decided on the same deals, exactly. pots[k] is the set of players
// (bit p for player p: the hero 0, the villains 1, 2, ... in request order) that pot k is
// decided among: its best hand takes it, a tie splitting it evenly, whoever else holds
// a better hand. shares[k][p] is player p's expected share of pot k (0 outside it; each pot's
// shares sum to 1). Every player's cards stay out of the deck for every pot. Known hands only:
// with suit symmetry (the default) one enumeration serves every pot; otherwise, or with a
// complete board, each pot is a calculate_equity() among its players. The request's method,
// samples, seed and kernel are ignored (the result is always exact). Rejected (EquityError):
// what calculate_equity rejects in the cards and the board, random opponents, no pot or more
// than kMaxOpponents + 1, and a pot that is empty or names a player beyond the last.
std::vector<std::vector<double>> calculate_pot_shares(const EquityRequest& request,
                                                      std::span<const unsigned> pots);

// Number of distinct deals (board completions times random holdings, random opponents
// being distinct seats) an exact calculation of `request` enumerates; validates like
// calculate_equity. Saturates at UINT64_MAX.
std::uint64_t count_deals(const EquityRequest& request);

// The hero's Monte Carlo equity against `random_opponents` random hands, for callers that ask
// many times a second on one thread (the equity bot): bit for bit players[0].equity of
// calculate_equity() for the same hero, board, random opponents, samples, seed and kernel with
// method MonteCarlo, but it runs on the calling thread and allocates, checks and throws
// nothing. Preconditions: distinct valid cards, a board of at most 5 cards, 1 to
// kMaxOpponents random opponents, samples from 1 to kMaxEquitySamples, an available kernel.
double monte_carlo_equity(const HoleCards& hero, std::span<const Card> board, int random_opponents,
                          std::uint64_t samples, std::uint64_t seed,
                          Kernel kernel = Kernel::Best) noexcept;

namespace detail {
// For tests: Monte Carlo with Kernel::Best runs on kernel k instead (Best: the widest again),
// so that whole programs (the equity bot in a match) can be run on each kernel. k must be
// available on this CPU.
void force_kernel(Kernel k);
}  // namespace detail

}  // namespace pokerarena
