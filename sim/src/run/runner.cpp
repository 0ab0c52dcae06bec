#include "pokerarena/sim/runner.hpp"

#include <google/protobuf/util/message_differencer.h>
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <ctime>
#include <exception>
#include <filesystem>
#include <mutex>
#include <optional>
#include <span>
#include <thread>

#include "formats/format.hpp"
#include "lane.hpp"
#include "play/work_unit.hpp"
#include "pokerarena/bots/plugin_call.hpp"
#include "pokerarena/sim/aggregate.hpp"
#include "pokerarena/sim/journal.hpp"
#include "pokerarena/sim/plugin_identity.hpp"
#include "pokerarena/sim/report_io.hpp"

namespace pokerarena::sim {

namespace detail {

Task<UnitResult> start_unit(const Tournament& tournament, std::int64_t unit, UnitContext& context) {
    if (unit < 0 || unit >= static_cast<std::int64_t>(tournament.units.size()))
        throw std::out_of_range("play_unit: unit " + std::to_string(unit) +
                                " is outside the schedule of " +
                                std::to_string(tournament.units.size()) + " units");
    const WorkUnit work = tournament.units[static_cast<std::size_t>(unit)];
    return formats::format_of(tournament.config.format()).play(tournament, work, context);
}

}  // namespace detail

UnitResult play_unit(const Tournament& tournament, std::int64_t unit) {
    // No lane: every decision is waited for in the call, so the task never suspends.
    detail::UnitContext context;
    detail::Task<UnitResult> task = detail::start_unit(tournament, unit, context);
    task.start();
    if (!task.done())
        throw std::logic_error("unit " + std::to_string(unit) +
                               " waited for a posted decision outside a lane");
    return task.take();
}

namespace {

using Clock = std::chrono::steady_clock;

// Least time between two flushes of the journal to the disk, checkpoints aside (sync_journal()).
constexpr double kJournalSyncSeconds = 1;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string utc_now_iso8601() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

std::int64_t peak_rss_bytes() {
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    return static_cast<std::int64_t>(usage.ru_maxrss) * 1024;  // Linux reports kilobytes
}

bool in_shard(std::int64_t unit, const Shard& shard) {
    return unit % shard.count == shard.index - 1;
}

// Per-bot running totals for the progress line. Units add to them from any thread (one atomic
// add per bot per unit, noise next to a unit's thousand hands); only the coordinating thread
// reads them.
struct LiveTotals {
    explicit LiveTotals(const TournamentConfig& config)
        : net_chips(static_cast<std::size_t>(config.bots_size())),
          hands(net_chips.size()),
          prize_micros(net_chips.size()),
          tournaments(net_chips.size()),
          prize(formats::format_of(config.format()).freezeout() ? prize_by_place(config)
                                                                : std::vector<double>{}) {}
    std::vector<std::atomic<std::int64_t>> net_chips;
    std::vector<std::atomic<std::int64_t>> hands;
    // Sit-and-go, where chips won say nothing of the prizes: each bot's prizes in millionths of
    // a buy-in, and its tournaments (plays).
    std::vector<std::atomic<std::int64_t>> prize_micros;
    std::vector<std::atomic<std::int64_t>> tournaments;
    const std::vector<double> prize;         // by place; empty unless sit-and-go
    std::atomic<std::int64_t> run_units{0};  // finished by this run
    std::atomic<std::int64_t> run_hands{0};

    void add(const UnitResult& unit, bool this_run) {
        for (const BotUnit& bot : unit.bots()) {
            const auto b = static_cast<std::size_t>(bot.bot());
            if (b >= hands.size()) continue;  // aggregate() rejects such a unit with its reason
            net_chips[b].fetch_add(bot.net_chips(), std::memory_order_relaxed);
            hands[b].fetch_add(bot.hands(), std::memory_order_relaxed);
        }
        // places: for each play, every bot's place in config order (tournament.hpp).
        for (int i = 0; !prize.empty() && i < unit.places_size(); ++i) {
            const auto b = static_cast<std::size_t>(i) % prize.size();
            const int place = unit.places(i);
            if (place < 1 || place > static_cast<int>(prize.size())) continue;  // as above
            prize_micros[b].fetch_add(
                std::llround(prize[static_cast<std::size_t>(place - 1)] * 1e6),
                std::memory_order_relaxed);
            tournaments[b].fetch_add(1, std::memory_order_relaxed);
        }
        if (this_run) {
            run_units.fetch_add(1, std::memory_order_relaxed);
            run_hands.fetch_add(unit.hands(), std::memory_order_relaxed);
        }
    }
};

}  // namespace

UnitFailure::UnitFailure(const std::string& what, std::int64_t unit, Report report)
    : std::runtime_error(what),
      unit_(unit),
      report_(std::make_shared<const Report>(std::move(report))) {}

void check_shard(const Tournament& tournament, const Shard& shard) {
    if (shard.count < 1 || shard.index < 1 || shard.index > shard.count)
        throw RunError("shard: " + shard_text(shard) + "; expected K/N with 1 <= K <= N");
    // The SPRT decides on the unbroken run of units from unit 0; a shard other than 1/N never
    // holds unit 0, so its test would never stop, and no shard sees the others' units.
    if (tournament.config.has_sprt() && shard.count > 1)
        throw RunError("--shard " + shard_text(shard) +
                       " with --sprt: the sequential test needs every unit from unit 0 in one "
                       "run; run the SPRT without --shard");
}

void check_resumable_schedule(const Tournament& tournament, const Report& resume,
                              const Shard& shard) {
    if (resume.config().deal_scheme() != kDealScheme)
        throw RunError("--resume: " + older_deal_scheme(resume));
    // Another version may play a unit differently (an engine or bot fix moves the figures), so
    // its units and this version's would make a report of no one run.
    if (resume.run().version() != POKERARENA_VERSION)
        throw RunError("--resume: the report was written by pokerarena " +
                       (resume.run().version().empty() ? std::string("(no version)")
                                                       : resume.run().version()) +
                       " but this is pokerarena " POKERARENA_VERSION
                       "; resume it with the version that started it, or start the run again");
    // Byte for byte: any difference, even one no figure depends on, means the resumed units
    // were played under other rules than the ones this run would apply.
    if (resume.config().SerializeAsString() != tournament.config.SerializeAsString()) {
        std::string differences;
        google::protobuf::util::MessageDifferencer differencer;
        differencer.ReportDifferencesToString(&differences);
        differencer.Compare(resume.config(), tournament.config);
        const std::string first = differences.substr(0, differences.find('\n'));
        throw RunError("--resume: the report's configuration differs from this run's (" +
                       (first.empty() ? std::string("serialized differently") : first) +
                       "; report -> this run); resume with the same configuration, or give only "
                       "--resume FILE to use the report's");
    }
    const std::string expected_shard = shard.count == 1 ? "" : shard_text(shard);
    if (resume.run().shard() != expected_shard) {
        const auto share = [](const std::string& text) {
            return text.empty() ? std::string("the whole schedule") : "shard " + text;
        };
        throw RunError("--resume: the report is of " + share(resume.run().shard()) +
                       " but this run is of " + share(expected_shard));
    }
    const auto units = static_cast<std::int64_t>(tournament.units.size());
    std::vector<char> seen(static_cast<std::size_t>(units), 0);
    for (const UnitResult& unit : resume.units()) {
        if (unit.unit() < 0 || unit.unit() >= units || !in_shard(unit.unit(), shard))
            throw RunError("--resume: the report holds unit " + std::to_string(unit.unit()) +
                           ", which is not in this run's schedule of " + std::to_string(units) +
                           " units" +
                           (shard.count > 1 ? " (shard " + shard_text(shard) + ")" : ""));
        if (seen[static_cast<std::size_t>(unit.unit())]++ != 0)
            throw RunError("--resume: the report holds unit " + std::to_string(unit.unit()) +
                           " twice; it was not written by pokerarena");
    }
}

std::vector<std::string> check_resumable(const Tournament& tournament, const Report& resume,
                                         const Shard& shard) {
    check_resumable_schedule(tournament, resume, shard);
    // Here, so that no caller of run_tournament can resume with another plugin library.
    return check_resumed_plugins(tournament, resume);
}

namespace {

// One call of run_tournament, cut into its steps: the constructor checks the options, takes the
// resumed units and picks the units to play; play() plays them wave by wave (play_wave, with
// the coordinating thread's duties in coordinate() while a wave is in play, then keep_wave)
// until they are done, a stop or a failure comes or the SPRT decides; finish() makes the report.
class TournamentRun {
  public:
    TournamentRun(const Tournament& tournament, const RunOptions& options);
    Report play();

  private:
    // A plugin call of the wave and when the coordinating thread first saw it.
    struct Watch {
        PluginCallInfo call;
        Clock::time_point since;
        bool warned = false;
    };

    void take_resumed_units();
    void choose_units_to_play();
    std::int64_t matches_per_unit() const;
    bool sprt_decided();
    void sprt_walk();
    int stop_requests() const;
    bool stop_requested() const { return stop_requests() >= 1; }
    RunProgress progress() const;
    Report make_report(std::vector<UnitResult> units) const;
    bool write_checkpoint(const Report& report);
    void start_checkpoint_and_journal();
    void sync_journal(bool now);
    void play_wave(tbb::task_arena& arena, std::size_t first, std::size_t wave_size);
    // A stop request, a failed coordinator or a decided SPRT: no unit starts.
    bool stopped_but_for_failures() const;
    bool keep_starting() const;
    // keep_starting() for `unit` (on the pool or in a lane): with an SPRT, a failure still lets the
    // units before the failed one start, as they would have on one thread, where the test may
    // decide before reaching it.
    bool keep_starting(std::int64_t unit);
    // Whether the SPRT has decided without the first unit that failed.
    bool failed_after_decision();
    void unit_finished(std::size_t i, UnitResult&& result);
    void play_units(std::size_t first, std::span<const std::size_t> items);
    void play_lane_units(std::size_t first, int lane, const std::vector<std::size_t>& items);
    void coordinate(std::size_t first, std::size_t wave_size);
    void watch_stalls(std::size_t first, std::size_t wave_size);
    void keep_wave(std::size_t first, std::size_t wave_size);
    bool played(std::size_t i);
    std::vector<UnitResult> units_so_far();
    void record_failure(std::int64_t unit, std::string text);
    std::string failure_so_far();
    void remove_uncounted_hand_histories(const Report& report) const;
    Report finish();

    const Tournament& tournament_;
    const RunOptions& options_;
    const Clock::time_point start_;
    const std::string started_;
    int threads_ = 1;
    // Lanes for the units that seat process bots: one per process of the bot with the fewest.
    int lanes_ = 0;
    std::int64_t num_units_ = 0;
    LiveTotals totals_;
    // Every finished unit (resumed ones first), and where each unit's result is in it (-1:
    // not finished): a few bytes per unit, nothing per hand.
    std::vector<UnitResult> finished_;
    std::vector<std::int64_t> position_;
    std::int64_t resumed_units_ = 0;
    std::int64_t resumed_hands_ = 0;
    std::vector<std::int64_t> to_play_;
    std::int64_t units_in_share_ = 0;
    // The SPRT walks the unbroken run of finished units from unit 0, so where it stops depends
    // only on the results, never on which wave or thread finished a unit.
    std::optional<SprtMonitor> sprt_;
    std::int64_t sprt_next_ = 0;
    // The test walks on as units finish, on their threads, one at a time; once it has decided,
    // the wave in play starts no more units (they would count for nothing).
    std::mutex sprt_mutex_;
    std::atomic<bool> sprt_stop_{false};
    std::size_t wave_first_ = 0;  // the wave in play: to_play_[wave_first_ + i]
    Clock::time_point last_checkpoint_;
    // Every unit as it finishes (journal.hpp); null without a checkpoint or a journal.
    std::unique_ptr<JournalWriter> journal_;
    Clock::time_point last_journal_sync_;
    bool journal_warned_ = false;

    std::vector<UnitResult> wave_results_;
    // Where each unit of the wave marks its plugin calls (PluginCallScope), and what the
    // coordinating thread last saw there: a call seen unchanged for stall_warning_seconds is
    // reported once. Built-in bots never mark anything; a unit costs two stores here.
    std::unique_ptr<PluginCallState[]> wave_calls_;
    std::vector<Watch> wave_watch_;
    // Set by the unit's thread once wave_results_[i] is final (release), so that the
    // coordinating thread can take the units finished so far in the middle of a wave (acquire).
    std::vector<char> wave_played_;
    bool abandoned_ = false;
    // A failing unit stops the run like a stop request: units not started are skipped, units in
    // flight finish and are kept, so no finished unit is lost and the report can be resumed.
    // When several fail, the lowest unit is named, so the message does not depend on threads.
    std::atomic<bool> failed_{false};
    std::mutex failure_mutex_;
    std::int64_t failed_unit_ = -1;
    std::string failure_text_;
    // Whatever the coordinating thread's callbacks throw while a wave is in play waits for the
    // wave to end: its task uses this run until then.
    std::exception_ptr coordinator_error_;
    std::atomic<bool> coordinator_failed_{false};
};

TournamentRun::TournamentRun(const Tournament& tournament, const RunOptions& options)
    : tournament_(tournament),
      options_(options),
      start_(Clock::now()),
      started_(utc_now_iso8601()),
      totals_(tournament.config) {
    if (options.threads < 0)
        throw RunError("threads: " + std::to_string(options.threads) + "; expected 1 or more");
    if (options.tables < 1)
        throw RunError("tables: " + std::to_string(options.tables) + "; expected 1 or more");
    check_shard(tournament, options.shard);
    threads_ =
        options.threads > 0 ? options.threads : std::max(1, tbb::info::default_concurrency());
    num_units_ = static_cast<std::int64_t>(tournament.units.size());
    position_.assign(static_cast<std::size_t>(num_units_), -1);
    take_resumed_units();
    choose_units_to_play();
    if (tournament.config.has_sprt()) sprt_.emplace(tournament);
    // Before any unit writes a hand: the folder must be this run's.
    detail::claim_hand_history_folder(tournament.config);
    last_checkpoint_ = start_;
}

void TournamentRun::take_resumed_units() {
    if (options_.resume == nullptr) return;
    // Its warnings were the caller's to show, from its own call before the run.
    check_resumable(tournament_, *options_.resume, options_.shard);
    for (const UnitResult& unit : options_.resume->units()) {
        position_[static_cast<std::size_t>(unit.unit())] =
            static_cast<std::int64_t>(finished_.size());
        finished_.push_back(unit);
        totals_.add(unit, false);
        resumed_hands_ += unit.hands();
    }
    resumed_units_ = static_cast<std::int64_t>(finished_.size());
}

void TournamentRun::choose_units_to_play() {
    for (std::int64_t u = 0; u < num_units_; ++u) {
        if (!in_shard(u, options_.shard)) continue;
        ++units_in_share_;
        if (position_[static_cast<std::size_t>(u)] < 0) to_play_.push_back(u);
    }
}

std::int64_t TournamentRun::matches_per_unit() const {
    const TournamentConfig& config = tournament_.config;
    return config.match_deals() > 0
               ? (config.deals_per_unit() + config.match_deals() - 1) / config.match_deals()
               : 1;
}

bool TournamentRun::sprt_decided() {
    if (!sprt_) return false;
    const std::lock_guard lock(sprt_mutex_);
    sprt_walk();
    return sprt_->decided();
}

// Under sprt_mutex_: the test takes the unbroken run of finished units from sprt_next_ on, the
// wave's among them (to_play_ is in unit order). Where it stops does not depend on when it
// looks: the same units from unit 0, in order.
void TournamentRun::sprt_walk() {
    const auto wave =
        std::span<const std::int64_t>(to_play_).subspan(wave_first_, wave_played_.size());
    while (!sprt_->decided() && sprt_next_ < num_units_) {
        const std::int64_t position = position_[static_cast<std::size_t>(sprt_next_)];
        if (position >= 0) {
            sprt_->add(finished_[static_cast<std::size_t>(position)]);
        } else {
            const auto it = std::lower_bound(wave.begin(), wave.end(), sprt_next_);
            if (it == wave.end() || *it != sprt_next_) break;
            const auto i = static_cast<std::size_t>(it - wave.begin());
            if (!played(i)) break;
            sprt_->add(wave_results_[i]);
        }
        ++sprt_next_;
    }
    if (sprt_->decided()) sprt_stop_.store(true, std::memory_order_relaxed);
}

int TournamentRun::stop_requests() const {
    return options_.stop != nullptr ? options_.stop->load(std::memory_order_relaxed) : 0;
}

RunProgress TournamentRun::progress() const {
    RunProgress p;
    const std::int64_t run_units = totals_.run_units.load(std::memory_order_relaxed);
    const std::int64_t run_hands = totals_.run_hands.load(std::memory_order_relaxed);
    p.units_total = units_in_share_;
    p.units_done = resumed_units_ + run_units;
    p.hands_done = resumed_hands_ + run_hands;
    p.elapsed_seconds = seconds_since(start_);
    if (p.elapsed_seconds > 0)
        p.hands_per_second = static_cast<double>(run_hands) / p.elapsed_seconds;
    if (run_units > 0)
        p.eta_seconds = p.elapsed_seconds * static_cast<double>(p.units_total - p.units_done) /
                        static_cast<double>(run_units);
    if (!totals_.prize.empty()) {
        // Ranked as the report ranks a sit-and-go: by prize won per tournament (ROI).
        p.leader_by_roi = true;
        for (std::size_t b = 0; b < totals_.tournaments.size(); ++b) {
            const std::int64_t played = totals_.tournaments[b].load(std::memory_order_relaxed);
            if (played == 0) continue;
            const double roi =
                100.0 *
                (static_cast<double>(totals_.prize_micros[b].load(std::memory_order_relaxed)) /
                     (1e6 * static_cast<double>(played)) -
                 1.0);
            if (p.leader < 0 || roi > p.leader_roi_percent) {
                p.leader = static_cast<int>(b);
                p.leader_roi_percent = roi;
            }
        }
        return p;
    }
    const double big_blind = static_cast<double>(tournament_.game.big_blind);
    for (std::size_t b = 0; b < totals_.hands.size(); ++b) {
        const std::int64_t hands = totals_.hands[b].load(std::memory_order_relaxed);
        if (hands == 0) continue;
        const double mbb =
            1000.0 * static_cast<double>(totals_.net_chips[b].load(std::memory_order_relaxed)) /
            (big_blind * static_cast<double>(hands));
        if (p.leader < 0 || mbb > p.leader_mbb_per_hand) {
            p.leader = static_cast<int>(b);
            p.leader_mbb_per_hand = mbb;
        }
    }
    return p;
}

// aggregate() takes the units by value: a checkpoint copies them, the final report moves them.
Report TournamentRun::make_report(std::vector<UnitResult> units) const {
    Report report = aggregate(tournament_, std::move(units));
    RunInfo& run = *report.mutable_run();
    run.set_version(POKERARENA_VERSION);
    run.set_threads(threads_);
    run.set_tables(options_.tables);
    if (options_.shard.count > 1) run.set_shard(shard_text(options_.shard));
    run.set_started(started_);
    Timing& timing = *report.mutable_timing();
    timing.set_wall_seconds(seconds_since(start_));
    if (timing.wall_seconds() > 0)
        timing.set_hands_per_second(
            static_cast<double>(totals_.run_hands.load(std::memory_order_relaxed)) /
            timing.wall_seconds());
    timing.set_peak_rss_bytes(peak_rss_bytes());
    return report;
}

// A checkpoint that cannot be written (a full disk, a folder removed) is a warning, tried again
// at the next interval: the run and the report it returns are worth more than the copy, and the
// command checked the path before the run.
bool TournamentRun::write_checkpoint(const Report& report) {
    bool written = false;
    // The journal first: on the disk it then holds at least what the checkpoint does.
    sync_journal(true);
    try {
        write_report(report, options_.checkpoint);
        spdlog::debug("checkpoint written to {}", options_.checkpoint.string());
        written = true;
    } catch (const std::exception& error) {
        spdlog::warn("checkpoint not written ({}); the run goes on", error.what());
    }
    last_checkpoint_ = Clock::now();
    if (written && options_.checkpoint_written) options_.checkpoint_written();
    return written;
}

// Before the first unit: a report to resume from (with the bots' identities, so that a resume
// can check the programs before it runs any) and the journal that will hold every unit. Either
// failing is a warning like a checkpoint's: the caller checked both paths before the run, and
// the run is worth more than the copy. Both come before any unit is played, although writing
// the report while the first wave plays would hide its flushes to the disk (a few
// milliseconds): a plugin that crashes at its first decisions must still leave a report to
// resume. The report comes first, and without it no journal: a resumed run's units taken from
// the old journal must be in the report before the new journal empties that file, and a
// journal is of no use without its report.
void TournamentRun::start_checkpoint_and_journal() {
    if (options_.checkpoint.empty()) return;
    const Report report = make_report(finished_);
    if (!write_checkpoint(report) || !options_.journal) return;
    try {
        journal_ = std::make_unique<JournalWriter>(journal_path(options_.checkpoint), report);
        last_journal_sync_ = Clock::now();
    } catch (const std::exception& error) {
        spdlog::warn(
            "{}; the run goes on without it (a crash would lose what finished since "
            "the last checkpoint)",
            error.what());
    }
}

// A second bounds what a crash of the machine loses at a cost that does not grow with the
// number of units: one fdatasync per unit would cost more than a tiny unit does.
void TournamentRun::sync_journal(bool now) {
    if (!journal_) return;
    if (now || seconds_since(last_journal_sync_) >= kJournalSyncSeconds) {
        journal_->sync();
        last_journal_sync_ = Clock::now();
    }
    if (journal_warned_) return;
    if (const std::string problem = journal_->problem(); !problem.empty()) {
        journal_warned_ = true;
        spdlog::warn(
            "journal {}: {}; units finishing from now on are kept in memory and in checkpoints "
            "only (a crash would lose what finished since the last checkpoint); the run goes on",
            journal_->path().string(), problem);
    }
}

Report TournamentRun::play() {
    // The coordinating thread (this one) does not play: it waits on the wave with a timeout
    // so it can report progress and notice a stop while long units run. So the arena gets
    // every slot (none reserved for this thread), and the scheduler must be allowed that many
    // workers beside it.
    tbb::global_control allow_workers(tbb::global_control::max_allowed_parallelism,
                                      static_cast<std::size_t>(threads_) + 1);
    tbb::task_arena arena(threads_, 0);
    // One lane per process of the bot with the fewest, whatever the threads: a lane is a thread
    // of its own that mostly waits in poll(), and procs=K is a promise of K processes at work.
    lanes_ = detail::lane_count(tournament_);
    // With an SPRT, waves start small and double up to `tables`: a lopsided match often
    // decides within its first units, and a full first wave would play thousands of units
    // only for aggregate() to drop them; but units in lanes fill their tables from the first
    // wave (first_wave_units). The waves' sizes change nothing else.
    const auto tables = static_cast<std::size_t>(options_.tables);
    auto wave_limit = detail::first_wave_units(
        sprt_.has_value(), static_cast<std::size_t>(threads_), tables, lanes_, matches_per_unit());
    start_checkpoint_and_journal();
    for (std::size_t first = 0, wave_size = 0;
         first < to_play_.size() && !stop_requested() && !failed_.load() && !sprt_decided();
         first += wave_size, wave_limit = std::min(2 * wave_limit, tables)) {
        wave_size = std::min(to_play_.size() - first, wave_limit);
        play_wave(arena, first, wave_size);
        keep_wave(first, wave_size);
    }
    return finish();
}

// Plays to_play_[first, first + wave_size) while this thread coordinates. The units that seat
// a process bot wait for its answers in lanes, each keeping its share of the wave in flight on
// a thread of its own; the others are played one at a time in the arena. Lanes are not arena
// tasks: an arena keeps its idle workers spinning while any of its tasks runs, and a spinning
// worker takes the core the bot processes need (heads-up against one process, 2 threads
// played 2.8 times slower that way).
void TournamentRun::play_wave(tbb::task_arena& arena, std::size_t first, std::size_t wave_size) {
    wave_first_ = first;
    wave_results_.assign(wave_size, UnitResult());
    wave_played_.assign(wave_size, 0);
    wave_calls_ = std::make_unique<PluginCallState[]>(wave_size);
    wave_watch_.assign(wave_size, Watch{});

    const detail::WaveSplit split =
        detail::split_wave(tournament_, to_play_, first, wave_size, lanes_);
    std::mutex mutex;
    std::condition_variable wave_over;
    int parts_left = split.local.empty() ? 0 : 1;
    for (const std::vector<std::size_t>& items : split.lanes)
        parts_left += items.empty() ? 0 : 1;
    // Notified under the lock: the waiting thread may leave, and this frame end, as soon as it
    // sees the last part done.
    const auto part_done = [&] {
        const std::lock_guard lock(mutex);
        --parts_left;
        wave_over.notify_one();
    };
    std::vector<std::jthread> lanes;
    for (int lane = 0; lane < lanes_; ++lane) {
        const std::vector<std::size_t>& items = split.lanes[static_cast<std::size_t>(lane)];
        if (items.empty()) continue;
        lanes.emplace_back([&, lane] {
            play_lane_units(first, lane, items);
            part_done();
        });
    }
    if (!split.local.empty()) {
        arena.enqueue([&] {
            try {
                tbb::parallel_for(tbb::blocked_range<std::size_t>(0, split.local.size(), 1),
                                  [&](const tbb::blocked_range<std::size_t>& range) {
                                      play_units(first, std::span<const std::size_t>(split.local)
                                                            .subspan(range.begin(), range.size()));
                                  });
            } catch (const std::exception& error) {
                // The scheduler itself failed (e.g. out of memory): blame the wave's first unit.
                record_failure(to_play_[first], error.what());
            }
            part_done();
        });
    }
    const auto interval =
        std::chrono::duration<double>(std::max(0.01, options_.progress_interval_seconds));
    std::unique_lock lock(mutex);
    while (!wave_over.wait_for(lock, interval, [&] { return parts_left == 0; })) {
        lock.unlock();
        coordinate(first, wave_size);
        lock.lock();
    }
    lock.unlock();
    if (coordinator_error_) std::rethrow_exception(coordinator_error_);
}

// Units not started when a stop or a failure comes are left for the resume.
bool TournamentRun::stopped_but_for_failures() const {
    return stop_requested() || coordinator_failed_.load(std::memory_order_relaxed) ||
           sprt_stop_.load(std::memory_order_relaxed);
}

bool TournamentRun::keep_starting() const {
    return !stopped_but_for_failures() && !failed_.load(std::memory_order_relaxed);
}

bool TournamentRun::keep_starting(std::int64_t unit) {
    if (stopped_but_for_failures()) return false;
    if (!failed_.load(std::memory_order_relaxed)) return true;
    if (!sprt_) return false;
    const std::lock_guard lock(failure_mutex_);
    return unit < failed_unit_;
}

bool TournamentRun::failed_after_decision() {
    if (!sprt_) return false;
    const std::lock_guard sprt_lock(sprt_mutex_);
    sprt_walk();
    if (!sprt_->decided()) return false;
    const std::lock_guard failure_lock(failure_mutex_);
    return failed_unit_ >= sprt_next_;  // sprt_next_: the first unit the test did not take
}

void TournamentRun::unit_finished(std::size_t i, UnitResult&& result) {
    wave_results_[i] = std::move(result);
    if (journal_) journal_->append(wave_results_[i]);
    std::atomic_ref<char>(wave_played_[i]).store(1, std::memory_order_release);
    totals_.add(wave_results_[i], true);
    if (sprt_ && !sprt_stop_.load(std::memory_order_relaxed)) {
        const std::lock_guard lock(sprt_mutex_);
        sprt_walk();
    }
}

// On the arena's threads: each unit of `items` (indices in the wave), unless a stop or a
// failure came first.
void TournamentRun::play_units(std::size_t first, std::span<const std::size_t> items) {
    for (const std::size_t i : items) {
        const std::int64_t unit = to_play_[first + i];
        if (!keep_starting(unit)) continue;
        const PluginCallScope calls(wave_calls_[i], unit);
        try {
            unit_finished(i, play_unit(tournament_, unit));
        } catch (const std::exception& error) {
            record_failure(unit, error.what());
        } catch (...) {
            record_failure(unit, "unknown exception");
        }
    }
}

// On a lane's thread: `items` (indices in the wave), all in flight at once.
void TournamentRun::play_lane_units(std::size_t first, int lane,
                                    const std::vector<std::size_t>& items) {
    std::vector<std::int64_t> units;
    for (const std::size_t i : items)
        units.push_back(to_play_[first + i]);
    detail::LaneHooks hooks;
    hooks.keep_starting = [&](std::size_t k) { return keep_starting(units[k]); };
    hooks.finished = [&](std::size_t k, UnitResult&& result) {
        unit_finished(items[k], std::move(result));
    };
    hooks.failed = [&](std::size_t k, const std::string& error) {
        record_failure(units[k], error);
    };
    hooks.calls = [&](std::size_t k) -> PluginCallState& { return wave_calls_[items[k]]; };
    try {
        // --tables is the run's: each lane keeps its share of them in flight.
        const auto tables = static_cast<std::size_t>(options_.tables);
        const auto lanes = static_cast<std::size_t>(lanes_);
        detail::play_lane(tournament_, lane, units, units.size(), (tables + lanes - 1) / lanes,
                          hooks, detail::kMaxUnsentBytes,
                          detail::first_lane_tables(sprt_.has_value(), matches_per_unit()));
    } catch (const std::exception& error) {
        record_failure(units.front(), error.what());
    }
}

// Every progress interval while a wave is in play: stalls, an abandon, a checkpoint, progress.
void TournamentRun::coordinate(std::size_t first, std::size_t wave_size) {
    // After an error only the units in play are waited for.
    if (coordinator_error_) return;
    try {
        if (options_.stall) watch_stalls(first, wave_size);
        if (options_.abandon && !abandoned_ && stop_requests() >= 2) {
            abandoned_ = true;
            options_.abandon(make_report(units_so_far()), failure_so_far());
        } else if (!options_.checkpoint.empty() &&
                   seconds_since(last_checkpoint_) >= options_.checkpoint_interval_seconds) {
            write_checkpoint(make_report(units_so_far()));
        }
        sync_journal(false);
        if (options_.progress) options_.progress(progress());
    } catch (...) {
        coordinator_error_ = std::current_exception();
        coordinator_failed_.store(true, std::memory_order_relaxed);
    }
}

void TournamentRun::watch_stalls(std::size_t first, std::size_t wave_size) {
    const Clock::time_point now = Clock::now();
    for (std::size_t i = 0; i < wave_size; ++i) {
        const PluginCallInfo call = wave_calls_[i].read();
        Watch& watch = wave_watch_[i];
        if (call.bot == nullptr || call != watch.call) {
            watch = Watch{call, now, false};
            continue;
        }
        const double seconds = std::chrono::duration<double>(now - watch.since).count();
        if (watch.warned || seconds < options_.stall_warning_seconds) continue;
        watch.warned = true;
        options_.stall(Stall{to_play_[first + i], call.bot, plugin_call_name(call.call), call.hand,
                             call.seat, seconds});
    }
}

// After a wave: its finished units join finished_, then progress and, when due, a checkpoint.
void TournamentRun::keep_wave(std::size_t first, std::size_t wave_size) {
    for (std::size_t i = 0; i < wave_size; ++i) {
        if (!wave_played_[i]) continue;
        position_[static_cast<std::size_t>(to_play_[first + i])] =
            static_cast<std::int64_t>(finished_.size());
        finished_.push_back(std::move(wave_results_[i]));
    }
    if (options_.progress) options_.progress(progress());
    spdlog::debug("wave of units {}..{} played ({} of {} in this run's share done)",
                  to_play_[first], to_play_[first + wave_size - 1], progress().units_done,
                  units_in_share_);
    // Aggregating and writing every unit costs time in proportion to the units finished, so
    // a checkpoint after every wave would make a long run quadratic; once per interval
    // (timed here and in coordinate(), on the coordinating thread, never in a unit) bounds
    // what a crash loses, even when one wave of slow bots lasts the whole run.
    if (!options_.checkpoint.empty() &&
        seconds_since(last_checkpoint_) >= options_.checkpoint_interval_seconds)
        write_checkpoint(make_report(finished_));
    sync_journal(false);
}

bool TournamentRun::played(std::size_t i) {
    return std::atomic_ref<char>(wave_played_[i]).load(std::memory_order_acquire) != 0;
}

// Every finished unit, those of the wave in play included: for a checkpoint or an abandon
// while long units run.
std::vector<UnitResult> TournamentRun::units_so_far() {
    std::vector<UnitResult> units = finished_;
    for (std::size_t i = 0; i < wave_played_.size(); ++i)
        if (played(i)) units.push_back(wave_results_[i]);
    return units;
}

void TournamentRun::record_failure(std::int64_t unit, std::string text) {
    const std::lock_guard lock(failure_mutex_);
    if (failed_unit_ < 0 || unit < failed_unit_) {
        failed_unit_ = unit;
        failure_text_ = std::move(text);
    }
    failed_.store(true, std::memory_order_relaxed);
}

std::string TournamentRun::failure_so_far() {
    const std::lock_guard lock(failure_mutex_);
    return failed_unit_ < 0 ? std::string()
                            : "unit " + std::to_string(failed_unit_) + " failed: " + failure_text_;
}

// A decided SPRT counts the units up to the deciding one. Units of the last waves that finished
// beyond it are not in the report, and how many there are depends on the threads and tables:
// their hand histories go, so that the folder holds the hands the report counts.
void TournamentRun::remove_uncounted_hand_histories(const Report& report) const {
    std::vector<bool> counted(static_cast<std::size_t>(num_units_));
    for (const UnitResult& unit : report.units())
        counted[static_cast<std::size_t>(unit.unit())] = true;
    for (const std::int64_t u : to_play_) {
        if (position_[static_cast<std::size_t>(u)] < 0 || counted[static_cast<std::size_t>(u)])
            continue;
        const std::filesystem::path file = detail::hand_history_file(tournament_.config, u);
        std::error_code ec;
        std::filesystem::remove(file, ec);
        if (ec)
            spdlog::warn(
                "hh_out: cannot remove '{}', hands of a unit after the SPRT's "
                "decision that the report does not count: {}",
                file.string(), ec.message());
    }
}

Report TournamentRun::finish() {
    if (failed_.load() && failed_after_decision()) {
        // The report does not count that unit, and whether it was played at all depended on
        // the threads: its failure must not decide how the run ends either.
        spdlog::warn("{}, after the SPRT had decided: the report does not count it",
                     failure_so_far());
        failed_.store(false);
    }
    Report report = make_report(std::move(finished_));
    if (report.has_sprt() && !tournament_.config.hh_out().empty())
        remove_uncounted_hand_histories(report);
    if (!options_.checkpoint.empty() && options_.checkpoint_at_end) {
        // The checkpoint holds every unit now: the journal is not needed any more.
        if (write_checkpoint(report) && journal_) {
            journal_.reset();
            if (const std::string problem = remove_journal(options_.checkpoint); !problem.empty())
                spdlog::warn("{}", problem);
        }
    }
    // Otherwise the caller writes the report and then removes the journal, which until then
    // keeps the units if that write fails. It is not flushed for that: the report's own write
    // is, and the journal is gone right after it in every run that does not fail.
    if (failed_.load()) throw UnitFailure(failure_so_far(), failed_unit_, std::move(report));
    return report;
}

}  // namespace

Report run_tournament(const Tournament& tournament, const RunOptions& options) {
    return TournamentRun(tournament, options).play();
}

}  // namespace pokerarena::sim
