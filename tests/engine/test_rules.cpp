// The rules engines most often get wrong, one test case each.
#include <catch2/catch.hpp>

#include "engine_test_util.hpp"

using namespace pokerarena;
using namespace pokerarena::test;

TEST_CASE("rule 1: side pots are layered by all-in amounts, folded chips stay, no leak",
          "[rules]") {
    // Button 4: seat 0 small blind, seat 1 big blind, seat 2 first to act.
    Table t = make_table({2000, 1000, 500, 3000, 5000}, 4, 50, 100, kPauseOnEveryEvent);
    t.set_next_hand_cards(cards({"8c8d", "KsKh", "AsAh", "QsQh", "4d5d"}, "2c7d9hJs3c"));
    play(t, {{2, raise(500)},   // all-in
             {3, raise(3000)},  // all-in
             {4, call()},       // covers everybody
             {0, fold()},       // the small blind's 50 stays in the pot
             {1, call()}});     // all-in for 1000
    const std::vector<Event> events = finish(t);
    const std::vector<Event> pots = of_kind(events, EventKind::PotAwarded);
    REQUIRE(pots.size() == 3);
    // Main pot: 500 from each of four players plus the folded 50; only seat 2 (aces) wins it.
    CHECK(pots[0].amount == 2050);
    CHECK(pots[0].winners == (1u << 2));
    // First side pot: 500 more from seats 1, 3, 4; kings win it.
    CHECK(pots[1].amount == 1500);
    CHECK(pots[1].winners == (1u << 1));
    // Second side pot: 2000 more from seats 3 and 4; queens beat the nothing of seat 4.
    CHECK(pots[2].amount == 4000);
    CHECK(pots[2].winners == (1u << 3));
    CHECK(t.stack(0) == 1950);
    CHECK(t.stack(1) == 1500);
    CHECK(t.stack(2) == 2050);
    CHECK(t.stack(3) == 4000);
    CHECK(t.stack(4) == 2000);
    CHECK(total_stacks(t) == 11500);
    // Nobody bet without being called all the way, so nothing came back.
    CHECK(of_kind(events, EventKind::UncalledBetReturned).empty());
    std::string why;
    INFO(why);
    CHECK(t.check_invariants(&why));
}

TEST_CASE(
    "rule 1: a player who put in less cannot win the layers above, even holding the best "
    "hand",
    "[rules]") {
    Table t = make_table({300, 10000, 10000}, 2, 50, 100, kPauseOnEveryEvent);
    t.set_next_hand_cards(cards({"AsAh", "KsKh", "QsQh"}, "2c7d9hJs3c"));
    play(t, {{2, raise(1000)},
             {0, call()} /* all-in 300 */,
             {1, call()},
             {1, raise(2000)},
             {2, call()},
             {1, check()},
             {2, check()},
             {1, check()},
             {2, check()}});
    const std::vector<Event> pots = of_kind(finish(t), EventKind::PotAwarded);
    REQUIRE(pots.size() == 2);
    CHECK(pots[0].amount == 900);
    CHECK(pots[0].winners == 1u);
    CHECK(pots[1].amount == 2 * 2700);
    CHECK(pots[1].winners == (1u << 1));
    CHECK(t.stack(0) == 900);
    CHECK(t.stack(1) == 10000 - 3000 + 5400);
    CHECK(t.stack(2) == 7000);
}

TEST_CASE("rule 2: the minimum raise is the last full raise, and the minimum bet resets each round",
          "[rules]") {
    Table t = make_table({10000, 10000, 10000}, 2);
    expect_turn(t, 2);
    CHECK(t.legal_actions().min_raise_to == 200);
    act_ok(t, raise(300));  // a raise of 200
    expect_turn(t, 0);
    CHECK(t.legal_actions().min_raise_to == 500);
    const Table before = t;
    const Status s = t.act(raise(450));
    CHECK(s.code == ErrorCode::IllegalAmount);
    CHECK(std::string(s.message) == "raise to 450 is below the minimum raise to 500");
    CHECK(t == before);
    act_ok(t, raise(800));  // a raise of 500
    expect_turn(t, 1);
    CHECK(t.legal_actions().min_raise_to == 1300);
    act_ok(t, call());
    expect_turn(t, 2);
    act_ok(t, call());
    // Flop: the small blind acts first; the minimum bet is the big blind again.
    expect_turn(t, 0);
    LegalActions legal = t.legal_actions();
    CHECK(legal.can_check);
    CHECK(!legal.can_fold);
    CHECK(legal.min_raise_to == 100);
    const Status small = t.act(raise(50));
    CHECK(small.code == ErrorCode::IllegalAmount);
    CHECK(std::string(small.message) == "bet of 50 is below the minimum bet of 100");
    act_ok(t, raise(100));
    expect_turn(t, 1);
    CHECK(t.legal_actions().min_raise_to == 200);
    act_ok(t, raise(400));  // a raise of 300
    expect_turn(t, 2);
    CHECK(t.legal_actions().min_raise_to == 700);
}

TEST_CASE("rule 3: a short all-in does not reopen the betting to players who already acted",
          "[rules]") {
    Table t = make_table({400, 10000, 10000}, 2);
    play(t, {{2, raise(300)},  // full raise of 200
             {0, raise(400)},  // all-in, only 100 more: not a full raise
             {1, call()}});    // the big blind had not acted: it could have raised
    expect_turn(t, 2);
    const LegalActions legal = t.legal_actions();
    CHECK(legal.can_fold);
    CHECK(legal.call_amount == 100);
    CHECK(!legal.can_raise);
    const Table before = t;
    const Status s = t.act(raise(1000));
    CHECK(s.code == ErrorCode::IllegalAction);
    CHECK(std::string(s.message).find("not reopened") != std::string::npos);
    CHECK(t == before);
    act_ok(t, call());
}

TEST_CASE("rule 3: the big blind who has not acted may still raise after a short all-in",
          "[rules]") {
    Table t = make_table({400, 10000, 10000}, 2);
    play(t, {{2, raise(300)}, {0, raise(400)}});
    expect_turn(t, 1);
    const LegalActions legal = t.legal_actions();
    CHECK(legal.can_raise);
    CHECK(legal.min_raise_to == 600);  // the short all-in leaves the minimum raise at 200
}

TEST_CASE("rule 3: several short all-ins that add up to a full raise reopen the betting",
          "[rules]") {
    // Button 3: seat 0 small blind, seat 1 big blind, seat 2 first.
    Table t = make_table({500, 10000, 10000, 400}, 3);
    play(t, {{2, raise(300)},  // full raise of 200
             {3, raise(400)},  // all-in, +100
             {0, raise(500)},  // all-in, +100: 200 above seat 2's raise in total
             {1, call()}});
    expect_turn(t, 2);
    const LegalActions legal = t.legal_actions();
    CHECK(legal.can_raise);
    CHECK(legal.min_raise_to == 700);
    act_ok(t, raise(700));
}

namespace {

// Fixed-limit, blinds 50/100 (bets of 100 before the turn), button 2: seat 0 small blind, seat
// 1 big blind, seat 2 first to act. Seat 2 raises to 200, the small blind goes all-in to
// `all_in_to`, the big blind calls: then seat 2, who acted, is to act again.
Table fixed_limit_after_short_all_in(Chips all_in_to, bool half_bet_reopens) {
    GameDef def = GameDef::fixed_limit_holdem(3, 10000, 50, 100);
    def.starting_stacks[0] = all_in_to;
    def.half_bet_reopens = half_bet_reopens;
    Table t(def, 1, 0);
    t.set_button(2);
    t.set_pause_mask(kHandMask);
    play(t, {{2, raise(200)}, {0, raise(all_in_to)}, {1, call()}});
    expect_turn(t, 2);
    return t;
}

}  // namespace

TEST_CASE("rule 3, fixed-limit: an all-in raise of at least half a bet reopens the betting",
          "[rules]") {
    // Half a bet (50 of 100) reopens, as in limit poker's half-bet rule; the raise is then a
    // full bet above the all-in (the engine forbade it).
    Table reopened = fixed_limit_after_short_all_in(250, true);
    CHECK(reopened.legal_actions().can_raise);
    CHECK(reopened.legal_actions().min_raise_to == 350);
    act_ok(reopened, raise(350));

    // 40 of 100 does not.
    Table closed = fixed_limit_after_short_all_in(240, true);
    CHECK_FALSE(closed.legal_actions().can_raise);
    const Status s = closed.act(raise(340));
    CHECK(std::string(s.message) ==
          "seat 2 cannot raise: betting was not reopened (the bet rose by 40 since it acted, less "
          "than half the bet of 100)");

    // Without the rule only a full bet reopens.
    Table full_bet_rule = fixed_limit_after_short_all_in(250, false);
    CHECK_FALSE(full_bet_rule.legal_actions().can_raise);
    CHECK(
        std::string(full_bet_rule.act(raise(350)).message).find("less than a full raise of 100") !=
        std::string::npos);
}

TEST_CASE("rule 4: all-in is allowed below the minimum raise, and an all-in call offers no raise",
          "[rules]") {
    SECTION("all-in below the minimum raise") {
        Table t = make_table({10000, 150}, 1);  // heads-up: button 1 posts the small blind
        expect_turn(t, 1);
        const LegalActions legal = t.legal_actions();
        CHECK(legal.can_raise);
        CHECK(legal.min_raise_to == 150);  // the full minimum would be 200
        CHECK(legal.max_raise_to == 150);
        CHECK(t.act(raise(200)).code == ErrorCode::IllegalAmount);
        act_ok(t, raise(150));
        expect_turn(t, 0);
        CHECK(t.legal_actions().call_amount == 50);
        CHECK(!t.legal_actions().can_raise);  // nobody left to raise against
    }
    SECTION("a call that takes the whole stack") {
        Table t = make_table({2000, 10000}, 1);
        play(t, {{1, raise(3000)}});
        expect_turn(t, 0);
        const LegalActions legal = t.legal_actions();
        CHECK(legal.call_amount == 1900);  // capped by the stack behind the big blind
        CHECK(!legal.can_raise);
        const Status s = t.act(raise(2000));
        CHECK(s.code == ErrorCode::IllegalAction);
        CHECK(std::string(s.message).find("only covers a call") != std::string::npos);
        act_ok(t, call());
        CHECK(t.all_in() == 1u);
    }
}

TEST_CASE("rule 5: a raise above what the opponents can call is allowed, the rest returned",
          "[rules]") {
    Table t = make_table({1000, 10000}, 1, 50, 100, kPauseOnEveryEvent);
    t.set_next_hand_cards(cards({"AsAh", "KsKh"}, "2c7d9hJs3c"));
    expect_turn(t, 1);
    CHECK(t.legal_actions().max_raise_to == 10000);
    act_ok(t, raise(5000));
    expect_turn(t, 0);
    act_ok(t, call());  // all-in for 1000
    const std::vector<Event> events = finish(t);
    const std::vector<Event> back = of_kind(events, EventKind::UncalledBetReturned);
    REQUIRE(back.size() == 1);
    CHECK(back[0].seat == 1);
    CHECK(back[0].amount == 4000);
    const std::vector<Event> pots = of_kind(events, EventKind::PotAwarded);
    REQUIRE(pots.size() == 1);
    CHECK(pots[0].amount == 2000);
    CHECK(t.stack(0) == 2000);
    CHECK(t.stack(1) == 9000);
}

TEST_CASE(
    "rule 6: heads-up the button posts the small blind, acts first before the flop and "
    "last after",
    "[rules]") {
    for (int button = 0; button < 2; ++button) {
        Table t = make_table({10000, 10000}, button, 50, 100, kPauseOnEveryEvent);
        Event e = t.advance();
        REQUIRE(e.kind == EventKind::HandStarted);
        CHECK(e.seat == button);
        e = t.advance();
        REQUIRE(e.kind == EventKind::ForcedBet);
        CHECK(e.seat == button);
        CHECK(e.forced == ForcedBetKind::SmallBlind);
        CHECK(e.amount == 50);
        e = t.advance();
        REQUIRE(e.kind == EventKind::ForcedBet);
        CHECK(e.seat == 1 - button);
        CHECK(e.amount == 100);
        play(t, {{button, call()}, {1 - button, check()}});
        for (int round = 1; round < 4; ++round)
            play(t, {{1 - button, check()}, {button, check()}});
        finish(t);
    }
}

TEST_CASE("rule 7: odd chips of a split pot go to the winners closest to the left of the button",
          "[rules]") {
    SECTION("button 2: seat 1 is first left of the button among the winners") {
        Table t = make_table({10000, 10000, 10000}, 2, 25, 100);
        t.set_next_hand_cards(cards({"2d3d", "4c5c", "4h5h"}, "AsKsQsJsTs"));
        play(t, {{2, call()}, {0, fold()}, {1, check()}});
        for (int round = 1; round < 4; ++round)
            play(t, {{1, check()}, {2, check()}});
        finish(t);
        // Pot 225 (25 + 100 + 100) split two ways: 113 and 112.
        CHECK(t.stack(1) == 10000 - 100 + 113);
        CHECK(t.stack(2) == 10000 - 100 + 112);
        CHECK(t.stack(0) == 10000 - 25);
    }
    SECTION("button 0: seat 2 is first left of the button among the winners") {
        Table t = make_table({10000, 10000, 10000}, 0, 25, 100);
        t.set_next_hand_cards(cards({"4c5c", "2d3d", "4h5h"}, "AsKsQsJsTs"));
        play(t, {{0, call()}, {1, fold()}, {2, check()}});
        for (int round = 1; round < 4; ++round)
            play(t, {{2, check()}, {0, check()}});
        finish(t);
        CHECK(t.stack(2) == 10000 - 100 + 113);
        CHECK(t.stack(0) == 10000 - 100 + 112);
    }
    SECTION("three winners, two odd chips") {
        Table t = make_table({10000, 10000, 10000, 10000}, 3, 50, 100);
        t.set_next_hand_cards(cards({"7h8h", "Td3c", "Th4c", "Tc5c"}, "AsKsQsJc2d"));
        play(t, {{2, call()}, {3, call()}, {0, fold()}, {1, check()}});
        for (int round = 1; round < 4; ++round)
            play(t, {{1, check()}, {2, check()}, {3, check()}});
        finish(t);
        // Pot 350: seats 1, 2, 3 tie with the same straight: 116 each, and the two odd chips
        // go to seats 1 and 2, the first winners left of the button (seat 0 folded).
        CHECK(t.stack(1) == 10000 - 100 + 117);
        CHECK(t.stack(2) == 10000 - 100 + 117);
        CHECK(t.stack(3) == 10000 - 100 + 116);
        CHECK(t.stack(0) == 10000 - 50);
        CHECK(total_stacks(t) == 40000);
    }
}

TEST_CASE("rule 8: the big blind gets its option when everybody just called", "[rules]") {
    Table t = make_table({10000, 10000, 10000}, 2);
    play(t, {{2, call()}, {0, call()}});
    expect_turn(t, 1);
    const LegalActions legal = t.legal_actions();
    CHECK(legal.can_check);
    CHECK(legal.can_raise);
    CHECK(legal.min_raise_to == 200);
    act_ok(t, raise(300));
    // The raise reopens the action for both callers.
    play(t, {{2, call()}, {0, call()}});
    expect_turn(t, 0);  // flop
    CHECK(t.round() == 1);
}

TEST_CASE("rule 9: uncalled bets are returned and are not part of any pot", "[rules]") {
    Table t = make_table({10000, 10000, 10000}, 2, 50, 100, kPauseOnEveryEvent);
    play(t, {{2, raise(300)}, {0, fold()}, {1, fold()}});
    const std::vector<Event> events = finish(t);
    const std::vector<Event> back = of_kind(events, EventKind::UncalledBetReturned);
    REQUIRE(back.size() == 1);
    CHECK(back[0].seat == 2);
    CHECK(back[0].amount == 200);
    const std::vector<Event> pots = of_kind(events, EventKind::PotAwarded);
    REQUIRE(pots.size() == 1);
    CHECK(pots[0].amount == 250);
    CHECK(pots[0].winners == (1u << 2));
    CHECK(t.stack(2) == 10150);
    CHECK(of_kind(events, EventKind::Showdown).empty());
    CHECK(t.last_hand().shown == 0);
}

TEST_CASE("rule 10: antes for every player and the big-blind ante, and short stacks go all-in",
          "[rules]") {
    SECTION("every player") {
        GameDef def = GameDef::no_limit_holdem(3, 10000, 50, 100);
        def.ante_kind = AnteKind::EveryPlayer;
        def.ante = 10;
        def.starting_stacks = {60, 40, 10000};
        Table t(def, 1, 0);
        t.set_button(2);
        expect_turn(t, 2);
        const HandRecord& r = t.last_hand();
        CHECK(r.antes[0] == 10);
        CHECK(r.antes[1] == 10);
        CHECK(r.antes[2] == 10);
        CHECK(r.blinds[0] == 50);  // exactly all-in
        CHECK(r.blinds[1] == 30);  // short big blind: what is left after the ante
        CHECK(t.all_in() == 0b011);
        CHECK(t.pot() == 30 + 80);
        CHECK(t.current_bet() == 50);
        // Antes are dead money: seat 2 calls the highest blind, not blind plus ante.
        CHECK(t.legal_actions().call_amount == 50);
        act_ok(t, call());
        CHECK(t.check_invariants());
    }
    SECTION("big-blind ante") {
        GameDef def = GameDef::no_limit_holdem(3, 10000, 50, 100);
        def.ante_kind = AnteKind::BigBlind;
        def.ante = 100;
        def.starting_stacks = {10000, 150, 10000};
        Table t(def, 1, 0);
        t.set_button(2);
        t.set_pause_mask(kPauseOnEveryEvent);
        std::vector<Event> forced;
        for (Event e = t.advance(); e.kind != EventKind::ActionRequired; e = t.advance())
            if (e.kind == EventKind::ForcedBet) forced.push_back(e);
        REQUIRE(forced.size() == 3);
        CHECK((forced[0].seat == 1 && forced[0].forced == ForcedBetKind::Ante &&
               forced[0].amount == 100));
        CHECK((forced[1].seat == 0 && forced[1].amount == 50));
        CHECK((forced[2].seat == 1 && forced[2].forced == ForcedBetKind::BigBlind &&
               forced[2].amount == 50 && forced[2].all_in));
        CHECK(t.last_hand().antes[0] == 0);
        CHECK(t.last_hand().antes[2] == 0);
    }
}

TEST_CASE(
    "rule 10: a seat all-in for part of its ante wins from each opponent only what it "
    "put in",
    "[rules]") {
    GameDef def = GameDef::no_limit_holdem(3, 10000, 50, 100);
    def.ante_kind = AnteKind::EveryPlayer;
    def.ante = 100;
    def.starting_stacks = {50, 10000, 10000};
    Table t(def, 1, 0);
    t.set_button(2);
    t.set_pause_mask(kPauseOnEveryEvent);
    t.set_next_hand_cards(cards({"AsAh", "KsKh", "QsQh"}, "2c7d9hJs3c"));
    // Seat 0 posts 50 of its ante and is all-in; seat 1 posts the big blind, seat 2 calls.
    play(t, {{2, call()}, {1, check()}});
    for (int round = 1; round < 4; ++round)
        play(t, {{1, check()}, {2, check()}});
    const std::vector<Event> pots = of_kind(finish(t), EventKind::PotAwarded);
    REQUIRE(pots.size() == 2);
    // Main pot: 50 from each seat, won by seat 0's aces.
    CHECK(pots[0].amount == 150);
    CHECK(pots[0].winners == 1u);
    // Side pot: the other 50 of the antes and the 100 bets of seats 1 and 2; kings win it.
    CHECK(pots[1].amount == 300);
    CHECK(pots[1].winners == (1u << 1));
    CHECK(t.stack(0) == 150);
    CHECK(t.stack(1) == 10000 - 200 + 300);
    CHECK(t.stack(2) == 10000 - 200);
    CHECK(total_stacks(t) == 20050);
    std::string why;
    INFO(why);
    CHECK(t.check_invariants(&why));
}

TEST_CASE("rule 11: when at most one player can act, the board is dealt with no betting",
          "[rules]") {
    SECTION("heads-up all-in and call") {
        Table t = make_table({10000, 10000}, 1, 50, 100, kPauseOnEveryEvent);
        play(t, {{1, raise(10000)}, {0, call()}});
        const std::vector<Event> events = finish(t);
        CHECK(of_kind(events, EventKind::ActionRequired).empty());
        CHECK(of_kind(events, EventKind::BoardDealt).size() == 3);
        CHECK(of_kind(events, EventKind::Showdown).size() == 2);
        CHECK(t.last_hand().board_count == 5);
        CHECK(total_stacks(t) == 20000);
    }
    SECTION("two all-in, one covering player who called") {
        Table t = make_table({1000, 2000, 10000}, 2);
        play(t, {{2, call()}, {0, raise(1000)}, {1, raise(2000)}, {2, call()}});
        finish(t);
        CHECK(t.last_hand().board_count == 5);
        CHECK(t.last_hand().num_actions == 4);
        CHECK(total_stacks(t) == 13000);
    }
    SECTION("the big blind, last with chips and already matched, gets no option") {
        Table t = make_table({10000, 60}, 1);
        // Button 1 posts 50 and calls all-in for its last 10; the big blind has nobody left
        // to bet against.
        play(t, {{1, call()}});
        finish(t);
        CHECK(t.last_hand().num_actions == 1);
    }
}

TEST_CASE("heads-up after the button busts: nobody posts the big blind twice in a row",
          "[rules][table]") {
    // Three-handed, button 2: seat 0 posts the small blind, seat 1 the big blind.
    Table t = make_table({10000, 10000, 300}, 2, 50, 100, kHandMask);
    t.set_next_hand_cards(cards({"", "AsAh", "7c2d"}, "KdQh9s5c3h"));
    play(t, {{2, raise(300)}, {0, fold()}, {1, call()}});
    finish(t);
    REQUIRE(t.stack(2) == 0);
    CHECK(t.last_hand().blinds[1] == 100);
    // Seat 1 would post the big blind again if the button only moved on (to seat 0, which
    // heads-up posts the small blind); it takes the button and the small blind instead.
    std::vector<int> buttons, big_blinds;
    for (int hand = 0; hand < 4; ++hand) {
        const Event e = t.advance();
        REQUIRE(e.kind == EventKind::ActionRequired);
        CHECK(e.seat == t.button());  // heads-up the button acts first before the flop
        act_ok(t, fold());
        finish(t);
        const HandRecord& r = t.last_hand();
        buttons.push_back(r.button);
        big_blinds.push_back(r.blinds[0] == 100 ? 0 : 1);
        CHECK(r.blinds[r.button] == 50);
        CHECK(r.dealt_in == 0b011);
    }
    CHECK(buttons == std::vector<int>{1, 0, 1, 0});
    CHECK(big_blinds == std::vector<int>{0, 1, 0, 1});
}

TEST_CASE("rule 1 with unequal per-seat antes: the antes are layered like bets", "[rules]") {
    // Every seat antes, unequally (per-seat forced bets, as a replay sets them), so the antes
    // count in the layers like bets: each player wins from another at most what it put in.
    SECTION("one all-in, two with chips behind") {
        // Put in: seat 0 300 (all-in), seat 1 260, seat 2 210. Seat 2 (aces) wins the 630
        // every seat reached, seat 1 (kings) the 100 that seats 0 and 1 put in above it, and
        // seat 0 gets back the 40 nobody else reached.
        Table t = make_table({300, 10000, 10000}, 0);
        t.set_next_hand_forced_bets({100, 60, 10}, {0, 50, 100});
        t.set_next_hand_cards(cards({"7c2d", "KsKh", "AsAh"}, "QdJh9s5c3h"));
        play(t, {{0, raise(200)}, {1, call()}, {2, call()}});
        play(t,
             {{1, check()}, {2, check()}, {1, check()}, {2, check()}, {1, check()}, {2, check()}});
        finish(t);
        CHECK(t.stack(0) == 40);
        CHECK(t.stack(1) == 10000 - 260 + 100);
        CHECK(t.stack(2) == 10000 - 210 + 630);
        CHECK(total_stacks(t) == 20300);
    }
    SECTION("a player all-in for exactly the call is not capped below one who put in less") {
        // Put in: seat 0 300 (all-in), seat 1 250 (all-in calling), seat 2 210. Seat 1 (aces)
        // wins 630 + 80; seat 2 (kings) wins nothing; seat 0 gets back its last 50.
        Table t = make_table({300, 250, 10000}, 0);
        t.set_next_hand_forced_bets({100, 50, 10}, {0, 50, 100});
        t.set_next_hand_cards(cards({"7c2d", "AsAh", "KsKh"}, "QdJh9s5c3h"));
        play(t, {{0, raise(200)}, {1, call()}, {2, call()}});
        finish(t);
        CHECK(t.stack(0) == 50);
        CHECK(t.stack(1) == 710);
        CHECK(t.stack(2) == 10000 - 210);
    }
    SECTION("heads-up, nobody all-in") {
        // Seat 1 antes 325, seat 0 212, both bet 1,850. Seat 0 wins what it matched, 2 x 2,062;
        // seat 1's ante above seat 0's, 113, was called by nobody and comes back.
        Table t = make_table({20000, 20000}, 1);
        t.set_next_hand_forced_bets({212, 325}, {0, 0});
        t.set_next_hand_cards(cards({"AsAh", "7c2d"}, "QdJh9s5c3h"));
        play(t, {{0, raise(1850)}, {1, call()}});
        play(t,
             {{0, check()}, {1, check()}, {0, check()}, {1, check()}, {0, check()}, {1, check()}});
        finish(t);
        CHECK(t.stack(0) == 20000 + 2062);
        CHECK(t.stack(1) == 20000 - 2062);
    }
}

TEST_CASE("heads-up after per-seat blinds with a straddle: the button just moves on",
          "[rules][table]") {
    // Button 0; seat 1 posts 50, seat 2 the big blind 100, seat 3 straddles 200. Seats 0 and 1
    // bust to seat 3. The largest blind was the straddle, not the big blind: seat 2 posted the
    // big blind, so the button moves on to it and seat 3 posts the big blind.
    Table t = make_table({300, 200, 10000, 10000}, 0);
    t.set_next_hand_forced_bets({}, {0, 50, 100, 200});
    t.set_next_hand_cards(cards({"7c2d", "8c3d", "KsKh", "AsAh"}, "QdJh9s5c4h"));
    play(t, {{0, raise(300)}, {1, call()}, {2, fold()}, {3, call()}});
    finish(t);
    REQUIRE(t.stack(0) == 0);
    REQUIRE(t.stack(1) == 0);
    expect_turn(t, 2);  // heads-up the button acts first before the flop
    CHECK(t.button() == 2);
    CHECK(t.last_hand().blinds[2] == 50);
    CHECK(t.last_hand().blinds[3] == 100);
}
