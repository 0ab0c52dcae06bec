// play_lane(): a lane plays every unit it is given, and each exactly as play_unit() does,
// however few tables it keeps in flight and however little it lets wait unwritten for the bot
// processes (sim/src/run/lane.hpp); the tables it lets in flight as the bots keep them
// waiting, and the SPRT's first wave that fills them.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "../../sim/src/run/lane.hpp"
#include "pokerarena/sim/tournament.hpp"
#include "unit_helpers.hpp"

using namespace pokerarena;
using namespace pokerarena::sim;
using pokerarena::sim::test::without_timing;

namespace {

// A round robin of `first` against tag and random in units of `deals` deals, matches of
// `match` deals.
TournamentConfig one_deal_units(const std::string& first, int deals = 1, int match = 1) {
    TournamentConfig config;
    config.add_bots()->set_spec(first);
    config.add_bots()->set_spec("tag");
    config.add_bots()->set_spec("random");
    config.set_deals(300);
    config.set_deals_per_unit(deals);
    config.set_match_deals(match);
    config.set_seed(11);
    return config;
}

// Plays every unit of `remote` through lane 0 and checks that each finished once, with no
// failure, and as play_unit() plays it in `in_process`.
void check_lane_plays_as_play_unit(const Tournament& remote, const Tournament& in_process,
                                   std::size_t units_in_flight, std::size_t tables,
                                   std::size_t max_unsent = sim::detail::kMaxUnsentBytes) {
    std::vector<std::int64_t> units(remote.units.size());
    for (std::size_t u = 0; u < units.size(); ++u)
        units[u] = static_cast<std::int64_t>(u);
    std::map<std::size_t, std::string> finished;
    std::vector<std::string> failures;
    PluginCallState calls;
    sim::detail::LaneHooks hooks;
    hooks.keep_starting = [](std::size_t) { return true; };
    hooks.finished = [&](std::size_t i, UnitResult&& result) {
        CHECK(finished.emplace(i, without_timing(std::move(result))).second);
    };
    hooks.failed = [&](std::size_t, const std::string& error) { failures.push_back(error); };
    hooks.calls = [&](std::size_t) -> PluginCallState& { return calls; };
    // Every table allowed from the start: the lane's growth is for speed only, and these
    // cases are about what it keeps in flight.
    sim::detail::play_lane(remote, 0, units, units_in_flight, tables, hooks, max_unsent, tables);
    CHECK(failures.empty());
    REQUIRE(finished.size() == units.size());
    for (std::size_t u = 0; u < units.size(); ++u)
        CHECK(finished[u] == without_timing(play_unit(in_process, units[u])));
}

}  // namespace

TEST_CASE("a lane plays every unit as play_unit does, whatever it keeps in flight or unwritten",
          "[lane]") {
    const Tournament in_process = make_tournament(one_deal_units("call"));
    const auto logs = std::filesystem::temp_directory_path() /
                      ("pokerarena_lane_test_" + std::to_string(::getpid()));
    const Tournament remote = make_tournament(
        one_deal_units(std::string("proc:") + PROCESS_CALL_BOT), BotLoading::Load, {}, logs);
    REQUIRE(sim::detail::lane_count(remote) == 1);
    REQUIRE(remote.units.size() > 100);

    // Nothing may wait unwritten (every request goes before the next unit moves), a little may,
    // or the default; one table in flight, three, or all of them.
    for (const std::size_t max_unsent :
         {std::size_t{0}, std::size_t{1000}, sim::detail::kMaxUnsentBytes}) {
        for (const std::size_t in_flight : {std::size_t{1}, std::size_t{3}, remote.units.size()}) {
            INFO("max_unsent " << max_unsent << ", in flight " << in_flight);
            check_lane_plays_as_play_unit(remote, in_process, in_flight, in_flight, max_unsent);
        }
    }
    std::filesystem::remove_all(logs);
}

TEST_CASE("a unit's matches in flight at once give what they give one after the other", "[lane]") {
    // Units of 63 deals in matches of 1 and of 7 (a group's last unit is short): the lane plays
    // a unit's matches at once, as many as its tables allow, and merges them in match order.
    for (const int match : {1, 7}) {
        INFO("match_deals " << match);
        const Tournament in_process = make_tournament(one_deal_units("call", 63, match));
        const auto logs = std::filesystem::temp_directory_path() /
                          ("pokerarena_lane_matches_" + std::to_string(::getpid()));
        const Tournament remote =
            make_tournament(one_deal_units(std::string("proc:") + PROCESS_CALL_BOT, 63, match),
                            BotLoading::Load, {}, logs);
        for (const std::size_t tables : {std::size_t{1}, std::size_t{5}, std::size_t{10000}}) {
            INFO("tables " << tables);
            check_lane_plays_as_play_unit(remote, in_process, remote.units.size(), tables);
        }
        std::filesystem::remove_all(logs);
    }
}

TEST_CASE("a lane with more tables in flight than the pipes take requests at once", "[lane]") {
    // 4,000 units of one deal, all in flight on one lane: their first requests (hundreds of
    // bytes each) are more than the lane queues unwritten (a quarter of a megabyte), so units
    // start and resume only as the bot reads. What each unit gives does not change, whether the
    // bot answers in order or each batch in reverse.
    TournamentConfig config = one_deal_units("call");
    config.set_deals(2000);
    const Tournament in_process = make_tournament(config);
    const auto logs = std::filesystem::temp_directory_path() /
                      ("pokerarena_lane_backlog_" + std::to_string(::getpid()));
    for (const std::string& bot :
         {std::string(PROCESS_CALL_BOT), std::string(MISBEHAVING_BOT) + " reverse"}) {
        INFO(bot);
        config.mutable_bots(0)->set_spec("proc:" + bot);
        const Tournament remote = make_tournament(config, BotLoading::Load, {}, logs);
        REQUIRE(remote.units.size() >= 4000);
        check_lane_plays_as_play_unit(remote, in_process, remote.units.size(), 8192);
    }
    std::filesystem::remove_all(logs);
}

TEST_CASE("a lane's tables grow with the bots' waits, a slow first answer counted", "[lane]") {
    using sim::detail::TableAllowance;
    using std::chrono::milliseconds;
    // 256 to start with, up to 2048.
    {
        TableAllowance allowance(256, 2048);
        // A first answer of 30 ms may be a fast bot making its instances: nothing grows.
        CHECK(allowance.waited(milliseconds(30), true) == 0);
        CHECK(allowance.tables() == 256);
        // After it, one wait of 20 ms lets every table in.
        CHECK(allowance.waited(milliseconds(20), false) == 2048 - 256);
        CHECK(allowance.tables() == 2048);
    }
    {
        // A first answer of 200 ms or more is a slow bot's: every table at its first answer.
        TableAllowance allowance(256, 2048);
        CHECK(allowance.waited(sim::detail::kVerySlowFirstWait, true) == 2048 - 256);
        CHECK(allowance.tables() == 2048);
        CHECK(allowance.waited(milliseconds(1000), false) == 0);
    }
    {
        // Three waits in a row of a millisecond or more double the tables; a quick one between
        // starts the count again; never past the most.
        TableAllowance allowance(256, 600);
        CHECK(allowance.waited(milliseconds(2), false) == 0);
        CHECK(allowance.waited(milliseconds(2), false) == 0);
        CHECK(allowance.waited(std::chrono::microseconds(100), false) == 0);
        CHECK(allowance.waited(milliseconds(2), false) == 0);
        CHECK(allowance.waited(milliseconds(2), false) == 0);
        CHECK(allowance.waited(milliseconds(5), false) == 256);
        CHECK(allowance.tables() == 512);
        for (int i = 0; i < 3; ++i)
            allowance.waited(milliseconds(2), false);
        CHECK(allowance.tables() == 600);
    }
    // At least one table, and never more to start with than the most.
    CHECK(TableAllowance(0, 10).tables() == 1);
    CHECK(TableAllowance(256, 10).tables() == 10);
}

TEST_CASE("an SPRT's first wave fills the lanes' tables with its units' matches", "[lane]") {
    using sim::detail::first_wave_units;
    // Without an SPRT: --tables units.
    CHECK(first_wave_units(false, 2, 2048, 1, 16) == 2048);
    // With one and no lane: two units a thread.
    CHECK(first_wave_units(true, 1, 2048, 0, 16) == 2);
    CHECK(first_wave_units(true, 4, 2048, 0, 16) == 8);
    // A slow bot's SPRT with the defaults (units of 512 deals, matches of 32 at 100,000 deals:
    // 16 a unit): 128 units, 2048 tables, where two units held 32.
    CHECK(first_wave_units(true, 1, 2048, 1, 16) == 128);
    // Two lanes: each its 1024 tables, 64 units each; 3 lanes of 683 tables: 43 units each.
    CHECK(first_wave_units(true, 1, 2048, 2, 16) == 128);
    CHECK(first_wave_units(true, 1, 2048, 3, 16) == 129);
    // Units of more matches than tables: two a thread still; never more than --tables units.
    CHECK(first_wave_units(true, 2, 100, 1, 512) == 4);
    CHECK(first_wave_units(true, 1, 4, 1, 1) == 4);
}

TEST_CASE("an SPRT's lane starts with two units' matches in flight", "[lane]") {
    using sim::detail::first_lane_tables;
    using sim::detail::kFirstTables;
    CHECK(first_lane_tables(false, 16) == kFirstTables);
    // 16 matches a unit: 32 tables, two units, for a fast bot to keep; a slow one's first
    // answer lets in the rest.
    CHECK(first_lane_tables(true, 16) == 32);
    CHECK(first_lane_tables(true, 1) == 2);
    CHECK(first_lane_tables(true, 1000) == kFirstTables);
}

TEST_CASE("a lane asks before each unit whether it may start, and starts none after a refusal",
          "[lane]") {
    // The runner refuses, with an SPRT, only the units after one that failed: the lane must ask
    // for each unit in order, not once for all, so that the units before it still start.
    const auto logs = std::filesystem::temp_directory_path() /
                      ("pokerarena_lane_keep_" + std::to_string(::getpid()));
    const Tournament remote = make_tournament(
        one_deal_units(std::string("proc:") + PROCESS_CALL_BOT), BotLoading::Load, {}, logs);
    std::vector<std::int64_t> units(12);
    for (std::size_t u = 0; u < units.size(); ++u)
        units[u] = static_cast<std::int64_t>(u);
    for (const std::size_t tables : {std::size_t{1}, std::size_t{4}, std::size_t{64}}) {
        INFO("tables " << tables);
        std::vector<std::size_t> asked, finished;
        PluginCallState calls;
        sim::detail::LaneHooks hooks;
        hooks.keep_starting = [&](std::size_t i) {
            asked.push_back(i);
            return i < 7;
        };
        hooks.finished = [&](std::size_t i, UnitResult&&) { finished.push_back(i); };
        hooks.failed = [&](std::size_t, const std::string& error) { FAIL(error); };
        hooks.calls = [&](std::size_t) -> PluginCallState& { return calls; };
        sim::detail::play_lane(remote, 0, units, units.size(), tables, hooks,
                               sim::detail::kMaxUnsentBytes, tables);
        std::sort(finished.begin(), finished.end());
        CHECK(finished == std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6});
        // Each unit is asked about in order; nothing past the refused one.
        REQUIRE(!asked.empty());
        for (std::size_t k = 1; k < asked.size(); ++k)
            CHECK(asked[k - 1] <= asked[k]);
        CHECK(asked.back() == 7);
    }
    std::filesystem::remove_all(logs);
}
