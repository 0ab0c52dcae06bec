// The `pokerarena run`, `report` and `merge` commands end to end, on the files they read and
// write: a resumed report is checked as `report` checks it, and for the identity of the programs
// it names, before anything is started (a crafted report starts nothing, a complete one has
// nothing to start); no output is written over an input; a report or a UTF-16 file given as the
// configuration is said to be one; a process bot that fails to start leaves no empty log.
#include <sys/wait.h>
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "pokerarena/sim/report_io.hpp"

using namespace pokerarena::sim;
namespace fs = std::filesystem;
using Catch::Matchers::Contains;

namespace {

struct Outcome {
    int exit_code = -1;
    std::string output;  // standard output and standard error
};

// `pokerarena ARGS` run in `folder` through the shell.
Outcome pokerarena_in(const fs::path& folder, const std::string& args) {
    const std::string command =
        "cd '" + folder.string() + "' && '" POKERARENA_COMMAND "' " + args + " 2>&1 </dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    Outcome outcome;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
        outcome.output.append(buffer, n);
    const int status = pclose(pipe);
    if (WIFEXITED(status)) outcome.exit_code = WEXITSTATUS(status);
    return outcome;
}

// An empty folder of the test's own.
fs::path fresh_folder(const std::string& name) {
    const fs::path folder = fs::temp_directory_path() / "pokerarena_run_command_files" / name;
    fs::remove_all(folder);
    fs::create_directories(folder);
    return fs::absolute(folder);
}

std::string contents(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A complete report of random against call, written by the command.
void write_real_report(const fs::path& folder, const std::string& name) {
    const Outcome run =
        pokerarena_in(folder, "run --bots random,call --deals 8 --quiet -o " + name);
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
}

}  // namespace

TEST_CASE("run --resume: a report whose bot was made a command starts nothing", "[run-files]") {
    const fs::path folder = fresh_folder("crafted");
    write_real_report(folder, "real.pb");
    const fs::path marker = folder / "STARTED";
    Report report = read_report(folder / "real.pb");
    REQUIRE(report.complete());
    REQUIRE(report.config().bots(0).spec() == "random");

    // The configuration alone changed: the summary's bot is not the configuration's.
    Report config_only = report;
    config_only.mutable_config()->mutable_bots(0)->set_spec("proc:touch " + marker.string());
    config_only.mutable_config()->mutable_bots(0)->set_name("random");
    write_report(config_only, folder / "config_only.pb");
    // Both changed, so the summary follows from the units: no identity of the program.
    Report both = config_only;
    both.mutable_bots(0)->set_spec(config_only.config().bots(0).spec());
    write_report(both, folder / "both.pb");

    const Outcome report_command = pokerarena_in(folder, "report config_only.pb");
    CHECK(report_command.exit_code == 2);
    CHECK_THAT(report_command.output, Contains("bots[0].spec: "));

    for (const std::string file : {"config_only.pb", "both.pb"}) {
        const Outcome resumed = pokerarena_in(folder, "run --resume " + file);
        INFO(resumed.output);
        CHECK(resumed.exit_code == 2);
        CHECK_FALSE(fs::exists(marker));
        CHECK_FALSE(fs::exists(folder / (fs::path(file).stem().string() + ".0-random.stderr.log")));
    }
    CHECK_THAT(
        pokerarena_in(folder, "run --resume config_only.pb").output,
        Contains("bots[0].spec: ") && Contains("the summary does not follow from the units"));
    CHECK_THAT(pokerarena_in(folder, "run --resume both.pb").output,
               Contains("the report records no identity for the program of bots[0] 'random', "
                        "but holds units") &&
                   Contains("Nothing was started"));
    // The report was left as it was.
    CHECK(read_report(folder / "both.pb").SerializeAsString() == both.SerializeAsString());
}

TEST_CASE("run --resume: a complete report is written again without starting its bots",
          "[run-files]") {
    const fs::path folder = fresh_folder("complete");
    const Outcome run = pokerarena_in(
        folder, "run --bots 'c=proc:" PROCESS_CALL_BOT ",call' --deals 8 --quiet -o done.pb");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    REQUIRE(fs::exists(folder / "done.0-c.stderr.log"));
    const Outcome resumed =
        pokerarena_in(folder, "run --resume done.pb -o again.pb --json again.json");
    INFO(resumed.output);
    CHECK(resumed.exit_code == 0);
    CHECK_THAT(resumed.output,
               Contains("runs:\n  nothing: the report is complete, so no bot is started\n") &&
                   Contains("done.pb: complete, 8 of 8 work units; nothing to play, no bot "
                            "started"));
    // A started bot would have had a log beside the new report.
    CHECK_FALSE(fs::exists(folder / "again.0-c.stderr.log"));
    const Report done = read_report(folder / "done.pb");
    const Report again = read_report(folder / "again.pb");
    CHECK(again.complete());
    REQUIRE(again.units_size() == done.units_size());
    CHECK(again.units(0).SerializeAsString() == done.units(0).SerializeAsString());
    CHECK(again.bots(0).SerializeAsString() == done.bots(0).SerializeAsString());
    CHECK(fs::file_size(folder / "again.json") > 0);
}

TEST_CASE("run --resume: a shard whose units are all done starts no bot either", "[run-files]") {
    // A shard's report is never marked complete; holding all its units, it has nothing to play.
    const fs::path folder = fresh_folder("shard_done");
    const Outcome run = pokerarena_in(folder, "run --bots 'c=proc:" PROCESS_CALL_BOT
                                              ",call,tag' --deals 8 --shard 1/2 --quiet -o s1.pb");
    INFO(run.output);
    REQUIRE(run.exit_code == 0);
    const Report s1 = read_report(folder / "s1.pb");
    REQUIRE_FALSE(s1.complete());
    const Outcome resumed = pokerarena_in(folder, "run --resume s1.pb -o again.pb");
    INFO(resumed.output);
    CHECK(resumed.exit_code == 0);
    CHECK_THAT(resumed.output, Contains("nothing to play, no bot started"));
    CHECK_FALSE(fs::exists(folder / "again.0-c.stderr.log"));
    const Report again = read_report(folder / "again.pb");
    CHECK(again.units_size() == s1.units_size());
    CHECK(again.run().shard() == "1/2");
}

TEST_CASE("run, report and merge refuse to write an output over an input", "[run-files]") {
    const fs::path folder = fresh_folder("overwrite");
    const std::string config = "bots { spec: \"call\" } bots { spec: \"random\" } deals: 8\n";
    std::ofstream(folder / "my.txtpb") << config;
    fs::create_hard_link(folder / "my.txtpb", folder / "link.txtpb");

    const Outcome out = pokerarena_in(folder, "run my.txtpb -o my.txtpb");
    CHECK(out.exit_code == 2);
    CHECK_THAT(out.output, Contains("--out my.txtpb: the same file as the configuration file "
                                    "my.txtpb, which this command reads"));
    // The same file under another name, by device and inode.
    const Outcome linked = pokerarena_in(folder, "run my.txtpb --json link.txtpb -o r.pb");
    CHECK(linked.exit_code == 2);
    CHECK_THAT(linked.output,
               Contains("--json link.txtpb: the same file as the configuration file my.txtpb"));
    const Outcome checkpoint =
        pokerarena_in(folder, "run my.txtpb -o r.pb --checkpoint ./my.txtpb");
    CHECK(checkpoint.exit_code == 2);
    CHECK_THAT(checkpoint.output, Contains("--checkpoint ./my.txtpb: the same file as the "
                                           "configuration file my.txtpb"));
    CHECK(contents(folder / "my.txtpb") == config);
    CHECK_FALSE(fs::exists(folder / "r.pb"));

    write_real_report(folder, "a.pb");
    write_real_report(folder, "b.pb");
    const std::string a = contents(folder / "a.pb");
    const Outcome json = pokerarena_in(folder, "run --resume a.pb --json a.pb");
    CHECK(json.exit_code == 2);
    CHECK_THAT(json.output, Contains("--json a.pb: the same file as the --resume report a.pb"));
    const Outcome merge = pokerarena_in(folder, "merge a.pb b.pb -o b.pb");
    CHECK(merge.exit_code == 2);
    CHECK_THAT(merge.output, Contains("-o b.pb: the same file as the input b.pb"));
    fs::create_directories(folder / "csv");
    fs::create_symlink(folder / "a.pb", folder / "csv" / "bots.csv");
    const Outcome csv = pokerarena_in(folder, "report a.pb --csv csv");
    CHECK(csv.exit_code == 2);
    CHECK_THAT(csv.output, Contains("--csv csv/bots.csv: the same file as the report a.pb"));
    CHECK(contents(folder / "a.pb") == a);
    // The resumed report itself is the default output: rewritten in place.
    CHECK(pokerarena_in(folder, "run --resume a.pb --quiet").exit_code == 0);
}

TEST_CASE("run: a report or a UTF-16 file as the configuration is said to be one", "[run-files]") {
    const fs::path folder = fresh_folder("not_config");
    write_real_report(folder, "one.pb");
    const Outcome report = pokerarena_in(folder, "run one.pb");
    CHECK(report.exit_code == 2);
    CHECK_THAT(report.output,
               Contains("one.pb: a pokerarena report, not a configuration file; continue its run "
                        "with `pokerarena run --resume one.pb`, or show it with `pokerarena "
                        "report one.pb`"));

    std::ofstream(folder / "wide.txtpb", std::ios::binary) << std::string(
        "\xFF\xFE"
        "b\0o\0",
        6);
    const Outcome wide = pokerarena_in(folder, "run wide.txtpb");
    CHECK(wide.exit_code == 2);
    CHECK_THAT(wide.output, Contains("wide.txtpb: UTF-16 text (it starts with the byte order mark "
                                     "0xFF 0xFE); a configuration file is UTF-8 text"));
    CHECK(wide.output.find('\xFF') == std::string::npos);

    std::ofstream(folder / "binary.txtpb", std::ios::binary)
        << std::string("deals: 8\n\x01\x02", 11);
    const Outcome binary = pokerarena_in(folder, "run binary.txtpb");
    CHECK(binary.exit_code == 2);
    CHECK_THAT(binary.output, Contains("binary.txtpb: binary data (byte 0x01 at offset 9), not a "
                                       "configuration file"));
}

TEST_CASE("run: a process bot that fails to start leaves its log only when it wrote one",
          "[run-files]") {
    const fs::path folder = fresh_folder("start_failure");
    const Outcome silent = pokerarena_in(folder, "run --bots 'proc:false,call' -o pf.pb");
    INFO(silent.output);
    CHECK(silent.exit_code == 2);
    CHECK_FALSE(fs::exists(folder / "pf.pb"));
    CHECK_FALSE(fs::exists(folder / "pf.0-proc_false.stderr.log"));

    const Outcome talks =
        pokerarena_in(folder, "run --bots 'b=proc:sh -c \"echo no_hello_here >&2\",call' -o pt.pb");
    INFO(talks.output);
    CHECK(talks.exit_code == 2);
    CHECK_THAT(talks.output, Contains("(standard error of the process bots: pt.0-b.stderr.log)"));
    CHECK(contents(folder / "pt.0-b.stderr.log") == "no_hello_here\n");
}
