// `pokerarena list-bots` and `pokerarena check-bot`: thin wrappers over the bots library,
// which owns the registry and the compliance checker.
#include <iostream>
#include <memory>
#include <string>

#include "cli_checks.hpp"
#include "commands.hpp"
#include "pokerarena/bots/check_bot.hpp"
#include "pokerarena/bots/plugin_host.hpp"
#include "pokerarena/bots/registry.hpp"

namespace pokerarena::cli {

void add_list_bots_command(CLI::App& app, int& exit_code) {
    CLI::App* list = app.add_subcommand(
        "list-bots", "List the built-in bots with their parameters, defaults and ranges");
    list->footer(
        "A bot is named NAME or NAME:key=value,key=value, for example\n"
        "  equity:samples=2000,aggression=0.7\n"
        "and a plugin as PATH.so or PATH.so:CONFIG (see docs/bot-sdk.md).\n\n"
        "Example:\n"
        "  pokerarena list-bots");
    list->callback([&exit_code] {
        list_bots(std::cout);
        exit_code = 0;
    });
}

void add_plugin_host_command(CLI::App& app, int& exit_code) {
    auto spec = std::make_shared<std::string>();
    CLI::App* host = app.add_subcommand(
        "plugin-host",
        "Serve a plugin over the process-bot protocol on standard input and output (what "
        "isolated:PATH.so runs)");
    host->add_option("PLUGIN", *spec, "PATH.so[:config]")->required();
    host->footer(
        "A plugin given as isolated:PATH.so[:config] in --bots runs in this command, one process\n"
        "per bot, so that a crash costs a fault and a restart instead of the run\n"
        "(docs/bot-protocol.md).\n\n"
        "Example (the host writes JSON lines to it and reads its answers):\n"
        "  pokerarena plugin-host build/bots/example_c_bot.so");
    host->callback([spec, &exit_code] { exit_code = run_plugin_host(*spec); });
}

void add_check_bot_command(CLI::App& app, int& exit_code) {
    struct Options {
        std::string spec;
        CheckBotOptions check;
    };
    auto options = std::make_shared<Options>();
    CLI::App* check = app.add_subcommand(
        "check-bot",
        "Play a bot (above all a plugin) through every situation and report its faults");
    check->add_option("BOT", options->spec, "PATH.so[:config], or a built-in NAME[:key=value,...]")
        ->required();
    check->add_option("--seed", options->check.seed, "Seed of the deals and of the bot")
        ->default_val(options->check.seed)
        ->transform(whole_number(0));
    check
        ->add_option("--hands", options->check.hands_per_setup,
                     "Hands played at each table of the schedule (per run)")
        ->default_val(options->check.hands_per_setup)
        ->transform(whole_number(1, 100000));
    check
        ->add_option("--timeout", options->check.call_timeout_seconds,
                     "Seconds a call into the plugin (decide, ...) may run before the bot is "
                     "reported as hanging; a process bot's time limit, unless its spec gives "
                     "one (proc[timeout=S]:...)")
        ->default_val(options->check.call_timeout_seconds)
        ->transform(whole_number(1, 3600));
    check->footer(
        "Plays 2 to 10 seats, no-limit, pot-limit and fixed-limit, deep, short and\n"
        "one-chip stacks, twice with the same seeds. Reports illegal actions, error statuses,\n"
        "bad answers, exceptions, invalid action probabilities, non-determinism and\n"
        "decisions per second. Only tables of games the bot plays are played (the others are\n"
        "named, with the reason); a bot that plays no hold'em (cfr) is checked on Kuhn and\n"
        "Leduc tables instead. The bot plays in a child process: a crash is reported with\n"
        "its signal and the call in progress, and a call that has not returned after\n"
        "--timeout seconds as a hang. Exit code 0 only when the bot is clean, 1 when it is\n"
        "not (crashes and hangs included), 2 when it cannot be loaded or created or plays\n"
        "none of the games.\n\n"
        "Example:\n"
        "  pokerarena check-bot build/bots/example_c_bot.so");
    check->callback(
        [options, &exit_code] { exit_code = check_bot(options->spec, options->check, std::cout); });
}

}  // namespace pokerarena::cli
