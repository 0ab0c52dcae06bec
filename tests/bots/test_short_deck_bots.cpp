// The built-in bots in short-deck hold'em (GameDef::short_deck): which play it, and the equity
// bot's sampled equity over the short deck.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "pokerarena/bots/registry.hpp"
#include "pokerarena/bots/seat_driver.hpp"
#include "pokerarena/engine/table.hpp"

using namespace pokerarena;

namespace {

GameDef short_deck_game(int seats) {
    GameDef g = GameDef::short_deck(seats, 200, 2, 2);
    g.reset_stacks_each_hand = true;
    return g;
}

TEST_CASE("random, call, allin and equity play short-deck hands without a fault", "[short_deck]") {
    for (const char* spec : {"random", "call", "allin", "equity:samples=50"}) {
        for (int seats : {2, 6, 9}) {
            INFO(spec << " at " << seats << " seats");
            const auto bot = make_bot_factory(spec);
            const auto opponent = make_bot_factory("random");
            REQUIRE(bot->game_problem(short_deck_game(seats)).empty());
            std::vector<std::unique_ptr<Bot>> owned;
            std::vector<Bot*> at;
            for (int s = 0; s < seats; ++s) {
                owned.push_back(
                    (s % 2 == 0 ? bot : opponent)->create(static_cast<std::uint64_t>(s)));
                at.push_back(owned.back().get());
            }
            Table table(short_deck_game(seats), 3, 0);
            SeatDriver driver(table, at);
            bool conserved = true;
            const std::int64_t hands = driver.play_hands(5000, [&](const HandRecord& r) {
                Chips sum = 0;
                for (int s = 0; s < seats; ++s)
                    sum += r.net[static_cast<std::size_t>(s)];
                conserved = conserved && sum == 0 && table.check_invariants();
            });
            CHECK(hands == 5000);
            CHECK(conserved);
            for (int s = 0; s < seats; ++s) {
                INFO(driver.faults(s).first_message);
                CHECK(driver.faults(s).total() == 0);
            }
        }
    }
}

TEST_CASE("tag refuses short-deck with its hold'em-only message", "[short_deck]") {
    CHECK(make_bot_factory("tag")->game_problem(short_deck_game(2)) ==
          "tag plays Texas hold'em only, not short-deck (its ranges and hand strength are "
          "hold'em's); random, call, fold, allin and equity play every game, cfr heads-up Kuhn "
          "and Leduc");
}

// Heads-up short deck (the button, seat 1, posts the blind): every round checked through to
// the river, where seat 0 checks and seat 1 bets `bet`; the view of seat 0, to act.
SeatView river_view(const char* hole0, const char* hole1, const char* board, Chips bet) {
    Table t(short_deck_game(2), 1, 0);
    t.set_button(1);
    PresetCards given;
    const std::vector<Card> a = parse_cards(hole0), b = parse_cards(hole1), c = parse_cards(board);
    given.hole[0] = {a[0], a[1]};
    given.hole[1] = {b[0], b[1]};
    given.hole_known = {true, true};
    for (int i = 0; i < 5; ++i)
        given.board[i] = c[i];
    given.board_known = 5;
    t.set_next_hand_cards(given);
    t.set_pause_mask(kDefaultPauseMask);
    auto act = [&t](int seat, Action action) {
        const Event e = t.advance();
        REQUIRE(e.kind == EventKind::ActionRequired);
        REQUIRE(e.seat == seat);
        REQUIRE(t.act(action).ok());
    };
    act(0, Action::check_call());
    act(1, Action::check_call());
    for (int round = 1; round < 3; ++round) {
        act(0, Action::check_call());
        act(1, Action::check_call());
    }
    act(0, Action::check_call());
    act(1, Action::raise_to(bet));
    const Event e = t.advance();
    REQUIRE(e.kind == EventKind::ActionRequired);
    REQUIRE(e.seat == 0);
    SeatView view;
    t.update_view(0, view);
    return view;
}

TEST_CASE("equity samples the short deck: a sure winner raises, a sure tie calls by pot odds",
          "[short_deck]") {
    const auto factory = make_bot_factory("equity:samples=2000,bluff=0");
    // Four aces on A-A-K-K-6 (no three cards of a suit, so no straight flush): nothing beats
    // them, equity 1, above any value threshold.
    {
        const SeatView view = river_view("AhAd", "7c8c", "AsAcKdKs6c", 8);
        const auto bot = factory->create(5);
        CHECK(bot->decide(view).kind == ActionKind::RaiseTo);
    }
    // A royal flush on the board: every hand ties, equity 1/2 exactly. Facing 4 into 8 (the
    // call is 4/16 of the pot after it) it calls; facing 40 (40/88 < 1/2) it calls too,
    // and it never raises (a tie is below the value threshold of 0.61 heads-up).
    for (const Chips bet : {Chips{4}, Chips{40}}) {
        INFO(bet);
        const SeatView view = river_view("7h7d", "8c9c", "AsKsQsJsTs", bet);
        const auto bot = factory->create(5);
        CHECK(bot->decide(view).kind == ActionKind::CheckCall);
    }
    // Seven high (7-6 with nothing) on a board of five hearts other than its own: the board's
    // flush plays for both; the opponent ties or beats it, so a large bet is folded.
    {
        const SeatView view = river_view("7c6d", "8c9d", "AhKhQh9h8h", 180);
        const auto bot = factory->create(5);
        CHECK(bot->decide(view).kind == ActionKind::Fold);
    }
}

}  // namespace
