// pokerarena: the command line. Each subcommand is one file (cmd_<name>.cpp) registered here.
#include <CLI/CLI.hpp>

#include "commands.hpp"

int main(int argc, char** argv) {
    CLI::App app{"pokerarena: poker bot tournaments, hand replays and benchmarks"};
    app.footer(
        "Run 'pokerarena SUBCOMMAND --help' for a subcommand's options.\n\n"
        "Example:\n"
        "  pokerarena replay ../shared/phh --verbose\n"
        "  pokerarena list-bots\n"
        "  pokerarena check-bot path/to/my_bot.so:aggression=2\n"
        "  pokerarena play --vs tag,equity");
    app.require_subcommand(1);

    int exit_code = 0;
    pokerarena::cli::add_replay_command(app, exit_code);
    pokerarena::cli::add_list_bots_command(app, exit_code);
    pokerarena::cli::add_check_bot_command(app, exit_code);
    pokerarena::cli::add_play_command(app, exit_code);

    CLI11_PARSE(app, argc, argv);
    return exit_code;
}
