// Process bots in a tournament (internal to the sim library): their specification from a
// configuration entry, and their identity for reports.
#pragma once

#include <filesystem>
#include <string>

#include "config.pb.h"
#include "pokerarena/bots/process_bot.hpp"
#include "report.pb.h"

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

// The command and the SHA-256 of the files it runs: its program (found in PATH like the
// process was) and every argument that names a regular file from its working folder.
ProcessInfo process_identity(const ProcessBotSpec& spec);

// Identity and this run's counts together.
void fill_process_info(const ProcessBotFactory& factory, ProcessInfo& info);

// "" when a and b run the same command on the same files, else what differs, in words.
std::string process_difference(const ProcessInfo& a, const ProcessInfo& b);

}  // namespace pokerarena::sim::detail
