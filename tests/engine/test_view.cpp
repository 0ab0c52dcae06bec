// Views: over random matches paused at every event, every seat's view equals a reference built
// from the table's public state, and a view rewritten in place (update_view, as the seat
// driver does at every decision) equals a fresh one whatever view it last held.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>

#include "engine_test_util.hpp"
#include "pokerarena/engine/table.hpp"
#include "view_reference.hpp"

using namespace pokerarena;
using pokerarena::test::Rng;

namespace {

GameDef view_game(Rng& rng) {
    const int seats = static_cast<int>(rng.range(2, 10));
    GameDef def = GameDef::no_limit_holdem(seats, 0, 1, 2);
    // Short stacks make all-ins, so showdowns with shown cards and boards run out unbet.
    for (int s = 0; s < seats; ++s)
        def.starting_stacks[static_cast<std::size_t>(s)] = rng.range(1, 60);
    if (rng.range(0, 3) == 0) def.structure = BettingStructure::PotLimit;
    def.reset_stacks_each_hand = rng.range(0, 1) == 0;
    def.max_hands = static_cast<int>(rng.range(1, 30));
    return def;
}

Action view_action(Rng& rng, const LegalActions& legal) {
    const auto pick = rng.range(0, 9);
    if (pick < 2 && legal.can_fold) return Action::fold();
    if (pick < 6 || !legal.can_raise) return Action::check_call();
    return Action::raise_to(rng.range(legal.min_raise_to, legal.max_raise_to));
}

}  // namespace

TEST_CASE("views equal the public state and in-place updates equal fresh views", "[table][view]") {
    Rng rng{0x5EA7'1234'9876'ABCDull};
    SeatView kept;  // rewritten in place across every seat, table and game
    std::int64_t compared = 0;
    for (int match = 0; match < 300; ++match) {
        const GameDef def = view_game(rng);
        Table t(def, rng.next(), static_cast<std::uint64_t>(match));
        t.set_pause_mask(kPauseOnEveryEvent);
        const int n = def.num_seats;
        SeatMask dealt_so_far = 0;
        bool dealing = false;
        bool started = false;
        auto check_all_seats = [&] {
            // A changing order, so the kept view's previous seat varies.
            const int first = static_cast<int>(rng.range(0, n - 1));
            for (int k = 0; k < n; ++k) {
                const int seat = (first + k) % n;
                const SeatView fresh = t.view(seat);
                const int while_dealing =
                    dealing ? static_cast<int>(dealt_so_far & t.dealt_in() & (1u << seat)) : -1;
                const std::string vs_reference = test::view_difference(
                    fresh, test::reference_view(t, seat, started, while_dealing));
                INFO("match " << match << " hand " << t.hand_number() << " seat " << seat
                              << " state " << static_cast<int>(t.state()) << " played "
                              << t.hands_played());
                REQUIRE(vs_reference == "");
                t.update_view(seat, kept);
                REQUIRE(test::view_difference(kept, fresh) == "");
                ++compared;
            }
        };
        check_all_seats();  // before the first hand
        for (;;) {
            const Event e = t.advance();
            if (e.kind == EventKind::HandStarted) {
                dealing = true;
                started = true;
                dealt_so_far = 0;
            } else if (e.kind == EventKind::HoleCardsDealt) {
                dealt_so_far = static_cast<SeatMask>(dealt_so_far | (1u << e.seat));
            } else if (e.kind != EventKind::ForcedBet) {
                dealing = false;
            }
            check_all_seats();
            if (e.kind == EventKind::GameOver) break;
            if (e.kind == EventKind::ActionRequired) {
                const Status status = t.act(view_action(rng, t.legal_actions()));
                REQUIRE(status.ok());
            }
        }
    }
    CHECK(compared > 10000);
    CHECK_THROWS_AS(Table(GameDef::no_limit_holdem(2, 100, 1, 2), 1, 0).update_view(2, kept),
                    std::out_of_range);
}

TEST_CASE("a view says when the hand's actions outgrew the record", "[table][view]") {
    // Two seats min-raising each other 500 big blinds deep make about 500 actions, more than
    // the record's 255: from the 256th on, the views hold the first 255 and say the rest is
    // missing. The next hand starts a complete history again, also in a view updated in place.
    GameDef def = GameDef::no_limit_holdem(2, 1000, 1, 2);
    def.reset_stacks_each_hand = true;
    def.max_hands = 2;
    Table t(def, 1, 0);
    SeatView kept;
    int hand = -1;
    int actions = 0;  // in this hand so far
    int truncated_views = 0;
    for (;;) {
        const Event e = t.advance();
        if (e.kind == EventKind::GameOver) break;
        if (e.kind == EventKind::HandEnded) continue;
        REQUIRE(e.kind == EventKind::ActionRequired);
        if (t.hand_number() != hand) {
            hand = t.hand_number();
            actions = 0;
        }
        const SeatView fresh = t.view(e.seat);
        INFO("hand " << t.hand_number() << ", " << actions << " actions so far");
        REQUIRE(test::view_difference(fresh, test::reference_view(t, e.seat, true, -1)) == "");
        CHECK(fresh.actions.size() ==
              static_cast<std::size_t>(std::min(actions, kMaxRecordedActions)));
        CHECK(fresh.actions_truncated == (actions > kMaxRecordedActions));
        if (fresh.actions_truncated) ++truncated_views;
        t.update_view(e.seat, kept);
        REQUIRE(test::view_difference(kept, fresh) == "");
        // Hand 0 is the raising war; hand 1 is checked down.
        const LegalActions legal = fresh.legal;
        const bool raise = t.hand_number() == 0 && legal.can_raise;
        REQUIRE(t.act(raise ? Action::raise_to(legal.min_raise_to) : Action::check_call()).ok());
        ++actions;
    }
    CHECK(t.hands_played() == 2);
    CHECK(truncated_views > 200);
    CHECK_FALSE(t.last_hand().actions_truncated);
    CHECK_FALSE(t.view(0).actions_truncated);
}
