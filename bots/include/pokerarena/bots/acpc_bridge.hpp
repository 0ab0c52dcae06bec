// ACPC clients as pokerarena bots: the bridge between a process bot's protocol
// (docs/bot-protocol.md) and the ACPC dealer protocol (acpc.hpp, docs/acpc.md).
//
// A spec `acpc:COMMAND ARG...` (options first, as for proc: `acpc[procs=2,timeout=5]:...`) is
// a process bot whose program is this pokerarena's `acpc-bridge` subcommand. Each bridge
// process listens on loopback ports and starts COMMAND with the host and a port (the words
// `{host}` and `{port}` in COMMAND's arguments are replaced by them; without them the two are
// appended, `COMMAND ARG... 127.0.0.1 PORT`, the order of the ACPC match scripts). An ACPC
// client plays one match over one connection; the bridge connects its clients in one of two
// ways (`connection=`):
// - match: every match the host plays with the client (an instance, from `create` or
//   `new_match` to the next of them or `destroy`) is a connection of its own to a client
//   started for it, and the client receives every state of its hands as the ACPC dealer sends
//   them: the first, the one after every action, the last with the cards shown; its hands are
//   numbered 0, 1, ... per connection and never interleave. The bridge asks the host for events
//   and rebuilds the states from them. As many connections are in flight as the host has
//   matches in flight.
// - lane: every instance of the bridge shares one connection; hands are numbered in the
//   order they first reach the client, interleave, and only the states in which the client is
//   to act are sent. One client process whatever the tables in flight.
// - auto (a spec that names neither): the tournament picks match when its matches are at
//   least kAcpcMatchConnectionDeals deals long (a client's start-up is then spread over a
//   match), lane otherwise (set_acpc_table).
//
// serve_acpc_bridge guarantees
// - The hello is answered only once a first client has connected; a client that cannot be
//   started, exits first, or does not connect within `connect_timeout` is refused with the
//   reason (a start-up error of the run naming the bot). A later match's client that fails so
//   ends the bridge with that reason.
// - A decide's answer must echo the state the client was to act in, byte for byte: a wrong
//   echo, an action that is not f, c or r<total> (a bare r in fixed-limit, where a total is
//   refused), or a no-limit total the seat may not raise to is answered
//   {"id":..,"error":<what>} (an error-status fault of that decision), a total named with the
//   legal ones in the protocol's hand totals; any other illegal action (a fold when checking
//   is free, a fixed-limit r over the cap) is passed on for the table to judge.
// - An answer for a hand the client was not asked to act in (out of turn, or a second
//   answer), a line that is not an answer, a second connection, a connection closed before its
//   match ended or a client that exits mid-match end the bridge with the reason on standard
//   error: the host counts a fault for each decision pending and restarts the bridge.
// - Returns 0 at the end of the host's input (every connection is closed and its client given
//   2 s to exit before it is killed), 1 after a failure.
#pragma once

#include <array>
#include <chrono>
#include <iosfwd>
#include <string>
#include <vector>

#include "pokerarena/bots/acpc.hpp"
#include "pokerarena/bots/process_bot.hpp"

namespace pokerarena {

// A match of at least this many deals gets connection=match by default: a client's start-up
// (about a millisecond for a small C client) is then a few percent of it.
inline constexpr int kAcpcMatchConnectionDeals = 100;

struct AcpcBridgeOptions {
    std::vector<std::string> command;  // the client and its arguments
    // The game as its states are written: limit (raises written and read as a bare r), the
    // antes of a game without blinds, the board cards of each round (hold'em's by default).
    acpc::StateGame game;
    int hole_cards = 2;
    std::chrono::milliseconds connect_timeout{8000};
    AcpcConnection connection = AcpcConnection::Lane;  // Auto serves as Lane
    // The tournament's table, from which connection=match rebuilds states from events.
    int seats = 0;
    Chips big_blind = 0;
};

int serve_acpc_bridge(const AcpcBridgeOptions& options, int in_fd, int out_fd, std::ostream& err);

// What a tournament tells an acpc spec's bridge: its betting (the bridge plays no-limit until
// told otherwise), its table, and the length of its matches, which settles connection=auto.
struct AcpcTable {
    bool limit = false;
    int seats = 2;
    Chips big_blind = 0;
    int match_deals = 1;
};
void set_acpc_table(ProcessBotSpec& spec, const AcpcTable& table);
// For a game other than hold'em (an ACPC definition's, GameDef from read_game_definition):
// tells the bridge its antes, each round's board cards and the hole cards (--antes, --board,
// --hole-cards); nothing for Texas hold'em's shape.
void set_acpc_game_shape(ProcessBotSpec& spec, const GameDef& game);

// Parses the bridge's arguments (as acpc_bridge_arguments writes them); throws
// std::invalid_argument naming what is wrong.
AcpcBridgeOptions parse_acpc_bridge_arguments(const std::vector<std::string>& arguments);

}  // namespace pokerarena
