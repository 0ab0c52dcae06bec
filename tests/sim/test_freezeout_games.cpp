// What a freezeout brings to the tables of Kuhn, Leduc and short-deck (a sit-and-go plays one
// per level: sim/src/formats/sit_and_go.cpp): busted seats dealt out and skipped by the button
// and the first to act, a seat short of the ante all-in on it, a short stack facing a fixed
// bet, and antes raised level by level with the bets scaled by formats::with_ante.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "../../sim/src/formats/format.hpp"
#include "../engine/engine_test_util.hpp"

using namespace pokerarena;
using namespace pokerarena::test;
using pokerarena::sim::formats::with_ante;

namespace {

Table freezeout_table(const GameDef& def, std::initializer_list<Chips> stacks, int button) {
    GameDef g = def;
    int s = 0;
    for (Chips chips : stacks)
        g.starting_stacks[static_cast<std::size_t>(s++)] = chips;
    Table t(g, 5, 0);
    t.set_pause_mask(kHandMask);
    t.set_button(button);
    return t;
}

std::array<Chips, kMaxSeats> final_stacks(const Table& t) {
    return t.last_hand().final_stacks;
}

}  // namespace

TEST_CASE("with_ante scales the bets of Kuhn and Leduc with the ante", "[freezeout]") {
    const GameDef kuhn = with_ante(GameDef::kuhn(3, 100), 5);
    CHECK(kuhn.ante == 5);
    CHECK(kuhn.big_blind == 5);  // the reports' unit
    CHECK(kuhn.small_bet == 5);
    CHECK(kuhn.big_bet == 5);
    const GameDef leduc = with_ante(GameDef::leduc(3, 100), 3);
    CHECK(leduc.small_bet == 6);
    CHECK(leduc.big_bet == 12);
    // From a scaled game as from the standard one: levels chain.
    CHECK(with_ante(leduc, 7) == with_ante(GameDef::leduc(3, 100), 7));
    CHECK(with_ante(leduc, 1) == GameDef::leduc(3, 100));
    CHECK_THROWS_AS(with_ante(GameDef::no_limit_holdem(3, 100, 1, 2), 2), std::logic_error);
    CHECK_THROWS_AS(with_ante(kuhn, 0), std::logic_error);
}

TEST_CASE("Kuhn: a busted seat is dealt out, and the button and the first to act skip it",
          "[freezeout]") {
    const GameDef kuhn = GameDef::kuhn(4, 0);
    Table t = freezeout_table(kuhn, {0, 10, 10, 10}, 3);
    // Left of the button (seat 3) is seat 0, which has no chips: seat 1 acts first.
    expect_turn(t, 1);
    CHECK(t.dealt_in() == 0b1110);
    act_ok(t, check());
    play(t, {{2, check()}, {3, check()}});
    finish(t);
    CHECK(t.last_hand().antes[0] == 0);
    CHECK(t.last_hand().final_stacks[0] == 0);
    CHECK(total_stacks(t) == 30);
    // The button moves from seat 3 past seat 0 to seat 1, so seat 2 acts first.
    expect_turn(t, 2);
    CHECK(t.button() == 1);

    // A button given on a busted seat moves to the next seat with chips.
    Table u = freezeout_table(kuhn, {0, 10, 10, 10}, 0);
    expect_turn(u, 2);
    CHECK(u.button() == 1);
}

TEST_CASE("Kuhn: a seat short of the ante is all-in on it and wins at most what it put in",
          "[freezeout]") {
    // Ante 3, bets of 3; seat 0 has 2 chips, posts them and is all-in before any action.
    Table t = freezeout_table(with_ante(GameDef::kuhn(3, 0), 3), {2, 10, 10}, 0);
    t.set_next_hand_cards(cards({"Ks", "Js", "Qs"}));
    expect_turn(t, 1);
    CHECK(t.all_in() == 0b001);
    CHECK(t.legal_actions().min_raise_to == 3);
    act_ok(t, raise(3));
    expect_turn(t, 2);
    act_ok(t, call());
    finish(t);
    const HandRecord& r = t.last_hand();
    CHECK(r.antes == std::array<Chips, kMaxSeats>{2, 3, 3});
    // The king takes 2 from each seat (6); the queen the side pot of 1 + 1 and 3 + 3 (8).
    CHECK(final_stacks(t) == std::array<Chips, kMaxSeats>{6, 4, 12});
    // Seat 0 plays on with the chips it won; the button moves to seat 1.
    expect_turn(t, 2);
    CHECK(t.button() == 1);
    CHECK(t.dealt_in() == 0b111);
}

TEST_CASE("Leduc: a short stack calls a fixed bet all-in, and the board card still comes",
          "[freezeout]") {
    // Ante 2, bets of 4 then 8. Seat 1 has 5 chips: 3 behind its ante.
    Table t = freezeout_table(with_ante(GameDef::leduc(3, 0), 2), {20, 5, 20}, 0);
    t.set_next_hand_cards(cards({"Ks", "Js", "Qs"}, "Jh"));
    expect_turn(t, 1);
    // A bet short of the bet size (4) is seat 1's all-in.
    CHECK(t.legal_actions().min_raise_to == 3);
    CHECK(t.legal_actions().max_raise_to == 3);
    act_ok(t, check());
    play(t, {{2, raise(4)}, {0, call()}});
    expect_turn(t, 1);
    const LegalActions legal = t.legal_actions();
    CHECK(legal.call_amount == 3);
    CHECK_FALSE(legal.can_raise);
    act_ok(t, call());
    // The second round: seat 1 is all-in, so seat 2 acts first, with bets of 8.
    expect_turn(t, 2);
    CHECK(t.round() == 1);
    CHECK(t.legal_actions().min_raise_to == 8);
    act_ok(t, check());
    play(t, {{0, check()}});
    finish(t);
    const HandRecord& r = t.last_hand();
    CHECK(r.board_count == 1);
    CHECK(r.shown == 0b111);
    // The pair of jacks takes 5 from each seat (15); the king the side pot of 1 + 1.
    CHECK(final_stacks(t) == std::array<Chips, kMaxSeats>{16, 15, 14});
}

// Random freezeouts at 2 to 10 seats of Kuhn and Leduc at an ante of 1 to 20 and of
// short-deck at a button blind of 2 to 40 and an ante up to it, stacks of 0 (busted), below
// the ante, or up to 30 antes, random legal actions. After every step the invariants hold;
// after every hand the chips are the same, the seats dealt in are those with chips, every
// card is of the deck and dealt once, and a Leduc showdown has its board card; every match
// ends with one seat holding every chip, or at its hand limit.
TEST_CASE("random freezeouts of Kuhn, Leduc and short-deck conserve chips and end", "[freezeout]") {
    Rng rng{0x5EED5EED12345ULL};
    int short_of_ante = 0, with_busted = 0, won_outright = 0, leduc_showdowns = 0;
    for (int match = 0; match < 1000; ++match) {
        const int seats = static_cast<int>(rng.range(2, 10));
        const int kind = match % 3;
        GameDef def;
        if (kind == 2) {
            const Chips blind = rng.range(2, 40);
            def = GameDef::short_deck(seats, 0, rng.range(0, blind), blind);
        } else {
            const GameDef base = kind == 0 ? GameDef::kuhn(seats, 0) : GameDef::leduc(seats, 0);
            def = with_ante(base, rng.range(1, 20));
        }
        const Chips unit = std::max<Chips>(def.ante, def.big_blind);
        Chips chips = 0;
        for (int s = 0; s < seats; ++s) {
            const int pick = static_cast<int>(rng.range(0, 9));
            const Chips stack = pick < 2   ? 0
                                : pick < 4 ? rng.range(1, std::max<Chips>(1, def.ante - 1))
                                           : rng.range(1, 30 * unit);
            def.starting_stacks[static_cast<std::size_t>(s)] = stack;
        }
        // At least two seats with chips, or there is no match.
        if (std::count_if(def.starting_stacks.begin(), def.starting_stacks.end(),
                          [](Chips c) { return c > 0; }) < 2)
            def.starting_stacks[0] = def.starting_stacks[1] = unit;
        for (int s = 0; s < seats; ++s)
            chips += def.starting_stacks[static_cast<std::size_t>(s)];
        def.max_hands = 1000;
        INFO(def.ranking_name() << " at " << seats << " seats, match " << match);
        REQUIRE(def.validate().empty());
        Table t(def, 9, static_cast<std::uint64_t>(match));
        t.set_pause_mask(kHandMask);
        t.set_button(static_cast<int>(rng.range(0, seats - 1)));
        const auto seats_with_chips = [&] {
            int with_chips = 0;
            for (int s = 0; s < seats; ++s)
                with_chips += t.stack(s) > 0 ? 1 : 0;
            return with_chips;
        };
        // The match ends exactly when one seat holds every chip or at its hand limit.
        for (;;) {
            if (seats_with_chips() == 1 || t.hands_played() == def.max_hands) {
                REQUIRE(t.advance().kind == EventKind::GameOver);
                if (seats_with_chips() == 1) ++won_outright;
                break;
            }
            play_random_hand(t, rng);
            const HandRecord& r = t.last_hand();
            REQUIRE(total_stacks(t) == chips);
            CardSet seen;
            for (int s = 0; s < seats; ++s) {
                const bool dealt = (r.dealt_in >> s) & 1u;
                REQUIRE(dealt == (r.starting_stacks[static_cast<std::size_t>(s)] > 0));
                if (!dealt) {
                    ++with_busted;
                    continue;
                }
                if (r.antes[static_cast<std::size_t>(s)] < def.ante) ++short_of_ante;
                for (int i = 0; i < def.hole_cards; ++i) {
                    const Card c = r.hole[static_cast<std::size_t>(s)][static_cast<std::size_t>(i)];
                    REQUIRE(def.deck().contains(c));
                    REQUIRE_FALSE(seen.contains(c));
                    seen.add(c);
                }
            }
            for (int i = 0; i < r.board_count; ++i) {
                REQUIRE(def.deck().contains(r.board[static_cast<std::size_t>(i)]));
                REQUIRE_FALSE(seen.contains(r.board[static_cast<std::size_t>(i)]));
                seen.add(r.board[static_cast<std::size_t>(i)]);
            }
            if (def.ranking == HandRanking::PairOrHighCard && std::popcount(r.shown) >= 2) {
                REQUIRE(r.board_count == 1);
                ++leduc_showdowns;
            }
        }
    }
    // The cases the test is for did come up.
    CHECK(short_of_ante > 0);
    CHECK(with_busted > 0);
    CHECK(won_outright > 0);
    CHECK(leduc_showdowns > 0);
}
