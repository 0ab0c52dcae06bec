#include "schedule.hpp"

#include <algorithm>
#include <string>

namespace pokerarena::sim {

namespace {

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return (a + b - 1) / b;
}

bool is_heads_up(Format f) {
    return f == ROUND_ROBIN || f == GAUNTLET;
}

}  // namespace

int plays_per_deal(const TournamentConfig& config) {
    if (!config.duplicate()) return 1;
    return is_heads_up(config.format()) ? 2 : config.seats();
}

std::int64_t default_deals_per_unit(const TournamentConfig& config) {
    const std::int64_t by_count = ceil_div(config.hands(), kMaxUnitsPerGroup);
    // A sit-and-go tournament is already hundreds of hands (times its rotations), so one
    // tournament is enough work for a unit; cash deals are a hand or a few each.
    if (config.format() == SIT_AND_GO) return std::max<std::int64_t>(1, by_count);
    const std::int64_t by_work = ceil_div(kTargetHandsPerUnit, plays_per_deal(config));
    return std::min(std::max(by_work, by_count), std::max<std::int64_t>(1, config.hands()));
}

std::vector<std::vector<int>> schedule_groups(const TournamentConfig& config) {
    const int n = config.bots_size();
    std::vector<std::vector<int>> groups;
    switch (config.format()) {
        case GAUNTLET:
            for (int o = 0; o < n; ++o)
                if (o != config.hero()) groups.push_back({config.hero(), o});
            break;
        case RING:
        case SIT_AND_GO: {
            std::vector<int> seats(static_cast<std::size_t>(config.seats()));
            for (std::size_t s = 0; s < seats.size(); ++s)
                seats[s] = static_cast<int>(s);
            groups.push_back(std::move(seats));
            break;
        }
        default:  // ROUND_ROBIN (make_tournament has replaced FORMAT_UNSPECIFIED)
            for (int a = 0; a < n; ++a)
                for (int b = a + 1; b < n; ++b)
                    groups.push_back({a, b});
            break;
    }
    return groups;
}

std::vector<WorkUnit> make_schedule(const TournamentConfig& config) {
    const std::vector<std::vector<int>> groups = schedule_groups(config);
    const std::int64_t deals_per_unit = config.deals_per_unit();
    const std::int64_t blocks = ceil_div(config.hands(), deals_per_unit);
    // Checked before allocating: a huge round robin with tiny units would otherwise ask for
    // gigabytes here and again in the report (which keeps every unit's result).
    const std::int64_t total = blocks * static_cast<std::int64_t>(groups.size());
    if (total > kMaxUnits)
        throw ConfigError("deals_per_unit: " + std::to_string(deals_per_unit) + " makes " +
                          std::to_string(total) + " work units; at most " +
                          std::to_string(kMaxUnits) + " (give a larger deals_per_unit)");
    std::vector<WorkUnit> units;
    units.reserve(static_cast<std::size_t>(total));
    for (const std::vector<int>& group : groups) {
        for (std::int64_t k = 0; k < blocks; ++k) {
            WorkUnit u;
            u.index = static_cast<std::int64_t>(units.size());
            u.num_seats = static_cast<int>(group.size());
            std::copy(group.begin(), group.end(), u.seat_bot.begin());
            u.first_deal = k * deals_per_unit;
            u.deals = std::min(deals_per_unit, config.hands() - u.first_deal);
            // Cash deals are hands of one table per unit, and every group gets tables of its own
            // (group * blocks + k, which is the unit index): pairs sharing cards would make a
            // bot's samples against different opponents correlated, while its interval pools
            // them as independent. Each tournament needs a table of its own, so it is keyed by
            // tournament index (sit-and-go has one group).
            u.table_id =
                static_cast<std::uint64_t>(config.format() == SIT_AND_GO ? u.first_deal : u.index);
            units.push_back(u);
        }
    }
    return units;
}

}  // namespace pokerarena::sim
