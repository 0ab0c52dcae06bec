#include "lane.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <memory>
#include <optional>
#include <vector>

#include "play/unit_task.hpp"
#include "play/work_unit.hpp"
#include "pokerarena/bots/process_bot.hpp"

namespace pokerarena::sim::detail {

int lane_count(const Tournament& tournament) {
    int lanes = 0;
    for (const auto& factory : tournament.factories) {
        const int n = factory->lanes();
        if (n > 0) lanes = lanes == 0 ? n : std::min(lanes, n);
    }
    return lanes;
}

bool seats_process_bot(const Tournament& tournament, std::int64_t unit) {
    const WorkUnit work = tournament.units[static_cast<std::size_t>(unit)];
    for (int k = 0; k < work.num_seats; ++k) {
        const auto bot = static_cast<std::size_t>(work.seat_bot[static_cast<std::size_t>(k)]);
        if (tournament.factories[bot]->lanes() > 0) return true;
    }
    return false;
}

WaveSplit split_wave(const Tournament& tournament, std::span<const std::int64_t> to_play,
                     std::size_t first, std::size_t wave_size, int lanes) {
    WaveSplit split;
    split.lanes.resize(static_cast<std::size_t>(std::max(lanes, 0)));
    std::size_t next_lane = 0;
    for (std::size_t i = 0; i < wave_size; ++i) {
        if (lanes > 0 && seats_process_bot(tournament, to_play[first + i])) {
            split.lanes[next_lane].push_back(i);
            next_lane = (next_lane + 1) % split.lanes.size();
        } else {
            split.local.push_back(i);
        }
    }
    return split;
}

TableAllowance::TableAllowance(std::size_t first, std::size_t most)
    : tables_(std::clamp<std::size_t>(first, 1, std::max<std::size_t>(1, most))),
      most_(std::max<std::size_t>(1, most)) {}

std::size_t TableAllowance::waited(std::chrono::steady_clock::duration wait, bool first) {
    std::size_t grown = tables_;
    if (first) {
        // Its programs' first work is in it: only a wait far longer than that says anything.
        if (wait >= kVerySlowFirstWait) grown = most_;
    } else if (wait >= kVerySlowWait) {
        grown = most_;
    } else if (wait < kSlowWait) {
        slow_waits_ = 0;
    } else if (++slow_waits_ == kSlowWaitsToGrow) {
        slow_waits_ = 0;
        grown = std::min(most_, 2 * tables_);
    }
    const std::size_t added = grown - tables_;
    tables_ = grown;
    return added;
}

std::size_t first_lane_tables(bool sprt, std::int64_t matches_per_unit) {
    if (!sprt) return kFirstTables;
    return std::clamp<std::size_t>(
        2 * static_cast<std::size_t>(std::max<std::int64_t>(1, matches_per_unit)), 1, kFirstTables);
}

std::size_t first_wave_units(bool sprt, std::size_t threads, std::size_t tables, int lanes,
                             std::int64_t matches_per_unit) {
    tables = std::max<std::size_t>(1, tables);
    if (!sprt) return tables;
    std::size_t units = 2 * std::max<std::size_t>(1, threads);
    if (lanes > 0) {
        // Units are dealt round the lanes in turn, and each lane has ceil(tables / lanes).
        const auto n = static_cast<std::size_t>(lanes);
        const auto matches = static_cast<std::size_t>(std::max<std::int64_t>(1, matches_per_unit));
        const std::size_t lane_tables = (tables + n - 1) / n;
        units = std::max(units, n * ((lane_tables + matches - 1) / matches));
    }
    return std::min(units, tables);
}

void play_lane(const Tournament& tournament, int lane, std::span<const std::int64_t> units,
               std::size_t max_in_flight, std::size_t max_tables, const LaneHooks& hooks,
               std::size_t max_unsent, std::size_t first_tables) {
    ProcessLane processes;
    for (const auto& factory : tournament.factories) {
        if (factory->lanes() == 0) continue;
        if (auto process = factory->process(lane)) processes.add(std::move(process));
        if (auto queue = factory->decision_queue(lane)) processes.add(std::move(queue));
    }

    struct Flight {
        std::size_t index = 0;
        std::unique_ptr<UnitContext> context;  // its tables' ticket: must not move
        std::optional<Task<UnitResult>> task;
        bool started = false;
    };
    std::vector<Flight> flights;  // slots; a free slot has no task
    std::vector<std::size_t> free_slots;
    std::vector<std::size_t> ready, resuming;  // slots whose answer is in
    std::size_t in_flight = 0;
    // The tables (cash matches) the lane's units may still start; a unit with none in flight
    // starts one anyway, so it can run below zero by the units in flight.
    max_tables = std::max<std::size_t>(1, max_tables);
    TableAllowance allowance(first_tables, max_tables);
    auto tables_free = static_cast<std::int64_t>(allowance.tables());
    bool answered = false;  // the bots have answered this lane at least once
    std::optional<std::chrono::steady_clock::time_point> first_wait_began;

    // Plays the flight on until it waits or is over; a finished or failed unit frees its slot.
    const auto run = [&](std::size_t slot) {
        Flight& f = flights[slot];
        {
            const PluginCallScope calls(hooks.calls(f.index), units[f.index]);
            if (f.started) {
                // Only an answered unit that waits is on the ready list (UnitContext).
                if (!f.task || !f.context->has_answer || !f.context->waiting)
                    throw std::logic_error("lane: unit " + std::to_string(units[f.index]) +
                                           " resumed without an answer it waits for");
                f.context->waiting.resume();
            } else {
                f.started = true;
                f.task->start();
            }
        }
        if (!f.task->done()) return;
        try {
            hooks.finished(f.index, f.task->take());
        } catch (const std::exception& error) {
            hooks.failed(f.index, error.what());
        } catch (...) {
            hooks.failed(f.index, "unknown exception");
        }
        f.task.reset();
        free_slots.push_back(slot);
        --in_flight;
    };

    // Whatever ends the lane early must leave no ticket of its units in the processes.
    struct Forget {
        ProcessLane& processes;
        ~Forget() {
            if (std::uncaught_exceptions() > 0) processes.forget_pending();
        }
    } forget{processes};

    const auto backed_up = [&] { return processes.unsent() > max_unsent; };

    std::size_t next = 0;
    for (;;) {
        while (in_flight < max_in_flight && tables_free > 0 && next < units.size() &&
               !backed_up() && hooks.keep_starting(next)) {
            std::size_t slot;
            if (!free_slots.empty()) {
                slot = free_slots.back();
                free_slots.pop_back();
            } else {
                slot = flights.size();
                flights.emplace_back();
                flights.back().context = std::make_unique<UnitContext>();
            }
            Flight& f = flights[slot];
            f.index = next++;
            f.started = false;
            *f.context = UnitContext{};
            f.context->lane = lane;
            f.context->ready = &ready;
            f.context->slot = slot;
            f.context->tables_free = &tables_free;
            try {
                f.task.emplace(start_unit(tournament, units[f.index], *f.context));
            } catch (const std::exception& error) {
                hooks.failed(f.index, error.what());
                free_slots.push_back(slot);
                continue;
            }
            ++in_flight;
            run(slot);
        }
        // Backed up with no unit in flight (a process's pipe still to take what finished units
        // wrote): the pump below writes it, and units start again.
        if (in_flight == 0 && (next == units.size() || !hooks.keep_starting(next))) return;
        if (ready.empty() || backed_up()) {
            // Held back by the allowance, not by the pipes: how long the bots keep every
            // table waiting says whether they take more.
            const bool held_back =
                tables_free <= 0 && allowance.tables() < max_tables && !backed_up();
            const auto began = std::chrono::steady_clock::now();
            if (held_back && !answered && !first_wait_began) first_wait_began = began;
            processes.pump(std::chrono::milliseconds(100));
            if (held_back) {
                // The first wait lasts over pumps (each ends after 100 ms at most) until the
                // bots' first answer; every later pump is a wait of its own.
                const auto since = answered ? began : *first_wait_began;
                const auto wait = std::chrono::steady_clock::now() - since;
                const std::size_t added = allowance.waited(wait, !answered);
                tables_free += static_cast<std::int64_t>(added);
                // A few times a lane at most: each doubles the tables or lets in all of them.
                if (added > 0)
                    spdlog::debug("lane {}: {} tables in flight after a {}wait of {:.1f} ms", lane,
                                  allowance.tables(), answered ? "" : "first ",
                                  std::chrono::duration<double, std::milli>(wait).count());
            }
            answered = answered || !ready.empty();
            continue;
        }
        // Resuming posts new decisions, whose answers may come (a bot that is out answers at
        // once) onto `ready` while it is walked: walk a copy. Those left when the pipes back
        // up go back to the front.
        resuming.swap(ready);
        std::size_t resumed = 0;
        while (resumed < resuming.size() && !backed_up())
            run(resuming[resumed++]);
        ready.insert(ready.begin(), resuming.begin() + static_cast<std::ptrdiff_t>(resumed),
                     resuming.end());
        resuming.clear();
    }
}

}  // namespace pokerarena::sim::detail
