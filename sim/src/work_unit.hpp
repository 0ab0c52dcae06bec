// Playing one work unit (internal to the sim library): the pieces play_unit() shares between
// the cash formats (work_unit.cpp) and sit-and-go (sit_and_go.cpp).
//
// The file is named work_unit, not play_unit: sim/CMakeLists.txt keeps play_*.cpp out of the
// library (they are the helpers of `pokerarena play`).
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "pokerarena/bots/seat_driver.hpp"
#include "pokerarena/sim/tournament.hpp"
#include "report.pb.h"

namespace pokerarena::sim::detail {

// The seed of bot `bot`'s instance in unit `unit`: splitmix64 finalisers chained over the
// three numbers, so neighbouring units and bots get unrelated streams and a unit's bots
// depend on nothing but (seed, unit, bot).
std::uint64_t bot_seed(std::uint64_t seed, std::int64_t unit, int bot);

// Mean decision time without a clock read per decision.
//
// A clock read (steady_clock, a vDSO call) costs about as much as a whole decision of the
// `call` bot, so timing every decide() would slow cheap bots down and inflate their figure.
// TimedBot times one decision in 64 on average and scales: estimated_ns() = (time of the
// sampled decisions) / (number sampled) * (all decisions). The gap between sampled decisions
// is drawn uniformly from 1..127 (a generator of its own, so the bot's play never depends on
// it): a fixed period would alias with the bots' own rhythm (call against call makes the
// same number of decisions every hand, so every 64th decision would always fall on the same
// street). A decision that throws is not part of the sample.
// Measured with call against call heads-up (8 decisions a hand, the cheapest there are), under
// callgrind: 4,995 instructions a hand with bare bots, 5,094 through TimedBot (+2.0%, about 12
// per decision: two virtual calls and a countdown), 5,539 with a clock read around every
// decision (+10.9%, not counting the clock's own time: steady_clock::now() took 34 ns of CPU
// here, so timing every decision would add about 540 ns to a hand of about 1 us).
class TimedBot final : public Bot {
  public:
    static constexpr std::uint32_t kMeanGap = 64;

    TimedBot(Bot& inner, std::uint64_t sampling_seed);

    Action decide(const SeatView& view) override {
        ++calls_;
        if (--countdown_ != 0) return inner_->decide(view);
        return timed_decide(view);
    }
    void on_event(const Event& e) override { inner_->on_event(e); }
    bool wants_events() const override { return inner_->wants_events(); }
    ViewNeeds view_needs() const override { return inner_->view_needs(); }
    void new_match() override { inner_->new_match(); }
    bool action_probabilities(const SeatView& view, std::span<const Action> candidates,
                              std::span<double> probabilities) override {
        return inner_->action_probabilities(view, candidates, probabilities);
    }

    // The decisions' estimated total time in nanoseconds; 0 before the first sample.
    std::uint64_t estimated_ns() const;
    std::int64_t calls() const { return calls_; }
    std::int64_t sampled() const { return sampled_; }

  private:
    Action timed_decide(const SeatView& view);
    std::uint32_t next_gap();

    Bot* inner_;
    std::uint64_t gap_state_;
    std::uint32_t countdown_;
    std::int64_t calls_ = 0;
    std::int64_t sampled_ = 0;
    std::chrono::steady_clock::duration sampled_time_{};
};

// The bot instances of one unit, one per slot k (the bot config.bots[unit.seat_bot[k]]),
// each behind a TimedBot, with the faults and decisions every driver reported for it.
class UnitBots {
  public:
    // Throws std::runtime_error naming the unit and the bot when a factory refuses.
    UnitBots(const Tournament& tournament, const WorkUnit& unit);

    int size() const { return num_slots_; }
    Bot* seat_bot(int slot) { return timed_[static_cast<std::size_t>(slot)].get(); }
    void new_match();

    // Adds the driver's faults and decisions of every seat to the slot sitting there
    // (slot_of_seat[seat]). A first fault message is prefixed with "unit U, " + where(),
    // so that the reader knows which unit, half, rotation or tournament it came from; where
    // is called only then.
    template <typename Where>
    void collect(const SeatDriver& driver, const std::array<int, kMaxSeats>& slot_of_seat,
                 Where&& where) {
        for (int seat = 0; seat < num_slots_; ++seat) {
            Tally& t =
                tally_[static_cast<std::size_t>(slot_of_seat[static_cast<std::size_t>(seat)])];
            const SeatFaults& f = driver.faults(seat);
            t.decisions += driver.decisions(seat);
            if (f.total() == 0) continue;
            if (t.first_message.empty())
                t.first_message =
                    "unit " + std::to_string(unit_) + ", " + where() + ", " + f.first_message;
            for (int k = 0; k < kNumFaultKinds; ++k)
                t.faults[static_cast<std::size_t>(k)] += f.count[static_cast<std::size_t>(k)];
        }
    }

    // Decisions, decision_ns and faults of slot k into `bot`.
    void fill(int slot, BotUnit& bot) const;

  private:
    struct Tally {
        std::int64_t decisions = 0;
        std::array<std::int64_t, kNumFaultKinds> faults{};
        std::string first_message;
    };
    std::int64_t unit_;
    int num_slots_;
    std::vector<std::unique_ptr<Bot>> bots_;
    std::vector<std::unique_ptr<TimedBot>> timed_;
    std::array<Tally, kMaxSeats> tally_{};
};

// PHH extra metadata of a written hand (unit, deal, rotation, ...): key and integer value.
struct HandTag {
    const char* key;
    std::int64_t value;
};

// The unit's hand histories (config.hh_out): DIR/unit-NNNNNNNN.phhs, hands in play order as
// sections [1], [2], ... Written to a ".tmp" file renamed on finish(), so a unit that throws
// or is interrupted never leaves a partial file (and a resumed run writes it again whole).
// Errors throw std::runtime_error naming the file. A hand phh_from_record refuses (its
// actions were truncated) is not written: a TOML comment takes its place ("# hand 3 of table
// 7 not written: ...") and the count, skipped(), ends the file as a comment too.
class HandHistoryWriter {
  public:
    // Does nothing (enabled() false) when config.hh_out is empty.
    HandHistoryWriter(const TournamentConfig& config, std::int64_t unit);
    ~HandHistoryWriter();
    HandHistoryWriter(const HandHistoryWriter&) = delete;
    HandHistoryWriter& operator=(const HandHistoryWriter&) = delete;

    bool enabled() const { return enabled_; }
    // Writes the hand; bot_of_seat names the players (config.bots index per seat).
    void write(const HandRecord& record, const GameDef& game,
               const std::array<int, kMaxSeats>& bot_of_seat, std::span<const HandTag> tags);
    // Closes and renames the file; throws naming it when that fails.
    void finish();
    std::int64_t written() const { return written_; }
    std::int64_t skipped() const { return skipped_; }

  private:
    void check_stream();

    bool enabled_ = false;
    bool finished_ = false;
    std::vector<std::string> names_;
    std::filesystem::path path_;
    std::filesystem::path temporary_;
    std::ofstream out_;
    std::int64_t unit_ = 0;
    std::int64_t written_ = 0;
    std::int64_t skipped_ = 0;
};

// The configuration's `duplicate`, true when unset (make_tournament fills it; this keeps a
// hand-built Tournament meaningful too).
bool is_duplicate(const TournamentConfig& config);

void to_proto(const SampleMoments& m, Moments& out);

UnitResult play_cash_unit(const Tournament& tournament, const WorkUnit& unit);
UnitResult play_sit_and_go_unit(const Tournament& tournament, const WorkUnit& unit);

}  // namespace pokerarena::sim::detail
