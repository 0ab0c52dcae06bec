// The games the Python module's tables play. See game.hpp.
#include "game.hpp"

#include <pybind11/pybind11.h>

namespace py = pybind11;

namespace pokerarena::python {

GameDef cash_game(int seats, Chips stack, Chips small_blind, Chips big_blind,
                  const std::string& betting) {
    if (seats < 2 || seats > kMaxSeats)
        throw py::value_error("seats: expected 2.." + std::to_string(kMaxSeats) + ", got " +
                              std::to_string(seats));
    GameDef def;
    if (betting == "no-limit") {
        def = GameDef::no_limit_holdem(seats, stack, small_blind, big_blind);
    } else if (betting == "pot-limit") {
        def = GameDef::no_limit_holdem(seats, stack, small_blind, big_blind);
        def.structure = BettingStructure::PotLimit;
    } else if (betting == "fixed-limit") {
        def = GameDef::fixed_limit_holdem(seats, stack, small_blind, big_blind);
    } else {
        throw py::value_error(
            "betting: expected \"no-limit\", \"pot-limit\" or \"fixed-limit\", "
            "not \"" +
            betting + "\"");
    }
    def.reset_stacks_each_hand = true;
    def.max_hands = 0;
    if (const std::string why = def.validate(); !why.empty()) throw py::value_error(why);
    return def;
}

}  // namespace pokerarena::python
