// ACPC clients as pokerarena bots: the bridge between a process bot's protocol
// (docs/bot-protocol.md) and the ACPC dealer protocol (acpc.hpp, docs/acpc.md).
//
// A spec `acpc:COMMAND ARG...` (options first, as for proc: `acpc[procs=2,timeout=5]:...`) is
// a process bot whose program is this pokerarena's `acpc-bridge` subcommand. Each bridge
// process listens on a loopback port, starts COMMAND with the host and the port (the words
// `{host}` and `{port}` in COMMAND's arguments are replaced by them; without them the two are
// appended, `COMMAND ARG... 127.0.0.1 PORT`, the order of the ACPC match scripts), accepts
// exactly one connection and plays every instance the host creates in it over that one
// connection: an ACPC client plays one match over one connection, so the bridge numbers hands
// per connection (0, 1, ... in the order they first reach the client) and, with many tables in
// flight, the states of different hands interleave on it. procs=K starts K bridges, K clients
// and K connections, one per lane.
//
// serve_acpc_bridge guarantees
// - The hello is answered only once the client has connected; a client that cannot be
//   started, exits first, or does not connect within `connect_timeout` is refused with the
//   reason (a start-up error of the run naming the bot).
// - A decide is sent to the client as the state of its seat to act (acpc::write_state), and
//   only then: the client never gets states in which it is not to act, nor the hand's end.
//   The answer's echo must be that state, byte for byte: a wrong echo or an action that is
//   not f, c or r<total> is answered {"id":..,"error":<what>} (an error-status fault of that
//   decision); an illegal action is passed on for the table to judge.
// - An answer for a hand the client was not asked to act in (out of turn, or a second
//   answer), a line that is not an answer, a second connection, a closed connection or a
//   client that exits end the bridge with the reason on standard error: the host counts a
//   crash for each decision pending and restarts the bridge, which starts the client again.
// - Returns 0 at the end of the host's input (the client's connection is closed and the
//   client given 2 s to exit before it is killed), 1 after a failure.
#pragma once

#include <chrono>
#include <iosfwd>
#include <string>
#include <vector>

#include "pokerarena/bots/process_bot.hpp"

namespace pokerarena {

struct AcpcBridgeOptions {
    std::vector<std::string> command;  // the client and its arguments
    bool limit = false;                // fixed-limit: raises written and read as a bare r
    std::chrono::milliseconds connect_timeout{8000};
};

int serve_acpc_bridge(const AcpcBridgeOptions& options, int in_fd, int out_fd, std::ostream& err);

// The command that runs a bridge, to which its options and "--" COMMAND ARG... are added: the
// pokerarena command sets it to itself and "acpc-bridge" when it starts. Until then an acpc
// spec is refused.
void set_acpc_bridge_command(std::vector<std::string> command);
const std::vector<std::string>& acpc_bridge_command();

// True when `spec` starts with "acpc:" or "acpc[".
bool is_acpc_spec(std::string_view spec);

// The bridge's arguments for a client: ["--betting", "nolimit"|"limit", "--connect-timeout",
// SECONDS, "--", COMMAND...].
std::vector<std::string> acpc_bridge_arguments(const std::vector<std::string>& client, bool limit,
                                               std::chrono::milliseconds connect_timeout);
// An acpc spec's process command plays no-limit until told otherwise: the tournament sets its
// betting here (the words after the bridge's --betting).
void set_acpc_limit(ProcessBotSpec& spec, bool limit);

// Parses the bridge's arguments (as acpc_bridge_arguments writes them); throws
// std::invalid_argument naming what is wrong.
AcpcBridgeOptions parse_acpc_bridge_arguments(const std::vector<std::string>& arguments);

}  // namespace pokerarena
