// Strategies reported by process bots (docs/bot-protocol.md, "Reporting a strategy"): the
// "strategy" list read and written, a RemoteBot's report on the waiting and the posted paths,
// a bad report dropped with its reason while the action stands, a plugin's report relayed by
// the plugin host, and check-bot's test of a process bot's reports.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <optional>
#include <sstream>
#include <string>

#include "../../bots/src/process/protocol.hpp"
#include "../../bots/src/process/protocol_strategy.hpp"
#include "play_helpers.hpp"
#include "pokerarena/bots/check_bot.hpp"
#include "pokerarena/bots/process_bot.hpp"

using namespace pokerarena;
using namespace pokerarena::process;

namespace {

std::string scratch_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() /
            ("pokerarena-test-" + std::to_string(::getpid()) + "-" + name))
        .string();
}

ProcessBotSpec spec_of(std::vector<std::string> command, const std::string& name) {
    ProcessBotSpec spec;
    spec.command = std::move(command);
    spec.name = name;
    spec.stderr_log = scratch_path(name + ".stderr.log");
    spec.decision_timeout = std::chrono::seconds(60);
    spec.start_timeout = std::chrono::seconds(10);
    return spec;
}

ProcessBotSpec misbehaving(const std::string& mode, int when = 1) {
    return spec_of({MISBEHAVING_BOT, mode, std::to_string(when)}, "strategy-" + mode);
}

SeatView first_view() {
    return test::first_heads_up_view();
}

Answer parsed(const std::string& line) {
    std::string scratch;
    return parse_answer(line, scratch);
}

// A posted decision's answer, with a copy of the strategy given beside it.
struct Posted {
    RemoteDecision decision;
    std::optional<Strategy> strategy;
};

// Posts `view` to `bot` and pumps its process until the answer comes.
Posted posted(Bot& bot, const ProcessBotFactory& factory, const SeatView& view) {
    struct Ticket final : DecisionTicket {
        std::optional<Posted> answer;
        void answered(RemoteDecision&& d, const Strategy* s) override {
            answer = Posted{std::move(d), s ? std::optional<Strategy>(*s) : std::nullopt};
        }
    } ticket;
    bot.posting()->post_decide(view, &ticket);
    ProcessLane lane;
    lane.add(factory.process(0));
    while (!ticket.answer)
        lane.pump(std::chrono::milliseconds(100));
    return std::move(*ticket.answer);
}

}  // namespace

TEST_CASE("process protocol: an answer's strategy is read part by part", "[process]") {
    const Answer a =
        parsed(R"({"id":3,"action":"raise","to":50,"strategy":[{"action":"fold","p":0.25},)"
               R"({"action":"check","p":0.25},{"action":"raise","from":40,"to":60,"p":0.375},)"
               R"({"action":"raise","to":200,"p":0.125}]})");
    REQUIRE(a.kind == Answer::Kind::Action);
    CHECK(a.action == Action::raise_to(50));
    REQUIRE(a.has_strategy);
    CHECK(a.strategy_problem.empty());
    REQUIRE(a.strategy.size == 4);
    CHECK(a.strategy.parts[0] == StrategyPart{ActionKind::Fold, 0, 0, 0.25});
    CHECK(a.strategy.parts[1] == StrategyPart{ActionKind::CheckCall, 0, 0, 0.25});
    CHECK(a.strategy.parts[2] == StrategyPart{ActionKind::RaiseTo, 40, 60, 0.375});
    CHECK(a.strategy.parts[3] == StrategyPart{ActionKind::RaiseTo, 200, 200, 0.125});

    // Written back, it reads the same.
    std::string line = R"({"id":3,"action":"call")";
    append_strategy(line, a.strategy);
    line += '}';
    CHECK(line == R"({"id":3,"action":"call","strategy":[{"action":"fold","p":0.25},)"
                  R"({"action":"call","p":0.25},{"action":"raise","from":40,"to":60,"p":0.375},)"
                  R"({"action":"raise","to":200,"p":0.125}]})");
    const Answer again = parsed(line);
    REQUIRE(again.has_strategy);
    for (std::uint32_t i = 0; i < 4; ++i)
        CHECK(again.strategy.parts[i] == a.strategy.parts[i]);
    // The shortest form that reads back exactly.
    Strategy third;
    third.add({ActionKind::Fold, 0, 0, 1.0 / 3});
    third.add({ActionKind::CheckCall, 0, 0, 2.0 / 3});
    std::string thirds = R"({"id":1,"action":"fold")";
    append_strategy(thirds, third);
    thirds += '}';
    const Answer read_thirds = parsed(thirds);
    REQUIRE(read_thirds.has_strategy);
    CHECK(read_thirds.strategy.parts[0].probability == 1.0 / 3);
    CHECK(read_thirds.strategy.parts[1].probability == 2.0 / 3);
}

TEST_CASE("process protocol: a strategy that cannot be read is dropped, the action stands",
          "[process]") {
    const std::pair<std::string, std::string> cases[] = {
        {R"("strategy":7)", R"("strategy" is not a list)"},
        {R"("strategy":[3])", R"("strategy" part 1: is not an object)"},
        {R"("strategy":[{"action":"call","p":1},{"p":1}])", R"("strategy" part 2: no "action")"},
        {R"("strategy":[{"action":"call"}])", R"("strategy" part 1: no "p" (its probability))"},
        {R"("strategy":[{"action":"call","p":"half"}])",
         R"("strategy" part 1: "p" is not a number)"},
        {R"("strategy":[{"action":"raise","p":1}])", R"("strategy" part 1: "raise" without "to")"},
        {R"("strategy":[{"action":"raise","to":4.5,"p":1}])",
         R"("strategy" part 1: "to" is not a whole number of chips)"},
        {R"("strategy":[{"action":"fold","to":40,"p":1}])",
         R"("strategy" part 1: "from" or "to" given for "fold")"},
        {R"("strategy":[{"action":"bet","p":1}])",
         R"("strategy" part 1: unknown action "bet"; expected fold, check, call or raise)"},
        {R"("strategy_error":"out of time")", "the bot could not report its strategy: out of time"},
    };
    for (const auto& [strategy, message] : cases) {
        INFO(strategy);
        const Answer a = parsed(R"({"id":9,"action":"call",)" + strategy + "}");
        CHECK(a.kind == Answer::Kind::Action);
        CHECK(a.action == Action::check_call());
        CHECK_FALSE(a.has_strategy);
        CHECK(a.strategy_problem == message);
    }
    std::string many = R"({"id":9,"action":"call","strategy":[)";
    for (int i = 0; i < 33; ++i)
        many += std::string(i ? "," : "") + R"({"action":"raise","to":)" + std::to_string(40 + i) +
                R"(,"p":0.03})";
    const Answer a = parsed(many + "]}");
    CHECK(a.kind == Answer::Kind::Action);
    CHECK(a.strategy_problem == R"("strategy" has more than 32 parts)");
}

TEST_CASE("process bots: a reported strategy comes with the decision, judged against its view",
          "[process]") {
    const SeatView view = first_view();
    {
        ProcessBotFactory factory(misbehaving("strategy"), "proc:strategy");
        auto bot = factory.create(1);
        CHECK(bot->decide(view) == Action::check_call());
        Strategy s;
        REQUIRE(bot->last_strategy(view, s));
        REQUIRE(s.size == 1);
        CHECK(s.parts[0] == StrategyPart{ActionKind::CheckCall, 0, 0, 1.0});
        CHECK(bot->strategy_problems()->count == 0);

        // Posted: the strategy comes to the ticket with the decision.
        const auto [decision, strategy] = posted(*bot, factory, view);
        REQUIRE(decision.ok);
        REQUIRE(strategy);
        CHECK(decision.strategy_problem.empty());
        REQUIRE(strategy->size == 1);
        CHECK(strategy->parts[0] == StrategyPart{ActionKind::CheckCall, 0, 0, 1.0});
    }
    {
        ProcessBotFactory factory(misbehaving("strategy_sum"), "proc:strategy_sum");
        auto bot = factory.create(1);
        const auto [decision, strategy] = posted(*bot, factory, view);
        REQUIRE(decision.ok);  // not a fault: the action stands
        CHECK(decision.action == Action::check_call());
        CHECK_FALSE(strategy);
        CHECK(decision.strategy_problem == "probabilities sum to 0.500000, not 1");
        // The process counts every strategy it drops, posted or waited for, with the first
        // reason: what a run's report shows of them.
        CHECK(bot->decide(view) == Action::check_call());
        CHECK(factory.stats().invalid_strategies == 2);
        CHECK(factory.stats().first_invalid_strategy == "probabilities sum to 0.500000, not 1");
    }
    {
        ProcessBotFactory factory(misbehaving("strategy_bad", 2), "proc:strategy_bad");
        auto bot = factory.create(1);
        Strategy s;
        CHECK(bot->decide(view) == Action::check_call());
        CHECK(bot->last_strategy(view, s));
        CHECK(bot->decide(view) == Action::check_call());
        CHECK_FALSE(bot->last_strategy(view, s));
        CHECK(bot->decide(view) == Action::check_call());
        CHECK(bot->last_strategy(view, s));
        CHECK(bot->strategy_problems()->count == 1);
        CHECK(bot->strategy_problems()->first == R"("strategy" part 1: no "p" (its probability))");
        CHECK(factory.stats().invalid_strategies == 1);
        CHECK(factory.stats().first_invalid_strategy ==
              R"("strategy" part 1: no "p" (its probability))");
        CHECK(factory.stats().bad_lines == 0);
    }
    {
        ProcessBotFactory factory(misbehaving("good"), "proc:good");
        auto bot = factory.create(1);
        Strategy s;
        bot->decide(view);
        CHECK_FALSE(bot->last_strategy(view, s));
        CHECK(bot->strategy_problems()->count == 0);
        CHECK(factory.stats().invalid_strategies == 0);
    }
}

TEST_CASE("plugin host: a plugin's strategy is relayed, and a dropped one named", "[process]") {
    const SeatView view = first_view();
    {
        ProcessBotFactory factory(
            spec_of({PLUGIN_HOST, std::string(PLUGIN_STRATEGY_BOT) + ":honest"}, "relay-honest"),
            "isolated:honest");
        auto isolated = factory.create(3);
        auto in_process = make_bot(std::string(PLUGIN_STRATEGY_BOT) + ":honest", 3);
        for (int i = 0; i < 20; ++i) {
            INFO(i);
            REQUIRE(isolated->decide(view) == in_process->decide(view));
            Strategy relayed;
            Strategy direct;
            REQUIRE(isolated->last_strategy(view, relayed));
            REQUIRE(in_process->last_strategy(view, direct));
            REQUIRE(relayed.size == direct.size);
            for (std::uint32_t k = 0; k < direct.size; ++k)
                CHECK(relayed.parts[k] == direct.parts[k]);
        }
    }
    ProcessBotFactory factory(
        spec_of({PLUGIN_HOST, std::string(PLUGIN_STRATEGY_BOT) + ":bad_sum"}, "relay-bad-sum"),
        "isolated:bad_sum");
    auto bot = factory.create(3);
    Strategy s;
    bot->decide(view);
    CHECK_FALSE(bot->last_strategy(view, s));
    CHECK(bot->strategy_problems()->count == 1);
    CHECK(bot->strategy_problems()->first ==
          "the bot could not report its strategy: last_strategy: probabilities sum to 0.500000, "
          "not 1");
}

TEST_CASE("process bots: check-bot tests a process bot's strategies", "[process]") {
    CheckBotOptions options;
    options.hands_per_setup = 10;
    {
        std::ostringstream out;
        const int code =
            check_bot(std::string("proc:") + MISBEHAVING_BOT + " strategy", options, out);
        INFO(out.str());
        CHECK(code == 0);
        CHECK_THAT(out.str(), Catch::Contains(" 0 invalid (dropped)\n"));
        CHECK_THAT(out.str(), Catch::Contains(": consistent\n"));
    }
    std::ostringstream out;
    const int code =
        check_bot(std::string("proc:") + MISBEHAVING_BOT + " strategy_sum", options, out);
    INFO(out.str());
    CHECK(code == 1);
    CHECK_THAT(out.str(),
               Catch::Contains("    first invalid: probabilities sum to 0.500000, not 1\n"));
}

TEST_CASE("process bots: the Python SDK's mixed example passes check-bot's strategy test",
          "[process]") {
    CheckBotOptions options;
    options.hands_per_setup = 10;
    std::ostringstream out;
    const int code =
        check_bot(std::string("proc:") + PYTHON3 + " " + PYTHON_MIXED_BOT, options, out);
    INFO(out.str());
    CHECK(code == 0);
    CHECK_THAT(out.str(), Catch::Contains(" 0 invalid (dropped)\n"));
    CHECK_THAT(out.str(), Catch::Contains(": consistent\n"));
}
