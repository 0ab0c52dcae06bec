// A tournament: a validated configuration, the bots, the game and the schedule of work units;
// playing one unit; and aggregating unit results into a report.
//
// Guarantees
// - read_config() parses Protobuf text format, or JSON when the file name ends in ".json"
//   (with Protobuf's parsers; a scanner of ours only looks for JSON keys given twice); errors
//   name the file, line and column and what was expected ("t.txtpb:3:1: Message type
//   \"pokerarena.sim.TournamentConfig\" has no field named \"handz\"."). Unknown fields are
//   errors in both formats, and so are a key given twice in one JSON object ("t.json:5:3: key
//   \"hands\" is given twice (first on line 3)") and a field that is not repeated given twice
//   in one text-format message ("t.txtpb:3:1: Non-repeated field \"seed\" is specified
//   multiple times."); Protobuf's JSON parser lets the first through, and its text parser the
//   second after a field's proto3 default. A file that cannot be read is a ConfigError naming
//   it.
// - make_tournament() fills every default (see config.proto and "Defaults" below), validates
//   every field and loads every bot (unless told BotLoading::Skip); it throws ConfigError naming
//   the field and what was expected ("bots[2].spec: unknown bot 'tagg'; built-in bots are: ...",
//   "seats: 12; a table has 3 to 10 seats"). The schedule is a pure function of the configuration.
// - play_unit() is thread-safe (the tournament is only read; the unit makes its own table
//   and bot instances, seeded from the seed and the unit) and its result depends only on
//   (tournament, unit): never on threads, timing or other units.
// - aggregate() is a pure function of the tournament and the set of unit results (their order
//   does not matter: they are sorted by unit first), so a resumed run, merged shards and one
//   uninterrupted run give the same figures, byte for byte.
//
// Defaults (make_tournament)
// - format ROUND_ROBIN, betting NO_LIMIT, duplicate true; bot names: their specs.
// - deals: 10000 deals per pair (heads-up), 10000 deals (ring), 1000 tournaments (sit-and-go).
// - blinds 1/2 when neither is given; only big_blind given: small_blind = big_blind / 2 (at
//   least 1); only small_blind given: big_blind = 2 * small_blind. ante 0.
// - stack_big_blinds 200 (cash formats); seats: 2 heads-up, the number of bots otherwise.
// - sit_and_go: as in config.proto (10 hands per level, 12 levels from 10/20 (short-deck:
//   button blinds from 20, each with an ante of as much; Kuhn and Leduc: 10 antes from 1),
//   payouts 50/30/20, starting stack 1500 (Kuhn and Leduc: 100), buy-in 1). Payouts are kept
//   as given (not normalized): aggregate() normalizes them.
// - hh_sample 1.
// - deals_per_unit: max(by_work, ceil(deals / kMaxUnitsPerGroup)) and at most `deals`, with
//   by_work = ceil(kTargetHandsPerUnit / hands_per_deal), where hands_per_deal is what one
//   deal costs in hands (heads-up duplicate 2, ring duplicate `seats`, otherwise 1);
//   sit-and-go: max(1, ceil(deals / kMaxUnitsPerGroup)) tournaments. So a unit of cheap bots
//   is about a millisecond of work (enough to hide the cost of making its table and bots) and
//   a group never has more than kMaxUnitsPerGroup units (the report keeps every unit's
//   result). Ring: by_work is at most ceil(deals / kMinSeatingsPerGroup), so that a short
//   ring still has enough seatings for its interval. With an SPRT: by_work (at most `deals`),
//   whatever `deals` is: the units are the test's blocks. A duplicate cash unit holds at most
//   kMaxDealSeatsPerUnit / seats deals (its memory), whatever the rest says. With a bot that
//   runs outside this process (and no SPRT), at most ceil(deals / kMinRemoteUnitsPerGroup).
//   Cash formats: rounded up to a whole number of matches.
// - match_deals (cash formats): with a bot that runs outside this process, the largest power of
//   two that leaves a group kMinRemoteMatchesPerGroup matches (1 below twice that many deals):
//   a slow bot then has the default --tables in flight (or every deal), and a fast one pays for
//   a new table and instances once in many deals. Otherwise deals_per_unit (one match a unit).
// - deal_scheme: kDealScheme; any other value is refused.
//
// Formats
// - ROUND_ROBIN / GAUNTLET: heads-up cash games (stacks reset every hand) between at least 2
//   bots; the gauntlet's hero plays every other bot, and those never meet each other.
// - RING: exactly `seats` bots (3 to 10) at one table; `seats` defaults to the number of bots
//   and, when given, must equal it (a field larger than a table would need a seating plan the
//   report could not compare fairly).
// - SIT_AND_GO: exactly `seats` bots (3 to 10) at one table per tournament; stacks carry over,
//   blinds follow sit_and_go.levels; Tournament::game holds the first level.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <stdexcept>
#include <vector>

#include "config.pb.h"
#include "pokerarena/bots/bot.hpp"
#include "pokerarena/engine/game_def.hpp"
#include "report.pb.h"

namespace pokerarena::sim {

class ConfigError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

// A run that cannot be made as asked (runner.hpp lists what run_tournament rejects with it; a
// unit's hand histories throw it for an hh_out folder that holds another run's hands). Here,
// not in runner.hpp, so that the work units need nothing of the runner.
class RunError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

TournamentConfig read_config(const std::filesystem::path& path);

// Whether a configuration's `game` names an ACPC game definition file (it ends in ".game"),
// whose game make_tournament reads from it (docs/acpc.md), rather than a named game.
bool is_game_file(const std::string& game);

// How this version keys deals and bot instances (config.deal_scheme).
inline constexpr int kDealScheme = 2;
// With a bot that runs outside this process and no SPRT, the default unit size gives every
// group at least this many units (when it has the deals), so that procs=64 has work for each.
inline constexpr std::int64_t kMinRemoteUnitsPerGroup = 64;
// With such a bot, the default match is short enough to give every group this many matches
// (tables that can be in flight at once): the default --tables.
inline constexpr std::int64_t kMinRemoteMatchesPerGroup = 2048;
// The default unit size aims at this many hands per unit (see "Defaults").
inline constexpr std::int64_t kTargetHandsPerUnit = 1024;
// The default unit size keeps every group at or under this many units.
inline constexpr std::int64_t kMaxUnitsPerGroup = 2048;
// The default ring unit size gives a ring at least this many units (seatings) when it has the
// deals for it.
inline constexpr std::int64_t kMinSeatingsPerGroup = 64;
// The most deals times seats in a default duplicate cash unit, which keeps each deal's sums
// per seat until the deal's last play (4 bytes each, or 8 with
// stacks deeper than about a million big blinds, and 8 more with all-in EV): at most 16 MB a
// unit in flight.
inline constexpr std::int64_t kMaxDealSeatsPerUnit = std::int64_t{1} << 20;
// make_tournament() rejects a schedule with more units than this (raise deals_per_unit).
inline constexpr std::int64_t kMaxUnits = 10'000'000;
// The most deals (cash formats) or tournaments (sit-and-go) of a run: far beyond any run, and
// small enough that deal and unit arithmetic can never overflow.
inline constexpr std::int64_t kMaxDeals = 1'000'000'000'000;

// The standard error (mbb per hand) given to the ratings' pairs without a spread when no pair
// of the field has one (see aggregate()).
inline constexpr double kExactPairStdError = 1e-3;

// One table playing a block of deals.
//
// The schedule (Tournament::units) is a list of groups, each cut into blocks of
// config.deals_per_unit deals (the last block may be shorter); units are numbered group by
// group, block by block, from 0, and units[i].index == i.
// - Groups. ROUND_ROBIN: one group per pair a < b, in the order (0,1), (0,2), ..., (0,n-1),
//   (1,2), ...; seat_bot = {a, b}. GAUNTLET: one group per other bot o, in increasing o;
//   seat_bot = {hero, o} (the hero is always seat_bot[0]). RING and SIT_AND_GO: one group;
//   seat_bot = a permutation of {0, 1, ..., seats - 1} drawn from (config.seed, unit index)
//   alone, so that neighbours change from unit to unit and identical bots have the same
//   expected result whatever the order of config.bots (the rotations of each deal then put
//   every bot in every seat of that seating).
// - Heads-up and ring: the group's deals are 0 .. config.deals - 1, dealt from table id g
//   (the group): deal d is the deck of deal_key(config.seed, g, d) whatever unit or match plays
//   it. So every group is dealt cards of its own (a bot's samples against different opponents
//   are independent, as the pooled per-bot interval assumes), and cutting the deals into units
//   or matches changes no card. The unit of block k of group g holds deals first_deal =
//   k * deals_per_unit .. first_deal + deals - 1, in matches of match_deals deals: match m
//   (deals m * match_deals onwards) is a table of its own with bot instances of its own,
//   seeded from (seed, g, m, bot), and its first hand has the button where an unbroken run
//   of the group's deals would have it (seat (d + seats - 1) % seats at deal d). The
//   rotations of one deal share its cards. When duplicate, a match plays its deals once per
//   rotation (heads-up: 2, seats swapped; ring: `seats`, every bot in every seat), its bots'
//   memories reset (new_match) in between. Not duplicate: each deal is played once with the
//   seats as listed (the button moves every hand anyway).
// - Sit-and-go: the deals are tournaments 0 .. config.deals - 1; the unit holds tournaments
//   first_deal .. first_deal + deals - 1 and table_id = first_deal; tournament first_deal + i
//   is played on Table(game, config.seed, table_id + i) (with the default deals_per_unit of 1
//   the table id is the block index). When duplicate, each tournament is played `seats` times
//   over seat rotations on tables with the same table id (not duplicate: once, rotation
//   t % seats for tournament t). Blind level L > 0 of a tournament continues on a new table
//   (stacks and button carried over) dealt from table id (L << 40) | (table_id + i).
// - Hand histories (config.hh_out): one file per unit that writes a hand (none for a unit
//   none of whose hands is sampled), DIR/unit-NNNNNNNN.phhs, written to a temporary name and
//   renamed when the unit ends; a cash deal d is written (all its plays) when
//   d % hh_sample == 0, sit-and-go hands one in hh_sample in play order (so a unit's first
//   hand always). A hand too long for PHH (over 255 actions) is left out, with a comment in
//   its place.
struct WorkUnit {
    std::int64_t index = 0;
    int num_seats = 0;
    // The bot (index in config.bots) of each seat before any duplicate swap or rotation.
    std::array<int, kMaxSeats> seat_bot{};
    std::int64_t group = 0;       // the pair (round robin), opponent (gauntlet), or 0
    std::int64_t first_deal = 0;  // deals first_deal .. first_deal + deals - 1 of its group
    std::int64_t deals = 0;
    std::uint64_t table_id = 0;  // the deal key's table: see above
    // Cash formats: the deals of one match (config.match_deals); the unit holds the matches
    // first_deal / match_deals onwards, the last of the group possibly shorter.
    std::int64_t match_deals = 0;
};

// The work units of a tournament, computed one by one from their index (as WorkUnit describes
// them) rather than stored: a schedule is a few numbers however many units it has, so reading,
// merging or resuming a report never builds a unit it does not hold.
class Schedule {
  public:
    Schedule() = default;  // no units
    // The schedule of a configuration whose defaults are filled in and valid (make_tournament()
    // makes one). Throws ConfigError naming deals_per_unit when it would have more than
    // kMaxUnits units.
    explicit Schedule(const TournamentConfig& config);

    std::size_t size() const { return static_cast<std::size_t>(groups_ * blocks_); }
    // Unit `index`, for 0 <= index < size() (not checked, as for a vector). Allocates
    // nothing and throws nothing: the runner computes each unit as it starts it.
    WorkUnit operator[](std::size_t index) const;
    // The most deals (or tournaments) one bot is seated for, summed over its groups;
    // INT64_MAX when that passes it.
    std::int64_t most_deals_of_one_bot() const;

  private:
    Format format_ = FORMAT_UNSPECIFIED;
    int bots_ = 0;
    int seats_ = 0;
    int hero_ = 0;
    std::uint64_t seed_ = 0;
    std::int64_t deals_ = 0;  // of every group: config.deals
    std::int64_t deals_per_unit_ = 0;
    std::int64_t match_deals_ = 0;
    std::int64_t blocks_ = 0;  // per group
    std::int64_t groups_ = 0;
};

struct Tournament {
    TournamentConfig config;  // every default filled in
    // Like config.bots; each knows what identifies its bot (BotFactory::identity()). Empty with
    // BotLoading::Skip.
    std::vector<std::shared_ptr<const BotFactory>> factories;
    // The absolute folder relative plugin paths were taken from; empty when none is relative.
    std::filesystem::path plugin_folder;
    GameDef game;  // the game every table plays (sit-and-go: the first level)
    Schedule units;
};

// Whether make_tournament() loads the bots. Skip is for what only reads results (merging
// reports, possibly on another machine): no plugin is opened and no plugin code runs, and the
// tournament's factories are empty, so play_unit() rejects every unit of it.
enum class BotLoading { Load, Skip };

// Relative plugin paths in config.bots are taken from `plugin_folder` (the folder of the
// configuration file that lists them; empty: the current directory); each plugin is loaded
// from the absolute path that makes, which a failure names ("bots[0].spec: plugin
// '/abs/dir/bot.so': file not found"), and whose factory's identity() is that file's (SHA-256,
// size and API name). The configuration keeps the specs as given: the same file read from
// anywhere is the same tournament.
// Process bots (docs/bot-protocol.md) are started here, their handshakes done; a relative
// working folder is taken from `plugin_folder` too, which is also each one's default. Their
// standard error goes to `bot_logs` + ".I-NAME.stderr.log", I the bot's index in config.bots
// (empty: the temporary folder).
// With `resume` (the report a run continues), each plugin file is compared with the identity
// the report records before it is loaded (check_plugin_file_before_loading()), so that no code
// of a replaced library runs; PluginMismatch says which.
// `given` (at most one entry per bot; empty by default) holds factories the caller made:
// bots[i] with a non-null given[i] plays through it, and its spec only names it (the Python
// module's in-process classes are such bots); one whose instances take posted decisions
// (lanes() > 0) gets the short matches and small units a process bot gets by default. The rest
// are loaded as above.
Tournament make_tournament(const TournamentConfig& config, BotLoading loading = BotLoading::Load,
                           const std::filesystem::path& plugin_folder = {},
                           const std::filesystem::path& bot_logs = {},
                           const Report* resume = nullptr,
                           std::span<const std::shared_ptr<const BotFactory>> given = {});

// Rules for a configuration a person has just written (a file or flags), beyond what
// make_tournament() needs to play it: hh_sample above 1 without hh_out (it would do nothing),
// and a bot name (or the spec it defaults to) with a control character (C0, DEL or C1: names
// go to tables and logs). Throws ConfigError naming the field. Not applied to the
// configuration a report holds, so that reports written before a rule existed can still be
// read, merged and resumed.
void check_new_config(const TournamentConfig& config);

// Why a report whose configuration has another deal_scheme than this version's cannot be
// resumed (its units were dealt and seeded otherwise), in words: which scheme, the version
// that wrote it, and what to do. (Such reports still print and merge with each other: their
// units are of one scheme, and aggregating them does not depend on it.)
std::string older_deal_scheme(const Report& report);

// How many times each deal (or tournament) is played: 2 heads-up duplicate, `seats` ring or
// sit-and-go duplicate, 1 otherwise.
int plays_per_deal(const TournamentConfig& config);

// Sit-and-go: the prize of each finishing place (index 0 = winner) in buy-ins, the payout
// shares normalized to sum to 1 times the prize pool (buy-in x players) over the buy-in; 0 for
// places out of the money. A bot's ROI is its mean prize minus 1.
std::vector<double> prize_by_place(const TournamentConfig& config);

UnitResult play_unit(const Tournament& tournament, std::int64_t unit);

// What aggregate() expects of a UnitResult (play_unit() provides it):
// - bots has one entry per seat of the unit's table, in seat order, bots[k].bot ==
//   seat_bot[k] (so a unit's size does not grow with the field); pairs have 0 <= a < b < bots.
// - bots[i].samples / pairs[j].samples: chips per sample, where a sample is one deal with all
//   its plays (a duplicate pair heads-up, a rotation group in the ring, a single deal when not
//   duplicate), so every sample of a bot spans the same number of hands.
// - Sit-and-go: places holds, for each tournament of the unit in order and, within it, each
//   play (rotation) in order, the finishing place (1 = winner) of every bot in config order:
//   deals * plays_per_deal * bots entries, each in 1 .. seats.
// - The SPRT's stop is not marked in a unit: it is recomputed from the results (see below).
//
// The report's figures (bots, pairs, sprt, curve, units, hands, units_total, units_done,
// complete) from the finished units, with each plugin bot's identity (bots[i].plugin) and
// run.plugin_folder from the tournament; the rest of run, and timing, are left for the caller.
// - Win rates are summarize(samples, 1000 * samples.n / (big_blind * hands)) in mbb per hand
//   (heads-up formats), or summarize_clusters over the units' samples with the same scale
//   (ring: each unit is a seating of its own); sit-and-go reports prize (summarize_clusters of
//   each unit's prizes), roi and itm_rate instead. Each estimate carries too_few_samples.
// - Ratings (heads-up formats): least_squares_ratings over the pairs with at least 2 samples,
//   std_error = stddev / sqrt(samples), the pairs with too few samples weighed by
//   weigh_uncertain_pairs (the field's pooled spread; kExactPairStdError when no pair has a
//   spread, and then the ratings have an infinite ci95); ci95 = student_t_quantile(0.975,
//   sum over the pairs of samples - 1) standard errors. None when those pairs do not connect
//   the field.
// - With an SPRT, the test is run after each unit of the unbroken run of units 0, 1, 2, ...
//   (SprtMonitor: every whole unit is a block); at the first unit where it decides, the match
//   is over: later units are dropped (not counted, not kept in report.units), the report is
//   complete, and every estimate it has is marked biased_by_sprt_stop.
// - complete: every unit of the schedule is present, or the SPRT decided.
// Throws std::invalid_argument for a unit index outside the schedule, a unit given twice
// (naming it), a result that does not match the configuration (as listed above) or totals
// (hands, net chips, decisions, faults) that would overflow 64 bits.
Report aggregate(const Tournament& tournament, std::vector<UnitResult> units);

}  // namespace pokerarena::sim
