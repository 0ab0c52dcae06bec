// The `pokerarena` subcommands. Each lives in its own file (cmd_<name>.cpp) and adds itself to
// the application: it declares its options and sets the callback that runs it, storing the
// process exit code in `exit_code`.
#pragma once

#include <CLI/CLI.hpp>

namespace pokerarena::cli {

// `pokerarena replay FILE_OR_DIR... [--verbose]`: replays PHH hand histories through the
// engine; exit code 0 only if no hand mismatched or failed.
void add_replay_command(CLI::App& app, int& exit_code);

// `pokerarena list-bots`: the built-in bots with their parameters.
void add_list_bots_command(CLI::App& app, int& exit_code);

// `pokerarena check-bot BOT [--seed S] [--hands N]`: the compliance check of a bot; exit code
// 0 only when clean.
void add_check_bot_command(CLI::App& app, int& exit_code);

// `pokerarena plugin-host PATH.so[:config]`: serves the plugin over the process-bot protocol
// (what an isolated:PATH.so bot runs); exit code 0 at the end of its input.
void add_plugin_host_command(CLI::App& app, int& exit_code);

// `pokerarena acpc-client --bot SPEC --game GAMEDEF HOST PORT`: a bot on an ACPC dealer; exit
// code 0 when the dealer ends the match, 1 for a failed connection or a state it cannot play,
// 2 for a bad bot or game definition.
void add_acpc_client_command(CLI::App& app, int& exit_code);

// `pokerarena acpc-bridge --betting B --connect-timeout S -- COMMAND ARG...`: an ACPC client
// served over the process-bot protocol (what an acpc:COMMAND bot runs).
void add_acpc_bridge_command(CLI::App& app, int& exit_code);

// `pokerarena play --vs BOT[,BOT...] [--seats N] [--stack BB] [--seed S] [--hands N]
// [--delay MS] [--hh-out FILE]`: a person (standard input) against bots; exit code 0 after the
// summary, 2 for a bad bot, too many bots for the table or an --hh-out that cannot be written,
// 105 for a flag value out of range (CLI11's validation code, as for every command).
void add_play_command(CLI::App& app, int& exit_code);

// `pokerarena run [CONFIG] [flags]`: plays a tournament and writes its report.
void add_run_command(CLI::App& app, int& exit_code);

// `pokerarena bench`: a fixed seeded set of hands; prints a chip checksum and hands per
// second (the determinism signature).
void add_bench_command(CLI::App& app, int& exit_code);

// `pokerarena report FILE [--json [OUT]]`: a report as a console table, or as JSON (to OUT or
// standard output); exit code 2 when the file cannot be read.
void add_report_command(CLI::App& app, int& exit_code);

// `pokerarena merge A.pb B.pb ... -o ALL.pb`: combines shard (or partial) reports of one
// tournament (merge.hpp), writes the result atomically and prints its table; exit code 2 when
// an input cannot be read or does not fit the others.
void add_merge_command(CLI::App& app, int& exit_code);

// `pokerarena exploitability --game kuhn|leduc --bot SPEC [--stack N] [--top N] [--format
// text|json] [--json FILE]`: exact best responses and the bot's exploitability; exit code 2 for
// a bad bot or one that reports no strategy.
void add_exploitability_command(CLI::App& app, int& exit_code);

// `pokerarena lbr --bot SPEC [--hands N] [--seed S] [--stack BB] [--big-blind CHIPS]
// [--pot-fractions F,...] [--preflop-raises] [--runouts N] [--format text|json] [--json FILE]`:
// local best response in heads-up no-limit hold'em; exit code 2 for a bad bot or one that reports
// no probabilities.
void add_lbr_command(CLI::App& app, int& exit_code);

}  // namespace pokerarena::cli
