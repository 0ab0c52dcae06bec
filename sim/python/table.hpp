// pokerarena.Table (one engine table from Python) and pokerarena.replay_phh.
//
// Guarantees
// - Every engine refusal (an illegal action, a bad setting, PHH that does not replay) is a
//   ValueError with the engine's own message; nothing is a crash.
// - A Table copies by value (copy.copy): the copy and the original play on independently,
//   the same cards for the same actions.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

#include "pokerarena/engine/table.hpp"

namespace pokerarena::python {

class PyTable {
  public:
    PyTable(int seats, Chips stack, Chips small_blind, Chips big_blind, std::uint64_t seed,
            std::uint64_t table_id, const std::string& betting, bool reset_stacks, bool events,
            const std::string& game);

    pybind11::dict advance();
    void act(const std::string& kind, Chips amount);
    pybind11::dict legal_actions() const;
    pybind11::dict view(int seat) const;
    pybind11::dict last_hand() const;
    std::string last_hand_phh() const;
    const Table& table() const { return table_; }

  private:
    Table table_;
};

// Adds Table and replay_phh to the module.
void add_table(pybind11::module_& m);

}  // namespace pokerarena::python
