// Bots by name: `name` or `name:key=value,key=value` for a built-in
// (`equity:samples=2000,aggression=0.7`), `PATH.so` or `PATH.so:config` for a plugin.
//
// Guarantees
// - make_bot_factory() validates the whole specification before returning: every key is a
//   parameter of that bot, every value a number inside the parameter's range (and a whole
//   number for integer parameters), no key is given twice. A plugin is loaded and its API
//   table checked (see plugin.hpp); its configuration is passed to it verbatim.
// - Rejected with BotSpecError, one message naming the problem and what was expected:
//   an unknown bot ("unknown bot 'tagg'; built-in bots are: random, call, fold, allin, tag,
//   equity, cfr; a plugin is given as PATH.so[:config]"), an unknown key (listing the bot's
//   parameters), a malformed pair, a bad or out-of-range value, a repeated key. Plugin load
//   failures throw PluginError (plugin.hpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "pokerarena/bots/bot.hpp"
#include "pokerarena/bots/bot_params.hpp"
#include "pokerarena/bots/process_bot.hpp"

namespace pokerarena {

struct BuiltinBotInfo {
    const char* name;
    const char* description;  // one line
    std::span<const BotParamDef> params;
    std::unique_ptr<Bot> (*create)(const BotParams& params, std::uint64_t seed);
    // Plays Texas hold'em only (its rules read hold'em hands); refuses other games at start-up.
    bool holdem_only = false;
    // Why the bot cannot play a game ("" when it can), for bots with rules of their own.
    std::string (*game_problem)(const GameDef& game) = nullptr;
    // Work done once when a factory is made (cfr trains there), before any instance.
    void (*prepare)(const BotParams& params) = nullptr;
};

// Every built-in bot, in the order list_bots() prints them.
std::span<const BuiltinBotInfo> builtin_bots();

// The parameters of built-in `name` parsed from "key=value,..." (empty: every default).
// Throws BotSpecError as described above (also for an unknown name).
BotParams parse_bot_params(std::string_view name, std::string_view params);

// `spec` with its plugin library's path made absolute, a relative one taken from `folder`
// (itself taken from the current directory; empty: the current directory), lexically
// normalized ("a/../bot.so" -> "FOLDER/bot.so"; symbolic links are not followed). The
// configuration after the path is kept as given. A built-in's spec is returned unchanged.
std::string resolve_plugin_spec(std::string_view spec, const std::filesystem::path& folder);

// A factory for `spec` (built-in or plugin); see the guarantees above.
std::shared_ptr<const BotFactory> make_bot_factory(std::string_view spec);

// make_bot_factory(spec)->create(seed), for a built-in or an in-process plugin. Throws
// std::invalid_argument for a process bot's spec (proc:, isolated:, acpc:), whose factory owns
// the processes and must outlive the bots: keep make_bot_factory's.
std::unique_ptr<Bot> make_bot(std::string_view spec, std::uint64_t seed);

// Prints every built-in: its name and description, then one line per parameter with its
// default, range and meaning. This is the text of `pokerarena list-bots`.
void list_bots(std::ostream& out);

}  // namespace pokerarena
