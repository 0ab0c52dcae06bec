// A bot's identity (BotIdentity, from its factory) as a report records it (internal to the sim
// library): the aggregate writes it into each BotResult, and resuming compares a report's with
// the bots about to play.
#pragma once

#include "pokerarena/bots/bot.hpp"
#include "report.pb.h"

namespace pokerarena::sim::detail {

// A plugin's library.
PluginIdentity plugin_identity(const BotIdentity& identity);

// A process bot's command, the files it runs and its counts so far. Names the bot gave are
// made valid UTF-8 (a report's strings must be).
ProcessInfo process_info(const BotIdentity& identity);

// BotResult.plugin or BotResult.process, as the identity's kind has one (a built-in: neither).
void record_identity(const BotIdentity& identity, BotResult& result);

}  // namespace pokerarena::sim::detail
