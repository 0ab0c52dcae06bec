// PHH as PokerKit reads and writes it: when every other player still in is all-in, PokerKit
// still asks the one player left with chips for a check if it has not acted in the round (a big
// blind whose option the engine skips, there being nobody to bet against). pokerarena reads
// that check and writes it, so that the hands it writes load in PokerKit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "engine_test_util.hpp"
#include "pokerarena/engine/phh.hpp"
#include "pokerarena/engine/replay.hpp"
#include "pokerkit_turns.hpp"

using namespace pokerarena;
using namespace pokerarena::test;

namespace {

// p3 folds, p1 (small blind, 2 chips) calls all-in; p2, the big blind, has matched and is the
// only player with chips. Aces win the 4 chips.
const std::string kSetup =
    "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
    "starting_stacks = [2, 100, 100]\nfinishing_stacks = [4, 98, 100]\n";

ReplayResult replay_actions(const std::string& actions) {
    const std::vector<PhhEntry> entries =
        parse_phh(kSetup + "actions = [" + actions + "]\n", "pokerkit.phh", false);
    REQUIRE(entries.size() == 1);
    REQUIRE(entries[0].status == PhhEntry::Status::Ok);
    return replay_entry(entries[0]);
}

}  // namespace

TEST_CASE("PHH: the check PokerKit asks of the big blind after an all-in call is read", "[phh]") {
    const std::string deals = "'d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 2c3d', ";
    const std::string board = "'d db 2d7h9c', 'd db Js', 'd db 4s'";
    // PokerKit's form: it was "actions[5] 'p2 cc': the hand is already over".
    const ReplayResult pokerkit = replay_actions(deals + "'p3 f', 'p1 cc', 'p2 cc', " + board);
    INFO(pokerkit.message);
    CHECK(pokerkit.status == ReplayStatus::Matched);
    // The engine's form, without it, still reads.
    CHECK(replay_actions(deals + "'p3 f', 'p1 cc', " + board).status == ReplayStatus::Matched);
    // Once only: a second check is an action after the hand.
    const ReplayResult twice =
        replay_actions(deals + "'p3 f', 'p1 cc', 'p2 cc', 'p2 cc', " + board);
    CHECK(twice.status == ReplayStatus::Error);
    CHECK(twice.message == "actions[6] 'p2 cc': the hand is already over");
}

TEST_CASE("PHH: a hand written from the engine has the check PokerKit asks for", "[phh]") {
    // The same hand played by the table: button seat 2 (p3), seat 0 small blind (p1), seat 1
    // big blind (p2).
    Table t = make_table({2, 100, 100}, 2, 1, 2);
    play(t, {{2, fold()}, {0, call()}});
    finish(t);
    const PhhHand hand = phh_from_record(t.last_hand(), t.game_def());
    std::vector<std::string> betting;
    for (const PhhAction& action : hand.actions)
        if (action.kind == PhhActionKind::Fold || action.kind == PhhActionKind::CheckCall)
            betting.push_back(to_phh_text(action, 0));
    CHECK(betting == std::vector<std::string>{"p3 f", "p1 cc", "p2 cc"});
    // The check comes before the flop, where PokerKit asks for it.
    REQUIRE(hand.actions.size() > 6);
    CHECK(hand.actions[5].kind == PhhActionKind::CheckCall);
    CHECK(hand.actions[6].kind == PhhActionKind::DealBoard);
    CHECK(replay_hand(hand, "written").status == ReplayStatus::Matched);

    // A big blind that acted gets no extra check: p3 folds, p1 raises all-in, p2 calls.
    Table acted = make_table({8, 100, 100}, 2, 1, 2);
    play(acted, {{2, fold()}, {0, raise(8)}, {1, call()}});
    finish(acted);
    const PhhHand called = phh_from_record(acted.last_hand(), acted.game_def());
    int checks_or_calls = 0;
    for (const PhhAction& action : called.actions)
        checks_or_calls += action.kind == PhhActionKind::CheckCall ? 1 : 0;
    CHECK(checks_or_calls == 1);
    CHECK(replay_hand(called, "written").status == ReplayStatus::Matched);
}

namespace {

// The PHH the engine writes for the hand `t` just played, with the betting actions as text.
std::vector<std::string> betting_text(const PhhHand& hand) {
    std::vector<std::string> betting;
    for (const PhhAction& action : hand.actions)
        if (action.kind == PhhActionKind::Fold || action.kind == PhhActionKind::CheckCall ||
            action.kind == PhhActionKind::BetRaiseTo)
            betting.push_back(to_phh_text(action, 0));
    return betting;
}

PhhHand written(const Table& t) {
    return phh_from_record(t.last_hand(), t.game_def());
}

}  // namespace

TEST_CASE("PHH: no check is written for a big blind facing only all-ins for its blind or less",
          "[phh]") {
    // Heads-up, the button (seat 1, p2) posts the small blind and has 30 chips: its call puts
    // it all-in for 30, less than the big blind of 50. The big blind (seat 0, p1) has matched, and
    // PokerKit never queued it: the only other player had no more than its blind, so its effective
    // stack was zero as the round opened.
    Table below = make_table({1000, 30}, 1, 25, 50);
    play(below, {{1, call()}});
    finish(below);
    const PhhHand hand = written(below);
    CHECK(betting_text(hand) == std::vector<std::string>{"p2 cc"});
    CHECK(pokerkit_turn_problem(hand).empty());
    CHECK(replay_hand(hand, "written").status == ReplayStatus::Matched);

    // With the check the earlier writer added, PokerKit refuses the hand at the check.
    PhhHand with_check = hand;
    auto board =
        std::find_if(with_check.actions.begin(), with_check.actions.end(),
                     [](const PhhAction& a) { return a.kind == PhhActionKind::DealBoard; });
    PhhAction check;
    check.kind = PhhActionKind::CheckCall;
    check.player = 0;
    with_check.actions.insert(board, check);
    for (int i = 0; i < static_cast<int>(with_check.actions.size()); ++i)
        with_check.actions[i].index = i;
    CHECK(pokerkit_turn_problem(with_check) == "actions[3] 'p1 cc': PokerKit asks nobody");
    // pokerarena reads both forms.
    CHECK(replay_hand(with_check, "with check").status == ReplayStatus::Matched);

    // All-in for exactly the big blind: no check either (the effective stack is still zero).
    Table exactly = make_table({1000, 50}, 1, 25, 50);
    play(exactly, {{1, call()}});
    finish(exactly);
    CHECK(betting_text(written(exactly)) == std::vector<std::string>{"p2 cc"});
    CHECK(pokerkit_turn_problem(written(exactly)).empty());

    // Three seats: the button (seat 2) folds, the small blind (seat 0) is all-in for 40 with
    // its call, below the blind of 50; but the button had chips above the blind as the round
    // opened, so PokerKit queued the big blind (seat 1, p2) and asks it for its check.
    Table queued = make_table({40, 1000, 1000}, 2, 25, 50);
    play(queued, {{2, fold()}, {0, call()}});
    finish(queued);
    CHECK(betting_text(written(queued)) == std::vector<std::string>{"p3 f", "p1 cc", "p2 cc"});
    CHECK(pokerkit_turn_problem(written(queued)).empty());

    // Three seats, every other stack no more than the big blind's: the big blind is not
    // queued, and nobody is asked after the small blind's all-in call.
    Table alone = make_table({40, 1000, 45}, 2, 25, 50);
    play(alone, {{2, call()}, {0, call()}});
    finish(alone);
    CHECK(betting_text(written(alone)) == std::vector<std::string>{"p3 cc", "p1 cc"});
    CHECK(pokerkit_turn_problem(written(alone)).empty());
}

TEST_CASE("PHH: a raise that nobody can call is written as the call it amounts to", "[phh]") {
    // The button (seat 2, p3) moves in for 1710; the small blind (seat 0, p1) raises to 6905,
    // though the big blind (seat 1, p2) has only 385 and p3 is all-in. The engine takes it and
    // hands back what nobody matched; PokerKit refuses it: "There is no reason to complete,
    // bet, or raise since every other player has either folded or gone all-in".
    Table t = make_table({6905, 385, 1710}, 2, 75, 150);
    play(t, {{2, raise(1710)}, {0, raise(6905)}, {1, fold()}});
    finish(t);
    const PhhHand hand = written(t);
    CHECK(betting_text(hand) == std::vector<std::string>{"p3 cbr 1710", "p1 cc", "p2 f"});
    CHECK(pokerkit_turn_problem(hand).empty());
    CHECK(replay_hand(hand, "written").status == ReplayStatus::Matched);
    // As the engine recorded it, the model refuses it where PokerKit does.
    PhhHand raised = hand;
    for (PhhAction& action : raised.actions)
        if (action.player == 0 && action.kind == PhhActionKind::CheckCall) {
            action.kind = PhhActionKind::BetRaiseTo;
            action.amount = 6905;
        }
    CHECK(pokerkit_turn_problem(raised) ==
          "actions[4] 'p1 cbr 6905': PokerKit refuses a raise that nobody can call");
    CHECK(replay_hand(raised, "raised").status == ReplayStatus::Matched);
}

TEST_CASE("PHH: every hand the engine writes takes its actions in PokerKit's turns", "[phh]") {
    // Random hands, many with stacks short of a blind or an ante, at tables that keep their
    // stacks (so that later hands are uneven), heads-up most often: every written hand must
    // read back equal, replay to the engine's stacks and pass PokerKit's rule for who acts.
    Rng rng{0x5eed0fa11ULL};
    int hands = 0, checks_written = 0;
    for (int table_index = 0; table_index < 4000; ++table_index) {
        const int seats = rng.chance(50) ? 2 : static_cast<int>(rng.range(3, 10));
        const Chips bb = rng.chance(50) ? 50 : 2 * rng.range(1, 50);
        const bool fixed_limit = rng.chance(25);
        GameDef def = fixed_limit ? GameDef::fixed_limit_holdem(seats, 0, bb / 2, bb)
                                  : GameDef::no_limit_holdem(seats, 0, bb / 2, bb);
        const int ante = static_cast<int>(rng.range(0, 3));
        if (ante == 2) {
            def.ante_kind = AnteKind::EveryPlayer;
            def.ante = rng.range(1, bb / 2);
        } else if (ante == 3) {
            def.ante_kind = AnteKind::BigBlind;
            def.ante = bb;
        }
        def.dead_antes = def.ante_kind == AnteKind::EveryPlayer && rng.chance(30);
        for (int s = 0; s < seats; ++s)
            def.starting_stacks[s] =
                rng.chance(40) ? rng.range(1, 2 * bb + def.ante) : rng.range(2 * bb, 60 * bb);
        def.max_hands = 8;
        Table table(def, rng.next(), static_cast<std::uint64_t>(table_index));
        table.set_pause_mask(pause_bit(EventKind::HandEnded));
        for (Event e = table.advance(); e.kind != EventKind::GameOver; e = table.advance()) {
            if (e.kind == EventKind::ActionRequired) {
                REQUIRE(table.act(random_action(rng, table.legal_actions())).ok());
                continue;
            }
            if (e.kind != EventKind::HandEnded) continue;
            const PhhHand hand = written(table);
            const std::string text = write_phh(hand);
            INFO(text);
            CHECK(pokerkit_turn_problem(hand) == "");
            const auto entries = parse_phh(text, "written.phh", false);
            REQUIRE(entries.size() == 1);
            REQUIRE(entries[0].status == PhhEntry::Status::Ok);
            CHECK(entries[0].hand == hand);
            const ReplayResult result = replay_entry(entries[0]);
            INFO(result.message);
            CHECK(result.status == ReplayStatus::Matched);
            // The written betting actions beyond the engine's are the checks PokerKit asks for.
            checks_written +=
                static_cast<int>(betting_text(hand).size()) - table.last_hand().num_actions;
            ++hands;
        }
    }
    CHECK(hands > 15000);
    // The rule is exercised: some hands get the check, most all-in hands do not.
    CHECK(checks_written > 20);
}

namespace {

const std::filesystem::path kPokerKitData =
    std::filesystem::path(POKERARENA_TEST_DATA) / "phh" / "pokerkit";

}  // namespace

TEST_CASE("PHH: hands PokerKit wrote replay, or are refused naming where PokerKit departs",
          "[phh][replay]") {
    // tests/data/phh/pokerkit/pokerkit-random-1.phhs: 250 hands PokerKit played with random
    // legal actions (tests/engine/pokerkit_check.py generate), no-limit and fixed-limit, 2 to 9
    // players, antes of both kinds, short stacks.
    int hands = 0, matched = 0;
    std::vector<std::string> refused;
    for (const PhhEntry& entry : read_phh_file(kPokerKitData / "pokerkit-random-1.phhs")) {
        INFO(entry.location << ": " << entry.message);
        REQUIRE(entry.status == PhhEntry::Status::Ok);
        // PokerKit's own hands pass the model of its turns (which checks the model).
        CHECK(pokerkit_turn_problem(entry.hand) == "");
        const ReplayResult result = replay_entry(entry);
        ++hands;
        if (result.status == ReplayStatus::Matched) {
            ++matched;
        } else {
            REQUIRE(result.status == ReplayStatus::Error);
            refused.push_back(result.message);
        }
    }
    CHECK(hands == 250);
    CHECK(matched == 246);
    // Every refusal names the rule on which PokerKit departs from the standard one.
    REQUIRE(refused.size() == 4);
    for (const std::string& message : refused) {
        INFO(message);
        CHECK((message.ends_with("(PokerKit allows a fifth bet before the flop: it does not "
                                 "count the big blind as the first bet)") ||
               message.ends_with("; PokerKit would allow it: the first bet or raise of a round "
                                 "reopens the betting there whatever its size, and it adds up "
                                 "all-in raises that the player had already answered")));
    }
    CHECK(refused[1] ==
          "actions[13] 'p4 cbr 50': raise cap reached: 4 bets and raises this round (PokerKit "
          "allows a fifth bet before the flop: it does not count the big blind as the first "
          "bet)");

    // PokerKit pays pots won by the same players as one, so their odd chips add up: a
    // mismatch, which says so.
    const std::vector<PhhEntry> pooled = read_phh_file(kPokerKitData / "odd-chips-pooled.phh");
    REQUIRE(pooled.size() == 1);
    const ReplayResult result = replay_entry(pooled[0]);
    CHECK(result.status == ReplayStatus::Mismatched);
    CHECK(result.message ==
          "finishing stacks differ for p4, p7; they are PokerKit's: it pays pots won by the same "
          "players as one pot, so their odd chips add up (the engine splits each pot on its own)");
}

TEST_CASE("PHH: ante_trimming_status says how antes enter the pots, as PokerKit reads it",
          "[phh][replay]") {
    // Antes 10, blinds 25/50; p3 has 6 chips and is all-in on its ante with the best hand; p4
    // raises to 150, p1 folds, p2 calls. Written by PokerKit with the field true and false;
    // PokerKit's finishing stacks are in the files.
    const std::vector<Chips> layered{965, 1177, 24, 840};  // p3 wins 6 from each player
    const std::vector<Chips> dead{965, 1165, 36, 840};     // p3 wins every ante
    for (const auto& [name, expected] : {std::pair{"ante-all-in-trimming-true.phh", layered},
                                         std::pair{"ante-all-in-trimming-false.phh", dead}}) {
        const std::vector<PhhEntry> entries = read_phh_file(kPokerKitData / name);
        REQUIRE(entries.size() == 1);
        const ReplayResult result = replay_entry(entries[0]);
        INFO(name << ": " << result.message);
        CHECK(result.status == ReplayStatus::Matched);
        CHECK(result.engine_stacks == expected);
    }

    // The engine plays the standard rule by default, and PokerKit's false under dead_antes;
    // the writer says which.
    for (const bool dead_antes : {false, true}) {
        GameDef def = GameDef::no_limit_holdem(4, 0, 25, 50);
        def.starting_stacks = {1000, 1000, 6, 1000};
        def.ante = 10;
        def.ante_kind = AnteKind::EveryPlayer;
        def.dead_antes = dead_antes;
        def.max_hands = 1;
        Table t(def, 1, 0);
        t.set_button(3);
        t.set_pause_mask(kHandMask);
        t.set_next_hand_cards(cards({"7h2d", "KhKd", "AhAd", "QcQd"}, "2c3c8s9hTs"));
        play(t, {{3, raise(150)},
                 {0, fold()},
                 {1, call()},
                 {1, check()},
                 {3, check()},
                 {1, check()},
                 {3, check()},
                 {1, check()},
                 {3, check()}});
        finish(t);
        const std::vector<Chips> stacks{t.stack(0), t.stack(1), t.stack(2), t.stack(3)};
        CHECK(stacks == (dead_antes ? dead : layered));
        const PhhHand hand = written(t);
        CHECK(hand.ante_trimming_status == !dead_antes);
        CHECK(replay_hand(hand, "written").engine_stacks == stacks);
    }

    // A big-blind ante is dead money for the engine, which PHH says with false.
    GameDef bb_ante = GameDef::no_limit_holdem(3, 1000, 25, 50);
    bb_ante.ante = 50;
    bb_ante.ante_kind = AnteKind::BigBlind;
    bb_ante.max_hands = 1;
    Table t(bb_ante, 1, 0);
    t.set_button(2);
    t.set_pause_mask(kHandMask);
    play(t, {{2, fold()}, {0, fold()}});
    finish(t);
    CHECK_FALSE(written(t).ante_trimming_status);
}
