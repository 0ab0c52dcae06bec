// `pokerarena merge A.pb B.pb ... -o ALL.pb`: shard or partial reports of one tournament into
// the report of all their units.
#include <exception>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "pokerarena/engine/text.hpp"
#include "pokerarena/sim/merge.hpp"
#include "pokerarena/sim/report_io.hpp"
#include "pokerarena/sim/report_table.hpp"
#include "result_output.hpp"

namespace pokerarena::cli {

namespace {

struct MergeOptions {
    std::vector<std::string> inputs;
    std::string output;
};

int run_merge(const MergeOptions& options) {
    // The output first: a merge must not read every input for a file it cannot write.
    if (const std::string problem = sim::report_output_problem(options.output); !problem.empty()) {
        std::cerr << "pokerarena merge: -o"
                  << (options.output.empty() ? "" : " " + printable_text(options.output)) << ": "
                  << problem << '\n';
        return 2;
    }
    for (const std::string& input : options.inputs)
        if (const std::string problem = output_over_input("-o", options.output, "the input", input);
            !problem.empty()) {
            std::cerr << "pokerarena merge: " << printable_text(problem) << '\n';
            return 2;
        }
    try {
        std::vector<sim::Report> reports;
        reports.reserve(options.inputs.size());
        for (const std::string& input : options.inputs) {
            reports.push_back(sim::read_report(input));
        }
        std::vector<std::string> warnings;
        const sim::Report merged = sim::merge_reports(reports, options.inputs, &warnings);
        for (const std::string& warning : warnings)
            std::cerr << "pokerarena merge: warning: " << printable_text(warning) << '\n';
        sim::write_report(merged, options.output);
        sim::print_report_table(merged, std::cout);
        std::cout << "\nReport: " << options.output << " (" << merged.units_done() << " of "
                  << merged.units_total() << " units from " << reports.size()
                  << (reports.size() == 1 ? " report)\n" : " reports)\n");
        return 0;
    } catch (const std::exception& error) {
        // The message quotes the reports (versions, names): escaped, as the table escapes them.
        std::cerr << "pokerarena merge: " << printable_text(error.what()) << '\n';
        return 2;
    }
}

}  // namespace

void add_merge_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<MergeOptions>();
    CLI::App* merge = app.add_subcommand(
        "merge", "Combine reports of one tournament (shards, partial runs) into one report");
    merge->add_option("REPORT", options->inputs, "Reports written by 'pokerarena run'")->required();
    merge->add_option("-o,--out", options->output, "The merged report (written atomically)")
        ->required();
    merge->footer(
        "The inputs must have the same configuration and version; a work unit present in\n"
        "several inputs must be the same in each. The merged figures are those of one run of\n"
        "all the units; it is complete when every unit of the schedule is there. Wall time and\n"
        "hands/s are left out (the shards may have run at once or one after another).\n"
        "Exit code 2 when an input cannot be read or does not fit the others.\n\n"
        "Examples:\n"
        "  pokerarena run config.txtpb --shard 1/2 -o part1.pb   # on one machine\n"
        "  pokerarena run config.txtpb --shard 2/2 -o part2.pb   # on another\n"
        "  pokerarena merge part1.pb part2.pb -o all.pb");
    merge->callback([options, &exit_code] { exit_code = run_merge(*options); });
}

}  // namespace pokerarena::cli
