// The games the Python module's tables play. See game.hpp.
#include "game.hpp"

#include <pybind11/pybind11.h>

namespace py = pybind11;

namespace pokerarena::python {

namespace {

GameDef holdem(int seats, Chips stack, Chips small_blind, Chips big_blind,
               const std::string& betting) {
    if (betting.empty() || betting == "no-limit")
        return GameDef::no_limit_holdem(seats, stack, small_blind, big_blind);
    if (betting == "pot-limit") {
        GameDef def = GameDef::no_limit_holdem(seats, stack, small_blind, big_blind);
        def.structure = BettingStructure::PotLimit;
        return def;
    }
    if (betting == "fixed-limit")
        return GameDef::fixed_limit_holdem(seats, stack, small_blind, big_blind);
    throw py::value_error(
        "betting: expected \"no-limit\", \"pot-limit\" or \"fixed-limit\", not \"" + betting +
        "\"");
}

}  // namespace

GameDef table_game(const std::string& game, int seats, Chips stack, Chips small_blind,
                   Chips big_blind, const std::string& betting) {
    if (seats < 2 || seats > kMaxSeats)
        throw py::value_error("seats: expected 2.." + std::to_string(kMaxSeats) + ", got " +
                              std::to_string(seats));
    GameDef def;
    if (game == "holdem") {
        def = holdem(seats, stack, small_blind, big_blind, betting);
    } else if (game == "plo" || game == "plo8") {
        const char* betting_of = game == "plo" ? "pot-limit" : "fixed-limit";
        if (!betting.empty() && betting != betting_of)
            throw py::value_error("betting: \"" + betting + "\"; " + game + " is " + betting_of +
                                  " (leave betting out)");
        def = game == "plo" ? GameDef::omaha(seats, stack, small_blind, big_blind)
                            : GameDef::omaha_hi_lo(seats, stack, small_blind, big_blind);
    } else if (game == "short-deck") {
        if (!betting.empty() && betting != "no-limit")
            throw py::value_error("betting: \"" + betting +
                                  "\"; short-deck is no-limit (leave betting out)");
        // Every seat antes the button blind (big_blind), as PHH's and PokerKit's hands do.
        def = GameDef::short_deck(seats, stack, big_blind, big_blind);
    } else if (game == "kuhn" || game == "leduc") {
        if (!betting.empty() && betting != "fixed-limit")
            throw py::value_error("betting: \"" + betting + "\"; " + game +
                                  " is fixed-limit (leave betting out)");
        def = game == "kuhn" ? GameDef::kuhn(seats, stack) : GameDef::leduc(seats, stack);
    } else {
        throw py::value_error(
            "game: expected \"holdem\", \"plo\", \"plo8\", \"short-deck\", \"kuhn\" or "
            "\"leduc\", not \"" +
            game + "\"");
    }
    def.reset_stacks_each_hand = true;
    def.max_hands = 0;
    if (const std::string why = def.validate(); !why.empty())
        throw py::value_error("game " + game + " at " + std::to_string(seats) + " seats: " + why);
    return def;
}

}  // namespace pokerarena::python
