#include "schedule.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <string>
#include <utility>

#include "pokerarena/evaluator/splitmix64.hpp"

namespace pokerarena::sim {

namespace {

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return (a + b - 1) / b;
}

bool is_heads_up(Format f) {
    return f == ROUND_ROBIN || f == GAUNTLET;
}

constexpr std::uint64_t kGolden = kSplitMix64Gamma;
constexpr auto splitmix = splitmix64_mix;

// The seating of a ring or sit-and-go unit: a permutation of the bots 0 .. seats - 1 drawn
// from (seed, unit) alone, by Fisher-Yates over a splitmix64 stream in a domain of its own
// (bot seeds and decks use others). The modulo bias of `% (i + 1)` is below 10 / 2^64.
void shuffle_seats(std::array<int, kMaxSeats>& seat_bot, int seats, std::uint64_t seed,
                   std::int64_t unit) {
    std::uint64_t state = splitmix(seed ^ 0x73656174696E67ULL);  // "seating"
    state = splitmix(state + (static_cast<std::uint64_t>(unit) + 1) * kGolden);
    for (int s = 0; s < seats; ++s)
        seat_bot[static_cast<std::size_t>(s)] = s;
    for (int i = seats - 1; i > 0; --i) {
        state = splitmix(state + kGolden);
        const auto j = static_cast<std::size_t>(state % static_cast<std::uint64_t>(i + 1));
        std::swap(seat_bot[static_cast<std::size_t>(i)], seat_bot[j]);
    }
}

// Round robin: the pairs of a bot a are groups first_group(a) .. first_group(a + 1) - 1, after
// the n - 1, n - 2, ..., n - a pairs of the bots before it. Below 2^63 for any int n.
std::int64_t first_group(std::int64_t bots, std::int64_t a) {
    return a * (2 * bots - a - 1) / 2;
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
    const std::int64_t plays = plays_per_deal(config);
    const std::int64_t by_work = ceil_div(kTargetHandsPerUnit, plays);
    const std::int64_t all = std::max<std::int64_t>(1, config.hands());
    std::int64_t deals;
    if (config.has_sprt()) {
        // The SPRT's blocks are units: their size must not follow hands, or how often the test
        // looks (and so its error rates) would depend on the length of the match.
        deals = std::min(by_work, all);
    } else if (config.format() == RING) {
        // A ring's interval is taken over its units (each a seating), so a short ring is cut
        // into kMinSeatingsPerGroup units rather than a few large ones.
        deals = std::min(std::max(std::min(by_work, ceil_div(all, kMinSeatingsPerGroup)), by_count),
                         all);
    } else {
        deals = std::min(std::max(by_work, by_count), all);
    }
    // With several plays per deal, a unit keeps every deal's sums per seat until its last play:
    // bounded here, a unit in flight holds kMaxDealSeatsPerUnit of them whatever `hands` is (the
    // groups then have more units than kMaxUnitsPerGroup; 20 billion deals heads-up were 9.8
    // million deals per unit, about 160 MB each).
    if (plays > 1) deals = std::min(deals, kMaxDealSeatsPerUnit / config.seats());
    return deals;
}

Schedule::Schedule(const TournamentConfig& config)
    : format_(config.format()),
      bots_(config.bots_size()),
      seats_(config.seats()),
      hero_(config.hero()),
      seed_(config.seed()),
      deals_(config.hands()),
      deals_per_unit_(config.deals_per_unit()),
      match_deals_(config.match_deals()),
      blocks_(ceil_div(config.hands(), config.deals_per_unit())) {
    const std::int64_t n = bots_;
    switch (format_) {
        case GAUNTLET:
            groups_ = n - 1;
            break;
        case RING:
        case SIT_AND_GO:
            groups_ = 1;
            break;
        default:  // ROUND_ROBIN (make_tournament has replaced FORMAT_UNSPECIFIED)
            groups_ = n * (n - 1) / 2;
            break;
    }
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
    switch (format_) {
        case GAUNTLET:
            u.num_seats = 2;
            u.seat_bot[0] = hero_;
            u.seat_bot[1] = static_cast<int>(group < hero_ ? group : group + 1);
            break;
        case RING:
        case SIT_AND_GO:
            // Rotations alone would give every bot the same neighbours in every unit, so a
            // bot's result would depend on the order of the bots; a seating per unit, rotated,
            // keeps the duplicate cancellation and gives identical bots the same expectation.
            u.num_seats = seats_;
            shuffle_seats(u.seat_bot, seats_, seed_, u.index);
            break;
        default: {
            // The last bot a whose pairs start at or before this group: a binary search over
            // at most n - 1 bots (a dozen steps for the largest field kMaxUnits allows).
            std::int64_t low = 0;
            std::int64_t high = bots_ - 2;
            while (low < high) {
                const std::int64_t mid = (low + high + 1) / 2;
                if (first_group(bots_, mid) <= group)
                    low = mid;
                else
                    high = mid - 1;
            }
            u.num_seats = 2;
            u.seat_bot[0] = static_cast<int>(low);
            u.seat_bot[1] = static_cast<int>(low + 1 + group - first_group(bots_, low));
            break;
        }
    }
    u.group = group;
    u.first_deal = block * deals_per_unit_;
    u.deals = std::min(deals_per_unit_, deals_ - u.first_deal);
    // Every group gets cards of its own: pairs sharing cards would make a bot's samples
    // against different opponents correlated, while its interval pools them as independent.
    // Cash deals are the hands of their group's table, so that no cut of the deals changes a
    // card; each tournament needs a table of its own, so it is keyed by tournament index
    // (sit-and-go has one group).
    u.table_id = static_cast<std::uint64_t>(format_ == SIT_AND_GO ? u.first_deal : group);
    u.match_deals = match_deals_;
    return u;
}

std::int64_t Schedule::most_deals_of_one_bot() const {
    // Every group plays all the deals; a round robin's bots and a gauntlet's hero sit in
    // n - 1 groups, a table's bots in its one group. A field of millions of bots playing 10^12
    // hands each passes 2^63.
    if (!is_heads_up(format_)) return deals_;
    std::int64_t most = 0;
    return __builtin_mul_overflow(deals_, bots_ - 1, &most)
               ? std::numeric_limits<std::int64_t>::max()
               : most;
}

}  // namespace pokerarena::sim
