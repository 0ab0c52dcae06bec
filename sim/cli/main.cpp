// pokerarena: the command line. Each subcommand is one file (cmd_<name>.cpp) registered here.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli_version.hpp"
#include "commands.hpp"
#include "pokerarena/bots/acpc_bridge.hpp"
#include "pokerarena/bots/plugin_call.hpp"
#include "pokerarena/bots/process_bot.hpp"

namespace {

// Optimal string alignment distance: Levenshtein plus swaps of neighbouring letters, the most
// common typo ("--verbsoe").
std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i)
        d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j)
        d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t substitution = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + substitution});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[a.size()][b.size()];
}

// The word nearest to `typed` among `candidates`, or "" when none is near enough to be a typo:
// at most a third of the letters wrong (at least one), or `typed` the start of the word. Short
// words get no suggestion: any one-letter option is "near" every other.
std::string nearest(const std::string& typed, const std::vector<std::string>& candidates) {
    if (typed.size() < 2) return "";
    const std::size_t allowed = std::max<std::size_t>(1, typed.size() / 3);
    std::string best;
    std::size_t best_distance = allowed + 1;
    for (const std::string& candidate : candidates) {
        std::size_t distance = edit_distance(typed, candidate);
        if (candidate.rfind(typed, 0) == 0) distance = std::min<std::size_t>(distance, 1);
        if (distance < best_distance) {
            best = candidate;
            best_distance = distance;
        }
    }
    return best;
}

// The subcommand the error belongs to: the last one parsed, at any depth, or the application.
const CLI::App* failed_app(const CLI::App& app) {
    const CLI::App* current = &app;
    while (!current->get_subcommands().empty())
        current = current->get_subcommands().back();
    return current;
}

// "unknown option --hnds; did you mean --hands?" for every argument the parser left over that
// is near an option (or a subcommand) of the command it was given to.
std::string suggestions(const CLI::App& failed) {
    std::vector<std::string> long_names;
    std::vector<std::string> short_names;
    for (const CLI::Option* option : failed.get_options()) {
        for (const std::string& name : option->get_lnames())
            long_names.push_back(name);
        for (const std::string& name : option->get_snames())
            short_names.push_back(name);
    }
    std::vector<std::string> subcommands;
    for (const CLI::App* sub : failed.get_subcommands([](const CLI::App*) { return true; }))
        subcommands.push_back(sub->get_name());

    std::string text;
    for (const std::string& argument : failed.remaining()) {
        if (argument.rfind("--", 0) == 0) {
            const std::string name = argument.substr(2, argument.find('=') - 2);
            const std::string match = nearest(name, long_names);
            if (!match.empty())
                text += "unknown option --" + name + "; did you mean --" + match + "?\n";
        } else if (argument.rfind('-', 0) == 0 && argument.size() > 1) {
            // "-hands" is a long name with one dash more often than a bundle of short ones.
            const std::string name = argument.substr(1, argument.find('=') - 1);
            std::string match = nearest(name, long_names);
            if (!match.empty()) {
                text += "unknown option -" + name + "; did you mean --" + match + "?\n";
            } else if (!(match = nearest(name, short_names)).empty()) {
                text += "unknown option -" + name + "; did you mean -" + match + "?\n";
            }
        } else if (!subcommands.empty()) {
            const std::string match = nearest(argument, subcommands);
            if (!match.empty())
                text += "unknown subcommand " + argument + "; did you mean " + match + "?\n";
        }
    }
    return text;
}

// What was probably meant, then CLI11's message, then where help is. The suggestion comes
// first because it is usually the cause: in "run --threds 2" the unknown --threds leaves "2"
// to the CONFIG argument, and CLI11 reports that no file "2" exists. The exit codes stay
// CLI11's (105 bad value, 106 missing, 109 unexpected argument, ...).
std::string failure_message(const CLI::App* app, const CLI::Error& error) {
    const CLI::App* failed = failed_app(*app);
    std::string help = "pokerarena --help";
    if (failed != app) help = "pokerarena " + failed->get_name() + " --help";
    return suggestions(*failed) + error.what() + "\n" + "Run '" + help +
           "' for more information.\n";
}

// The exit code once standard output is flushed: a command whose output was lost has failed,
// whatever it computed (`report r.pb --json > /dev/full` printed nothing and exited 0).
// std::cout writes through C's stdout (synchronised with stdio), whose buffer holds the last
// bytes until fflush, so both are checked here, after the command and before the exit.
int exit_code_after_output(int exit_code) {
    // errno from the first write that fails, whichever flush makes it.
    errno = 0;
    std::cout.flush();
    const bool flushed = std::fflush(stdout) == 0;
    const int flush_errno = errno;
    if (flushed && std::cout && !std::ferror(stdout)) return exit_code;
    std::cerr << "pokerarena: cannot write to standard output"
              << (flush_errno != 0 ? std::string(": ") + std::strerror(flush_errno) : "") << '\n';
    return exit_code != 0 ? exit_code : 1;
}

}  // namespace

int main(int argc, char** argv) {
    // Plugin bots run in this process: whichever command plays them, a crash names the bot.
    pokerarena::install_plugin_crash_report(pokerarena::kill_bot_processes);
    // An isolated plugin runs in this program's plugin-host subcommand, in a process of its
    // own; /proc/self/exe names this very binary wherever it was started from.
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    pokerarena::set_plugin_host_command({ec ? std::string(argv[0]) : self.string(), "plugin-host"});
    // An ACPC client is played through this program's acpc-bridge subcommand in the same way.
    pokerarena::set_acpc_bridge_command({ec ? std::string(argv[0]) : self.string(), "acpc-bridge"});
    CLI::App app{"pokerarena: poker bot tournaments, hand replays and benchmarks"};
    app.footer(
        "Run 'pokerarena SUBCOMMAND --help' for a subcommand's options and more examples.\n\n"
        "Examples:\n"
        "  pokerarena run --bots random,call,tag,equity:samples=200 --deals 20000\n"
        "  pokerarena report pokerarena-report.pb --json report.json\n"
        "  pokerarena merge shard1.pb shard2.pb -o all.pb\n"
        "  pokerarena bench\n"
        "  pokerarena replay ../shared/phh --verbose\n"
        "  pokerarena list-bots\n"
        "  pokerarena check-bot path/to/my_bot.so:aggression=2\n"
        "  pokerarena play --vs tag,equity\n"
        "  pokerarena acpc-client --bot tag --game holdem.nolimit.2p.reverse_blinds.game HOST "
        "PORT");
    app.set_version_flag("--version", pokerarena::cli::version_text(),
                         "Print the version (and the git commit built) and exit");
    app.require_subcommand(1);
    app.failure_message(failure_message);

    int exit_code = 0;
    pokerarena::cli::add_run_command(app, exit_code);
    pokerarena::cli::add_report_command(app, exit_code);
    pokerarena::cli::add_merge_command(app, exit_code);
    pokerarena::cli::add_bench_command(app, exit_code);
    pokerarena::cli::add_replay_command(app, exit_code);
    pokerarena::cli::add_list_bots_command(app, exit_code);
    pokerarena::cli::add_check_bot_command(app, exit_code);
    pokerarena::cli::add_exploitability_command(app, exit_code);
    pokerarena::cli::add_lbr_command(app, exit_code);
    pokerarena::cli::add_play_command(app, exit_code);
    pokerarena::cli::add_plugin_host_command(app, exit_code);
    pokerarena::cli::add_acpc_client_command(app, exit_code);
    pokerarena::cli::add_acpc_bridge_command(app, exit_code);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        exit_code = app.exit(error);  // --help and --version too (exit code 0)
    }
    return exit_code_after_output(exit_code);
}
