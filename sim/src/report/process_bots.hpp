// Process bots as a configuration gives them (internal to the sim library): which entries are
// process bots, the spec reports show for them, and what starts them.
#pragma once

#include <filesystem>
#include <string>

#include "config.pb.h"
#include "pokerarena/bots/process_bot.hpp"

namespace pokerarena::sim::detail {

// True when config.bots(i) is a process bot (a `process` message or a "proc:" spec).
bool is_process_entry(const BotEntry& entry);

// The entry's spec as reports show it: the spec, or "proc:" and the command list, quoted
// where a word needs it.
std::string process_spec_text(const BotEntry& entry);

// What starts bots[i]: `folder` is the configuration file's folder (relative working folders
// and the default working folder); `log_stem` + ".I-NAME.stderr.log" is its standard error's
// log file (I: `i`, so that no two bots share one; NAME: the bot's name with every character but
// letters, digits, '-' and '_' made '_', at most 60 of them; empty stem: the temporary folder).
// Throws BotSpecError naming what is wrong.
ProcessBotSpec process_bot_spec(const TournamentConfig& config, int i,
                                const std::filesystem::path& folder,
                                const std::filesystem::path& log_stem);

}  // namespace pokerarena::sim::detail
