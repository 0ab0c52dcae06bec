// Playing one work unit (internal to the sim library): the pieces play_unit() shares between
// the cash formats (work_unit.cpp) and sit-and-go (formats/sit_and_go.cpp).
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "pokerarena/bots/seat_driver.hpp"
#include "pokerarena/sim/stats.hpp"
#include "pokerarena/sim/tournament.hpp"
#include "pokerarena/sim/utf8.hpp"
#include "report.pb.h"
#include "unit_task.hpp"

namespace pokerarena::sim::io {
class OutputFile;
}

namespace pokerarena::sim::detail {

// The seed of bot `bot`'s instance in unit `unit` (sit-and-go): splitmix64 finalisers chained
// over the three numbers, so neighbouring units and bots get unrelated streams and a unit's
// bots depend on nothing but (seed, unit, bot).
std::uint64_t bot_seed(std::uint64_t seed, std::int64_t unit, int bot);
// The seed of bot `bot`'s instance in match `match` of group `group` (cash formats), in a
// domain of its own: nothing but (seed, group, match, bot), so no cut into units changes it.
std::uint64_t match_bot_seed(std::uint64_t seed, std::int64_t group, std::int64_t match, int bot);

// The faults, decisions and decision times every driver of a unit (or of one of its matches)
// reported, per slot k (the bot config.bots[unit.seat_bot[k]]).
class SlotTallies {
  public:
    SlotTallies(std::int64_t unit, int slots)
        : unit_(unit), tally_(static_cast<std::size_t>(slots)) {}

    // Adds the driver's faults, decisions and decision times of every seat to the slot sitting
    // there (slot_of_seat[seat]). A first fault message is prefixed with "unit U, " + where(), so
    // that the reader knows which unit, match, half, rotation or tournament it came from; where
    // is called only then. The message is made valid UTF-8 (to_valid_utf8: invalid bytes become
    // \xHH).
    template <typename Where>
    void collect(const SeatDriver& driver, const std::array<int, kMaxSeats>& slot_of_seat,
                 Where&& where) {
        for (std::size_t seat = 0; seat < tally_.size(); ++seat) {
            Tally& t = tally_[static_cast<std::size_t>(slot_of_seat[seat])];
            const SeatFaults& f = driver.faults(static_cast<int>(seat));
            t.decisions += driver.decisions(static_cast<int>(seat));
            t.decision_time += driver.estimated_decision_time(static_cast<int>(seat));
            if (f.total() == 0) continue;
            // The message may quote a plugin's text, which may be any bytes: a report string
            // must be UTF-8.
            if (t.first_message.empty())
                t.first_message = "unit " + std::to_string(unit_) + ", " + where() + ", " +
                                  to_valid_utf8(f.first_message);
            if (t.first_forfeit.empty() && !f.first_forfeit.empty())
                t.first_forfeit =
                    "unit " + std::to_string(unit_) + ", " + where() + ", " + f.first_forfeit;
            for (int k = 0; k < kNumFaultKinds; ++k)
                t.faults[static_cast<std::size_t>(k)] += f.count[static_cast<std::size_t>(k)];
        }
    }

    // Adds a match's tallies. Matches may end in any order: the first fault message kept is
    // that of the lowest `order` (the match's index), so the report does not depend on timing.
    void merge(const SlotTallies& match, std::int64_t order);

    // Decisions, decision_ns and faults of slot k into `bot`.
    void fill(int slot, BotUnit& bot) const;

  private:
    struct Tally {
        std::int64_t decisions = 0;
        std::chrono::nanoseconds decision_time{0};  // estimated from the timed decisions
        std::array<std::int64_t, kNumFaultKinds> faults{};
        std::string first_message;
        std::int64_t first_order = 0;  // merge(): the order of the match first_message came from
        std::string first_forfeit;     // where the first Forfeit fault was
        std::int64_t forfeit_order = 0;
    };
    std::int64_t unit_;
    std::vector<Tally> tally_;  // one per slot
};

// The bot instances of one unit (sit-and-go) or of one match of a unit (cash), one per slot k
// (the bot config.bots[unit.seat_bot[k]]), and the tallies of their drivers.
class UnitBots {
  public:
    // Throws std::runtime_error naming the unit and the bot when a factory refuses. Process
    // bots' instances are made in `context`'s lane, if it has one. `match` < 0: seeded by unit
    // (bot_seed); otherwise by match (match_bot_seed with unit.group).
    UnitBots(const Tournament& tournament, const WorkUnit& unit, UnitContext& context,
             std::int64_t match = -1);

    // Makes `driver` post its process bots' decisions to the context (when it has a lane): a
    // unit in a lane waits for answers without blocking its thread.
    void attach(SeatDriver& driver) const {
        if (context_->lane >= 0) driver.post_decisions(context_);
    }

    int size() const { return num_slots_; }
    Bot* seat_bot(int slot) { return bots_[static_cast<std::size_t>(slot)].get(); }
    // A timing seed for each SeatDriver, different for every driver, match and unit.
    std::uint64_t next_timing_seed() {
        return bot_seed(static_cast<std::uint64_t>(match_ + 1), unit_, -1 - drivers_++);
    }

    template <typename Where>
    void collect(const SeatDriver& driver, const std::array<int, kMaxSeats>& slot_of_seat,
                 Where&& where) {
        tallies_.collect(driver, slot_of_seat, std::forward<Where>(where));
    }
    const SlotTallies& tallies() const { return tallies_; }
    void fill(int slot, BotUnit& bot) const { tallies_.fill(slot, bot); }

  private:
    UnitContext* context_;
    std::int64_t unit_;
    std::int64_t match_;
    int num_slots_;
    int drivers_ = 0;  // timing seeds handed out
    std::vector<std::unique_ptr<Bot>> bots_;
    SlotTallies tallies_;
};

// PHH extra metadata of a written hand (unit, deal, rotation, ...): key and integer value.
struct HandTag {
    const char* key;
    std::int64_t value;
};

// The unit's hand histories (config.hh_out): DIR/unit-NNNNNNNN.phhs, hands in play order as
// sections [1], [2], ... Written as it goes to a temporary of its own (io/output_file.hpp)
// renamed over the name on finish(), so a unit that throws or is interrupted never leaves a
// partial file (and a resumed run writes it again whole), and a link at the name is replaced,
// not followed. The file is made at the first hand written: a unit with none has no file
// (finish() removes one of that name, left by an earlier run, as writing would have replaced
// it).
// Errors throw std::runtime_error naming the file. A hand phh_from_record refuses (its
// actions were truncated) is not written: a TOML comment takes its place ("# hand 3 of table
// 7 not written: ...") and the count, skipped(), ends the file as a comment too.
// DIR/unit-NNNNNNNN.phhs, the file of `unit`'s hand histories in config.hh_out (DIR).
std::filesystem::path hand_history_file(const TournamentConfig& config, std::int64_t unit);

// The file in config.hh_out (DIR) that names the run whose hands DIR holds: its configuration,
// in the text format of configuration files.
inline constexpr const char* kHandHistoryConfigFile = "config.txtpb";

// Makes config.hh_out (DIR) the folder of this run's hand histories before any is written, so
// that two runs never mix their hands in one folder. DIR is made if missing. When DIR holds
// config.txtpb, it must be this configuration (a resumed run, or another shard of the same
// run, writes there again); otherwise DIR must hold no unit-*.phhs file, and config.txtpb is
// written (as every output file is: atomically, a link at its name replaced). Throws RunError
// naming DIR and what is in the way (the first field that differs, or a hand file of an unnamed
// run), or std::runtime_error when DIR cannot be made or written.
// Does nothing when config.hh_out is empty.
void claim_hand_history_folder(const TournamentConfig& config);

class HandHistoryWriter {
  public:
    // Does nothing (enabled() false) when config.hh_out is empty; otherwise makes the folder.
    HandHistoryWriter(const TournamentConfig& config, std::int64_t unit);
    ~HandHistoryWriter();
    HandHistoryWriter(const HandHistoryWriter&) = delete;
    HandHistoryWriter& operator=(const HandHistoryWriter&) = delete;

    bool enabled() const { return files_ != nullptr; }

    // Hands formatted but not yet written: the matches of a unit play at once, and their
    // hands go to the file in match order, so that it does not depend on which ends first.
    struct Held {
        // The text of each hand (is_hand) or comment, in play order.
        std::vector<std::pair<bool, std::string>> items;
    };
    // Formats the hand into `held`; bot_of_seat names the players (config.bots index per
    // seat).
    void format(const HandRecord& record, const GameDef& game,
                const std::array<int, kMaxSeats>& bot_of_seat, std::span<const HandTag> tags,
                Held& held) const;
    // Writes what `held` holds, numbering the hands on from those written before, and empties
    // it.
    void append(Held& held);
    // format() and append() at once.
    void write(const HandRecord& record, const GameDef& game,
               const std::array<int, kMaxSeats>& bot_of_seat, std::span<const HandTag> tags);
    // Closes and renames the file (or, when no hand was written, removes DIR's file of the
    // unit); throws naming it when that fails.
    void finish();
    std::int64_t written() const { return written_; }
    std::int64_t skipped() const { return skipped_; }

  private:
    void open();
    void check_stream();

    // Only when enabled: a unit's frame stays small with thousands of tables in flight.
    struct Files {
        std::vector<std::string> names;  // the players, by config.bots index
        std::filesystem::path path;
        std::unique_ptr<io::OutputFile> out;  // from the first hand on
    };
    std::unique_ptr<Files> files_;
    bool finished_ = false;
    std::int64_t unit_ = 0;
    std::int64_t written_ = 0;
    std::int64_t skipped_ = 0;
};

// The configuration's `duplicate`, true when unset (make_tournament fills it; this keeps a
// hand-built Tournament meaningful too).
bool is_duplicate(const TournamentConfig& config);

void to_proto(const SampleMoments& m, Moments& out);

// A unit of a cash format, as a coroutine (unit_task.hpp): `unit` is taken by value, as a
// coroutine keeps its parameters; `context` must outlive the task. (A format's play() is the
// unit of its kind: formats/format.hpp.)
Task<UnitResult> play_cash_unit(const Tournament& tournament, WorkUnit unit, UnitContext& context);

}  // namespace pokerarena::sim::detail
