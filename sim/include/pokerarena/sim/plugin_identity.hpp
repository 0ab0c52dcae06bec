// Plugin identities in reports (PluginIdentity in report.proto): what keeps `run --resume` and
// `merge` from aggregating units that two different builds of a plugin bot played into one
// report. The configuration holds only a bot's spec, a path that may name another file by the
// time a run is resumed or its shards are merged; the identity is the library's SHA-256, size
// and API name, taken when the run loaded it (make_tournament()).
//
// Guarantees
// - same_plugin() compares SHA-256, size and API name.
// - check_resumed_plugins() throws PluginMismatch when a plugin bot of `tournament` (loaded
//   with BotLoading::Load) is not the library `resume` records for it; the message names the
//   bot, the file, both identities and that resuming would mix two different bots. A report
//   that records no identity for a plugin bot (written before identities were) cannot be
//   checked: that is a warning, returned, when the report holds units; nothing is refused.
// - check_plugin_file_before_loading() makes the same comparison of a file not yet loaded.
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

// See above; returns the warnings, one line each.
std::vector<std::string> check_resumed_plugins(const Tournament& tournament, const Report& resume);

// Before bots[bot]'s plugin is loaded to resume `resume` (make_tournament()): throws
// PluginMismatch, in check_resumed_plugins()'s words, when `file` does not have the SHA-256 and
// size the report records for it, so that a replaced library is refused before any of its code
// (its constructors) runs. Does nothing when the report records no identity for the bot or the
// file cannot be read (loading it says why); the API name is compared once it is loaded.
void check_plugin_file_before_loading(const TournamentConfig& config, int bot,
                                      const std::filesystem::path& file, const Report& resume);

}  // namespace pokerarena::sim
