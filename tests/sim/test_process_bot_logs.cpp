// Process bots' standard-error logs: one per bot, named by its index and its name, so that two
// bots whose names agree once made safe ("a b", "a_b") or in their first 60 characters never
// share one; and never written through a symbolic link.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena::sim;
namespace fs = std::filesystem;

namespace {

const std::string kCallBot = std::string("proc:") + PROCESS_CALL_BOT;

fs::path fresh_folder(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() /
                         ("pokerarena_bot_logs_test_" + std::to_string(::getpid())) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

TournamentConfig two_bots(const std::string& first, const std::string& second) {
    TournamentConfig config;
    BotEntry& a = *config.add_bots();
    a.set_spec(kCallBot);
    a.set_name(first);
    BotEntry& b = *config.add_bots();
    b.set_spec(kCallBot);
    b.set_name(second);
    config.set_deals(20);
    return config;
}

std::set<std::string> logs_in(const fs::path& dir) {
    std::set<std::string> names;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir))
        names.insert(entry.path().filename().string());
    return names;
}

}  // namespace

TEST_CASE("process bots whose safe names agree each have a log of their own", "[process]") {
    const fs::path dir = fresh_folder("collide");
    {
        const Tournament t =
            make_tournament(two_bots("a b", "a_b"), BotLoading::Load, {}, dir / "r");
        CHECK(logs_in(dir) == std::set<std::string>{"r.0-a_b.stderr.log", "r.1-a_b.stderr.log"});
    }
    // Names equal in their first 60 characters (the part a log's name keeps).
    const std::string common(60, 'x');
    const fs::path long_dir = fresh_folder("long");
    const Tournament t =
        make_tournament(two_bots(common + "1", common + "2"), BotLoading::Load, {}, long_dir / "r");
    CHECK(logs_in(long_dir) ==
          std::set<std::string>{"r.0-" + common + ".stderr.log", "r.1-" + common + ".stderr.log"});
}

TEST_CASE("a process bot's log is never written through a symbolic link", "[process]") {
    const fs::path dir = fresh_folder("link");
    const fs::path victim = dir / "victim";
    std::ofstream(victim) << "precious\n";
    fs::create_symlink(victim, dir / "r.1-b.stderr.log");
    CHECK_THROWS_WITH(
        make_tournament(two_bots("a", "b"), BotLoading::Load, {}, dir / "r"),
        Catch::Contains("cannot write its log '" + (dir / "r.1-b.stderr.log").string() +
                        "': a symbolic link; a log is appended to, never through a link"));
    std::ifstream in(victim);
    CHECK(std::string(std::istreambuf_iterator<char>(in), {}) == "precious\n");
    CHECK(fs::is_symlink(dir / "r.1-b.stderr.log"));
}
