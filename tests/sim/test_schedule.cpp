// The schedule computed unit by unit (Schedule in tournament.hpp) against the schedule built
// the plain way, every group in order cut into blocks, as make_tournament() once stored it:
// every field of every unit, over every format and shape of group (ring and sit-and-go units
// seat their bots in an order of their own, which is not compared here).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "pokerarena/sim/tournament.hpp"

using namespace pokerarena;
using namespace pokerarena::sim;

namespace {

TournamentConfig field_of(int bots, Format format) {
    TournamentConfig c;
    for (int b = 0; b < bots; ++b) {
        BotEntry& bot = *c.add_bots();
        bot.set_spec("call");
        bot.set_name("bot" + std::to_string(b));
    }
    c.set_format(format);
    return c;
}

// The groups written out one by one, then every group's blocks: the schedule of WorkUnit's
// comment, with nothing computed from a unit's index. `c` has its defaults filled in.
std::vector<WorkUnit> schedule_by_groups(const TournamentConfig& c) {
    const int n = c.bots_size();
    std::vector<std::vector<int>> groups;
    if (c.format() == ROUND_ROBIN) {
        for (int a = 0; a < n; ++a)
            for (int b = a + 1; b < n; ++b)
                groups.push_back({a, b});
    } else if (c.format() == GAUNTLET) {
        for (int o = 0; o < n; ++o)
            if (o != c.hero()) groups.push_back({c.hero(), o});
    } else {
        std::vector<int> table;
        for (int s = 0; s < c.seats(); ++s)
            table.push_back(s);
        groups.push_back(table);
    }
    std::vector<WorkUnit> units;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const std::vector<int>& group = groups[g];
        for (std::int64_t first = 0; first < c.deals(); first += c.deals_per_unit()) {
            WorkUnit u;
            u.index = static_cast<std::int64_t>(units.size());
            u.num_seats = static_cast<int>(group.size());
            std::copy(group.begin(), group.end(), u.seat_bot.begin());
            u.first_deal = first;
            u.deals = std::min<std::int64_t>(c.deals_per_unit(), c.deals() - first);
            u.group = static_cast<std::int64_t>(g);
            u.table_id = static_cast<std::uint64_t>(c.format() == SIT_AND_GO ? first : g);
            units.push_back(u);
        }
    }
    return units;
}

void check_schedule(const TournamentConfig& config) {
    const Tournament t = make_tournament(config, BotLoading::Skip);
    const std::vector<WorkUnit> expected = schedule_by_groups(t.config);
    REQUIRE(t.units.size() == expected.size());
    std::vector<std::int64_t> deals_of_bot(static_cast<std::size_t>(t.config.bots_size()), 0);
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const WorkUnit unit = t.units[i];
        const WorkUnit& want = expected[i];
        INFO("unit " << i);
        REQUIRE(unit.index == want.index);
        REQUIRE(unit.num_seats == want.num_seats);
        if (t.config.format() == RING || t.config.format() == SIT_AND_GO) {
            // Every unit has a seating of its own: any order of the table's bots
            // (tests/sim/test_config.cpp checks that the orders are balanced).
            const auto seats = static_cast<std::ptrdiff_t>(want.num_seats);
            REQUIRE(std::is_permutation(unit.seat_bot.begin(), unit.seat_bot.begin() + seats,
                                        want.seat_bot.begin()));
        } else {
            REQUIRE(unit.seat_bot == want.seat_bot);
        }
        REQUIRE(unit.first_deal == want.first_deal);
        REQUIRE(unit.deals == want.deals);
        REQUIRE(unit.group == want.group);
        REQUIRE(unit.table_id == want.table_id);
        for (int s = 0; s < want.num_seats; ++s)
            deals_of_bot[static_cast<std::size_t>(want.seat_bot[static_cast<std::size_t>(s)])] +=
                want.deals;
    }
    CHECK(t.units.most_deals_of_one_bot() ==
          *std::max_element(deals_of_bot.begin(), deals_of_bot.end()));
}

}  // namespace

TEST_CASE("every unit computed from its index is the unit of the schedule built group by group",
          "[schedule]") {
    SECTION("round robin, default unit size") {
        check_schedule(field_of(2, ROUND_ROBIN));
        check_schedule(field_of(5, ROUND_ROBIN));
    }
    SECTION("round robin, a short last block, not duplicate") {
        TournamentConfig c = field_of(7, ROUND_ROBIN);
        c.set_deals(50);
        c.set_deals_per_unit(7);
        c.set_duplicate(false);
        check_schedule(c);
    }
    SECTION("round robin of a large field: every pair, one and two blocks") {
        TournamentConfig c = field_of(61, ROUND_ROBIN);
        c.set_deals(3);
        c.set_deals_per_unit(2);
        check_schedule(c);
        c.set_deals_per_unit(3);
        check_schedule(c);
    }
    SECTION("gauntlet, the hero first, inside and last") {
        for (int hero : {0, 2, 4}) {
            TournamentConfig c = field_of(5, GAUNTLET);
            c.set_hero(hero);
            c.set_deals(9);
            c.set_deals_per_unit(4);
            INFO("hero " << hero);
            check_schedule(c);
        }
    }
    SECTION("ring of 3, 6 and 10 seats") {
        for (int seats : {3, 6, 10}) {
            TournamentConfig c = field_of(seats, RING);
            c.set_deals(100);
            c.set_deals_per_unit(7);
            INFO(seats << " seats");
            check_schedule(c);
            c.set_duplicate(false);
            c.clear_deals_per_unit();
            check_schedule(c);
        }
    }
    SECTION("sit-and-go, one tournament and several per unit") {
        for (int seats : {3, 6, 10}) {
            TournamentConfig c = field_of(seats, SIT_AND_GO);
            c.set_deals(25);
            INFO(seats << " seats");
            check_schedule(c);
            c.set_deals_per_unit(4);
            check_schedule(c);
        }
    }
}

TEST_CASE("a schedule whose number of units overflows 64 bits is refused as too large",
          "[schedule]") {
    // 4,300 bots make 9,242,850 pairs; with 10^12 blocks each that is over 2^63 units.
    TournamentConfig c = field_of(4300, ROUND_ROBIN);
    c.set_deals(1'000'000'000'000);
    c.set_deals_per_unit(1);
    CHECK_THROWS_WITH(make_tournament(c, BotLoading::Skip),
                      "deals_per_unit: 1 makes over 2^63 work units; at most 10000000 (give a "
                      "larger deals_per_unit)");
}
