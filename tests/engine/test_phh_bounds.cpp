// PHH from outside: text past the bounds toml++ survives (nesting, key length, size, UTF-8) is
// refused before parsing, naming the line; amounts past what a table holds are refused before
// play, naming the field. The reproductions are in tests/data/hostile/.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "pokerarena/engine/game_def.hpp"
#include "pokerarena/engine/phh.hpp"
#include "pokerarena/engine/replay.hpp"

using namespace pokerarena;

namespace {

const std::filesystem::path kHostile = std::filesystem::path(POKERARENA_TEST_DATA) / "hostile";

const std::string kHand =
    "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
    "starting_stacks = [200, 200]\nactions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'p2 f']\n"
    "finishing_stacks = [201, 199]\n";

// The one entry of a .phh text: its error message, or "" when it reads.
std::string read_message(const std::string& text) {
    const std::vector<PhhEntry> entries = parse_phh(text, "x.phh", false);
    REQUIRE(entries.size() == 1);
    return entries[0].status == PhhEntry::Status::Ok ? "" : entries[0].message;
}

std::string repeated(const std::string& piece, int times) {
    std::string text;
    for (int i = 0; i < times; ++i)
        text += piece;
    return text;
}

}  // namespace

TEST_CASE("PHH: a 100 KB dotted key is refused before toml++ recurses into it", "[phh]") {
    // It overflowed the stack inside toml++ (exit 139, no message).
    const std::vector<PhhEntry> entries = read_phh_file(kHostile / "deep_dotted_key.phh");
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].status == PhhEntry::Status::Error);
    CHECK(entries[0].location == (kHostile / "deep_dotted_key.phh").string());
    CHECK(entries[0].message ==
          "not read: line 1: nested more than 64 levels deep (dotted key and table header "
          "parts, arrays and inline tables)");
}

TEST_CASE("PHH: nesting counts headers, dotted keys, arrays and inline tables", "[phh]") {
    CHECK(read_message(kHand) == "");
    CHECK(read_message(kHand + "x = " + repeated("[", 65) + repeated("]", 65) + "\n") ==
          "not read: line 8: nested more than 64 levels deep (dotted key and table header "
          "parts, arrays and inline tables)");
    CHECK(read_message(kHand + "x = " + repeated("{ a = ", 40) + "1" + repeated("}", 40) + "\n")
              .starts_with("not read: line 8: nested more than 64 levels deep"));
    CHECK(read_message(kHand + "[" + repeated("a.", 64) + "a]\n")
              .starts_with("not read: line 8: nested more than 64 levels deep"));
    // A header's parts count under the keys of its section.
    CHECK(read_message(kHand + "[" + repeated("a.", 40) + "a]\n" + repeated("b.", 30) + "b = 1\n")
              .starts_with("not read: line 9: nested more than 64 levels deep"));
    // Brackets and dots in strings and comments are not structure.
    CHECK(read_message(kHand + "note = '" + repeated("[a.", 100) + "'\n# " + repeated("{", 100) +
                       "\nlong = \"\"\"\n" + repeated("[", 100) + "\n\"\"\"\n") == "");
    // Within the bound, toml++ reads it (and the reader keeps it as metadata).
    CHECK(read_message(kHand + "x = " + repeated("[", 30) + repeated("]", 30) + "\n") == "");
}

TEST_CASE("PHH: long keys, bytes that are not UTF-8 and non-ASCII keys are refused", "[phh]") {
    CHECK(read_message(kHand + repeated("k", 1025) + " = 1\n") ==
          "not read: line 8: a key longer than 1024 bytes");
    CHECK(read_message(kHand + "'" + repeated("k", 1030) + "' = 1\n") ==
          "not read: line 8: a key longer than 1024 bytes");
    CHECK(read_message(kHand + "a = '\xC3\x28'\n") == "not read: line 8: bytes that are not UTF-8");
    CHECK(read_message(kHand + "a = '\xED\xA0\x80'\n") ==  // a surrogate
          "not read: line 8: bytes that are not UTF-8");
    CHECK(read_message(kHand + "a = '\xE2\x82'") == "not read: line 8: bytes that are not UTF-8");
    CHECK(read_message(kHand + "\xC3\xA9t\xC3\xA9 = 1\n") ==
          "not read: line 8: a character other than ASCII outside a string or comment");
    // In strings and comments any UTF-8 is fine.
    CHECK(read_message(kHand + "event = 'Caf\xC3\xA9 \xF0\x9F\x82\xA1' # \xE2\x99\xA0\n") == "");
}

TEST_CASE("PHH: amounts past what a table holds are refused before play", "[phh]") {
    // min_bet near INT64_MAX made the minimum raise overflow in the table (UBSan), and a raise
    // to 6 was accepted.
    std::vector<PhhEntry> entries = read_phh_file(kHostile / "minbet_overflow.phh");
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].status == PhhEntry::Status::Error);
    CHECK(entries[0].message ==
          "min_bet: amount 9223372036854775807 is more than the 2305843009213693951 chip units "
          "a table holds (INT64_MAX / 4)");
    entries = read_phh_file(kHostile / "ft_bets_overflow.phh");
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].message ==
          "small_bet: amount 9223372036854775807 is more than the 2305843009213693951 chip units "
          "a table holds (INT64_MAX / 4)");
    CHECK(read_message("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, "
                       "2305843009213693952]\nmin_bet = 2\nstarting_stacks = [200, 200]\n"
                       "actions = []\n") ==
          "blinds_or_straddles[1]: amount 2305843009213693952 is more than the "
          "2305843009213693951 chip units a table holds (INT64_MAX / 4)");
}

TEST_CASE("GameDef: blinds, antes and bet sizes past what a table holds are not playable",
          "[rules]") {
    GameDef def = GameDef::fixed_limit_holdem(2, 200, 1, 2);
    REQUIRE(def.validate().empty());
    def.big_bet = kMaxTotalChips + 1;
    CHECK(def.validate() ==
          "big_bet = 2305843009213693952 is more than the 2305843009213693951 chips a table "
          "holds (INT64_MAX / 4)");
    def = GameDef::no_limit_holdem(2, 200, 1, 2);
    def.big_blind = std::numeric_limits<Chips>::max();
    CHECK(def.validate() ==
          "big_blind = 9223372036854775807 is more than the 2305843009213693951 chips a table "
          "holds (INT64_MAX / 4)");
}
