// What the host makes of a plugin that breaks the interface's rules without crashing: C++
// exceptions that escape its functions (tests/bots/plugins/throwing_bot.cpp), a decide that
// reports success without writing an action (bad_bot.c "silent"), and the fields of the events
// it is shown (event_bot.c).
#include <catch2/catch.hpp>

#include <array>
#include <sstream>
#include <string>

#include "play_helpers.hpp"
#include "pokerarena/bots/check_bot.hpp"
#include "pokerarena/bots/plugin.hpp"

using namespace pokerarena;

namespace {

const std::string kEscaped =
    " let a C++ exception escape (nothing may unwind through the plugin interface): ";

// Plays `spec` in seat 0 against `call` for `hands` hands; the faults of seat 0.
SeatFaults faults_of(const std::string& spec, int hands) {
    auto bot = make_bot(spec, 1);
    auto caller = make_bot("call", 2);
    Table table(test::mixed_stack_game(2), 4, 0);
    std::array<Bot*, 2> bots{bot.get(), caller.get()};
    SeatDriver driver(table, bots);
    REQUIRE(driver.play_hands(hands, [](const HandRecord&) {}) == hands);
    REQUIRE(table.check_invariants());
    REQUIRE(driver.faults(1).total() == 0);
    return driver.faults(0);
}

std::string thrower(const std::string& mode) {
    return std::string(PLUGIN_THROWING_BOT) + ":" + mode;
}

}  // namespace

TEST_CASE("an exception escaping a plugin's decide is an exception fault naming the call") {
    const SeatFaults f = faults_of(thrower("decide"), 20);
    REQUIRE(f.of(FaultKind::Exception) == f.total());
    REQUIRE(f.total() >= 20);
    REQUIRE(f.first_message == "hand 0, exception: decide" + kEscaped + "thrown from decide");
    const SeatFaults other = faults_of(thrower("int"), 5);
    REQUIRE(other.first_message == "hand 0, exception: decide" + kEscaped +
                                       "an exception not derived from std::exception");
}

// Not the end of the work unit (run), of the check (check-bot, exit 2) or of the process (play).
TEST_CASE("an exception escaping a plugin's on_event is a fault, and play goes on") {
    const SeatFaults f = faults_of(thrower("on_event"), 20);
    REQUIRE(f.of(FaultKind::Exception) == 20);  // one per PA_EVENT_HAND_ENDED
    REQUIRE(f.total() == 20);
    REQUIRE(f.first_message == "hand 0, exception: on_event" + kEscaped + "thrown from on_event");
}

TEST_CASE("an exception escaping a plugin's create is a plugin error naming the plugin") {
    const std::string path = PLUGIN_THROWING_BOT;
    try {
        make_bot_factory(thrower("create"));
        FAIL("no PluginError");
    } catch (const PluginError& e) {
        REQUIRE(std::string(e.what()) ==
                "plugin '" + path + "': create" + kEscaped + "thrown from create");
    }
    // After start-up (the start-up instance has seed 0): the factory's create throws the same.
    const auto factory = make_bot_factory(thrower("create_in_play"));
    REQUIRE_THROWS_WITH(factory->create(7),
                        "plugin '" + path + "': create" + kEscaped + "thrown from create");
}

TEST_CASE("an exception escaping a plugin's new_match names the bot, and a driver counts a fault") {
    const std::string spec = thrower("new_match");
    auto bot = make_bot(spec, 1);
    try {
        bot->new_match();
        FAIL("no BotError");
    } catch (const BotError& e) {
        REQUIRE(e.kind() == FaultKind::Exception);
        REQUIRE(std::string(e.what()) ==
                "bot '" + spec + "': new_match" + kEscaped + "thrown from new_match");
    }
    auto caller = make_bot("call", 2);
    Table table(test::mixed_stack_game(2), 4, 0);
    std::array<Bot*, 2> bots{bot.get(), caller.get()};
    SeatDriver driver(table, bots);
    driver.new_match();
    REQUIRE(driver.faults(0).of(FaultKind::Exception) == 1);
    REQUIRE(driver.faults(1).total() == 0);
}

TEST_CASE("check-bot reports each escaping exception as a problem, with a result line") {
    CheckBotOptions options;
    options.hands_per_setup = 4;
    const std::pair<std::string, std::string> cases[] = {
        {"decide", "  exception: "},
        {"on_event",
         "    first: hand 0, exception: on_event" + kEscaped + "thrown from on_event\n"},
        {"new_match", "    first: hand 1, exception: bot '" + thrower("new_match") +
                          "': new_match" + kEscaped + "thrown from new_match\n"},
        {"action_probabilities",
         "    first: action_probabilities" + kEscaped + "thrown from action_probabilities\n"},
    };
    for (const auto& [mode, expected] : cases) {
        std::ostringstream out;
        const int code = check_bot(thrower(mode), options, out);
        INFO(out.str());
        REQUIRE(code == 1);
        REQUIRE_THAT(out.str(), Catch::Contains(expected));
        REQUIRE_THAT(out.str(), Catch::Contains("\nresult: 1 problem(s)\n"));
    }
    std::ostringstream out;
    REQUIRE(check_bot(thrower("create"), options, out) == 2);
    REQUIRE(out.str() == "check-bot: plugin '" + std::string(PLUGIN_THROWING_BOT) + "': create" +
                             kEscaped + "thrown from create\n");
}

// Not to be played as check/call, nor called clean by check-bot.
TEST_CASE("a decide that returns PA_STATUS_OK without writing the action is a bad answer") {
    const SeatFaults f = faults_of(std::string(PLUGIN_BAD_BOT) + ":silent", 20);
    REQUIRE(f.of(FaultKind::BadAnswer) == f.total());
    REQUIRE(f.total() >= 20);
    REQUIRE(f.first_message ==
            "hand 0, bad answer: decide returned PA_STATUS_OK without writing the action kind (it "
            "still holds the host's placeholder -2147483648)");
}

// action_kind was 1 on every event but ACTION, a showdown had round 3.
TEST_CASE("a plugin's events hold only the fields the header names for their kind") {
    for (const int seats : {2, 6, 9}) {
        const test::PlayOutcome outcome = test::play_mixed(PLUGIN_EVENT_BOT, seats, 300, 5);
        INFO(outcome.first_fault);
        REQUIRE(outcome.decisions_of_bot > 0);
        REQUIRE(outcome.faults == 0);
    }
}
