#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "pokerarena/engine/replay.hpp"

namespace pokerarena::cli {

namespace {

struct ReplayOptions {
    std::vector<std::string> paths;
    bool verbose = false;
};

int run_replay(const ReplayOptions& options) {
    const std::vector<std::filesystem::path> paths(options.paths.begin(), options.paths.end());
    const ReplaySummary summary = replay_files(paths, options.verbose, std::cout);
    return summary.ok() ? 0 : 1;
}

}  // namespace

void add_replay_command(CLI::App& app, int& exit_code) {
    // Options outlive this function: CLI11 fills them while parsing, the callback reads them.
    auto options = std::make_shared<ReplayOptions>();
    CLI::App* replay = app.add_subcommand(
        "replay", "Replay PHH hand histories through the engine and check the finishing stacks");
    replay
        ->add_option("FILE_OR_DIR", options->paths,
                     "PHH files (.phh one hand, .phhs many) or folders searched recursively")
        ->required();
    replay->add_flag("-v,--verbose", options->verbose,
                     "Show every stack difference, every skipped and every unchecked hand");
    replay->footer(
        "Prints one line per problem (ERROR, MISMATCH), then\n"
        "  N hands, N matched, N mismatched, N errors, N unchecked, N skipped\n"
        "(unchecked: legal but nothing to compare; skipped: a variant other than NT, FT, NS, PO\n"
        "or FO/8).\n"
        "Exit code 0 only if nothing mismatched and nothing failed.\n\n"
        "Example:\n"
        "  pokerarena replay ../shared/phh/pluribus my_hands.phhs --verbose");
    replay->callback([options, &exit_code] { exit_code = run_replay(*options); });
}

}  // namespace pokerarena::cli
