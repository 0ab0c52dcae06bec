// The games the Python module's tables play. See game.hpp.
#include "game.hpp"

#include <pybind11/pybind11.h>

#include <stdexcept>

#include "pokerarena/sim/games.hpp"

namespace py = pybind11;

namespace pokerarena::python {

GameDef table_game(const std::string& game, int seats, Chips stack, Chips small_blind,
                   Chips big_blind, const std::string& betting) {
    try {
        GameDef def = sim::named_game(game, seats, stack, small_blind, big_blind, betting);
        def.reset_stacks_each_hand = true;
        def.max_hands = 0;
        return def;
    } catch (const std::invalid_argument& e) {
        throw py::value_error(e.what());
    }
}

}  // namespace pokerarena::python
