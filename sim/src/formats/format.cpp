// The registry of formats and what they share.
#include "formats/format.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "pokerarena/evaluator/splitmix64.hpp"

namespace pokerarena::sim::formats {

using std::to_string;

namespace {

constexpr std::uint64_t kGolden = kSplitMix64Gamma;
constexpr auto splitmix = splitmix64_mix;

// A permutation drawn by Fisher-Yates over a splitmix64 stream in a domain of its own (bot
// seeds and decks use others). The modulo bias of `% (i + 1)` is below 10 / 2^64.
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

}  // namespace

GameDef with_ante(const GameDef& game, Chips ante) {
    if (game.post_blinds || game.ante < 1 || ante < 1 || game.small_bet % game.ante != 0 ||
        game.big_bet % game.ante != 0)
        throw std::logic_error(
            "with_ante: not an antes-only game of bets in whole antes, or ante " + to_string(ante) +
            " below 1");
    GameDef g = game;
    g.small_bet = game.small_bet / game.ante * ante;
    g.big_bet = game.big_bet / game.ante * ante;
    g.ante = ante;
    g.big_blind = ante;
    return g;
}

const TournamentFormat& format_of(Format format) {
    switch (format) {
        case FORMAT_UNSPECIFIED:
        case ROUND_ROBIN:
            return round_robin();
        case GAUNTLET:
            return gauntlet();
        case RING:
            return ring();
        case SIT_AND_GO:
            return sit_and_go();
        default:
            // Proto3 enums are open: a number outside the enum parses, so name what is allowed.
            throw ConfigError("format: " + to_string(static_cast<int>(format)) +
                              "; expected ROUND_ROBIN, GAUNTLET, RING or SIT_AND_GO");
    }
}

const TournamentFormat& format_for_report(const TournamentConfig& config) {
    return Format_IsValid(config.format()) ? format_of(config.format()) : round_robin();
}

std::string shortest_text(double x) {
    std::array<char, 32> buffer{};
    const auto end = std::to_chars(buffer.data(), buffer.data() + buffer.size(), x).ptr;
    return std::string(buffer.data(), end);
}

void fill_table_seats(TournamentConfig& c, const char* format_name) {
    const int bots = c.bots_size();
    if (!c.has_seats()) c.set_seats(bots);
    if (c.seats() < kMinTableSeats || c.seats() > kMaxSeats)
        throw ConfigError("seats: " + to_string(c.seats()) + "; a " + format_name + " table has " +
                          to_string(kMinTableSeats) + " to " + to_string(kMaxSeats) + " seats");
    if (c.seats() != bots)
        throw ConfigError("seats: " + to_string(c.seats()) + " but " + to_string(bots) +
                          " bots; a " + format_name + " table seats every bot once (give " +
                          to_string(c.seats()) + " bots, or seats: " + to_string(bots) + ")");
}

void refuse_hero(const TournamentConfig& c, const char* format_name) {
    if (c.hero() != 0)
        throw ConfigError("hero: " + to_string(c.hero()) +
                          "; only the gauntlet format has a hero (format: " + format_name + ")");
}

void seat_at_one_table(WorkUnit& unit, const Field& field) {
    // Rotations alone would give every bot the same neighbours in every unit, so a bot's
    // result would depend on the order of the bots; a seating per unit, rotated, keeps the
    // duplicate cancellation and gives identical bots the same expectation.
    unit.num_seats = field.seats;
    shuffle_seats(unit.seat_bot, field.seats, field.seed, unit.index);
}

SampleMoments from_proto(const Moments& m) {
    return {m.n(), m.sum(), m.sum_squares()};
}

void set_estimate(Estimate* out, const Summary& s) {
    out->set_mean(s.mean);
    out->set_stddev(s.stddev);
    out->set_ci95(s.ci95);
    out->set_los(s.los);
    out->set_samples(s.samples);
    out->set_too_few_samples(s.too_few_samples);
}

double variance_ratio(const Summary& aivat, const Summary& raw) {
    if (!std::isfinite(aivat.ci95) || !std::isfinite(raw.ci95) || raw.ci95 <= 0) return 0;
    const double r = aivat.ci95 / raw.ci95;
    return r * r;
}

double mbb_scale(const SampleMoments& m, std::int64_t hands, double big_blind) {
    if (m.n == 0 || hands == 0) return 0;
    return 1000.0 * static_cast<double>(m.n) / (big_blind * static_cast<double>(hands));
}

double likelihood_above_zero(double estimate, double std_error, double degrees_of_freedom) {
    if (std_error > 0 && std::isfinite(std_error))
        return student_t_cdf(estimate / std_error, degrees_of_freedom);
    return 0.5;
}

}  // namespace pokerarena::sim::formats
