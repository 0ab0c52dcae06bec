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
    if (!g.post_blinds || g.ranking != HandRanking::BestFive || g.num_rounds != 4)
        fail(file +
             " is not Texas hold'em; give it as game: (--game FILE), which plays any game "
             "of a definition");
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

namespace {

[[noreturn]] void fail_game(const std::string& message) {
    throw ConfigError("game: " + message);
}

// Texas hold'em's shape: what all-in EV, AIVAT and PHH assume.
bool holdem_shaped(const GameDef& g) {
    return g.post_blinds && g.ranking == HandRanking::BestFive && g.num_rounds == 4 &&
           g.hole_cards == 2 && g.board_cards == std::array<int, kMaxRounds>{0, 3, 1, 1};
}

}  // namespace

GameDef apply_game_file(TournamentConfig& c, const std::filesystem::path& folder) {
    const std::filesystem::path path =
        folder.empty() ? std::filesystem::path(c.game()) : folder / c.game();
    acpc::GameDefinition def;
    try {
        def = acpc::read_game_definition(path);
    } catch (const acpc::GameDefinitionError& e) {
        fail_game(e.what());
    }
    const std::string file = path.string();
    const GameDef& g = def.game;
    if (!c.acpc_game().empty())
        fail_game(file + " sets the game; leave acpc_game out (it sets hold'em's stakes only)");
    if (c.format() == SIT_AND_GO)
        fail_game(file +
                  ": an ACPC game is a cash game (stacks reset every hand); a sit-and-go has "
                  "blind levels of its own");
    const bool heads_up =
        c.format() == FORMAT_UNSPECIFIED || c.format() == ROUND_ROBIN || c.format() == GAUNTLET;
    if (heads_up && g.num_seats != 2)
        fail_game(file + " has " + std::to_string(g.num_seats) +
                  " players; round robin and gauntlet are heads-up (use format: RING)");
    const auto agree_with = [&](const char* field, bool given, std::int64_t value,
                                std::int64_t want) {
        if (given && value != want)
            fail_game(file + " gives " + field + " " + std::to_string(want) +
                      " but the configuration says " + std::to_string(value) + "; leave " + field +
                      " out, or make them agree");
    };
    if (!heads_up) {
        agree_with("seats", c.has_seats(), c.seats(), g.num_seats);
        c.set_seats(g.num_seats);
    }
    const Betting betting = def.limit ? FIXED_LIMIT : NO_LIMIT;
    if (c.betting() != BETTING_UNSPECIFIED && c.betting() != betting)
        fail_game(file + " is " + (def.limit ? "limit" : "nolimit") +
                  " but the configuration's betting is " + Betting_Name(c.betting()));
    c.set_betting(betting);
    // A game of antes keeps them in every stake field the reports read: small_blind and
    // big_blind are the ante, the unit of its mbb and of stack_big_blinds.
    const Chips small_blind = g.post_blinds ? g.small_blind : g.ante;
    const Chips ante = g.post_blinds ? 0 : g.ante;
    agree_with("small_blind", c.has_small_blind(), c.small_blind(), small_blind);
    agree_with("big_blind", c.has_big_blind(), c.big_blind(), g.big_blind);
    agree_with("ante", c.ante() != 0, c.ante(), ante);
    c.set_small_blind(small_blind);
    c.set_big_blind(g.big_blind);
    c.set_ante(ante);
    if (def.stack % g.big_blind != 0)
        fail_game(file + ": stack " + std::to_string(def.stack) + " is not a whole number of " +
                  (g.post_blinds ? "big blinds (" : "antes (") + std::to_string(g.big_blind) + ")");
    agree_with("stack_big_blinds", c.has_stack_big_blinds(), c.stack_big_blinds(),
               def.stack / g.big_blind);
    c.set_stack_big_blinds(def.stack / g.big_blind);
    if (!holdem_shaped(g)) {
        const std::pair<const char*, bool> refused[] = {
            {"allin_ev", c.allin_ev()}, {"aivat", c.aivat()}, {"hh_out", !c.hh_out().empty()}};
        for (const auto& [field, given] : refused)
            if (given)
                throw ConfigError(std::string(field) + ": given, but the game of " + file +
                                  " is not Texas hold'em (all-in EV, AIVAT and PHH hand "
                                  "histories are hold'em's)");
    }
    return g;
}

}  // namespace pokerarena::sim::detail

namespace pokerarena::sim {

bool is_game_file(const std::string& game) {
    return game.size() > 5 && game.ends_with(".game");
}

}  // namespace pokerarena::sim
