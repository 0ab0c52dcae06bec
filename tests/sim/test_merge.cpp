#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "pokerarena/sim/merge.hpp"
#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena::sim;

namespace {

// A round robin of three cheap bots, small enough to play every unit in a test: 3 pairs of
// 40 deals, 10 deals per unit, so 12 units.
TournamentConfig small_round_robin() {
    TournamentConfig config;
    config.set_format(ROUND_ROBIN);
    for (const char* spec : {"call", "random", "tag"})
        config.add_bots()->set_spec(spec);
    config.set_deals(40);
    config.set_seed(7);
    config.set_deals_per_unit(10);
    config.set_allin_ev(true);
    config.set_aivat(true);
    return config;
}

// What `run --shard K/N` leaves in its report: the units with index % N == K - 1, aggregated,
// with the run information a runner fills in.
Report shard_report(const Tournament& tournament, const std::vector<UnitResult>& all, int k,
                    int n) {
    std::vector<UnitResult> units;
    for (const UnitResult& unit : all)
        if (unit.unit() % n == k - 1) units.push_back(unit);
    Report report = aggregate(tournament, units);
    *report.mutable_config() = tournament.config;
    report.mutable_run()->set_version("test");
    report.mutable_run()->set_shard(std::to_string(k) + "/" + std::to_string(n));
    report.mutable_run()->set_threads(2);
    report.mutable_run()->set_started(k == 1 ? "2026-01-02T00:00:00Z" : "2026-01-01T00:00:00Z");
    report.mutable_timing()->set_wall_seconds(1.5);
    report.mutable_timing()->set_hands_per_second(1000);
    report.mutable_timing()->set_peak_rss_bytes(1000 * k);
    return report;
}

// The figures that must not depend on how the units were gathered.
Report figures_only(Report report) {
    report.clear_run();
    report.clear_timing();
    return report;
}

struct Fixture {
    Tournament tournament = make_tournament(small_round_robin());
    std::vector<UnitResult> units;
    Fixture() {
        for (std::int64_t unit = 0; unit < static_cast<std::int64_t>(tournament.units.size());
             ++unit)
            units.push_back(play_unit(tournament, unit));
    }
};

}  // namespace

TEST_CASE("merge: two shards give the figures of one run of every unit") {
    const Fixture fixture;
    REQUIRE(fixture.units.size() >= 4);
    Report whole = aggregate(fixture.tournament, fixture.units);
    *whole.mutable_config() = fixture.tournament.config;

    const std::vector<Report> shards = {shard_report(fixture.tournament, fixture.units, 1, 2),
                                        shard_report(fixture.tournament, fixture.units, 2, 2)};
    REQUIRE_FALSE(shards[0].complete());
    const Report merged = merge_reports(shards);
    CHECK(merged.complete());
    CHECK(merged.units_done() == static_cast<std::int64_t>(fixture.units.size()));
    CHECK(figures_only(merged).SerializeAsString() == figures_only(whole).SerializeAsString());
    // The AIVAT figures are among them.
    REQUIRE(merged.bots_size() == 3);
    CHECK(merged.bots(0).has_mbb_per_hand_aivat());
    CHECK(merged.pairs(0).has_mbb_per_hand_aivat_a());

    // The order of the inputs does not matter.
    const std::vector<Report> reversed = {shards[1], shards[0]};
    CHECK(figures_only(merge_reports(reversed)).SerializeAsString() ==
          figures_only(whole).SerializeAsString());

    CHECK(merged.run().version() == "test");
    CHECK(merged.run().shard().empty());
    CHECK(merged.run().threads() == 0);
    CHECK(merged.run().started() == "2026-01-01T00:00:00Z");
    CHECK(merged.timing().wall_seconds() == 0);
    CHECK(merged.timing().hands_per_second() == 0);
    CHECK(merged.timing().peak_rss_bytes() == 2000);
}

TEST_CASE("merge: overlapping reports keep each unit once") {
    const Fixture fixture;
    Report whole = aggregate(fixture.tournament, fixture.units);
    *whole.mutable_config() = fixture.tournament.config;
    whole.mutable_run()->set_version("test");

    // An interrupted run (the first half of the units) and the whole run; a unit's timing may
    // differ between the two runs of it.
    std::vector<UnitResult> first_half(fixture.units.begin(),
                                       fixture.units.begin() + fixture.units.size() / 2);
    for (UnitResult& unit : first_half) {
        unit.set_timing_decision_ns(unit.timing_decision_ns() + 12345);
        for (BotUnit& bot : *unit.mutable_bots())
            bot.set_decision_ns(bot.decision_ns() + 7);
    }
    Report partial = aggregate(fixture.tournament, first_half);
    *partial.mutable_config() = fixture.tournament.config;
    partial.mutable_run()->set_version("test");
    CHECK_FALSE(partial.complete());

    const std::vector<Report> inputs = {partial, whole};
    const Report merged = merge_reports(inputs);
    CHECK(merged.units_size() == static_cast<int>(fixture.units.size()));
    CHECK(merged.complete());
    // The first copy of a unit is kept: its figures are those of the whole run.
    CHECK(merged.hands() == whole.hands());
    CHECK(merged.bots(0).net_chips() == whole.bots(0).net_chips());
}

TEST_CASE("merge: the bots' plugins are not loaded") {
    // Shards run on machines with a plugin this one does not have: the merge needs only the
    // schedule, so it neither opens the plugin nor needs its path.
    const Fixture fixture;
    TournamentConfig config = fixture.tournament.config;
    config.mutable_bots(1)->set_spec("/nonexistent/pokerarena/random_bot.so");
    REQUIRE_THROWS_AS(make_tournament(config), ConfigError);
    std::vector<Report> shards = {shard_report(fixture.tournament, fixture.units, 1, 2),
                                  shard_report(fixture.tournament, fixture.units, 2, 2)};
    for (Report& shard : shards)
        *shard.mutable_config() = config;
    const Report merged = merge_reports(shards);
    CHECK(merged.complete());
    CHECK(merged.units_done() == static_cast<std::int64_t>(fixture.units.size()));
    CHECK(merged.bots(1).spec() == "/nonexistent/pokerarena/random_bot.so");
    const Report whole = aggregate(fixture.tournament, fixture.units);
    for (int b = 0; b < 3; ++b) {
        CHECK(merged.bots(b).net_chips() == whole.bots(b).net_chips());
        CHECK(merged.bots(b).mbb_per_hand().ci95() == whole.bots(b).mbb_per_hand().ci95());
    }

    // Without its bots, a tournament cannot be played.
    const Tournament unloaded = make_tournament(config, BotLoading::Skip);
    CHECK(unloaded.factories.empty());
    CHECK(unloaded.units.size() == fixture.tournament.units.size());
    CHECK_THROWS(play_unit(unloaded, 0));
}

TEST_CASE("merge: inputs that do not belong together are rejected with the file and field") {
    const Fixture fixture;
    const Report a = shard_report(fixture.tournament, fixture.units, 1, 2);
    const std::vector<std::string> names = {"a.pb", "b.pb"};

    SECTION("no input") {
        CHECK_THROWS_WITH(merge_reports({}), "no reports to merge");
    }
    SECTION("another configuration") {
        Report b = shard_report(fixture.tournament, fixture.units, 2, 2);
        b.mutable_config()->set_seed(8);
        const std::vector<Report> inputs = {a, b};
        CHECK_THROWS_AS(merge_reports(inputs, names), MergeError);
        CHECK_THROWS_WITH(merge_reports(inputs, names),
                          Catch::Matches("b\\.pb: not the tournament of a\\.pb \\(configurations "
                                         "differ, modified: seed: 7 -> 8\\)"));
        // Without names, inputs are numbered from 1.
        CHECK_THROWS_WITH(merge_reports(inputs), Catch::StartsWith("input 2: not the tournament "
                                                                   "of input 1"));
    }
    SECTION("another version") {
        Report b = shard_report(fixture.tournament, fixture.units, 2, 2);
        b.mutable_run()->set_version("other");
        const std::vector<Report> inputs = {a, b};
        CHECK_THROWS_WITH(merge_reports(inputs, names),
                          "b.pb: written by pokerarena other, a.pb by pokerarena test; merge "
                          "reports of one version");
    }
    SECTION("a unit outside the schedule") {
        Report b = shard_report(fixture.tournament, fixture.units, 2, 2);
        b.mutable_units(0)->set_unit(static_cast<std::int64_t>(fixture.units.size()));
        const std::vector<Report> inputs = {a, b};
        CHECK_THROWS_WITH(merge_reports(inputs, names),
                          Catch::StartsWith("b.pb: unit " + std::to_string(fixture.units.size()) +
                                            " is not in the schedule"));
    }
    SECTION("one unit with two results") {
        Report b = a;
        b.mutable_units(0)->mutable_bots(0)->set_net_chips(b.units(0).bots(0).net_chips() + 1);
        const std::vector<Report> inputs = {a, b};
        CHECK_THROWS_WITH(merge_reports(inputs, names),
                          Catch::Matches("b\\.pb: unit 0 differs from the same unit in a\\.pb "
                                         "\\(modified: bots\\[0\\]\\.net_chips: .*\\)"));
    }
}
