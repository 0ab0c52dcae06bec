// Plugin identities in reports (PluginIdentity in report.proto): what keeps `run --resume` and
// `merge` from aggregating units that two different builds of a plugin bot played into one
// report. The configuration holds only a bot's spec, a path that may name another file by the
// time a run is resumed or its shards are merged; the identity is the library's SHA-256, size
// and API name, taken when the run loaded it (its factory's BotIdentity, bots/bot.hpp), and of a
// process bot its command and the files it runs (ProcessInfo).
//
// Guarantees
// - same_plugin() compares SHA-256, size and API name; process_difference() command, files (by
//   SHA-256 and size) and API name.
// - check_resumed_plugins() throws PluginMismatch when a plugin bot of `tournament` (loaded
//   with BotLoading::Load) is not the library `resume` records for it; the message names the
//   bot, the file, both identities and that resuming would mix two different bots. A report
//   that records no identity for a plugin bot (written before identities were) cannot be
//   checked: that is a warning, returned, when the report holds units; nothing is refused.
// - check_plugin_file_before_loading() makes the same comparison of a file not yet loaded, and
//   check_processes_before_starting() that of a process bot's command and files before its
//   program is started.
// - A run records every identity in the report it writes when it starts (runner.hpp), so a
//   report without one for a plugin or process bot that holds no units was not written by a
//   run of this pokerarena, nor one with units but none for a process bot (the units were
//   played by another bot): resuming either is refused before anything is loaded or started.
// - bots_a_resume_runs() says, in one line per bot outside this process's own code, what
//   resuming will load or start, every path absolute: what to read before resuming a report
//   from someone else (docs/simulator.md).
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "pokerarena/sim/tournament.hpp"
#include "report.pb.h"

namespace pokerarena::sim {

class PluginMismatch : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

bool same_plugin(const PluginIdentity& a, const PluginIdentity& b);

// "SHA-256 9f86d081...(all 64 digits), 16,384 bytes, API name 'my bot'", for messages.
std::string plugin_identity_text(const PluginIdentity& identity);

// "" when a and b run the same command on the same files and give the same name, else what
// differs, in words ("the command differs", "'/abs/bot.py' has changed (SHA-256 ...)").
std::string process_difference(const ProcessInfo& a, const ProcessInfo& b);

// See above; returns the warnings, one line each.
std::vector<std::string> check_resumed_plugins(const Tournament& tournament, const Report& resume);

// Before bots[bot]'s plugin is loaded to resume `resume` (make_tournament()): throws
// PluginMismatch, in check_resumed_plugins()'s words, when `file` does not have the SHA-256 and
// size the report records for it, so that a replaced library is refused before any of its code
// (its constructors) runs. Does nothing when the report records no identity for the bot or the
// file cannot be read (loading it says why); the API name is compared once it is loaded.
void check_plugin_file_before_loading(const TournamentConfig& config, int bot,
                                      const std::filesystem::path& file, const Report& resume);

// Before the process bots of `config` are started to resume `resume` (`folder`, `bot_logs`: as
// make_tournament() takes them): throws PluginMismatch when a process bot's command or the
// files it runs (process_files(), process_bot.hpp: hashed, not run) are not the ones the report
// records, or when the report records no identity for a process bot, or holds no units and
// records none for a plugin bot (see above). Builds each bot's command as make_tournament() will; a
// spec it cannot build is left for make_tournament() to refuse.
void check_processes_before_starting(const TournamentConfig& config,
                                     const std::filesystem::path& folder,
                                     const std::filesystem::path& bot_logs, const Report& resume);

// "bots[1] 'mine': starts `sh -c 'id > x'` in /abs/dir (standard error to /abs/r.mine.stderr.log)",
// "bots[0] 'x': loads the plugin /abs/x.so into this process"; nothing for built-in bots.
std::vector<std::string> bots_a_resume_runs(const TournamentConfig& config,
                                            const std::filesystem::path& folder,
                                            const std::filesystem::path& bot_logs);

// The standard error log file of each process bot of `config` (`folder`, `bot_logs`: as
// make_tournament() takes them), in bot order; a spec that cannot be built has none.
std::vector<std::filesystem::path> process_bot_logs(const TournamentConfig& config,
                                                    const std::filesystem::path& folder,
                                                    const std::filesystem::path& bot_logs);

}  // namespace pokerarena::sim
