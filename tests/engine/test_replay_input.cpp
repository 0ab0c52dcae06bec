// Replay of input that holds no hand or cannot be read: an empty .phhs given by path, a .phhs
// without hands inside a folder, a hand file's symbolic link that leads nowhere, card text
// quoted in errors as whole UTF-8 characters, and actions of a player who is all-in.
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

// The replay of a hand that parses (errors of the reader are not the replay's).
ReplayResult replay_text(const std::string& text) {
    const std::vector<PhhEntry> entries = parse_phh(text, "test.phh", false);
    REQUIRE(entries.size() == 1);
    INFO(entries[0].message);
    REQUIRE(entries[0].status == PhhEntry::Status::Ok);
    return replay_entry(entries[0]);
}

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

TEST_CASE("Replay: an action of a player who is all-in names the player and the all-in",
          "[replay]") {
    // Heads-up, p2 (the button, 100 chips) is all-in preflop and p1 (200) calls: the board
    // runs out without betting. A bet by p2 was "the hand is already over", which sent the
    // reader looking for a missing fold.
    const std::string heads_up =
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [200, 100]\nactions = ['d dh p1 AhKh', 'd dh p2 QsQd', "
        "'p2 cbr 100', 'p1 cc', 'd db 2c3c4c', ";
    const ReplayResult all_in = replay_text(heads_up + "'p2 cbr 10']\n");
    CHECK(all_in.status == ReplayStatus::Error);
    CHECK(all_in.message ==
          "actions[5] 'p2 cbr 10': p2 is all-in (since actions[2]) and cannot act");
    // p1 still has chips but nobody to bet against: that hand is simply over.
    const ReplayResult covered = replay_text(heads_up + "'p1 cbr 10']\n");
    CHECK(covered.status == ReplayStatus::Error);
    CHECK(covered.message == "actions[5] 'p1 cbr 10': the hand is already over");

    // Three players, p3 all-in preflop; p1 and p2 bet on. p3's action is not out of turn: p3
    // cannot act at all.
    const std::string three =
        "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
        "starting_stacks = [200, 200, 50]\nactions = ['d dh p1 AhKh', 'd dh p2 QsQd', "
        "'d dh p3 7c2d', 'p3 cbr 50', 'p1 cc', 'p2 cc', 'd db 2c3c4c', 'p3 cbr 10']\n";
    const ReplayResult in_hand = replay_text(three);
    CHECK(in_hand.status == ReplayStatus::Error);
    CHECK(in_hand.message ==
          "actions[7] 'p3 cbr 10': p3 is all-in (since actions[3]) and cannot act; p1 is to act");

    // All-in by posting the big blind: no action of the file put p1 all-in.
    const ReplayResult blind = replay_text(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [2, 100]\nactions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'p2 cc', "
        "'d db 2c3c4c', 'p1 cc']\n");
    CHECK(blind.status == ReplayStatus::Error);
    CHECK(blind.message ==
          "actions[4] 'p1 cc': p1 is all-in (since the forced bets) and cannot act");
}
