// N tables of heads-up or ring hold'em stepped by one call (docs/python.md, "A vectorised
// environment"), for self-play and reinforcement learning from Python.
//
// Guarantees
// - Table i deals from (seed, i, its hand count) alone: the same seed and the same actions give
//   the same observations and rewards, whatever else runs.
// - step() checks every table's action against its legal actions before it applies any: a bad
//   action raises ValueError naming the table and the rule, and no table has moved.
// - Stacks start full every hand (a cash table of fixed depth); the button moves every hand.
// - Observations live in arrays the environment owns and rewrites in place: one allocation
//   when it is made, none per step. rewards and done are new arrays every step (two
//   allocations a step), so a caller may keep them.
// - reset() abandons the hand in play at every table (no rewards: stacks start full every
//   hand) and deals each the next deal of its own, button moved on: a reset never replays
//   the cards of a hand begun before it.
// - One call at a time: step() or reset() while another runs on the same environment (from
//   another Python thread, or from Python code that the call runs, such as an __array__)
//   raises RuntimeError and changes nothing.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <vector>

#include "pokerarena/engine/table.hpp"

namespace pokerarena::python {

class VectorEnv {
  public:
    // `tables` in 1..2^22 (the binding checks it, as every integer argument).
    VectorEnv(int tables, int seats, Chips stack, Chips small_blind, Chips big_blind,
              std::uint64_t seed, const std::string& betting, const std::string& game);

    // Deals every table a new hand (the first, or the next after the one in play) and plays
    // it to its first decision; returns the observations.
    pybind11::dict reset();
    // Applies kinds[i] (0 fold, 1 check or call, 2 raise to amounts[i], a street total) at table
    // i, plays on to each table's next decision, and returns (observations, rewards, done):
    // rewards (tables x seats) the chips each seat won in the hands that ended during the
    // step (0 elsewhere), done[i] whether a hand ended at table i (the next one has begun).
    pybind11::tuple step(const pybind11::object& kinds, const pybind11::object& amounts);

    int tables() const { return static_cast<int>(tables_.size()); }
    int seats() const { return seats_; }

  private:
    // Marks the environment in use for one call (RuntimeError if it already is).
    class InUse;

    // Plays table i on to its next decision, adding the nets of every hand that ends to
    // rewards (tables x seats) and setting done[i] when one does (both may be null: reset);
    // then writes its observation row.
    void play_to_decision(std::size_t i, double* rewards, bool* done);
    void observe(std::size_t i);
    std::string problem(std::size_t i, std::int64_t kind, std::int64_t amount) const;

    int seats_;
    int hole_cards_ = 0;   // the game's, a seat
    int board_cards_ = 0;  // the game's in all
    std::uint64_t seed_;
    std::vector<Table> tables_;
    // Table i's hand h is deal first_deal_[i] + h of (seed_, i): reset() starts a new Table
    // at the deal after the one abandoned.
    std::vector<std::uint64_t> first_deal_;
    bool started_ = false;
    bool in_use_ = false;  // read and written with the GIL held
    pybind11::dict observations_;
    // Observation columns (pointers into the arrays in observations_).
    std::int8_t* seat_;
    std::int8_t* round_;
    std::int8_t* hole_;   // tables x hole_cards_
    std::int8_t* board_;  // tables x board_cards_, -1 where not dealt
    std::int64_t* pot_;
    std::int64_t* current_bet_;
    std::int64_t* stacks_;  // tables x seats
    std::int64_t* bets_;    // tables x seats
    bool* folded_;          // tables x seats
    bool* can_fold_;
    bool* can_check_;
    std::int64_t* call_amount_;
    bool* can_raise_;
    std::int64_t* min_raise_to_;
    std::int64_t* max_raise_to_;
    std::int64_t* hand_;
    std::int8_t* button_;
};

// Adds VectorEnv to the module.
void add_vector_env(pybind11::module_& m);

}  // namespace pokerarena::python
