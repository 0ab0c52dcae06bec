// `pokerarena report FILE [--json [OUT]] [--csv DIR]`: a report file as the console table, as
// JSON, or as CSV files.
#include <cstdint>
#include <exception>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "cli_checks.hpp"
#include "commands.hpp"
#include "pokerarena/engine/text.hpp"
#include "pokerarena/sim/journal.hpp"
#include "pokerarena/sim/merge.hpp"
#include "pokerarena/sim/report_csv.hpp"
#include "pokerarena/sim/report_io.hpp"
#include "pokerarena/sim/report_json.hpp"
#include "pokerarena/sim/report_table.hpp"
#include "result_output.hpp"

namespace pokerarena::cli {

namespace {

struct ReportOptions {
    std::string file;
    std::optional<std::string> json;  // set by --json; empty: standard output
    std::string csv;                  // --csv DIR; empty: none
};

// A run that died (a crash, kill -9, a full disk) leaves the units it finished since its last
// checkpoint in the journal beside the report: they are shown with it, the summary recomputed
// from every unit as merge does, and said so on standard error.
void with_journal(sim::Report& report, const std::string& file) {
    const std::filesystem::path journal = sim::journal_path(file);
    std::error_code ec;
    if (!std::filesystem::exists(std::filesystem::symlink_status(journal, ec))) return;
    std::vector<std::string> notes;
    std::int64_t added = 0;
    sim::Report units;
    try {
        units = sim::read_report_with_journal(file, notes, added);
    } catch (const sim::ReportError& error) {
        // Another run's journal, or a damaged one: the report is still worth reading alone.
        std::cerr << "pokerarena report: " << printable_text(error.what())
                  << "; the report is shown without it\n";
        return;
    }
    for (const std::string& note : notes)
        std::cerr << "pokerarena report: " << printable_text(note) << '\n';
    if (added <= 0) return;
    sim::Report merged = sim::merge_reports(std::span(&units, 1), std::span(&file, 1));
    *merged.mutable_run() = report.run();
    report = std::move(merged);
    std::cerr << "pokerarena report: " << printable_text(journal.string()) << ": " << added
              << " units finished after the report was last written, shown from the journal "
                 "(resume the run to write them into the report)\n";
}

int run_report(const ReportOptions& options) {
    try {
        if (options.json && !options.json->empty() && same_file(*options.json, options.file))
            throw std::invalid_argument(
                "--json " + *options.json +
                ": the report being read; give another file, or no file for "
                "standard output");
        // The report's journal is read too; the CSV files are written into the folder.
        std::vector<std::pair<std::string, std::string>> outputs;
        if (options.json && !options.json->empty()) outputs.emplace_back("--json", *options.json);
        if (!options.csv.empty())
            for (const char* name : {"bots.csv", "pairs.csv", "curve.csv"})
                outputs.emplace_back("--csv", (std::filesystem::path(options.csv) / name).string());
        for (const auto& [flag, output] : outputs)
            for (const auto& [what, input] :
                 {std::pair<std::string, std::string>{"the report", options.file},
                  {"the report's journal", sim::journal_path(options.file).string()}})
                if (const std::string problem = output_over_input(flag, output, what, input);
                    !problem.empty())
                    throw std::invalid_argument(problem);
        sim::Report report = sim::read_report(options.file);
        // The summary is printed as the file has it: it must be what its units make.
        sim::check_report_summary(report, options.file);
        with_journal(report, options.file);
        if (!options.csv.empty()) sim::write_report_csv(report, options.csv);
        if (!options.json) {
            if (options.csv.empty()) sim::print_report_table(report, std::cout);
        } else if (options.json->empty()) {
            sim::write_report_json(report, std::cout);
        } else {
            sim::write_report_json_file(report, *options.json);
        }
        return 0;
    } catch (const std::exception& error) {
        // The message quotes the reports (versions, names): escaped, as the table escapes them.
        std::cerr << "pokerarena report: " << printable_text(error.what()) << '\n';
        return 2;
    }
}

}  // namespace

void add_report_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<ReportOptions>();
    CLI::App* report = app.add_subcommand(
        "report", "Print a tournament report (.pb from 'pokerarena run') as a table or as JSON");
    // Required, which also settles `report --json FILE`: CLI11 leaves an optional value to a
    // required positional still unfilled, so FILE is the report and the JSON goes to stdout.
    report->add_option("FILE", options->file, "The report, binary Protobuf")->required();
    CLI::Option* json =
        report->add_option("--json", "Print JSON instead of the table, to OUT or standard output")
            ->type_name("[OUT]")
            ->expected(0, 1);
    report
        ->add_option("--csv", options->csv,
                     "Write bots.csv, pairs.csv and curve.csv into DIR (made if missing) instead "
                     "of the table")
        ->type_name("DIR");
    report->footer(
        "The table: the bots ranked by mbb/hand (milli big blinds won per hand) with 95%\n"
        "confidence intervals and LOS (probability of being ahead), all-in adjusted figures and\n"
        "ratings when the report has them, faults and decision times; the crosstable of\n"
        "heads-up formats; places, ROI and ITM of sit-and-go; the SPRT and the speed.\n"
        "JSON has every field of sim/proto/report.proto, named as there (docs/formats.md).\n"
        "CSV: one row per bot, per pair (both names beside the indices) and per curve point,\n"
        "plain numbers, for pandas: pd.read_csv(\"DIR/bots.csv\") (docs/formats.md).\n"
        "Exit code 2 when the file cannot be read, or its summary (the figures above) is not\n"
        "what its units make (docs/formats.md).\n\n"
        "Examples:\n"
        "  pokerarena report results/round_robin.pb\n"
        "  pokerarena report results/round_robin.pb --json results/round_robin.json\n"
        "  pokerarena report results/round_robin.pb --csv results/round_robin_csv\n"
        "  pokerarena report results/round_robin.pb --json | jq '.bots[].mbb_per_hand'");
    report->callback([options, json, &exit_code] {
        ReportOptions resolved = *options;
        if (json->count() > 0) resolved.json = json->as<std::string>();
        exit_code = run_report(resolved);
    });
}

}  // namespace pokerarena::cli
