// The named games for commands that set their own stakes. See games.hpp.
#include "pokerarena/sim/games.hpp"

#include <stdexcept>

namespace pokerarena::sim {

namespace {

[[noreturn]] void refuse(const std::string& what) {
    throw std::invalid_argument(what);
}

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
    refuse("betting: expected \"no-limit\", \"pot-limit\" or \"fixed-limit\", not \"" + betting +
           "\"");
}

// A game whose betting is its own: `betting` must be "" or that.
void only_betting(const std::string& game, const std::string& betting, const char* own) {
    if (!betting.empty() && betting != own)
        refuse("betting: \"" + betting + "\"; " + game + " is " + own + " (leave betting out)");
}

}  // namespace

const std::vector<std::string>& game_names() {
    static const std::vector<std::string> names{"holdem",     "plo",  "plo8",
                                                "short-deck", "kuhn", "leduc"};
    return names;
}

GameDef named_game(const std::string& name, int seats, Chips stack, Chips small_blind,
                   Chips big_blind, const std::string& betting) {
    if (seats < 2 || seats > kMaxSeats)
        refuse("seats: expected 2.." + std::to_string(kMaxSeats) + ", got " +
               std::to_string(seats));
    GameDef def;
    if (name == "holdem") {
        def = holdem(seats, stack, small_blind, big_blind, betting);
    } else if (name == "plo" || name == "plo8") {
        only_betting(name, betting, name == "plo" ? "pot-limit" : "fixed-limit");
        def = name == "plo" ? GameDef::omaha(seats, stack, small_blind, big_blind)
                            : GameDef::omaha_hi_lo(seats, stack, small_blind, big_blind);
    } else if (name == "short-deck") {
        only_betting(name, betting, "no-limit");
        // Every seat antes the button blind, as PHH's and PokerKit's hands do.
        def = GameDef::short_deck(seats, stack, big_blind, big_blind);
    } else if (name == "kuhn" || name == "leduc") {
        only_betting(name, betting, "fixed-limit");
        def = name == "kuhn" ? GameDef::kuhn(seats, stack) : GameDef::leduc(seats, stack);
    } else {
        std::string names;
        for (const std::string& n : game_names())
            names += (names.empty() ? "\"" : ", \"") + n + "\"";
        refuse("game: expected one of " + names + ", not \"" + name + "\"");
    }
    if (const std::string why = def.validate(); !why.empty())
        refuse("game " + name + " at " + std::to_string(seats) + " seats: " + why);
    return def;
}

}  // namespace pokerarena::sim
