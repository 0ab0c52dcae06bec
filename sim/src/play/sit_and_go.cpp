// Sit-and-go work units: freezeouts with rising blinds, played until one player holds every
// chip. UnitResult.places is described at the top of work_unit.cpp.
//
// - A tournament is a chain of tables, one per blind level: Table(level game, seed, id) with
//   max_hands = hands_per_level, its starting stacks the stacks the last level ended with
//   (a busted seat has 0 chips and the engine deals it out), its first button the seat after
//   the last level's button (set_button; the engine skips busted seats). A table per level,
//   rather than per-hand forced bets on one table, because the blinds are the GameDef's:
//   the big blind is the minimum bet, what SeatView::big_blind shows the bots, and what the
//   PHH writer records.
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
// - All-in EV does not apply (make_tournament rejects allin_ev for sit-and-go).
#include <algorithm>
#include <climits>
#include <stdexcept>
#include <string>

#include "pokerarena/sim/stats.hpp"
#include "work_unit.hpp"

namespace pokerarena::sim::detail {

namespace {

constexpr int kMaxHandsAtLastLevel = 100'000;
constexpr int kLevelShift = 40;  // table id bits of the tournament; the level above them

GameDef level_game(const GameDef& first, const BlindLevel& level) {
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
                while ((step = driver.step_hand()) == SeatDriver::HandStep::Waiting)
                    driver.resume(co_await answer_of(context_));
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

}  // namespace

Task<UnitResult> play_sit_and_go_unit(const Tournament& tournament, WorkUnit unit,
                                      UnitContext& context) {
    SitAndGoUnit play(tournament, unit, context);
    co_return co_await play.play();
}

}  // namespace pokerarena::sim::detail
