#include "formats/cash.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <stdexcept>
#include <tuple>

#include "io/table_text.hpp"
#include "play/work_unit.hpp"

namespace pokerarena::sim::formats {

namespace {

using std::to_string;

constexpr std::int64_t kDefaultStackBigBlinds = 200;

[[noreturn]] void fail(const std::string& message) {
    throw ConfigError(message);
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return (a + b - 1) / b;
}

// Blinds are `optional` so that an explicit 0 is not taken for "unset".
void fill_blinds(TournamentConfig& c) {
    for (const auto& [field, given, value] :
         {std::tuple{"small_blind", c.has_small_blind(), c.small_blind()},
          std::tuple{"big_blind", c.has_big_blind(), c.big_blind()}})
        if (given && value == 0)
            fail(std::string(field) +
                 ": 0; expected a positive number of chips (leave it out for the default)");
    if (c.small_blind() == 0 && c.big_blind() == 0) {
        c.set_small_blind(1);
        c.set_big_blind(2);
    } else if (c.small_blind() == 0) {
        c.set_small_blind(std::max<std::int64_t>(1, c.big_blind() / 2));
    } else if (c.big_blind() == 0 && c.small_blind() > 0 &&
               c.small_blind() <= std::numeric_limits<std::int64_t>::max() / 2) {
        c.set_big_blind(2 * c.small_blind());
    }
    if (c.small_blind() < 1)
        fail("small_blind: " + to_string(c.small_blind()) +
             "; expected a positive number of chips");
    if (c.big_blind() < c.small_blind())
        fail("big_blind: " + to_string(c.big_blind()) + "; expected at least the small blind (" +
             to_string(c.small_blind()) + ")");
    if (c.big_blind() > kMaxTableChips)
        fail("big_blind: " + to_string(c.big_blind()) + "; expected at most " +
             to_string(kMaxTableChips) + " chips, the most a table holds");
    if (c.ante() < 0) fail("ante: " + to_string(c.ante()) + "; expected 0 (none) or more chips");
    if (c.ante() > kMaxTableChips)
        fail("ante: " + to_string(c.ante()) + "; expected at most " + to_string(kMaxTableChips) +
             " chips, the most a table holds");
}

void fill_stacks(TournamentConfig& c) {
    if (!c.has_stack_big_blinds()) c.set_stack_big_blinds(kDefaultStackBigBlinds);
    if (c.stack_big_blinds() < 1)
        fail("stack_big_blinds: " + to_string(c.stack_big_blinds()) +
             "; expected at least 1 big blind");
    std::int64_t stack = 0;
    std::int64_t table = 0;
    if (__builtin_mul_overflow(c.stack_big_blinds(), c.big_blind(), &stack) ||
        __builtin_mul_overflow(stack, std::int64_t{c.seats()}, &table) ||
        table > std::numeric_limits<std::int64_t>::max() / 4)
        fail("stack_big_blinds: " + to_string(c.stack_big_blinds()) + " of " +
             to_string(c.big_blind()) + " chips; the chips at a table must stay under " +
             to_string(std::numeric_limits<std::int64_t>::max() / 4));
}

}  // namespace

void CashFormat::fill_options(TournamentConfig& c) const {
    if (c.has_sit_and_go())
        fail(std::string("sit_and_go: given, but the format is ") + name() +
             " (set format: SIT_AND_GO)");
    fill_blinds(c);
    fill_stacks(c);
}

Stakes CashFormat::stakes(const TournamentConfig& c) const {
    return {c.small_blind(), c.big_blind(), c.ante(), c.stack_big_blinds() * c.big_blind()};
}

std::int64_t CashFormat::default_deals_per_unit(const TournamentConfig& config) const {
    const std::int64_t by_count = ceil_div(config.deals(), kMaxUnitsPerGroup);
    const std::int64_t plays = plays_per_deal(config);
    const std::int64_t by_work = ceil_div(kTargetHandsPerUnit, plays);
    const std::int64_t all = std::max<std::int64_t>(1, config.deals());
    std::int64_t deals;
    if (config.has_sprt()) {
        // The SPRT's blocks are units: their size must not follow hands, or how often the test
        // looks (and so its error rates) would depend on the length of the match.
        deals = std::min(by_work, all);
    } else {
        deals = std::min(std::max(deals_by_work(by_work, all), by_count), all);
    }
    // With several plays per deal, a unit keeps every deal's sums per seat until its last play:
    // bounded here, a unit in flight holds kMaxDealSeatsPerUnit of them whatever `deals` is (the
    // groups then have more units than kMaxUnitsPerGroup; 20 billion deals heads-up were 9.8
    // million deals per unit, about 160 MB each).
    if (plays > 1) deals = std::min(deals, kMaxDealSeatsPerUnit / config.seats());
    return deals;
}

detail::Task<UnitResult> CashFormat::play(const Tournament& tournament, WorkUnit unit,
                                          detail::UnitContext& context) const {
    return detail::play_cash_unit(tournament, unit, context);
}

void CashFormat::check_places(const Tournament&, const UnitResult& unit, const WorkUnit&,
                              const std::string& name) const {
    if (unit.places_size() != 0)
        throw std::invalid_argument(name + " has finishing places but is not a sit-and-go");
}

void CashFormat::add_unit(const Tournament&, const UnitResult& unit,
                          std::vector<BotTotals>& bots) const {
    if (!seated_by_unit()) return;
    for (const BotUnit& in : unit.bots()) {
        BotTotals& bot = bots[static_cast<std::size_t>(in.bot())];
        bot.unit_samples.push_back(from_proto(in.samples()));
        bot.unit_samples_allin_ev.push_back(from_proto(in.samples_allin_ev()));
        bot.unit_samples_aivat.push_back(from_proto(in.samples_aivat()));
    }
}

void CashFormat::bot_result(const Tournament& tournament, const BotTotals& in,
                            BotResult& out) const {
    const double big_blind = static_cast<double>(tournament.game.big_blind);
    const double scale = mbb_scale(in.samples, in.hands, big_blind);
    const Summary raw = seated_by_unit() ? summarize_clusters(in.unit_samples, scale)
                                         : summarize(in.samples, scale);
    set_estimate(out.mutable_mbb_per_hand(), raw);
    if (tournament.config.allin_ev()) {
        const double scale_ev = mbb_scale(in.samples_allin_ev, in.hands, big_blind);
        set_estimate(out.mutable_mbb_per_hand_allin_ev(),
                     seated_by_unit() ? summarize_clusters(in.unit_samples_allin_ev, scale_ev)
                                      : summarize(in.samples_allin_ev, scale_ev));
    }
    if (tournament.config.aivat()) {
        const double scale_aivat = mbb_scale(in.samples_aivat, in.hands, big_blind);
        const Summary aivat = seated_by_unit()
                                  ? summarize_clusters(in.unit_samples_aivat, scale_aivat)
                                  : summarize(in.samples_aivat, scale_aivat);
        set_estimate(out.mutable_mbb_per_hand_aivat(), aivat);
        out.set_aivat_variance_ratio(variance_ratio(aivat, raw));
        out.set_decisions_with_strategy(in.decisions_with_strategy);
    }
}

// "2,000 deals a pair, " (heads-up) or "500 deals a seat group, " (ring): what --deals asked.
std::string CashFormat::deals_text(const Report& report) const {
    const std::int64_t deals = report.config().deals();
    return table_text::grouped(deals) + (deals == 1 ? " deal a " : " deals a ") +
           (heads_up() ? "pair, " : "seat group, ");
}

std::string CashFormat::details(const TournamentConfig& config) const {
    using table_text::grouped;
    std::string details;
    if (is_game_file(config.game())) {
        // An ACPC definition's game: antes (small_blind = big_blind = ante) or blinds.
        const std::string file = std::filesystem::path(config.game()).filename().string();
        const bool antes = config.ante() > 0 && config.small_blind() == config.ante();
        details =
            "Game " + file + " (ACPC), " +
            (antes
                 ? "antes " + grouped(config.ante())
                 : "blinds " + grouped(config.small_blind()) + "/" + grouped(config.big_blind())) +
            ", stacks " + grouped(config.stack_big_blinds()) + (antes ? " antes" : " big blinds");
    } else if (config.game() == "short-deck") {
        details = "Game short-deck, ante " + grouped(config.ante()) + ", button blind " +
                  grouped(config.big_blind()) + ", stacks " + grouped(config.stack_big_blinds()) +
                  " big blinds";
    } else if (config.game() == "kuhn" || config.game() == "leduc") {
        // Kuhn and Leduc: antes of 1, which are the unit (config.cpp, check_game).
        details = "Game " + config.game() + ", antes 1, stacks " +
                  grouped(config.stack_big_blinds()) + " antes";
    } else {
        // Omaha plays hold'em's stakes: the game named before them.
        const bool omaha = config.game() == "plo" || config.game() == "plo8";
        details = (omaha ? "Game " + config.game() + ", blinds " : std::string("Blinds ")) +
                  grouped(config.small_blind()) + "/" + grouped(config.big_blind());
        if (config.ante() > 0) details += ", ante " + grouped(config.ante());
        details += ", stacks " + grouped(config.stack_big_blinds()) + " big blinds";
    }
    if (!config.has_duplicate() || config.duplicate()) details += ", duplicate";
    return details;
}

double CashFormat::ranking_figure(const BotResult& bot) const {
    return bot.mbb_per_hand().mean();
}

std::vector<ResultColumn> CashFormat::result_columns(const Report&) const {
    return {{"mbb/hand"}, {"95% CI", " ± "}, {"LOS"}};
}

void CashFormat::result_cells(const Report&, const BotResult& bot,
                              std::vector<std::string>& row) const {
    const Estimate& e = bot.mbb_per_hand();
    row.push_back(table_text::signed_figure(e.mean(), 1));
    row.push_back(table_text::interval(e, 1));
    row.push_back(std::isfinite(e.ci95()) ? table_text::percent(e.los()) : "n/a");
}

std::string CashFormat::results_legend() const {
    return "LOS (likelihood of superiority): the chance that the bot's true mbb/hand is above 0";
}

}  // namespace pokerarena::sim::formats
