// `pokerarena acpc-client` (a pokerarena bot on an ACPC dealer) and `pokerarena acpc-bridge`
// (what an acpc:COMMAND bot runs): thin wrappers over the bots library (docs/acpc.md).
#include <unistd.h>

#include <charconv>
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

namespace {

// Why `port` is not a TCP port ("" when it is): a whole number from 1 to 65535.
std::string port_problem(const std::string& port) {
    unsigned value = 0;
    const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (port.empty() || error != std::errc() || end != port.data() + port.size() || value < 1 ||
        value > 65535)
        return "'" + port + "': expected a whole number from 1 to 65535";
    return {};
}

}  // namespace

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
        "Reads the game definition (hold'em, Kuhn, Leduc and their variants, limit or nolimit,\n"
        "2 to 10 players; docs/acpc.md), checks that the bot plays that game, connects, and\n"
        "answers every state in which its position is to act, until the dealer closes the\n"
        "connection. Exit code 0 when it closes after the final state of a hand; 3 when it\n"
        "closes inside a hand or a line (the match was cut short; the message names the hand);\n"
        "2, before connecting, for a bad bot, game definition or port (1 to 65535), or a bot\n"
        "that cannot play the game; 1 when the connection fails or the dealer sends a state\n"
        "that cannot be played in the game (docs/acpc.md).\n\n"
        "Example:\n"
        "  pokerarena acpc-client --bot tag --game holdem.nolimit.2p.reverse_blinds.game "
        "127.0.0.1 18791");
    client->callback([options, &exit_code] {
        const auto refuse = [&exit_code](const std::string& why) {
            // A game definition's line, or a bot's words, quoted: escaped.
            std::cerr << "pokerarena acpc-client: " << printable_text(why) << '\n';
            exit_code = 2;
        };
        if (const std::string problem = port_problem(options->port); !problem.empty())
            return refuse("PORT: " + problem);
        acpc::GameDefinition game;
        // Kept until the dealer closes the connection: a process bot's factory owns its processes,
        // and shuts them down when it goes (its instances then fault at their first decision).
        std::shared_ptr<const BotFactory> factory;
        std::unique_ptr<Bot> bot;
        try {
            game = acpc::read_game_definition(options->game);
            factory = make_bot_factory(options->bot);
            // As run, play and lbr refuse it: the bot would play by rules it does not know.
            if (const std::string problem = factory->game_problem(game.game); !problem.empty())
                return refuse("--bot " + options->bot + " cannot play --game " + options->game +
                              ": " + problem);
            bot = factory->create(options->seed);
        } catch (const std::exception& e) {
            return refuse(e.what());
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
