// Replay of input that holds no hand or cannot be read: an empty .phhs given by path, a .phhs
// without hands inside a folder, a hand file's symbolic link that leads nowhere, and card text
// quoted in errors as whole UTF-8 characters.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "pokerarena/engine/phh.hpp"
#include "pokerarena/engine/replay.hpp"

using namespace pokerarena;

namespace {

const std::filesystem::path kPhhData = std::filesystem::path(POKERARENA_TEST_DATA) / "phh";

// A fresh folder under the temporary folder, removed when the test ends.
class ScratchFolder {
  public:
    explicit ScratchFolder(const std::string& name)
        : path_(std::filesystem::temp_directory_path() / name) {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~ScratchFolder() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path file(const std::string& name, const std::string& text) const {
        const std::filesystem::path file = path_ / name;
        std::ofstream(file, std::ios::binary) << text;
        return file;
    }

  private:
    std::filesystem::path path_;
};

}  // namespace

TEST_CASE("Replay: an empty .phhs given by path is an error naming it", "[replay]") {
    const ScratchFolder folder("pokerarena-test-empty-phhs");
    const std::filesystem::path empty = folder.file("empty.phhs", "");
    const std::filesystem::path notes = folder.file("notes.phhs", "# no hand written\n");
    std::ostringstream report;
    const ReplaySummary summary = replay_files(std::vector{empty, notes}, false, report);
    CHECK(summary.line() == "2 hands, 0 matched, 0 mismatched, 2 errors, 0 unchecked, 0 skipped");
    CHECK_FALSE(summary.ok());
    const std::string why =
        ": no hands in the file (a .phhs file holds one table per hand: [1], [2], ...)\n";
    CHECK(report.str() == "ERROR " + empty.string() + why + "ERROR " + notes.string() + why +
                              summary.line() + "\n");
}

TEST_CASE("Replay: a .phhs without hands inside a folder is no error", "[replay]") {
    // As a run's hh_out folder holds for a unit all of whose sampled hands were too long for
    // PHH (the file then holds comments only).
    const ScratchFolder folder("pokerarena-test-phhs-in-folder");
    folder.file("unit-00000001.phhs", "");
    std::filesystem::copy_file(kPhhData / "pluribus" / "30" / "0.phh",
                               folder.path() / "unit-00000000.phh");
    std::ostringstream report;
    const ReplaySummary summary = replay_files(std::vector{folder.path()}, false, report);
    CHECK(summary.line() == "1 hands, 1 matched, 0 mismatched, 0 errors, 0 unchecked, 0 skipped");
    CHECK(summary.ok());
}

TEST_CASE("Replay: a hand file's link that leads nowhere is an error, the others replay",
          "[replay]") {
    const ScratchFolder folder("pokerarena-test-dangling-link");
    std::filesystem::copy_file(kPhhData / "pluribus" / "30" / "0.phh", folder.path() / "a.phh");
    const std::filesystem::path link = folder.path() / "b.phh";
    const std::filesystem::path target = folder.path() / "gone.phh";
    std::filesystem::create_symlink(target, link);
    // A link to a file that is not a hand file is not looked at, whatever it leads to.
    std::filesystem::create_symlink(target, folder.path() / "c.txt");
    std::ostringstream report;
    const ReplaySummary summary = replay_files(std::vector{folder.path()}, false, report);
    CHECK(summary.line() == "2 hands, 1 matched, 0 mismatched, 1 errors, 0 unchecked, 0 skipped");
    CHECK_FALSE(summary.ok());
    CHECK(report.str() == "ERROR " + link.string() + ": symbolic link to '" + target.string() +
                              "', which cannot be read: no such file or directory\n" +
                              summary.line() + "\n");
}

TEST_CASE("PHH errors quote a bad card as whole UTF-8 characters", "[phh]") {
    const std::string hand =
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [200, 200]\nactions = ['d dh p1 5\u2660"
        "4h']\n";
    const std::vector<PhhEntry> entries = parse_phh(hand, "suit.phh", false);
    REQUIRE(entries.size() == 1);
    REQUIRE(entries[0].status == PhhEntry::Status::Error);
    CHECK(entries[0].message ==
          "actions[0] 'd dh p1 5\u2660"
          "4h': bad card '5\u2660' (rank one of 23456789TJQKA, "
          "suit one of cdhs, or ?? if unknown)");
    // A symbol in the rank's place: the quote starts on it and holds all of it.
    const std::vector<PhhEntry> first = parse_phh(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [200, 200]\nactions = ['d dh p1 Ah\u2660s']\n",
        "rank.phh", false);
    REQUIRE(first.size() == 1);
    CHECK_THAT(first[0].message, Catch::Contains("bad card '\u2660'"));
}
