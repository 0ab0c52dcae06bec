// The person's commands of `pokerarena play` (sim/cli/play_commands.cpp): what the prompt and
// the `?` list offer is legal on the table, in every game play deals, and typed text comes back
// escaped.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "../../sim/cli/play_commands.hpp"
#include "pokerarena/engine/table.hpp"
#include "pokerarena/sim/games.hpp"

using namespace pokerarena;

namespace {

bool offers_all_in(const std::string& text) {
    return text.find("a all-in") != std::string::npos ||
           text.find("  a        all-in") != std::string::npos;
}

// Whether any action that puts the seat's whole stack in is legal on `table`: a raise to it,
// or a call that takes it all.
bool all_in_is_legal(const Table& table, const SeatView& view) {
    Table raise = table;
    if (raise.act(Action::raise_to(view.legal.all_in_to)).ok()) return true;
    return !view.legal.can_check &&
           view.legal.call_amount == view.stacks[static_cast<std::size_t>(view.seat)];
}

}  // namespace

TEST_CASE("play: all-in is offered exactly when it is legal, in every game", "[play]") {
    for (const std::string& name : sim::game_names()) {
        for (const int seats : {2, 3}) {
            INFO(name << ", " << seats << " seats");
            int offered = 0;
            int refused = 0;
            std::mt19937 pick(7);
            // Short stacks and deep ones: a fixed-limit or pot-limit all-in is legal only when
            // the stack is at most the largest raise.
            for (const Chips stack : {Chips{3}, Chips{9}, Chips{40}, Chips{200}}) {
                const GameDef game = sim::named_game(name, seats, stack, 1, 2, "");
                Table table(game, static_cast<std::uint64_t>(stack), 0);
                for (int decisions = 0; decisions < 400; ++decisions) {
                    const Event e = table.advance();
                    if (e.kind != EventKind::ActionRequired) break;  // game over
                    const SeatView view = table.view(e.seat);
                    const bool legal = all_in_is_legal(table, view);
                    CHECK(cli::all_in_allowed(
                              view.legal, view.stacks[static_cast<std::size_t>(e.seat)]) == legal);
                    CHECK(offers_all_in(cli::prompt_text(view)) == legal);
                    CHECK(offers_all_in(cli::legal_actions_text(view)) == legal);
                    const cli::Command a = cli::read_command(" a ", view);
                    if (legal) {
                        ++offered;
                        REQUIRE(a.kind == cli::Command::Kind::Play);
                        Table trial = table;
                        const Status status = trial.act(a.action);
                        INFO(status.message);
                        CHECK(status.ok());
                    } else {
                        ++refused;
                        CHECK(a.kind == cli::Command::Kind::Refused);
                        CHECK_THAT(a.message,
                                   Catch::StartsWith("'a': all-in is not allowed here: "));
                    }
                    // Play on at random among the legal actions.
                    const LegalActions& l = view.legal;
                    Action next = Action::check_call();
                    switch (pick() % 4) {
                        case 0:
                            if (l.can_fold) next = Action::fold();
                            break;
                        case 1:
                            if (l.can_raise) next = Action::raise_to(l.min_raise_to);
                            break;
                        case 2:
                            if (l.can_raise) next = Action::raise_to(l.max_raise_to);
                            break;
                        default:
                            break;
                    }
                    REQUIRE(table.act(next).ok());
                }
            }
            // Both sides were seen in every game: an all-in the stack allows, and one it does not
            // (no raise possible, or more than a fixed-limit or pot-limit raise).
            CHECK(offered > 0);
            CHECK(refused > 0);
        }
    }
}

TEST_CASE("play: a fixed-limit all-in larger than the bet is refused with the limit", "[play]") {
    const GameDef leduc = sim::named_game("leduc", 2, 100, 1, 2, "");
    Table table(leduc, 5, 0);
    const Event e = table.advance();
    REQUIRE(e.kind == EventKind::ActionRequired);
    const SeatView view = table.view(e.seat);
    CHECK(cli::prompt_text(view) == "Your turn: c check, b N bet 2..2, ? help, q quit > ");
    CHECK_THAT(cli::legal_actions_text(view), !Catch::Contains("all-in"));
    const cli::Command a = cli::read_command("a", view);
    CHECK(a.kind == cli::Command::Kind::Refused);
    CHECK(a.message ==
          "'a': all-in is not allowed here: it would bet 99, and the rules allow 2 at most");
}

TEST_CASE("play: typed text is quoted escaped", "[play]") {
    const GameDef holdem = sim::named_game("holdem", 2, 200, 1, 2, "");
    Table table(holdem, 1, 0);
    REQUIRE(table.advance().kind == EventKind::ActionRequired);
    const SeatView view = table.view(table.seat_to_act());
    const cli::Command title = cli::read_command("\x1b]0;pwned\x07\xff\xfe", view);
    CHECK(title.kind == cli::Command::Kind::Refused);
    CHECK(title.message ==
          "'\\x1B]0;pwned\\x07\\xFF\\xFE' is not a command: f, c, r N, b N, a, ? or q");
    const cli::Command raise = cli::read_command("r \x1b[2J", view);
    CHECK(raise.kind == cli::Command::Kind::Refused);
    CHECK(raise.message == "'r \\x1B[2J': give the street total in chips, e.g. r 4");
    CHECK(cli::read_command("r 10", view).action == Action::raise_to(10));
}
