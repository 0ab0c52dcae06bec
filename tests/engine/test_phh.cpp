// PHH reading and writing: amounts, cards, actions, .phhs files, metadata, every kind of bad
// input, and the text round trip.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "pokerarena/engine/phh.hpp"
#include "pokerarena/engine/replay.hpp"

using namespace pokerarena;

namespace {

const std::filesystem::path kPhhData = std::filesystem::path(POKERARENA_TEST_DATA) / "phh";

// Parses one .phh text and requires it to be read without error.
PhhHand read_ok(const std::string& text) {
    const std::vector<PhhEntry> entries = parse_phh(text, "test.phh", false);
    REQUIRE(entries.size() == 1);
    INFO(entries[0].message);
    REQUIRE(entries[0].status == PhhEntry::Status::Ok);
    return entries[0].hand;
}

// The error message for one .phh text (requires it to be an error).
std::string read_error(const std::string& text) {
    const std::vector<PhhEntry> entries = parse_phh(text, "test.phh", false);
    REQUIRE(entries.size() == 1);
    REQUIRE(entries[0].status == PhhEntry::Status::Error);
    return entries[0].message;
}

// A heads-up no-limit hand with the given extra lines; blinds 1/2, stacks 200.
std::string heads_up(const std::string& actions, const std::string& extra = "") {
    return "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
           "starting_stacks = [200, 200]\nactions = [" +
           actions + "]\n" + extra;
}

}  // namespace

TEST_CASE("PHH decimal amounts become whole chip units without floating point", "[phh]") {
    const PhhHand hand = read_ok(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [500, 1000]\nmin_bet = 1000\n"
        "starting_stacks = [1259450.25, 678473.5]\n"
        "actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'p2 cbr 3000.5', 'p1 f']\n"
        "finishing_stacks = [1258450.25, 679473.5]\n");
    CHECK(hand.chip_decimals == 2);  // set by 1259450.25
    CHECK(hand.starting_stacks == std::vector<Chips>{125945025, 67847350});
    CHECK(hand.blinds_or_straddles == std::vector<Chips>{50000, 100000});
    CHECK(hand.min_bet == 100000);
    REQUIRE(hand.actions.size() == 4);
    CHECK(hand.actions[2].kind == PhhActionKind::BetRaiseTo);
    CHECK(hand.actions[2].amount == 300050);
    REQUIRE(hand.finishing_stacks);
    CHECK((*hand.finishing_stacks)[0] == PhhDecimal{125845025, 2});
    CHECK((*hand.finishing_stacks)[1] == PhhDecimal{6794735, 1});
}

TEST_CASE("PHH numbers are read from the file text, beyond what a double holds", "[phh]") {
    // 0.10000000000000001 and 0.1 are the same double; the chip unit must still be 10^-17.
    const PhhHand hand = read_ok(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.1, 0.2]\nmin_bet = 0.2\n"
        "starting_stacks = [0.10000000000000001, 1_5.0]\nactions = []\n"
        "finishing_stacks = [9900.0, 1e3]\n");
    CHECK(hand.chip_decimals == 17);
    CHECK(hand.starting_stacks[0] == 10000000000000001);
    CHECK(hand.starting_stacks[1] == 1500000000000000000);  // 15 * 10^17 fits in 64 bits
    CHECK((*hand.finishing_stacks)[0] == PhhDecimal{9900, 0});
    CHECK((*hand.finishing_stacks)[1] == PhhDecimal{1000, 0});
    CHECK(read_error("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.1, 0.2]\n"
                     "min_bet = 0.2\nstarting_stacks = [0.10000000000000001, 100]\n"
                     "actions = []\n") ==
          "starting_stacks[1]: amount 100 does not fit in 64-bit chips");
    CHECK(to_string(PhhDecimal{101625, 1}) == "10162.5");
    CHECK(to_string(PhhDecimal{5, 3}) == "0.005");
    CHECK(to_string(PhhDecimal{-325, 2}) == "-3.25");
}

TEST_CASE("PHH columns count code points, so amounts after non-ASCII text are exact", "[phh]") {
    const PhhHand hand = read_ok(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [200, 200]\nactions = []\n"
        "players = ['Zoë Ærø', 'Łukasz']\nfinishing_stacks = [199.75, 200.25]\n"
        "note = { who = 'Élan', amount = 0.30000000000000004 }\n");
    CHECK(hand.players == std::vector<std::string>{"Zoë Ærø", "Łukasz"});
    CHECK((*hand.finishing_stacks)[0] == PhhDecimal{19975, 2});
}

TEST_CASE("PHH cards: known, unknown, shown later, and shown with '-'", "[phh]") {
    const PhhHand hand = read_ok(heads_up(
        "'d dh p1 ?\?\?\?', 'd dh p2 As?\?', 'p2 cc', 'p1 cc', 'd db 2c7d9h', 'p1 cc', 'p2 cc',"
        "'d db Js', 'p1 cc', 'p2 cc', 'd db 3c', 'p1 cc', 'p2 cc', 'p1 sm KhKd', 'p2 sm AsAd'"));
    REQUIRE(hand.actions.size() == 15);
    CHECK(hand.actions[0].cards.size() == 2);
    CHECK_FALSE(hand.actions[0].cards[0].has_value());
    CHECK(hand.actions[1].cards[0] == Card::parse("As"));
    CHECK_FALSE(hand.actions[1].cards[1].has_value());
    CHECK(hand.actions[4].kind == PhhActionKind::DealBoard);
    CHECK(hand.actions[4].player == -1);
    CHECK(hand.actions[13].cards[1] == Card::parse("Kd"));

    const PhhHand dash = read_ok(heads_up("'d dh p1 AhKh', 'd dh p2 QsQd', 'p2 cc', 'p1 sm -'"));
    CHECK(dash.actions[3].show_dealt);
    CHECK(dash.actions[3].cards.empty());
    const PhhHand muck = read_ok(heads_up("'d dh p1 AhKh', 'd dh p2 QsQd', 'p2 sm'"));
    CHECK(muck.actions[2].kind == PhhActionKind::ShowOrMuck);
    CHECK_FALSE(muck.actions[2].show_dealt);
    CHECK(muck.actions[2].cards.empty());
}

TEST_CASE("PHH no-ops are dropped, commentary is kept, indexes stay the file's", "[phh]") {
    const PhhHand hand =
        read_ok(heads_up("'d dh p1 AhKh', 'd dh p2 QsQd', '', '# burn card 6s exposed', "
                         "'  p2   cbr  6  # opens', 'p1 f#tired'"));
    REQUIRE(hand.actions.size() == 4);
    CHECK(hand.actions[2].index == 4);
    CHECK(hand.actions[2].amount == 6);
    CHECK(hand.actions[2].commentary == "opens");
    CHECK(hand.actions[3].index == 5);
    CHECK(hand.actions[3].commentary == "tired");
    CHECK(to_phh_text(hand.actions[2], 0) == "p2 cbr 6 # opens");
}

TEST_CASE("PHH heads-up forced bets are kept as written (replay reverses them)", "[phh]") {
    const PhhHand hand = read_ok(
        "variant = 'NT'\nantes = [0, 3]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [200, 150]\nactions = []\n");
    CHECK(hand.antes == std::vector<Chips>{0, 3});
    CHECK(hand.blinds_or_straddles == std::vector<Chips>{1, 2});
}

TEST_CASE("PHH fixed-limit hands use small_bet and big_bet", "[phh]") {
    const PhhHand hand = read_ok(
        "variant = 'FT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\n"
        "big_bet = 4\nstarting_stacks = [100, 100, 100]\nactions = []\n");
    CHECK(hand.variant == PhhVariant::FixedLimitHoldem);
    CHECK(hand.small_bet == 2);
    CHECK(hand.big_bet == 4);
    CHECK(read_error("variant = 'FT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n"
                     "small_bet = 2\nbig_bet = 4\nmin_bet = 2\nstarting_stacks = [100, 100]\n"
                     "actions = []\n") == "min_bet: not a field of fixed-limit variant 'FT'");
}

TEST_CASE("PHH variants other than NT, FT, NS, PO and FO/8 are unsupported, not errors", "[phh]") {
    const auto entries = parse_phh("variant = 'F7S'\nantes = [1, 1]\n", "stud.phh", false);
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].status == PhhEntry::Status::Unsupported);
    CHECK(entries[0].message == "unsupported variant 'F7S'");
    CHECK(replay_entry(entries[0]).status == ReplayStatus::Unsupported);
}

TEST_CASE("PHH .phhs files hold one hand per table, read in file order", "[phh]") {
    const std::string hand = heads_up("'d dh p1 AhKh', 'd dh p2 QsQd', 'p2 f'");
    const std::string text =
        "[10]\n" + hand + "\n[2]\n" + hand + "\n[1]\nvariant = 'NT'\n\n['hand four']\n" + hand;
    const auto entries = parse_phh(text, "many.phhs", true);
    REQUIRE(entries.size() == 4);
    CHECK(entries[0].location == "many.phhs [10]");
    CHECK(entries[1].location == "many.phhs [2]");
    CHECK(entries[2].location == "many.phhs [1]");
    CHECK(entries[2].status == PhhEntry::Status::Error);
    CHECK(entries[2].message == "missing field 'antes'");
    CHECK(entries[3].location == "many.phhs [hand four]");
    CHECK(entries[0].status == PhhEntry::Status::Ok);
    CHECK(entries[3].status == PhhEntry::Status::Ok);
}

// A .phhs of plain [N] hands is parsed a hand at a time (a whole 100 MB file's tables took
// 2 GB): bad TOML in one hand is that hand's error, at its line in the file, and the hands
// around it are still read. (Read whole, the file was one error and no hand.)
TEST_CASE("PHH .phhs hands are parsed one at a time, bad TOML in one is its own error", "[phh]") {
    const std::string hand = heads_up("'d dh p1 AhKh', 'd dh p2 QsQd', 'p2 f'");
    const std::string text =
        "# three hands\n[1]\n" + hand + "\n[2]\nvariant = 'NT\n[3]  # last\n" + hand;
    const auto entries = parse_phh(text, "many.phhs", true);
    REQUIRE(entries.size() == 3);
    CHECK(entries[0].status == PhhEntry::Status::Ok);
    CHECK(entries[1].location == "many.phhs [2]");
    CHECK(entries[1].status == PhhEntry::Status::Error);
    // Line 11 of the file: the comment, [1], its 6 lines and a blank line come before [2].
    CHECK_THAT(entries[1].message, Catch::StartsWith("bad TOML at line 11, column "));
    CHECK(entries[2].location == "many.phhs [3]");
    CHECK(entries[2].status == PhhEntry::Status::Ok);
    CHECK(entries[2].hand == entries[0].hand);
}

// Text that is parsed whole (a .phh, or a .phhs whose tables are not all hands) is refused
// past 16 MiB before toml++ builds its tables (about 20 times the text).
TEST_CASE("PHH text parsed as one document is refused past 16 MiB", "[phh]") {
    const std::string comment = "# " + std::string(std::size_t{16} << 20, 'x') + "\n";
    const std::string hand = heads_up("'d dh p1 AhKh', 'd dh p2 QsQd', 'p2 f'");
    CHECK(read_error(comment + hand) ==
          "not read: " + std::to_string(comment.size() + hand.size()) +
              " bytes for one hand, more than the 16 MiB read as one TOML document; a hand "
              "takes a few KB");
    const auto entries = parse_phh("key = 1\n" + comment + "[1]\n" + hand, "big.phhs", true);
    REQUIRE(entries.size() == 1);
    CHECK_THAT(entries[0].message,
               Catch::EndsWith(" bytes whose tables are not each a hand ([1], [2], ...), more "
                               "than the 16 MiB read as one TOML document; a hand takes a few "
                               "KB"));
    // The same bytes as hands of their own are read, each well under the bound.
    const auto hands = parse_phh(comment + "[1]\n" + hand + "[2]\n" + hand, "big.phhs", true);
    REQUIRE(hands.size() == 2);
    CHECK(hands[1].status == PhhEntry::Status::Ok);
}

TEST_CASE("PHH reader rejects bad fields with a message naming the field", "[phh]") {
    CHECK(read_error("variant = 'NT'\n") == "missing field 'antes'");
    CHECK(read_error("antes = [0, 0]\n") == "missing field 'variant'");
    CHECK(read_error(heads_up("", "players = ['a']\n")) ==
          "players: 1 entries, but starting_stacks has 2 (one per player)");
    CHECK(read_error(heads_up("", "finishing_stacks = [1, 2, 3]\n")) ==
          "finishing_stacks: 3 entries, but starting_stacks has 2 (one per player)");
    CHECK(read_error("variant = 'NT'\nantes = [0]\nblinds_or_straddles = [1]\nmin_bet = 2\n"
                     "starting_stacks = [200]\nactions = []\n") ==
          "starting_stacks: 1 players; a table seats 2 to 10");
    CHECK(read_error("variant = 'NT'\nantes = [0, -1]\nblinds_or_straddles = [1, 2]\n"
                     "min_bet = 2\nstarting_stacks = [200, 200]\nactions = []\n") ==
          "antes[1]: amount -1 is negative");
    CHECK(read_error("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n"
                     "min_bet = 2\nstarting_stacks = [200, inf]\nactions = []\n") ==
          "starting_stacks[1]: 'inf' is not a finite amount (unknown stacks are not supported)");
    CHECK(read_error("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n"
                     "min_bet = 2\nstarting_stacks = [200, 0]\nactions = []\n") ==
          "starting_stacks[1]: a stack must be positive");
    CHECK(read_error("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = ['1', 2]\n"
                     "min_bet = 2\nstarting_stacks = [200, 200]\nactions = []\n") ==
          "blinds_or_straddles[0]: expected a number");
    CHECK(read_error(heads_up("", "ante_trimming_status = 1\n")) ==
          "ante_trimming_status: expected true or false");
}

TEST_CASE("PHH reader rejects bad actions with the action's index and text", "[phh]") {
    CHECK(read_error(heads_up("'d dh p1 AhKh', 'd dh p2 QsQd', 'p2 raise 6'")) ==
          "actions[2] 'p2 raise 6': unknown action 'raise' (expected f, cc, cbr or sm)");
    CHECK(read_error(heads_up("'d dh p1 AhKh', 'd dh p2 QsQd', 'p2 cbr'")) ==
          "actions[2] 'p2 cbr': expected 'pN cbr AMOUNT'");
    CHECK(read_error(heads_up("'d dh p1 AhKh', 'd dh p2 QsQd', 'p2 cbr six'")) ==
          "actions[2] 'p2 cbr six': 'six' is not a number");
    CHECK(read_error(heads_up("'d dh p1 AhKh', 'd dh p2 QsQd', 'p2 cbr 0'")) ==
          "actions[2] 'p2 cbr 0': the amount must be positive");
    CHECK(read_error(heads_up("'d dh p1 AhKx'")) ==
          "actions[0] 'd dh p1 AhKx': bad card 'Kx' (rank one of 23456789TJQKA, suit one of "
          "cdhs, or ?? if unknown)");
    CHECK(read_error(heads_up("'d dh p1 AhKhQh'")) ==
          "actions[0] 'd dh p1 AhKhQh': a hold'em player is dealt 2 hole cards, not 3");
    CHECK(read_error(heads_up("'d dh p1 AhKh', 'p1 f'")) ==
          "actions[1] 'p1 f': p2 has no hole cards yet (every player is dealt first)");
    CHECK(read_error(heads_up("'d dh p1 AhKh', 'd dh p2 QsQd', 'p2 cc', 'p1 cc', 'd db 2c7d'")) ==
          "actions[4] 'd db 2c7d': this deal is 3 board cards, not 2");
    CHECK(read_error(heads_up("'d dh p1 AhKh', 'd dh p2 QsQd', 'p2 cc', 'p1 sm QhQc'")) ==
          "actions[3] 'p1 sm QhQc': p1 shows cards that differ from the ones dealt (Ah)");
    CHECK(read_error(heads_up("'d dh p1 AhKh', 'd dh p2 QsQd', 'p2 sd'")) ==
          "actions[2] 'p2 sd': 'sd' is not a hold'em action");
    CHECK(read_error(heads_up("'x dh p1 AhKh'")) ==
          "actions[0] 'x dh p1 AhKh': expected an actor 'd' or 'p1'..'p2', saw 'x'");
    CHECK(read_error(heads_up("'d dh p1 AhKh', 'd dh p1 QsQd'")) ==
          "actions[1] 'd dh p1 QsQd': p1 is dealt hole cards twice");
}

TEST_CASE("PHH malformed fixtures each give one clear error naming the file and the field",
          "[phh]") {
    struct Case {
        const char* file;
        const char* message;
    };
    const Case cases[] = {
        {"bad_toml.phh",
         "bad TOML at line 8, column 1: Error while parsing array: expected comma or closing "
         "']', saw 'f'"},
        {"unknown_variant.phh",
         "variant: unknown variant 'NLHE' (PHH codes: NT, FT, NS, PO, FO/8, F7S, F7S/8, FR, "
         "N2L1D, F2L3D, FB)"},
        {"wrong_array_length.phh", "antes: 5 entries, but starting_stacks has 6 (one per player)"},
        {"card_dealt_twice.phh",
         "actions[12] 'd db Ad7h2c': card Ad dealt twice (first at actions[4])"},
        {"folded_player_acts.phh", "actions[11] 'p3 cc': p3 acts after folding at actions[6]"},
        {"too_many_decimals.phh",
         "actions[8] 'p5 cbr 225.5': amount 225.5 has more decimals than the chip unit 1 of "
         "this hand (set by the stacks, forced bets and minimum bets)"},
        {"missing_min_bet.phh", "missing field 'min_bet' (required for variant 'NT')"},
        {"raise_below_minimum.phh",
         "actions[8] 'p5 cbr 150': raise to 150 is below the minimum raise to 200"},
        {"out_of_turn.phh", "actions[6] 'p4 f': p4 acts out of turn; p3 is to act"},
        {"fixed_limit_fifth_bet.phh",
         "actions[6] 'p3 cbr 10': raise cap reached: 4 bets and raises this round (PokerKit "
         "allows a fifth bet before the flop: it does not count the big blind as the first "
         "bet)"},
        {"huge_stacks.phh",
         "the hand's rules are not playable: starting_stacks add up to more than "
         "2305843009213693951 chips (INT64_MAX / 4)"},
    };
    for (const Case& c : cases) {
        const std::filesystem::path path = kPhhData / "bad" / c.file;
        INFO(path.string());
        const std::vector<PhhEntry> entries = read_phh_file(path);
        REQUIRE(entries.size() == 1);
        const ReplayResult result = replay_entry(entries[0]);
        CHECK(result.status == ReplayStatus::Error);
        CHECK(result.location == path.string());
        CHECK(result.message == c.message);
    }

    // A .phhs with one bad hand: the others still read and replay.
    const auto entries = read_phh_file(kPhhData / "bad" / "mixed.phhs");
    REQUIRE(entries.size() == 3);
    CHECK(replay_entry(entries[0]).status == ReplayStatus::Matched);
    const ReplayResult bad = replay_entry(entries[1]);
    CHECK(bad.status == ReplayStatus::Error);
    CHECK(bad.location == (kPhhData / "bad" / "mixed.phhs").string() + " [2]");
    CHECK(bad.message == "actions[6] 'p7 f': no player 'p7' (the hand has p1..p6)");
    CHECK(replay_entry(entries[2]).status == ReplayStatus::Matched);

    CHECK(read_phh_file(kPhhData / "bad" / "no_such_file.phh")[0].message ==
          "cannot read the file: no such file or directory");
}

TEST_CASE("PHH written and read back is the same hand, for every fixture", "[phh]") {
    int hands = 0;
    for (const auto& file : find_phh_files(std::vector{kPhhData})) {
        if (file.parent_path().filename() == "bad") continue;
        for (const PhhEntry& entry : read_phh_file(file)) {
            if (entry.status != PhhEntry::Status::Ok) continue;
            INFO(entry.location);
            const std::string text = write_phh(entry.hand);
            const auto again = parse_phh(text, "again.phh", false);
            REQUIRE(again.size() == 1);
            INFO(text);
            REQUIRE(again[0].status == PhhEntry::Status::Ok);
            PhhHand expected = entry.hand;
            for (std::size_t i = 0; i < expected.actions.size(); ++i) {
                expected.actions[i].index = static_cast<int>(i);  // no-ops are not written
            }
            CHECK(again[0].hand == expected);
            ++hands;
        }
    }
    CHECK(hands >= 300);
}

TEST_CASE("PHH .phhs written and read back gives the same hands in order", "[phh]") {
    std::vector<PhhHand> hands;
    for (const char* name : {"pluribus/30/0.phh", "wsop/2023/43/5/2.phh", "dwan-ivey-2009.phh"}) {
        const auto entries = read_phh_file(kPhhData / name);
        REQUIRE(entries.size() == 1);
        REQUIRE(entries[0].status == PhhEntry::Status::Ok);
        hands.push_back(entries[0].hand);
        for (std::size_t i = 0; i < hands.back().actions.size(); ++i) {
            hands.back().actions[i].index = static_cast<int>(i);
        }
    }
    const auto entries = parse_phh(write_phhs(hands), "all.phhs", true);
    REQUIRE(entries.size() == 3);
    for (int i = 0; i < 3; ++i) {
        CHECK(entries[i].location == "all.phhs [" + std::to_string(i + 1) + "]");
        CHECK(entries[i].hand == hands[i]);
    }
}

TEST_CASE("PHH writer escapes strings and keeps metadata", "[phh]") {
    PhhHand hand = read_ok(heads_up("'d dh p1 AhKh', 'd dh p2 QsQd', 'p2 f # says \"gg\"'",
                                    "author = 'Juho Kim'\nhand = 7\nplayers = ['A \\\\ B', 'C']\n"
                                    "extra = { x = [1, 2], y = 'z' }\n"));
    const std::string text = write_phh(hand);
    CHECK(text.find("\"p2 f # says \\\"gg\\\"\"") != std::string::npos);
    CHECK(text.find("hand = 7\n") != std::string::npos);
    CHECK(read_ok(text) == hand);
    REQUIRE(hand.metadata.size() == 3);
    CHECK(hand.metadata[0].first == "author");
    CHECK(hand.metadata[2].first == "extra");
}
