// Views: over random matches paused at every event, every seat's view equals a reference built
// from the table's public state, and a view rewritten in place (update_view, as the seat
// driver does at every decision) equals a fresh one whatever view it last held.
#include <catch2/catch.hpp>

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
