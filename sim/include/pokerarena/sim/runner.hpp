// The parallel runner: plays a tournament's work units on every core under oneTBB and turns
// their results into a report.
//
// Units are played in waves of `tables` units; each unit owns its tables and bot instances
// (play_unit), and results are aggregated in unit order (aggregate), so the figures of the
// report never depend on the thread count, the wave size or the order units finished in.
// Units that seat a process bot are played in lanes, one per process of the bot with the
// fewest (whatever `threads` is), each a thread that keeps its share of `tables` tables in
// flight: the matches of those units, which are tables of their own (config.match_deals).
//
// Guarantees
// - Same tournament, same figures: with 1 thread or 32, 1 table or 4096 in flight, in one
//   go, interrupted and resumed, or as shards aggregated together. Only run.threads,
//   run.tables, run.started, timing, decision_ns and mean_decision_us vary.
// - Memory is flat: the runner keeps one UnitResult per finished unit (a few hundred bytes)
//   and nothing per hand.
// - Stop: when *stop becomes 1 or more (a signal handler may set it), units not yet started
//   are skipped, units in flight finish, and the report comes back with complete = false; its
//   units are a resumable state (RunOptions::resume). When it reaches 2 and `abandon` is set,
//   the units in flight are given up: within a progress interval `abandon` is called, on the
//   calling thread, with the report of every unit finished so far (the same resumable state)
//   and, if a unit has failed meanwhile, UnitFailure's text ("unit 5 failed: ..."; else empty).
//   It is meant to write that report and end the process; if it returns, the run goes on as
//   after a first stop.
// - SPRT (config.sprt set): as units finish (and after each wave) the unbroken run of
//   finished units from unit 0 is walked in unit order, and the run stops at the first unit
//   after which the test has decided: no more units start, and later units are dropped even
//   if they were played, so the deciding unit does not depend on threads or tables either.
//   The first wave is small (lane.hpp, first_wave_units) unless a lane's tables need more.
// - Checkpoint: the partial report (every unit finished so far, including those of the wave
//   in play) is written atomically (write_report) when checkpoint_interval_seconds have passed
//   since the last write, checked after every wave and every progress interval during one, and
//   when the run ends (done, stopped, SPRT decided or failed) unless checkpoint_at_end is false:
//   the file then holds the returned report; checkpoint_written is called on the calling thread
//   after each write. A checkpoint
//   written during a wave holds the units that had finished by
//   then, so it depends on timing; the last one never does. A checkpoint that cannot be
//   written is logged as a warning and tried again at the next interval; the run goes on.
//   It is also written when the run starts, before any unit is played (run, configuration, bot
//   identities and the resumed units), so a file to resume from exists from the first unit on.
// - Journal (RunOptions::journal, with a checkpoint; journal.hpp): every unit is appended to
//   journal_path(checkpoint) as it finishes, so a crash or a kill -9 loses only the units in
//   play; it is flushed to the disk (fdatasync) at each checkpoint and at most a second after
//   the last flush otherwise, checked where checkpoints are. One that cannot be created or
//   written (a link planted there, a full disk) is a warning, once, and stops; the run goes on.
//   When the run ends it is removed once the checkpoint at the end is written (checkpoint_at_end);
//   otherwise it is left to the caller, who removes it (remove_journal()) once its own report is
//   written.
// - Stalls: a call into a plugin (decide, on_event, ...) that has not returned after
//   stall_warning_seconds is reported once through `stall`, on the calling thread, within a
//   progress interval of that time, naming the unit, the plugin, the call, the hand and the
//   seat. The run keeps waiting: a thread in a plugin cannot be stopped safely, so only a
//   second stop request (abandon) gets past a call that never returns.
// - Whatever `progress`, `stall`, `checkpoint_written` or `abandon` throws ends the run once the
// units in flight have finished
//   (none is started after it), and is then rethrown.
// - Rejected with RunError, before anything is played: threads or tables below 1, a shard
//   outside 1..N or of an SPRT tournament (check_shard), a resume report written by another
//   pokerarena version (the message names both), a resume report whose configuration differs from
//   this tournament's (the message names the first differing field) or whose shard differs, and
//   units in the resume report that are not in the schedule. write_report's ReportError propagates.
// - A unit that throws stops the run as a stop does (units not started are skipped, units in
//   flight finish and are kept), then UnitFailure is thrown: it names the failing unit (the
//   lowest when several fail) and carries the report of every finished unit, complete = false,
//   a resumable state like a stopped run's; the checkpoint, if any, holds the same report.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "pokerarena/sim/shard.hpp"
#include "pokerarena/sim/tournament.hpp"
#include "report.pb.h"

namespace pokerarena::sim {

// A unit failed; report() holds every unit finished before the run stopped.
class UnitFailure : public std::runtime_error {
  public:
    UnitFailure(const std::string& what, std::int64_t unit, Report report);
    std::int64_t unit() const { return unit_; }
    const Report& report() const { return *report_; }

  private:
    std::int64_t unit_;
    std::shared_ptr<const Report> report_;  // shared: copying an exception must not throw
};

// What the progress callback sees; counts cover this run's share of the schedule (a shard's
// units), resumed units included.
struct RunProgress {
    std::int64_t units_done = 0;
    std::int64_t units_total = 0;
    std::int64_t hands_done = 0;
    double elapsed_seconds = 0;   // since run_tournament started
    double hands_per_second = 0;  // hands played by this run (not resumed ones) per second
    double eta_seconds = -1;      // -1 until a unit of this run has finished
    // The bot ahead so far, -1: none. Sit-and-go (leader_by_roi): the best ROI, the report's
    // order; otherwise the most net chips per hand. Exact after each wave; during one, the
    // counts read may be of different units.
    int leader = -1;
    bool leader_by_roi = false;
    double leader_mbb_per_hand = 0;
    double leader_roi_percent = 0;
};

// A plugin call that has not returned for a long time (see Stalls above).
struct Stall {
    std::int64_t unit = 0;
    std::string bot;     // the plugin's specification, escaped (printable)
    std::string call;    // "decide", "on_event", ... (plugin_call_name)
    int hand = -1;       // the unit's table's hand, -1: the call concerns no hand
    int seat = -1;       // -1: no seat
    double seconds = 0;  // how long the call has been seen in progress
};

struct RunOptions {
    int threads = 0;  // 0: every core
    // Units per wave, and tables in flight over the lanes (see above).
    int tables = 2048;
    Shard shard;
    std::filesystem::path checkpoint;  // empty: none
    // Also write it when the run ends (false when the caller writes its own report there).
    bool checkpoint_at_end = true;
    // Least time between two checkpoints while the run goes on (0: after every wave and every
    // progress interval).
    double checkpoint_interval_seconds = 30;
    bool journal = true;  // with a checkpoint: keep the journal of finished units beside it
    std::function<void()> checkpoint_written;
    const Report* resume = nullptr;  // a previous report or checkpoint of this tournament
    // Stop requests so far (see Stop above): 1 finishes the units in flight, 2 abandons them.
    std::atomic<int>* stop = nullptr;
    std::function<void(const Report&, const std::string& failure)> abandon;
    // Called from the calling thread (never from a unit): after every wave, and during a wave
    // every progress_interval_seconds.
    std::function<void(const RunProgress&)> progress;
    double progress_interval_seconds = 0.5;
    // A plugin call in progress for this long is reported through `stall` (see Stalls above).
    double stall_warning_seconds = 60;
    std::function<void(const Stall&)> stall;
};

// Throws RunError when `tournament` cannot be run as `shard`: K outside 1..N, or a shard of
// an SPRT tournament (the test walks the units from unit 0, which only one run holds).
void check_shard(const Tournament& tournament, const Shard& shard);

// Checks that `resume` can continue `tournament`'s run of `shard`; throws RunError naming both
// versions when another pokerarena version wrote it, or the first differing field otherwise,
// and PluginMismatch (plugin_identity.hpp) when a plugin library is not the one recorded.
// Returns check_resumed_plugins()'s warnings (plugins the report could not be checked for).
// check_resumable_schedule() makes every check but the plugins' (the version, the
// configuration, the shard, the units), so it needs no bot: `run --resume` calls it on the
// tournament made with BotLoading::Skip, before any bot is loaded or started.
void check_resumable_schedule(const Tournament& tournament, const Report& resume,
                              const Shard& shard);
std::vector<std::string> check_resumable(const Tournament& tournament, const Report& resume,
                                         const Shard& shard);

// Plays the tournament (or its shard, minus the resumed units) and returns the report with
// run and timing filled in.
Report run_tournament(const Tournament& tournament, const RunOptions& options);

}  // namespace pokerarena::sim
