// All-in adjusted winnings.
//
// When a hand reaches a point where nobody can act any more, board cards are still to come and
// two or more players contest a pot, the cards alone decide who wins. Replacing the realized
// share of each such pot by its exact equity (every possible run-out of the remaining board
// against the known hole cards) removes that luck from the result and narrows confidence
// intervals without biasing them: the run-out the engine dealt is one uniform draw from the
// very run-outs enumerated here, so the expected realized net equals the adjusted one.
//
// Guarantees
// - The hand counts as decided by an all-in run-out when: its record is finished and its
//   actions were not truncated; two or more seats did not fold; at most one of them still had
//   chips behind; and board cards were dealt after the last action. The board "at that moment"
//   is the board of the rounds up to the last action's round (round 0 when nobody acted, e.g.
//   everyone all-in from the blinds and antes).
// - Pots are rebuilt as the engine builds them (Table::build_pots): layers of what each seat
//   put in (uncalled bets already returned), folded chips in the layers they reached, antes
//   layered when every seat dealt in posted one and dead money in the main pot otherwise.
//   A pot with one eligible seat goes to it.
// - A contested pot's equity is exact: every run-out of the missing board cards from the deck
//   without every dealt hole card (folded seats' cards included: they are not in the deck)
//   and the known board, each seat's hand valued as the engine values it, the pot split
//   equally among the best hands (odd chips ignored: shares are real numbers).
// - Heads-up preflop all-ins with no other seat dealt in (the common, expensive case) are
//   looked up in a table shipped with the library: the exact counts of all 47,008 matchups up
//   to suit relabelling and seat order, computed by the same exact enumeration (the first
//   lookup in a process builds its index, about 13 ms).
// - Cost (bench/sim/bench_allin_ev.cpp): well under a microsecond for a hand that is not an
//   all-in run-out or a heads-up preflop all-in; flop and turn all-ins a few microseconds;
//   any other preflop all-in (three or more players, or folded hands' cards dead) one exact
//   enumeration for all its pots, side pots included: a few hundred microseconds.
//   Hold'em-shaped games (two hole cards, five board cards) with a known board of 0 or 3
//   cards use the evaluator's suit-symmetric enumeration (calculate_pot_shares, which
//   allocates a few small vectors per call); turn all-ins and other shapes enumerate every
//   run-out, pot by pot (pots.hpp).
// - Not thread-safe per instance: use one AllinEvaluator per thread or work unit.
#pragma once

#include <array>

#include "pokerarena/engine/table.hpp"
#include "pokerarena/sim/pots.hpp"

namespace pokerarena::sim {

class AllinEvaluator {
  public:
    // How pots' equities are computed (pots.hpp).
    using Options = detail::PotEquity::Options;

    AllinEvaluator() = default;
    explicit AllinEvaluator(const Options& options) : equity_(options) {}

    // For the hand that `table` has just finished (table.last_hand(), with the table still as
    // the hand left it: paused at HandEnded, as SeatDriver::play_hand leaves it): when it was
    // decided by an all-in run-out as described above, writes each seat's expected net chips
    // (its equity share of every pot it contests minus everything it put in; minus what it put
    // in for a seat that folded, 0 for a seat not dealt in) to `net` and returns true;
    // otherwise returns false and leaves `net` unchanged (the raw net is then the adjusted
    // one). The expected nets sum to zero (up to rounding).
    bool adjust(const Table& table, std::array<double, kMaxSeats>& net);

  private:
    detail::PotEquity equity_;
};

}  // namespace pokerarena::sim
