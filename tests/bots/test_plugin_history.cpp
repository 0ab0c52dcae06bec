// A plugin learns that its history is incomplete: PaView.actions_truncated (ABI 1.1) carries
// SeatView::actions_truncated, with tests/bots/plugins/history_bot.c, which min-raises and,
// configured "strict", returns an error once its view says actions are missing.
#include <catch2/catch.hpp>

#include <array>
#include <cstddef>
#include <memory>
#include <string>

#include "pokerarena/bots/registry.hpp"
#include "pokerarena/bots/seat_driver.hpp"
#include "pokerarena_bot.h"

using namespace pokerarena;

namespace {

struct LongHand {
    HandRecord record;
    std::array<SeatFaults, 2> faults;
};

// One heads-up hand between two history bots `stack_bb` big blinds deep (blinds 1/2).
LongHand play_one_hand(const std::string& config, Chips stack_bb) {
    const auto factory = make_bot_factory(std::string(PLUGIN_HISTORY_BOT) + config);
    const std::unique_ptr<Bot> first = factory->create(1);
    const std::unique_ptr<Bot> second = factory->create(2);
    GameDef def = GameDef::no_limit_holdem(2, 2 * stack_bb, 1, 2);
    def.max_hands = 1;
    Table table(def, 3, 0);
    const std::array<Bot*, 2> bots{first.get(), second.get()};
    SeatDriver driver(table, bots);
    REQUIRE(driver.play_hand());
    return {table.last_hand(), {driver.faults(0), driver.faults(1)}};
}

}  // namespace

TEST_CASE("a plugin is told when its view's history is incomplete", "[plugin]") {
    // 100 big blinds: about 100 min-raises, a complete history, nothing to complain about.
    const LongHand short_war = play_one_hand(":strict", 100);
    CHECK_FALSE(short_war.record.actions_truncated);
    CHECK(short_war.record.num_actions > 90);
    CHECK(short_war.faults[0].total() + short_war.faults[1].total() == 0);

    // 500 big blinds: the 256th decision's view has the first 255 actions and says more were
    // made. The strict bot refuses to play on; the host folds for it, which ends the hand.
    const LongHand long_war = play_one_hand(":strict", 500);
    CHECK(long_war.record.actions_truncated);
    const std::int64_t faults = long_war.faults[0].total() + long_war.faults[1].total();
    CHECK(faults == 1);
    const std::string message = long_war.faults[0].first_message + long_war.faults[1].first_message;
    CHECK(message ==
          "hand 0, error status: decide returned an error: history incomplete after 255 actions");

    // Without "strict" the bot plays on to the all-in.
    const LongHand played_on = play_one_hand("", 500);
    CHECK(played_on.record.actions_truncated);
    CHECK(played_on.faults[0].total() + played_on.faults[1].total() == 0);
    CHECK((played_on.record.final_stacks[0] == 0 || played_on.record.final_stacks[1] == 0));
}

TEST_CASE("PA_VIEW_HAS_FIELD: a field past the host's view is not there", "[plugin]") {
    // A host of ABI 1.0 sends a view that ends at num_actions.
    PaView view{};
    view.struct_size = static_cast<uint32_t>(offsetof(PaView, num_actions) + sizeof(int64_t));
    CHECK(PA_VIEW_HAS_FIELD(&view, num_actions));
    CHECK_FALSE(PA_VIEW_HAS_FIELD(&view, actions_truncated));
    view.struct_size = sizeof(PaView);
    CHECK(PA_VIEW_HAS_FIELD(&view, actions_truncated));
}

// PaView.all_hole (ABI 1.3) carries every hole card: tests/bots/plugins/hole_bot.c faults
// unless its row holds the seat's hole_cards distinct cards, agreeing with `hole`.
TEST_CASE("a plugin sees its four Omaha hole cards in all_hole, and hold'em's two", "[plugin]") {
    for (const GameDef& game : {GameDef::omaha(2, 200, 1, 2), GameDef::omaha_hi_lo(2, 200, 1, 2),
                                GameDef::no_limit_holdem(2, 200, 1, 2)}) {
        INFO(game.ranking_name());
        const auto factory = make_bot_factory(PLUGIN_HOLE_BOT);
        const std::unique_ptr<Bot> first = factory->create(1);
        const std::unique_ptr<Bot> second = factory->create(2);
        GameDef def = game;
        def.reset_stacks_each_hand = true;
        def.max_hands = 20;
        Table table(def, 5, 0);
        const std::array<Bot*, 2> bots{first.get(), second.get()};
        SeatDriver driver(table, bots);
        int hands = 0;
        while (driver.play_hand())
            ++hands;
        CHECK(hands == 20);
        CHECK(driver.faults(0).total() + driver.faults(1).total() == 0);
    }
    PaView view{};
    view.struct_size = static_cast<uint32_t>(offsetof(PaView, all_hole));  // a host of ABI 1.2
    CHECK_FALSE(PA_VIEW_HAS_FIELD(&view, all_hole));
}
