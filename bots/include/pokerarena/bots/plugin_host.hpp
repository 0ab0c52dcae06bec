// The plugin host: a bot plugin (a shared library written against pokerarena_bot.h) run in a
// process of its own that speaks the process-bot protocol (docs/bot-protocol.md), so that a
// plugin that crashes, hangs or calls exit() costs a fault and a restart (ProcessBotFactory)
// instead of the whole run.
//
// serve_plugin guarantees
// - Loads the plugin of `plugin_spec` ("PATH.so[:config]") and makes one throw-away instance
//   (seed 0), as make_plugin_factory does, before it reads anything. Then it answers the
//   host's hello with {"type":"hello","protocol":1,"name":<the plugin's name>,"view":"full",
//   "events":<the plugin has on_event>}, or, when loading failed, with {"type":"refuse",
//   "reason":<the PluginError message>} and returns 1.
// - create makes an instance with the seed given (the same PluginBot as in-process, so the
//   same seed plays the same actions); an instance the plugin refuses answers each of its
//   decisions with {"id":..,"error":<the refusal>}. destroy, new_match and event reach the
//   instance; event and new_match failures (a plugin's escaped exception) and lines that are
//   not messages are reported on `err`, at most 20 of them, and play goes on.
// - decide rebuilds the SeatView the host wrote (protocol_read.hpp; full view, equal field
//   for field to the host's) and answers {"id":..,"action":"fold"|"call"} or
//   {"id":..,"action":"raise","to":N}; a decide() that throws (BotError for a plugin's error
//   status or malformed answer, or any other exception) answers {"id":..,"error":<message>}.
//   So the host sees the plugin's error status, bad answer and exception all as "error
//   status" faults; an illegal action is still judged by the table.
// - Reads `in_fd` in large chunks with read(2) and writes every answer to the lines of one
//   read with one write(2) (more only when the pipe takes part of it). A decision allocates
//   nothing once the buffers have grown to the largest batch.
// - Returns 0 at the end of the input, 1 after a refusal or a read or write error (named on
//   `err`). Never throws for anything the host or the plugin does.
// - A plugin that crashes ends the process (that is the point); a plugin that writes to
//   standard output would corrupt the protocol, so run_plugin_host() moves it aside first.
#pragma once

#include <iosfwd>
#include <string_view>

namespace pokerarena {

int serve_plugin(std::string_view plugin_spec, int in_fd, int out_fd, std::ostream& err);

// The whole program of a plugin host (`pokerarena plugin-host PATH.so[:config]`): installs
// the crash report (plugin_call.hpp: a crashing plugin writes a line naming itself and the
// call to standard error, which the host logs), keeps the protocol on a duplicate of standard
// output and points standard output at standard error (so that a plugin's printf goes to the
// log), then serves standard input. Returns the exit status.
int run_plugin_host(std::string_view plugin_spec);

}  // namespace pokerarena
