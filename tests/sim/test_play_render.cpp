// The action lines of `pokerarena play` (sim/cli/play_render.cpp): "bets" only when nobody had
// chips in the street before, "raises to" otherwise, whatever the history holds.
#include <catch2/catch.hpp>

#include <array>
#include <string>

#include "../../sim/cli/play_render.hpp"

using namespace pokerarena;

namespace {

// Seat 1 of three puts its street total at 300, adding `added` chips; `bets` is every seat's
// street total after that action.
std::string raise_line(int round, Chips added, std::array<Chips, 3> bets, bool truncated) {
    SeatView view;
    view.seat = 0;
    view.num_seats = 3;
    view.dealt_in = 0b111;
    view.button = 0;
    view.round = round;
    for (int s = 0; s < 3; ++s)
        view.bets[static_cast<std::size_t>(s)] = bets[static_cast<std::size_t>(s)];
    view.actions_truncated = truncated;  // an empty history that stopped short: no help
    Event e;
    e.kind = EventKind::ActionTaken;
    e.seat = 1;
    e.round = round;
    e.action = Action::raise_to(300);
    e.amount = added;
    const std::array<std::string, 3> names{"you", "bob", "cy"};
    return cli::event_line(e, view, names, cli::Style{});
}

}  // namespace

TEST_CASE("play: a bet opens a street, a raise follows chips already in it", "[play]") {
    for (const bool truncated : {false, true}) {
        INFO("history truncated: " << truncated);
        CHECK_THAT(raise_line(1, 300, {0, 300, 0}, truncated), Catch::Contains("bets 300"));
        CHECK_THAT(raise_line(1, 300, {0, 300, 100}, truncated), Catch::Contains("raises to 300"));
        // The seat's own 100 was in the street before it raised.
        CHECK_THAT(raise_line(2, 200, {200, 300, 0}, truncated), Catch::Contains("raises to 300"));
        // Preflop the big blind's chips are a bet; with antes only, nothing opened it.
        CHECK_THAT(raise_line(0, 300, {2, 300, 1}, truncated), Catch::Contains("raises to 300"));
        CHECK_THAT(raise_line(0, 300, {0, 300, 0}, truncated), Catch::Contains("bets 300"));
    }
}
