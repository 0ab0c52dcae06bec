#include "config/acpc_game.hpp"

#include "pokerarena/bots/acpc.hpp"
#include "pokerarena/sim/tournament.hpp"

namespace pokerarena::sim::detail {

namespace {

// Refusals name the configuration field (acpc_game or game) that gave the file.
[[noreturn]] void fail(const char* field, const std::string& message) {
    throw ConfigError(std::string(field) + ": " + message);
}

struct Definition {
    acpc::GameDefinition def;
    std::string file;
};

Definition read_definition(const char* field, const std::string& name,
                           const std::filesystem::path& folder) {
    const std::filesystem::path path = folder.empty() ? std::filesystem::path(name) : folder / name;
    Definition d;
    try {
        d.def = acpc::read_game_definition(path);
    } catch (const acpc::GameDefinitionError& e) {
        fail(field, e.what());
    }
    d.file = path.string();
    return d;
}

// Fills what the definition decides, a field given as well having to say the same (so a
// report's configuration, which has them filled, reads back to the same tournament): betting,
// the blinds (a game of antes: both the ante, the reports' unit), the ante, stack_big_blinds,
// and seats in a ring. Refuses a sit-and-go and a player count the format does not seat.
void fill_stakes(TournamentConfig& c, const char* field, const Definition& d) {
    const GameDef& g = d.def.game;
    const std::string& file = d.file;
    const auto agree = [&](const char* name, bool given, std::int64_t value, std::int64_t want) {
        if (given && value != want)
            fail(field, file + " gives " + name + " " + std::to_string(want) +
                            " but the configuration says " + std::to_string(value) + "; leave " +
                            name + " out, or make them agree");
    };
    if (c.format() == SIT_AND_GO)
        fail(field, file +
                        ": an ACPC game is a cash game (stacks reset every hand); a sit-and-go has "
                        "blind levels of its own");
    const bool heads_up =
        c.format() == FORMAT_UNSPECIFIED || c.format() == ROUND_ROBIN || c.format() == GAUNTLET;
    if (heads_up && g.num_seats != 2)
        fail(field, file + " has " + std::to_string(g.num_seats) +
                        " players; round robin and gauntlet are heads-up (use format: RING)");
    if (!heads_up) {
        agree("seats", c.has_seats(), c.seats(), g.num_seats);
        c.set_seats(g.num_seats);
    }
    const Betting betting = d.def.limit ? FIXED_LIMIT : NO_LIMIT;
    if (c.betting() != BETTING_UNSPECIFIED && c.betting() != betting)
        fail(field, file + " is " + (d.def.limit ? "limit" : "nolimit") +
                        " but the configuration's betting is " + Betting_Name(c.betting()));
    c.set_betting(betting);
    const Chips small_blind = g.post_blinds ? g.small_blind : g.ante;
    const Chips ante = g.post_blinds ? 0 : g.ante;
    agree("small_blind", c.has_small_blind(), c.small_blind(), small_blind);
    agree("big_blind", c.has_big_blind(), c.big_blind(), g.big_blind);
    agree("ante", c.ante() != 0, c.ante(), ante);
    c.set_small_blind(small_blind);
    c.set_big_blind(g.big_blind);
    c.set_ante(ante);
    if (d.def.stack % g.big_blind != 0)
        fail(field, file + ": stack " + std::to_string(d.def.stack) + " is not a whole number of " +
                        (g.post_blinds ? "big blinds (" : "antes (") + std::to_string(g.big_blind) +
                        ")");
    agree("stack_big_blinds", c.has_stack_big_blinds(), c.stack_big_blinds(),
          d.def.stack / g.big_blind);
    c.set_stack_big_blinds(d.def.stack / g.big_blind);
}

// Texas hold'em's shape: what all-in EV, AIVAT and PHH assume.
bool holdem_shaped(const GameDef& g) {
    return g.post_blinds && g.ranking == HandRanking::BestFive && g.num_rounds == 4 &&
           g.hole_cards == 2 && g.board_cards == std::array<int, kMaxRounds>{0, 3, 1, 1};
}

}  // namespace

void apply_acpc_game(TournamentConfig& c, const std::filesystem::path& folder) {
    if (c.acpc_game().empty()) return;
    const Definition d = read_definition("acpc_game", c.acpc_game(), folder);
    const GameDef& g = d.def.game;
    if (!holdem_shaped(g))
        fail("acpc_game", d.file +
                              " is not Texas hold'em; give it as game: (--game FILE), which "
                              "plays any game of a definition");
    if (d.def.limit && g.raise_cap != 4)
        fail("acpc_game", d.file + ": maxRaises allows " + std::to_string(g.raise_cap) +
                              " bets a round; a tournament's fixed-limit caps at 4 (maxRaises = "
                              "3 4 4 4)");
    fill_stakes(c, "acpc_game", d);
}

GameDef apply_game_file(TournamentConfig& c, const std::filesystem::path& folder) {
    const Definition d = read_definition("game", c.game(), folder);
    if (!c.acpc_game().empty())
        fail("game",
             d.file + " sets the game; leave acpc_game out (it sets hold'em's stakes only)");
    fill_stakes(c, "game", d);
    // AIVAT plays every game a definition gives (its check-down values enumerate the game's
    // own deck by its ranking); all-in EV and PHH hand histories are hold'em's.
    if (!holdem_shaped(d.def.game)) {
        const std::pair<const char*, bool> refused[] = {{"allin_ev", c.allin_ev()},
                                                        {"hh_out", !c.hh_out().empty()}};
        for (const auto& [field, given] : refused)
            if (given)
                fail(field, "given, but the game of " + d.file +
                                " is not Texas hold'em (all-in EV and PHH hand histories are "
                                "hold'em's)");
    }
    return d.def.game;
}

}  // namespace pokerarena::sim::detail

namespace pokerarena::sim {

bool is_game_file(const std::string& game) {
    return game.size() > 5 && game.ends_with(".game");
}

}  // namespace pokerarena::sim
