// PHH as PokerKit reads and writes it: when every other player still in is all-in, PokerKit
// still asks the one player left with chips for a check if it has not acted in the round (a big
// blind whose option the engine skips, there being nobody to bet against). pokerarena reads
// that check and writes it, so that the hands it writes load in PokerKit.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "engine_test_util.hpp"
#include "pokerarena/engine/phh.hpp"
#include "pokerarena/engine/replay.hpp"

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
