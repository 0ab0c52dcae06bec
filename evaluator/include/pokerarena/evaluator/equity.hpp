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
//   the same request gives bit-identical results whatever `threads` is.
// - Auto picks Exact when every opponent is known or when the number of deals is at most
//   `exact_limit`; otherwise Monte Carlo.
//
// What is rejected (EquityError, thrown before any work; the message names the problem):
// a card given twice anywhere among hero, villains, board and dead cards, an invalid card,
// a board of other than 0, 3, 4 or 5 cards, no opponent, more than 9 opponents in total,
// a negative number of random opponents, too few cards left to deal the board and the random
// hands, zero Monte Carlo samples, or fewer than 1 thread.
//
// Threads come from oneTBB (an arena of at most `threads` workers) and split Monte Carlo
// chunks or, for plain exact enumeration, the first board card; the symmetry-reduced exact
// enumeration runs on the calling thread (it takes well under a millisecond). A forced
// Exact with random opponents enumerates every deal however many there are (count_deals
// says how many). The enumeration and sampling loops allocate nothing and throw nothing.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "pokerarena/evaluator/card.hpp"

namespace pokerarena {

using HoleCards = std::array<Card, 2>;

inline constexpr int kMaxOpponents = 9;

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

// Number of distinct deals (board completions times random holdings, random opponents
// being distinct seats) an exact calculation of `request` enumerates; validates like
// calculate_equity. Saturates at UINT64_MAX.
std::uint64_t count_deals(const EquityRequest& request);

namespace detail {
// For tests: when `on`, Monte Carlo uses its portable sampling loops even on a CPU with
// BMI2, whose loops it otherwise prefers. Both must give bit-identical results.
void force_portable_sampling(bool on);
}  // namespace detail

}  // namespace pokerarena
