// The plugin loader, the PluginBot adapter and check-bot, with the example plugins and the
// deliberately broken ones (tests/bots/plugins/).
#include <catch2/catch.hpp>

#include <array>
#include <regex>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

#include "play_helpers.hpp"
#include "pokerarena/bots/check_bot.hpp"
#include "pokerarena/bots/plugin.hpp"
#include "pokerarena/bots/plugin_call.hpp"
#include "pokerarena/engine/text.hpp"

using namespace pokerarena;

namespace {

std::string load_error(const std::string& spec) {
    try {
        make_bot_factory(spec);
    } catch (const PluginError& e) {
        return e.what();
    }
    return "";
}

std::string plugin_path(const char* p) {
    return p;
}

// Plays the bad plugin in seat 0 against `call` for `hands` hands.
SeatFaults bad_plugin_faults(const std::string& mode, int hands) {
    auto bad = make_bot(plugin_path(PLUGIN_BAD_BOT) + ":" + mode, 1);
    auto caller = make_bot("call", 2);
    Table table(test::mixed_stack_game(2), 4, 0);
    std::array<Bot*, 2> bots{bad.get(), caller.get()};
    SeatDriver driver(table, bots);
    Chips total = 0;
    REQUIRE(driver.play_hands(hands, [&](const HandRecord& r) { total += r.net[0] + r.net[1]; }) ==
            hands);
    REQUIRE(total == 0);
    REQUIRE(table.check_invariants());
    REQUIRE(driver.faults(1).total() == 0);
    return driver.faults(0);
}

}  // namespace

TEST_CASE("the C example plugin plays 25,000 hands at 2, 6 and 9 seats without a fault") {
    // It estimates its equity at every decision (a few microseconds even with few samples), so
    // fewer hands than the C++ example; the SDK's own tests check the equities.
    test::require_clean_play(std::string(PLUGIN_EXAMPLE_C) + ":samples=8", 25'000);
}
TEST_CASE("the C++ example plugin plays 100,000 hands at 2, 6 and 9 seats without a fault") {
    test::require_clean_play(plugin_path(PLUGIN_EXAMPLE_CPP) + ":threshold=12");
}

TEST_CASE("the loader reports each kind of broken plugin in words") {
    REQUIRE(load_error("/nonexistent/bot.so") == "plugin '/nonexistent/bot.so': file not found");
    const std::string no_symbol = PLUGIN_BROKEN_NO_SYMBOL;
    REQUIRE(load_error(no_symbol) ==
            "plugin '" + no_symbol +
                "': does not export pokerarena_bot_api (declare it extern \"C\" with default "
                "visibility, see pokerarena_bot.h)");
    const std::string version = PLUGIN_BROKEN_BAD_VERSION;
    REQUIRE(load_error(version) ==
            "plugin '" + version + "': implements ABI version 2.0; this host supports 1.x");
    const std::string small = PLUGIN_BROKEN_SMALL_TABLE;
    REQUIRE(load_error(small) ==
            "plugin '" + small + "': API table of 4 bytes is smaller than the 48 bytes of ABI 1.0");
    const std::string null_decide = PLUGIN_BROKEN_NULL_DECIDE;
    REQUIRE(load_error(null_decide) ==
            "plugin '" + null_decide + "': required function 'decide' is missing (null)");
    // The name is a field, not a function (it was called "required function 'name'").
    const std::string null_name = PLUGIN_BROKEN_NULL_NAME;
    REQUIRE(load_error(null_name) ==
            "plugin '" + null_name + "': required field 'name' (the bot's name) is missing (null)");
    const std::string refuses = PLUGIN_BROKEN_REFUSES;
    REQUIRE(load_error(refuses) == "plugin '" + refuses + "': refused host ABI version 1.3");
    // A file that is not a shared library at all.
    const std::string text_file = NOT_A_PLUGIN;
    REQUIRE_THAT(load_error(text_file),
                 Catch::StartsWith("plugin '" + text_file + "': cannot be loaded: "));
}

TEST_CASE("a plugin's refusal of its configuration is reported when the factory is made") {
    const std::string path = PLUGIN_EXAMPLE_CPP;
    REQUIRE(load_error(path + ":threshold=oops") ==
            "plugin '" + path + "': create failed: threshold must be a whole number in 0..24");
    REQUIRE(load_error(path + ":depth=3") ==
            "plugin '" + path + "': create failed: unknown config 'depth=3'; expected threshold=N");
    REQUIRE(load_error(std::string(PLUGIN_EXAMPLE_C) + ":bet=9") ==
            "plugin '" + std::string(PLUGIN_EXAMPLE_C) +
                "': create failed: bad config 'bet=9': expected bet=F with F in 0.1..3");
}

TEST_CASE("a plugin raising below the minimum is an illegal-action fault every time") {
    const SeatFaults f = bad_plugin_faults("wrong_amount", 300);
    REQUIRE(f.of(FaultKind::IllegalAction) > 300);
    REQUIRE(f.total() == f.of(FaultKind::IllegalAction));
    REQUIRE_THAT(f.first_message, Catch::StartsWith("hand 0, illegal action: "));
}

TEST_CASE("a plugin folding when checking is free is an illegal-action fault") {
    const SeatFaults f = bad_plugin_faults("fold_free", 300);
    REQUIRE(f.of(FaultKind::IllegalAction) > 0);
    REQUIRE(f.total() == f.of(FaultKind::IllegalAction));
}

TEST_CASE("a plugin returning an error status is an error-status fault with its message") {
    const SeatFaults f = bad_plugin_faults("error", 300);
    REQUIRE(f.of(FaultKind::ErrorStatus) > 300);
    REQUIRE(f.total() == f.of(FaultKind::ErrorStatus));
    REQUIRE(f.first_message ==
            "hand 0, error status: decide returned an error: deliberate failure");
}

TEST_CASE("a plugin writing an unknown action kind is a bad-answer fault") {
    const SeatFaults f = bad_plugin_faults("garbage", 300);
    REQUIRE(f.of(FaultKind::BadAnswer) > 300);
    REQUIRE(f.first_message ==
            "hand 0, bad answer: decide wrote action kind 77, which is not PA_FOLD (0), "
            "PA_CHECK_CALL (1) or PA_RAISE_TO (2)");
}

TEST_CASE("the C++ example states its action probabilities") {
    auto bot = make_bot(std::string(PLUGIN_EXAMPLE_CPP), 3);
    auto other = make_bot("call", 4);
    Table table(test::mixed_stack_game(2), 2, 0);
    for (;;) {
        const Event e = table.advance();
        if (e.kind == EventKind::ActionRequired) break;
    }
    const SeatView v = table.view(table.seat_to_act());
    const std::array<Action, 4> candidates{Action::fold(), Action::check_call(),
                                           Action::raise_to(v.legal.min_raise_to),
                                           Action::raise_to(v.legal.max_raise_to)};
    std::array<double, 4> p{};
    REQUIRE(bot->action_probabilities(v, candidates, p));
    double sum = 0;
    for (double x : p) {
        REQUIRE(x >= 0.0);
        REQUIRE(x <= 1.0);
        sum += x;
    }
    REQUIRE(sum <= 1.0 + 1e-12);
    REQUIRE_FALSE(other->action_probabilities(v, candidates, p));  // built-ins do not say
}

TEST_CASE("a plugin wants events exactly when it has on_event") {
    REQUIRE(make_bot(std::string(PLUGIN_EXAMPLE_C), 1)->wants_events());
    REQUIRE_FALSE(make_bot(std::string(PLUGIN_EXAMPLE_CPP), 1)->wants_events());
    REQUIRE_FALSE(make_bot(plugin_path(PLUGIN_BAD_BOT) + ":garbage", 1)->wants_events());
}

TEST_CASE("a plugin's action probabilities are checked: sizes before, values after the call") {
    Table table(test::mixed_stack_game(2), 2, 0);
    for (;;) {
        const Event e = table.advance();
        if (e.kind == EventKind::ActionRequired) break;
    }
    const SeatView v = table.view(table.seat_to_act());
    const std::array<Action, 2> candidates{Action::fold(), Action::check_call()};
    std::array<double, 2> p{};
    auto fine = make_bot(plugin_path(PLUGIN_BAD_BOT) + ":garbage", 1);
    REQUIRE(fine->action_probabilities(v, candidates, p));
    REQUIRE_THROWS_AS(fine->action_probabilities(v, candidates, std::span(p.data(), 1)),
                      std::invalid_argument);
    const std::pair<std::string, std::string> cases[] = {
        {"nan_probability", "action_probabilities wrote nan for candidate 0, outside 0..1"},
        {"big_probabilities",
         "action_probabilities wrote probabilities summing to 1.500000, more than 1"},
    };
    for (const auto& [mode, message] : cases) {
        auto bot = make_bot(plugin_path(PLUGIN_BAD_BOT) + ":" + mode, 1);
        try {
            bot->action_probabilities(v, candidates, p);
            FAIL("no BotError for " + mode);
        } catch (const BotError& e) {
            REQUIRE(e.kind() == FaultKind::BadAnswer);
            REQUIRE(std::string(e.what()) == message);
        }
    }
}

TEST_CASE("check-bot passes the example plugins and the built-ins") {
    CheckBotOptions options;
    options.hands_per_setup = 40;
    for (const std::string& spec : {std::string(PLUGIN_EXAMPLE_C), std::string(PLUGIN_EXAMPLE_CPP),
                                    std::string("tag"), std::string("equity:samples=20")}) {
        std::ostringstream out;
        INFO(spec);
        const int code = check_bot(spec, options, out);
        INFO(out.str());
        REQUIRE(code == 0);
        REQUIRE_THAT(out.str(), Catch::Contains("result: clean"));
        REQUIRE_THAT(out.str(), Catch::Contains("determinism: both runs took the same actions"));
    }
}

TEST_CASE("check-bot reports each kind of misbehaviour and fails") {
    CheckBotOptions options;
    options.hands_per_setup = 20;
    const std::string bad = PLUGIN_BAD_BOT;
    const std::pair<std::string, std::string> cases[] = {
        {"wrong_amount", "  illegal action: "},
        {"error", "  error status: "},
        {"garbage", "  bad answer: "},
        {"nondeterministic", "determinism: FAILED"},
        {"nan_probability", "    first: action_probabilities wrote nan for candidate "},
        {"big_probabilities", "    first: action_probabilities wrote probabilities summing to "},
    };
    for (const auto& [mode, expected] : cases) {
        std::ostringstream out;
        const int code = check_bot(bad + ":" + mode, options, out);
        INFO(out.str());
        REQUIRE(code == 1);
        REQUIRE_THAT(out.str(), Catch::Contains(expected));
        REQUIRE_THAT(out.str(), Catch::Contains("problem(s)"));
    }
    std::ostringstream out;
    REQUIRE(check_bot("/nonexistent/bot.so", options, out) == 2);
    REQUIRE(out.str() == "check-bot: plugin '/nonexistent/bot.so': file not found\n");
}

// Before check-bot ran the plugin in a child process, each of these ended check-bot itself
// (exit 139 or 134 without a word) or hung it for ever.
TEST_CASE("check-bot reports a plugin that crashes, aborts or hangs, naming the call") {
    CheckBotOptions options;
    options.hands_per_setup = 5;
    options.call_timeout_seconds = 1;
    const std::string bad = PLUGIN_BAD_BOT;
    const std::string first_probe =
        "decide on probe 1 (run 1, table 1 of 72: 2 seats, no-limit, stacks 100 bb; hand 0, "
        "seat 0)";
    const std::pair<std::string, std::string> cases[] = {
        {"crash", "\n  crash: SIGSEGV in " + first_probe + "\nresult: the bot crashes\n"},
        {"abort", "\n  crash: SIGABRT in " + first_probe + "\nresult: the bot crashes\n"},
        {"hang", "\n  hang: " + first_probe +
                     " did not return within 1 s; the check was stopped\nresult: the bot hangs\n"},
    };
    for (const auto& [mode, expected] : cases) {
        std::ostringstream out;
        const int code = check_bot(bad + ":" + mode, options, out);
        INFO(out.str());
        REQUIRE(code == 1);
        // What the child printed before it died comes first.
        REQUIRE_THAT(out.str(), Catch::StartsWith("check-bot " + bad + ":" + mode + " (bad bot"));
        REQUIRE_THAT(out.str(), Catch::EndsWith(expected));
    }
}

// check-bot used to call every function but new_match: a plugin that crashed there was clean.
TEST_CASE("check-bot calls new_match between two matches at each table and reports a crash there") {
    CheckBotOptions options;
    options.hands_per_setup = 5;
    const std::string spec = std::string(PLUGIN_BAD_BOT) + ":crash_new_match";
    std::ostringstream out;
    const int code = check_bot(spec, options, out);
    INFO(out.str());
    REQUIRE(code == 1);
    REQUIRE_THAT(out.str(), Catch::Contains("\n  crash: SIGSEGV in new_match after probe "));
    REQUIRE_THAT(out.str(), Catch::EndsWith(" (run 1, table 1 of 72: 2 seats, no-limit, stacks "
                                            "100 bb)\nresult: the bot crashes\n"));
}

// A crash in a thread the plugin started was blamed on the call the checking thread was in.
TEST_CASE("check-bot tells a crash in the plugin's own thread from one in a call") {
    CheckBotOptions options;
    options.hands_per_setup = 5;
    std::ostringstream out;
    const int code = check_bot(std::string(PLUGIN_BAD_BOT) + ":thread_crash", options, out);
    INFO(out.str());
    REQUIRE(code == 1);
    REQUIRE_THAT(out.str(),
                 Catch::EndsWith("\n  crash: SIGSEGV in a thread the plugin started, while the "
                                 "check was in decide on probe 1 (run 1, table 1 of 72: 2 seats, "
                                 "no-limit, stacks 100 bb; hand 0, seat 0)\n"
                                 "result: the bot crashes\n"));
}

// A crash with no plugin call in progress read "SIGSEGV in outside any plugin call".
TEST_CASE("check-bot words a crash outside any plugin call") {
    CheckBotOptions options;
    options.hands_per_setup = 5;
    std::ostringstream out;
    const int code = check_bot(std::string(PLUGIN_BAD_BOT) + ":crash_unload", options, out);
    INFO(out.str());
    REQUIRE(code == 1);
    REQUIRE_THAT(out.str(), Catch::Contains("\n  crash: SIGSEGV outside any plugin call after "
                                            "probe "));
    REQUIRE_THAT(out.str(), Catch::EndsWith("\nresult: the bot crashes\n"));
}

// The total was the decisions that returned an action plus the faults, so an illegal action
// (which returns one) was counted twice.
TEST_CASE("check-bot's decisions are the sum of its streets, faults or not") {
    CheckBotOptions options;
    options.hands_per_setup = 5;
    for (const std::string mode : {"wrong_amount", "fold_free", "error", "garbage"}) {
        std::ostringstream out;
        check_bot(std::string(PLUGIN_BAD_BOT) + ":" + mode, options, out);
        INFO(out.str());
        std::smatch m;
        const std::string text = out.str();
        REQUIRE(std::regex_search(text, m,
                                  std::regex("decisions: ([0-9]+) \\(preflop ([0-9]+), flop "
                                             "([0-9]+), turn ([0-9]+), river ([0-9]+)\\)")));
        const auto n = [&](std::size_t i) { return std::stoll(m[i].str()); };
        REQUIRE(n(1) == n(2) + n(3) + n(4) + n(5));
        REQUIRE(n(1) > 0);
    }
}

TEST_CASE("check-bot escapes the plugin's messages") {
    CheckBotOptions options;
    options.hands_per_setup = 2;
    std::ostringstream out;
    REQUIRE(check_bot(plugin_path(PLUGIN_BAD_BOT) + ":ugly_error", options, out) == 1);
    INFO(out.str());
    REQUIRE_THAT(out.str(), Catch::Contains("    first: hand 0, error status: decide returned an "
                                            "error: ugly \\x1B[2J message \\xFF\n"));
    REQUIRE(out.str().find('\x1b') == std::string::npos);
}

TEST_CASE("printable_text escapes control characters and bytes that are not UTF-8") {
    REQUIRE(printable_text("plain text, caf\xC3\xA9, \xE2\x82\xAC 5") ==
            "plain text, caf\xC3\xA9, \xE2\x82\xAC 5");
    REQUIRE(printable_text("a\tb\nc\x1b[2J\x7F") == "a\\x09b\\x0Ac\\x1B[2J\\x7F");
    REQUIRE(printable_text("C1 \xC2\x9B"
                           " control") == "C1 \\u009B control");
    // Latin-1, a lone continuation byte, an overlong '/', a surrogate, a cut sequence.
    REQUIRE(printable_text("caf\xE9 \x80 \xC0\xAF \xED\xA0\x80 \xE2\x82") ==
            "caf\\xE9 \\x80 \\xC0\\xAF \\xED\\xA0\\x80 \\xE2\\x82");
}

TEST_CASE("a plugin call is marked while it runs, in the state a scope names") {
    PluginCallState state;
    REQUIRE(state.read().bot == nullptr);
    const char* label = plugin_label("dir/b.so:x\x1b");
    REQUIRE(std::string(label) == "dir/b.so:x\\x1B");
    REQUIRE(plugin_label("dir/b.so:x\x1b") == label);  // one text per specification
    {
        const PluginCallScope scope(state, 7);
        REQUIRE(&current_plugin_call_state() == &state);
        REQUIRE(state.unit == 7);
        const PluginCallMarker marker(label, PluginCall::Decide, 3, 12, 9);
        const PluginCallInfo call = state.read();
        REQUIRE(call.bot == label);
        REQUIRE(call.call == PluginCall::Decide);
        REQUIRE(call.hand == 12);
        REQUIRE(call.seat == 9);
        REQUIRE(call.serial == 3);
    }
    REQUIRE(state.read().bot == nullptr);
    REQUIRE(&current_plugin_call_state() != &state);
    REQUIRE(std::string(plugin_call_name(PluginCall::OnEvent)) == "on_event");
}
