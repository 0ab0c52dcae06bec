#include "schedule.hpp"

#include "formats/format.hpp"

#include <algorithm>
#include <limits>
#include <string>

namespace pokerarena::sim {

namespace {

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return (a + b - 1) / b;
}

}  // namespace

int plays_per_deal(const TournamentConfig& config) {
    if (!config.duplicate()) return 1;
    return formats::format_of(config.format()).duplicate_plays(config);
}

std::int64_t default_deals_per_unit(const TournamentConfig& config) {
    return formats::format_of(config.format()).default_deals_per_unit(config);
}

Schedule::Schedule(const TournamentConfig& config)
    : format_(config.format()),
      bots_(config.bots_size()),
      seats_(config.seats()),
      hero_(config.hero()),
      seed_(config.seed()),
      deals_(config.deals()),
      deals_per_unit_(config.deals_per_unit()),
      match_deals_(config.match_deals()),
      blocks_(ceil_div(config.deals(), config.deals_per_unit())) {
    groups_ = formats::format_of(format_).groups(bots_);
    // The report keeps every unit's result and resuming a run a few words per unit: a huge
    // round robin with tiny units would ask for gigabytes there.
    std::int64_t total = 0;
    const bool overflow = __builtin_mul_overflow(blocks_, groups_, &total);
    if (overflow || total > kMaxUnits)
        throw ConfigError("deals_per_unit: " + std::to_string(deals_per_unit_) + " makes " +
                          (overflow ? std::string("over 2^63") : std::to_string(total)) +
                          " work units; at most " + std::to_string(kMaxUnits) +
                          " (give a larger deals_per_unit)");
}

WorkUnit Schedule::operator[](std::size_t index) const {
    WorkUnit u;
    u.index = static_cast<std::int64_t>(index);
    const std::int64_t group = u.index / blocks_;
    const std::int64_t block = u.index % blocks_;
    u.group = group;
    u.first_deal = block * deals_per_unit_;
    u.deals = std::min(deals_per_unit_, deals_ - u.first_deal);
    u.match_deals = match_deals_;
    // Seats and table: cash deals are the hands of their group's table, so that no cut of the
    // deals changes a card; a tournament has a table of its own.
    formats::format_of(format_).seat(u, {bots_, seats_, hero_, seed_});
    return u;
}

std::int64_t Schedule::most_deals_of_one_bot() const {
    // Every group plays all the deals; a round robin's bots and a gauntlet's hero sit in
    // n - 1 groups, a table's bots in its one group. A field of millions of bots playing 10^12
    // hands each passes 2^63.
    std::int64_t most = 0;
    return __builtin_mul_overflow(deals_, formats::format_of(format_).groups_of_one_bot(bots_),
                                  &most)
               ? std::numeric_limits<std::int64_t>::max()
               : most;
}

}  // namespace pokerarena::sim
