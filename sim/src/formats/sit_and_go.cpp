// Sit-and-go: every bot at one table, freezeouts with rising blinds (Kuhn and Leduc: antes)
// played until one player holds every chip; the results are finishing places and the prizes
// they pay. A unit holds tournaments (table ids of their own), each a seating of its own.
// UnitResult.places is described at the top of play/work_unit.cpp.
//
// Playing a unit:
// - A tournament is a chain of tables, one per blind level: Table(level game, seed, id) with
//   max_hands = hands_per_level, its starting stacks the stacks the last level ended with
//   (a busted seat has 0 chips and the engine deals it out), its first button the seat after
//   the last level's button (set_button; the engine skips busted seats). A table per level,
//   rather than per-hand forced bets on one table, because the blinds are the GameDef's:
//   the big blind is the minimum bet, what SeatView::big_blind shows the bots, and what the
//   PHH writer records; and Kuhn's and Leduc's fixed bets are sized from the ante
//   (level_game).
// - Table ids: tournament t = first_deal + i is dealt from table id table_id + i at its first
//   level (as tournament.hpp says) and (level << 40) | (table_id + i) at later levels, since a
//   new table deals its hand h from (seed, id, h): levels need ids of their own. Every rotation
//   of a tournament uses the same ids, so it sees the same cards per seat.
// - Plays: duplicate tournaments are played once per seat rotation (seat s holds slot
//   (s + r) % n); otherwise once, with rotation t % n so that every bot starts in every seat
//   as often. Bot memories are reset (new_match) before every play but the unit's first.
// - Places: seats busted in the same hand are placed by their stacks at the start of that
//   hand (more chips, better place) and, when equal, by seat (the lower seat number first), so
//   places are always a permutation of 1 .. n.
// - Safety cap: after the last level the blinds stay there (config.proto), but at most
//   kMaxHandsAtLastLevel hands more: players who never risk chips (fold against fold) would
//   otherwise pass the blinds round forever. When the cap ends a tournament, the players left
//   are placed by their stacks (ties by seat as above).
// - Samples: a bot's chip net (final stack - starting stack) over each tournament with all its
//   plays, like a cash rotation group; aggregate() reports prizes from places.
// - All-in EV and AIVAT do not apply (make_tournament rejects allin_ev and aivat for
//   sit-and-go).
#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "formats/format.hpp"
#include "io/table_text.hpp"
#include "play/work_unit.hpp"
#include "pokerarena/sim/stats.hpp"

namespace pokerarena::sim {

namespace {

using std::to_string;
using namespace detail;

// --- Playing a unit --------------------------------------------------------------------------

constexpr int kMaxHandsAtLastLevel = 100'000;
constexpr int kLevelShift = 40;  // table id bits of the tournament; the level above them

// The game of a level from the first level's (Tournament::game). Kuhn and Leduc post no
// blinds: a level is an ante, which scales their fixed bets (with_ante). Short-deck's level is
// its button blind (big_blind, with small_blind 0) and ante; the others' the blinds and ante.
GameDef level_game(const GameDef& first, const BlindLevel& level) {
    if (!first.post_blinds) {
        GameDef g = formats::with_ante(first, level.ante());
        g.reset_stacks_each_hand = false;
        return g;
    }
    GameDef g = first;
    g.small_blind = level.small_blind();
    g.big_blind = level.big_blind();
    g.ante = level.ante();
    g.ante_kind = level.ante() > 0 ? AnteKind::EveryPlayer : AnteKind::None;
    if (g.structure == BettingStructure::FixedLimit) {
        // As GameDef::fixed_limit_holdem: the small bet is the big blind.
        g.small_bet = level.big_blind();
        g.big_bet = 2 * level.big_blind();
    }
    g.reset_stacks_each_hand = false;
    return g;
}

// seats[0 .. count-1] in place order: more chips first, then the lower seat. An insertion
// sort: at most ten seats.
void sort_by_stack(std::array<int, kMaxSeats>& seats, int count,
                   const std::array<Chips, kMaxSeats>& chips) {
    auto before = [&](int x, int y) {
        const Chips cx = chips[static_cast<std::size_t>(x)];
        const Chips cy = chips[static_cast<std::size_t>(y)];
        return cx != cy ? cx > cy : x < y;
    };
    for (int i = 1; i < count; ++i) {
        const int seat = seats[static_cast<std::size_t>(i)];
        int j = i;
        for (; j > 0 && before(seat, seats[static_cast<std::size_t>(j - 1)]); --j)
            seats[static_cast<std::size_t>(j)] = seats[static_cast<std::size_t>(j - 1)];
        seats[static_cast<std::size_t>(j)] = seat;
    }
}

class SitAndGoUnit {
  public:
    SitAndGoUnit(const Tournament& tournament, const WorkUnit& unit, UnitContext& context)
        : config_(tournament.config),
          unit_(unit),
          n_(unit.num_seats),
          context_(context),
          bots_(tournament, unit, context),
          history_(tournament.config, unit.index),
          hh_sample_(std::max<std::int64_t>(1, tournament.config.hh_sample())) {
        const SitAndGo& sng = config_.sit_and_go();
        if (sng.levels_size() < 1 || sng.levels_size() >= (1 << (63 - kLevelShift)))
            throw std::logic_error("sit-and-go unit " + std::to_string(unit.index) + ": " +
                                   std::to_string(sng.levels_size()) + " blind levels");
        if (tournament.game.num_seats != n_)
            throw std::logic_error("sit-and-go unit " + std::to_string(unit.index) + " has " +
                                   std::to_string(n_) + " seats but the game " +
                                   std::to_string(tournament.game.num_seats));
        if (unit.deals < 1 ||
            unit.table_id + static_cast<std::uint64_t>(unit.deals) > (1ULL << kLevelShift))
            throw std::logic_error("sit-and-go unit " + std::to_string(unit.index) +
                                   ": tournaments outside the table ids 0 .. 2^40 - 1");
        for (const BlindLevel& level : sng.levels())
            levels_.push_back(level_game(tournament.game, level));
        hands_per_level_ = sng.hands_per_level();
        starting_stack_ = sng.starting_stack();
    }

    Task<UnitResult> play() {
        const int plays = is_duplicate(config_) ? n_ : 1;
        const int num_bots = config_.bots_size();
        UnitResult result;
        result.set_unit(unit_.index);
        result.mutable_places()->Reserve(static_cast<int>(unit_.deals * plays * num_bots));
        bool first_play = true;
        for (std::int64_t i = 0; i < unit_.deals; ++i) {
            const std::int64_t t = unit_.first_deal + i;
            std::array<Chips, kMaxSeats> group_net{};
            for (int p = 0; p < plays; ++p) {
                const bool new_match = !first_play;
                first_play = false;
                const int r = plays > 1 ? p : static_cast<int>(t % n_);
                const std::array<int, kMaxSeats> place_of_seat = co_await play_tournament(
                    t, unit_.table_id + static_cast<std::uint64_t>(i), r, new_match, group_net);
                std::array<int, kMaxSeats> place_of_slot{};
                for (int s = 0; s < n_; ++s)
                    place_of_slot[static_cast<std::size_t>((s + r) % n_)] =
                        place_of_seat[static_cast<std::size_t>(s)];
                for (int b = 0; b < num_bots; ++b) {
                    int place = -1;
                    for (int k = 0; k < n_; ++k)
                        if (unit_.seat_bot[static_cast<std::size_t>(k)] == b)
                            place = place_of_slot[static_cast<std::size_t>(k)];
                    result.add_places(place);
                }
            }
            for (int k = 0; k < n_; ++k)
                samples_[static_cast<std::size_t>(k)].add(
                    static_cast<double>(group_net[static_cast<std::size_t>(k)]));
        }
        history_.finish();
        result.set_hh_hands_not_written(history_.skipped());

        result.set_hands(hands_played_);
        std::uint64_t decision_ns = 0;
        for (int k = 0; k < n_; ++k) {
            const auto slot = static_cast<std::size_t>(k);
            BotUnit& bot = *result.add_bots();
            bot.set_bot(unit_.seat_bot[slot]);
            bot.set_hands(hands_[slot]);
            bot.set_net_chips(net_[slot]);
            to_proto(samples_[slot], *bot.mutable_samples());
            bots_.fill(k, bot);
            decision_ns += bot.decision_ns();
        }
        result.set_timing_decision_ns(decision_ns);
        co_return result;
    }

  private:
    // One freezeout of tournament t (dealt from `table_id`) in rotation r: the place of every
    // seat; adds each slot's chip net to group_net. `new_match`: the bots' memories are reset
    // first (every play but the unit's first).
    Task<std::array<int, kMaxSeats>> play_tournament(std::int64_t t, std::uint64_t table_id, int r,
                                                     bool new_match,
                                                     std::array<Chips, kMaxSeats>& group_net) {
        std::array<int, kMaxSeats> place_of_seat{};
        std::array<int, kMaxSeats> slot_of_seat{};
        std::array<int, kMaxSeats> bot_of_seat{};
        std::array<Bot*, kMaxSeats> seated{};
        std::array<Chips, kMaxSeats> stacks{};
        for (int s = 0; s < n_; ++s) {
            const auto seat = static_cast<std::size_t>(s);
            slot_of_seat[seat] = (s + r) % n_;
            bot_of_seat[seat] = unit_.seat_bot[static_cast<std::size_t>(slot_of_seat[seat])];
            seated[seat] = bots_.seat_bot(slot_of_seat[seat]);
            stacks[seat] = starting_stack_;
        }
        int remaining = n_;
        int next_button = -1;
        const int last = static_cast<int>(levels_.size()) - 1;
        for (int level = 0; remaining > 1; ++level) {
            GameDef game = levels_[static_cast<std::size_t>(level)];
            game.starting_stacks = stacks;
            game.max_hands = level < last ? hands_per_level_ : kMaxHandsAtLastLevel;
            Table table(game, config_.seed(),
                        table_id | (static_cast<std::uint64_t>(level) << kLevelShift));
            if (next_button >= 0) table.set_button(next_button);
            SeatDriver driver(table,
                              std::span<Bot* const>(seated.data(), static_cast<std::size_t>(n_)),
                              bots_.next_timing_seed());
            bots_.attach(driver);
            // Through the driver, so that a bot that throws there gets a fault, as in a hand.
            if (level == 0 && new_match) driver.new_match();
            for (;;) {
                SeatDriver::HandStep step;
                while ((step = driver.step_hand()) == SeatDriver::HandStep::Waiting) {
                    co_await answer_of(context_);
                    driver.resume(context_.answer, context_.strategy);
                }
                if (step != SeatDriver::HandStep::Ended) break;
                const HandRecord& record = table.last_hand();
                ++hands_played_;
                std::array<int, kMaxSeats> busted{};
                int num_busted = 0;
                for (int s = 0; s < n_; ++s) {
                    const auto seat = static_cast<std::size_t>(s);
                    if (!(record.dealt_in >> s & 1u)) continue;
                    ++hands_[static_cast<std::size_t>(slot_of_seat[seat])];
                    if (record.final_stacks[seat] == 0)
                        busted[static_cast<std::size_t>(num_busted++)] = s;
                }
                if (num_busted > 0) {
                    sort_by_stack(busted, num_busted, record.starting_stacks);
                    for (int j = 0; j < num_busted; ++j)
                        place_of_seat[static_cast<std::size_t>(
                            busted[static_cast<std::size_t>(j)])] = remaining - num_busted + 1 + j;
                    remaining -= num_busted;
                }
                if (history_.enabled() && hand_counter_ % hh_sample_ == 0) {
                    const HandTag tags[] = {
                        {"tournament", t}, {"rotation", r}, {"level", level + 1}};
                    history_.write(record, game, bot_of_seat, tags);
                }
                ++hand_counter_;
            }
            bots_.collect(driver, slot_of_seat, [&] {
                return "tournament " + std::to_string(t) + ", rotation " + std::to_string(r) +
                       ", level " + std::to_string(level + 1) + " (table " +
                       std::to_string(table_id |
                                      (static_cast<std::uint64_t>(level) << kLevelShift)) +
                       ")";
            });
            for (int s = 0; s < n_; ++s)
                stacks[static_cast<std::size_t>(s)] = table.stack(s);
            next_button = (table.button() + 1) % n_;
            if (level >= last) break;  // the cap: the last level's table has ended
        }
        if (remaining > 1) {
            // Stopped by the cap: the players left are placed by their stacks.
            std::array<int, kMaxSeats> left{};
            int num_left = 0;
            for (int s = 0; s < n_; ++s)
                if (stacks[static_cast<std::size_t>(s)] > 0)
                    left[static_cast<std::size_t>(num_left++)] = s;
            sort_by_stack(left, num_left, stacks);
            for (int j = 0; j < num_left; ++j)
                place_of_seat[static_cast<std::size_t>(left[static_cast<std::size_t>(j)])] = j + 1;
        } else {
            for (int s = 0; s < n_; ++s)
                if (stacks[static_cast<std::size_t>(s)] > 0)
                    place_of_seat[static_cast<std::size_t>(s)] = 1;
        }
        for (int s = 0; s < n_; ++s) {
            const auto seat = static_cast<std::size_t>(s);
            const auto slot = static_cast<std::size_t>(slot_of_seat[seat]);
            const Chips chips = stacks[seat] - starting_stack_;
            net_[slot] += chips;
            group_net[slot] += chips;
        }
        co_return place_of_seat;
    }

    const TournamentConfig& config_;
    const WorkUnit unit_;
    const int n_;
    UnitContext& context_;
    UnitBots bots_;
    HandHistoryWriter history_;
    const std::int64_t hh_sample_;
    std::vector<GameDef> levels_;
    int hands_per_level_ = 0;
    Chips starting_stack_ = 0;

    std::int64_t hands_played_ = 0;
    std::int64_t hand_counter_ = 0;
    std::array<std::int64_t, kMaxSeats> hands_{};
    std::array<Chips, kMaxSeats> net_{};
    std::array<SampleMoments, kMaxSeats> samples_{};
};

Task<UnitResult> play_sit_and_go_unit(const Tournament& tournament, WorkUnit unit,
                                      UnitContext& context) {
    SitAndGoUnit play(tournament, unit, context);
    co_return co_await play.play();
}

// --- The configuration -------------------------------------------------------------------------

[[noreturn]] void fail(const std::string& message) {
    throw ConfigError(message);
}

// The cash formats' stakes have no meaning here: given at all, even as 0, they are refused
// (these fields are optional; ante is not, so 0 is its absence).
void refuse_cash_stakes(const TournamentConfig& c) {
    const std::tuple<const char*, bool, std::int64_t> cash_only[] = {
        {"small_blind", c.has_small_blind(), c.small_blind()},
        {"big_blind", c.has_big_blind(), c.big_blind()},
        {"ante", c.ante() != 0, c.ante()},
        {"stack_big_blinds", c.has_stack_big_blinds(), c.stack_big_blinds()}};
    for (const auto& [field, given, value] : cash_only)
        if (given)
            fail(std::string(field) + ": " + to_string(value) +
                 "; not used by sit-and-go (its blinds and antes are sit_and_go.levels, its stack "
                 "sit_and_go.starting_stack)");
}

// What a level of the configuration's game gives (config.cpp's named games): hold'em and
// Omaha two blinds and an ante; short-deck a button blind (big_blind) and an ante, which is the
// button blind when left out, as in its cash games; Kuhn and Leduc an ante alone.
enum class LevelShape { Blinds, ButtonBlind, Antes };

LevelShape level_shape(const TournamentConfig& c) {
    if (c.game() == "kuhn" || c.game() == "leduc") return LevelShape::Antes;
    if (c.game() == "short-deck") return LevelShape::ButtonBlind;
    return LevelShape::Blinds;
}

// The largest fixed bet of Kuhn or Leduc in antes (1 and 4), from the engine's rules.
Chips largest_bet_in_antes(const std::string& game) {
    const GameDef g = game == "kuhn" ? GameDef::kuhn(formats::kMinTableSeats, 1)
                                     : GameDef::leduc(formats::kMinTableSeats, 1);
    return std::max(g.small_bet, g.big_bet) / g.ante;
}

// The default schedules. Hold'em's big blinds, in chips of a 1,500 stack, serve short-deck as
// its button blinds. Kuhn and Leduc rise from an ante of 1 to 50, in chips of a 100 stack:
// Kuhn's costliest hand is 2 antes and Leduc's 13 (an ante, two bets of 2 and two of 4), so
// the first levels leave room to play and the last ones put every stack at risk in a few hands.
constexpr std::int64_t kBlindLevels[][2] = {{10, 20},   {15, 30},   {25, 50},    {50, 100},
                                            {75, 150},  {100, 200}, {150, 300},  {200, 400},
                                            {300, 600}, {400, 800}, {600, 1200}, {1000, 2000}};
constexpr std::int64_t kAnteLevels[] = {1, 2, 3, 5, 8, 10, 15, 20, 30, 50};

void add_default_levels(SitAndGo& s, LevelShape shape) {
    if (shape == LevelShape::Antes) {
        for (const std::int64_t ante : kAnteLevels)
            s.add_levels()->set_ante(ante);
        return;
    }
    for (const auto& [small_blind, big_blind] : kBlindLevels) {
        BlindLevel* l = s.add_levels();
        if (shape == LevelShape::Blinds) l->set_small_blind(small_blind);
        l->set_big_blind(big_blind);
    }
}

// A level of Kuhn or Leduc: a rising ante, small enough that the largest bet fits a table, and
// no blinds. A field left out is 0 (BlindLevel's fields have no presence), so 0 is allowed.
void check_ante_level(const SitAndGo& s, int i, const std::string& game) {
    const BlindLevel& l = s.levels(i);
    const std::string field = "sit_and_go.levels[" + to_string(i) + "]";
    for (const auto& [name, value] :
         {std::pair{"small_blind", l.small_blind()}, std::pair{"big_blind", l.big_blind()}})
        if (value != 0)
            fail(field + '.' + name + ": " + to_string(value) + "; game " + game +
                 " has no blinds (a level is the ante every seat posts): leave it out");
    if (l.ante() < 1)
        fail(field + ".ante: " + to_string(l.ante()) + "; expected a positive number of chips");
    const Chips bets = largest_bet_in_antes(game);
    if (l.ante() > formats::kMaxTableChips / bets)
        fail(field + ".ante: " + to_string(l.ante()) + "; expected at most " +
             to_string(formats::kMaxTableChips / bets) + " chips (the largest bet of " + game +
             " is " + to_string(bets) + (bets == 1 ? " ante" : " antes") + ", and at most " +
             to_string(formats::kMaxTableChips) + " chips fit a table)");
    if (i > 0 && l.ante() <= s.levels(i - 1).ante())
        fail(field + ".ante: " + to_string(l.ante()) +
             "; antes must rise from level to level (the level before is " +
             to_string(s.levels(i - 1).ante()) + ")");
}

// A level with blinds: hold'em's two (or short-deck's button blind alone) and an ante.
void check_blind_level(SitAndGo& s, int i, LevelShape shape) {
    BlindLevel& l = *s.mutable_levels(i);
    const std::string field = "sit_and_go.levels[" + to_string(i) + "]";
    if (shape == LevelShape::ButtonBlind) {
        if (l.small_blind() != 0)
            fail(field + ".small_blind: " + to_string(l.small_blind()) +
                 "; game short-deck has a button blind only (big_blind): leave small_blind out");
        if (l.big_blind() < 1)
            fail(field + ".big_blind: " + to_string(l.big_blind()) +
                 "; expected the button blind, a positive number of chips");
    } else {
        if (l.small_blind() < 1)
            fail(field + ".small_blind: " + to_string(l.small_blind()) +
                 "; expected a positive number of chips");
        if (l.big_blind() < l.small_blind())
            fail(field + ".big_blind: " + to_string(l.big_blind()) +
                 "; expected at least the small blind (" + to_string(l.small_blind()) + ")");
    }
    // Checked here, or the first level's big blind would be blamed on starting_stack and a
    // later one would not be noticed until a table overflowed.
    for (const auto& [name, value] :
         {std::pair{"big_blind", l.big_blind()}, std::pair{"ante", l.ante()}})
        if (value > formats::kMaxTableChips)
            fail(field + '.' + name + ": " + to_string(value) + "; expected at most " +
                 to_string(formats::kMaxTableChips) + " chips, the most a table holds");
    if (l.ante() < 0)
        fail(field + ".ante: " + to_string(l.ante()) + "; expected 0 (none) or more chips");
    if (shape == LevelShape::ButtonBlind && l.ante() == 0) l.set_ante(l.big_blind());
    if (i > 0) {
        const BlindLevel& prev = s.levels(i - 1);
        if (shape == LevelShape::ButtonBlind && l.big_blind() <= prev.big_blind())
            fail(field + ".big_blind: " + to_string(l.big_blind()) +
                 "; the button blind must rise from level to level (the level before is " +
                 to_string(prev.big_blind()) + ")");
        if (shape == LevelShape::Blinds &&
            (l.big_blind() <= prev.big_blind() || l.small_blind() < prev.small_blind()))
            fail(field + ": " + to_string(l.small_blind()) + "/" + to_string(l.big_blind()) +
                 "; blinds must rise from level to level (the level before is " +
                 to_string(prev.small_blind()) + "/" + to_string(prev.big_blind()) + ")");
    }
}

void fill_levels(const TournamentConfig& c, SitAndGo& s) {
    if (!s.has_hands_per_level()) s.set_hands_per_level(10);
    if (s.hands_per_level() < 1)
        fail("sit_and_go.hands_per_level: " + to_string(s.hands_per_level()) +
             "; expected at least 1 hand");
    const LevelShape shape = level_shape(c);
    if (s.levels_size() == 0) add_default_levels(s, shape);
    for (int i = 0; i < s.levels_size(); ++i) {
        if (shape == LevelShape::Antes)
            check_ante_level(s, i, c.game());
        else
            check_blind_level(s, i, shape);
    }
}

// The first level's unit: its ante in Kuhn and Leduc, else its big blind.
Chips first_unit(const TournamentConfig& c) {
    const BlindLevel& first = c.sit_and_go().levels(0);
    return level_shape(c) == LevelShape::Antes ? first.ante() : first.big_blind();
}

// Payouts are kept as given (not normalized): prize_by_place() normalizes them.
void fill_payouts(SitAndGo& s, int seats) {
    if (s.payouts_size() == 0)
        for (double share : {50.0, 30.0, 20.0})
            s.add_payouts(share);
    if (s.payouts_size() > seats)
        fail("sit_and_go.payouts: " + to_string(s.payouts_size()) + " places paid but only " +
             to_string(seats) + " players");
    double total = 0;
    for (int k = 0; k < s.payouts_size(); ++k) {
        if (!std::isfinite(s.payouts(k)) || s.payouts(k) < 0)
            fail("sit_and_go.payouts[" + to_string(k) +
                 "]: " + formats::shortest_text(s.payouts(k)) + "; expected a share of 0 or more");
        total += s.payouts(k);
    }
    if (!(total > 0) || !std::isfinite(total))
        fail("sit_and_go.payouts: the shares add up to " + formats::shortest_text(total) +
             "; expected a positive total");
}

void fill_stack_and_buy_in(const TournamentConfig& c, SitAndGo& s) {
    const LevelShape shape = level_shape(c);
    const bool antes = shape == LevelShape::Antes;
    const int seats = c.seats();
    if (!s.has_starting_stack()) s.set_starting_stack(antes ? 100 : 1500);
    const char* unit = antes                              ? "the first ante ("
                       : shape == LevelShape::ButtonBlind ? "the first button blind ("
                                                          : "the first big blind (";
    if (s.starting_stack() < first_unit(c))
        fail("sit_and_go.starting_stack: " + to_string(s.starting_stack()) +
             "; expected at least " + unit + to_string(first_unit(c)) + ")");
    if (s.starting_stack() > std::numeric_limits<std::int64_t>::max() / 4 / seats)
        fail("sit_and_go.starting_stack: " + to_string(s.starting_stack()) +
             "; the chips at a table must stay under " +
             to_string(std::numeric_limits<std::int64_t>::max() / 4));
    if (!s.has_buy_in()) s.set_buy_in(1);
    // ROI is per unit of buy-in: a buy-in of 0 has none.
    if (!std::isfinite(s.buy_in()) || !(s.buy_in() > 0))
        fail("sit_and_go.buy_in: " + formats::shortest_text(s.buy_in()) +
             "; expected a positive amount (leave it out for the default, 1)");
}

// --- Aggregating ----------------------------------------------------------------------------

// The count of each place and the prizes of each deal: the plays of one deal share its cards,
// so together they are one sample.
void add_places(const Tournament& t, const UnitResult& u, std::vector<formats::BotTotals>& bots) {
    const std::vector<double> prize = prize_by_place(t.config);
    const int n = t.config.bots_size();
    const int plays = plays_per_deal(t.config);
    const std::int64_t deals = u.places_size() / (n * plays);
    for (int b = 0; b < n; ++b) {
        formats::BotTotals& bot = bots[static_cast<std::size_t>(b)];
        bot.places.resize(static_cast<std::size_t>(n));
        SampleMoments& unit_prize = bot.unit_prize.emplace_back();
        for (std::int64_t d = 0; d < deals; ++d) {
            double deal_prize = 0;
            for (int r = 0; r < plays; ++r) {
                const int place = u.places(static_cast<int>((d * plays + r) * n + b));
                const double won = prize[static_cast<std::size_t>(place - 1)];
                ++bot.places[static_cast<std::size_t>(place - 1)];
                ++bot.tournaments;
                if (won > 0) ++bot.in_the_money;
                deal_prize += won;
            }
            unit_prize.add(deal_prize);
        }
    }
}

// --- The format -----------------------------------------------------------------------------

class SitAndGoFormat final : public formats::TournamentFormat {
  public:
    const char* name() const override { return "sit-and-go"; }
    bool heads_up() const override { return false; }
    bool freezeout() const override { return true; }

    void fill_seats(TournamentConfig& c) const override {
        formats::fill_table_seats(c, name());
        formats::refuse_hero(c, name());
    }
    std::int64_t default_deals() const override { return 1'000; }
    const char* deal_noun() const override { return "tournaments"; }
    void fill_options(TournamentConfig& c) const override {
        refuse_cash_stakes(c);
        SitAndGo& s = *c.mutable_sit_and_go();
        fill_levels(c, s);
        fill_payouts(s, c.seats());
        fill_stack_and_buy_in(c, s);
        if (c.allin_ev())
            fail(
                "allin_ev: true; sit-and-go results are places and prizes, not chips (all-in "
                "adjusted winnings are for the cash formats)");
        if (c.aivat())
            fail(
                "aivat: true; sit-and-go results are places and prizes, not chips (AIVAT "
                "estimates chips per hand: use a round robin, a gauntlet or a ring)");
    }
    // ACPC clients play what ACPC's states can describe: cash games.
    void check_acpc_bot(const std::string& field) const override {
        fail(field +
             ": an ACPC client cannot play a sit-and-go (ACPC games reset the stacks every "
             "hand, with no blind levels, and their states have no place for a busted seat); "
             "use a round robin, a gauntlet or a ring");
    }
    formats::Stakes stakes(const TournamentConfig& c) const override {
        // Kuhn's and Leduc's unit (big_blind) is the ante.
        const BlindLevel& first = c.sit_and_go().levels(0);
        return {first.small_blind(), first_unit(c), first.ante(), c.sit_and_go().starting_stack()};
    }

    int duplicate_plays(const TournamentConfig& c) const override { return c.seats(); }
    // A tournament is already hundreds of hands (times its rotations), so one is enough work
    // for a unit; cash deals are a hand or a few each.
    std::int64_t default_deals_per_unit(const TournamentConfig& c) const override {
        return std::max<std::int64_t>(1, (c.deals() + kMaxUnitsPerGroup - 1) / kMaxUnitsPerGroup);
    }
    std::int64_t groups(int) const override { return 1; }
    std::int64_t groups_of_one_bot(int) const override { return 1; }
    // Each tournament needs a table of its own, so it is keyed by tournament index.
    void seat(WorkUnit& unit, const formats::Field& field) const override {
        formats::seat_at_one_table(unit, field);
        unit.table_id = static_cast<std::uint64_t>(unit.first_deal);
    }

    Task<UnitResult> play(const Tournament& tournament, WorkUnit unit,
                          UnitContext& context) const override {
        return play_sit_and_go_unit(tournament, unit, context);
    }

    void check_places(const Tournament& t, const UnitResult& u, const WorkUnit& seated,
                      const std::string& name) const override;
    void add_unit(const Tournament& t, const UnitResult& u,
                  std::vector<formats::BotTotals>& bots) const override {
        add_places(t, u, bots);
    }
    void bot_result(const Tournament& t, const formats::BotTotals& in,
                    BotResult& out) const override;

    std::string title(const TournamentConfig& c, const std::string&) const override {
        return "Sit-and-go, " + std::to_string(c.seats()) + " seats";
    }
    // The tournaments counted (each replayed over its seat rotations).
    std::string deals_text(const Report& report) const override {
        std::int64_t count = 0;
        for (const BotResult& bot : report.bots())
            count = std::max(count, bot.prize().samples());
        return table_text::grouped(count) + (count == 1 ? " tournament, " : " tournaments, ");
    }
    std::string details(const TournamentConfig& config) const override {
        const SitAndGo& sng = config.sit_and_go();
        // Another game than hold'em is named first.
        const bool holdem = config.game().empty() || config.game() == "holdem";
        std::string details =
            holdem ? "Starting stack " : "Game " + config.game() + ", starting stack ";
        details += table_text::grouped(sng.starting_stack());
        details +=
            level_shape(config) == LevelShape::Antes ? ", antes up every " : ", blinds up every ";
        details += std::to_string(sng.hands_per_level()) + " hands, payouts";
        std::string shares;
        for (double share : sng.payouts())
            shares += (shares.empty() ? " " : "/") + table_text::printf_string("%g", share);
        return details + (shares.empty() ? " none" : shares);
    }
    formats::TableLayout layout() const override { return formats::TableLayout::Ranking; }
    // Chips in a freezeout are worth only the places they buy (a bot can win many small pots
    // and still bust first): the field is ranked by prize.
    double ranking_figure(const BotResult& bot) const override { return bot.prize().mean(); }
    std::vector<formats::ResultColumn> result_columns(const Report& report) const override {
        std::vector<formats::ResultColumn> columns;
        for (std::size_t place = 1; place <= num_places(report); ++place)
            columns.push_back({table_text::ordinal(place)});
        columns.push_back({"ROI"});
        columns.push_back({"95% CI", " ± "});
        columns.push_back({"ITM"});
        return columns;
    }
    void result_cells(const Report& report, const BotResult& bot,
                      std::vector<std::string>& row) const override {
        for (std::size_t place = 0; place < num_places(report); ++place)
            row.push_back(place < static_cast<std::size_t>(bot.places_size())
                              ? table_text::grouped(bot.places(static_cast<int>(place)))
                              : "0");
        // The prize is in buy-ins, so its interval is also the ROI's.
        row.push_back(table_text::signed_figure(100.0 * bot.roi(), 1) + "%");
        row.push_back(table_text::interval(bot.prize(), 1, 100.0, "%"));
        row.push_back(table_text::percent(bot.itm_rate()));
    }
    std::string results_legend() const override {
        return "ROI: the mean prize less the buy-in, in buy-ins; ITM (in the money): the share "
               "of tournaments paid";
    }

  private:
    static std::size_t num_places(const Report& report) {
        std::size_t places = 0;
        for (const BotResult& bot : report.bots())
            places = std::max(places, static_cast<std::size_t>(bot.places_size()));
        return places;
    }
};

void SitAndGoFormat::check_places(const Tournament& t, const UnitResult& u, const WorkUnit& seated,
                                  const std::string& name) const {
    const int bots = t.config.bots_size();
    const std::int64_t plays = seated.deals * plays_per_deal(t.config);
    if (u.places_size() != plays * bots)
        throw std::invalid_argument(name + " has " + to_string(u.places_size()) +
                                    " finishing places; expected " + to_string(plays * bots) +
                                    " (" + to_string(plays) + " tournaments of " + to_string(bots) +
                                    " bots)");
    std::vector<bool> seen(static_cast<std::size_t>(bots));
    for (std::int64_t k = 0; k < plays; ++k) {
        std::fill(seen.begin(), seen.end(), false);
        for (int b = 0; b < bots; ++b) {
            const int place = u.places(static_cast<int>(k * bots + b));
            if (place < 1 || place > bots || seen[static_cast<std::size_t>(place - 1)])
                throw std::invalid_argument(name + ", tournament " + to_string(k) +
                                            ": the places are not 1 to " + to_string(bots) +
                                            " once each");
            seen[static_cast<std::size_t>(place - 1)] = true;
        }
    }
}

void SitAndGoFormat::bot_result(const Tournament& t, const formats::BotTotals& in,
                                BotResult& out) const {
    for (std::int64_t count : in.places)
        out.add_places(count);
    const Summary prize_summary =
        summarize_clusters(in.unit_prize, 1.0 / static_cast<double>(plays_per_deal(t.config)));
    formats::set_estimate(out.mutable_prize(), prize_summary);
    // A prize is never negative, so P(prize > 0) would say nothing; what matters is whether the
    // bot wins back more than its buy-in (prizes are in buy-ins): the LOS of its ROI. Below two
    // samples there is no spread and no evidence (summarize()).
    if (prize_summary.samples >= 2 && std::isfinite(prize_summary.ci95)) {
        const double degrees = static_cast<double>(prize_summary.samples - 1);
        const double std_error = prize_summary.ci95 / student_t_quantile(0.975, degrees);
        out.mutable_prize()->set_los(
            formats::likelihood_above_zero(prize_summary.mean - 1.0, std_error, degrees));
    }
    if (in.tournaments > 0) {
        out.set_roi(prize_summary.mean - 1.0);
        out.set_itm_rate(static_cast<double>(in.in_the_money) /
                         static_cast<double>(in.tournaments));
    }
}

}  // namespace

std::vector<double> prize_by_place(const TournamentConfig& c) {
    const SitAndGo& s = c.sit_and_go();
    double total = 0;
    for (double share : s.payouts())
        total += share;
    std::vector<double> prize(static_cast<std::size_t>(c.bots_size()), 0.0);
    for (int k = 0; k < s.payouts_size(); ++k)
        prize[static_cast<std::size_t>(k)] = s.payouts(k) / total * c.bots_size();
    return prize;
}

const formats::TournamentFormat& formats::sit_and_go() {
    static const SitAndGoFormat format;
    return format;
}

}  // namespace pokerarena::sim
