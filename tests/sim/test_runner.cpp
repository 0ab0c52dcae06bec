// The parallel runner: the report is the same byte for byte (timing aside) whatever the thread
// count and wave size, in every format, after a stop and a resume, and as two shards aggregated
// together; the SPRT stops at the same unit whatever the threads; bad options and mismatched
// resumes are refused with the field named.
#include <dlfcn.h>
#include <catch2/catch.hpp>
#include <cstdio>

#include <atomic>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "pokerarena/sim/report_io.hpp"
#include "pokerarena/sim/runner.hpp"
#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena::sim;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / "pokerarena_runner_test";
    fs::create_directories(dir);
    return dir / name;
}

// Three bots, 3 pairs x 12 units of 25 deals: several waves even with many tables in flight.
TournamentConfig round_robin_config() {
    TournamentConfig config;
    for (const char* spec : {"random", "call", "tag"})
        config.add_bots()->set_spec(spec);
    config.set_deals(300);
    config.set_deals_per_unit(25);
    config.set_seed(7);
    return config;
}

// The report without the fields that may vary between runs of the same tournament.
std::string figures(Report report) {
    report.clear_run();
    report.clear_timing();
    for (BotResult& bot : *report.mutable_bots())
        bot.clear_mean_decision_us();
    for (UnitResult& unit : *report.mutable_units()) {
        unit.clear_timing_decision_ns();
        for (BotUnit& bot : *unit.mutable_bots())
            bot.clear_decision_ns();
    }
    return report.SerializeAsString();
}

Report run(const Tournament& tournament, int threads, int tables) {
    RunOptions options;
    options.threads = threads;
    options.tables = tables;
    return run_tournament(tournament, options);
}

// Resuming `partial` with 2 threads completes the run with the figures of an uninterrupted
// one.
void require_resume_completes(const Tournament& tournament, const Report& partial) {
    RunOptions options;
    options.threads = 2;
    options.resume = &partial;
    const Report resumed = run_tournament(tournament, options);
    REQUIRE(resumed.complete());
    REQUIRE(figures(resumed) == figures(run(tournament, 1, 2048)));
}

// The gate plugin (tests/sim/plugins/gate_bot.c): after hold_at(n), its decision n waits
// until open(). dlopen of its path gives the library the runner loads.
struct Gate {
    void* library = dlopen(PLUGIN_GATE, RTLD_NOW);
    template <class F>
    F* symbol(const char* name) const {
        return library ? reinterpret_cast<F*>(dlsym(library, name)) : nullptr;
    }
    void (*hold_at)(long) = symbol<void(long)>("pokerarena_test_gate_hold_at");
    int (*waiting)() = symbol<int()>("pokerarena_test_gate_waiting");
    void (*open)() = symbol<void()>("pokerarena_test_gate_open");
    bool loaded() const { return hold_at && waiting && open; }
};

// The gate bot only checks and calls, and so does its opponent: every hand goes to showdown
// and the gate bot decides once per round, 4 times a hand, 200 times a unit of 25 deals
// (50 hands). Its decision 1,001 is then the first of the sixth unit.
constexpr long kHeldDecision = 1001;

// The gate bot against a caller, heads-up: 16 units of 25 deals.
Tournament gated_tournament() {
    TournamentConfig config;
    config.add_bots()->set_spec(PLUGIN_GATE);
    config.add_bots()->set_spec("call");
    config.set_deals(800);
    config.set_deals_per_unit(25);
    config.set_seed(11);
    return make_tournament(config);
}

// One thread and one wave holding every unit: while the gate holds a unit, no other unit is
// in play, so the units finished stay as they are until the test opens it.
RunOptions gated_options() {
    RunOptions options;
    options.threads = 1;
    options.tables = 2048;
    options.progress_interval_seconds = 0.01;
    return options;
}

// tag against fold in units of 10 deals, with an SPRT that decides within its first units.
TournamentConfig lopsided_sprt_config() {
    TournamentConfig config;
    config.add_bots()->set_spec("tag");
    config.add_bots()->set_spec("fold");
    config.set_deals(20000);
    config.set_deals_per_unit(10);
    config.set_seed(3);
    config.mutable_sprt()->set_mbb0(0);
    config.mutable_sprt()->set_mbb1(100);
    config.mutable_sprt()->set_alpha(0.05);
    config.mutable_sprt()->set_beta(0.05);
    return config;
}

}  // namespace

TEST_CASE("runner: same report with 1 or 2 threads and any wave size", "[runner]") {
    const Tournament tournament = make_tournament(round_robin_config());
    const Report one = run(tournament, 1, 5);
    const Report two = run(tournament, 2, 7);
    const Report wide = run(tournament, 2, 2048);

    REQUIRE(one.complete());
    REQUIRE(one.units_done() == 36);
    REQUIRE(one.units_size() == 36);
    REQUIRE(one.hands() == 3 * 300 * 2);
    REQUIRE(one.run().threads() == 1);
    REQUIRE(two.run().threads() == 2);
    REQUIRE(two.run().tables() == 7);
    REQUIRE(one.run().shard().empty());
    REQUIRE(one.timing().peak_rss_bytes() > 0);
    REQUIRE(figures(one) == figures(two));
    REQUIRE(figures(one) == figures(wide));
    // And the figures are those of aggregate() over the units played one by one.
    std::vector<UnitResult> units;
    for (std::int64_t u = 0; u < static_cast<std::int64_t>(tournament.units.size()); ++u)
        units.push_back(play_unit(tournament, u));
    REQUIRE(figures(one) == figures(aggregate(tournament, units)));
}

namespace {

// `config` played with 1 thread one unit at a time, with 2 threads in waves of 3 units and
// with 2 threads in one wave of every unit: the same figures, complete. Returns the first.
// `units` is the schedule's size, several waves' worth, so that the wave sizes differ.
Report require_same_report_with_any_threads(const TournamentConfig& config, std::size_t units) {
    const Tournament tournament = make_tournament(config);
    REQUIRE(tournament.units.size() == units);
    const Report one = run(tournament, 1, 1);
    REQUIRE(one.complete());
    REQUIRE(one.units_done() == static_cast<std::int64_t>(units));
    REQUIRE(figures(one) == figures(run(tournament, 2, 3)));
    REQUIRE(figures(one) == figures(run(tournament, 2, 2048)));
    return one;
}

// A ring of `seats` bots, each seat its own bot (two of a kind need names): 12 units of 25
// deals, each played once per rotation.
TournamentConfig ring_config(int seats) {
    const char* const specs[] = {"random", "call", "tag", "allin", "fold"};
    TournamentConfig config;
    config.set_format(RING);
    for (int s = 0; s < seats; ++s) {
        BotEntry& bot = *config.add_bots();
        bot.set_spec(specs[s % 5]);
        bot.set_name(std::string(specs[s % 5]) + "-" + std::to_string(s));
    }
    config.set_deals(300);
    config.set_deals_per_unit(25);
    config.set_seed(21);
    return config;
}

}  // namespace

TEST_CASE("runner: a gauntlet gives the same report with 1 or 2 threads and any wave size",
          "[runner]") {
    TournamentConfig config;
    config.set_format(GAUNTLET);
    for (const char* spec : {"tag", "random", "call", "allin"})
        config.add_bots()->set_spec(spec);
    config.set_hero(1);
    config.set_deals(400);
    config.set_deals_per_unit(100);
    config.set_seed(13);
    // 3 opponents x 4 units of 100 deals.
    const Report report = require_same_report_with_any_threads(config, 12);
    // Only the hero's pairs: bot 1 against each other bot.
    REQUIRE(report.pairs_size() == 3);
    for (const PairResult& pair : report.pairs())
        REQUIRE((pair.a() == 1 || pair.b() == 1));
}

TEST_CASE("runner: a ring gives the same report with 1 or 2 threads and any wave size",
          "[runner]") {
    for (const int seats : {3, 6, 10}) {
        INFO(seats << " seats");
        const Report report = require_same_report_with_any_threads(ring_config(seats), 12);
        REQUIRE(report.hands() == 300 * seats);
        REQUIRE(report.pairs_size() == 0);
    }
}

TEST_CASE("runner: all-in EV in a ring gives the same report with 1 or 2 threads and any wave size",
          "[runner]") {
    TournamentConfig config = ring_config(3);
    config.set_allin_ev(true);
    const Report report = require_same_report_with_any_threads(config, 12);
    // The adjusted figures are there and differ from the raw ones (the random bot's raises
    // all-in get called), so the comparison above covered them.
    bool adjusted = false;
    for (const BotResult& bot : report.bots()) {
        REQUIRE(bot.mbb_per_hand_allin_ev().samples() == bot.mbb_per_hand().samples());
        adjusted |= bot.mbb_per_hand_allin_ev().mean() != bot.mbb_per_hand().mean();
    }
    REQUIRE(adjusted);
}

TEST_CASE("runner: a sit-and-go gives the same report with 1 or 2 threads and any wave size",
          "[runner]") {
    TournamentConfig config;
    config.set_format(SIT_AND_GO);
    for (const char* spec : {"random", "call", "tag", "allin"})
        config.add_bots()->set_spec(spec);
    // 24 tournaments of 4 players, each played once per seat rotation, 4 a unit.
    config.set_deals(24);
    config.set_deals_per_unit(4);
    config.set_seed(17);
    const Report report = require_same_report_with_any_threads(config, 6);
    // Every play of every tournament has a winner.
    std::int64_t wins = 0;
    for (const BotResult& bot : report.bots()) {
        REQUIRE(bot.places_size() == 4);
        wins += bot.places(0);
    }
    REQUIRE(wins == 24 * 4);
}

TEST_CASE("runner: a stopped run resumed gives the uninterrupted report", "[runner]") {
    const Tournament tournament = make_tournament(round_robin_config());
    const Report uninterrupted = run(tournament, 2, 4);
    const fs::path checkpoint = scratch("stopped.pb");
    fs::remove(checkpoint);

    // Stop after the first wave, as Ctrl-C does through cmd_run's signal handler.
    std::atomic<int> stop{0};
    RunOptions options;
    options.threads = 2;
    options.tables = 4;
    options.stop = &stop;
    options.checkpoint = checkpoint;
    int calls = 0;
    options.progress = [&](const RunProgress& progress) {
        ++calls;
        REQUIRE(progress.units_total == 36);
        REQUIRE(progress.units_done <= progress.units_total);
        if (progress.units_done >= 4) stop = 1;
    };
    const Report stopped = run_tournament(tournament, options);
    REQUIRE(calls >= 1);
    REQUIRE_FALSE(stopped.complete());
    REQUIRE(stopped.units_done() == 4);
    REQUIRE(stopped.units_total() == 36);

    // The checkpoint is a readable report of the same units.
    const Report saved = read_report(checkpoint);
    REQUIRE(figures(saved) == figures(stopped));

    // Resume from the checkpoint, with other threads and tables.
    RunOptions resume_options;
    resume_options.threads = 1;
    resume_options.tables = 9;
    resume_options.resume = &saved;
    int resumed_calls = 0;
    resume_options.progress = [&](const RunProgress& progress) {
        ++resumed_calls;
        REQUIRE(progress.units_done >= 4);
    };
    const Report resumed = run_tournament(tournament, resume_options);
    REQUIRE(resumed_calls >= 1);
    REQUIRE(resumed.complete());
    REQUIRE(figures(resumed) == figures(uninterrupted));

    // Resuming a complete report plays nothing and changes nothing.
    resume_options.resume = &resumed;
    REQUIRE(figures(run_tournament(tournament, resume_options)) == figures(uninterrupted));
}

TEST_CASE("runner: a stop before the start plays nothing", "[runner]") {
    const Tournament tournament = make_tournament(round_robin_config());
    std::atomic<int> stop{1};
    RunOptions options;
    options.threads = 2;
    options.stop = &stop;
    const Report report = run_tournament(tournament, options);
    REQUIRE_FALSE(report.complete());
    REQUIRE(report.units_done() == 0);
    REQUIRE(report.hands() == 0);
}

TEST_CASE("runner: shards 1/2 and 2/2 together are the whole run", "[runner]") {
    const Tournament tournament = make_tournament(round_robin_config());
    const Report whole = run(tournament, 2, 16);

    RunOptions options;
    options.threads = 2;
    options.tables = 16;
    options.shard = parse_shard("1/2");
    const Report first = run_tournament(tournament, options);
    options.shard = parse_shard("2/2");
    const Report second = run_tournament(tournament, options);

    REQUIRE(first.run().shard() == "1/2");
    REQUIRE(second.run().shard() == "2/2");
    REQUIRE_FALSE(first.complete());
    REQUIRE(first.units_done() == 18);
    for (const UnitResult& unit : first.units())
        REQUIRE(unit.unit() % 2 == 0);
    for (const UnitResult& unit : second.units())
        REQUIRE(unit.unit() % 2 == 1);

    std::vector<UnitResult> units(first.units().begin(), first.units().end());
    units.insert(units.end(), second.units().begin(), second.units().end());
    const Report together = aggregate(tournament, units);
    REQUIRE(together.complete());
    REQUIRE(figures(together) == figures(whole));
}

TEST_CASE("runner: the SPRT stops a lopsided match at the same unit with 1 or 2 threads",
          "[runner]") {
    const Tournament tournament = make_tournament(lopsided_sprt_config());

    const Report one = run(tournament, 1, 3);
    const Report two = run(tournament, 2, 64);
    REQUIRE(one.complete());
    REQUIRE(one.sprt().decision() == "H1 (mbb1)");
    REQUIRE(one.units_done() < one.units_total() / 10);
    REQUIRE(one.sprt().hands() == one.hands());
    REQUIRE(figures(one) == figures(two));

    // A shard of it would never stop early: refused before anything is played.
    RunOptions sharded;
    sharded.shard = parse_shard("2/4");
    REQUIRE_THROWS_WITH(run_tournament(tournament, sharded),
                        Catch::Contains("--shard 2/4 with --sprt: the sequential test needs"));
    REQUIRE_THROWS_AS(check_shard(tournament, parse_shard("1/2")), RunError);
    REQUIRE_NOTHROW(check_shard(tournament, parse_shard("1/1")));
}

TEST_CASE("runner: bad options and mismatched resumes are refused", "[runner]") {
    REQUIRE(parse_shard("3/8").index == 3);
    REQUIRE(parse_shard("3/8").count == 8);
    for (const char* bad : {"", "3", "0/2", "3/2", "1/0", "a/b", "1/2x", "-1/2", "1//2"})
        REQUIRE_THROWS_WITH(parse_shard(bad), Catch::Contains("expected K/N with 1 <= K <= N"));

    const Tournament tournament = make_tournament(round_robin_config());
    RunOptions options;
    options.tables = 0;
    REQUIRE_THROWS_WITH(run_tournament(tournament, options), Catch::Contains("tables: 0"));
    options.tables = 8;
    options.threads = -1;
    REQUIRE_THROWS_WITH(run_tournament(tournament, options), Catch::Contains("threads: -1"));

    // A report of another configuration names the field that differs.
    TournamentConfig other_config = round_robin_config();
    other_config.set_deals(325);
    const Tournament other = make_tournament(other_config);
    std::atomic<int> stop{1};
    RunOptions stopped;
    stopped.stop = &stop;
    const Report other_report = run_tournament(other, stopped);
    REQUIRE_THROWS_WITH(check_resumable(tournament, other_report, Shard{}),
                        Catch::Contains("deals: 325 -> 300"));

    // A report of another pokerarena version names both versions.
    Report old_report = run_tournament(tournament, stopped);
    const std::string version = old_report.run().version();
    REQUIRE_FALSE(version.empty());
    old_report.mutable_run()->set_version("0.0.1-old");
    REQUIRE_THROWS_WITH(
        check_resumable(tournament, old_report, Shard{}),
        Catch::Contains("written by pokerarena 0.0.1-old but this is pokerarena " + version));

    // A report of another shard.
    RunOptions shard_options;
    shard_options.threads = 2;
    shard_options.shard = parse_shard("2/3");
    const Report shard_report = run_tournament(tournament, shard_options);
    REQUIRE_THROWS_WITH(check_resumable(tournament, shard_report, Shard{}),
                        Catch::Contains("the report is of shard 2/3 but this run is of the "
                                        "whole schedule"));
    const Report whole_report = run_tournament(tournament, stopped);
    REQUIRE_THROWS_WITH(check_resumable(tournament, whole_report, parse_shard("1/2")),
                        Catch::Contains("the report is of the whole schedule but this run is "
                                        "of shard 1/2"));
    REQUIRE_NOTHROW(check_resumable(tournament, shard_report, parse_shard("2/3")));
}

TEST_CASE("runner: a failing unit keeps every finished unit and names the unit", "[runner]") {
    // Unit 20's hand-history file cannot be written (a folder holds its name), so unit 20
    // throws; every other unit played before the run stopped must be in the report.
    const fs::path hh = scratch("failing_hh");
    fs::remove_all(hh);
    fs::create_directories(hh / "unit-00000020.phhs");
    TournamentConfig config = round_robin_config();
    config.set_hh_out(hh.string());
    config.set_hh_sample(100);
    const Tournament tournament = make_tournament(config);
    const fs::path checkpoint = scratch("failing.pb");
    fs::remove(checkpoint);

    RunOptions options;
    options.threads = 2;
    options.tables = 8;
    options.checkpoint = checkpoint;
    std::optional<Report> partial;
    try {
        run_tournament(tournament, options);
    } catch (const UnitFailure& failure) {
        REQUIRE(failure.unit() == 20);
        REQUIRE_THAT(failure.what(), Catch::Contains("unit 20 failed: hh_out: ") &&
                                         Catch::Contains("unit-00000020.phhs: not a regular file"));
        partial = failure.report();
    }
    REQUIRE(partial.has_value());
    REQUIRE_FALSE(partial->complete());
    // Waves of 8: units 0..15 finished before the failing wave; of that wave, units started
    // before the failure finished and are kept too.
    REQUIRE(partial->units_done() >= 16);
    REQUIRE(partial->units_done() <= 23);
    for (const UnitResult& unit : partial->units())
        REQUIRE(unit.unit() != 20);
    REQUIRE(figures(read_report(checkpoint)) == figures(*partial));

    // Once the cause is gone, the resume completes the run with the uninterrupted figures.
    fs::remove_all(hh / "unit-00000020.phhs");
    require_resume_completes(tournament, *partial);
}

TEST_CASE("runner: the checkpoint holds the final report whatever its interval", "[runner]") {
    const Tournament tournament = make_tournament(round_robin_config());
    const Report plain = run(tournament, 2, 4);
    for (const double interval : {0.0, 1e9}) {
        const fs::path checkpoint = scratch("interval.pb");
        fs::remove(checkpoint);
        RunOptions options;
        options.threads = 2;
        options.tables = 4;
        options.checkpoint = checkpoint;
        options.checkpoint_interval_seconds = interval;
        const Report report = run_tournament(tournament, options);
        REQUIRE(figures(report) == figures(plain));
        REQUIRE(figures(read_report(checkpoint)) == figures(report));
    }
}

TEST_CASE("runner: the checkpoint is written during a wave that outlasts its interval",
          "[runner]") {
    const Gate gate;
    REQUIRE(gate.loaded());
    const Tournament tournament = gated_tournament();
    REQUIRE(tournament.units.size() >= 8);
    const fs::path checkpoint = scratch("mid_wave.pb");
    fs::remove(checkpoint);
    RunOptions options = gated_options();
    options.checkpoint = checkpoint;
    options.checkpoint_interval_seconds = 0;
    int wakes_held = 0;
    std::int64_t held_done = -1;
    std::int64_t saved_done = -1;
    options.progress = [&](const RunProgress& progress) {
        if (held_done >= 0 || !gate.waiting()) return;
        // A unit is held. The wake after this one writes a checkpoint before calling here.
        if (++wakes_held < 2) return;
        held_done = progress.units_done;
        if (fs::exists(checkpoint)) saved_done = read_report(checkpoint).units_done();
        gate.open();
    };
    gate.hold_at(kHeldDecision);
    const Report report = run_tournament(tournament, options);
    gate.open();
    REQUIRE(held_done == 5);
    // Before the fix it was written only between waves: here not before the run ended.
    REQUIRE(saved_done == held_done);
    REQUIRE(report.complete());
    REQUIRE(figures(report) == figures(run(tournament, 1, 2048)));
}

TEST_CASE("runner: a second stop request hands over the finished units at once", "[runner]") {
    const Gate gate;
    REQUIRE(gate.loaded());
    const Tournament tournament = gated_tournament();
    std::atomic<int> stop{0};
    RunOptions options = gated_options();
    options.stop = &stop;
    std::optional<Report> abandoned;
    std::string abandon_failure = "not called";
    options.abandon = [&](const Report& partial, const std::string& failure) {
        abandoned = partial;
        abandon_failure = failure;
        gate.open();
    };
    int wakes_after_stop = 0;
    std::int64_t held_done = -1;
    options.progress = [&](const RunProgress& progress) {
        if (stop.load() == 0) {
            if (gate.waiting()) {
                held_done = progress.units_done;
                stop = 2;
            }
            return;
        }
        // The runner never handed over (a failing build): let the unit go; the checks below
        // then fail instead of the test hanging.
        if (!abandoned && ++wakes_after_stop > 1000) gate.open();
    };
    gate.hold_at(kHeldDecision);
    const Report report = run_tournament(tournament, options);
    gate.open();
    REQUIRE(held_done == 5);
    REQUIRE(abandoned.has_value());
    REQUIRE(abandon_failure.empty());
    REQUIRE_FALSE(abandoned->complete());
    REQUIRE(abandoned->units_done() == held_done);
    // abandon() returned, so the run went on as after one request: the held unit finished and
    // no other started.
    REQUIRE(report.units_done() == held_done + 1);
    // What was handed over is a resumable state of the same figures.
    require_resume_completes(tournament, *abandoned);
}

TEST_CASE("runner: a checkpoint that cannot be written does not stop the run", "[runner]") {
    const Tournament tournament = make_tournament(round_robin_config());
    const fs::path folder = scratch("checkpoint_folder_gone");
    fs::remove_all(folder);
    RunOptions options;
    options.threads = 2;
    options.tables = 4;
    options.checkpoint = folder / "ck.pb";
    options.checkpoint_interval_seconds = 0;
    const Report report = run_tournament(tournament, options);
    REQUIRE(report.complete());
    REQUIRE(figures(report) == figures(run(tournament, 1, 64)));
    REQUIRE_FALSE(fs::exists(folder));
}

TEST_CASE("runner: what the progress callback throws during a wave ends the run after it",
          "[runner]") {
    const Gate gate;
    REQUIRE(gate.loaded());
    const Tournament tournament = gated_tournament();
    RunOptions options = gated_options();
    int calls_after_throw = 0;
    bool thrown = false;
    options.progress = [&](const RunProgress&) {
        if (thrown) ++calls_after_throw;
        if (thrown || !gate.waiting()) return;
        // The held unit may go on; the run must wait for it before the error leaves.
        gate.open();
        thrown = true;
        throw std::runtime_error("the progress display failed");
    };
    gate.hold_at(kHeldDecision);
    REQUIRE_THROWS_WITH(run_tournament(tournament, options), "the progress display failed");
    gate.open();
    REQUIRE(thrown);
    REQUIRE(calls_after_throw == 0);
}

TEST_CASE("runner: a plugin call that does not return is named once, and the run waits for it",
          "[runner]") {
    const Gate gate;
    REQUIRE(gate.loaded());
    const Tournament tournament = gated_tournament();
    RunOptions options = gated_options();
    options.stall_warning_seconds = 0.05;
    std::vector<Stall> stalls;
    options.stall = [&](const Stall& stall) {
        stalls.push_back(stall);
        gate.open();
    };
    int wakes_held = 0;
    options.progress = [&](const RunProgress&) {
        // The runner never warned (a failing build): let the unit go; the checks below then
        // fail instead of the test hanging.
        if (gate.waiting() && ++wakes_held > 5000) gate.open();
    };
    gate.hold_at(kHeldDecision);
    const Report report = run_tournament(tournament, options);
    gate.open();
    REQUIRE(stalls.size() == 1);
    // The held decision is the first of the sixth unit.
    CHECK(stalls[0].unit == 5);
    CHECK(stalls[0].bot == PLUGIN_GATE);
    CHECK(stalls[0].call == "decide");
    CHECK(stalls[0].hand == 0);
    CHECK((stalls[0].seat == 0 || stalls[0].seat == 1));
    CHECK(stalls[0].seconds >= 0.05);
    // Nothing was given up: the report is the uninterrupted one.
    REQUIRE(report.complete());
    REQUIRE(figures(report) == figures(run(tournament, 1, 2048)));
}

TEST_CASE("runner: cutting the deals into other units changes no figure once matches are given",
          "[runner]") {
    // Cards are keyed by (seed, group, deal) and instances by (seed, group, match, bot): units
    // of 25 or 100 deals hold the same matches of 5, so every bot's and pair's figures agree
    // (the units and the curve, cut otherwise, do not). Heads-up only: a ring's seatings are
    // drawn per unit.
    const auto totals = [](Report report) {
        report.clear_run();
        report.clear_timing();
        report.clear_units();
        report.clear_curve();
        report.clear_units_total();
        report.clear_units_done();
        report.mutable_config()->clear_deals_per_unit();
        for (BotResult& bot : *report.mutable_bots())
            bot.clear_mean_decision_us();
        return report.SerializeAsString();
    };
    TournamentConfig config = round_robin_config();
    config.set_match_deals(5);
    const Report small = run(make_tournament(config), 2, 64);
    config.set_deals_per_unit(100);
    const Report large = run(make_tournament(config), 2, 64);
    CHECK(small.units_size() == 4 * large.units_size());
    CHECK(totals(small) == totals(large));
    // Matches of another length make other instances: the same cards, other figures.
    config.set_match_deals(20);
    CHECK(totals(run(make_tournament(config), 2, 64)) != totals(large));
}

TEST_CASE("runner: an SPRT of a process bot fills its tables from the first wave", "[runner]") {
    // Units of 16 one-deal matches, 64 tables on one lane: the first wave is the 4 units that
    // fill them (two a thread would be 2, 32 tables), and each next one doubles. The progress
    // callback, with an interval no wave reaches, comes after each wave only.
    TournamentConfig config;
    config.add_bots()->set_spec(std::string("proc:") + PROCESS_CALL_BOT);
    config.add_bots()->set_spec("tag");
    config.set_deals(1024);
    config.set_deals_per_unit(16);
    config.set_match_deals(1);
    config.set_seed(5);
    config.mutable_sprt()->set_mbb0(-1000);
    config.mutable_sprt()->set_mbb1(1000);
    config.mutable_sprt()->set_alpha(0.05);
    config.mutable_sprt()->set_beta(0.05);
    const fs::path logs = scratch("sprt_waves_logs");
    const Tournament tournament = make_tournament(config, BotLoading::Load, {}, logs);
    REQUIRE(tournament.units.size() == 64);

    const auto waves = [&](int tables, Report& report) {
        std::vector<std::int64_t> done;
        RunOptions options;
        options.threads = 1;
        options.tables = tables;
        options.progress_interval_seconds = 1e6;
        options.progress = [&](const RunProgress& p) { done.push_back(p.units_done); };
        report = run_tournament(tournament, options);
        return done;
    };
    Report filled, small;
    const std::vector<std::int64_t> by_tables = waves(64, filled);
    REQUIRE(by_tables.size() >= 2);
    CHECK(by_tables[0] == 4);
    CHECK(by_tables[1] == 12);
    // 3 tables: two units a thread fill them (first_wave_units gives at least that), 2, then 3.
    const std::vector<std::int64_t> by_threads = waves(3, small);
    REQUIRE(by_threads.size() >= 2);
    CHECK(by_threads[0] == 2);
    CHECK(by_threads[1] == 5);
    // The waves change no figure: the test walks the units from unit 0 whatever they were.
    CHECK(figures(filled) == figures(small));
    fs::remove_all(logs);
}

TEST_CASE("runner: a unit that fails past the SPRT's decision does not fail the run", "[runner]") {
    // The first unit the decided test does not count cannot write its hand history (a folder
    // holds its name). On one thread it is never started; on two it may start early (the pool
    // splits a wave's range) and fail: the units before it are still played, and the run ends
    // as on one thread, with the same report.
    TournamentConfig config = lopsided_sprt_config();
    const fs::path hh = scratch("sprt_failing_hh");
    fs::remove_all(hh);
    config.set_hh_out(hh.string());
    config.set_hh_sample(1);
    const Tournament tournament = make_tournament(config);
    const Report one = run(tournament, 1, 2048);
    REQUIRE(one.sprt().decision() == "H1 (mbb1)");
    char name[32];
    std::snprintf(name, sizeof name, "unit-%08lld.phhs", static_cast<long long>(one.units_done()));
    fs::remove_all(hh);
    fs::create_directories(hh / name);
    Report two;
    REQUIRE_NOTHROW(two = run(tournament, 2, 64));
    CHECK(figures(two) == figures(one));
}

TEST_CASE("runner: a decided SPRT starts no more units of the wave in play", "[runner]") {
    // The lopsided match above, on one thread: the wave's units are played in order, and the
    // test walks on as each finishes, so the wave stops at the unit that decides.
    const Tournament tournament = make_tournament(lopsided_sprt_config());
    std::int64_t played = 0;
    RunOptions options;
    options.threads = 1;
    options.tables = 2048;
    options.progress_interval_seconds = 1e6;  // after each wave only
    options.progress = [&](const RunProgress& p) { played = p.units_done; };
    const Report report = run_tournament(tournament, options);
    REQUIRE(report.sprt().decision() == "H1 (mbb1)");
    CHECK(report.complete());
    CHECK(played == report.units_done());
    // The deciding unit is not the last of a wave (waves of 2, 4, 8, ... units): a wave that
    // played on would have played more.
    for (std::int64_t end = 2, wave = 2; end <= report.units_done(); wave *= 2, end += wave)
        CHECK(end != report.units_done());
    CHECK(figures(report) == figures(run(tournament, 2, 64)));
}
