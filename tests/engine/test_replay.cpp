// Replaying PHH hands through the engine: the real hands of tests/data/phh and ../shared/phh,
// heads-up order, the odd-chip convention, replay errors, the summary, and the round trip of
// engine-played hands through PHH.
#include <catch2/catch.hpp>

#include <bit>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "pokerarena/engine/phh.hpp"
#include "pokerarena/engine/replay.hpp"
#include "pokerarena/engine/table.hpp"

using namespace pokerarena;

namespace {

const std::filesystem::path kPhhData = std::filesystem::path(POKERARENA_TEST_DATA) / "phh";
const std::filesystem::path kSharedPhh = POKERARENA_SHARED_PHH;

ReplayResult replay_text(const std::string& text) {
    const auto entries = parse_phh(text, "test.phh", false);
    REQUIRE(entries.size() == 1);
    INFO(entries[0].message);
    REQUIRE(entries[0].status == PhhEntry::Status::Ok);
    return replay_entry(entries[0]);
}

// Replays everything under `folders`, failing with the problems (and each stack difference)
// if anything mismatched or failed.
ReplaySummary replay_all(const std::vector<std::filesystem::path>& folders) {
    std::ostringstream report;
    const ReplaySummary summary = replay_files(folders, true, report);
    std::istringstream lines(report.str());
    std::string problems;
    for (std::string line; std::getline(lines, line);) {
        if (line.starts_with("ERROR") || line.starts_with("MISMATCH") || line.starts_with("  ")) {
            problems += line + "\n";
        }
    }
    INFO(problems);
    CHECK(summary.mismatched == 0);
    CHECK(summary.errors == 0);
    return summary;
}

}  // namespace

TEST_CASE("Replay: every real hand in tests/data/phh replays and matches", "[replay]") {
    const ReplaySummary summary =
        replay_all({kPhhData / "pluribus", kPhhData / "wsop", kPhhData / "dwan-ivey-2009.phh",
                    kPhhData / "antonius-blom-2009.phh", kPhhData / "phua-xuan-2019.phh",
                    kPhhData / "alice-carol-wikipedia.phh", kPhhData / "arieh-yockey-2019.phh"});
    CHECK(summary.hands == 313);
    CHECK(summary.matched == 308);  // 298 Pluribus, 6 WSOP no-limit, 4 WSOP fixed-limit
    // dwan-ivey-2009, antonius-blom-2009 (pot-limit Omaha) and phua-xuan-2019 (short-deck)
    // have no finishing stacks
    CHECK(summary.unchecked == 3);
    CHECK(summary.skipped == 2);  // badugi, triple draw
}

// Hidden ("[.shared]"): tests/CMakeLists.txt registers it only when the folder exists.
TEST_CASE("Replay: every NT, FT, NS, PO and FO/8 hand of ../shared/phh matches",
          "[replay][.shared]") {
    REQUIRE(std::filesystem::is_directory(kSharedPhh));
    const ReplaySummary summary = replay_all({kSharedPhh});
    CHECK(summary.line() ==
          "4763 hands, 4738 matched, 0 mismatched, 0 errors, 3 unchecked, 22 skipped");
}

TEST_CASE("Replay: the short-deck hand Phua-Xuan 2019 plays to PokerKit's result", "[replay]") {
    // Antes of 3000 and a button blind of 3000 (p6); Xuan (p3) calls Phua's (p5) all-in of
    // 298000 with QhQd against KhKs; the board 9h 6c Kc Jh Ts gives Xuan the straight 9-K and
    // Phua three kings. The short deck ranks a straight above three of a kind, so Xuan takes
    // the pot of 623000 (18000 in antes, 3000 from each of p1, p2 and p6, 298000 twice). The
    // file has no finishing stacks: these are derived by hand.
    std::ifstream in(kPhhData / "phua-xuan-2019.phh");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE_FALSE(text.empty());
    const ReplayResult unchecked = replay_text(text);
    CHECK(unchecked.status == ReplayStatus::Unchecked);
    const std::vector<Chips> xuan_wins = {489000, 226000, 684000, 400000, 0, 198000};
    CHECK(unchecked.engine_stacks == xuan_wins);
    const ReplayResult matched =
        replay_text(text + "finishing_stacks = [489000, 226000, 684000, 400000, 0, 198000]\n");
    CHECK(matched.status == ReplayStatus::Matched);
    // Three of a kind above the straight (another house rule) would have paid Phua.
    const ReplayResult phua_wins =
        replay_text(text + "finishing_stacks = [489000, 226000, 61000, 400000, 623000, 198000]\n");
    CHECK(phua_wins.status == ReplayStatus::Mismatched);
}

TEST_CASE("Replay: a short-deck hand is refused a card below the six", "[replay]") {
    const auto entries = parse_phh(
        "variant = 'NS'\nantes = [1, 1, 1]\nblinds_or_straddles = [0, 0, 2]\nmin_bet = 2\n"
        "starting_stacks = [100, 100, 100]\nactions = ['d dh p1 AhKh', 'd dh p2 5s6s']\n",
        "sd.phh", false);
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].status == PhhEntry::Status::Error);
    CHECK(entries[0].message ==
          "actions[1] 'd dh p2 5s6s': card 5s is not in the short deck of variant 'NS' (sixes to "
          "aces)");
}

TEST_CASE("Replay: heads-up forced bets are reversed and the button acts first", "[replay]") {
    // p2 is the button: posts the small blind 1 and acts first before the flop; p1 posts 2
    // and acts first after it.
    const std::string setup =
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [200, 150]\n";
    const ReplayResult ok =
        replay_text(setup +
                    "actions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'p2 cc', 'p1 cbr 6', 'p2 cc', "
                    "'d db 2c7d9h', 'p1 cbr 10', 'p2 f']\nfinishing_stacks = [206, 144]\n");
    CHECK(ok.status == ReplayStatus::Matched);
    CHECK(ok.engine_stacks == std::vector<Chips>{206, 144});

    const ReplayResult wrong_order =
        replay_text(setup + "actions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'p1 cc']\n");
    CHECK(wrong_order.status == ReplayStatus::Error);
    CHECK(wrong_order.message == "actions[2] 'p1 cc': p1 acts out of turn; p2 is to act");

    // Heads-up antes are reversed too: [0, 3] means the button p2 pays no ante, p1 pays 3.
    const ReplayResult antes = replay_text(
        "variant = 'NT'\nantes = [0, 3]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'p2 f']\n"
        "finishing_stacks = [201, 199]\n");
    CHECK(antes.status == ReplayStatus::Matched);
}

TEST_CASE(
    "Replay: a half-chip difference is accepted only for split-pot winners whose file amount has "
    "the half",
    "[replay]") {
    // Antes 1 each, blinds 1/2: p3 folds, the pot of 7 is split by the board's royal flush.
    // The engine gives the odd chip to p1 (first left of the button p3): 101 and 100.
    const std::string hand =
        "variant = 'NT'\nantes = [1, 1, 1]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
        "starting_stacks = [100, 100, 100]\n"
        "actions = ['d dh p1 2c3d', 'd dh p2 4c5d', 'd dh p3 6c7d', 'p3 f', 'p1 cc', 'p2 cc',"
        "'d db AsKsQs', 'p1 cc', 'p2 cc', 'd db Js', 'p1 cc', 'p2 cc', 'd db Ts', 'p1 cc', "
        "'p2 cc', 'p1 sm 2c3d', 'p2 sm 4c5d']\n";
    const ReplayResult halves = replay_text(hand + "finishing_stacks = [100.5, 100.5, 99]\n");
    CHECK(halves.status == ReplayStatus::Matched);
    CHECK(halves.engine_stacks == std::vector<Chips>{101, 100, 99});
    REQUIRE(halves.differences.size() == 2);
    CHECK(halves.differences[0] ==
          "p1: file 100.5, engine 101 (odd chip of a split pot, accepted)");

    CHECK(replay_text(hand + "finishing_stacks = [101, 100, 99]\n").differences.empty());

    // Whole chips show no half-chip convention: the odd chip given to p2 instead of p1 is a
    // mismatch (it was accepted as "one chip of a split pot").
    const ReplayResult wrong_odd_chip = replay_text(hand + "finishing_stacks = [100, 101, 99]\n");
    CHECK(wrong_odd_chip.status == ReplayStatus::Mismatched);
    CHECK(wrong_odd_chip.message == "finishing stacks differ for p1, p2");

    // Two chip units off is too many, and a player outside the split gets no tolerance.
    const ReplayResult far = replay_text(hand + "finishing_stacks = [102.5, 98.5, 99]\n");
    CHECK(far.status == ReplayStatus::Mismatched);
    const ReplayResult outsider = replay_text(hand + "finishing_stacks = [101, 99.5, 99.5]\n");
    CHECK(outsider.status == ReplayStatus::Mismatched);
    CHECK(outsider.message == "finishing stacks differ for p3");

    // No split: p1 wins alone, and half a chip is a mismatch.
    const ReplayResult alone = replay_text(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [100, 100]\nactions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'p2 f']\n"
        "finishing_stacks = [100.5, 99.5]\n");
    CHECK(alone.status == ReplayStatus::Mismatched);
    CHECK(alone.differences ==
          std::vector<std::string>{"p1: file 100.5, engine 101", "p2: file 99.5, engine 99"});
}

TEST_CASE("Replay: errors name the action where the file and the engine part", "[replay]") {
    const std::string setup =
        "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
        "starting_stacks = [100, 100, 100]\n";
    const std::string deal = "'d dh p1 AhKh', 'd dh p2 QsQd', 'd dh p3 7c2d', ";

    const ReplayResult early_board =
        replay_text(setup + "actions = [" + deal + "'p3 cc', 'd db 2c7d9h', 'p1 cc']\n");
    CHECK(early_board.status == ReplayStatus::Error);
    CHECK(early_board.message ==
          "actions[4] 'd db 2c7d9h': board cards dealt while p1 is "
          "still to act");

    const ReplayResult late_board =
        replay_text(setup + "actions = [" + deal + "'p3 cc', 'p1 cc', 'p2 cc', 'p1 cc']\n");
    CHECK(late_board.status == ReplayStatus::Error);
    CHECK(late_board.message ==
          "actions[6] 'p1 cc': the betting round closed and 3 board "
          "cards are out, but the file has dealt 0");

    const ReplayResult after_end =
        replay_text(setup + "actions = [" + deal + "'p3 f', 'p1 f', 'p2 cbr 4']\n");
    CHECK(after_end.status == ReplayStatus::Error);
    CHECK(after_end.message == "actions[5] 'p2 cbr 4': the hand is already over");

    const ReplayResult extra_board =
        replay_text(setup + "actions = [" + deal + "'p3 f', 'p1 f', 'd db 2c7d9h']\n");
    CHECK(extra_board.status == ReplayStatus::Error);
    CHECK(extra_board.message == "actions[5] 'd db 2c7d9h': the hand ended with 0 board cards out");

    // The engine's messages come back in PHH terms: players, not 0-based seats, and a note
    // on the unit when the hand's amounts have decimals.
    const ReplayResult free_fold = replay_text(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'p2 cc', "
        "'p1 f']\n");
    CHECK(free_fold.message ==
          "actions[3] 'p1 f': p1 may check; folding is refused when there is no bet to call");
    const ReplayResult small_raise = replay_text(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.5, 1]\nmin_bet = 1\n"
        "starting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 QsQd', "
        "'p2 cbr 1.5']\n");
    CHECK(small_raise.message ==
          "actions[2] 'p2 cbr 1.5': raise to 15 is below the minimum "
          "raise to 20 (engine amounts are in chip units of 0.1)");

    // A muck concedes in PHH; the engine shows every hand, so mucking the winner mismatches.
    const ReplayResult muck = replay_text(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [200, 200]\nactions = ['d dh p1 AhAd', 'd dh p2 KsKd', 'p2 cc', "
        "'p1 cc', 'd db 2c7d9h', 'p1 cc', 'p2 cc', 'd db 3s', 'p1 cc', 'p2 cc', 'd db 4h', "
        "'p1 cc', 'p2 cc', 'p2 sm KsKd', 'p1 sm']\nfinishing_stacks = [198, 202]\n");
    CHECK(muck.status == ReplayStatus::Mismatched);
    CHECK(muck.message ==
          "finishing stacks differ for p1, p2; p1 mucked but wins at the "
          "engine's showdown, which shows every hand still in");

    const ReplayResult partial = replay_text(setup + "actions = [" + deal + "'p3 f']\n");
    CHECK(partial.status == ReplayStatus::Unchecked);
    CHECK(partial.message == "the actions end before the hand is over");
    const ReplayResult partial_with_result =
        replay_text(setup + "actions = [" + deal + "'p3 f']\nfinishing_stacks = [1, 2, 297]\n");
    CHECK(partial_with_result.status == ReplayStatus::Error);
    CHECK(partial_with_result.message ==
          "actions: they end before the hand is over (p1 is to act)");

    // A showdown against unknown cards proves nothing.
    const ReplayResult unknown = replay_text(
        setup +
        "actions = ['d dh p1 AhKh', 'd dh p2 ?\?\?\?', 'd dh p3 7c2d', 'p3 f', 'p1 cbr 100',"
        "'p2 cc', 'd db 2c7d9h', 'd db 3s', 'd db 4s']\nfinishing_stacks = [0, 200, 100]\n");
    CHECK(unknown.status == ReplayStatus::Unchecked);
    CHECK(unknown.message == "p2's cards at showdown are unknown");
}

TEST_CASE("Replay: the summary line and the report of a folder with bad files", "[replay]") {
    std::ostringstream report;
    const ReplaySummary summary =
        replay_files(std::vector{kPhhData / "bad", kPhhData / "missing"}, false, report);
    CHECK(summary.line() == "16 hands, 2 matched, 1 mismatched, 13 errors, 0 unchecked, 0 skipped");
    CHECK_FALSE(summary.ok());
    const std::string text = report.str();
    CHECK(text.find("ERROR " + (kPhhData / "bad" / "out_of_turn.phh").string() +
                    ": actions[6] 'p4 f': p4 acts out of turn; p3 is to act\n") !=
          std::string::npos);
    CHECK(text.find("MISMATCH " + (kPhhData / "bad" / "wrong_finishing_stacks.phh").string() +
                    ": finishing stacks differ for p2, p5\n") != std::string::npos);
    CHECK(text.find("ERROR " + (kPhhData / "missing").string() + ": no such file or directory\n") !=
          std::string::npos);
    CHECK(text.find("ERROR " + (kPhhData / "bad" / "huge_stacks.phh").string() +
                    ": the hand's rules are not playable: starting_stacks add up to more "
                    "than 2305843009213693951 chips "
                    "(INT64_MAX / 4)\n") != std::string::npos);
    CHECK(text.find("  p2: file 9800, engine 9900") == std::string::npos);  // verbose only
    CHECK(text.ends_with(summary.line() + "\n"));

    std::ostringstream verbose;
    replay_files(std::vector{kPhhData / "bad" / "wrong_finishing_stacks.phh",
                             kPhhData / "alice-carol-wikipedia.phh"},
                 true, verbose);
    CHECK(verbose.str().find("  p2: file 9800, engine 9900\n") != std::string::npos);
    CHECK(verbose.str().find("SKIP " + (kPhhData / "alice-carol-wikipedia.phh").string() +
                             ": unsupported variant 'FB'\n") != std::string::npos);
    CHECK(verbose.str().ends_with("skipped (unsupported variant): FB 1\n"));
}

TEST_CASE("Replay: a folder without hand files is an error, not a silent success", "[replay]") {
    const std::filesystem::path empty =
        std::filesystem::temp_directory_path() / "pokerarena-test-empty-folder";
    std::filesystem::remove_all(empty);
    std::filesystem::create_directories(empty / "sub");
    std::ostringstream report;
    const ReplaySummary summary = replay_files(std::vector{empty}, false, report);
    std::filesystem::remove_all(empty);
    CHECK(summary.line() == "1 hands, 0 matched, 0 mismatched, 1 errors, 0 unchecked, 0 skipped");
    CHECK_FALSE(summary.ok());
    CHECK(report.str() == "ERROR " + empty.string() + ": no .phh or .phhs files under " +
                              empty.string() + "\n" + summary.line() + "\n");
}

namespace {

// Plays one hand with random legal actions (many raises and all-ins) and returns the table.
Table play_random_hand(const GameDef& def, std::mt19937_64& rng, int button) {
    Table table(def, rng(), rng() % 1000);
    table.set_button(button);
    table.set_pause_mask(pause_bit(EventKind::HandEnded));
    for (;;) {
        const Event event = table.advance();
        if (event.kind == EventKind::HandEnded || event.kind == EventKind::GameOver) break;
        if (event.kind != EventKind::ActionRequired) continue;
        const LegalActions legal = table.legal_actions();
        const auto roll = rng() % 10;
        Action action = Action::check_call();
        if (roll < 2 && legal.can_fold) {
            action = Action::fold();
        } else if (roll < 6 && legal.can_raise) {
            const Chips span = legal.max_raise_to - legal.min_raise_to;
            action = Action::raise_to(roll == 5 ? legal.max_raise_to
                                                : legal.min_raise_to +
                                                      static_cast<Chips>(rng() % (span / 4 + 1)));
        }
        REQUIRE(table.act(action).ok());
    }
    return table;
}

}  // namespace

TEST_CASE("Replay: engine hands written as PHH read back equal and replay to the same stacks",
          "[replay][phh]") {
    std::mt19937_64 rng(20240611);
    int hands = 0;
    for (int trial = 0; trial < 600; ++trial) {
        const int seats = 2 + static_cast<int>(rng() % 9);
        const bool fixed_limit = trial % 5 == 4;
        GameDef def = fixed_limit ? GameDef::fixed_limit_holdem(seats, 0, 5, 10)
                                  : GameDef::no_limit_holdem(seats, 0, 5, 10);
        if (trial % 3 == 1) {
            def.ante = 1 + static_cast<Chips>(rng() % 10);
            def.ante_kind = trial % 2 ? AnteKind::EveryPlayer : AnteKind::BigBlind;
        }
        for (int s = 0; s < seats; ++s)
            def.starting_stacks[s] = 1 + static_cast<Chips>(rng() % 400);
        def.starting_stacks[rng() % seats] = 0;  // one seat sits out (if more than two)
        if (seats == 2) def.starting_stacks[0] = def.starting_stacks[1] = 300;
        def.max_hands = 1;
        const Table table = play_random_hand(def, rng, static_cast<int>(rng() % seats));
        const HandRecord& record = table.last_hand();
        REQUIRE(record.finished);

        const PhhHand phh = phh_from_record(record, def);
        const std::string text = write_phh(phh);
        INFO(text);
        const auto entries = parse_phh(text, "record.phh", false);
        REQUIRE(entries.size() == 1);
        INFO(entries[0].message);
        REQUIRE(entries[0].status == PhhEntry::Status::Ok);
        CHECK(entries[0].hand == phh);

        const ReplayResult result = replay_entry(entries[0]);
        INFO(result.message);
        REQUIRE(result.status == ReplayStatus::Matched);
        std::vector<Chips> expected;
        for (int k = 1; k <= record.num_seats; ++k) {
            const int seat = (record.button + k) % record.num_seats;
            if (record.dealt_in >> seat & 1u) expected.push_back(record.final_stacks[seat]);
        }
        CHECK(result.engine_stacks == expected);
        ++hands;
    }
    CHECK(hands == 600);
}

TEST_CASE("PHH: a record whose actions were truncated is refused, not written short", "[replay]") {
    // Two seats min-raising each other with deep stacks make far more raises than a record
    // keeps.
    GameDef def = GameDef::no_limit_holdem(2, 2000, 1, 2);
    def.max_hands = 1;
    Table t(def, 1, 0);
    t.set_pause_mask(kDefaultPauseMask | pause_bit(EventKind::HandEnded));
    for (;;) {
        const Event e = t.advance();
        if (e.kind == EventKind::HandEnded || e.kind == EventKind::GameOver) break;
        if (e.kind != EventKind::ActionRequired) continue;
        const LegalActions legal = t.legal_actions();
        const Action a = legal.can_raise && t.round() == 0 ? Action::raise_to(legal.min_raise_to)
                                                           : Action::check_call();
        REQUIRE(t.act(a).ok());
    }
    const HandRecord& record = t.last_hand();
    REQUIRE(record.finished);
    REQUIRE(record.actions_truncated);
    REQUIRE(record.num_actions == kMaxRecordedActions);
    CHECK_THROWS_WITH(phh_from_record(record, def),
                      "hand 0 has more than 255 actions; the record kept only the first 255, too "
                      "few to write it");
}
