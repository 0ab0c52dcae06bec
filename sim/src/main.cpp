// pokerarena: the command line. Each subcommand is one file (cmd_<name>.cpp) registered here.
#include <CLI/CLI.hpp>

#include "commands.hpp"

int main(int argc, char** argv) {
    CLI::App app{"pokerarena: poker bot tournaments, hand replays and benchmarks"};
    app.footer(
        "Run 'pokerarena SUBCOMMAND --help' for a subcommand's options.\n\n"
        "Example:\n"
        "  pokerarena replay ../shared/phh --verbose");
    app.require_subcommand(1);

    int exit_code = 0;
    pokerarena::cli::add_replay_command(app, exit_code);

    CLI11_PARSE(app, argc, argv);
    return exit_code;
}
