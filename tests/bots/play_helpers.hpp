// Shared by the bots tests: plays a bot specification for many hands at 2, 6 and 9 seats.
#pragma once

#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "pokerarena/bots/registry.hpp"
#include "pokerarena/bots/seat_driver.hpp"

namespace pokerarena::test {

// Stacks cycle through 100, 20, 300 and 6 big blinds (big blind 2), reset every hand, so
// deep play, short stacks and all-ins all occur.
inline GameDef mixed_stack_game(int seats) {
    GameDef g = GameDef::no_limit_holdem(seats, 200, 1, 2);
    g.reset_stacks_each_hand = true;
    constexpr Chips kCycle[] = {200, 40, 600, 12};
    for (int s = 0; s < seats; ++s)
        g.starting_stacks[static_cast<std::size_t>(s)] = kCycle[s % 4];
    return g;
}

// The first decision of a heads-up hand of mixed_stack_game (seed 11): its seat may fold,
// call and raise.
inline SeatView first_heads_up_view() {
    Table table(mixed_stack_game(2), 11, 0);
    table.set_pause_mask(kDefaultPauseMask);
    const Event e = table.advance();
    REQUIRE(e.kind == EventKind::ActionRequired);
    SeatView view;
    table.update_view(e.seat, view);
    REQUIRE(view.legal.can_fold);
    REQUIRE(view.legal.call_amount > 0);
    REQUIRE(view.legal.can_raise);
    return view;
}

struct PlayOutcome {
    std::int64_t hands = 0;
    std::int64_t faults = 0;
    std::string first_fault;
    std::int64_t decisions_of_bot = 0;
    bool chips_conserved = true;
    std::vector<Chips> net;  // per seat, summed over the hands
};

// `spec` sits in the even seats, `random` in the odd ones (all seats when spec is random).
inline PlayOutcome play_mixed(const std::string& spec, int seats, int hands, std::uint64_t seed) {
    const auto bot = make_bot_factory(spec);
    const auto opponent = make_bot_factory("random");
    std::vector<std::unique_ptr<Bot>> owned;
    std::vector<Bot*> at;
    for (int s = 0; s < seats; ++s) {
        owned.push_back(
            (s % 2 == 0 ? bot : opponent)->create(seed * 100 + static_cast<std::uint64_t>(s)));
        at.push_back(owned.back().get());
    }
    Table table(mixed_stack_game(seats), seed, 0);
    SeatDriver driver(table, at);
    PlayOutcome out;
    out.net.assign(static_cast<std::size_t>(seats), 0);
    out.hands = driver.play_hands(hands, [&](const HandRecord& r) {
        Chips sum = 0;
        for (int s = 0; s < seats; ++s) {
            out.net[static_cast<std::size_t>(s)] += r.net[static_cast<std::size_t>(s)];
            sum += r.net[static_cast<std::size_t>(s)];
        }
        if (sum != 0 || !table.check_invariants()) out.chips_conserved = false;
    });
    for (int s = 0; s < seats; ++s) {
        out.faults += driver.faults(s).total();
        if (out.first_fault.empty()) out.first_fault = driver.faults(s).first_message;
        if (s % 2 == 0) out.decisions_of_bot += driver.decisions(s);
    }
    return out;
}

// 100,000 hands at 2, 6 and 9 seats: no fault, chips conserved, every hand played.
inline void require_clean_play(const std::string& spec, int hands = 100'000) {
    for (int seats : {2, 6, 9}) {
        INFO(spec << " at " << seats << " seats");
        const PlayOutcome o = play_mixed(spec, seats, hands, 11);
        INFO("first fault: " << o.first_fault);
        REQUIRE(o.hands == hands);
        REQUIRE(o.faults == 0);
        REQUIRE(o.chips_conserved);
        REQUIRE(o.decisions_of_bot > hands / 2);
    }
}

}  // namespace pokerarena::test
