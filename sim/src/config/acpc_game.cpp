#include "config/acpc_game.hpp"

#include "pokerarena/bots/acpc.hpp"
#include "pokerarena/sim/tournament.hpp"

namespace pokerarena::sim::detail {

namespace {

[[noreturn]] void fail(const std::string& message) {
    throw ConfigError("acpc_game: " + message);
}

// A field the definition decides: set it, or check that what was given agrees.
template <typename Has, typename Get, typename Set>
void agree(const char* field, Has has, Get get, Set set, std::int64_t value,
           const std::string& file) {
    if (has() && get() != value)
        fail(file + " gives " + field + " " + std::to_string(value) +
             " but the configuration says " + std::to_string(get()) + "; leave " + field +
             " out, or make them agree");
    set(value);
}

}  // namespace

void apply_acpc_game(TournamentConfig& c, const std::filesystem::path& folder) {
    if (c.acpc_game().empty()) return;
    const std::filesystem::path path =
        folder.empty() ? std::filesystem::path(c.acpc_game()) : folder / c.acpc_game();
    acpc::GameDefinition def;
    try {
        def = acpc::read_game_definition(path);
    } catch (const acpc::GameDefinitionError& e) {
        fail(e.what());
    }
    const std::string file = path.string();
    const GameDef& g = def.game;
    if (c.format() == SIT_AND_GO)
        fail(file +
             ": an ACPC game is a cash game (stacks reset every hand); a sit-and-go has "
             "blind levels of its own");
    const bool heads_up =
        c.format() == FORMAT_UNSPECIFIED || c.format() == ROUND_ROBIN || c.format() == GAUNTLET;
    if (heads_up && g.num_seats != 2)
        fail(file + " has " + std::to_string(g.num_seats) +
             " players; round robin and gauntlet are heads-up (use format: RING)");
    if (!heads_up)
        agree(
            "seats", [&] { return c.has_seats(); }, [&] { return std::int64_t{c.seats()}; },
            [&](std::int64_t v) { c.set_seats(static_cast<int>(v)); }, g.num_seats, file);
    if (def.limit && g.raise_cap != 4)
        fail(file + ": maxRaises allows " + std::to_string(g.raise_cap) +
             " bets a round; a tournament's fixed-limit caps at 4 (maxRaises = 3 4 4 4)");
    if (def.stack % g.big_blind != 0)
        fail(file + ": stack " + std::to_string(def.stack) +
             " is not a whole number of big blinds (" + std::to_string(g.big_blind) + ")");
    const Betting betting = def.limit ? FIXED_LIMIT : NO_LIMIT;
    if (c.betting() != BETTING_UNSPECIFIED && c.betting() != betting)
        fail(file + " is " + (def.limit ? "limit" : "nolimit") +
             " but the configuration's betting is " + Betting_Name(c.betting()));
    c.set_betting(betting);
    if (c.ante() != 0) fail(file + ": ACPC games have no antes; leave ante out");
    agree(
        "small_blind", [&] { return c.has_small_blind(); }, [&] { return c.small_blind(); },
        [&](std::int64_t v) { c.set_small_blind(v); }, g.small_blind, file);
    agree(
        "big_blind", [&] { return c.has_big_blind(); }, [&] { return c.big_blind(); },
        [&](std::int64_t v) { c.set_big_blind(v); }, g.big_blind, file);
    agree(
        "stack_big_blinds", [&] { return c.has_stack_big_blinds(); },
        [&] { return c.stack_big_blinds(); }, [&](std::int64_t v) { c.set_stack_big_blinds(v); },
        def.stack / g.big_blind, file);
}

}  // namespace pokerarena::sim::detail
