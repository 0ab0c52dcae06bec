#include <unistd.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "pokerarena/bots/sha256.hpp"
#include "pokerarena/sim/merge.hpp"
#include "pokerarena/sim/plugin_identity.hpp"
#include "pokerarena/sim/report_io.hpp"
#include "pokerarena/sim/runner.hpp"
#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena::sim;
namespace fs = std::filesystem;

namespace {

// Two folders, each holding a library named bot.so: the calling build in `calls`, the folding
// build in `folds`. One configuration naming "bot.so" (a relative path) is then the same
// tournament with either folder, played by two different bots: the user's "another plugin
// copied over the file" without replacing a library this process has loaded.
struct PluginFolders {
    fs::path root = fs::temp_directory_path() / ("pokerarena-identity-" + std::to_string(getpid()));
    fs::path calls = root / "calls";
    fs::path folds = root / "folds";
    PluginFolders() {
        fs::create_directories(calls);
        fs::create_directories(folds);
        fs::copy_file(PLUGIN_IDENTITY_CALLS, calls / "bot.so",
                      fs::copy_options::overwrite_existing);
        fs::copy_file(PLUGIN_IDENTITY_FOLDS, folds / "bot.so",
                      fs::copy_options::overwrite_existing);
    }
    ~PluginFolders() {
        std::error_code ignored;
        fs::remove_all(root, ignored);
    }
};

TournamentConfig plugin_match() {
    TournamentConfig config;
    config.add_bots()->set_spec("bot.so");
    config.add_bots()->set_spec("call");
    config.set_deals(40);
    config.set_deals_per_unit(10);
    config.set_seed(3);
    return config;
}

// What `run --shard K/2` of the plugin match writes, with the plugin taken from `folder`.
Report shard(const fs::path& folder, int k) {
    const Tournament tournament = make_tournament(plugin_match(), BotLoading::Load, folder);
    RunOptions options;
    options.threads = 1;
    options.shard = {k, 2};
    return run_tournament(tournament, options);
}

std::string file_sha256(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return pokerarena::sha256_hex(bytes.str());
}

}  // namespace

TEST_CASE("plugin identity: a run records each plugin's SHA-256, size and API name") {
    const PluginFolders folders;
    const Report report = shard(folders.calls, 1);
    REQUIRE(report.bots(0).has_plugin());
    const PluginIdentity& plugin = report.bots(0).plugin();
    CHECK(plugin.sha256() == file_sha256(folders.calls / "bot.so"));
    CHECK(plugin.size() == static_cast<std::int64_t>(fs::file_size(folders.calls / "bot.so")));
    CHECK(plugin.api_name() == "identity bot (calls)");
    // A built-in has none; the configuration keeps the spec as written.
    CHECK_FALSE(report.bots(1).has_plugin());
    CHECK(report.config().bots(0).spec() == "bot.so");
    CHECK(report.run().plugin_folder() == folders.calls.string());
}

TEST_CASE("plugin identity: a relative plugin path is taken from the given folder") {
    const PluginFolders folders;
    // The current directory holds no bot.so: only the folder can have found it.
    REQUIRE_FALSE(fs::exists("bot.so"));
    const Tournament tournament = make_tournament(plugin_match(), BotLoading::Load, folders.folds);
    const pokerarena::BotIdentity identity = tournament.factories[0]->identity();
    REQUIRE(identity.kind == pokerarena::BotIdentity::Kind::Plugin);
    CHECK(identity.api_name == "identity bot (folds)");
    CHECK(identity.library.path == (folders.folds / "bot.so").string());
    CHECK(identity.library.sha256 == file_sha256(folders.folds / "bot.so"));
    CHECK(identity.library.size ==
          static_cast<std::int64_t>(fs::file_size(folders.folds / "bot.so")));
    // A built-in is its spec: nothing else identifies it.
    CHECK(tournament.factories[1]->identity().kind == pokerarena::BotIdentity::Kind::BuiltIn);
    CHECK(tournament.config.bots(0).spec() == "bot.so");
    CHECK(tournament.plugin_folder == folders.folds);
    // A file that is not there is named by the whole path that was tried.
    TournamentConfig missing = plugin_match();
    missing.mutable_bots(0)->set_spec("sub/../nothere.so");
    CHECK_THROWS_WITH(
        make_tournament(missing, BotLoading::Load, folders.calls),
        "bots[0].spec: plugin '" + (folders.calls / "nothere.so").string() + "': file not found");
}

TEST_CASE("plugin identity: merge refuses shards played by different plugin libraries") {
    const PluginFolders folders;
    const std::vector<Report> inputs = {shard(folders.calls, 1), shard(folders.folds, 2)};
    const std::vector<std::string> names = {"w1.pb", "w2.pb"};
    REQUIRE(inputs[0].config().SerializeAsString() == inputs[1].config().SerializeAsString());
    const std::string calls = file_sha256(folders.calls / "bot.so");
    const std::string folds = file_sha256(folders.folds / "bot.so");
    CHECK_THROWS_AS(merge_reports(inputs, names), MergeError);
    CHECK_THROWS_WITH(
        merge_reports(inputs, names),
        "w2.pb and w1.pb were played by different plugin libraries for bot 'bot.so' (bots[0]): "
        "w1.pb: " +
            plugin_identity_text(inputs[0].bots(0).plugin()) +
            "; w2.pb: " + plugin_identity_text(inputs[1].bots(0).plugin()) +
            "; merging them would mix the results of two different bots");
    CHECK_THROWS_WITH(merge_reports(inputs, names),
                      Catch::Contains("SHA-256 " + calls) && Catch::Contains("SHA-256 " + folds));
}

TEST_CASE("plugin identity: shards of one library merge and keep its identity") {
    const PluginFolders folders;
    const std::vector<Report> inputs = {shard(folders.calls, 1), shard(folders.calls, 2)};
    std::vector<std::string> warnings;
    const Report merged = merge_reports(inputs, {}, &warnings);
    CHECK(warnings.empty());
    CHECK(merged.complete());
    REQUIRE(merged.bots(0).has_plugin());
    CHECK(same_plugin(merged.bots(0).plugin(), inputs[0].bots(0).plugin()));
    CHECK(merged.run().plugin_folder() == folders.calls.string());
}

TEST_CASE("plugin identity: a report without identities merges and resumes with a warning") {
    const PluginFolders folders;
    // As a report written before identities were recorded.
    Report old = shard(folders.calls, 1);
    old.mutable_bots(0)->clear_plugin();
    old.mutable_run()->clear_plugin_folder();
    const std::vector<Report> inputs = {old, shard(folders.folds, 2)};
    std::vector<std::string> warnings;
    const std::vector<std::string> names = {"old.pb", "new.pb"};
    const Report merged = merge_reports(inputs, names, &warnings);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0] ==
          "old.pb: records no identity for the plugin of bot 'bot.so' (bots[0]) (written before "
          "reports recorded them), so the plugin could not be checked against the other "
          "inputs'");
    CHECK(merged.bots(0).plugin().api_name() == "identity bot (folds)");

    const Tournament tournament = make_tournament(plugin_match(), BotLoading::Load, folders.calls);
    std::vector<std::string> resume_warnings;
    REQUIRE_NOTHROW(resume_warnings = check_resumed_plugins(tournament, old));
    REQUIRE(resume_warnings.size() == 1);
    CHECK_THAT(resume_warnings[0],
               Catch::StartsWith("--resume: the report records no identity for the plugin of "
                                 "bots[0] 'bot.so'") &&
                   Catch::Contains("could not be checked"));
}

TEST_CASE("plugin identity: resume refuses a plugin library other than the one recorded") {
    const PluginFolders folders;
    const Report interrupted = shard(folders.calls, 1);
    const Tournament same = make_tournament(plugin_match(), BotLoading::Load, folders.calls);
    CHECK(check_resumed_plugins(same, interrupted).empty());

    const Tournament other = make_tournament(plugin_match(), BotLoading::Load, folders.folds);
    const pokerarena::BotIdentity other_library = other.factories[0]->identity();
    PluginIdentity now;
    now.set_sha256(other_library.library.sha256);
    now.set_size(other_library.library.size);
    now.set_api_name(other_library.api_name);
    CHECK_THROWS_AS(check_resumed_plugins(other, interrupted), PluginMismatch);
    CHECK_THROWS_WITH(
        check_resumed_plugins(other, interrupted),
        "--resume: the plugin of bots[0] 'bot.so', " + (folders.folds / "bot.so").string() +
            ", is not the library the report's units were played with: its contents changed "
            "(report: " +
            plugin_identity_text(interrupted.bots(0).plugin()) +
            "; now: " + plugin_identity_text(now) +
            "); resuming would mix the results of two different bots in one report. Put back "
            "the library the run started with, or start the run again");
    // run_tournament refuses it too, whoever calls it.
    RunOptions options;
    options.threads = 1;
    options.shard = {1, 2};
    options.resume = &interrupted;
    CHECK_THROWS_AS(run_tournament(other, options), PluginMismatch);
    CHECK(run_tournament(same, options).units_done() == interrupted.units_done());
}

// run --resume loaded the replaced library, running its constructors, before refusing it.
TEST_CASE("plugin identity: resume refuses a replaced library before loading it") {
    const PluginFolders folders;
    const Report interrupted = shard(folders.calls, 1);
    // The folding build under a path no test has loaded (a loaded path is not loaded again).
    const fs::path replaced = folders.root / "replaced";
    fs::create_directories(replaced);
    fs::copy_file(PLUGIN_IDENTITY_FOLDS, replaced / "bot.so");
    const fs::path mark = folders.root / "load_mark";
    ::setenv("POKERARENA_TEST_LOAD_MARK", mark.c_str(), 1);
    CHECK_THROWS_WITH(
        make_tournament(plugin_match(), BotLoading::Load, replaced, {}, &interrupted),
        Catch::StartsWith("--resume: the plugin of bots[0] 'bot.so', " +
                          (replaced / "bot.so").string() +
                          ", is not the library the report's units were played with: its "
                          "contents changed (report: " +
                          plugin_identity_text(interrupted.bots(0).plugin()) + "; now: SHA-256 " +
                          file_sha256(replaced / "bot.so") + ", ") &&
            Catch::EndsWith(" bytes; not loaded); resuming would mix the results of two "
                            "different bots in one report. Put back the library the run started "
                            "with, or start the run again"));
    const bool constructor_ran = fs::exists(mark);
    // The same library loads without a resume, and its constructor leaves the mark: the mark
    // is what a load leaves.
    make_tournament(plugin_match(), BotLoading::Load, replaced);
    ::unsetenv("POKERARENA_TEST_LOAD_MARK");
    CHECK_FALSE(constructor_ran);
    CHECK(fs::exists(mark));
    CHECK(make_tournament(plugin_match(), BotLoading::Load, folders.calls, {}, &interrupted)
              .factories[0]
              ->identity()
              .kind == pokerarena::BotIdentity::Kind::Plugin);
}

TEST_CASE("plugin identity: the text names the whole SHA-256, the size and the API name") {
    PluginIdentity identity;
    identity.set_sha256(std::string(64, 'a'));
    identity.set_size(1234567);
    identity.set_api_name("my bot");
    CHECK(plugin_identity_text(identity) ==
          "SHA-256 " + std::string(64, 'a') + ", 1,234,567 bytes, API name 'my bot'");
}

TEST_CASE("plugin identity: a report whose identity no run can have recorded is refused") {
    const PluginFolders folders;
    Report report = shard(folders.calls, 1);
    report.mutable_bots(0)->mutable_plugin()->set_sha256("not a hash");
    const fs::path file = folders.root / "bad_identity.pb";
    write_report(report, file);
    CHECK_THROWS_WITH(read_report(file),
                      file.string() + ": bots[0].plugin: SHA-256 'not a hash', size " +
                          std::to_string(report.bots(0).plugin().size()) +
                          "; expected 64 lower-case hex digits and a size of 0 or more");
    // Whatever the field holds is shown escaped, and cut after 80 bytes.
    report.mutable_bots(0)->mutable_plugin()->set_sha256("\x1b[2J" + std::string(100, 'a'));
    write_report(report, file);
    CHECK_THROWS_WITH(read_report(file),
                      file.string() + ": bots[0].plugin: SHA-256 '\\x1B[2J" + std::string(76, 'a') +
                          "...', size " + std::to_string(report.bots(0).plugin().size()) +
                          "; expected 64 lower-case hex digits and a size of 0 or more");
}
