// The files of config.hh_out: one DIR/unit-NNNNNNNN.phhs for each unit that wrote a hand and
// none for a unit whose deals were all left out by hh_sample, in one run or interrupted and
// resumed (see HandHistoryWriter in sim/src/play/work_unit.hpp).
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>

#include "pokerarena/engine/phh.hpp"
#include "pokerarena/sim/runner.hpp"
#include "pokerarena/sim/stats.hpp"
#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena;
using namespace pokerarena::sim;
namespace fs = std::filesystem;

namespace {

fs::path empty_folder(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / "pokerarena_hh_files_test" / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

TournamentConfig sampled_config(std::initializer_list<const char*> specs, std::int64_t deals,
                                const fs::path& hh_out) {
    TournamentConfig c;
    for (const char* spec : specs)
        c.add_bots()->set_spec(spec);
    c.set_deals(deals);
    c.set_deals_per_unit(10);
    c.set_seed(3);
    c.set_hh_out(hh_out.string());
    c.set_hh_sample(25);  // deals 0, 25, 50: blocks 0, 2 and 5 of 10 deals
    return c;
}

std::string file_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Every hand file of the folder by name, with its text (config.txtpb, which names the run
// and its folder, aside).
std::map<std::string, std::string> folder_files(const fs::path& dir) {
    std::map<std::string, std::string> files;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir))
        if (entry.path().filename() != "config.txtpb")
            files[entry.path().filename().string()] = file_text(entry.path());
    return files;
}

std::set<std::string> names_of(const std::map<std::string, std::string>& files) {
    std::set<std::string> names;
    for (const auto& [name, text] : files)
        names.insert(name);
    return names;
}

}  // namespace

TEST_CASE("hand histories: a unit with no sampled deal writes no file", "[unit]") {
    const fs::path dir = empty_folder("unit");
    // One pair, units of deals 0-9, 10-19, 20-29 and 30-39; deals 0 and 25 are written.
    const Tournament t = make_tournament(sampled_config({"random", "call"}, 40, dir));
    // A file of the same name from an earlier run would pass for this unit's: it goes, as
    // writing the unit's hands would have replaced it.
    std::ofstream(dir / "unit-00000001.phhs") << "[1]\nvariant = 'NT'\n";
    play_unit(t, 1);
    play_unit(t, 2);
    play_unit(t, 3);
    const auto files = folder_files(dir);
    CHECK(names_of(files) == std::set<std::string>{"unit-00000002.phhs"});
    // Deal 25, both halves of the duplicate pair.
    CHECK(read_phh_file(dir / "unit-00000002.phhs").size() == 2);
    fs::remove_all(dir);
}

TEST_CASE("hand histories: a resumed run writes the files of one run, no more", "[runner]") {
    // Three pairs of 6 units each; units 0, 2 and 5 of each pair hold a written deal.
    const std::set<std::string> expected = {
        "unit-00000000.phhs", "unit-00000002.phhs", "unit-00000005.phhs",
        "unit-00000006.phhs", "unit-00000008.phhs", "unit-00000011.phhs",
        "unit-00000012.phhs", "unit-00000014.phhs", "unit-00000017.phhs"};
    const fs::path whole_dir = empty_folder("whole");
    RunOptions options;
    options.threads = 2;
    const Tournament whole =
        make_tournament(sampled_config({"random", "call", "tag"}, 60, whole_dir));
    REQUIRE(run_tournament(whole, options).complete());
    const auto whole_files = folder_files(whole_dir);
    CHECK(names_of(whole_files) == expected);
    CHECK(read_config(whole_dir / "config.txtpb").SerializeAsString() ==
          whole.config.SerializeAsString());

    // Stopped after its first wave of two units, then resumed into the same folder, where an
    // earlier run has also left a file for unit 16 (which writes no hand).
    const fs::path resumed_dir = empty_folder("resumed");
    const Tournament t =
        make_tournament(sampled_config({"random", "call", "tag"}, 60, resumed_dir));
    std::atomic<int> stop{0};
    RunOptions first = options;
    first.tables = 2;
    first.stop = &stop;
    first.progress = [&](const RunProgress&) { stop = 1; };
    const Report partial = run_tournament(t, first);
    REQUIRE_FALSE(partial.complete());
    std::ofstream(resumed_dir / "unit-00000016.phhs") << "[1]\nvariant = 'NT'\n";
    RunOptions second = options;
    second.resume = &partial;
    REQUIRE(run_tournament(t, second).complete());
    // The same files, byte for byte, as the uninterrupted run's (hands name their deal and
    // bots, not the folder).
    CHECK(folder_files(resumed_dir) == whole_files);
    fs::remove_all(whole_dir);
    fs::remove_all(resumed_dir);
}

TEST_CASE("hand histories: after an SPRT's decision, the folder holds the units it counts",
          "[runner]") {
    // The test decides after 20 or more blocks (units of 512 deals, both halves), while two
    // threads play waves of 4, 8, 16 and 32 units: the files of the units after it go.
    const fs::path dir = empty_folder("sprt");
    TournamentConfig c = sampled_config({"tag", "call"}, 200000, dir);
    c.clear_hh_sample();
    c.clear_deals_per_unit();
    c.mutable_sprt()->set_mbb0(0);
    c.mutable_sprt()->set_mbb1(200);
    c.mutable_sprt()->set_alpha(0.05);
    c.mutable_sprt()->set_beta(0.05);
    RunOptions options;
    options.threads = 2;
    options.tables = 64;
    const Report report = run_tournament(make_tournament(c), options);
    REQUIRE(report.sprt().decision() == "H1 (mbb1)");
    REQUIRE(report.units_done() >= kSprtMinBlocks);
    REQUIRE(report.units_done() == report.sprt().blocks());
    REQUIRE(report.units_done() < 4 + 8 + 16 + 32);
    std::set<std::string> counted;
    for (const UnitResult& unit : report.units()) {
        char name[40];
        std::snprintf(name, sizeof name, "unit-%08lld.phhs", static_cast<long long>(unit.unit()));
        counted.insert(name);
    }
    CHECK(names_of(folder_files(dir)) == counted);
    fs::remove_all(dir);
}

TEST_CASE("hand histories: a folder holds the hands of one run", "[runner]") {
    const fs::path dir = empty_folder("one_run");
    RunOptions options;
    options.threads = 2;
    const Tournament first = make_tournament(sampled_config({"random", "call"}, 40, dir));
    REQUIRE(run_tournament(first, options).complete());
    // The same run again (as a resume or another shard would) writes its files again.
    REQUIRE(run_tournament(first, options).complete());

    // Another run would leave its units beside the first's: refused before any hand, naming
    // the field that differs.
    TournamentConfig other_config = sampled_config({"random", "call"}, 40, dir);
    other_config.set_seed(4);
    const auto before = folder_files(dir);
    REQUIRE_THROWS_WITH(run_tournament(make_tournament(other_config), options),
                        Catch::Contains("' holds the hand histories of another run (") &&
                            Catch::Contains("config.txtpb differs from this run's "
                                            "configuration: modified: seed: 3 -> 4); give a "
                                            "new or empty folder"));
    CHECK(folder_files(dir) == before);

    // Hand files without config.txtpb (an earlier version's, or copied in) are not this run's.
    fs::remove(dir / "config.txtpb");
    REQUIRE_THROWS_WITH(run_tournament(first, options),
                        Catch::Contains("holds hand histories (unit-00000000.phhs) of a run it "
                                        "does not name (it has no config.txtpb)"));
    fs::remove_all(dir);
}
