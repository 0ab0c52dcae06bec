// Playing work units whose tables wait for posted decisions (internal to the sim library).
//
// A lane is one thread's share of the units that seat a bot whose decisions are posted
// (bots/posted.hpp: a process bot, or a bot in this process that answers a queue of them at
// once, which the lane's pump asks for its answers). It keeps up to
// `max_in_flight` of them in play at once, and up to `max_tables` tables (a cash unit's
// matches play at once, each a table of its own). It starts with `first_tables` of them and
// lets in more while every table it allows waits for the bots (TableAllowance): twice as many
// after kSlowWaitsToGrow waits in a row of kSlowWait or more, all of them after one of
// kVerySlowWait, or after a first wait (the one for the bots' first answer, which also holds
// their programs' first work: creating instances, warming caches) of kVerySlowFirstWait. A slow
// bot soon has every table, one that takes kVerySlowFirstWait an answer at its first, while a
// fast one keeps a few hundred whose state stays in cache (thousands in flight cost a fast C
// bot about 40% of its speed), and a stray long wait of a busy machine is not taken for a slow
// bot. Each unit runs (UnitTask)
// until its tables
// wait for answers, then the next one starts; once every unit in play waits, the lane writes all
// their requests to the bot processes in one go and sleeps in poll() until answers come, then
// resumes exactly the units that were answered. Requests not yet taken by a pipe are kept
// under a bound (kMaxUnsentBytes): past it the lane pumps before it starts or resumes a unit,
// and the tables in flight keep their next requests unwritten, which costs nothing.
// Lane j talks only to process j (or queue j) of each such
// bot (BotFactory::process, decision_queue), so lanes share no process and take no lock of each
// other.
//
// Results do not depend on the lane, the number in flight or the order answers come in: a
// match's bots are seeded from (seed, group, match, bot), a sit-and-go unit's from (seed, unit,
// bot), and each table waits for its own answer.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "pokerarena/bots/plugin_call.hpp"
#include "pokerarena/sim/tournament.hpp"
#include "report.pb.h"

namespace pokerarena::sim::detail {

// play/unit_task.hpp: a unit's coroutine and where it waits for answers.
template <class T>
class [[nodiscard]] Task;
struct UnitContext;

// Unit `unit` of the schedule as a task not yet started; throws std::out_of_range for a unit
// outside the schedule.
Task<UnitResult> start_unit(const Tournament& tournament, std::int64_t unit, UnitContext& context);

// The lanes a tournament's units can be spread over: the fewest lanes of any of its bots
// that post (each lane needs a process or queue of every one of them); 0 when it has none.
int lane_count(const Tournament& tournament);

// True when unit `unit` seats a bot that posts (a process bot among them).
bool seats_process_bot(const Tournament& tournament, std::int64_t unit);

// A wave's units (to_play[first + i], i < wave_size) by where they are played: those that seat
// a process bot dealt round the lanes in turn, the others `local` (none in lanes when lanes is
// 0).
struct WaveSplit {
    std::vector<std::vector<std::size_t>> lanes;
    std::vector<std::size_t> local;
};
WaveSplit split_wave(const Tournament& tournament, std::span<const std::int64_t> to_play,
                     std::size_t first, std::size_t wave_size, int lanes);

struct LaneHooks {
    // Asked before units[i] starts (i rising); false: start no more (a stop, a failure, or,
    // with an SPRT, a failure of an earlier unit than this one).
    std::function<bool(std::size_t i)> keep_starting;
    // units[i] finished, or threw (its message).
    std::function<void(std::size_t i, UnitResult&& result)> finished;
    std::function<void(std::size_t i, const std::string& error)> failed;
    // Where units[i] marks its plugin calls (a unit may seat plugins beside process bots).
    std::function<PluginCallState&(std::size_t i)> calls;
};

// The bytes of requests a lane lets wait in its processes' buffers, not yet taken by a pipe.
inline constexpr std::size_t kMaxUnsentBytes = std::size_t{256} << 10;

// The tables a lane starts with and the waits that let in more (above). 64 to 512 tables gave a
// fast C bot its best speed on a Zen 4 guest, and 64 only half of it on a Xeon guest whose
// cross-core wake-ups cost more, where 256 came close to 2048 (docs/benchmarks.md); the C bot
// answers 256 in well under a millisecond.
inline constexpr std::size_t kFirstTables = 256;
inline constexpr std::chrono::microseconds kSlowWait{1000};
inline constexpr int kSlowWaitsToGrow = 3;
inline constexpr std::chrono::milliseconds kVerySlowWait{20};
// Ten times kVerySlowWait: a fast Python bot's first answer, its instances for 256 tables made
// in it, took 2 to 3 ms (the SDK's rule and call bots, Intel Xeon guest) and may take tens on a
// loaded machine; a slow bot's takes its batch or its model's reply.
inline constexpr std::chrono::milliseconds kVerySlowFirstWait{200};

// The tables a lane lets in flight: `first` (at least 1), growing to `most` by the waits above.
class TableAllowance {
  public:
    TableAllowance(std::size_t first, std::size_t most);
    std::size_t tables() const { return tables_; }
    // A wait for answers while every table allowed was in flight and waited; `first`: no answer
    // had come before it. Returns the tables it lets in besides.
    std::size_t waited(std::chrono::steady_clock::duration wait, bool first);

  private:
    std::size_t tables_;
    std::size_t most_;
    int slow_waits_ = 0;  // in a row
};

// The tables a lane starts with: kFirstTables; with an SPRT, two units' matches (at most
// kFirstTables), so that a fast bot, which keeps them, has few units in flight past the one
// where a lopsided test decides, while a slow bot's waits let in every table at once.
std::size_t first_lane_tables(bool sprt, std::int64_t matches_per_unit);

// The most units of a run's first wave, each next one doubling up to `tables`. Without an
// SPRT: `tables`. With one: two units a thread (a lopsided match often decides within its
// first units), or, when the units are played in `lanes` (they seat a bot that posts), enough
// to give every lane its share of `tables` in matches (`matches_per_unit` a unit), so that a
// slow bot has them all in flight from the first wave; at most `tables`. The waves' sizes
// change no figure: the SPRT decides on the unbroken run of units from unit 0.
std::size_t first_wave_units(bool sprt, std::size_t threads, std::size_t tables, int lanes,
                             std::int64_t matches_per_unit);

// Plays `units` on the calling thread through lane `lane` (0 <= lane < lane_count()), pumping
// before it starts or resumes a unit while more than `max_unsent` bytes wait unwritten. At
// most `max_in_flight` units are in play at once, and they start no more tables (cash matches;
// a sit-and-go unit is one) once the allowance is in flight (first `first_tables`, growing to
// `max_tables` as above), except one for a unit that has none.
void play_lane(const Tournament& tournament, int lane, std::span<const std::int64_t> units,
               std::size_t max_in_flight, std::size_t max_tables, const LaneHooks& hooks,
               std::size_t max_unsent = kMaxUnsentBytes, std::size_t first_tables = kFirstTables);

}  // namespace pokerarena::sim::detail
