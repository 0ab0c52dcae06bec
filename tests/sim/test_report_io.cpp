// Report files: a written report reads back equal, a failed write leaves the old report, and
// a file that is not a report is refused with its name in the message.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "pokerarena/sim/report_io.hpp"

using namespace pokerarena::sim;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / "pokerarena_report_io_test";
    fs::create_directories(dir);
    return dir / name;
}

Report sample_report() {
    Report r;
    r.mutable_config()->set_seed(42);
    // A configuration read_report() accepts (it checks one without units too): two bots, one
    // deal, so a schedule of one unit.
    r.mutable_config()->add_bots()->set_spec("tag");
    r.mutable_config()->add_bots()->set_spec("call");
    r.mutable_config()->set_deals(1);
    r.set_units_total(1);
    r.set_complete(true);
    r.set_hands(1000);
    BotResult* bot = r.add_bots();
    bot->set_name("tag");
    bot->set_net_chips(-250);
    bot->mutable_mbb_per_hand()->set_mean(-62.5);
    r.add_bots()->set_name("call");
    return r;
}

}  // namespace

TEST_CASE("a written report reads back equal", "[report]") {
    const fs::path path = scratch("roundtrip.pb");
    const Report r = sample_report();
    write_report(r, path);
    const Report back = read_report(path);
    CHECK(back.SerializeAsString() == r.SerializeAsString());
    for (const auto& entry : fs::directory_iterator(path.parent_path()))
        CHECK(entry.path().filename().string().rfind(".roundtrip.pb.tmp", 0) != 0);
}

TEST_CASE("a write that cannot happen keeps the old report and names the file", "[report]") {
    const fs::path path = scratch("kept.pb");
    write_report(sample_report(), path);
    Report other = sample_report();
    other.set_hands(5);
    other.mutable_bots(0)->set_name("caf\xe9");  // Latin-1, which a report cannot hold
    CHECK_THROWS_WITH(write_report(other, path), Catch::Contains("kept.pb: not written"));
    CHECK(read_report(path).hands() == 1000);
    // A write into a folder that does not exist names the report and why.
    CHECK_THROWS_WITH(write_report(sample_report(), scratch("no_folder") / "r.pb"),
                      Catch::EndsWith("no_folder/r.pb: cannot create: No such file or directory"));
}

TEST_CASE("writers of one report at once each leave a whole report", "[report]") {
    // Two merges writing one path at once left a corrupt report: both wrote "r.pb.tmp", one
    // truncating what the other was about to rename. Every write here must succeed, and every
    // read between them must see one whole report or another.
    const fs::path path = scratch("contended.pb");
    write_report(sample_report(), path);
    constexpr int kWriters = 4;
    constexpr int kWrites = 200;
    std::vector<std::string> failures(kWriters + 1);
    std::vector<std::thread> threads;
    for (int w = 0; w < kWriters; ++w) {
        threads.emplace_back([&, w] {
            Report report = sample_report();
            // Reports of different sizes, so that a mix of two is not a report.
            report.mutable_run()->set_plugin_folder(
                std::string(static_cast<std::size_t>(w) * 1000, 'x'));
            report.set_hands(1000 + w);
            for (int i = 0; i < kWrites && failures[w].empty(); ++i) {
                try {
                    write_report(report, path);
                } catch (const std::exception& error) {
                    failures[w] = error.what();
                }
            }
        });
    }
    threads.emplace_back([&] {
        for (int i = 0; i < kWrites && failures[kWriters].empty(); ++i) {
            try {
                const std::int64_t hands = read_report(path).hands();
                if (hands < 1000 || hands >= 1000 + kWriters)
                    failures[kWriters] = "read hands " + std::to_string(hands);
            } catch (const std::exception& error) {
                failures[kWriters] = error.what();
            }
        }
    });
    for (std::thread& thread : threads)
        thread.join();
    for (const std::string& failure : failures)
        CHECK(failure == "");
    for (const auto& entry : fs::directory_iterator(path.parent_path()))
        CHECK(entry.path().filename().string().rfind(".contended.pb.tmp", 0) != 0);
}

TEST_CASE("a file that is not a report is refused with its name", "[report]") {
    const fs::path path = scratch("not_a_report.pb");
    std::ofstream(path) << "hello, this is text\n";
    CHECK_THROWS_WITH(read_report(path),
                      Catch::Contains("not_a_report.pb: not a pokerarena report"));
    CHECK_THROWS_WITH(read_report(scratch("missing.pb")),
                      Catch::Contains("missing.pb: cannot open"));
    const fs::path empty = scratch("empty.pb");
    std::ofstream{empty};
    CHECK_THROWS_WITH(read_report(empty), Catch::Contains("empty.pb: not a pokerarena report"));
}

TEST_CASE("JSON uses the proto field names and prints every field", "[report]") {
    const std::string json = report_to_json(sample_report());
    CHECK_THAT(json, Catch::Contains("\"mbb_per_hand\"") && Catch::Contains("-62.5") &&
                         Catch::Contains("\"units_done\"") && Catch::Contains("\"seed\": \"42\""));
}

TEST_CASE("a report replaces a symbolic link and refuses what is not a regular file", "[report]") {
    // The report went to the link's target: a link planted at -o overwrote any file the user
    // could write. The link itself is replaced now, and the file it names left alone.
    const fs::path target = scratch("link_target.pb");
    const fs::path link = scratch("link.pb");
    fs::remove(link);
    write_report(sample_report(), target);
    fs::create_symlink(target, link);
    Report other = sample_report();
    other.set_hands(7);
    write_report(other, link);
    CHECK_FALSE(fs::is_symlink(link));
    CHECK(read_report(link).hands() == 7);
    CHECK(read_report(target).hands() == 1000);

    const fs::path folder = scratch("a_folder.pb");
    fs::create_directories(folder);
    CHECK_THROWS_WITH(write_report(other, folder),
                      Catch::Contains("a_folder.pb: not a regular file"));
    CHECK(fs::is_directory(folder));
}

TEST_CASE("report_output_problem foresees what write_report would refuse, writing nothing",
          "[report]") {
    const Report report = sample_report();
    // Each path write_report refuses is named the same way, and nothing is created.
    const fs::path missing = scratch("no_such_folder") / "r.pb";
    fs::remove_all(missing.parent_path());
    CHECK(report_output_problem(missing) == "cannot create: No such file or directory");
    CHECK_THROWS_WITH(write_report(report, missing),
                      Catch::Contains("cannot create: No such file or directory"));
    CHECK_FALSE(fs::exists(missing.parent_path()));

    const fs::path folder = scratch("a_folder_too.pb");
    fs::create_directories(folder);
    CHECK_THAT(report_output_problem(folder), Catch::StartsWith("not a regular file"));
    CHECK_THAT(report_output_problem("/dev/null"), Catch::StartsWith("not a regular file"));

    // A file that exists is replaced through the temporary file, so its own mode does not
    // matter: a read-only report (say an archived one being resumed) can be written, and stays
    // read-only.
    const fs::path read_only = scratch("read_only.pb");
    write_report(report, read_only);
    fs::permissions(read_only, fs::perms::owner_read | fs::perms::group_read);
    CHECK(report_output_problem(read_only).empty());
    write_report(report, read_only);
    CHECK(read_report(read_only).hands() == report.hands());
    CHECK(fs::status(read_only).permissions() == (fs::perms::owner_read | fs::perms::group_read));
    const fs::path fresh = scratch("fresh.pb");
    fs::remove(fresh);
    CHECK(report_output_problem(fresh).empty());
    CHECK_FALSE(fs::exists(fresh));
}
