// `pokerarena acpc-client` (a pokerarena bot on an ACPC dealer) and `pokerarena acpc-bridge`
// (what an acpc:COMMAND bot runs): thin wrappers over the bots library (docs/acpc.md).
#include <unistd.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli_checks.hpp"
#include "commands.hpp"
#include "pokerarena/bots/acpc_bridge.hpp"
#include "pokerarena/bots/acpc_client.hpp"
#include "pokerarena/bots/process_bot.hpp"
#include "pokerarena/bots/registry.hpp"
#include "pokerarena/engine/text.hpp"

namespace pokerarena::cli {

void add_acpc_client_command(CLI::App& app, int& exit_code) {
    struct Options {
        std::string bot;
        std::string game;
        std::string host;
        std::string port;
        std::uint64_t seed = 0;
    };
    auto options = std::make_shared<Options>();
    CLI::App* client = app.add_subcommand(
        "acpc-client", "Play a pokerarena bot on an ACPC dealer (protocol 2.0.0)");
    client
        ->add_option("--bot", options->bot,
                     "The bot: a built-in NAME[:key=value,...], PATH.so, or proc:COMMAND")
        ->required();
    client->add_option("--game", options->game, "The ACPC game definition file the dealer plays")
        ->required();
    client->add_option("--seed", options->seed, "The bot's random seed")
        ->default_val(options->seed)
        ->transform(whole_number(0));
    client->add_option("HOST", options->host, "The dealer's host")->required();
    client->add_option("PORT", options->port, "The dealer's port for this seat")->required();
    client->footer(
        "Reads the game definition (limit or nolimit hold'em, 2 to 10 players; docs/acpc.md),\n"
        "connects, and answers every state in which its position is to act, until the dealer\n"
        "closes the connection. Exit code 0 when it closes after the final state of a hand; 3\n"
        "when it closes inside a hand or a line (the match was cut short; the message names the\n"
        "hand); 2 for a bad bot or game definition; 1 when the connection fails or the dealer\n"
        "sends a state that cannot be played in the game (docs/acpc.md).\n\n"
        "Example:\n"
        "  pokerarena acpc-client --bot tag --game holdem.nolimit.2p.reverse_blinds.game "
        "127.0.0.1 18791");
    client->callback([options, &exit_code] {
        acpc::GameDefinition game;
        std::unique_ptr<Bot> bot;
        try {
            game = acpc::read_game_definition(options->game);
            bot = make_bot_factory(options->bot)->create(options->seed);
        } catch (const std::exception& e) {
            // A game definition's line, or a bot's words, quoted: escaped.
            std::cerr << "pokerarena acpc-client: " << printable_text(e.what()) << '\n';
            exit_code = 2;
            return;
        }
        const AcpcClientResult result =
            play_acpc_client(game, *bot, options->host, options->port, std::cerr);
        std::cerr << "pokerarena acpc-client: " << result.states << " states, " << result.hands
                  << " hands played to their end, " << result.decisions << " decisions, "
                  << result.faults << " faults; exit code " << result.status << '\n';
        exit_code = result.status;
    });
}

void add_acpc_bridge_command(CLI::App& app, int& exit_code) {
    CLI::App* bridge = app.add_subcommand(
        "acpc-bridge",
        "Serve an ACPC client over the process-bot protocol on standard input and output (what "
        "acpc:COMMAND runs)");
    // Everything after the subcommand is the bridge's: --betting nolimit|limit
    // --connect-timeout SECONDS --connection auto|lane|match [--seats N --big-blind B]
    // -- COMMAND ARG... (acpc_bridge_arguments and set_acpc_table write them).
    bridge->prefix_command();
    bridge->footer(
        "A bot given as acpc:COMMAND ARG... runs one bridge per process (procs); each listens on\n"
        "loopback ports and starts COMMAND ARG... 127.0.0.1 PORT (or with {host} and {port}\n"
        "replaced): with --connection match one client and connection per match, sent every\n"
        "state; with lane one for every instance of its lane, sent its own decisions\n"
        "(docs/acpc.md).");
    bridge->callback([bridge, &exit_code] {
        const std::vector<std::string> words = bridge->remaining();
        try {
            const AcpcBridgeOptions options = parse_acpc_bridge_arguments(words);
            exit_code = serve_acpc_bridge(options, STDIN_FILENO, STDOUT_FILENO, std::cerr);
        } catch (const std::exception& e) {
            std::cerr << "pokerarena acpc-bridge: " << e.what() << '\n';
            exit_code = 2;
        }
    });
}

}  // namespace pokerarena::cli
