// Reported mixed strategies: their validation (strategy.hpp), a plugin's report through
// PluginBot, and check-bot's test of the reports against the actions played, with the strategy
// test plugin (tests/bots/plugins/strategy_bot.c) honest and lying.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "play_helpers.hpp"
#include "pokerarena/bots/check_bot.hpp"
#include "pokerarena/bots/plugin.hpp"
#include "pokerarena/bots/strategy.hpp"

using namespace pokerarena;

namespace {

LegalActions facing_a_bet() {
    LegalActions legal;
    legal.can_fold = true;
    legal.call_amount = 10;
    legal.can_raise = true;
    legal.min_raise_to = 40;
    legal.max_raise_to = 200;
    legal.all_in_to = 200;
    return legal;
}

Strategy strategy_of(std::initializer_list<StrategyPart> parts) {
    Strategy s;
    for (const StrategyPart& p : parts)
        s.add(p);
    return s;
}

constexpr StrategyPart fold(double p) {
    return {ActionKind::Fold, 0, 0, p};
}
constexpr StrategyPart call(double p) {
    return {ActionKind::CheckCall, 0, 0, p};
}
constexpr StrategyPart raise(Chips lo, Chips hi, double p) {
    return {ActionKind::RaiseTo, lo, hi, p};
}

std::string strategy_bot(const std::string& mode) {
    return std::string(PLUGIN_STRATEGY_BOT) + ":" + mode;
}

// The first decision of a heads-up hand between the strategy bot and `call`.
SeatView first_view(Table& table) {
    for (;;) {
        if (table.advance().kind == EventKind::ActionRequired) break;
    }
    return table.view(table.seat_to_act());
}

}  // namespace

TEST_CASE("strategy_problem accepts a valid strategy and names what is wrong with others") {
    const LegalActions legal = facing_a_bet();
    CHECK(strategy_problem(strategy_of({fold(0.2), call(0.5), raise(40, 60, 0.3)}), legal) == "");
    CHECK(strategy_problem(strategy_of({raise(200, 200, 1.0)}), legal) == "");
    // Rounding within the tolerance is a bot's right.
    CHECK(strategy_problem(strategy_of({fold(0.3333333), call(0.6666666)}), legal) == "");

    const std::pair<Strategy, std::string> cases[] = {
        {Strategy{}, "no parts (a strategy names at least one action)"},
        {strategy_of({fold(0.5), call(0.4)}), "probabilities sum to 0.900000, not 1"},
        {strategy_of({fold(0.0), call(1.0)}),
         "part 1 (fold): probability 0.000000 is outside (0, 1]"},
        {strategy_of({call(1.5)}), "part 1 (check/call): probability 1.500000 is outside (0, 1]"},
        {strategy_of({call(std::nan(""))}),
         "part 1 (check/call): probability nan is outside (0, 1]"},
        {strategy_of({call(0.5), call(0.5)}),
         "part 2 (check/call): holds an action that part 1 holds too"},
        {strategy_of({raise(40, 60, 0.5), raise(60, 80, 0.5)}),
         "part 2 (raise 60..80): holds an action that part 1 holds too"},
        {strategy_of({raise(30, 60, 1.0)}), "part 1 (raise 30..60): below the minimum raise to 40"},
        {strategy_of({raise(100, 300, 1.0)}),
         "part 1 (raise 100..300): above the maximum raise to 200"},
        {strategy_of({raise(60, 40, 1.0)}), "part 1 (raise 60..40): lo is above hi"},
        {strategy_of({{ActionKind::CheckCall, 5, 5, 1.0}}),
         "part 1 (check/call): amounts given for an action that has none"},
    };
    for (const auto& [strategy, message] : cases) {
        CHECK(strategy_problem(strategy, legal) == message);
    }

    LegalActions free_check;
    free_check.can_check = true;
    CHECK(strategy_problem(strategy_of({fold(0.5), call(0.5)}), free_check) ==
          "part 1 (fold): folding is not allowed (checking is free)");
    CHECK(strategy_problem(strategy_of({raise(4, 4, 1.0)}), free_check) ==
          "part 1 (raise 4): raising is not allowed");
}

TEST_CASE("strategy_probability gives each action its share, raises by amount") {
    const Strategy s = strategy_of({fold(0.2), call(0.5), raise(40, 49, 0.3)});
    CHECK(strategy_probability(s, Action::fold()) == Approx(0.2));
    CHECK(strategy_probability(s, Action::check_call()) == Approx(0.5));
    CHECK(strategy_probability(s, Action::raise_to(45)) == Approx(0.03));
    CHECK(strategy_probability(s, Action::raise_to(50)) == 0.0);
    CHECK(strategy_part_of(s, Action::raise_to(49)) == 2);
    CHECK(strategy_part_of(s, Action::raise_to(39)) == -1);
    CHECK(strategy_part_of(strategy_of({call(1.0)}), Action::fold()) == -1);
}

TEST_CASE("a plugin reports its strategy through PluginBot, and a bad report is dropped") {
    Table table(test::mixed_stack_game(2), 5, 0);
    const SeatView v = first_view(table);

    auto honest = make_bot(strategy_bot("honest"), 3);
    const Action played = honest->decide(v);
    Strategy s;
    REQUIRE(honest->last_strategy(v, s));
    CHECK(strategy_problem(s, v.legal) == "");
    CHECK(strategy_probability(s, played) > 0.0);
    REQUIRE(s.size == 3);
    CHECK(s.parts[0] == fold(0.2));
    CHECK(s.parts[1] == call(0.5));
    CHECK(s.parts[2].kind == ActionKind::RaiseTo);
    CHECK(s.parts[2].lo == v.legal.min_raise_to);
    REQUIRE(honest->strategy_problems() != nullptr);
    CHECK(honest->strategy_problems()->count == 0);

    auto silent = make_bot(strategy_bot("silent"), 3);
    silent->decide(v);
    CHECK_FALSE(silent->last_strategy(v, s));
    CHECK(silent->strategy_problems()->count == 0);

    const std::pair<std::string, std::string> bad[] = {
        {"bad_sum", "last_strategy: probabilities sum to 0.500000, not 1"},
        {"error", "last_strategy returned an error: no strategy today"},
        {"too_many", "last_strategy wrote a count of 33, more than the capacity 32"},
    };
    for (const auto& [mode, message] : bad) {
        INFO(mode);
        auto bot = make_bot(strategy_bot(mode), 3);
        bot->decide(v);  // the action stands: decide does not throw
        CHECK_FALSE(bot->last_strategy(v, s));
        CHECK_FALSE(bot->last_strategy(v, s));
        REQUIRE(bot->strategy_problems() != nullptr);
        CHECK(bot->strategy_problems()->count == 2);
        CHECK(bot->strategy_problems()->first == message);
    }
    // An exception the plugin lets escape is one more reason, not a fault.
    auto thrower = make_bot(std::string(PLUGIN_THROWING_BOT) + ":last_strategy", 3);
    CHECK(thrower->decide(v) == Action::check_call());
    CHECK_FALSE(thrower->last_strategy(v, s));
    CHECK(thrower->strategy_problems()->first ==
          "last_strategy let a C++ exception escape (nothing may unwind through the plugin "
          "interface): thrown from last_strategy");
    // A plugin without the hook says nothing, and is not judged for it.
    auto cpp = make_bot(std::string(PLUGIN_EXAMPLE_C), 3);
    cpp->decide(v);
    CHECK(cpp->strategy_problems()->count == 0);
}

TEST_CASE("check-bot passes honest strategy reports and fails lying ones") {
    CheckBotOptions options;
    options.hands_per_setup = 40;
    {
        std::ostringstream out;
        const int code = check_bot(strategy_bot("honest"), options, out);
        INFO(out.str());
        CHECK(code == 0);
        CHECK_THAT(out.str(), Catch::Contains(" 0 invalid (dropped)\n"));
        CHECK_THAT(out.str(), Catch::Contains(": consistent\n"));
        CHECK_THAT(out.str(), Catch::Contains("result: clean"));
    }
    const std::pair<std::string, std::string> cases[] = {
        // Plays only actions the strategy holds, but not as often as it says.
        {"liar", ": FAILED, the actions played do not follow the strategies reported"},
        // The right parts as often as reported, but always the smallest raise of the range.
        {"min_raiser", ": FAILED, the actions played do not follow the strategies reported"},
        {"bad_sum", "    first invalid: last_strategy: probabilities sum to 0.500000, not 1\n"},
        {"error", "    first invalid: last_strategy returned an error: no strategy today\n"},
        // Its action probabilities say check/call for sure; its strategy says otherwise.
        {"wrong_probabilities", "    action probabilities differ from the strategy at "},
    };
    for (const auto& [mode, expected] : cases) {
        std::ostringstream out;
        const int code = check_bot(strategy_bot(mode), options, out);
        INFO(out.str());
        CHECK(code == 1);
        CHECK_THAT(out.str(), Catch::Contains(expected));
        CHECK_THAT(out.str(), Catch::Contains("problem(s)"));
    }
    std::ostringstream out;
    CHECK(check_bot(strategy_bot("silent"), options, out) == 0);
    CHECK_THAT(out.str(), Catch::Contains("  strategies: not reported\n"));
}

TEST_CASE("the example plugins' reports pass check-bot's test") {
    CheckBotOptions options;
    options.hands_per_setup = 40;
    // The C++ example mixes two raise sizes; the C one reports only where its equity is exact.
    for (const std::string& spec :
         {std::string(PLUGIN_EXAMPLE_CPP), std::string(PLUGIN_EXAMPLE_C) + ":samples=990"}) {
        std::ostringstream out;
        INFO(spec);
        const int code = check_bot(spec, options, out);
        INFO(out.str());
        CHECK(code == 0);
        CHECK_THAT(out.str(), Catch::Contains("  strategies: reported at "));
        CHECK_THAT(out.str(), Catch::Contains(" 0 invalid (dropped)\n"));
    }
}
