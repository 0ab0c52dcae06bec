// Process bots in tournaments: the report of a process bot is the report of the same bot in
// process, figure for figure, whatever the threads, the tables in flight, the processes and the
// order answers come in; a crashing bot costs faults and restarts, never the run; resume
// refuses a changed program.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "pokerarena/sim/merge.hpp"
#include "pokerarena/sim/plugin_identity.hpp"
#include "pokerarena/sim/report_csv.hpp"
#include "pokerarena/sim/runner.hpp"
#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena::sim;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
    const fs::path dir =
        fs::temp_directory_path() / ("pokerarena_process_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir / name;
}

// `first` against tag and random, round robin (or a ring of the three), 160 deals a pair in
// units of 20.
TournamentConfig field(const std::string& first, Format format = ROUND_ROBIN) {
    TournamentConfig config;
    BotEntry& bot = *config.add_bots();
    bot.set_spec(first);
    bot.set_name("first");
    config.add_bots()->set_spec("tag");
    config.add_bots()->set_spec("random");
    config.set_format(format);
    config.set_deals(format == SIT_AND_GO ? 6 : 160);
    config.set_deals_per_unit(format == SIT_AND_GO ? 1 : 20);
    // The default match differs (a deal for a bot outside the process, the unit otherwise):
    // given, the bot's instances live as long in both. Matches of 4 deals: 5 tables a unit.
    if (format != SIT_AND_GO) config.set_match_deals(4);
    config.set_seed(5);
    return config;
}

// The figures of a report: without run, timing, decision times, specs and process counts,
// which differ between a bot in process and the same bot in a process of its own.
std::string figures(Report report) {
    report.clear_run();
    report.clear_timing();
    report.mutable_config()->mutable_bots(0)->clear_spec();
    report.mutable_config()->mutable_bots(0)->clear_process();
    for (BotResult& bot : *report.mutable_bots()) {
        bot.clear_mean_decision_us();
        bot.clear_spec();
        bot.clear_process();
    }
    for (UnitResult& unit : *report.mutable_units()) {
        unit.clear_timing_decision_ns();
        for (BotUnit& bot : *unit.mutable_bots())
            bot.clear_decision_ns();
    }
    return report.SerializeAsString();
}

Report run(const TournamentConfig& config, int threads, int tables) {
    const Tournament tournament = make_tournament(config, BotLoading::Load, {}, scratch("logs"));
    RunOptions options;
    options.threads = threads;
    options.tables = tables;
    return run_tournament(tournament, options);
}

const std::string kCallBot = std::string("proc:") + PROCESS_CALL_BOT;
const std::string kMisbehaving = std::string("proc:") + MISBEHAVING_BOT;

}  // namespace

TEST_CASE("process bots: the same figures as the bot in process, in every format", "[process]") {
    for (const Format format : {ROUND_ROBIN, RING, SIT_AND_GO}) {
        INFO("format " << Format_Name(format));
        const std::string in_process = figures(run(field("call", format), 1, 64));
        CHECK(figures(run(field(kCallBot, format), 1, 64)) == in_process);
        CHECK(figures(run(field(kCallBot, format), 2, 3)) == in_process);
        CHECK(figures(run(field("proc[procs=2]:" + std::string(PROCESS_CALL_BOT), format), 2,
                          2048)) == in_process);
        // Answers in reverse order of the requests in each batch.
        CHECK(figures(run(field(kMisbehaving + " reverse", format), 2, 64)) == in_process);
        CHECK(figures(run(field(kMisbehaving + " reverse", format), 1, 1)) == in_process);
    }
}

TEST_CASE("process bots: a slow bot working through a deep queue is never timed out for it",
          "[process]") {
    // 200 tables in flight for a bot that answers one decision every 2 ms, in order, each as
    // it is ready: the last request of its first batch waits about 0.4 s, past the 0.25 s
    // limit, but the bot answers every 2 ms (a hundred times within the limit). The limit is on the
    // bot (no answer at all while it has something to read), so nothing is a fault, and the figures
    // are the call bot's.
    TournamentConfig config = field("call");
    config.clear_bots();
    BotEntry& first = *config.add_bots();
    first.set_spec("proc[timeout=0.25]:" + std::string(MISBEHAVING_BOT) + " paced 2");
    first.set_name("first");
    config.add_bots()->set_spec("tag");
    config.set_deals(200);
    config.set_deals_per_unit(200);
    config.set_match_deals(1);
    const Report report = run(config, 1, 200);
    const BotResult& bot = report.bots(0);
    CHECK(bot.faults().timeout() == 0);
    CHECK(bot.faults().crash() == 0);
    CHECK(bot.process().restarts() == 0);
    TournamentConfig in_process = config;
    in_process.mutable_bots(0)->set_spec("call");
    CHECK(figures(report) == figures(run(in_process, 1, 200)));
}

TEST_CASE("process bots: a crash costs faults and a restart, and the run goes on", "[process]") {
    TournamentConfig config = field(kMisbehaving + " crash 40");
    const Report report = run(config, 2, 2048);
    REQUIRE(report.complete());
    const BotResult& bot = report.bots(0).name() == "first" ? report.bots(0) : report.bots(1);
    REQUIRE(bot.has_process());
    // Every process crashes at its 40th decision until its restarts are used up (5), then the
    // bot is out and every later decision is a fault.
    CHECK(bot.process().restarts() == 5);
    CHECK(bot.process().out());
    CHECK(bot.faults().crash() > 6);
    CHECK(bot.faults().crash() < bot.decisions());
    // The report's first fault is unit 0's first, which is a forfeit when unit 0 met no crash
    // before the bot was out (the lane resumed unit 0 late); the process's first problem is
    // always the first crash.
    CHECK_THAT(bot.faults().first_message(),
               Catch::Contains("crash: bot 'first'") || Catch::Contains("forfeit: bot 'first'"));
    // SIGSEGV when the crash was reaped within the grace the host gives a closed pipe; under a
    // heavy load the process may still be dying then, and the pipe is what the host names.
    CHECK_THAT(bot.process().first_problem(),
               Catch::Contains("was killed by SIGSEGV") || Catch::Contains("closed its output"));
    CHECK(fs::exists(bot.process().stderr_log()));
    std::int64_t net = 0;
    for (const BotResult& b : report.bots())
        net += b.net_chips();
    CHECK(net == 0);
}

TEST_CASE("process bots: a bot that is out beside one that plays on, in one lane", "[process]") {
    // `first` crashes at every first decision until it is out; its faults are then answered as
    // it is asked, while `second`'s decisions at the same tables wait for their answers: each
    // table must take each answer once, in order.
    TournamentConfig config = field(kMisbehaving + " crash 1");
    BotEntry& second = *config.mutable_bots(1);
    second.set_spec(kCallBot);
    second.set_name("second");
    for (const int threads : {1, 2}) {
        const Report report = run(config, threads, 2048);
        REQUIRE(report.complete());
        std::int64_t net = 0;
        for (const BotResult& bot : report.bots()) {
            net += bot.net_chips();
            if (bot.name() == "first") {
                CHECK(bot.process().out());
                CHECK(bot.faults().crash() + bot.faults().forfeit() == bot.decisions());
                CHECK(bot.faults().forfeit() > 0);
                CHECK_THAT(bot.faults().first_forfeit(), Catch::StartsWith("unit "));
            } else {
                CHECK(bot.faults().crash() + bot.faults().timeout() + bot.faults().bad_answer() ==
                      0);
            }
        }
        CHECK(net == 0);
    }
}

TEST_CASE("process bots: illegal answers are faults of the bot, counted in the report",
          "[process]") {
    // Raises to one chip above the minimum whenever it may raise: in fixed-limit only the
    // fixed amount is legal, so every such raise is a fault of that bot alone.
    TournamentConfig config = field(kMisbehaving + " raise");
    config.set_betting(FIXED_LIMIT);
    const Report limit = run(config, 2, 64);
    std::int64_t net = 0;
    for (const BotResult& bot : limit.bots()) {
        net += bot.net_chips();
        if (bot.name() == "first") {
            CHECK(bot.faults().illegal_action() > 10);
            CHECK_THAT(bot.faults().first_message(), Catch::Contains("illegal action"));
        } else {
            CHECK(bot.faults().illegal_action() == 0);
        }
    }
    CHECK(net == 0);
}

TEST_CASE("process bots: strategies that are dropped are counted, with the first reason",
          "[process]") {
    // Every answer reports a strategy summing to 0.5: each is dropped, and the action stands.
    TournamentConfig config = field(kMisbehaving + " strategy_sum");
    config.set_aivat(true);
    RunOptions options;
    options.threads = 1;
    std::vector<Report> shards;
    for (const int k : {1, 2}) {
        options.shard = {k, 2};
        shards.push_back(run_tournament(
            make_tournament(config, BotLoading::Load, {}, scratch("logs")), options));
    }
    std::int64_t decisions = 0;
    for (const Report& shard : shards) {
        const BotResult& bot = shard.bots(0);
        REQUIRE(bot.name() == "first");
        CHECK(bot.decisions() > 0);
        CHECK(bot.decisions_with_strategy() == 0);
        CHECK(bot.faults().bad_answer() == 0);
        CHECK(bot.process().invalid_strategies() == bot.decisions());
        CHECK(bot.process().first_invalid_strategy() == "probabilities sum to 0.500000, not 1");
        decisions += bot.decisions();
    }
    // Merged, the shards' counts add up.
    const Report merged = merge_reports(shards);
    CHECK(merged.bots(0).process().invalid_strategies() == decisions);
    CHECK(merged.bots(0).process().first_invalid_strategy() ==
          "probabilities sum to 0.500000, not 1");
    // The CSV's last columns: not out, the count and the reason (quoted: it holds a comma).
    const std::string csv = report_to_csv(merged)[0].second;
    const std::string header = csv.substr(0, csv.find('\n'));
    CHECK_THAT(header, Catch::EndsWith(",out,invalid_strategies,first_invalid_strategy"));
    const std::string row =
        csv.substr(header.size() + 1, csv.find('\n', header.size() + 1) - header.size() - 1);
    CHECK_THAT(row, Catch::EndsWith(",false," + std::to_string(decisions) +
                                    ",\"probabilities sum to 0.500000, not 1\""));
}

TEST_CASE("process bots: a bot that cannot start is an error naming it", "[process]") {
    TournamentConfig config = field("proc:/no/such/bot --level 3");
    CHECK_THROWS_WITH(
        make_tournament(config),
        Catch::Contains("bots[0].spec: bot 'first'") &&
            Catch::Contains("cannot start '/no/such/bot': No such file or directory"));
    config.mutable_bots(0)->clear_spec();
    config.mutable_bots(0)->mutable_process()->add_command(MISBEHAVING_BOT);
    config.mutable_bots(0)->mutable_process()->add_command("refuse");
    CHECK_THROWS_WITH(make_tournament(config),
                      Catch::Contains("bots[0].process:") && Catch::Contains("refused: "));
}

namespace {

// field() with its first bot a configuration's process: the misbehaving bot, playing well.
TournamentConfig process_field() {
    TournamentConfig config = field("call");
    config.mutable_bots(0)->clear_spec();
    config.mutable_bots(0)->mutable_process()->add_command(MISBEHAVING_BOT);
    return config;
}

}  // namespace

TEST_CASE("process bots: a folder that is not there is named as the problem", "[process]") {
    TournamentConfig config = process_field();
    ProcessBot& p = *config.mutable_bots(0)->mutable_process();
    p.set_working_dir("no_such_folder");
    const fs::path base = scratch("");
    CHECK_THROWS_WITH(make_tournament(config, BotLoading::Load, base, {}),
                      Catch::StartsWith("bots[0].process.working_dir: 'no_such_folder' (" +
                                        (base / "no_such_folder").lexically_normal().string() +
                                        ") does not exist"));
    std::ofstream(scratch("a_file")) << "x";
    p.set_working_dir("a_file");
    CHECK_THROWS_WITH(make_tournament(config, BotLoading::Load, base, {}),
                      Catch::StartsWith("bots[0].process.working_dir: 'a_file' (") &&
                          Catch::Contains(") is not a folder"));
}

TEST_CASE("process bots: procs and timeout given as 0 are refused, not the defaults", "[process]") {
    TournamentConfig config = process_field();
    ProcessBot& p = *config.mutable_bots(0)->mutable_process();
    p.set_procs(0);
    CHECK_THROWS_WITH(make_tournament(config),
                      Catch::StartsWith("bots[0].process: process.procs: 0; expected a whole "
                                        "number from 1 to 64 (leave it out for the default, 1)"));
    p.set_procs(65);
    CHECK_THROWS_WITH(make_tournament(config), Catch::Contains("process.procs: 65; expected"));
    p.clear_procs();
    p.set_timeout(0);
    CHECK_THROWS_WITH(make_tournament(config),
                      Catch::StartsWith("bots[0].process: process.timeout: 0; expected seconds "
                                        "from 0.001 to 86400"));
    // Left out, procs is the default: one process (one lane).
    p.clear_timeout();
    CHECK(make_tournament(config).factories[0]->lanes() == 1);
    p.set_procs(2);
    CHECK(make_tournament(config).factories[0]->lanes() == 2);
}

TEST_CASE("process bots: a configuration's command list, folder and environment", "[process]") {
    // A script that finds its bot through the environment, in the folder it is run from.
    const fs::path folder = scratch("bot_folder");
    fs::create_directories(folder);
    {
        std::ofstream script(folder / "bot.sh");
        script << "exec \"$BOT\" good\n";
    }
    TournamentConfig config = field("call");
    BotEntry& bot = *config.mutable_bots(0);
    bot.clear_spec();
    ProcessBot& p = *bot.mutable_process();
    p.add_command("sh");
    p.add_command("bot.sh");
    p.set_working_dir("bot_folder");
    p.add_env(std::string("BOT=") + MISBEHAVING_BOT);
    const Tournament tournament = make_tournament(config, BotLoading::Load, scratch(""), {});
    const pokerarena::BotIdentity identity = tournament.factories[0]->identity();
    REQUIRE(identity.kind == pokerarena::BotIdentity::Kind::Process);
    CHECK(identity.command == std::vector<std::string>{"sh", "bot.sh"});
    REQUIRE(identity.files.size() == 2);  // sh and the script
    CHECK(identity.files[1].path == (folder / "bot.sh").string());
    CHECK(identity.stats.api_name == "misbehaving");
    RunOptions options;
    const Report report = run_tournament(tournament, options);
    CHECK(figures(report) == figures(run(field("call"), 1, 64)));
}

TEST_CASE("process bots: resume refuses a program that changed", "[process]") {
    const fs::path script = scratch("changing_bot.sh");
    {
        std::ofstream out(script);
        out << "exec " << MISBEHAVING_BOT << " good\n";
    }
    TournamentConfig config = field("proc:sh " + script.string());
    const Tournament before = make_tournament(config);
    RunOptions options;
    const Report report = run_tournament(before, options);
    {
        std::ofstream out(script, std::ios::app);
        out << "# changed\n";
    }
    const Tournament after = make_tournament(config);
    CHECK_THROWS_WITH(check_resumable(after, report, Shard{}),
                      Catch::Contains("is not the program the report's units were played with") &&
                          Catch::Contains("changing_bot.sh' has changed"));
}
