// The formats one by one (formats/format.hpp): the registry covers every value of Format, and
// each format seats its units as the schedule (tournament.hpp's WorkUnit) says.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <utility>

#include "../../sim/src/formats/format.hpp"

using namespace pokerarena::sim;
using Catch::Matchers::Contains;

TEST_CASE("format_of has a format for every value of Format") {
    const auto& values = *Format_descriptor();
    for (int i = 0; i < values.value_count(); ++i) {
        const auto format = static_cast<Format>(values.value(i)->number());
        CHECK_NOTHROW(formats::format_of(format));
    }
    CHECK(std::string(formats::format_of(FORMAT_UNSPECIFIED).name()) == "round robin");
    CHECK(std::string(formats::format_of(ROUND_ROBIN).name()) == "round robin");
    CHECK(std::string(formats::format_of(GAUNTLET).name()) == "gauntlet");
    CHECK(std::string(formats::format_of(RING).name()) == "ring");
    CHECK(std::string(formats::format_of(SIT_AND_GO).name()) == "sit-and-go");
    CHECK_THROWS_WITH(formats::format_of(static_cast<Format>(42)),
                      Contains("format: 42; expected ROUND_ROBIN, GAUNTLET"));
    // A report of such a value still prints.
    TournamentConfig config;
    config.set_format(static_cast<Format>(42));
    CHECK(&formats::format_for_report(config) == &formats::round_robin());
}

TEST_CASE("formats: what each one is") {
    CHECK(formats::round_robin().heads_up());
    CHECK(formats::gauntlet().heads_up());
    CHECK_FALSE(formats::ring().heads_up());
    CHECK_FALSE(formats::sit_and_go().heads_up());
    CHECK(formats::sit_and_go().freezeout());
    CHECK_FALSE(formats::ring().freezeout());
    CHECK(formats::round_robin().groups(6) == 15);
    CHECK(formats::gauntlet().groups(6) == 5);
    CHECK(formats::ring().groups(6) == 1);
    CHECK(formats::sit_and_go().groups(6) == 1);
    CHECK(formats::round_robin().groups_of_one_bot(6) == 5);
    CHECK(formats::ring().groups_of_one_bot(6) == 1);
}

TEST_CASE("formats: a round robin seats every pair once, in order") {
    for (const int bots : {2, 3, 7}) {
        const formats::Field field{bots, 2, 0, 1};
        std::set<std::pair<int, int>> seen;
        std::pair<int, int> last{-1, -1};
        for (std::int64_t g = 0; g < formats::round_robin().groups(bots); ++g) {
            WorkUnit unit;
            unit.group = g;
            formats::round_robin().seat(unit, field);
            REQUIRE(unit.num_seats == 2);
            const std::pair<int, int> pair{unit.seat_bot[0], unit.seat_bot[1]};
            CHECK(pair.first < pair.second);
            CHECK(pair.second < bots);
            CHECK(last < pair);
            CHECK(unit.table_id == static_cast<std::uint64_t>(g));
            seen.insert(pair);
            last = pair;
        }
        CHECK(seen.size() == static_cast<std::size_t>(bots * (bots - 1) / 2));
    }
}

TEST_CASE("formats: a gauntlet seats the hero against every other bot") {
    const formats::Field field{5, 2, 3, 1};
    std::set<int> opponents;
    for (std::int64_t g = 0; g < formats::gauntlet().groups(5); ++g) {
        WorkUnit unit;
        unit.group = g;
        formats::gauntlet().seat(unit, field);
        CHECK(unit.seat_bot[0] == 3);
        opponents.insert(unit.seat_bot[1]);
    }
    CHECK(opponents == std::set<int>{0, 1, 2, 4});
}

TEST_CASE("formats: a sit-and-go deals each tournament from a table of its own") {
    const formats::Field field{6, 6, 0, 11};
    WorkUnit unit;
    unit.index = 4;
    unit.group = 0;
    unit.first_deal = 40;
    formats::sit_and_go().seat(unit, field);
    CHECK(unit.num_seats == 6);
    CHECK(unit.table_id == 40);
    std::set<int> seated(unit.seat_bot.begin(), unit.seat_bot.begin() + 6);
    CHECK(seated == std::set<int>{0, 1, 2, 3, 4, 5});
    // The ring seats its unit the same way, dealt from its group's table.
    WorkUnit ring_unit = unit;
    formats::ring().seat(ring_unit, field);
    CHECK(ring_unit.seat_bot == unit.seat_bot);
    CHECK(ring_unit.table_id == 0);
}
