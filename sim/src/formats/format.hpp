// Tournament formats (internal to the sim library): everything that differs between round
// robin, gauntlet, ring and sit-and-go, behind one interface, one file per format.
//
//   config.proto Format --format_of()--> const TournamentFormat&
//       make_tournament    fill_seats, fill_options, stakes, check_acpc_bot
//       Schedule           plays_per_deal, default_deals_per_unit, groups, seat
//       play_unit          play (one call per unit: the hands are the format's own loop)
//       aggregate          add_unit, bot_result
//       report table, CSV  title, deals_text, details, result_columns, result_cells, layout
//
// Adding a format: a value in config.proto's Format, a file here defining its TournamentFormat
// (the cash formats derive from CashFormat, cash.hpp), and its line in format_of()
// (registry.cpp). Nothing else names a format: the stages ask the format.
//
// The interface is virtual on purpose: it is called per configuration, per unit or per report,
// never per hand (a unit's hands are played inside its play()), so a table of functions would
// buy nothing but longer declarations.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "config.pb.h"
#include "pokerarena/sim/stats.hpp"
#include "pokerarena/sim/tournament.hpp"
#include "report.pb.h"

namespace pokerarena::sim::detail {
// play/unit_task.hpp: a unit's coroutine and where it waits for answers.
template <class T>
class [[nodiscard]] Task;
struct UnitContext;
}  // namespace pokerarena::sim::detail

namespace pokerarena::sim::formats {

// The engine's bound on the chips at a table (GameDef::validate): sums of stacks, bets and a
// raise above them stay far from overflow. A blind or ante above it can never be posted whole,
// and a bet of it plus one already made would overflow.
inline constexpr std::int64_t kMaxTableChips = std::numeric_limits<std::int64_t>::max() / 4;
// The smallest table of the formats that seat every bot at one table.
inline constexpr int kMinTableSeats = 3;

// Shortest text that reads back as the same double ("0.05", not "0.050000"), for messages.
std::string shortest_text(double x);

// The blinds, ante and starting stack of a tournament's tables (a freezeout's first level).
struct Stakes {
    Chips small_blind = 0;
    Chips big_blind = 0;
    Chips ante = 0;
    Chips stack = 0;
};

// An antes-only game (GameDef::post_blinds false: Kuhn, Leduc) at another ante: its fixed bets
// scale with the ante as the game defines them (Kuhn bets one ante, Leduc two then four), and
// so does the reports' unit (big_blind), which is the ante. Throws std::logic_error for a game
// with blinds, a bet that is not a whole number of antes, or an ante below 1.
GameDef with_ante(const GameDef& game, Chips ante);

// What a schedule seats its units from (the configuration's numbers, copied by Schedule).
struct Field {
    int bots = 0;
    int seats = 0;
    int hero = 0;
    std::uint64_t seed = 0;
};

// What aggregate() sums per bot over the units.
struct BotTotals {
    std::int64_t hands = 0;
    std::int64_t net_chips = 0;
    SampleMoments samples;
    SampleMoments samples_allin_ev;
    SampleMoments samples_aivat;
    std::int64_t decisions = 0;
    std::int64_t decisions_with_strategy = 0;
    std::uint64_t decision_ns = 0;
    FaultCounts faults;
    // Freezeouts: the count of each finishing place, the plays, the plays paid.
    std::vector<std::int64_t> places;
    std::int64_t tournaments = 0;
    std::int64_t in_the_money = 0;
    // Formats seated by unit (ring, sit-and-go): the samples of each unit, a seating of its
    // own, for summarize_clusters; freezeout prizes per deal, the sum over its plays, in
    // buy-ins.
    std::vector<SampleMoments> unit_samples;
    std::vector<SampleMoments> unit_samples_allin_ev;
    std::vector<SampleMoments> unit_samples_aivat;
    std::vector<SampleMoments> unit_prize;
};

// A column of the results table after "#", "bot" and "hands"; `separator` as TextTable's.
struct ResultColumn {
    std::string header;
    std::string separator = "  ";
};

// How the results table lays a format's field out.
enum class TableLayout {
    Ranking,               // the ranking only
    RankingAndCrosstable,  // the ranking, then every pair's result
    HeroTable,             // the hero against each opponent, instead of a ranking
};

class TournamentFormat {
  public:
    virtual ~TournamentFormat() = default;

    // How messages name the format ("round robin").
    virtual const char* name() const = 0;
    // Two seats, a pair result per unit, ratings, the SPRT.
    virtual bool heads_up() const = 0;
    // Stacks carry over from hand to hand and the results are places and prizes (sit-and-go);
    // otherwise a cash game: stacks reset every hand, chips are the result, units hold matches.
    virtual bool freezeout() const = 0;

    // --- make_tournament --------------------------------------------------------------------
    // seats and hero: defaults and validation (format, betting and duplicate are filled).
    virtual void fill_seats(TournamentConfig& config) const = 0;
    // The default of config.deals, and what one of them is ("deals", "tournaments").
    virtual std::int64_t default_deals() const = 0;
    virtual const char* deal_noun() const = 0;
    // The format's own options (blinds and stacks, or sit_and_go): defaults and validation,
    // after fill_seats and fill_deals; throws ConfigError naming the field.
    virtual void fill_options(TournamentConfig& config) const = 0;
    // Throws ConfigError naming `field` when an ACPC client cannot play this format.
    virtual void check_acpc_bot(const std::string& field) const { (void)field; }
    // The game's stakes, from a configuration fill_options() has filled.
    virtual Stakes stakes(const TournamentConfig& config) const = 0;

    // --- The schedule (WorkUnit in tournament.hpp) ------------------------------------------
    // How many times each deal is played when duplicate.
    virtual int duplicate_plays(const TournamentConfig& config) const = 0;
    virtual std::int64_t default_deals_per_unit(const TournamentConfig& config) const = 0;
    virtual std::int64_t groups(int bots) const = 0;
    // The groups a bot sits in at most.
    virtual std::int64_t groups_of_one_bot(int bots) const = 0;
    // num_seats, seat_bot and table_id of `unit`, whose index, group and first_deal are set.
    virtual void seat(WorkUnit& unit, const Field& field) const = 0;

    // --- play_unit --------------------------------------------------------------------------
    virtual detail::Task<UnitResult> play(const Tournament& tournament, WorkUnit unit,
                                          detail::UnitContext& context) const = 0;

    // --- aggregate --------------------------------------------------------------------------
    // Throws std::invalid_argument (`name`: "unit 3") when the unit's finishing places are not
    // what the format makes (none for a cash game).
    virtual void check_places(const Tournament& tournament, const UnitResult& unit,
                              const WorkUnit& seated, const std::string& name) const = 0;
    // Adds what only this format keeps of a unit to `bots` (aggregate() sums the rest).
    virtual void add_unit(const Tournament& tournament, const UnitResult& unit,
                          std::vector<BotTotals>& bots) const = 0;
    // The format's estimates of one bot from its totals (aggregate() fills the counts).
    virtual void bot_result(const Tournament& tournament, const BotTotals& totals,
                            BotResult& out) const = 0;

    // --- The report ----------------------------------------------------------------------------
    // "Round robin", "Gauntlet of tag", "Ring, 6 seats"; `hero` is the hero's display name.
    virtual std::string title(const TournamentConfig& config, const std::string& hero) const = 0;
    // What the header counts before the hands ("120 tournaments, "), or nothing.
    virtual std::string deals_text(const Report& report) const = 0;
    // The header's second line: the stakes ("Blinds 1/2, stacks 200 big blinds, duplicate").
    virtual std::string details(const TournamentConfig& config) const = 0;
    virtual TableLayout layout() const = 0;
    // The figure the field is ranked by (higher first).
    virtual double ranking_figure(const BotResult& bot) const = 0;
    // The format's columns of the results table, and one bot's cells in them.
    virtual std::vector<ResultColumn> result_columns(const Report& report) const = 0;
    virtual void result_cells(const Report& report, const BotResult& bot,
                              std::vector<std::string>& row) const = 0;
    // The line under the results table that says what its main figure and LOS are.
    virtual std::string results_legend() const = 0;
};

// --- What the formats share (format.cpp) -------------------------------------------------

// seats and hero of a format that seats every bot at one table (ring, sit-and-go): seats
// defaults to the number of bots, and must equal it, from kMinTableSeats to kMaxSeats.
void fill_table_seats(TournamentConfig& config, const char* format_name);
// Refuses a hero (config.hero other than 0) in a format that has none.
void refuse_hero(const TournamentConfig& config, const char* format_name);
// A unit at one table: a seating of its own drawn from (seed, unit) (Schedule).
void seat_at_one_table(WorkUnit& unit, const Field& field);

SampleMoments from_proto(const Moments& m);
void set_estimate(Estimate* out, const Summary& s);
// The AIVAT estimate's variance over the raw one's, (aivat.ci95 / raw.ci95)^2 (the same
// samples, so the same t quantile); 0 when either interval is not finite or the raw one is 0.
double variance_ratio(const Summary& aivat, const Summary& raw);
// Chips per sample to mbb per hand: every sample spans hands / n hands.
double mbb_scale(const SampleMoments& m, std::int64_t hands, double big_blind);
// P(true value > 0) for an estimate with this standard error and degrees of freedom (Student's
// t); without an error there is no evidence either way (summarize()).
double likelihood_above_zero(double estimate, double std_error, double degrees_of_freedom);

// The format of a configuration's Format (FORMAT_UNSPECIFIED: round robin, as
// make_tournament() fills it); throws ConfigError for a value that is not a format.
const TournamentFormat& format_of(Format format);

// What a report of this configuration is printed as: its format, or a round robin for a value
// that is not a format (a report made by hand: read_report() refuses those). Never throws.
const TournamentFormat& format_for_report(const TournamentConfig& config);

// Each format's instance (its own file defines it).
const TournamentFormat& round_robin();
const TournamentFormat& gauntlet();
const TournamentFormat& ring();
const TournamentFormat& sit_and_go();

}  // namespace pokerarena::sim::formats
