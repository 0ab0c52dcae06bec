// The journal of finished units: what a run appends reads back; a torn last record is dropped
// with a note, a damaged record before others is an error naming the offset; a journal of
// another run is refused; a link or a FIFO is never written through or waited on; the runner
// keeps every unit in it and removes it once the checkpoint at the end holds them; a resume of a
// report without identities runs nothing.
#include <sys/stat.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "pokerarena/sim/journal.hpp"
#include "pokerarena/sim/plugin_identity.hpp"
#include "pokerarena/sim/report_io.hpp"
#include "pokerarena/sim/runner.hpp"
#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena::sim;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / "pokerarena_journal_test";
    fs::create_directories(dir);
    fs::remove_all(dir / name);
    return dir / name;
}

Report run_report(const std::string& started) {
    Report report;
    report.mutable_config()->set_seed(9);
    report.mutable_config()->add_bots()->set_spec("call");
    report.mutable_run()->set_version("1.2.3");
    report.mutable_run()->set_started(started);
    report.add_bots()->set_name("call");
    return report;
}

UnitResult unit(std::int64_t index) {
    UnitResult u;
    u.set_unit(index);
    u.set_hands(100 + index);
    return u;
}

std::string read_bytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const fs::path& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// A journal of `report`'s run holding units 0 .. count-1; returns the offset of each record's
// start, the header's first.
std::vector<std::size_t> journal_of(const fs::path& path, const Report& report, int count) {
    std::vector<std::size_t> offsets;
    JournalWriter writer(path, report);
    offsets.push_back(23);  // the magic's length
    for (int k = 0; k < count; ++k) {
        offsets.push_back(static_cast<std::size_t>(fs::file_size(path)));
        writer.append(unit(k));
    }
    writer.sync();
    REQUIRE(writer.problem().empty());
    return offsets;
}

std::vector<std::int64_t> units_of(const JournalContents& contents) {
    std::vector<std::int64_t> units;
    for (const UnitResult& u : contents.units)
        units.push_back(u.unit());
    return units;
}

}  // namespace

TEST_CASE("journal: the units appended read back in order", "[journal]") {
    const fs::path path = scratch("r.pb.journal");
    const Report report = run_report("2026-12-02T06:00:00Z");
    journal_of(path, report, 3);
    const JournalContents contents = read_journal(path, report);
    CHECK(units_of(contents) == std::vector<std::int64_t>{0, 1, 2});
    CHECK(contents.units[2].hands() == 102);
    CHECK(contents.notes.empty());
    CHECK(journal_path("a/r.pb") == fs::path("a/r.pb.journal"));
}

TEST_CASE("journal: a torn last record is ignored with a note", "[journal]") {
    const fs::path path = scratch("torn.pb.journal");
    const Report report = run_report("2026-12-02T06:00:00Z");
    const std::vector<std::size_t> offsets = journal_of(path, report, 3);
    const std::string whole = read_bytes(path);
    // Cut inside the last record's payload, inside its length, and with its bytes zeroed (a
    // machine that went down after the size was written but not the data).
    for (const std::size_t keep : {whole.size() - 3, offsets[3] + 2}) {
        write_bytes(path, whole.substr(0, keep));
        const JournalContents contents = read_journal(path, report);
        CHECK(units_of(contents) == std::vector<std::int64_t>{0, 1});
        REQUIRE(contents.notes.size() == 1);
        CHECK_THAT(contents.notes[0],
                   Catch::Contains("torn.pb.journal: the record at offset " +
                                   std::to_string(offsets[3]) + " is cut short"));
    }
    std::string zeroed = whole;
    for (std::size_t k = offsets[3] + 8; k < zeroed.size(); ++k)
        zeroed[k] = '\0';
    write_bytes(path, zeroed);
    CHECK(units_of(read_journal(path, report)) == std::vector<std::int64_t>{0, 1});
}

TEST_CASE("journal: a damaged record before others is an error naming its offset", "[journal]") {
    const fs::path path = scratch("damaged.pb.journal");
    const Report report = run_report("2026-12-02T06:00:00Z");
    const std::vector<std::size_t> offsets = journal_of(path, report, 3);
    std::string bytes = read_bytes(path);
    bytes[offsets[2] + 10] ^= 0x01;  // a bit of unit 1's payload
    write_bytes(path, bytes);
    CHECK_THROWS_WITH(read_journal(path, report),
                      Catch::Contains("damaged.pb.journal: the record at offset " +
                                      std::to_string(offsets[2]) + " fails its checksum"));
    // Not a journal at all.
    write_bytes(path, "PK\x03\x04 a zip file");
    CHECK_THROWS_WITH(read_journal(path, report), Catch::Contains("not a pokerarena journal"));
}

TEST_CASE("journal: a journal of another run is refused", "[journal]") {
    const fs::path path = scratch("other.pb.journal");
    journal_of(path, run_report("2026-12-02T06:00:00Z"), 2);
    CHECK_THROWS_WITH(
        read_journal(path, run_report("2026-12-02T06:00:01Z")),
        Catch::Contains("other.pb.journal: the journal of another run (started "
                        "2026-12-02T06:00:00Z; the report's run started 2026-12-02T06:00:01Z"));
    Report other_seed = run_report("2026-12-02T06:00:00Z");
    other_seed.mutable_config()->set_seed(10);
    CHECK_THROWS_WITH(read_journal(path, other_seed),
                      Catch::Contains("the journal of another run (its configuration is not "
                                      "the report's)"));
}

TEST_CASE("journal: a planted link or FIFO is refused, never followed or waited on", "[journal]") {
    const fs::path target = scratch("target");
    const fs::path link = scratch("link.pb.journal");
    write_bytes(target, "precious");
    fs::create_symlink(target, link);
    const Report report = run_report("2026-12-02T06:00:00Z");
    CHECK_THROWS_WITH(JournalWriter(link, report),
                      Catch::Contains("link.pb.journal: cannot write the journal: it is a "
                                      "symbolic link"));
    CHECK(read_bytes(target) == "precious");
    CHECK_THROWS_WITH(read_journal(link, report), Catch::Contains("a symbolic link"));
    const fs::path fifo = scratch("fifo.pb.journal");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_THROWS_WITH(JournalWriter(fifo, report),
                      Catch::Contains("fifo.pb.journal: cannot write the journal"));
}

TEST_CASE("journal: the runner keeps every unit in it until the report holds them", "[journal]") {
    TournamentConfig config;
    for (const char* spec : {"call", "tag"})
        config.add_bots()->set_spec(spec);
    config.set_deals(200);
    config.set_deals_per_unit(25);
    config.set_seed(3);
    const Tournament tournament = make_tournament(config);
    const fs::path checkpoint = scratch("runner.pb");
    fs::remove(journal_path(checkpoint));
    RunOptions options;
    options.threads = 2;
    options.tables = 3;
    options.checkpoint = checkpoint;
    options.checkpoint_interval_seconds = 3600;  // none but the first
    // The caller writes the report: the journal stays, and with the checkpoint of the start
    // it holds the whole run.
    options.checkpoint_at_end = false;
    const Report report = run_tournament(tournament, options);
    REQUIRE(report.complete());
    REQUIRE(read_report(checkpoint).units_size() == 0);
    std::vector<std::string> notes;
    std::int64_t journal_units = -1;
    const Report resumable = read_report_with_journal(checkpoint, notes, journal_units);
    CHECK(resumable.units_size() == report.units_size());
    CHECK(journal_units == report.units_size());
    CHECK(notes.empty());
    // Resumed from them, nothing is left to play and the figures are the run's.
    RunOptions resume;
    resume.resume = &resumable;
    const Report resumed = run_tournament(tournament, resume);
    CHECK(resumed.units_size() == report.units_size());
    CHECK(resumed.bots(0).net_chips() == report.bots(0).net_chips());
    // With the checkpoint at the end, the journal goes once it is written.
    options.checkpoint_at_end = true;
    run_tournament(tournament, options);
    CHECK(read_report(checkpoint).complete());
    CHECK_FALSE(fs::exists(journal_path(checkpoint)));
}

TEST_CASE("journal: a report with no units and no identity starts no program", "[journal]") {
    const fs::path marker = scratch("ran");
    TournamentConfig config;
    config.add_bots()->set_spec("proc:sh -c 'touch " + marker.string() + "'");
    config.add_bots()->set_spec("call");
    Report resume;
    *resume.mutable_config() = config;
    resume.add_bots();
    resume.add_bots();
    CHECK_THROWS_WITH(check_processes_before_starting(config, {}, {}, resume),
                      Catch::Contains("the report records no identity for the program of "
                                      "bots[0]") &&
                          Catch::Contains("Nothing was started"));
    CHECK_FALSE(fs::exists(marker));
    // What a resume prints before it runs anything: the command, its folder absolute.
    const std::vector<std::string> lines = bots_a_resume_runs(config, {}, {});
    REQUIRE(lines.size() == 1);
    CHECK_THAT(lines[0], Catch::StartsWith("bots[0] '': starts `sh -c 'touch ") &&
                             Catch::Contains("'` in " + fs::current_path().string()));
}
