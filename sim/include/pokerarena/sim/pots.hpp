// Pots as the engine builds them, and their exact check-down equity: what the all-in EV
// (allin_ev.hpp) and the AIVAT value function (aivat.hpp) share; a detail of theirs, not an
// interface of its own.
//
// - layer_pots: the engine's layering (Table::build_pots) of what each seat has in (uncalled
//   bets already returned): layers of the remaining seats' totals, folded chips in the layers
//   they reached, antes layered when every seat dealt in posted one (and the game does not
//   make them dead) and dead money in the main pot otherwise. A layer with one eligible seat
//   goes to it; chips above the top level join the last pot.
// - PotEquity::award: every contested pot's exact expected share per seat over every run-out
//   of the board from `known` cards, the deck without every dealt hole card (folded seats'
//   included) and the known board, ties split equally (odd chips ignored). Heads-up preflop
//   with nobody else dealt in is a lookup in the shipped table (heads_up_preflop.hpp);
//   Hold'em-shaped spots from the flop or preflop use the evaluator's suit-symmetric
//   enumeration (calculate_pot_shares, which allocates a few small vectors); the turn (44
//   run-outs, where that is slower) and other shapes enumerate every run-out, pot by pot,
//   from the game's deck and by its hand ranking (Kuhn's and Leduc's too).
// - round_to_chip_grid: a hand's values per seat on a grid of 2^-20 chips, zero-sum when they
//   sum to zero.
#pragma once

#include <array>
#include <span>

#include "pokerarena/engine/game_def.hpp"
#include "pokerarena/engine/hand_record.hpp"
#include "pokerarena/evaluator/equity.hpp"

namespace pokerarena::sim::detail {

struct ContestedPot {
    double amount = 0;
    SeatMask eligible = 0;  // two or more seats
};

struct PotLayers {
    std::array<double, kMaxSeats> uncontested{};  // layers with one eligible seat, by seat
    std::array<ContestedPot, kMaxSeats> contested{};
    int num_contested = 0;
    std::span<const ContestedPot> pots() const {
        return {contested.data(), static_cast<std::size_t>(num_contested)};
    }
};

// `committed`: what each seat has in, uncalled bets returned; `active`: the seats not folded.
PotLayers layer_pots(const HandRecord& record, const GameDef& game,
                     const std::array<Chips, kMaxSeats>& committed, SeatMask active);

// True when the pots' equity from `known` board cards is a table lookup or an enumeration of
// at most two board cards (at most C(50, 2) = 1,225 run-outs): what AIVAT calls cheap.
bool cheap_equity(const HandRecord& record, const GameDef& game, int known,
                  std::span<const ContestedPot> pots);

class PotEquity {
  public:
    struct Options {
        // Look heads-up preflop matchups up in the shipped table (false: enumerate them like
        // any other spot, about 0.7 ms each; tests check one against the other).
        bool heads_up_preflop_table = true;
        // Enumerate every run-out with the plain evaluator loop instead of the evaluator's
        // equity module: the same figures more slowly (tests check one against the other).
        bool enumerate_every_board = false;
    };
    PotEquity() = default;
    explicit PotEquity(const Options& options) : options_(options) {}

    // Adds to award[s] every seat's expected share of `pots` with `known` board cards of
    // `record` dealt (the hole cards and the board are the record's).
    void award(const HandRecord& record, const GameDef& game, int known,
               std::span<const ContestedPot> pots, std::array<double, kMaxSeats>& award);

  private:
    void award_by_run_outs(const ContestedPot& pot, std::array<double, kMaxSeats>& award);

    Options options_;
    const HandRecord* record_ = nullptr;
    const GameDef* game_ = nullptr;
    int known_board_ = 0;
    // Reused between calls so its vectors keep their capacity.
    EquityRequest request_;
};

// The values of a hand's seats 0..n-1 on a grid of 2^-20 chips, with their sum rounded to the
// grid too: a zero-sum hand stays exactly zero-sum. Both estimates are differences of products
// of pots and equities, so values that cancel exactly in theory (the two halves of a duplicate
// pair played alike, the seats of one hand) would otherwise leave rounding noise of 1e-13
// chips, which the statistics would take for a spread (an interval of +-0.0 and a likelihood
// of superiority where the raw figures rightly have none). Each value goes to the grid point
// below or above it (it moves by less than 2^-20 chips), the seats with the largest remainders
// taking the points above, as many as the rounded sum needs (between equal remainders the seat
// whose point above is even): heads-up that is the nearest point, halves to even, and a value
// and its negative round to negatives, so duplicate halves cancel. Values that are not all
// finite are left as they are. Sums of
// grid values are exact below 2^32 chips, so they do not depend on the order of addition.
void round_to_chip_grid(std::array<double, kMaxSeats>& values, int n);

}  // namespace pokerarena::sim::detail
